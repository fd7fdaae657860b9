"""The automation with a real daemon: a loopback site first hides its newest meeting, then publishes
it; the sensor adds the partition and runs it, refresh_downstream rebuilds what follows, and the CLI
answers about the new meeting. Every wait is bounded. One earlier meeting (the fixture build's, whose
embedding cache the data dir starts with) makes the corpus before; the new meeting is embedded in its run.

Then, on the same data dir and instance (so its embedding cache now holds both meetings' vectors), the
demo's build through its own daemon on the two consecutive meetings (so the rate-range chain check
applies): every asset check of the build passes (none reads a file before its run wrote it), the demo's
check report says so, each meeting's partition holds that meeting's own figures and check results, and
the runs carry the build's title. (One daemon-driven test rather than two: each daemon run costs a daemon
start and its ticks, and the build needs two built meetings, which the automation leaves.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pyarrow.parquet as pq
import pytest
from conftest import GOLDEN, REPO, SNAPSHOT, seed_embedding_cache
from sites import Route, calendar_without, serve
from waiting import poll

from fomc_pipeline import definitions as d
from fomc_pipeline.fed.calendar import CALENDAR_PATH
from fomc_pipeline.partitions import meetings
from fomc_pipeline.runs.backfill import TITLE_TAG
from fomc_pipeline.runs.checks_report import latest_build_backfill
from fomc_pipeline.runs.daemon import running_daemon
from fomc_pipeline.runs.instance_home import open_instance
from fomc_qa.config import DataPaths

START = "2025-10-01"
EARLIER, NEWEST = ["2025-10-29"], "2025-12-10"
WAIT_S = 420
MEETINGS = [*EARLIER, NEWEST]  # consecutive: the second's range before is the first's after


def wait_until(predicate, what: str, timeout_s: float = WAIT_S, poll_s: float = 2.0):
    """Poll `predicate` until it returns something truthy; fail naming `what` after `timeout_s`."""
    try:
        return poll(predicate, what, timeout_s, poll_s)
    except TimeoutError as exc:
        pytest.fail(str(exc))


def rebuilt_after(instance: dg.DagsterInstance, asset: str, after: float) -> bool:
    """The asset's latest materialization comes from a run that started after `after`."""
    event = instance.get_latest_materialization_event(dg.AssetKey(asset))
    return bool(event) and (instance.get_run_stats(event.run_id).start_time or 0) > after


def settled(instance: dg.DagsterInstance) -> bool:
    """No run queued or in progress."""
    return not instance.get_runs(dg.RunsFilter(statuses=[
        dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING,
        dg.DagsterRunStatus.STARTED]))


def sensor_run(instance: dg.DagsterInstance, key: str):
    tags = {"dagster/partition": key, "dagster/sensor_name": "new_meeting_sensor"}
    runs = instance.get_runs(dg.RunsFilter(tags=tags))
    return runs[0] if runs else None


def failed_runs(instance: dg.DagsterInstance) -> list[str]:
    """Each failed run with what failed in it."""
    failed = []
    for run in instance.get_runs(dg.RunsFilter(statuses=[dg.DagsterRunStatus.FAILURE])):
        errors = [e.dagster_event.event_specific_data.error.message.strip()
                  for e in instance.all_logs(run.run_id, of_type=dg.DagsterEventType.STEP_FAILURE)]
        failed.append(f"{run.job_name} {run.tags.get('dagster/partition', '')}: {'; '.join(errors)[:800]}")
    return failed


def small_golden() -> list[dict]:
    """Every fourth question about the two meetings and a few out-of-scope ones: enough for the retrieval
    checks to mean something, few enough that the downstream run takes seconds."""
    questions = json.loads(GOLDEN.read_text())
    about = [q for q in questions if q["category"] != "out-of-scope"
             and {x["date"] for x in q["relevant_documents"]} <= set(MEETINGS)]
    outside = [q for q in questions if q["category"] == "out-of-scope"]
    return about[::4] + outside[::40]


