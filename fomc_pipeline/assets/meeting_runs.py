"""What a per-meeting asset reports when its run covers several meetings (a backfill's range): each
meeting's own figures on that meeting's partition, and the run's totals with a row per meeting in the
run's log, so a partition never shows the figures of the other meetings it was built with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import dagster as dg

from fomc_qa.text.markdown import markdown_table


def run_summary(by_meeting: Mapping[str, Mapping], summed: Sequence[str], shown: Sequence[str] = ()) -> str:
    """The run's totals of `summed` and a markdown table by meeting (with the `shown` fields beside them)."""
    if not by_meeting:
        raise ValueError("a per-meeting run needs at least one meeting")
    totals = ", ".join(f"{name} {sum(m[name] for m in by_meeting.values())}" for name in summed)
    columns = [*summed, *shown]
    rows = [[key, *(m[name] for name in columns)] for key, m in sorted(by_meeting.items())]
    return (f"this run's {len(by_meeting)} meetings: {totals}\n"
            + "\n".join(markdown_table(["meeting", *columns], rows)))


def report_meetings(context: dg.AssetExecutionContext, by_meeting: Mapping[str, Mapping], summed: Sequence[str],
                    shown: Sequence[str] = ()) -> dict:
    """Put each meeting's figures on its own partition's materialization; log the run's totals and table when
    it covers several. Returns the metadata every partition of the run shares: how many meetings its run had
    (figures of the whole run, where an asset has any, are labelled `run_...`)."""
    summary = run_summary(by_meeting, summed, shown)
    for key, figures in by_meeting.items():
        context.add_asset_metadata(dict(figures), partition_key=key)
    if len(by_meeting) > 1:
        context.log.info(summary)
    return {"meetings_in_run": len(by_meeting)}
