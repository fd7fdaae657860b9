"""The words the reader compares: a question's and a sentence's content terms."""

from __future__ import annotations

import re

from fomc_qa.text.lexical import stem
from fomc_qa.text.names import STOPWORDS

_TOKEN = re.compile(r"[a-z0-9]+(?:[-/.][a-z0-9]+)*")


def norm_token(token: str) -> str:
    """Words Snowball-stemmed like BM25's ("preferred" meets "prefer"); numbers kept as written."""
    return token if any(ch.isdigit() for ch in token) or not token.isalpha() else stem(token)


def content_terms(text: str) -> set[str]:
    """The text's content terms (stop words left out), normalized by `norm_token`."""
    return {norm_token(t) for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS}


def weighted_terms(text: str) -> dict[str, float]:
    """Content terms of the question; numbers (rates, years) count double, being the most specific."""
    return {t: (2.0 if any(ch.isdigit() for ch in t) else 1.0) for t in content_terms(text)}


def coverage(weighted: dict[str, float], found: set[str]) -> float:
    """The weighted share of the question's terms among `found`."""
    total = sum(weighted.values())
    return sum(w for t, w in weighted.items() if t in found) / total if total else 0.0


def normalize(text: str) -> str:
    """The text's tokens, lowercased, one space apart: two copies of a sentence compare equal."""
    return " ".join(_TOKEN.findall(text.lower()))

