"""The release brief of each meeting (fomc_qa.brief), written beside the record as JSON and Markdown; the
Markdown is the materialization's metadata, so the Dagster UI shows the brief on the meeting's partition."""

import datetime as dt

import dagster as dg

from fomc_pipeline.assets.index import corpus
from fomc_pipeline.assets.meeting_runs import report_meetings
from fomc_pipeline.assets.policy import meeting_record
from fomc_pipeline.assets.write_failures import fails_on_write_errors
from fomc_pipeline.partitions import meeting_backfill_policy, meetings
from fomc_pipeline.resources import Storage
from fomc_qa.index.tables import atomic_write_bytes


@dg.asset(
    partitions_def=meetings,
    backfill_policy=meeting_backfill_policy,
    group_name="policy",
    deps=[meeting_record, corpus],
    kinds={"json", "markdown"},
    description="The meeting's release brief: the decision and the range before and after, IORB and ON RRP, the vote "
    "with each dissenter's preference, balance-sheet decisions and the redline against the previous statement "
    "(revised sentences with their word-level edit), every item cited to its chunk; the minutes' roll call and "
    "dissent views once the minutes are in. Written to warehouse/briefs/ as JSON and Markdown; the Markdown shows "
    "here as the partition's `brief`.",
)
@fails_on_write_errors
def release_brief(context: dg.AssetExecutionContext, storage: Storage) -> dg.MaterializeResult:
    by_meeting = {key: _write_brief(storage, key) for key in context.partition_keys}
    return dg.MaterializeResult(metadata=report_meetings(
        context, by_meeting, ["revised", "added", "removed"], shown=["headline"]))


def _write_brief(storage: Storage, key: str) -> dict:
    """Build and write one meeting's brief; returns its metadata. The brief (and the question reading its redline
    imports) is loaded here, not with the code location, which every run and daemon process imports."""
    from fomc_qa.brief.release_brief import BriefUnavailable, brief_for

    paths = storage.paths
    try:
        brief = brief_for(dt.date.fromisoformat(key), paths.root)
    except BriefUnavailable as exc:
        raise dg.Failure(description=f"meeting {key}: no release brief: {exc.reason}", allow_retries=False) from None
    markdown = brief.to_markdown()
    atomic_write_bytes(paths.brief_file(key, ".json"), brief.to_json().encode())
    atomic_write_bytes(paths.brief_file(key, ".md"), markdown.encode())
    return {
        "headline": brief.headline,
        "revised": len(brief.redline["revised"]),
        "added": len(brief.redline["added"]),
        "removed": len(brief.redline["removed"]),
        "minutes_included": brief.minutes["included"],
        "brief": dg.MetadataValue.md(markdown),
        "path": dg.MetadataValue.path(str(paths.brief_file(key, ".md"))),
    }
