"""`python -m fomc_qa timeline`: every meeting's decision, change, range and dissents, from the policy record."""

from __future__ import annotations

import argparse
import datetime as dt
import json

from fomc_qa.models import BadQuestion


def _month(text: str, end: bool) -> dt.date:
    try:
        year, month = (int(x) for x in text.split("-"))
        first = dt.date(year, month, 1)
    except ValueError as exc:
        raise BadQuestion(f"{text!r} is not a month (expected YYYY-MM)") from exc
    if not end:
        return first
    return (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fomc_qa timeline",
        description="The policy timeline: decision, change, range and dissents per meeting.",
    )
    parser.add_argument("--from", dest="start", help="first month, YYYY-MM")
    parser.add_argument("--to", dest="end", help="last month, YYYY-MM")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = _month(args.start, end=False) if args.start else None
    end = _month(args.end, end=True) if args.end else None
    if start and end and end < start:
        raise BadQuestion(f"--to {args.end} is before --from {args.start}")

    from fomc_qa.config import Settings
    from fomc_qa.policy.timeline import load_records, rows_between, timeline_rows

    rows = rows_between(timeline_rows(load_records(Settings.from_env().paths.policy_records)), start, end)
    if args.json:
        keep = ("meeting_date", "meeting_kind", "decision", "change_bp", "range_low", "range_high", "range_text",
                "iorb", "dissenters", "decision_chunk_id")
        print(json.dumps([{k: r[k] for k in keep} for r in rows], indent=2, default=str))
        return 0
    from fomc_qa.cli.render import console, timeline_table

    console().print(timeline_table(rows))
    return 0
