"""BM25 over chunk texts: bm25s builds the index; the read side scores it with NumPy alone.

bm25s imports SciPy at import time (about a fifth of a cold answer on 2 cores), and a query needs
none of it: BM25 with precomputed weights is a sum of one sparse column per query term. So the
index directory carries its tokenizer (`tokenizer.json`: pattern, stopwords, stemmer), written
beside bm25s's own files, and `LexicalIndex` reads bm25s's arrays and that tokenizer. Index and
query are tokenized by the same settings by construction; tests compare the scores with bm25s's.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import Stemmer


@functools.lru_cache(maxsize=1)
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


# Numbers are the answers analysts look for ("0 to 1/4 percent", "5-1/4", "$60 billion"), so
# fractions, ranges and lone digits are tokens too; bm25s's default pattern drops them.
TOKEN_PATTERN = r"(?u)\d+(?:[-/.,]\d+)*|\b\w\w+\b"
STEMMER = "english"
TOKENIZER_FILE = "tokenizer.json"


def _fold(text: str) -> str:
    """Some pages write ranges with a non-breaking hyphen ("1\u20111/2"); fold it to "-"."""
    return text.replace("\u2011", "-")


def tokenize(texts: Sequence[str]):
    """English stopwords out, Snowball-stemmed, so "cuts"/"cut" and "rates"/"rate" meet."""
    import bm25s  # the index side only

    return bm25s.tokenize([_fold(t) for t in texts], stopwords="en", stemmer=_stemmer(), token_pattern=TOKEN_PATTERN,
                          show_progress=False)


def stem(word: str) -> str:
    """One lower-case word as the BM25 tokenizer stems it ("preferred" -> "prefer")."""
    return _stemmer().stemWord(word)


def save_bm25(texts: Sequence[str], directory: Path) -> None:
    """Index the texts with bm25s and write its files and the tokenizer that made them into `directory`."""
    import bm25s
    from bm25s.stopwords import STOPWORDS_EN

    index = bm25s.BM25(method="lucene")
    index.index(tokenize(texts), show_progress=False)
    index.save(str(directory), show_progress=False)
    tokenizer = {"token_pattern": TOKEN_PATTERN, "stopwords": sorted(STOPWORDS_EN), "stemmer": STEMMER}
    (directory / TOKENIZER_FILE).write_text(json.dumps(tokenizer))


class LexicalIndex:
    """A saved bm25s index (lucene weights, precomputed per term and document), scored in NumPy."""

    def __init__(self, directory: Path) -> None:
        params = json.loads((directory / "params.index.json").read_bytes())
        if params.get("method") != "lucene" or params.get("backend", "numpy") != "numpy":
            raise ValueError(f"unsupported BM25 index ({params.get('method')}, {params.get('backend')})")
        tokenizer = json.loads((directory / TOKENIZER_FILE).read_bytes())
        self.num_docs = int(params["num_docs"])
        self.vocab: dict[str, int] = json.loads((directory / "vocab.index.json").read_bytes())
        self.data = np.load(directory / "data.csc.index.npy", allow_pickle=False)
        self.indices = np.load(directory / "indices.csc.index.npy", allow_pickle=False)
        self.indptr = np.load(directory / "indptr.csc.index.npy", allow_pickle=False)
        # bm25s's vocabulary may end with "" (a token no text produces), which has no column.
        if not len(self.indptr) - 1 <= len(self.vocab) <= len(self.indptr) or \
                not self.indptr[-1] == len(self.data) == len(self.indices):
            raise ValueError("BM25 arrays do not match its vocabulary")
        self._split = re.compile(tokenizer["token_pattern"]).findall
        self._stopwords = frozenset(tokenizer["stopwords"])
        self._stemmer = Stemmer.Stemmer(tokenizer["stemmer"])

    def terms(self, text: str) -> list[str]:
        """The query's stemmed terms, as the index's tokenizer made its own."""
        words = [w for w in self._split(_fold(text).lower()) if w not in self._stopwords]
        return self._stemmer.stemWords(words)

    def scores(self, text: str) -> np.ndarray:
        """BM25 score of every indexed text for the query (a term counts once per occurrence in the query)."""
        out = np.zeros(self.num_docs, dtype=np.float32)
        for term in self.terms(text):
            column = self.vocab.get(term)
            if column is not None and column < len(self.indptr) - 1:
                start, end = self.indptr[column], self.indptr[column + 1]
                out[self.indices[start:end]] += self.data[start:end]
        return out
