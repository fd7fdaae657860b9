"""The automation with a real daemon: a loopback site first hides its newest meeting, then publishes
it; the sensor adds the partition and runs it, refresh_downstream rebuilds what follows, and the CLI
answers about the new meeting. Every wait is bounded. One earlier meeting (the fixture build's, whose
embedding cache the data dir starts with) makes the corpus before; the new meeting is embedded in its run."""

from __future__ import annotations

import json
import subprocess
import sys

import dagster as dg
import pytest
from conftest import GOLDEN, SNAPSHOT, seed_embedding_cache
from sites import Route, calendar_without, serve
from waiting import poll

from fomc_pipeline.fed.calendar import CALENDAR_PATH
from fomc_pipeline.partitions import meetings
from fomc_pipeline.runs.daemon import running_daemon
from fomc_pipeline.runs.instance_home import open_instance

START = "2025-10-01"
EARLIER, NEWEST = ["2025-10-29"], "2025-12-10"
WAIT_S = 420


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


def test_a_newly_published_meeting_flows_to_an_answer(built, tmp_path, monkeypatch):
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
