"""The record's ask, typed: what a policy question asks of the record (`PolicyQuestion`: an intent of INTENTS, a
span of meetings and its qualifiers), as `fomc_qa.question.intents` reads it and `fomc_qa.policy` answers it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

Intent = str  # one of INTENTS
INTENTS = ("mention", "redline", "officer", "attendance", "dissents", "votes", "rate", "evolution", "role", "count",
           "first", "last", "largest", "smallest", "duration", "peak", "current", "compare", "reason", "change",
           "decision")


@dataclass(frozen=True)
class PolicyQuestion:
    intent: Intent
    meetings: tuple[dt.date, ...]  # the span, in date order
    named_span: bool  # the question named dates (else: every indexed meeting, or the latest for "current")
    by_months: bool = False  # ... by their months ("Feb, Mar and May 2023 hikes"), not a whole year ("in 2023")
    direction: str | None = None  # raise / lower / maintain, for counts and first/last
    roles: tuple[str, ...] = ()  # statement roles, for evolution and role questions
    rates: tuple[str, ...] = ()  # administered rates
    also_size: bool = False  # a count that also asks for the total size
    after_kind: str | None = None  # "after the hiking cycle": the span starts after the last move of this kind
    size_bp: int | None = None  # "75-basis-point hikes": only moves of this size
    at_range: tuple[float, float] | None = None  # "held at 5-1/4 to 5-1/2 percent": only meetings that left this range
    from_range: bool = False  # "liftoff from the zero lower bound": at_range is the range a move left, not set
    rate_from: float | None = None  # "the ON RRP rate's first move off 0.00%": the level an administered rate left
    person: str | None = None  # a surname the question names, for votes and dissents
    unscheduled: bool = False  # a count of unscheduled meetings and notation votes
    edge: str | None = None  # "end" / "start" / "as_of": the range at the end or the start of a named span, or on a
    # day without a meeting (`as_of`); for a
    # mention: "first" / "last" / "both" / "count"; for dissents and unanimous votes: "first" / "last"
    yes_no: bool = False  # "Did the FOMC raise ...?": the answer opens with Yes or No
    titles: tuple[str, ...] = ()  # Committee officers' titles, for officer questions
    term: str | None = None  # the wording a mention question searches the statements for
    cycle: str | None = None  # "the tightening cycle": the span is the cycle of moves of this kind (the desk finds it)
    after_cycle: bool = False  # "after the hiking cycle": the span is every meeting after that cycle
    meetings_held: bool = False  # a count of the meetings themselves ("How many meetings did the FOMC hold in 2023?")
    streak: bool = False  # a count of moves in a row: the longest run ("How many consecutive holds?")
    most: bool = False  # dissents tallied by member ("Who dissented most often?")
    by_meeting: bool = False  # ... or by meeting ("Which meeting had the most dissents?")
    dissent_side: str | None = None  # "easier" / "tighter": dissents for a lower / higher range than the decision's
    why: bool = False  # a move asked about with its reasons ("the first cut of 2024, and what justified it?")
    as_of: dt.date | None = None  # a day between meetings ("the range on August 1, 2022"); span: the meeting before
    with_votes: bool = False  # a move asked about with its dissents ("the first cut of 2025, and who dissented?")
    with_decision: bool = False  # administered rates asked with the move ("how big was the cut, where did IOER go?")
    since_extreme: str | None = None  # "since the peak" ("high") / "since the trough" ("low"): the desk finds the span
    average: bool = False  # a count that also asks the average size of the moves
    asks_move: bool = False  # "Did the Fed change rates in January 2025?": whether it moved at all (Yes / No)
    presumed: str | None = None  # the move a question takes as done ("How big was the June 2023 hike?"): raise, lower
    edits: str | None = None  # a redline's edits asked for first: "removed" ("what was dropped"), "added" or "both"
    topic: tuple[str, ...] = ()  # a redline's subject words ("additional", "policy", "firming"): its edits saying
    # them are told first
    unanimous: bool = False  # "Which 2025 meetings had no dissents?": the span's unanimous decisions, listed
    versus_previous: bool = False  # "smaller than the one before it": against the previous move of its kind (the desk)
    also_current: bool = False  # "the peak, and where is it now?": the latest level follows the span's extreme
    asks_unanimity: bool = False  # "Was the September 2024 cut unanimous?": a yes or no about the vote, not the move

    @property
    def role(self) -> str | None:
        return self.roles[0] if self.roles else None

    @property
    def rate(self) -> str | None:
        return self.rates[0] if self.rates else None
