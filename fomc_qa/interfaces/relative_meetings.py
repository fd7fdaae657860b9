"""A meeting a follow-up names relative to the previous question's: "the next meeting", "the meeting before
that", "two meetings earlier", "the following meeting".

The calendar's meeting is named outright ("the November 2024 meeting", by its day when its month had more than
one: "the March 3, 2020 meeting"), so the standalone question says which meeting it asks about; when the
calendar does not place the previous question on one meeting, one step is written relative to the previous
question's date ("the meeting after the July 2025 meeting") and more steps are left as asked.
"""

from __future__ import annotations

import datetime as dt
import re

from fomc_qa.interfaces import referents as ref
from fomc_qa.text.months import MONTH

_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_LATER = frozenset("next following after later".split())
# "the next meeting", "the meeting after (that)", "two meetings before that", "three meetings earlier"; not "the
# meeting after the July 2025 meeting", which names its own anchor.
PHRASE = re.compile(
    r"\bthe\s+(?P<adj>next|following|previous|prior|preceding)\s+(?:fomc\s+|policy\s+)?meeting\b"
    r"|(?:\bthe\s+meeting\s+|\b(?:the\s+meeting\s+)?(?P<n>one|two|three|four|five|six|\d)\s+meetings\s+)"
    r"(?P<side>after|before|later|earlier|prior)\b(?:\s+(?:that|this|it|then)(?:\s+(?:one|meeting))?\b)?"
    rf"(?!\s+(?:the|its|an?|\d)\b|\s+{MONTH})", re.I)
# "the following one", "the one before that": a meeting when the previous question asked about no event.
ONE = re.compile(r"\bthe\s+(?:one\s+(?P<side>after|before)(?:\s+(?:that|this|it))?"
                 r"|(?P<adj>next|following|previous|prior|preceding)\s+one)\b"
                 rf"(?!\s+(?:the|its|an?|\d)\b|\s+{MONTH})", re.I)
# "the following year", "the year before that": the previous question's year, one on.
YEAR = re.compile(r"\bthe\s+(?:(?P<adj>following|next|previous|prior|preceding)\s+year|year\s+(?P<side>after|before)"
                  r"(?:\s+(?:that|this|it))?)\b", re.I)


def name(match: re.Match[str], previous: str, named: tuple[str, ...], before: frozenset[dt.date] | None,
         meetings: list[dt.date]) -> str:
    """The meeting `match` points to, as a noun phrase; the match itself when it cannot be placed."""
    later = _later(match)
    count = match.groupdict().get("n") or "one"
    steps = int(count) if count.isdigit() else _COUNTS.get(count.lower(), 1)
    calendar = sorted(meetings)
    if before and len(before) == 1 and calendar:
        (only,) = before
        side_of = [d for d in calendar if (d > only if later else d < only)]
        if len(side_of) >= steps:
            return f"the {_written(side_of[steps - 1] if later else side_of[-steps], calendar)} meeting"
    meeting = next((ref.original(previous, d) for d in named if not re.fullmatch(r"\d{4}", d)), None)
    if meeting is None or steps != 1:
        return match.group(0)
    return f"the meeting {'after' if later else 'before'} the {meeting} meeting"


def year(match: re.Match[str], context: int | None) -> str:
    """"the following year" after a question about 2023 -> "2024"."""
    return match.group(0) if context is None else str(context + (1 if _later(match) else -1))


def _later(match: re.Match[str]) -> bool:
    return (match.group("adj") or match.group("side")).lower() in _LATER


def _written(day: dt.date, calendar: list[dt.date]) -> str:
    """"November 2024", or "March 3, 2020" when the calendar has another meeting that month."""
    twins = [d for d in calendar if (d.year, d.month) == (day.year, day.month)]
    month = day.strftime("%B")
    return f"{month} {day.day}, {day.year}" if len(twins) > 1 else f"{month} {day.year}"
