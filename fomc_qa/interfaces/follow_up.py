"""A follow-up question made standalone from the conversation before it.

One rule over the library's own date parsing (`fomc_qa.question.dates`), not a list of
phrasings: a follow-up that names no year takes the previous question's year for the months it
names ("And in December?" after "... in July 2025?" is December 2025); one that names no date at
all takes the previous question's dates; and an elliptical one ("And in December?", "What about
2023?") is the previous question with its dates replaced by the new ones.
"""

from __future__ import annotations

import datetime as dt
import re

from fomc_qa.question.dates import parse_filter
from fomc_qa.text.months import MONTH

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# A month named without a year after it ("December", "Dec. 10"); bare "may" only after a preposition,
# since "may" is mostly the verb.
_BARE_MONTH = re.compile(rf"\b{MONTH}(?:\s+\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?)?(?![\w.]|,?\s+(?:of\s+)?(?:19|20)\d\d)",
                         re.I)
_MAY_AS_MONTH = re.compile(r"\b(?:in|of|at|and|since|from|for|until|the|about|after|before)\s+$", re.I)
_ELLIPTICAL_START = re.compile(r"^\s*(?:and|or|also|then|what about|how about|same (?:for|in|at))\b", re.I)
_WORD = re.compile(r"[a-z]+")
_FILLER = frozenset("and or also then what how about in at for the of same meeting meetings one".split())


def resolve_follow_up(question: str, previous: str | None, meetings: list[dt.date]) -> str:
    """`question` as a standalone question, given the `previous` (already standalone) question."""
    if not previous:
        return question
    before = parse_filter(previous, meetings)
    if not before.named_dates:
        return question
    question = _with_year(question, _context_year(previous, before.meetings))
    now = parse_filter(question, meetings)
    if now.named_dates:
        if not _elliptical(question, now.named_dates):
            return question
        return _replace_dates(previous, before.named_dates, now.named_dates, question)
    inherited = " and ".join(_original(previous, phrase) for phrase in before.named_dates)
    return f"{question.rstrip()} ({inherited})"


def _context_year(previous: str, meetings: frozenset[dt.date] | None) -> int | None:
    """The year the previous question was about: its latest meeting's, else the last year it wrote."""
    if meetings:
        return max(meetings).year
    years = _YEAR.findall(previous)
    return int(years[-1]) if years else None


def _with_year(question: str, year: int | None) -> str:
    """Months named without a year get `year`; a question that writes any year is left as it is."""
    if year is None or _YEAR.search(question):
        return question

    def add(m: re.Match[str]) -> str:
        if m.group(1).lower() == "may" and not _MAY_AS_MONTH.search(question[: m.start()]):
            return m.group(0)
        return f"{m.group(0)} {year}"

    return _BARE_MONTH.sub(add, question)


def _elliptical(question: str, dates: tuple[str, ...]) -> bool:
    """A follow-up that leans on the previous question: it opens with "and"/"what about", or says
    little besides its dates."""
    if _ELLIPTICAL_START.search(question):
        return True
    rest = question.lower()
    for phrase in dates:
        rest = rest.replace(phrase, " ")
    return len([w for w in _WORD.findall(rest) if w not in _FILLER]) <= 1


def _original(text: str, phrase: str) -> str:
    """`phrase` (lower case, as parse_filter reports it) as `text` writes it."""
    at = text.lower().find(phrase)
    return text[at: at + len(phrase)] if at >= 0 else phrase


def _replace_dates(previous: str, old: tuple[str, ...], new: tuple[str, ...], question: str) -> str:
    """The previous question with its first date phrase replaced by the new dates and the rest dropped."""
    replacement = " and ".join(_original(question, phrase) for phrase in new)
    out = previous
    for i, phrase in enumerate(old):
        at = out.lower().find(phrase)
        if at < 0:
            continue
        out = out[:at] + (replacement if i == 0 else "") + out[at + len(phrase):]
    return " ".join(out.split()).replace(" ?", "?")
