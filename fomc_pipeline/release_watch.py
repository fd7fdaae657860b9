"""Release day: a sensor that watches for a decision day's statement (a window around 2:00 pm Eastern, one
conditional GET per interval; no request outside the window), launches the meeting's run when the statement
turns 200, its brief and the brief's delivery in the same run; and the delivery asset, a thin
layer over `fomc_qa.delivery` (the outbox and the webhooks). The decisions are plain functions in
`fomc_pipeline/fed/watch.py` and `fomc_qa/delivery/`; this module only wires them to Dagster."""


import json
import time

import dagster as dg

from fomc_pipeline.automation import SENSOR_STATUS, meeting_job
from fomc_pipeline.fed.watch import WatchConfig, WatchState, step
from fomc_pipeline.partitions import meeting_backfill_policy, meetings
from fomc_pipeline.resources import FedSite, Storage
from fomc_qa.config import DataPaths
from fomc_qa.delivery.outbox import Outbox, RetryPolicy, deliver_release, due_meetings
from fomc_qa.delivery.webhooks import WebhookConfigError, configured_webhooks

RELEASE_TAG = "fomc/release"
WATCH = WatchConfig.from_env()
UNFINISHED = [dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING,
              dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.CANCELING]


@dg.asset(
    partitions_def=meetings,
    backfill_policy=meeting_backfill_policy,
    deps=[dg.AssetKey("release_brief")],
    group_name="release",
    description="Sends the meeting's release brief to every configured webhook (FOMC_WEBHOOKS, FOMC_WEBHOOKS_FILE) "
    "through the disk outbox (data/outbox/): written before it is sent, retried with backoff on 5xx and timeouts, "
    "never sent twice. A webhook still failing is logged and left pending (the release watch retries it).",
)
def release_delivery(context: dg.AssetExecutionContext, storage: Storage) -> dg.MaterializeResult:
    key, paths = context.partition_key, storage.paths
    source = paths.brief_file(key, ".json")
    if not source.exists():
        raise dg.Failure(f"no release brief for {key} at {source}: materialize release_brief for it first")
    try:
        hooks = configured_webhooks()
    except WebhookConfigError as exc:
        raise dg.Failure(str(exc)) from None
    outbox = Outbox(paths.outbox)
    deliveries = deliver_release(outbox, key, json.loads(source.read_text()), hooks, RetryPolicy.from_env())
    for d in deliveries:
        if d.state != "sent":
            context.log.warning(f"webhook {d.url}: {d.state} after {d.attempts} attempts ({d.last_error})")
    states = [d.state for d in deliveries]
    return dg.MaterializeResult(metadata={
        "webhooks": len(hooks),
        "sent": states.count("sent"),
        "pending": states.count("pending"),
        "failed": states.count("failed"),
        "deliveries": dg.MetadataValue.md("\n".join(
            ["| webhook | format | state | attempts | last error |", "|---|---|---|---|---|"]
            + [f"| {d.url} | {d.format} | {d.state} | {d.attempts} | {d.last_error} |" for d in deliveries])
            if deliveries else "no webhooks configured (FOMC_WEBHOOKS)"),
    })


# One run on release day: the meeting's assets, then its brief (which reads the meeting's own record and chunk
# files, not the corpus) and the delivery; refresh_downstream rebuilds the corpus beside it.
release_job = dg.define_asset_job(
    "release_job", selection=meeting_job.selection | dg.AssetSelection.assets(release_delivery).upstream(depth=1),
    description="Release day: ingest and index the meeting, record its policy, write its brief, deliver it.")
delivery_job = dg.define_asset_job(
    "delivery_job", selection=dg.AssetSelection.assets(release_delivery),
    description="Retry a meeting's pending webhook deliveries from the outbox.")


def release_runs(instance: dg.DagsterInstance, meeting: str, statuses=None) -> list:
    return instance.get_runs(dg.RunsFilter(tags={RELEASE_TAG: meeting}, statuses=statuses))


def redelivery_requests(context, paths: DataPaths) -> list[dg.RunRequest]:
    """Meetings with a pending delivery due (a failing webhook, a run or daemon killed before it sent) and no
    release run in flight: their delivery is run again from the outbox."""
    requests = []
    for key in due_meetings(Outbox(paths.outbox), time.time()):
        if not release_runs(context.instance, key, UNFINISHED):
            requests.append(dg.RunRequest(partition_key=key, run_key=f"redeliver-{key}-{time.time():.0f}",
                                          job_name=delivery_job.name, tags={RELEASE_TAG: key}))
    return requests


@dg.sensor(
    jobs=[release_job, delivery_job],
    minimum_interval_seconds=WATCH.interval_s,
    default_status=SENSOR_STATUS,
    description=f"Release day: in the window {WATCH.window} (FOMC_WATCH_WINDOW) of a day the calendar lists a meeting "
    "ending, polls the expected statement URL with one conditional GET per tick (FOMC_WATCH_INTERVAL_S); when it turns "
    "200, adds the partition and runs the meeting, its brief and their delivery. No request "
    "outside the window. Also re-runs deliveries left pending in the outbox.",
)
def release_watch_sensor(context: dg.SensorEvaluationContext, fed: FedSite, storage: Storage):
    # Read each tick, so the window and the clock follow the environment (tests inject them); the interval is
    # the definition's.
    state, outcome = step(WatchState.from_json(context.cursor), WatchConfig.from_env(), fed.client)
    if outcome.kind in ("error", "published"):
        context.log.info(outcome.line)
    requests, partitions = [], []
    if outcome.kind == "published":
        key = state.published
        if key not in context.instance.get_dynamic_partitions(meetings.name):
            partitions.append(meetings.build_add_request([key]))
        requests.append(dg.RunRequest(partition_key=key, run_key=f"release-{key}", job_name=release_job.name,
                                      tags={RELEASE_TAG: key}))
    requests += redelivery_requests(context, storage.paths)
    context.update_cursor(state.to_json())
    if not requests and not partitions:
        return dg.SkipReason(outcome.line)
    return dg.SensorResult(run_requests=requests, dynamic_partitions_requests=partitions)
