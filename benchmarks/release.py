"""Release day, publish to webhook: simulated releases of recent meetings through a real daemon, timed from the
moment the statement page turns 200 to the moment the webhook receives the brief.

    python benchmarks/release.py [--meetings 2025-06-18 ... 2025-12-10] [--interval 10] [--work DIR] [--reports DIR]

For each meeting: a scratch data dir holding the built warehouse without that meeting (the meetings before it
stay, so its redline has a previous statement; no embedding cache, so the meeting is embedded as on the day),
the snapshot server holding the meeting's statement (404) behind its release switch, a loopback receiver as the
webhook, and a daemon (`dagster-daemon` with the automation on) whose clock reads the meeting's day at 1:59 pm
New York time (FOMC_WATCH_CLOCK_SHIFT_S). Once the watch has polled the 404, the switch flips after a random
part of the poll interval (seeded by the meeting: the Fed's 2:00 pm falls anywhere between two polls; `--phase
worst` flips right after a poll, the longest wait); the figure is the receiver's clock minus the flip. The
stages come from the release run's step events: detect (the flip to
the run's request: the poll interval, FOMC_WATCH_INTERVAL_S, is most of it), launch (request to the run's
start: the run's process, imports, resources), then fetch (raw_pages), chunk (documents, chunks), embed
(embeddings, the model load included), shard (index_shard), record (meeting_record), brief (release_brief) and
deliver (release_delivery's start to the POST received). Writes data/reports/release.md and release.json.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import shutil
import statistics
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from receiver import receiving  # noqa: E402
from waiting import poll  # noqa: E402

from fomc_pipeline.fed.calendar import statement_path  # noqa: E402
from fomc_pipeline.fed.snapshot_server import ReleaseSwitch, serve_snapshot  # noqa: E402
from fomc_pipeline.fed.watch import clock_shift_to  # noqa: E402
from fomc_qa.config import Settings  # noqa: E402
from fomc_qa.index.tables import atomic_write_bytes  # noqa: E402

RECENT = ["2025-06-18", "2025-07-30", "2025-09-17", "2025-10-29", "2025-12-10"]
# Each stage and the steps of the release run it spans.
STAGES = {"fetch": ["raw_pages"], "chunk": ["documents", "chunks"], "embed": ["embeddings"], "shard": ["index_shard"],
          "record": ["meeting_record"], "brief": ["release_brief"]}
WAIT_S = 240.0


def scratch(work: Path, built: Path, meeting: str) -> Path:
    """The built warehouse without `meeting`'s files and without the meetings after it (not yet held then)."""
    data = work / "data"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(built / "warehouse", data / "warehouse",
                    ignore=lambda d, names: [n for n in names if n[:10] >= meeting and n[:4].isdigit()])
    os.symlink(built / "snapshot", data / "snapshot")
    return data


def step_times(instance, run_id: str) -> dict[str, tuple[float, float]]:
    import dagster as dg

    found: dict[str, list[float]] = {}
    for event in instance.all_logs(run_id, of_type={dg.DagsterEventType.STEP_START, dg.DagsterEventType.STEP_SUCCESS}):
        found.setdefault(event.step_key, []).append(event.timestamp)
    return {key: (min(ts), max(ts)) for key, ts in found.items()}


