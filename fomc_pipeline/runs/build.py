"""The main job, end to end: discover meetings, then launch on the Dagster instance the same
backfill the UI's "Materialize all" launches (every meeting partition, a few meetings per run, then
the corpus and everything downstream) and wait for it, with progress in the terminal.

    python -m fomc_pipeline.runs.build              # from FOMC_SOURCE_URL (the Fed's site by default)
    python -m fomc_pipeline.runs.build --snapshot   # from the bundled snapshot, served on loopback
    python -m fomc_pipeline.runs.build --snapshot --meetings 2024-01-31 2024-03-20

A daemon works the backfill through the run queue: `dagster dev`'s when one serves the instance,
else one the build starts and stops (README, "Operations").
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path

from fomc_qa.config import Settings

# A full build took over 50 minutes on a heavily shared 2-core machine (README); this bounds the
# wait on a stuck daemon without cutting off a slow build.
BUILD_TIMEOUT_S = 4 * 3600.0


def discover(meeting_keys: list[str] | None) -> tuple[int, list[str]]:
    """The meetings listed from the start date and, of those, the published ones to build."""
    from fomc_pipeline import definitions as d
    from fomc_pipeline.fed.ingestion import fetch_meetings, is_published

    fed = d.defs.resources["fed"]
    with fed.client() as client:
        listed = fetch_meetings(client, fed.start)
        if meeting_keys:
            unknown = set(meeting_keys) - {m.key for m in listed}
            if unknown:
                raise SystemExit(f"not FOMC meetings on the calendar: {', '.join(sorted(unknown))}")
            listed = [m for m in listed if m.key in meeting_keys]
        published = [m for m in listed if is_published(client, m)]
    return len(listed), [m.key for m in published]


def build(meeting_keys: list[str] | None, quiet: bool = False, skip: list[str] | None = None) -> dict:
    """Backfill the whole graph over the published meetings (less the downstream assets named in
    `skip`); returns a summary (also printed)."""
    from fomc_pipeline import definitions as d
    from fomc_pipeline.partitions import MEETINGS_PER_RUN, meetings
    from fomc_pipeline.runs import backfill
    from fomc_pipeline.runs.daemon import daemon_serves, reap_orphans, running_daemon
    from fomc_pipeline.runs.instance_home import open_instance

    settings = Settings.from_env()
    names = {a.key.to_user_string(): a for a in d.downstream}
    unknown = set(skip or []) - set(names)
    if unknown:
        raise SystemExit(f"--skip takes downstream assets ({', '.join(names)}), not: {', '.join(sorted(unknown))}")
    downstream = [a for name, a in names.items() if name not in (skip or [])]
    instance = open_instance(settings.data_dir)
    home = Path(os.environ["DAGSTER_HOME"])
    started = time.time()
    served = daemon_serves(instance, home)
    if not served:
        orphans = reap_orphans(instance, home)
        if orphans:
            print(f"marked {len(orphans)} runs of an interrupted build as failed: {', '.join(orphans)}", flush=True)
    listed, keys = discover(meeting_keys)
    if not keys:
        raise SystemExit("no published meeting to build")
    instance.add_dynamic_partitions(
        meetings.name, [k for k in keys if not instance.has_dynamic_partition(meetings.name, k)]
    )
    print(f"discovered {listed} meetings from {settings.start_date}, {len(keys)} published", flush=True)

    assets = [*d.per_meeting_assets, *downstream, *d.brief_assets]
    backfill_id = backfill.launch(instance, d.defs, keys, assets, title=f"build: {len(keys)} meetings")
    print(f"backfill {backfill_id}: {len(keys)} meetings in runs of up to {MEETINGS_PER_RUN}, then "
          f"{', '.join(a.key.to_user_string() for a in downstream) or 'nothing downstream'}; "
          + ("worked by the daemon already serving this instance" if served else "starting a daemon"), flush=True)

    def report():
        return backfill.progress(instance, backfill_id, [a.key for a in d.per_meeting_assets], keys,
                                 [a.key for a in downstream], started)

    def show(state):
        if not quiet:
            print(state.line(), flush=True)

    with contextlib.ExitStack() as stack:
        if not served:
            stack.enter_context(running_daemon(instance, home, home / "fomc_build_daemon.log"))
        try:
            state = backfill.wait(instance, backfill_id, report, show, timeout_s=BUILD_TIMEOUT_S)
        except backfill.BackfillFailed as exc:
            raise SystemExit(str(exc)) from exc
    return {"meetings": len(keys), "backfill": backfill_id, "runs": sum(state.runs.values()),
            "total_s": round(time.time() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the fomc-qa index end to end.")
    parser.add_argument("--snapshot", action="store_true", help="serve data/snapshot on loopback and build from it")
    parser.add_argument("--meetings", nargs="*", help="only these meeting dates (YYYY-MM-DD)")
    parser.add_argument("--skip", nargs="*", default=[], metavar="ASSET",
                        help="leave out these downstream assets (e.g. ann_benchmark qa_program)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    with contextlib.ExitStack() as stack:
        if args.snapshot:
            from fomc_pipeline.fed.snapshot_server import serve_snapshot

            url = stack.enter_context(serve_snapshot(settings.paths.snapshot))
            os.environ["FOMC_SOURCE_URL"] = url
            print(f"serving the bundled snapshot at {url}", flush=True)
        summary = build(args.meetings, quiet=args.quiet, skip=args.skip)
    print("build summary: " + ", ".join(f"{k}={v}" for k, v in summary.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
