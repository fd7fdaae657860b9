"""The UI's path against the README's: a backfill of every meeting and everything downstream launched
through `dagster dev`'s GraphQL API (what "Materialize all" sends), and `python -m fomc_pipeline.runs.build
--snapshot`, back to back in one sitting, each into its own scratch data dir with a cold embedding cache.

    python benchmarks/backfill_vs_build.py [--meetings 2024-01-31 2024-03-20 ...]

Writes data/reports/backfill_vs_build.json and prints the ratio (backfill time / build time).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from fomc_qa.config import Settings
from fomc_qa.index.tables import atomic_write_bytes

LAUNCH = """
mutation Launch($params: LaunchBackfillParams!) {
  launchPartitionBackfill(backfillParams: $params) {
    __typename
    ... on LaunchBackfillSuccess { backfillId }
    ... on PythonError { message }
    ... on UnauthorizedError { message }
  }
}
"""
TIMEOUT_S = 3600.0


def scratch_env(root: Path, settings: Settings) -> dict:
    """A data dir with the tracked snapshot and eval set linked in, and its own Dagster home."""
    data = root / "data"
    data.mkdir(parents=True)
    os.symlink(settings.paths.snapshot.parent, data / "snapshot")
    os.symlink(settings.paths.eval, data / "eval")
    return {**os.environ, "FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(data / "dagster_home")}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def time_build(env: dict, meetings: list[str] | None) -> dict:
    args = [sys.executable, "-m", "fomc_pipeline.runs.build", "--snapshot", "--quiet"]
    if meetings:
        args += ["--meetings", *meetings]
    t = time.perf_counter()
    subprocess.run(args, env=env, check=True, timeout=TIMEOUT_S)
    return {"seconds": round(time.perf_counter() - t, 1)}


def time_ui_backfill(env: dict, meetings: list[str] | None) -> dict:
    """Partitions as the sensor would have added them, then `dagster dev` and one GraphQL launch of
    every asset over every meeting; timed from the launch to the backfill's completion."""
    from fomc_pipeline.fed.snapshot_server import serve_snapshot

    settings = Settings.from_env()
    with serve_snapshot(settings.paths.snapshot) as url:
        env = {**env, "FOMC_SOURCE_URL": url}
        os.environ.update(env)
        import dagster as dg

        from fomc_pipeline import definitions as d
        from fomc_pipeline.partitions import meetings as meetings_def
        from fomc_pipeline.runs.build import discover
        from fomc_pipeline.runs.instance_home import open_instance

        _, keys = discover(meetings)
        instance = open_instance(Path(env["FOMC_DATA_DIR"]))
        instance.add_dynamic_partitions(meetings_def.name, keys)
        port = free_port()
        # The environment's own dagster, found beside this interpreter (the venv need not be activated).
        bin_dir = str(Path(sys.executable).parent)
        env = {**env, "PATH": bin_dir + os.pathsep + env.get("PATH", "")}
        command = [str(Path(bin_dir) / "dagster"), "dev", "-m", "fomc_pipeline.definitions", "-p", str(port)]
        dev = subprocess.Popen(command, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            endpoint = f"http://127.0.0.1:{port}/graphql"
            deadline = time.monotonic() + 300
            while True:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.post(endpoint, json={"query": "{ version }"}, timeout=5).status_code == 200:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError("dagster dev did not answer GraphQL within 300 s")
                time.sleep(1)
            selection = [{"path": a.key.path} for a in [*d.per_meeting_assets, *d.downstream]]
            t = time.perf_counter()
            answer = httpx.post(endpoint, timeout=120, json={
                "query": LAUNCH, "variables": {"params": {"partitionNames": keys, "assetSelection": selection}}}).json()
            launched = answer["data"]["launchPartitionBackfill"]
            if launched["__typename"] != "LaunchBackfillSuccess":
                raise RuntimeError(f"the launch failed: {launched}")
            backfill_id = launched["backfillId"]
            while True:
                backfill = instance.get_backfill(backfill_id)
                if backfill.status.value not in ("REQUESTED", "CANCELING", "FAILING"):
                    break
                if time.perf_counter() - t > TIMEOUT_S:
                    raise RuntimeError(f"backfill {backfill_id} did not finish within {TIMEOUT_S:.0f} s")
                time.sleep(2)
            seconds = time.perf_counter() - t
            runs = instance.get_runs(dg.RunsFilter.for_backfill(backfill_id))
            return {"seconds": round(seconds, 1), "status": backfill.status.value, "runs": len(runs),
                    "run_statuses": sorted(r.status.value for r in runs), "meetings": len(keys)}
        finally:
            os.killpg(dev.pid, signal.SIGTERM)
            try:
                dev.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(dev.pid, signal.SIGKILL)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--meetings", nargs="*", help="only these meeting dates (default: every published one)")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    figures: dict = {"date": dt.date.today().isoformat(), "cores": os.cpu_count(),
                     "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        figures["build"] = time_build(scratch_env(Path(a), settings), args.meetings)
        print(f"build: {figures['build']['seconds']} s", flush=True)
        figures["ui_backfill"] = time_ui_backfill(scratch_env(Path(b), settings), args.meetings)
        print(f"UI backfill: {figures['ui_backfill']}", flush=True)
    figures["load_after"] = os.getloadavg()
    figures["ratio"] = round(figures["ui_backfill"]["seconds"] / figures["build"]["seconds"], 3)
    out = settings.paths.reports / "backfill_vs_build.json"
    atomic_write_bytes(out, json.dumps(figures, indent=2).encode())
    print(f"ratio (UI backfill / build): {figures['ratio']}; wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
