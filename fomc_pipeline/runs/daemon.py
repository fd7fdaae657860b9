"""The Dagster daemon the build starts when none is running: it works the backfill through the run
queue exactly as under `dagster dev`. It runs in its own process group, recorded in $DAGSTER_HOME,
and dies with the build (Linux parent-death signal), so a build killed with -9 leaves no workers
behind that the next build cannot find and stop."""

from __future__ import annotations

import contextlib
import ctypes
import datetime as dt
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import dagster as dg
from dagster._core.storage.dagster_run import DagsterRunStatus, RunsFilter

from fomc_qa.index.tables import atomic_write_bytes

CODE_LOCATION = "fomc_pipeline.definitions"
BUILD_TAG = "fomc/launched_by"
BUILD_TAG_VALUE = "fomc_pipeline.runs.build"
# What builds tagged their runs and backfills before the module moved to fomc_pipeline.runs: still reaped.
BUILD_TAG_VALUES = [BUILD_TAG_VALUE, "fomc_pipeline.build"]
# The daemon beats about every 20 s; a beat older than this means no daemon serves the instance.
HEARTBEAT_FRESH_S = 60.0
UNFINISHED = [DagsterRunStatus.NOT_STARTED, DagsterRunStatus.QUEUED, DagsterRunStatus.STARTING,
              DagsterRunStatus.STARTED, DagsterRunStatus.CANCELING]


def _pid_file(home: Path) -> Path:
    return home / "fomc_build_daemon.pid"


def daemon_serves(instance: dg.DagsterInstance, home: Path) -> bool:
    """A daemon other than a build's (`dagster dev`'s, or one a team runs) beat recently for this instance.
    While a build's daemon is recorded in $DAGSTER_HOME, recent beats are its own: it is stopped, or
    orphaned by a killed build (reap_orphans stops it), and serves nothing after."""
    if _pid_file(home).exists():
        return False
    beats = instance.get_daemon_heartbeats()
    now = time.time()
    return bool(beats) and all(now - beat.timestamp < HEARTBEAT_FRESH_S for beat in beats.values())


def _die_with_parent() -> None:
    """Runs in the child before exec: its own process group, SIGTERM when the build dies."""
    os.setsid()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _group_alive(pgid: int) -> bool:
    """Whether a process of the group is still running. Zombies (exited, not yet reaped: the code server
    the daemon started lingers so until init reaps it) do not count, where /proc tells them apart."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    members = _group_states(pgid)
    return members is None or any(state != "Z" for state in members)


def _group_states(pgid: int) -> list[str] | None:
    """The states (R, S, Z, ...) of the group's processes from /proc, or None without /proc."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    states = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()  # after "pid (comm) ": state, ppid, pgrp, ...
        if len(fields) > 2 and fields[2] == str(pgid):
            states.append(fields[0])
    return states


def _stop_group(pgid: int, grace_s: float = 20.0, leader: subprocess.Popen | None = None) -> None:
    """SIGTERM the daemon's process group (it stops its code server and workers), then SIGKILL.
    `leader` is the group's leader when it is this process's child: it is reaped while waiting, else
    its zombie keeps the group "alive" for the whole grace period (a build waited 20 s on it); the
    other members' zombies are left to init."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline:
        if leader is not None:
            leader.poll()
        if not _group_alive(pgid):
            break
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGKILL)


@contextlib.contextmanager
def running_daemon(instance: dg.DagsterInstance, home: Path, log_path: Path,
                   automation: bool = False) -> Iterator[subprocess.Popen]:
    """`dagster-daemon run` on this code location for the duration of the block (with the shorter backfill
    tick of `fomc_pipeline.runs.daemon_main`), with the sensors and schedule off (FOMC_AUTOMATION) unless
    `automation`; its output goes to `log_path`. Stopped (with
    everything it started) on exit, and its heartbeats removed: they would make a build started within
    the minute take the stopped daemon for one that serves the instance, and wait on it."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "fomc_pipeline.runs.daemon_main", "run", "-m", CODE_LOCATION],
            stdout=log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent,
            env={**os.environ, "FOMC_AUTOMATION": "on" if automation else "off"},
        )
    atomic_write_bytes(_pid_file(home), str(process.pid).encode())
    try:
        yield process
    finally:
        _stop_group(process.pid, leader=process)
        process.wait(timeout=30)
        instance.wipe_daemon_heartbeats()
        _pid_file(home).unlink(missing_ok=True)


def reap_orphans(instance: dg.DagsterInstance, home: Path) -> list[str]:
    """Clean up after a build that was killed: stop the process group its daemon left (recorded in
    $DAGSTER_HOME), fail the runs it launched that never finished, and fail its backfills still marked
    as requested (else the next daemon would resume them beside the new one). Returns the failed run ids.
    Call only when no daemon serves the instance: then nothing is executing those runs."""
    pid_file = _pid_file(home)
    if pid_file.exists():
        pgid = int(pid_file.read_text() or 0)
        if pgid > 1 and _group_alive(pgid):
            _stop_group(pgid)
        pid_file.unlink(missing_ok=True)
        instance.wipe_daemon_heartbeats()
    failed = []
    for run in instance.get_runs(RunsFilter(statuses=UNFINISHED, tags={BUILD_TAG: BUILD_TAG_VALUES})):
        instance.report_run_failed(
            run, f"Marked failed by python -m fomc_pipeline.runs.build at {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M:%S} "
            "UTC: the build that launched this run was killed before it finished.")
        failed.append(run.run_id)
    from dagster._core.execution.backfill import BulkActionStatus

    for backfill in instance.get_backfills(status=BulkActionStatus.REQUESTED):
        if backfill.tags.get(BUILD_TAG) in BUILD_TAG_VALUES:
            instance.update_backfill(backfill.with_status(BulkActionStatus.FAILED))
    return failed
