"""Policy records over a whole built warehouse: parse every meeting and check what the meeting_record
asset promises, by hand (too slow and too data-bound for the test suite).

    python benchmarks/records.py [DATA_DIR]        # default: data

Checks, over every meeting with a statement: a decision is parsed; the voters are distinct person
names, as many as the voting sentence lists, and the minutes' "Voting for this action:" line (when
published) names the same people, all of them in the minutes' attendance list; every source
sentence is a verbatim substring of its chunk, a chunk of the sentence's own document; the ranges
chain (a meeting's range before is the previous meeting's range after where both are known, and a
stated change is the difference of the two).
Prints the table (date, kind, decision, change, range, dissenters) and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
from pathlib import Path

from fomc_pipeline.fed.calendar import discover_meetings, historical_page_paths, parse_calendar
from fomc_pipeline.fed.record_parser import RecordParseError, parse_meeting_record
from fomc_qa.config import DataPaths
from fomc_qa.index.tables import read_records, read_table
from fomc_qa.models import DocumentChunk, FOMCDocument
from fomc_qa.policy.record import MeetingRecord

NAME = re.compile(r"[A-Z][\w'\u2019.-]*(?:\s+[A-Z][\w'\u2019.-]*)+")
MINUTES_VOTE = re.compile(r"Voting for this action: (.+?)\.?$", re.M)
CALENDAR = "/monetarypolicy/fomccalendars.htm"


def calendar_labels(paths: DataPaths, key: str, snapshot: dict[str, str]) -> list[str]:
    """The calendar's words for a meeting: raw_pages keeps them; older builds did not, so the bundled
    snapshot's calendar pages are read instead."""
    table = read_table(paths.partition_file("raw_pages", key))
    if "calendar_label" in table.column_names:
        return [label or "" for label in table.column("calendar_label").to_pylist()]
    return [snapshot.get(key, "")]


def snapshot_labels(root: Path) -> dict[str, str]:
    pages = {CALENDAR: (root / CALENDAR.lstrip("/")).read_text(encoding="utf-8")}
    for path in historical_page_paths(dt.date(2020, 1, 1), parse_calendar(pages[CALENDAR])):
        pages[path] = (root / path.lstrip("/")).read_text(encoding="utf-8")
    return {m.key: m.label for m in discover_meetings(pages, dt.date(2020, 1, 1))}


def check_record(record: MeetingRecord, docs: dict[str, FOMCDocument], chunks: list[DocumentChunk]) -> list[str]:
    """Problems of one record: voters, and every source against its chunk."""
    problems = []
    voters = record.voters_for
    if len(set(voters)) != len(voters) or not all(NAME.fullmatch(v) for v in voters):
        problems.append(f"voters are not distinct names: {voters}")
    if record.vote_source is not None:
        body = record.vote_source.sentence
        listed = body.count(";") + 1 if ";" in body else len(re.split(r",\s+(?:and\s+)?|\s+and\s+", body))
        if listed != len(voters):
            problems.append(f"{len(voters)} voters parsed, the voting sentence lists {listed}")
    if set(voters) & {d.name for d in record.dissents}:
        problems.append("a dissenter is also counted as voting for")
    minutes = docs.get("minutes")
    if minutes is not None and (match := MINUTES_VOTE.search(minutes.text)):
        named = set(names(match.group(1)))
        if named != set(voters):
            problems.append(f"minutes name other voters: {sorted(named ^ set(voters))}")
    if minutes is not None and not record.attendance:
        problems.append("the minutes' attendance list gave no names")
    absent = set(voters) - set(record.attendance) if minutes is not None else set()
    if absent:
        problems.append(f"voters missing from the attendance: {sorted(absent)}")
    by_id = {c.chunk_id: c for c in chunks}
    for source in record.sources():
        chunk = by_id.get(source.chunk_id or "")
        if chunk is None or chunk.document_id != source.document_id or source.sentence not in chunk.text:
            problems.append(f"source not verbatim in its chunk ({source.chunk_id}): {source.sentence[:70]!r}")
    return problems


def names(listing: str) -> list[str]:
    """"A, Chair; B, Vice Chair; ...; and C" or "A, B, and C" -> the names, roles dropped."""
    parts = re.split(r";\s*(?:and\s+)?", listing) if ";" in listing else re.split(r",\s+(?:and\s+)?|\s+and\s+", listing)
    return [re.sub(r",\s+(?:Vice\s+)?Chair(?:man)?$", "", p.strip()) for p in parts if p.strip()]


def chain_problems(records: list[MeetingRecord]) -> list[str]:
    """Each known range before equals the previous meeting's range after, and a stated change is the
    difference of the two ranges (the previous after, when this record has no before of its own)."""
    problems = []
    previous = None
    for record in sorted(records, key=lambda r: r.meeting_date):
        after, before = record.range_after, record.range_before
        if before is not None and previous is not None and (before.low, before.high) != (previous.low, previous.high):
            problems.append(f"{record.key}: range before {before.text} but the previous after is {previous.text}")
        start = before or previous
        if record.change_bp is not None and start is not None and after is not None:
            moved = round((after.low - start.low) * 100)
            if moved != record.change_bp or round((after.high - start.high) * 100) != moved:
                problems.append(f"{record.key}: change {record.change_bp} bp but the ranges differ by {moved} bp")
        previous = after or previous
    return problems


def row(record: MeetingRecord) -> str:
    change = "" if record.change_bp is None else f"{record.change_bp:+d}"
    after = record.range_after
    rng = f"{after.text} ({after.decimal})" if after else "-"
    dissent = ", ".join(d.name for d in record.dissents) or "-"
    return f"{record.key}  {record.meeting_kind:<13} {record.decision:<8} {change:>5}  {rng:<42} {dissent}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data_dir", nargs="?", default="data", type=Path, help="the data dir of a built warehouse")
    args = parser.parse_args(argv)
    paths = DataPaths(args.data_dir)
    keys = sorted(p.stem for p in paths.table_dir("documents").glob("*.parquet"))
    labels = snapshot_labels(DataPaths(Path(__file__).resolve().parents[1] / "data").snapshot)
    records, failures = [], []
    for key in keys:
        docs = {d.doc_type: d for d in read_records(paths.partition_file("documents", key), FOMCDocument)}
        chunks = read_records(paths.partition_file("chunks", key), DocumentChunk)
        if "statement" not in docs:
            failures.append(f"{key}: no statement")
            continue
        unscheduled = any("unscheduled" in label for label in calendar_labels(paths, key, labels))
        try:
            record = parse_meeting_record(docs["statement"], docs.get("minutes"), chunks, unscheduled=unscheduled)
        except RecordParseError as exc:
            failures.append(str(exc))
            continue
        records.append(record)
        failures += [f"{key}: {p}" for p in check_record(record, docs, chunks)]
    failures += chain_problems(records)
    print(f"{'date':<10}  {'kind':<13} {'decision':<8} {'bp':>5}  {'range after':<42} dissenters")
    for record in records:
        print(row(record))
    sources = sum(len(r.sources()) for r in records)
    print(f"\n{len(records)}/{len(keys)} meetings parsed, {sources} source sentences checked, "
          f"{sum(r.change_bp is None for r in records)} changes not stated")
    for failure in failures:
        print("FAIL", failure)
    print("OK" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
