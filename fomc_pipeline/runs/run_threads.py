"""How many threads torch gets in a run: the machine's cores shared among the runs executing at once.

Each run is one process (in-process executor), and torch gives every process as many threads as the
machine has cores. Two runs side by side on 2 cores then run 4 threads that fight over 2 cores:
measured here, 700 chunks split over two processes took 41-63 s with 2 threads each and 29.4 s with
1 thread each (README, "Operations"). So a run embeds with cores // (runs executing now) threads, at
least 1, and re-counts the runs every 2 s between batches: when the other run of a backfill
finishes, the one still embedding takes both cores; a run alone (a new meeting from the sensor, the
downstream run) takes them all. FOMC_TORCH_THREADS=N fixes the count instead.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator

ENV = "FOMC_TORCH_THREADS"
RECHECK_S = 2.0


def cores() -> int:
    """The cores this process may run on (its CPU affinity, which containers narrow), else the count."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def share(cores: int, active_runs: int) -> int:
    """Threads per run when `active_runs` runs share `cores` cores."""
    return max(1, cores // max(1, active_runs))


def fixed_threads() -> int | None:
    """FOMC_TORCH_THREADS as a positive int, or None when unset; ValueError naming it when malformed."""
    value = os.environ.get(ENV, "").strip()
    if not value:
        return None
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"{ENV} must be a positive whole number of threads, not {value!r}")
    return int(value)


class RunThreads:
    """Called before each embedding batch: every `recheck_s`, sets torch's thread count to this run's
    share of the cores. `count_runs` returns how many runs execute now (this one included); None or an
    error leaves the count as it is."""

    def __init__(self, count_runs: Callable[[], int | None], recheck_s: float = RECHECK_S,
                 clock: Callable[[], float] = time.monotonic, set_threads: Callable[[int], None] | None = None,
                 cores_: int | None = None) -> None:
        self.count_runs = count_runs
        self.recheck_s = recheck_s
        self.clock = clock
        self.cores = cores_ or cores()
        self.fixed = fixed_threads()
        self._set = set_threads or _torch_set_num_threads
        self._checked_at: float | None = None
        self.threads: int | None = None
        self.changes: list[int] = []  # every thread count set, in order (for the asset's metadata)

    def __call__(self) -> None:
        now = self.clock()
        if self._checked_at is not None and now - self._checked_at < self.recheck_s:
            return
        self._checked_at = now
        if self.fixed is not None:
            wanted = self.fixed
        else:
            try:
                active = self.count_runs()
            except Exception:  # a busy instance database: keep the count we have
                active = None
            if active is None:
                if self.threads is not None:
                    return
                active = 1
            wanted = share(self.cores, active)
        if wanted != self.threads:
            self._set(wanted)
            self.threads = wanted
            self.changes.append(wanted)


def _torch_set_num_threads(n: int) -> None:
    import torch

    torch.set_num_threads(n)


def started_runs(instance) -> Callable[[], int | None]:
    """How many runs of the instance have started and not finished (this run among them)."""
    from dagster._core.storage.dagster_run import DagsterRunStatus, RunsFilter

    def count() -> int:
        return instance.get_runs_count(RunsFilter(statuses=[DagsterRunStatus.STARTED]))

    return count


@contextlib.contextmanager
def threads_shared_with_runs(provider, instance) -> Iterator[RunThreads]:
    """Embed with `provider` on this run's share of the cores: its batches call a RunThreads first
    (an encoder without the hook, e.g. the sentence-transformers fallback, gets the share once)."""
    threads = RunThreads(started_runs(instance))
    threads()
    hooked = hasattr(provider, "before_batch")
    if hooked:
        provider.before_batch = threads
    try:
        yield threads
    finally:
        if hooked:
            provider.before_batch = None
