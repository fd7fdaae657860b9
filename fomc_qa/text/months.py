"""Month names as questions and documents write them ("Sept.", "Dec", "December"): one pattern and one lookup
for every reader of dates, the question layer's and the pipeline's."""

from __future__ import annotations

import calendar

MONTH_NUMBERS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTH_NUMBERS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
MONTH_NUMBERS["sept"] = 9
# One capturing group: the month as written, with an optional period after an abbreviation.
MONTH = (r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
         r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
YEAR = r"((?:19|20)\d\d)"  # one capturing group: a four-digit year of this era


def month_number(token: str) -> int:
    """1-12 for a month as written ("Sept.", "dec", "December")."""
    name = token.rstrip(".").lower()
    return MONTH_NUMBERS.get(name) or MONTH_NUMBERS[name[:3]]


def month_name(token: str) -> str:
    """The full name of a month as written ("Sept." -> "September")."""
    return calendar.month_name[month_number(token)]
