"""The policy record: a typed record per meeting (meeting_record) and the timeline over all of them."""

import dagster as dg
import polars as pl

from fomc_pipeline.assets.index import corpus
from fomc_pipeline.assets.ingest import chunks, raw_pages
from fomc_pipeline.assets.meeting_runs import report_meetings
from fomc_pipeline.assets.ui_metadata import image_preview, table
from fomc_pipeline.assets.write_failures import fails_on_write_errors
from fomc_pipeline.fed.record_parser import parse_meeting_record
from fomc_pipeline.partitions import meeting_backfill_policy, meetings
from fomc_pipeline.resources import Storage
from fomc_qa.index.tables import atomic_write, atomic_write_bytes, read_records, read_table
from fomc_qa.index.writer import write_catalog
from fomc_qa.models import DocumentChunk, FOMCDocument
from fomc_qa.policy.chart import timeline_chart
from fomc_qa.policy.record import MeetingRecord
from fomc_qa.policy.timeline import chain_problems, records_json, timeline_rows


@dg.asset(
    partitions_def=meetings,
    backfill_policy=meeting_backfill_policy,
    group_name="policy",
    deps=[chunks, raw_pages],
    kinds={"python", "json"},
    description="The meeting's policy record parsed from its statement (and minutes): the decision and its size, "
    "the target range, administered rates, balance-sheet actions and the purchase paces and runoff caps in effect, "
    "the statement's sentences by role, votes and "
    "dissents, attendance. Every field keeps its verbatim sentence and that sentence's chunk.",
)
@fails_on_write_errors
def meeting_record(context: dg.AssetExecutionContext, storage: Storage) -> dg.MaterializeResult:
    by_meeting = {key: _write_record(storage.paths, key) for key in context.partition_keys}
    return dg.MaterializeResult(metadata=report_meetings(
        context, by_meeting, ["voters_for", "statement_sentences"],
        shown=["decision", "change_bp", "range_after", "dissenters"]))


def _write_record(paths, key: str) -> dict:
    """Parse and write one meeting's record; returns its metadata."""
    docs = {d.doc_type: d for d in read_records(paths.partition_file("documents", key), FOMCDocument)}
    if "statement" not in docs:
        raise dg.Failure(description=f"meeting {key}: no statement, so no policy record (re-materialize raw_pages)")
    labels = read_table(paths.partition_file("raw_pages", key)).column("calendar_label").to_pylist()
    unscheduled = any("unscheduled" in (label or "") for label in labels)
    record = parse_meeting_record(docs["statement"], docs.get("minutes"),
                                  read_records(paths.partition_file("chunks", key), DocumentChunk),
                                  unscheduled=unscheduled)
    path = paths.record_file(key)
    atomic_write_bytes(path, record.model_dump_json(indent=1).encode())
    return {
        "decision": record.decision,
        "change_bp": record.change_bp if record.change_bp is not None else "not stated",
        "range_after": record.range_after.text if record.range_after else "not restated",
        "meeting_kind": record.meeting_kind,
        "voters_for": len(record.voters_for),
        "dissenters": ", ".join(d.name for d in record.dissents) or "none",
        "statement_sentences": len(record.statement),
        "attendance": len(record.attendance),
        "decision_sentence": dg.MetadataValue.md(f"> {record.decision_source.sentence}"),
        "path": str(path),
    }


def read_record(storage: Storage, key: str) -> MeetingRecord:
    return MeetingRecord.model_validate_json(storage.paths.record_file(key).read_bytes())


@dg.asset(
    group_name="policy",
    # After the corpus too: both write the DuckDB catalog, and a backfill then runs them in one run (with
    # meeting_record as its only parent, a backfill tick between the meeting runs' ends launched it alone).
    deps=[dg.AssetDep(meeting_record, partition_mapping=dg.AllPartitionMapping()), corpus],
    kinds={"parquet", "duckdb"},
    automation_condition=dg.AutomationCondition.eager(),
    description="Every meeting's decision, change and target range in date order, the ranges chained (each "
    "meeting's range before is the previous one's after), as Parquet (view policy_timeline in the catalog), the "
    "chained records the CLI opens, and a step chart of the range with dissents marked.",
)
@fails_on_write_errors
def policy_timeline(context: dg.AssetExecutionContext, storage: Storage) -> dg.MaterializeResult:
    paths = storage.paths
    known = sorted(context.instance.get_dynamic_partitions(meetings.name))
    ready = [k for k in known if paths.record_file(k).exists()]
    if not ready:
        raise dg.Failure(description="no meeting record yet: materialize meeting_record for the meetings first")
    records = [read_record(storage, k) for k in ready]
    rows = timeline_rows(records)
    frame = pl.DataFrame(rows)
    atomic_write(paths.timeline, lambda tmp: frame.write_parquet(tmp))
    write_catalog(paths)
    atomic_write_bytes(paths.policy_records, records_json(records))
    chart = paths.report("policy_timeline.png")
    atomic_write_bytes(chart, timeline_chart(rows))
    problems = chain_problems(records)
    preview = frame.select("meeting_date", "decision", "change_bp", "range_text", "dissenters").tail(12)
    return dg.MaterializeResult(metadata={
        "meetings": len(rows),
        "raises": sum(r["decision"] == "raise" for r in rows),
        "cuts": sum(r["decision"] == "lower" for r in rows),
        "holds": sum(r["decision"] == "maintain" for r in rows),
        "latest": f"{rows[-1]['meeting_date']}: {rows[-1]['range_text']}",
        "chain_problems": len(problems),
        "chart": image_preview(chart),
        "recent": table(preview.to_dicts()),
        "path": str(paths.timeline),
    })

