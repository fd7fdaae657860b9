"""What a per-meeting asset reports when its run covers several meetings (a backfill's range):
the sums over them, and one row per meeting, so the UI shows each meeting's figures either way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import dagster as dg

from fomc_qa.text.markdown import markdown_table


def run_metadata(by_meeting: Mapping[str, Mapping], summed: Sequence[str], shown: Sequence[str] = ()) -> dict:
    """A single meeting's metadata as is; for several, `summed` added up plus a table by meeting
    (with the `shown` fields beside the summed ones)."""
    if not by_meeting:
        raise ValueError("a per-meeting run needs at least one meeting")
    if len(by_meeting) == 1:
        return dict(next(iter(by_meeting.values())))
    totals = {name: sum(m[name] for m in by_meeting.values()) for name in summed}
    columns = [*summed, *shown]
    rows = [[key, *(m[name] for name in columns)] for key, m in sorted(by_meeting.items())]
    return {
        "meetings_in_run": len(by_meeting),
        **totals,
        "by_meeting": dg.MetadataValue.md("\n".join(markdown_table(["meeting", *columns], rows))),
    }
