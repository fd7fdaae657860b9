"""Analysts' shorthand spelled in the documents' words, once, before any rule reads a question.

"Jan 2020 mtg" -> "Jan 2020 meeting", "when'd" -> "when did", "FFR" -> "federal funds rate", "# of" -> "number
of", and terse dates as typed dates: "Dec 24 cut" ->
"December 2024 cut", "Jul '25" -> "July 2025", "3/3/20" -> "March 3, 2020". Scope, the policy record, the date
filters, retrieval and the reader then read one spelling, so none of them needs a rule of its own for shorthand.
"""

from __future__ import annotations

import calendar
import re

from fomc_qa.text.months import MONTH, month_name

_SHORTHAND = {"mtg": "meeting", "mtgs": "meetings", "stmt": "statement", "stmts": "statements", "mins": "minutes",
              "yr": "year", "yrs": "years", "when'd": "when did", "when’d": "when did", "ffr": "federal funds rate"}
_SHORTHAND_RE = re.compile(r"(?<![\w'’])(" + "|".join(map(re.escape, _SHORTHAND)) + r")(?![\w'’])", re.IGNORECASE)

# "3/3/20", "12/18/2024": month/day/year. Without a year ("3/15") it could be a fraction, so it is left alone.
_NUMERIC_DATE = re.compile(r"(?<![\w/.\-])(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![\w/])")
# "Jul '25", "Dec-22", "Dec22": a month with a marked two-digit year.
_MARKED_YEAR = re.compile(rf"\b{MONTH}(?:\s*['’]|-|)(\d\d)\b(?![-–/:]?\d)", re.IGNORECASE)
# "Dec 24 cut", "Sept 25": a month and a bare two-digit number is a year in a question that names no year of its own
# ("the unscheduled March 15 meeting ... in 2020" keeps its day); only 20-29, the years the FOMC's pages of this era
# carry, and not a day range ("Jan 28-29") or an ordinal ("Dec 24th").
_BARE_YEAR = re.compile(rf"\b{MONTH}\s+(2\d)\b(?!\s*[-–]\s*\d)(?!\s*(?:st|nd|rd|th)\b)(?![/:.]\d)", re.IGNORECASE)
_FOUR_DIGIT_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# "the '22 hikes", "in '23": a lone marked year.
_LONE_YEAR = re.compile(r"(?<![\w'’])['’](2\d)\b(?!['’])")


def _numeric(m: re.Match[str]) -> str:
    month, day, year = int(m.group(1)), int(m.group(2)), m.group(3)
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return m.group(0)
    return f"{calendar.month_name[month]} {day}, {year if len(year) == 4 else '20' + year}"


def spelled_dates(text: str) -> str:
    """Terse dates written out as the documents write them ("Dec 24" -> "December 2024", "3/3/20" -> "March 3,
    2020"); anything that may be a day or a fraction stays as it is."""
    names_a_year = _FOUR_DIGIT_YEAR.search(text)
    text = _NUMERIC_DATE.sub(_numeric, text)
    text = _MARKED_YEAR.sub(lambda m: f"{month_name(m.group(1))} 20{m.group(2)}", text)
    if not names_a_year:
        text = _BARE_YEAR.sub(lambda m: f"{month_name(m.group(1))} 20{m.group(2)}", text)
    return _LONE_YEAR.sub(lambda m: f"20{m.group(1)}", text)


def plain_question(question: str) -> str:
    """A question with its whitespace collapsed, analysts' shorthand and terse dates spelled out ("Jan 2020 mtg" ->
    "Jan 2020 meeting", "Dec 24" -> "December 2024") and hyphenated compounds the rules read spaced out
    ("balance-sheet runoff" -> "balance sheet runoff"). Idempotent."""
    text = _SHORTHAND_RE.sub(lambda m: _SHORTHAND[m.group(1).lower()], " ".join(question.split()))
    text = re.sub(r"(?<!\w)#\s*of\b", "number of", text)  # "# of holds"
    text = spelled_dates(text)
    return re.sub(r"\b(balance|rate|target)-(sheet|hike|hikes|cut|cuts|range)\b", r"\1 \2", text, flags=re.IGNORECASE)
