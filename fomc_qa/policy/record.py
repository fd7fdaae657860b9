"""The typed policy record of one meeting, as the pipeline writes it and the read side trusts it.

Every fact keeps the verbatim sentence it was read from and that sentence's chunk, so an answer
built from the record cites the Fed's own words.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Decision = Literal["raise", "lower", "maintain"]
MeetingKind = Literal["scheduled", "unscheduled", "notation_vote"]
# What a statement sentence is about; "other" is the boilerplate between them (the mandate sentence).
Role = Literal[
    "economic_activity", "labor_market", "inflation", "risks", "decision",
    "forward_guidance", "balance_sheet", "votes", "other",
]
ROLES: tuple[str, ...] = Role.__args__  # type: ignore[attr-defined]
RateName = Literal["iorb", "on_rrp", "discount_rate", "srf_min_bid"]
RATE_LABEL = {
    "iorb": "interest rate on reserve balances (IORB)",
    "on_rrp": "overnight reverse repurchase (ON RRP) offering rate",
    "discount_rate": "primary credit rate (the discount rate)",
    "srf_min_bid": "standing repo minimum bid rate",
}
# Until July 29, 2021 the Board paid interest on required and on excess reserves (IORR, IOER); since then on reserve
# balances (IORB), one rate, first set by the Board's vote at the July 28, 2021 meeting ("establish the interest rate
# paid on reserve balances at 0.15 percent, effective July 29, 2021"). A record's "iorb" of an earlier meeting is the
# IOER.
IORB_FROM = dt.date(2021, 7, 28)
IOER_LABEL = "interest rate on excess reserves (IOER)"


def rate_label(name: str, first: dt.date | None = None, last: dt.date | None = None) -> str:
    """An administered rate's name as the Board used it over the meetings from `first` to `last` (both optional):
    IOER set at meetings before July 28, 2021, IORB from then, both named for a span across the change."""
    if name != "iorb" or first is None:
        return RATE_LABEL[name]
    last = last or first
    if last < IORB_FROM:
        return IOER_LABEL
    if first < IORB_FROM:
        return f"{IOER_LABEL}, from July 29, 2021 the {RATE_LABEL['iorb']}"
    return RATE_LABEL[name]


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Source(_Record):
    """A verbatim sentence of a document and the chunk that holds it (None if no chunk holds it whole)."""

    sentence: str = Field(min_length=1)
    document_id: str
    chunk_id: str | None = None


class RateRange(_Record):
    """A federal funds target range, in percent, with the Fed's own words ("4-3/4 to 5 percent")."""

    low: float = Field(ge=0)
    high: float = Field(ge=0)
    text: str

    @model_validator(mode="after")
    def _ordered(self) -> RateRange:
        if self.high < self.low:
            raise ValueError(f"range {self.text!r}: high {self.high} below low {self.low}")
        return self

    @property
    def decimal(self) -> str:
        """"4.75%–5.00%", the form analysts type."""
        return f"{self.low:.2f}%–{self.high:.2f}%"


class AdministeredRate(_Record):
    name: RateName
    percent: float
    source: Source


class BalanceSheetAction(_Record):
    """A purchase pace, a runoff cap, a reinvestment rule or a change to one, as the statement or
    the directive words it; amounts in billions of dollars per month where stated."""

    kind: Literal["purchases", "runoff", "reinvestment", "other"]
    amounts_bn: list[float] = []
    source: Source


class SecuritiesLevel(_Record):
    """A monthly amount in effect for one asset class from `effective` on: the pace at which holdings
    grow (purchases, "by at least $80 billion per month") or the cap on runoff ("a cap of $60 billion
    per month"), as the statement or the directive sets it; a meeting restates the levels it keeps."""

    asset: Literal["treasury", "mbs"]
    kind: Literal["purchase_pace", "runoff_cap"]
    amount_bn: float = Field(ge=0)
    effective: dt.date
    source: Source


class StatementSentence(_Record):
    role: Role
    paragraph: int = Field(ge=0)
    source: Source
    also: list[Role] = []  # further roles the sentence counts for, in order of mention ("activity and employment")


class Dissent(_Record):
    name: str
    preferred: str | None = None  # the dissenter's preferred action, in the statement's words
    source: Source
    elaboration: Source | None = None  # the minutes' sentence on why ("Governor Bowman preferred ...")


class Officer(_Record):
    """A Committee title the minutes' attendance list gives someone at the meeting ("John C. Williams,
    Vice Chair"; "Roberto Perli, Manager, System Open Market Account")."""

    name: str
    title: str
    source: Source


class MeetingRecord(_Record):
    """What one meeting decided and said, every field traceable to a sentence."""

    meeting_date: dt.date
    meeting_kind: MeetingKind
    statement_id: str
    minutes_id: str | None = None
    decision: Decision
    change_bp: int | None = None  # signed; None when neither document states it (the timeline derives it)
    range_after: RateRange | None = None  # None only for an action that does not restate the range
    range_before: RateRange | None = None
    decision_source: Source
    administered_rates: list[AdministeredRate] = []
    balance_sheet: list[BalanceSheetAction] = []
    securities: list[SecuritiesLevel] = []
    statement: list[StatementSentence] = []
    voters_for: list[str] = []
    dissents: list[Dissent] = []
    vote_source: Source | None = None
    attendance: list[str] = []  # Committee members and alternates present, as the minutes list them
    attendance_source: Source | None = None
    alternates: list[str] = []  # the alternate members among `attendance`
    other_presidents: list[str] = []  # Reserve Bank presidents (or interim ones) present, not members or alternates
    not_voting: list[str] = []  # members the statement lists as "absent and not voting"
    officers: list[Officer] = []  # the Committee's officers at the meeting, as the attendance list titles them

    @property
    def key(self) -> str:
        return self.meeting_date.isoformat()

    def sentences(self, role: str) -> list[StatementSentence]:
        return [s for s in self.statement if s.role == role]

    def rate(self, name: str) -> AdministeredRate | None:
        return next((r for r in self.administered_rates if r.name == name), None)

    def sources(self) -> list[Source]:
        """Every source sentence the record rests on (for the verbatim check)."""
        out = [self.decision_source]
        out += [r.source for r in self.administered_rates] + [b.source for b in self.balance_sheet]
        out += [level.source for level in self.securities]
        out += [s.source for s in self.statement] + [d.source for d in self.dissents]
        out += [d.elaboration for d in self.dissents if d.elaboration is not None]
        out += [s for s in (self.vote_source, self.attendance_source) if s is not None]
        out += [o.source for o in self.officers]
        return out
