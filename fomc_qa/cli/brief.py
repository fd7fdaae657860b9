"""`python -m fomc_qa brief DATE [--json | --markdown]`: a meeting's release brief (decision, rates, vote, balance
sheet, redline against the previous statement), every item cited; a panel by default."""

from __future__ import annotations

import argparse
import datetime as dt
import sys

from fomc_qa.models import BadQuestion


def meeting_date(text: str) -> dt.date:
    """YYYY-MM-DD, the meeting's last day; BadQuestion (exit 2) for anything else."""
    try:
        return dt.datetime.strptime(text, "%Y-%m-%d").date()
    except ValueError as exc:
        raise BadQuestion(f"{text!r} is not a date (expected YYYY-MM-DD, a meeting's last day, e.g. 2025-12-10)") \
            from exc


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fomc_qa brief",
        description="A meeting's release brief: decision and range, IORB and ON RRP, the vote and each dissenter's "
                    "preference, balance-sheet decisions, and the redline against the previous statement, each item "
                    "cited to its chunk; the minutes' roll call and dissent views once the minutes are indexed.",
    )
    parser.add_argument("date", help="the meeting's last day, YYYY-MM-DD (e.g. 2025-12-10)")
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print the brief as JSON (byte-identical for the same data)")
    form.add_argument("--markdown", action="store_true", help="print the brief as Markdown")
    args = parser.parse_args(argv)
    meeting = meeting_date(args.date)
    from fomc_qa.brief.release_brief import BriefFilesMissing, MeetingNotIndexed, brief_for
    from fomc_qa.policy.timeline import RecordsMissing

    try:
        brief = brief_for(meeting)
    except MeetingNotIndexed as exc:
        raise BadQuestion(exc.reason) from exc
    except BriefFilesMissing as exc:
        raise RecordsMissing(exc.reason) from exc
    if args.json:
        sys.stdout.write(brief.to_json())
    elif args.markdown:
        sys.stdout.write(brief.to_markdown())
    else:
        from rich.markdown import Markdown
        from rich.panel import Panel

        from fomc_qa.cli.render import console

        console().print(Panel(Markdown(brief.to_markdown()), title=f"Release brief · {brief.meeting}",
                              title_align="left"))
    return 0
