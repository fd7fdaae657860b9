"""The meetings a question names among the passages', and which of them a "first" or "last" question leads with."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING

from fomc_qa.answering.passages import Passage
from fomc_qa.answering.reader.answer_types import LAST
from fomc_qa.answering.reader.sources import meeting_of
from fomc_qa.question.dates import asks_for_first, parse_filter

if TYPE_CHECKING:
    from fomc_qa.answering.reader.selection import Quote


def ordinal_lead(question: str, scored: list[Quote], order: list[int], margin: float) -> int:
    """The row to lead with: the best, or for a "first"/"last" question (or one counting from a
    date, "After the March 15, 2020 meeting, when did ...?") the earliest/latest meeting's
    sentence among those within `margin` (`extra_margin`) of the best."""
    first, last = asks_for_first(question), bool(LAST.search(question))
    if first == last:
        return order[0]
    near = [j for j in order
            if scored[j].score >= scored[order[0]].score - margin and meeting_of(scored[j].passage)]
    if not near:
        return order[0]
    pick = min if first else max
    target = pick(meeting_of(scored[j].passage) for j in near)
    return next(j for j in near if meeting_of(scored[j].passage) == target)


def named_meetings(question: str, passages: Sequence[Passage]) -> set[str]:
    """The passages' meetings a question names in two or more separate dates ("the January 2022
    and June 2022 meetings"); empty for a question naming one date or one period ("in 2021")."""
    meetings = sorted({dt.date.fromisoformat(m) for m in map(meeting_of, passages) if m})
    found = parse_filter(question, meetings)
    if len(found.named_dates) < 2:
        return set()
    return {d.isoformat() for d in found.meetings or ()}
