"""The lead's citation markers: the record's line cites the passages it says in place of quoting them ("... to
4-1/4 to 4-1/2 percent [6] [7]"), and an itemized line cites each meeting's own ("March 16, 2022 (+25 basis points)
[6], May 4, 2022 ..."), so an answer that quotes less still cites every passage it rests on."""

from __future__ import annotations

import re

from fomc_qa.answering.quotes import Quote, day_of

MARK = re.compile(r"\[\d+\]")
_DAY = re.compile(r"\b[A-Z][a-z]+ \d{1,2}, \d{4}\b")


def cite_after_line(lead: str, line: str, said: list[Quote]) -> str:
    """The lead with the markers of the quotes its record `line` says, right after that line, so the answer still
    cites the passages it no longer quotes."""
    marks = new_marks(said, lead)
    if not marks or line not in lead:
        return lead
    return lead.replace(line, f"{line}{marks}", 1)


def new_marks(quotes: list[Quote], lead: str) -> str:
    """The quotes' markers the lead does not cite yet, once each, as they follow a sentence (" [6] [7]")."""
    return "".join(dict.fromkeys(m for q in quotes for m in re.findall(r" ?\[\d+\]", q.marks)
                                 if m.strip() not in lead))


def cite_items(lead: str, line: str, cited: list[Quote]) -> str:
    """The lead with each of the `cited` quotes' markers after its meeting's item in the record's `line` ("March 16,
    2022 (+25 basis points) [6], May 4, 2022 ..."): the quotes beyond MAX_QUOTES go to the sources, and each item
    still cites its own. A quote whose meeting the line does not name keeps nothing in the lead (it goes too)."""
    if line not in lead:
        return lead
    days = {day_of(q): q for q in reversed(cited) if day_of(q)}  # the first quote of each meeting
    dates = [m.start() for m in _DAY.finditer(line)] + [len(line)]  # each item runs to the next date
    starts = sorted((line.rfind(day), day) for day in days if day in line)  # the item, not the span it opens with
    marked, last = [], 0
    for start, day in starts:
        end = next(d for d in dates if d > start)
        item = re.split(r";|\. ", line[start:end], maxsplit=1)[0]  # "February 1, 2023; the next, on ...": the date's
        item_end = start + len(item.rstrip(" ,;:."))
        marks = new_marks([days[day]], lead)
        marked += [line[last:item_end], marks]
        last = item_end
    return lead.replace(line, "".join([*marked, line[last:]]), 1)
