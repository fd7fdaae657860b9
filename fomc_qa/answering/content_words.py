"""The words compose compares: does a quote say what the question asks and the lead leaves out, does the lead say a
quote already, which quote answers a part. Stemmed as the search stems them, an analyst's word for a move as the
Committee's, without the words every question and document share."""

from __future__ import annotations

import re

from fomc_qa.text.glossary import fed_word
from fomc_qa.text.lexical import stem

_STOP = frozenset("the and for that with what did does was were are has have had this its their from which who whom "
                  "how why when where about into over than then they them there would could should been being also "
                  "fomc committee fed federal reserve meeting minutes statement".split())
_BASIS_POINTS = re.compile(r"(\d)\s*bps?\b")
_MONTHS = frozenset("january february march april may june july august september october november december".split())


def content(text: str) -> set[str]:
    """A text's content words ("favored" and "favor" are one; "hike" is "raise"; "25bp" says "basis points")."""
    text = _BASIS_POINTS.sub(r"\1 basis points", text.lower())
    return {fed_word(stem(w)) for w in re.findall(r"[a-z0-9$.%-]+", text) if w not in _STOP and len(w) > 2}


def focus(text: str) -> set[str]:
    """A question's (or a part's) content words less its dates: what a sentence answering it talks about."""
    return {w for w in content(text) if w not in _MONTHS and not re.fullmatch(r"\d{4}", w)}
