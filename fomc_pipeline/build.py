"""The main job, end to end: discover meetings, materialize every partition, then the corpus and
everything downstream, recording it all in the Dagster instance that `dagster dev` shows.

    python -m fomc_pipeline.build              # from FOMC_SOURCE_URL (the Fed's site by default)
    python -m fomc_pipeline.build --snapshot   # from the bundled snapshot, served on loopback
    python -m fomc_pipeline.build --snapshot --meetings 2024-01-31 2024-03-20

Runs are the same runs the UI launches (`materialize` with the code location's resources), one
per meeting partition; at scale, launch them through `dagster dev`/the daemon instead (README).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path

import dagster as dg

from fomc_qa.config import Settings

QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


def _instance(data_dir: Path) -> dg.DagsterInstance:
    """The persistent instance `dagster dev` reads, so the UI shows what the build did."""
    home = Path(os.environ.setdefault("DAGSTER_HOME", str(data_dir / "dagster_home")))
    home.mkdir(parents=True, exist_ok=True)
    config = home / "dagster.yaml"
    if not config.exists():
        config.write_text("telemetry:\n  enabled: false\n")
    return dg.DagsterInstance.get()


def _checks_for(assets: list, all_checks: list) -> list:
    keys = {a.key for a in assets}
    return [c for c in all_checks if {k.asset_key for k in c.check_keys} <= keys]


def build(meeting_keys: list[str] | None, quiet: bool = False) -> dict:
    """Materialize the whole graph; returns a summary (also printed)."""
    from fomc_pipeline import definitions as d
    from fomc_pipeline.fed.ingestion import fetch_meetings, is_published
    from fomc_pipeline.partitions import meetings

    settings = Settings.from_env()
    instance = _instance(settings.data_dir)
    fed = d.defs.resources["fed"]
    started = time.perf_counter()
    with fed.client() as client:
        listed = fetch_meetings(client, fed.start)
        if meeting_keys:
            unknown = set(meeting_keys) - {m.key for m in listed}
            if unknown:
                raise SystemExit(f"not FOMC meetings on the calendar: {', '.join(sorted(unknown))}")
            listed = [m for m in listed if m.key in meeting_keys]
        published = [m for m in listed if is_published(client, m)]
    keys = [m.key for m in published]
    instance.add_dynamic_partitions(
        meetings.name, [k for k in keys if not instance.has_dynamic_partition(meetings.name, k)]
    )
    print(f"discovered {len(listed)} meetings from {settings.start_date}, {len(keys)} published", flush=True)

    per_meeting = d.per_meeting_assets
    selection = per_meeting + _checks_for(per_meeting, d.all_checks)
    documents = chunks = 0
    for i, key in enumerate(keys, 1):
        t0 = time.perf_counter()
        result = dg.materialize(selection, partition_key=key, instance=instance, resources=d.defs.resources,
                               run_config=QUIET)
        meta = {
            a.key.to_user_string(): result.asset_materializations_for_node(a.op.name)[0].metadata for a in per_meeting
        }
        failed = [c.check_name for c in result.get_asset_check_evaluations() if not c.passed]
        documents += meta["documents"]["documents"].value
        chunks += meta["chunks"]["chunks"].value
        if failed:
            raise SystemExit(f"meeting {key}: checks failed: {', '.join(failed)}")
        if not quiet:
            print(f"[{i:>2}/{len(keys)}] {key}: {meta['documents']['documents'].value} documents, "
                  f"{meta['chunks']['chunks'].value} chunks, {meta['embeddings']['embedded'].value} embedded "
                  f"({time.perf_counter() - t0:.1f} s)", flush=True)
    partition_s = time.perf_counter() - started

    summary = {"meetings": len(keys), "documents": documents, "chunks": chunks,
               "partition_build_s": round(partition_s, 1)}
    for asset in d.downstream:
        t0 = time.perf_counter()
        result = dg.materialize([asset, *_checks_for([asset], d.all_checks)], instance=instance,
                                resources=d.defs.resources, run_config=QUIET)
        failed = [c.check_name for c in result.get_asset_check_evaluations() if not c.passed]
        summary[f"{asset.key.to_user_string()}_s"] = round(time.perf_counter() - t0, 1)
        print(f"{asset.key.to_user_string()}: done in {summary[f'{asset.key.to_user_string()}_s']} s"
              + (f" — checks failed: {', '.join(failed)}" if failed else ""), flush=True)
    summary["total_s"] = round(time.perf_counter() - started, 1)
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the fomc-qa index end to end.")
    parser.add_argument("--snapshot", action="store_true", help="serve data/snapshot on loopback and build from it")
    parser.add_argument("--meetings", nargs="*", help="only these meeting dates (YYYY-MM-DD)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    with contextlib.ExitStack() as stack:
        if args.snapshot:
            from fomc_pipeline.fed.snapshot_server import serve_snapshot

            url = stack.enter_context(serve_snapshot(settings.paths.snapshot))
            os.environ["FOMC_SOURCE_URL"] = url
            print(f"serving the bundled snapshot at {url}", flush=True)
        summary = build(args.meetings, quiet=args.quiet)
    print("build summary: " + ", ".join(f"{k}={v}" for k, v in summary.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
