"""The policy timeline: every meeting's record in date order, with the ranges chained.

A statement does not always state the size of a move ("decided to raise the target range ... to
1/4 to 1/2 percent"), so each meeting's range before is the previous meeting's range after, and
the change is their difference. Where a document does state the size, the two must agree
(`chain_problems`), which is how the parse is checked.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence, Set
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from fomc_qa.policy.numbers import fed_fraction
from fomc_qa.policy.record import MeetingRecord, RateRange

_RECORDS = TypeAdapter(list[MeetingRecord])


class RecordsMissing(FileNotFoundError):
    """No policy record was materialized (or it cannot be read)."""


def chain(records: Sequence[MeetingRecord]) -> list[MeetingRecord]:
    """Records in date order with range_before and change_bp filled in: from the meeting's own stated
    change where it has one, else from the previous meeting's range after; range_after is carried
    over when a meeting's documents do not restate it (the 2020 notation vote)."""
    out: list[MeetingRecord] = []
    previous: RateRange | None = None
    for record in sorted(records, key=lambda r: r.meeting_date):
        after = record.range_after or previous
        before, change = record.range_before, record.change_bp
        if before is None and change is not None and after is not None:
            before = shifted(after, -change)
        if before is None and previous is not None:
            before = previous
        if change is None and before is not None and after is not None:
            change = round((after.low - before.low) * 100)
        out.append(record.model_copy(update={"range_after": after, "range_before": before, "change_bp": change}))
        previous = after
    return out


def shifted(r: RateRange, bp: int) -> RateRange:
    """The range moved by `bp` basis points, worded the Fed's way."""
    low, high = r.low + bp / 100, r.high + bp / 100
    return RateRange(low=low, high=high, text=f"{fed_fraction(low)} to {fed_fraction(high)} percent")


def chain_problems(records: Sequence[MeetingRecord]) -> list[str]:
    """Where the facts disagree: a meeting's range before (from its stated change) that is not the
    previous meeting's range after, or a decision whose direction the change contradicts. On every
    meeting of the calendar this is the check of the parse; on a partial set a gap shows here too."""
    problems = []
    chained = chain(records)
    for prev, record in zip([None, *chained[:-1]], chained, strict=True):
        before, after = record.range_before, prev.range_after if prev is not None else None
        if before is not None and after is not None and (before.low, before.high) != (after.low, after.high):
            problems.append(f"{record.key}: range before {record.range_before.text!r} is not {prev.key}'s range "
                            f"after {prev.range_after.text!r}")
        direction = {"raise": 1, "lower": -1, "maintain": 0}[record.decision]
        if record.change_bp is not None and (record.change_bp > 0) - (record.change_bp < 0) != direction:
            problems.append(f"{record.key}: decision {record.decision} but the range moved {record.change_bp} bp")
    return problems


def timeline_rows(records: Sequence[MeetingRecord]) -> list[dict]:
    """One flat row per meeting: the table users query and chart."""
    rows = []
    for r in chain(records):
        rows.append({
            "meeting_date": r.meeting_date,
            "meeting_kind": r.meeting_kind,
            "decision": r.decision,
            "change_bp": r.change_bp,
            "range_low": r.range_after.low if r.range_after else None,
            "range_high": r.range_after.high if r.range_after else None,
            "range_text": r.range_after.text if r.range_after else None,
            "iorb": _rate(r, "iorb"),
            "on_rrp": _rate(r, "on_rrp"),
            "discount_rate": _rate(r, "discount_rate"),
            "voters_for": len(r.voters_for),
            "dissenters": ", ".join(d.name for d in r.dissents),
            "decision_sentence": r.decision_source.sentence,
            "decision_chunk_id": r.decision_source.chunk_id,
        })
    return rows


def rows_between(rows: list[dict], start: dt.date | None, end: dt.date | None) -> list[dict]:
    """The timeline rows of the meetings from `start` to `end` (either open)."""
    return [r for r in rows
            if (start is None or r["meeting_date"] >= start) and (end is None or r["meeting_date"] <= end)]


def _rate(record: MeetingRecord, name: str) -> float | None:
    rate = record.rate(name)
    return rate.percent if rate else None


def records_json(records: Sequence[MeetingRecord]) -> bytes:
    """The chained records as one JSON document (what the read side opens)."""
    return _RECORDS.dump_json(chain(records), indent=1)


def load_records(path: Path) -> list[MeetingRecord]:
    """The chained records the pipeline wrote, validated; RecordsMissing names the file."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError as exc:
        raise RecordsMissing(f"{path}: no policy record") from exc
    try:
        return _RECORDS.validate_json(raw)
    except (ValidationError, json.JSONDecodeError, ValueError) as exc:
        raise RecordsMissing(f"{path}: damaged policy record ({str(exc).splitlines()[0]})") from exc


def cycle_span(records: Sequence[MeetingRecord], kind: str, within: Set[dt.date] | None) -> list[dt.date]:
    """The meetings of a cycle of moves of one kind (holds between them included): the one that started
    within the named meetings, else the latest one; it ends with its last move before the first move
    the other way. Empty when there is no such move."""
    ordered = sorted(records, key=lambda r: r.meeting_date)
    dates = [r.meeting_date for r in ordered]
    moves = [i for i, r in enumerate(ordered) if r.decision == kind]
    if within:
        moves_within = [i for i in moves if dates[i] in within]
        if not moves_within:
            return []
        start = moves_within[0]
    elif moves:
        start = moves[-1]
        while start > 0 and ordered[start - 1].decision in (kind, "maintain"):
            start -= 1
        start = next(i for i in moves if i >= start)
    else:
        return []
    opposite = next((i for i in range(start, len(ordered)) if ordered[i].decision not in (kind, "maintain")),
                    len(ordered))
    end = max(i for i in moves if start <= i < opposite)
    return dates[start: end + 1]


def in_span(records: Sequence[MeetingRecord], meetings: Set[dt.date] | None) -> list[MeetingRecord]:
    return [r for r in records if meetings is None or r.meeting_date in meetings]


def since_extreme(records: Sequence[MeetingRecord], which: str, within: Set[dt.date] | None) -> list[dt.date]:
    """The meetings after the span's highest ("high") or lowest ("low") target range last stood: "since the
    peak" counts the moves that left it. Empty when no meeting follows."""
    everything = [r for r in sorted(records, key=lambda r: r.meeting_date) if r.range_after is not None]
    ordered = [r for r in everything if within is None or r.meeting_date in within]
    if not ordered:
        return []
    pick = max if which == "high" else min
    level = pick((r.range_after.low, r.range_after.high) for r in ordered)
    last = max(i for i, r in enumerate(ordered) if (r.range_after.low, r.range_after.high) == level)
    after = [r.meeting_date for r in ordered[last + 1:]]
    if after or within is None:
        return after
    # "the first cut after the 2023 peak": the year places the peak; the range stood there past the year's end
    start = everything.index(ordered[last])
    while start + 1 < len(everything) and (everything[start + 1].range_after.low,
                                           everything[start + 1].range_after.high) == level:
        start += 1
    return [r.meeting_date for r in everything[start + 1:]]