def test_a_newly_published_meeting_flows_to_an_answer_then_the_demo_s_build_passes_every_check(
        built, tmp_path, monkeypatch):
    data = tmp_path / "data"
    (data / "eval").mkdir(parents=True)
    seed_embedding_cache(built[0], data)
    # Questions the corpus can answer before and after the new meeting (the checks on them block).
    golden = [q for q in json.loads(GOLDEN.read_text()) if q["category"] == "out-of-scope"
              or {d["date"] for d in q["relevant_documents"]} <= set(EARLIER)]
    (data / "eval" / "golden.json").write_text(json.dumps(golden))
    with serve(SNAPSHOT) as site:
        site.routes[CALENDAR_PATH] = Route(body=calendar_without(SNAPSHOT, {NEWEST}))
        for name, value in {"FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(tmp_path / "home"),
                            "FOMC_SOURCE_URL": site.url, "FOMC_START_DATE": START,
                            "FOMC_SENSOR_INTERVAL_S": "5", "FOMC_REFRESH_INTERVAL_S": "4"}.items():
            monkeypatch.setenv(name, value)
        instance = open_instance(data)
        home = tmp_path / "home"
        with running_daemon(instance, home, tmp_path / "daemon.log", automation=True):
            # The sensor finds the two listed meetings; the automation sensor then builds the corpus.
            wait_until(lambda: set(instance.get_dynamic_partitions(meetings.name)) == set(EARLIER),
                       "the sensor adds the listed meetings")
            wait_until(lambda: all((r := sensor_run(instance, k)) and r.status == dg.DagsterRunStatus.SUCCESS
                                   for k in EARLIER), f"the runs of {EARLIER} succeed")
            manifest = data / "index" / "manifest.json"
            wait_until(lambda: manifest.exists() and json.loads(manifest.read_text())["partitions"] == EARLIER,
                       "refresh_downstream builds the corpus over them")
            wait_until(lambda: instance.get_latest_materialization_event(dg.AssetKey("qa_program"))
                       and settled(instance), "refresh_downstream compiles the program and the daemon settles")
            assert NEWEST not in instance.get_dynamic_partitions(meetings.name)

            site.routes.pop(CALENDAR_PATH)  # the Fed publishes the December meeting
            run = wait_until(lambda: (r := sensor_run(instance, NEWEST)) and r.is_finished and r,
                             f"the sensor launches {NEWEST}'s run and it finishes")
            assert run.status == dg.DagsterRunStatus.SUCCESS, failed_runs(instance)
            assert NEWEST in instance.get_materialized_partitions(dg.AssetKey("index_shard"))
            (record,) = instance.fetch_materializations(dg.AssetRecordsFilter(
                asset_key=dg.AssetKey("embeddings"), asset_partitions=[NEWEST]), limit=1).records
            assert record.asset_materialization.metadata["run_chunks_embedded"].value > 0  # not from the seeded cache
            ended = instance.get_run_stats(run.run_id).end_time
            for asset in ["corpus", "retrieval_eval", "qa_program"]:
                wait_until(lambda a=asset: rebuilt_after(instance, a, ended),
                           f"refresh_downstream rebuilds {asset} after the new meeting")
            wait_until(lambda: settled(instance), "the daemon settles")
        assert json.loads(manifest.read_text())["partitions"] == [*EARLIER, NEWEST]
        assert not failed_runs(instance), failed_runs(instance)

    answer = subprocess.run([sys.executable, "-m", "fomc_qa", "What did the FOMC decide at its December 2025 meeting?",
                             "--json"], capture_output=True, text=True, timeout=120, check=True)
    cited = {c["meeting_date"] for c in json.loads(answer.stdout)["citations"]}
    assert cited == {NEWEST}

    the_demo_s_build_passes_every_check_and_reports_each_meeting_on_its_partition(data, tmp_path / "home",
                                                                                  monkeypatch)


def the_demo_s_build_passes_every_check_and_reports_each_meeting_on_its_partition(data: Path, home: Path,
                                                                                   monkeypatch) -> None:
    """`python -m fomc_pipeline.runs.build --snapshot --meetings` both meetings (no daemon serves the
    instance now: the build starts its own), then `python -m fomc_pipeline.runs.checks_report`."""
    os.symlink(REPO / "data" / "snapshot", data / "snapshot")
    (data / "eval" / "golden.json").write_text(json.dumps(small_golden()))
    env = {**os.environ, "FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(home), "PYTHONPATH": str(REPO)}
    build = subprocess.run([sys.executable, "-m", "fomc_pipeline.runs.build", "--snapshot", "--quiet",
                            "--meetings", *MEETINGS], env=env, cwd=REPO, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    report = subprocess.run([sys.executable, "-m", "fomc_pipeline.runs.checks_report"], env=env, cwd=REPO,
                            capture_output=True, text=True, timeout=120)
    assert report.returncode == 0, report.stdout + report.stderr
    lines = report.stdout.splitlines()
    checked = lines[1:-1]
    assert all(line.startswith("passed") for line in checked), lines
    assert {line.split()[1] for line in checked} == {k.name for c in d.all_checks for k in c.check_keys}
    assert "corpus_files_intact on corpus" in report.stdout
    assert "documents_have_text on documents: 2 of 2 meetings" in report.stdout

    monkeypatch.setenv("DAGSTER_HOME", str(home))
    with dg.DagsterInstance.get() as instance:
        backfill_id = latest_build_backfill(instance)
        runs = instance.get_runs(dg.RunsFilter.for_backfill(backfill_id))
        assert {r.tags.get(TITLE_TAG) for r in runs} == {"build: 2 meetings"}
        assert instance.get_backfill(backfill_id).description.startswith("build: 2 meetings")
        # Both meetings were built in one run, yet each partition shows its own meeting's figures.
        shard_runs = {r.run_id for r in runs if "index_shard" in {k.to_user_string() for k in r.asset_selection or ()}}
        assert len(shard_runs) == 1
        paths = DataPaths(data)
        for key in MEETINGS:
            (record,) = instance.fetch_materializations(dg.AssetRecordsFilter(
                asset_key=dg.AssetKey("index_shard"), asset_partitions=[key]), limit=1).records
            assert record.run_id in shard_runs  # the build's, not the automation's earlier run
            meta = record.asset_materialization.metadata
            assert meta["keys"].value == pq.read_metadata(paths.partition_file("embeddings", key)).num_rows
            assert meta["path"].value == str(paths.shard_file(key)) and meta["meetings_in_run"].value == 2
        # and each partition of a per-meeting check has its own evaluation, not "skipped"
        check_keys = [key for check in d.per_partition_checks for key in check.check_keys]
        infos = instance.event_log_storage.get_asset_check_partition_info(check_keys)
        status = {(i.check_key.name, i.partition_key): i.latest_execution_status.value for i in infos}
        assert status == {(k.name, m): "SUCCEEDED" for k in check_keys for m in MEETINGS}
        # The build ends with each meeting's release brief, the second's redline against the first statement.
        assert instance.get_materialized_partitions(dg.AssetKey("release_brief")) == set(MEETINGS)
        brief = json.loads(paths.brief_file("2025-12-10", ".json").read_text())
        assert brief["redline"]["previous"] == "2025-10-29" and brief["vote"]["tally"] == "9-3"
