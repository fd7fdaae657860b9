"""Launch the UI's "Materialize all" on the instance (an asset backfill over the chosen meetings and
everything downstream) and wait for the daemon to finish it, with progress a person can follow."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import dagster as dg
from dagster._core.execution.backfill import BULK_ACTION_TERMINAL_STATUSES, BulkActionStatus, PartitionBackfill
from dagster._core.storage.dagster_run import RunsFilter
from dagster._core.utils import make_new_backfill_id

from fomc_pipeline.runs.daemon import BUILD_TAG, BUILD_TAG_VALUE

TITLE_TAG = "fomc/build"


class BackfillFailed(RuntimeError):
    """The backfill ended without materializing everything it targeted."""


@dataclass
class Progress:
    """Where a backfill stands: meeting partitions done of total (a meeting is done when every
    per-meeting asset is), the steps done (asset partitions: a run of many meetings moves a step at a
    time), the downstream assets done, the runs, and an ETA for the meetings from the pace so far."""

    meetings_done: int
    meetings_total: int
    steps_done: int
    steps_total: int
    downstream_done: list[str]
    downstream_total: int
    runs: dict[str, int]
    elapsed_s: float

    @property
    def eta_s(self) -> float | None:
        if not self.steps_done or self.steps_done >= self.steps_total:
            return None
        return self.elapsed_s / self.steps_done * (self.steps_total - self.steps_done)

    def state(self) -> tuple:
        return self.steps_done, len(self.downstream_done), tuple(sorted(self.runs.items()))

    def line(self) -> str:
        eta = f", ETA {self.eta_s:.0f} s" if self.eta_s is not None else ""
        runs = ", ".join(f"{n} {status.lower()}" for status, n in sorted(self.runs.items())) or "none yet"
        return (f"[{self.elapsed_s:6.0f} s] meetings {self.meetings_done}/{self.meetings_total} "
                f"(steps {self.steps_done}/{self.steps_total}{eta}); "
                f"downstream {len(self.downstream_done)}/{self.downstream_total}; runs: {runs}")


def launch(instance: dg.DagsterInstance, defs: dg.Definitions, partition_keys: Sequence[str],
           assets: Sequence[dg.AssetsDefinition], title: str) -> str:
    """Submit an asset backfill of `assets` over `partition_keys` (the unpartitioned ones once, after
    their parents), as the UI's launchPartitionBackfill does; returns its id. The daemon runs it."""
    backfill = PartitionBackfill.from_asset_partitions(
        backfill_id=make_new_backfill_id(),
        asset_graph=defs.resolve_asset_graph(),
        partition_names=list(partition_keys),
        asset_selection=[a.key for a in assets],
        backfill_timestamp=time.time(),
        # The UI shows neither a backfill's title nor its description on the runs it launches; their tags it shows
        # (on the Runs page and each run's), and the backfill's tags go to every run it launches.
        tags={BUILD_TAG: BUILD_TAG_VALUE, TITLE_TAG: title},
        dynamic_partitions_store=instance,
        all_partitions=False,
        title=title,
        description=f"{title}: {len(partition_keys)} meetings and everything downstream, launched by {BUILD_TAG_VALUE}",
        run_config=None,
    )
    instance.add_backfill(backfill)
    return backfill.backfill_id


def progress(instance: dg.DagsterInstance, backfill_id: str, per_meeting: Sequence[dg.AssetKey],
             partition_keys: Sequence[str], downstream: Sequence[dg.AssetKey], started: float) -> Progress:
    runs = instance.get_runs(RunsFilter.for_backfill(backfill_id))
    counts: dict[str, int] = {}
    for run in runs:
        counts[run.status.value] = counts.get(run.status.value, 0) + 1
    since = started - 1
    done = {key: {e.partition_key for e in instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=key, asset_partitions=list(partition_keys), after_timestamp=since),
        limit=10_000).records if e.partition_key} for key in per_meeting}
    downstream_done = [k.to_user_string() for k in downstream if instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=k, after_timestamp=since), limit=1).records]
    return Progress(len(set.intersection(*done.values())), len(partition_keys), sum(len(v) for v in done.values()),
                    len(partition_keys) * len(per_meeting), downstream_done, len(downstream), counts,
                    time.time() - started)


def wait(instance: dg.DagsterInstance, backfill_id: str, report: Callable[[], Progress],
         on_progress: Callable[[Progress], None], timeout_s: float, poll_s: float = 0.5,
         report_s: float = 2.0, heartbeat_s: float = 30.0) -> Progress:
    """Poll the backfill's status every `poll_s` (a cheap read, so the build ends within half a second of
    the backfill) until it reaches a terminal status (bounded by `timeout_s`); count progress every
    `report_s` and report it when it moves and every `heartbeat_s`. Raises BackfillFailed unless the
    backfill completed successfully."""
    deadline = time.monotonic() + timeout_s
    last, shown_at, counted_at, state = None, 0.0, None, None
    while True:
        backfill = instance.get_backfill(backfill_id)
        if backfill is None:
            raise BackfillFailed(f"backfill {backfill_id} is not on the instance")
        terminal = backfill.status in BULK_ACTION_TERMINAL_STATUSES
        if terminal or counted_at is None or time.monotonic() - counted_at >= report_s:
            state, counted_at = report(), time.monotonic()
            if state.state() != last or time.monotonic() - shown_at >= heartbeat_s:
                on_progress(state)
                last, shown_at = state.state(), time.monotonic()
        if terminal:
            if backfill.status != BulkActionStatus.COMPLETED_SUCCESS:
                raise BackfillFailed(f"backfill {backfill_id} ended {backfill.status.value}: "
                                     f"runs {state.runs}; see the Backfills page of `dagster dev`")
            return state
        if time.monotonic() > deadline:
            raise BackfillFailed(f"backfill {backfill_id} did not finish within {timeout_s:.0f} s "
                                 f"(status {backfill.status.value}, runs {state.runs})")
        time.sleep(poll_s)
