"""Form metrics of one answer (issue 30): its length, its quotations, its lead and how many quotes help.

Keyword recall over a whole answer rewards length: every extra quotation is another chance to hold a
keyword. These figures say what shape the answer has:

- `words`: words in the answer text (tokens holding a letter or digit; citation markers "[1]" are not words);
- `quotes`: quoted passages, the text the extractive reader renders in curly quotes “…”;
- `lead_keyword_recall`: expected keywords found in the lead (the Answer's `lead` field when the record has
  one, else the text before the first “), matched like `keyword_recall`;
- `quote_precision`: the share of quotes that overlap a reference fragment or hold an expected keyword.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Sequence

from fomc_qa.evaluation.metrics import _alternatives, _normalize, keyword_recall
from fomc_qa.models import Answer

FORM_METRICS: tuple[str, ...] = ("words", "quotes", "lead_keyword_recall", "quote_precision")
# Figures whose medians are reported beside their means.
MEDIAN_METRICS: tuple[str, ...] = ("words", "quotes")

OPEN_QUOTE, CLOSE_QUOTE = "\u201c", "\u201d"
_MARKER = re.compile(r"\[\d+\]")
_WORD = re.compile(r"\w")
_CONTENT = re.compile(r"[a-z0-9]+(?:[-/.][a-z0-9]+)*")
# Function words left out of a fragment's content words (a quote sharing only these does not overlap it).
_STOPWORDS = frozenset(
    """a an the and or but nor of to in on at by for from with as into over under about than that this these those
    it its is are was were be been being has have had do does did not no so such which who whom whose what when
    where while their there they them he she his her we our us i you your also would could should will may might
    can must some any all each other more most less very""".split()
)
# A fragment overlaps a quote when the quote holds at least this share of the fragment's content words.
FRAGMENT_OVERLAP = 0.5


def answer_words(text: str) -> int:
    """Words in the answer text: whitespace-separated tokens with a letter or digit, citation markers removed."""
    return sum(1 for token in _MARKER.sub(" ", text).split() if _WORD.search(token))


def quoted_passages(text: str) -> list[str]:
    """The passages in curly quotes “…”, in order. A quote inside a quote (a passage that itself quotes
    “3-1/4”) is part of its passage, not another one; an unclosed quote runs to the end of the text."""
    passages: list[str] = []
    depth, start = 0, 0
    for i, char in enumerate(text):
        if char == OPEN_QUOTE:
            if depth == 0:
                start = i + 1
            depth += 1
        elif char == CLOSE_QUOTE and depth:
            depth -= 1
            if depth == 0:
                passages.append(text[start:i])
    if depth:
        passages.append(text[start:])
    return passages


def answer_lead(answer: Answer) -> str:
    """The answer's `lead` field when it is set, else the text before the first “ ("" if it opens with one)."""
    lead = getattr(answer, "lead", None)
    if isinstance(lead, str) and lead:
        return lead
    return answer.answer.split(OPEN_QUOTE, 1)[0]


def lead_keyword_recall(answer: Answer, keywords: Sequence[str | Sequence[str]]) -> float | None:
    """Share of the expected keywords found in the lead, matched as `keyword_recall` matches; None without keywords."""
    return keyword_recall(answer_lead(answer), keywords)


def content_words(text: str) -> set[str]:
    """Lower-cased words and numbers of a text, function words left out ("1/4" and "4-1/4" stay whole)."""
    return {w for w in _CONTENT.findall(_normalize(text)) if w not in _STOPWORDS}


def overlaps_fragment(quote: str, fragment: str) -> bool:
    """The quote holds at least half the fragment's content words, or one contains the other."""
    q, f = _normalize(quote), _normalize(fragment)
    if not q or not f:
        return False
    if f in q or q in f:
        return True
    wanted = content_words(fragment)
    return bool(wanted) and len(wanted & content_words(quote)) / len(wanted) >= FRAGMENT_OVERLAP


def holds_keyword(quote: str, keywords: Sequence[str | Sequence[str]]) -> bool:
    """Any alternative of any expected keyword occurs in the quote."""
    text = _normalize(quote)
    return any(_normalize(a) in text for k in keywords for a in _alternatives(k))


def quote_precision(
    quotes: Sequence[str], fragments: Sequence[str], keywords: Sequence[str | Sequence[str]]
) -> float | None:
    """Share of the quotes that overlap a reference fragment or hold an expected keyword; None without quotes."""
    if not quotes:
        return None
    useful = sum(any(overlaps_fragment(q, f) for f in fragments) or holds_keyword(q, keywords) for q in quotes)
    return useful / len(quotes)


def form_metrics(
    answer: Answer,
    answerable: bool,
    keywords: Sequence[str | Sequence[str]],
    fragments: Sequence[str],
) -> dict[str, float | None]:
    """The four form figures of one answer. Lead recall and quote precision are None for out-of-scope questions."""
    quotes = quoted_passages(answer.answer)
    return {
        "words": float(answer_words(answer.answer)),
        "quotes": float(len(quotes)),
        "lead_keyword_recall": lead_keyword_recall(answer, keywords) if answerable else None,
        "quote_precision": quote_precision(quotes, fragments, keywords) if answerable else None,
    }


def median(values: Iterable[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return float(statistics.median(present)) if present else None
