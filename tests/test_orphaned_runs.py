"""After a build is killed with -9: the next build stops the processes its daemon left and fails the
runs and the backfill it never finished; other runs are left alone. And the instance config turns
run monitoring on."""

from __future__ import annotations

import os
import subprocess
import time

import dagster as dg
from dagster._core.execution.backfill import BulkActionStatus, PartitionBackfill
from dagster._core.test_utils import create_run_for_test
from dagster._daemon.types import DaemonHeartbeat

from fomc_pipeline.runs.daemon import (
    BUILD_TAG,
    BUILD_TAG_VALUE,
    _group_alive,
    _group_states,
    daemon_serves,
    reap_orphans,
)
from fomc_pipeline.runs.instance_home import INSTANCE_CONFIG, ensure_home


def _backfill(backfill_id: str, tags: dict) -> PartitionBackfill:
    return PartitionBackfill(backfill_id=backfill_id, status=BulkActionStatus.REQUESTED, from_failure=False,
                             tags=tags, backfill_timestamp=time.time(), asset_selection=[dg.AssetKey("raw_pages")],
                             serialized_asset_backfill_data=None, asset_backfill_data=None, title=None,
                             description=None, run_config=None)


def test_a_killed_builds_runs_processes_and_backfill_are_cleaned_up(tmp_path, monkeypatch):
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    home = ensure_home(tmp_path)
    # What a build killed with -9 leaves: its daemon's process group still running (a run worker) ...
    # (a shell that exits at once leaves its `sleep` to init, as a dead build leaves its daemon's workers).
    shell = subprocess.run(["sh", "-c", "sleep 300 > /dev/null 2>&1 & echo $$"], capture_output=True, text=True,
                           start_new_session=True, check=True)
    group = int(shell.stdout)
    os.killpg(group, 0)
    with dg.DagsterInstance.get() as instance:
        # ... and its daemon's last heartbeats, fresh: without the record of a build's daemon they would
        # mean a daemon serves the instance, with it they are that daemon's own.
        instance.add_daemon_heartbeat(DaemonHeartbeat(time.time(), "SENSOR", "killed-builds-daemon", None))
        assert daemon_serves(instance, home)
        (home / "fomc_build_daemon.pid").write_text(str(group))
        assert not daemon_serves(instance, home)
        ours = {status: create_run_for_test(instance, job_name="__ASSET_JOB", status=status,
                                            tags={BUILD_TAG: BUILD_TAG_VALUE})
                for status in (dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.NOT_STARTED,
                               dg.DagsterRunStatus.SUCCESS)}
        theirs = create_run_for_test(instance, job_name="meeting_job", status=dg.DagsterRunStatus.STARTED)
        instance.add_backfill(_backfill("killedbuild", {BUILD_TAG: BUILD_TAG_VALUE}))
        instance.add_backfill(_backfill("fromtheui", {}))

        failed = reap_orphans(instance, home)

        # The leftover process group was stopped: nothing of it runs (an exited `sleep` may stay a zombie
        # for a moment, until init reaps it).
        assert not _group_alive(group)
        assert all(state == "Z" for state in _group_states(group))
        assert not (home / "fomc_build_daemon.pid").exists() and not instance.get_daemon_heartbeats()
        assert sorted(failed) == sorted(ours[s].run_id for s in (dg.DagsterRunStatus.STARTED,
                                                                  dg.DagsterRunStatus.NOT_STARTED))
        status = {r.run_id: r.status for r in instance.get_runs()}
        assert {status[ours[s].run_id] for s in ours} == {dg.DagsterRunStatus.FAILURE, dg.DagsterRunStatus.SUCCESS}
        assert status[ours[dg.DagsterRunStatus.SUCCESS].run_id] == dg.DagsterRunStatus.SUCCESS
        assert status[theirs.run_id] == dg.DagsterRunStatus.STARTED  # not launched by a build: not ours
        assert instance.get_backfill("killedbuild").status == BulkActionStatus.FAILED
        assert instance.get_backfill("fromtheui").status == BulkActionStatus.REQUESTED
        assert reap_orphans(instance, home) == []  # idempotent


def test_the_instance_config_monitors_runs_and_limits_the_queue(tmp_path, monkeypatch):
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    home = ensure_home(tmp_path)
    assert (home / "dagster.yaml").read_text() == INSTANCE_CONFIG.read_text()
    with dg.DagsterInstance.get() as instance:
        assert instance.run_monitoring_enabled and instance.run_monitoring_start_timeout_seconds == 180
        assert instance.get_concurrency_config().run_queue_config.max_concurrent_runs == 2
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: true\n")  # a user's own file is kept
    ensure_home(tmp_path)
    assert (home / "dagster.yaml").read_text() == "telemetry:\n  enabled: true\n"
    assert os.environ["DAGSTER_HOME"] == str(home)
