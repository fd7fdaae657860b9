"""The instance a team deploys: deploy/dagster.postgres.yaml on a throwaway PostgreSQL 15, and a
3-meeting backfill through the daemon's run queue, twice (the second must duplicate nothing). The
meetings are the fixture build's, whose embedding cache the data dir starts with: what is tested is the
instance, the queue and the daemon, not the encoder."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import dagster as dg
import pyarrow.parquet as pq
import pytest
from conftest import FIXTURE_MEETINGS, REPO, seed_embedding_cache

from fomc_pipeline import definitions as d
from fomc_pipeline.partitions import meetings

PG_BIN = Path("/usr/lib/postgresql/15/bin")
KEYS = sorted(FIXTURE_MEETINGS)
BUILD = [sys.executable, "-m", "fomc_pipeline.runs.build", "--snapshot", "--quiet", "--meetings", *KEYS,
         "--skip", *(a.key.to_user_string() for a in d.downstream)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def throwaway_postgres():
    """initdb into a temp dir, start on a free loopback port, yield a URL; stopped and removed after.
    PostgreSQL refuses to run as root, so as root the server runs as `nobody`."""
    if not (PG_BIN / "initdb").exists():
        pytest.fail(f"PostgreSQL 15 is not installed ({PG_BIN}): scripts/setup.sh installs Debian's postgresql-15")
    root = Path(tempfile.mkdtemp(prefix="fomc-pg-"))
    as_user = []
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(root, nobody.pw_uid, nobody.pw_gid)
        as_user = ["runuser", "-u", "nobody", "--"]
    cluster, port = root / "cluster", _free_port()

    def pg(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=120)

    try:
        pg(str(PG_BIN / "initdb"), "-D", str(cluster), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        pg(str(PG_BIN / "pg_ctl"), "-D", str(cluster), "-l", str(root / "server.log"), "-w", "-t", "60", "-o",
           f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
        try:
            import psycopg2

            with contextlib.closing(psycopg2.connect(host="127.0.0.1", port=port, user="postgres",
                                                     dbname="postgres")) as con:
                con.autocommit = True
                con.cursor().execute("CREATE DATABASE dagster")
            yield f"postgresql+psycopg2://postgres@127.0.0.1:{port}/dagster"
        finally:
            pg(str(PG_BIN / "pg_ctl"), "-D", str(cluster), "-m", "fast", "-w", "stop")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def warehouse_counts(data: Path) -> dict[str, tuple[int, int]]:
    """Per table: how many partition files and rows the warehouse holds."""
    counts = {}
    for table in sorted((data / "warehouse").iterdir()):
        files = sorted(table.glob("*.parquet"))
        counts[table.name] = (len(files), sum(pq.read_metadata(f).num_rows for f in files))
    return counts


def test_a_backfill_through_the_run_queue_on_postgres(built, tmp_path, monkeypatch):
    data, home = tmp_path / "data", tmp_path / "home"
    data.mkdir()
    home.mkdir()
    seed_embedding_cache(built[0], data)
    os.symlink(REPO / "data" / "snapshot", data / "snapshot")
    shutil.copyfile(REPO / "deploy" / "dagster.postgres.yaml", home / "dagster.yaml")
    with throwaway_postgres() as url:
        monkeypatch.setenv("DAGSTER_PG_URL", url)
        env = {**os.environ, "FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(home)}
        subprocess.run(BUILD, env=env, check=True, timeout=600)
        first = warehouse_counts(data)
        subprocess.run(BUILD, env=env, check=True, timeout=600)

        with dg.DagsterInstance.from_config(str(home)) as instance:
            assert type(instance.run_storage).__name__ == "PostgresRunStorage"
            assert type(instance.run_coordinator).__name__ == "QueuedRunCoordinator"
            backfills = instance.get_backfills()
            assert len(backfills) == 2
            assert {b.status.value for b in backfills} == {"COMPLETED_SUCCESS"}
            runs = instance.get_runs()
            assert runs and {r.status for r in runs} == {dg.DagsterRunStatus.SUCCESS}
            # The backfill policy puts the 3 meetings in one run: one run per build.
            assert len(runs) == 2
            assert {(r.tags["dagster/asset_partition_range_start"], r.tags["dagster/asset_partition_range_end"])
                    for r in runs} == {(KEYS[0], KEYS[-1])}
            assert {r.tags["dagster/backfill"] for r in runs} == {b.backfill_id for b in backfills}
            for run in runs:  # each went through the queue the daemon works
                enqueued = instance.get_records_for_run(run.run_id, of_type=dg.DagsterEventType.RUN_ENQUEUED)
                assert enqueued.records, run.run_id
            assert sorted(instance.get_dynamic_partitions(meetings.name)) == KEYS
            for asset in d.per_meeting_assets:
                assert instance.get_materialized_partitions(asset.key) == set(KEYS), asset.key
    assert warehouse_counts(data) == first
    assert first["chunks"][0] == len(KEYS)
