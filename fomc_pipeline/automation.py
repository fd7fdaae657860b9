"""Automation: a sensor that turns newly published meetings into partitions and runs, and a
monthly schedule that backfills whatever is missing or incomplete. The decisions are plain
functions (`plan_new_meetings`, `plan_backfill`) so tests can drive them without a daemon."""

import datetime as dt
import os

import dagster as dg

from fomc_pipeline.assets.brief import release_brief
from fomc_pipeline.assets.index import embeddings, index_shard
from fomc_pipeline.assets.ingest import chunks, documents, raw_pages
from fomc_pipeline.assets.policy import meeting_record
from fomc_pipeline.fed.fetch import FedClient, FetchError
from fomc_pipeline.fed.ingestion import fetch_meetings, is_published
from fomc_pipeline.partitions import meetings
from fomc_pipeline.resources import FedSite, Storage
from fomc_qa.config import DataPaths
from fomc_qa.index.tables import read_table
from fomc_qa.models import Meeting

# FOMC_AUTOMATION=off starts the sensors and the schedule stopped: the build sets it for the daemon
# it starts, whose one job is the build's backfill (with the sensor on, building a few meetings
# would also add and run every other meeting on the calendar).
AUTOMATION_ON = os.environ.get("FOMC_AUTOMATION", "on").lower() != "off"
SENSOR_STATUS = dg.DefaultSensorStatus.RUNNING if AUTOMATION_ON else dg.DefaultSensorStatus.STOPPED
SCHEDULE_STATUS = dg.DefaultScheduleStatus.RUNNING if AUTOMATION_ON else dg.DefaultScheduleStatus.STOPPED
# The Fed publishes a few times a quarter, so six hours is prompt; the live test reads it every few seconds.
SENSOR_INTERVAL_S = int(os.environ.get("FOMC_SENSOR_INTERVAL_S", 6 * 60 * 60))
# The least time between two evaluations of refresh_downstream's conditions. Dagster's default is 30 s,
# which a new meeting waits out 15 s on average between its shard and the corpus that includes it. The
# automation daemon's loop comes round every 5 s (Dagster's), so 4 s means every loop (5 s would skip
# every other one, as a loop ends a moment early); an evaluation costs ~35 ms of CPU (README, "Operations").
REFRESH_INTERVAL_S = int(os.environ.get("FOMC_REFRESH_INTERVAL_S", 4))

meeting_job = dg.define_asset_job(
    "meeting_job",
    selection=dg.AssetSelection.assets(raw_pages, documents, chunks, embeddings, index_shard, meeting_record,
                                       release_brief),
    description="Ingest and index one FOMC meeting: raw pages → documents → chunks → embeddings → shard, "
    "its policy record and its release brief (again when its minutes arrive).",
)


def plan_new_meetings(client: FedClient, start: dt.date, existing: set[str]) -> list[Meeting]:
    """Meetings listed on the calendar, not yet partitions, whose pages are published (not 404)."""
    return [m for m in fetch_meetings(client, start) if m.key not in existing and is_published(client, m)]


def plan_backfill(listed: list[Meeting], existing: set[str], materialized: set[str], paths: DataPaths) -> list[str]:
    """Partitions never materialized, plus those whose minutes were missing when last fetched and
    which the calendar now links (minutes come out three weeks after the statement)."""
    listed_by_key = {m.key: m for m in listed}
    keys = []
    for key in sorted(existing):
        if key not in materialized:
            keys.append(key)
            continue
        meeting = listed_by_key.get(key)
        raw = paths.partition_file("raw_pages", key)
        if meeting and meeting.minutes_url and raw.exists():
            if "minutes" not in read_table(raw).column("doc_type").to_pylist():
                keys.append(key)
    return keys


SNAPSHOT_FIX = "or, offline, start `dagster dev` with FOMC_SOURCE_URL=snapshot (the bundled snapshot)"


def unreachable(context, client: FedClient, exc: Exception) -> dg.SkipReason:
    """A tick that cannot read the calendar (offline, a mirror down, a page that changed) is skipped with one
    line, the cause and the fix, on the Automation page and in the daemon's log, instead of a traceback."""
    line = (f"cannot read the FOMC calendar from {client.base_url} (FOMC_SOURCE_URL): {str(exc).splitlines()[0]}; "
            f"fix: check the network or the mirror, {SNAPSHOT_FIX}")
    context.log.warning(line)
    return dg.SkipReason(line)


@dg.sensor(
    target=meeting_job,
    minimum_interval_seconds=SENSOR_INTERVAL_S,
    default_status=SENSOR_STATUS,
    description="Reads the FOMC calendar at FOMC_SOURCE_URL (the Fed's site by default; \"snapshot\": the bundled "
    "snapshot on loopback); adds a partition for each newly published meeting and requests its run. A tick that cannot "
    "read the calendar is skipped with the cause and the fix.",
)
def new_meeting_sensor(context: dg.SensorEvaluationContext, fed: FedSite) -> dg.SensorResult | dg.SkipReason:
    existing = set(context.instance.get_dynamic_partitions(meetings.name))
    with fed.client() as client:
        try:
            new = plan_new_meetings(client, fed.start, existing)
        except (FetchError, ValueError) as exc:
            return unreachable(context, client, exc)
    if not new:
        return dg.SkipReason(f"no newly published meetings ({len(existing)} known)")
    keys = [m.key for m in new]
    return dg.SensorResult(
        run_requests=[dg.RunRequest(partition_key=k, run_key=f"meeting-{k}") for k in keys],
        dynamic_partitions_requests=[meetings.build_add_request(keys)],
    )


@dg.schedule(
    cron_schedule="0 6 1 * *",
    job=meeting_job,
    execution_timezone="America/New_York",
    default_status=SCHEDULE_STATUS,
    description="First of the month: run every meeting partition that is not materialized or lacks its minutes.",
)
def monthly_backfill(context: dg.ScheduleEvaluationContext, fed: FedSite, storage: Storage):
    existing = set(context.instance.get_dynamic_partitions(meetings.name))
    materialized = set(context.instance.get_materialized_partitions(index_shard.key))
    with fed.client() as client:
        try:
            listed = fetch_meetings(client, fed.start)
        except (FetchError, ValueError) as exc:
            return unreachable(context, client, exc)
    keys = plan_backfill(listed, existing, materialized, storage.paths)
    if not keys:
        return dg.SkipReason("every known meeting is materialized and complete")
    tick = context.scheduled_execution_time.strftime("%Y-%m")
    return [dg.RunRequest(partition_key=k, run_key=f"backfill-{tick}-{k}") for k in keys]