def release(work: Path, built: Path, meeting: str, interval: int, phase: str) -> dict:
    """One simulated release; returns its latency and stages."""
    import dagster as dg

    from fomc_pipeline.partitions import meetings
    from fomc_pipeline.runs.daemon import running_daemon
    from fomc_pipeline.runs.instance_home import open_instance

    data = scratch(work, built, meeting)
    switch = ReleaseSwitch()
    switch.hold(meeting)
    moment = dt.datetime.fromisoformat(f"{meeting}T13:59").replace(tzinfo=ZoneInfo("America/New_York"))
    with serve_snapshot(built / "snapshot" / "www.federalreserve.gov", switch=switch) as site, receiving() as hook:
        os.environ.update({"FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(work / "home"), "FOMC_SOURCE_URL": site,
                           "FOMC_START_DATE": meeting, "FOMC_WATCH_CLOCK_SHIFT_S": str(clock_shift_to(moment)),
                           "FOMC_WATCH_INTERVAL_S": str(interval), "FOMC_WEBHOOKS": f"{hook.url}/channel"})
        instance = open_instance(data)
        listed = sorted(p.stem for p in (data / "warehouse" / "meeting_records").glob("*.json"))
        later = [m for m in RECENT if m > meeting]  # published on the snapshot: known, so the new-meeting sensor waits
        instance.add_dynamic_partitions(meetings.name, listed + later)
        with running_daemon(instance, work / "home", work / "daemon.log", automation=True):
            statement = statement_path(dt.date.fromisoformat(meeting))
            poll(lambda: switch.hits.get(statement), "the watch polls the held statement", WAIT_S, 0.05)
            time.sleep(random.Random(meeting).uniform(0, interval) if phase == "random" else 0)
            published = switch.release()
            (post,) = poll(lambda: hook.delivered(), "the webhook receives the brief", WAIT_S, 0.1)
            tags = {"fomc/release": meeting}
            run = poll(lambda: (r := instance.get_runs(dg.RunsFilter(tags=tags))) and r[0].is_finished and r[0],
                       "the release run ends", WAIT_S, 0.2)
        record = instance.get_run_record_by_id(run.run_id)
        stats = instance.get_run_stats(run.run_id)
        steps = step_times(instance, run.run_id)
        instance.dispose()
    requested = record.create_timestamp.timestamp()
    stages = {"detect": requested - published, "launch": stats.start_time - requested}
    stages |= {name: sum(steps[k][1] - steps[k][0] for k in keys if k in steps) for name, keys in STAGES.items()}
    stages["deliver"] = post.at - steps["release_delivery"][0]
    return {"meeting": meeting, "publish_to_webhook_s": round(post.at - published, 2), "run": run.status.value,
            "stages_s": {k: round(v, 2) for k, v in stages.items()}}


def report(rows: list[dict], interval: int, phase: str) -> tuple[dict, str]:
    median = statistics.median(r["publish_to_webhook_s"] for r in rows)
    stage_medians = {s: round(statistics.median(r["stages_s"][s] for r in rows), 2) for s in rows[0]["stages_s"]}
    summary = {"measured_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), "poll_interval_s": interval,
               "phase": phase, "load_average_1m": os.getloadavg()[0],
               "median_publish_to_webhook_s": median, "stage_medians_s": stage_medians, "releases": rows,
               "path": "a real dagster-daemon per release (the watch sensor, one release run, the webhook POST)"}
    stages = list(stage_medians)
    lines = [f"# Release day: publish to webhook ({summary['measured_at']})", "",
             f"Poll interval {interval} s, {phase} phase, 1-minute load {summary['load_average_1m']:.1f}; "
             f"{len(rows)} releases through a real daemon; median **{median:.1f} s** "
             "from the statement turning 200 to the webhook's POST (target ≤ 30 s).", "",
             "| meeting | publish → webhook (s) | " + " | ".join(stages) + " |",
             "|---|---|" + "---|" * len(stages)]
    lines += [f"| {r['meeting']} | {r['publish_to_webhook_s']:.1f} | "
              + " | ".join(f"{r['stages_s'][s]:.1f}" for s in stages) + " |" for r in rows]
    lines.append(f"| median | {median:.1f} | " + " | ".join(f"{stage_medians[s]:.1f}" for s in stages) + " |")
    return summary, "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--meetings", nargs="+", default=RECENT)
    parser.add_argument("--interval", type=int, default=10, help="the watch's poll interval (production: 10 s)")
    parser.add_argument("--phase", choices=["random", "worst"], default="random",
                        help="when the page turns 200 between two polls (worst: right after one)")
    parser.add_argument("--work", type=Path, default=None, help="scratch dir (default: a temp dir)")
    parser.add_argument("--reports", type=Path, default=None, help="where release.md/json go (default: data/reports)")
    args = parser.parse_args()
    settings = Settings.from_env()
    built = settings.paths.root
    if not (built / "warehouse" / "meeting_records").is_dir():
        raise SystemExit(f"no built warehouse under {built}: run python -m fomc_pipeline.runs.build --snapshot first")
    import tempfile

    work = args.work or Path(tempfile.mkdtemp(prefix="fomc-release-"))
    rows = []
    for meeting in args.meetings:
        t = time.perf_counter()
        row = release(work / meeting, built, meeting, args.interval, args.phase)
        rows.append(row)
        print(f"{meeting}: publish → webhook {row['publish_to_webhook_s']:.1f} s {row['stages_s']} "
              f"({time.perf_counter() - t:.0f} s with the daemon's start and stop)", flush=True)
    summary, markdown = report(rows, args.interval, args.phase)
    reports = args.reports or settings.paths.reports
    atomic_write_bytes(reports / "release.json", json.dumps(summary, indent=2).encode())
    atomic_write_bytes(reports / "release.md", markdown.encode())
    print(markdown)


if __name__ == "__main__":
    main()
