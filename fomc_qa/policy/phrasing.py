"""The phrasing every record answer shares: the answer's shape (a direct sentence, then quotes of the Fed's
sentences), dates, moves and spans in words, and which meetings a question's kind of move matches.

The direct sentence states the fact in the Fed's form and in decimals and basis points ("lowered
the target range by 1/2 percentage point (50 basis points) to 4-3/4 to 5 percent (4.75%–5.00%)");
each quote after it is a record source, so the program cites it verbatim.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from fomc_qa.policy.numbers import fed_fraction, percentage_points, range_forms
from fomc_qa.policy.record import MeetingRecord, Source
from fomc_qa.question.policy_question import PolicyQuestion

VERB = {"raise": "raised", "lower": "lowered", "maintain": "maintained"}  # the statement's own verbs

NOUN = {"raise": "increase", "lower": "cut", "maintain": "hold", None: "move"}

ROLE_LABEL = {"economic_activity": "economic activity", "labor_market": "the labor market",
               "inflation": "inflation", "risks": "risks and uncertainty", "forward_guidance": "forward guidance",
               "balance_sheet": "the balance sheet", "decision": "the policy decision", "votes": "the vote"}

MAX_LISTED = 12  # quotes after the direct sentence; a span of 48 meetings is summarised, not quoted whole

@dataclass(frozen=True)
class Quote:
    label: str  # "FOMC statement of September 18, 2024"
    source: Source
    note: str = ""  # e.g. what changed from the previous meeting's sentence

@dataclass(frozen=True)
class RecordAnswer:
    direct: str
    quotes: list[Quote] = field(default_factory=list)

def day(d: dt.date) -> str:
    return f"{d:%B} {d.day}, {d.year}"

def tally(record: MeetingRecord) -> str:
    """"11–1": the votes for and against the decision."""
    return f"{len(record.voters_for)}–{len(record.dissents)}"


def occasion(record: MeetingRecord) -> str:
    """How an answer names the meeting: "the March 3, 2020 unscheduled meeting", "the March 23, 2020 notation vote"."""
    if record.meeting_kind == "notation_vote":
        return f"the {day(record.meeting_date)} notation vote"
    kind = "unscheduled " if record.meeting_kind == "unscheduled" else ""
    return f"the {day(record.meeting_date)} {kind}meeting"

def label(record: MeetingRecord, source: Source) -> str:
    kind = "minutes" if source.document_id.startswith("minutes") else "statement"
    noted = {"unscheduled": " (unscheduled meeting)", "notation_vote": " (notation vote)"}.get(record.meeting_kind, "")
    return f"FOMC {kind} of {day(record.meeting_date)}{noted if kind == 'statement' else ''}"

def quote(record: MeetingRecord, source: Source | None, note: str = "") -> list[Quote]:
    return [Quote(label(record, source), source, note)] if source is not None else []

def unique_quotes(quotes: Sequence[Quote]) -> list[Quote]:
    """Each quoted sentence once, where it first appears (two dissenters named in one vote sentence share it)."""
    seen: set[str] = set()
    out = []
    for q in quotes:
        if q.source.sentence not in seen:
            seen.add(q.source.sentence)
            out.append(q)
    return out

def move_phrase(record: MeetingRecord) -> str:
    """"lowered the target range for the federal funds rate by 1/2 percentage point (50 basis
    points) to 4-3/4 to 5 percent (4.75%–5.00%)", or "maintained it at ..." for a hold (the statement's verb)."""
    after = record.range_after
    target = range_forms(after) if after else "an unchanged range"
    if record.decision == "maintain" or record.change_bp == 0:
        return f"maintained the target range for the federal funds rate at {target}"
    size = f" by {percentage_points(record.change_bp)}" if record.change_bp else ""
    before = f", from {range_forms(record.range_before)}," if record.range_before else ""
    return f"{VERB[record.decision]} the target range for the federal funds rate{size}{before} to {target}"

def span_phrase(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> str:
    if q.after_kind:
        return f"after the {NOUN[q.after_kind]}s"
    if not q.named_span:
        return "in the indexed meetings"
    first, last = records[0].meeting_date, records[-1].meeting_date
    if first.year == last.year and {r.meeting_date for r in records} >= set(q.meetings) and len(q.meetings) > 2 \
            and not q.by_months:
        return f"in {first.year}"  # the year asked: not "three times in 2023" for February-May's three hikes
    return f"between {day(first)} and {day(last)}" if first != last else f"at the {day(first)} meeting"

def matches(record: MeetingRecord, q: PolicyQuestion) -> bool:
    """Whether a meeting's move is the kind the question counts: its direction (any move when none is
    named, any decision when a range is named), its size, the range it left."""
    if q.at_range is not None:
        r = record.range_before if q.from_range else record.range_after
        if r is None or (r.low, r.high) != q.at_range:
            return False
        return q.direction is None or record.decision == q.direction
    if q.size_bp is not None and abs(record.change_bp or 0) != q.size_bp:
        return False
    return record.decision == q.direction if q.direction else record.decision != "maintain"

def kind_phrase(q: PolicyQuestion, plural: bool = False) -> str:
    noun = NOUN[q.direction] + ("s" if plural else "")
    if q.size_bp is not None:
        noun = f"{q.size_bp}-basis-point {noun}"
    if q.at_range is not None:
        where = "from" if q.from_range else "at"
        noun = f"{noun} {where} {fed_fraction(q.at_range[0])} to {fed_fraction(q.at_range[1])} percent"
    return noun

def none_of(noun: str, span: str, records: Sequence[MeetingRecord]) -> RecordAnswer:
    meetings = "meeting" if len(records) == 1 else "meetings"
    return RecordAnswer(f"There was no {noun} of the target range {span} ({len(records)} {meetings}).",
                        quote(records[-1], records[-1].decision_source))

def moves_of(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> tuple[list[MeetingRecord], str, str]:
    """The meetings whose move the question counts, what to call such a move, and the span's phrase."""
    return [r for r in records if matches(r, q)], kind_phrase(q), span_phrase(q, records)

def sentence(text: str) -> str:
    text = text.strip()
    return (text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else text
