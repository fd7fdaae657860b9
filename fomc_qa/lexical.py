"""BM25 over chunk texts (bm25s): one tokenizer for indexing and querying, so both agree."""

from __future__ import annotations

import functools
from typing import Sequence

import bm25s
import Stemmer


@functools.lru_cache(maxsize=1)
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


def tokenize(texts: Sequence[str]):
    """English stopwords out, Snowball-stemmed, so "cuts"/"cut" and "rates"/"rate" meet."""
    return bm25s.tokenize(list(texts), stopwords="en", stemmer=_stemmer(), show_progress=False)


def query_terms(text: str) -> list[str]:
    """The stemmed terms of one query, as BM25.get_scores wants them."""
    return bm25s.tokenize([text], stopwords="en", stemmer=_stemmer(), show_progress=False, return_ids=False)[0]


def build_bm25(texts: Sequence[str]) -> bm25s.BM25:
    index = bm25s.BM25(method="lucene")
    index.index(tokenize(texts), show_progress=False)
    return index


def load_bm25(directory: str) -> bm25s.BM25:
    return bm25s.BM25.load(directory, mmap=False, show_progress=False)
