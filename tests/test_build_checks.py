"""The demo's build through a real daemon, on two consecutive meetings (so the rate-range chain check applies):
every asset check of the build passes (none reads a file before its run wrote it), the demo's check report says
so, each meeting's partition holds that meeting's own figures and check results, and the runs carry the build's
title. The data dir starts with the fixture build's embedding cache, which holds the first meeting's vectors."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import dagster as dg
import pyarrow.parquet as pq
from conftest import GOLDEN, REPO, seed_embedding_cache

from fomc_pipeline import definitions as d
from fomc_pipeline.runs.backfill import TITLE_TAG
from fomc_pipeline.runs.checks_report import latest_build_backfill
from fomc_qa.config import DataPaths

MEETINGS = ["2025-10-29", "2025-12-10"]  # consecutive: the second's range before is the first's after


def small_golden() -> list[dict]:
    """Every fourth question about the two meetings and a few out-of-scope ones: enough for the retrieval
    checks to mean something, few enough that the downstream run takes seconds."""
    questions = json.loads(GOLDEN.read_text())
    about = [q for q in questions if q["category"] != "out-of-scope"
             and {x["date"] for x in q["relevant_documents"]} <= set(MEETINGS)]
    outside = [q for q in questions if q["category"] == "out-of-scope"]
    return about[::4] + outside[::40]


def test_the_demo_s_build_passes_every_check_and_reports_each_meeting_on_its_partition(built, tmp_path,
                                                                                      monkeypatch):
    data, home = tmp_path / "data", tmp_path / "home"
    (data / "eval").mkdir(parents=True)
    seed_embedding_cache(built[0], data)
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
