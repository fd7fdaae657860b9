"""BM25 over chunk texts (bm25s): one tokenizer for indexing and querying, so both agree."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import bm25s
import Stemmer


@functools.lru_cache(maxsize=1)
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


# Numbers are the answers analysts look for ("0 to 1/4 percent", "5-1/4", "$60 billion"), so
# fractions, ranges and lone digits are tokens too; bm25s's default pattern drops them.
TOKEN_PATTERN = r"(?u)\d+(?:[-/.,]\d+)*|\b\w\w+\b"


def _fold(text: str) -> str:
    """Some pages write ranges with a non-breaking hyphen ("1\u20111/2"); fold it to "-"."""
    return text.replace("\u2011", "-")


def tokenize(texts: Sequence[str]):
    """English stopwords out, Snowball-stemmed, so "cuts"/"cut" and "rates"/"rate" meet."""
    return bm25s.tokenize([_fold(t) for t in texts], stopwords="en", stemmer=_stemmer(), token_pattern=TOKEN_PATTERN,
                          show_progress=False)


def query_terms(text: str) -> list[str]:
    """The stemmed terms of one query, as BM25.get_scores wants them."""
    return bm25s.tokenize([_fold(text)], stopwords="en", stemmer=_stemmer(), token_pattern=TOKEN_PATTERN,
                          show_progress=False, return_ids=False)[0]


def stem(word: str) -> str:
    """One lower-case word as the BM25 tokenizer stems it ("preferred" -> "prefer")."""
    return _stemmer().stemWord(word)


def build_bm25(texts: Sequence[str]) -> bm25s.BM25:
    index = bm25s.BM25(method="lucene")
    index.index(tokenize(texts), show_progress=False)
    return index


def load_bm25(directory: str) -> bm25s.BM25:
    return bm25s.BM25.load(directory, mmap=False, show_progress=False)
