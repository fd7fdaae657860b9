"""Release day: a sensor that watches for a decision day's statement (a window around 2:00 pm Eastern, one
conditional GET per interval; no request outside the window), launches the meeting's run when the statement
turns 200, then the brief and its delivery once the corpus holds the meeting; and the delivery asset, a thin
layer over `fomc_qa.delivery` (the outbox and the webhooks). The decisions are plain functions in
`fomc_pipeline/fed/watch.py` and `fomc_qa/delivery/`; this module only wires them to Dagster."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

import dagster as dg

from fomc_pipeline.automation import SENSOR_STATUS, meeting_job
from fomc_pipeline.fed.watch import WatchConfig, WatchState, step
from fomc_pipeline.partitions import meetings
from fomc_pipeline.resources import FedSite, Storage
from fomc_qa.config import DataPaths
from fomc_qa.delivery.outbox import Outbox, RetryPolicy, deliver_release, due_meetings
from fomc_qa.delivery.webhooks import WebhookConfigError, configured_webhooks

RELEASE_TAG = "fomc/release"
WATCH = WatchConfig.from_env()
UNFINISHED = [dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING,
              dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.CANCELING]


def brief_file(paths: DataPaths, meeting: str):
    """Where the release_brief asset writes a meeting's brief."""
    return paths.warehouse / "briefs" / f"{meeting}.json"


@dg.asset(
    partitions_def=meetings,
    deps=[dg.AssetKey("release_brief")],
    group_name="release",
    description="Sends the meeting's release brief to every configured webhook (FOMC_WEBHOOKS, FOMC_WEBHOOKS_FILE) "
    "through the disk outbox (data/outbox/): written before it is sent, retried with backoff on 5xx and timeouts, "
    "never sent twice. A webhook still failing is logged and left pending (the release watch retries it).",
)
def release_delivery(context: dg.AssetExecutionContext, storage: Storage) -> dg.MaterializeResult:
    key, paths = context.partition_key, storage.paths
    source = brief_file(paths, key)
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


release_job = dg.define_asset_job(
    "release_job", selection=dg.AssetSelection.keys("release_brief", "release_delivery"),
    description="A meeting's release brief and its delivery to the configured webhooks.")
delivery_job = dg.define_asset_job(
    "delivery_job", selection=dg.AssetSelection.assets(release_delivery),
    description="Retry a meeting's pending webhook deliveries from the outbox.")


@dataclass
class WatchCursor:
    """The watch's state for today, and the meetings whose run was requested and whose brief is not yet."""

    watch: WatchState = field(default_factory=WatchState)
    ingesting: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"watch": json.loads(self.watch.to_json()), "ingesting": self.ingesting}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> WatchCursor:
        if not text:
            return cls()
        loaded = json.loads(text)
        return cls(WatchState(**loaded["watch"]), loaded["ingesting"])


def in_corpus(paths: DataPaths, meeting: str) -> bool:
    return paths.manifest.exists() and meeting in json.loads(paths.manifest.read_text()).get("partitions", [])


def release_runs(instance: dg.DagsterInstance, meeting: str, statuses=None) -> list:
    return instance.get_runs(dg.RunsFilter(tags={RELEASE_TAG: meeting}, statuses=statuses))


def brief_requests(context, cursor: WatchCursor, paths: DataPaths) -> list[dg.RunRequest]:
    """The brief of each released meeting whose run succeeded and which the corpus now holds."""
    requests = []
    for key in list(cursor.ingesting):
        runs = release_runs(context.instance, key)
        if any(r.status == dg.DagsterRunStatus.FAILURE for r in runs if r.job_name == meeting_job.name):
            context.log.warning(f"the release run of {key} failed: no brief (see the run's logs)")
            cursor.ingesting.remove(key)
        elif in_corpus(paths, key):
            requests.append(dg.RunRequest(partition_key=key, run_key=f"release-brief-{key}", job_name=release_job.name,
                                          tags={RELEASE_TAG: key}))
            cursor.ingesting.remove(key)
    return requests


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
    jobs=[meeting_job, release_job, delivery_job],
    minimum_interval_seconds=WATCH.interval_s,
    default_status=SENSOR_STATUS,
    description=f"Release day: in the window {WATCH.window} (FOMC_WATCH_WINDOW) of a day the calendar lists a meeting "
    "ending, polls the expected statement URL with one conditional GET per tick (FOMC_WATCH_INTERVAL_S); when it turns "
    "200, adds the partition and runs the meeting, then its brief and delivery once the corpus holds it. No request "
    "outside the window. Also re-runs deliveries left pending in the outbox.",
)
def release_watch_sensor(context: dg.SensorEvaluationContext, fed: FedSite, storage: Storage):
    cursor = WatchCursor.from_json(context.cursor)
    paths = storage.paths
    cursor.watch, outcome = step(cursor.watch, WATCH, fed.client)
    if outcome.kind in ("error", "published"):
        context.log.info(outcome.line)
    requests, partitions = [], []
    if outcome.kind == "published":
        key = cursor.watch.published
        if key not in context.instance.get_dynamic_partitions(meetings.name):
            partitions.append(meetings.build_add_request([key]))
        requests.append(dg.RunRequest(partition_key=key, run_key=f"release-{key}", job_name=meeting_job.name,
                                      tags={RELEASE_TAG: key}))
        cursor.ingesting.append(key)
    requests += brief_requests(context, cursor, paths) + redelivery_requests(context, paths)
    context.update_cursor(cursor.to_json())
    if not requests and not partitions:
        return dg.SkipReason(outcome.line)
    return dg.SensorResult(run_requests=requests, dynamic_partitions_requests=partitions)
