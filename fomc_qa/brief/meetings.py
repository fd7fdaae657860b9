"""The meeting's policy record and the one before it (the statement its redline compares with).

The per-meeting record files are read first: a meeting's run writes its record before the timeline rewrites
the chained file, and the brief of a just-published meeting must not wait for that. The chained file serves a
data dir that has only it. Only the two records are opened, chained so the range before is filled in."""

from __future__ import annotations

import datetime as dt
import json

from pydantic import ValidationError

from fomc_qa.brief.errors import BriefFilesMissing, MeetingNotIndexed
from fomc_qa.config import DataPaths
from fomc_qa.policy.record import MeetingRecord
from fomc_qa.policy.timeline import RecordsMissing, chain, load_records


def record_dates(paths: DataPaths) -> list[dt.date]:
    """The meetings with a record file, in date order."""
    folder = paths.record_file("x").parent
    dates = []
    for path in folder.glob("*.json") if folder.is_dir() else []:
        try:
            dates.append(dt.date.fromisoformat(path.stem))
        except ValueError:
            continue
    return sorted(dates)


def _read(paths: DataPaths, meeting: dt.date) -> MeetingRecord:
    path = paths.record_file(meeting.isoformat())
    try:
        return MeetingRecord.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, json.JSONDecodeError) as exc:
        raise BriefFilesMissing(f"{path}: unreadable policy record ({type(exc).__name__}); re-materialize "
                                f"meeting_record for {meeting}") from exc


def _not_indexed(meeting: dt.date, dates: list[dt.date]) -> MeetingNotIndexed:
    before = [d for d in dates if d < meeting][-1:]
    after = [d for d in dates if d > meeting][:1]
    near = " and ".join(d.isoformat() for d in before + after)
    return MeetingNotIndexed(f"no indexed FOMC meeting on {meeting} (the nearest indexed: {near}; the index holds "
                             f"{len(dates)} meetings, {dates[0]} to {dates[-1]})")


def record_and_previous(paths: DataPaths, meeting: dt.date) -> tuple[MeetingRecord, MeetingRecord | None]:
    """The meeting's record (range before and change chained from the previous one where unstated) and the
    previous indexed meeting's record (None for the first)."""
    dates = record_dates(paths)
    if meeting in dates:
        earlier = [d for d in dates if d < meeting]
        previous = _read(paths, earlier[-1]) if earlier else None
        record = _read(paths, meeting)
    else:
        try:
            records = load_records(paths.policy_records)
        except RecordsMissing as exc:
            if dates:
                raise _not_indexed(meeting, dates) from exc
            raise BriefFilesMissing(str(exc)) from exc
        by_date = {r.meeting_date: r for r in records}
        if meeting not in by_date:
            raise _not_indexed(meeting, sorted({*by_date, *dates}))
        earlier = [d for d in sorted(by_date) if d < meeting]
        record, previous = by_date[meeting], (by_date[earlier[-1]] if earlier else None)
    chained = chain([r for r in (previous, record) if r is not None])
    return chained[-1], previous
