"""One new meeting end to end, the way the product takes it in: a loopback site over the bundled snapshot
first hides its newest meeting; the other meetings are built (`python -m fomc_pipeline.runs.build`, cold
embedding cache); then, with a daemon running the automation (`new_meeting_sensor`, `refresh_downstream`,
the project's instance config), the site publishes the meeting and the time is taken from the sensor's
run request to the corpus that includes the meeting (fetch -> clean -> chunk -> embed -> shard -> corpus
refresh), and on to the rest of the refresh (reader sentences, policy timeline, evaluation, program).

    python benchmarks/new_meeting.py [--runs 3] [--base DIR] [--meeting 2025-12-10]

The sensor's own interval (six hours in production; 2 s here) is when the meeting is noticed, not how
long it takes, so it is reported beside the figure, not in it. Each run starts from a copy of the same
base build (kept in --base DIR when given, and reused if it is there). Writes
data/reports/new_meeting_benchmark.json and prints the figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from sites import Route, calendar_without, serve  # noqa: E402
from waiting import poll  # noqa: E402

from fomc_pipeline.fed.calendar import CALENDAR_PATH  # noqa: E402
from fomc_qa.config import Settings  # noqa: E402
from fomc_qa.index.tables import atomic_write_bytes  # noqa: E402

NEWEST = "2025-12-10"
WAIT_S = 600.0
REFRESHED = ["corpus", "reader_sentences", "policy_timeline", "retrieval_eval", "qa_program"]


def scratch(root: Path, settings: Settings, hidden: str) -> dict:
    """A data dir with the tracked snapshot linked in, the golden questions that do not need the hidden
    meeting (the evaluation's blocking recall check holds before it is published too), and its own
    Dagster home."""
    data = root / "data"
    (data / "eval").mkdir(parents=True)
    os.symlink(settings.paths.snapshot.parent, data / "snapshot")
    questions = json.loads(settings.paths.golden.read_text())
    kept = [q for q in questions if hidden not in {d["date"] for d in q["relevant_documents"]}]
    (data / "eval" / "golden.json").write_text(json.dumps(kept))
    return {"FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(data / "dagster_home")}


def build_base(base: Path, site_url: str, settings: Settings, hidden: str) -> float:
    """Every published meeting but the hidden one, and everything downstream but the ANN benchmark."""
    env = {**os.environ, **scratch(base, settings, hidden), "FOMC_SOURCE_URL": site_url}
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "fomc_pipeline.runs.build", "--quiet", "--skip", "ann_benchmark"], env=env,
                   check=True, timeout=WAIT_S * 3)
    return time.perf_counter() - t


def wait_for(predicate, what: str, timeout_s: float = WAIT_S):
    return poll(predicate, what, timeout_s, poll_s=0.2)


def measure(work: Path, site, meeting: str) -> dict:
    """Publish the meeting and time its way into the corpus, on a daemon with the automation on."""
    import dagster as dg

    from fomc_pipeline.partitions import meetings
    from fomc_pipeline.runs.daemon import running_daemon
    from fomc_pipeline.runs.instance_home import open_instance

    data = work / "data"
    instance = open_instance(data)
    home = Path(os.environ["DAGSTER_HOME"])
    with running_daemon(instance, home, work / "daemon.log", automation=True):
        # The daemon is up when the sensor has looked at the calendar once (and found nothing new).
        wait_for(lambda: instance.get_daemon_heartbeats(), "the daemon's first heartbeat", 120)
        time.sleep(5)
        if meeting in instance.get_dynamic_partitions(meetings.name):
            raise RuntimeError(f"{meeting} is already a partition: the base build did not hide it")
        published = time.time()
        site.routes.pop(CALENDAR_PATH)
        tags = {"dagster/partition": meeting, "dagster/sensor_name": "new_meeting_sensor"}
        run = wait_for(lambda: (r := instance.get_runs(dg.RunsFilter(tags=tags))) and r[0], "the sensor's run")
        requested = instance.get_run_record_by_id(run.run_id).create_timestamp.timestamp()
        run = wait_for(lambda: (r := instance.get_run_by_id(run.run_id)).is_finished and r, "the meeting's run")
        if run.status != dg.DagsterRunStatus.SUCCESS:
            raise RuntimeError(f"the meeting's run ended {run.status.value}: see {work / 'daemon.log'}")
        stats = instance.get_run_stats(run.run_id)
        manifest = data / "index" / "manifest.json"
        wait_for(lambda: manifest.exists() and meeting in json.loads(manifest.read_text())["partitions"],
                 "the corpus includes the meeting")

        def latest(asset: str):
            event = instance.get_latest_materialization_event(dg.AssetKey(asset))
            return event if event and event.timestamp > stats.end_time else None

        corpus = wait_for(lambda: latest("corpus"), "the corpus's materialization")
        refresh = instance.get_run_record_by_id(corpus.run_id)
        ends = {a: wait_for(lambda a=a: latest(a), f"{a} refreshed").timestamp for a in REFRESHED}
        refresh_stats = wait_for(lambda: (s := instance.get_run_stats(corpus.run_id)).end_time and s,
                                 "the refresh run's end")
    steps = {}
    for event in instance.all_logs(run.run_id, of_type={dg.DagsterEventType.STEP_START,
                                                        dg.DagsterEventType.STEP_SUCCESS}):
        steps.setdefault(event.step_key, []).append(event.timestamp)
    embedded = instance.fetch_materializations(dg.AssetRecordsFilter(
        asset_key=dg.AssetKey("embeddings"), asset_partitions=[meeting]), limit=1).records[0]
    meta = embedded.asset_materialization.metadata
    return {
        "sensor_noticed_s": round(requested - published, 2),
        "run_queued_s": round(stats.launch_time - requested, 2) if stats.launch_time else None,
        "run_started_s": round(stats.start_time - requested, 2),
        "run_s": round(stats.end_time - stats.start_time, 2),
        "steps_s": {k: round(v[-1] - v[0], 2) for k, v in steps.items() if len(v) == 2},
        "refresh_requested_after_run_s": round(refresh.create_timestamp.timestamp() - stats.end_time, 2),
        "refresh_run_started_s": round(refresh_stats.start_time - refresh.create_timestamp.timestamp(), 2),
        "corpus_s": round(corpus.timestamp - requested, 2),  # the figure: run request -> corpus with the meeting
        "refresh_done_s": round(max(ends.values()) - requested, 2),
        "refreshed_at_s": {a: round(t - requested, 2) for a, t in ends.items()},
        "chunks_embedded": meta["run_chunks_embedded"].value,
        "sentences_embedded": meta["run_sentences_embedded"].value if "run_sentences_embedded" in meta else None,
        "torch_threads": meta["run_torch_threads"].value if "run_torch_threads" in meta else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--base", type=Path, help="keep (or reuse) the base build here")
    parser.add_argument("--meeting", default=NEWEST, help="the meeting to hide, then publish")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    snapshot = settings.paths.snapshot
    figures: dict = {"date": dt.datetime.now().isoformat(timespec="seconds"), "cores": os.cpu_count(),
                     "meeting": args.meeting, "load_before": os.getloadavg(), "runs": []}
    with tempfile.TemporaryDirectory() as tmp, serve(snapshot) as site:
        hidden = Route(body=calendar_without(snapshot, {args.meeting}))
        site.routes[CALENDAR_PATH] = hidden
        base = args.base or Path(tmp) / "base"
        if not (base / "data" / "index" / "manifest.json").exists():
            shutil.rmtree(base, ignore_errors=True)
            figures["base_build_s"] = round(build_base(base, site.url, settings, args.meeting), 1)
            print(f"base build (all but {args.meeting}): {figures['base_build_s']} s", flush=True)
        for i in range(args.runs):
            work = Path(tmp) / f"run{i}"
            shutil.copytree(base, work, symlinks=True)
            site.routes[CALENDAR_PATH] = hidden
            env = {"FOMC_DATA_DIR": str(work / "data"), "DAGSTER_HOME": str(work / "data" / "dagster_home"),
                   "FOMC_SOURCE_URL": site.url, "FOMC_SENSOR_INTERVAL_S": "2"}
            os.environ.update(env)
            # The copied instance's config and paths point at the base; the daemon reads this copy.
            result = measure(work, site, args.meeting)
            result["load"] = os.getloadavg()[0]
            figures["runs"].append(result)
            r = result
            print(f"run {i + 1}: run request -> corpus {r['corpus_s']} s (run started {r['run_started_s']} s, "
                  f"ran {r['run_s']} s, refresh requested {r['refresh_requested_after_run_s']} s later, "
                  f"started {r['refresh_run_started_s']} s after that); whole refresh {r['refresh_done_s']} s; "
                  f"sensor noticed after {r['sensor_noticed_s']} s", flush=True)
            shutil.rmtree(work, ignore_errors=True)
    runs = figures["runs"]
    figures["median_corpus_s"] = statistics.median(r["corpus_s"] for r in runs)
    figures["median_refresh_done_s"] = statistics.median(r["refresh_done_s"] for r in runs)
    figures["load_after"] = os.getloadavg()
    out = settings.paths.reports / "new_meeting_benchmark.json"
    atomic_write_bytes(out, json.dumps(figures, indent=2).encode())
    print(f"median run request -> corpus {figures['median_corpus_s']} s, whole refresh "
          f"{figures['median_refresh_done_s']} s; wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
