"""Every asset check of the last build, passed or failed, as the demo prints it at its end.

    python -m fomc_pipeline.runs.checks_report            # the latest backfill the build launched
    python -m fomc_pipeline.runs.checks_report --backfill ID

A per-meeting check is summed over its meetings ("3 of 3 meetings"), naming the meetings it failed on. A check
the build planned but never evaluated (a blocking check upstream failed first) is reported as not run. Exits 1
when a check failed or did not run, so a script can stop on it.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field

import dagster as dg
from dagster._core.storage.dagster_run import RunsFilter


@dataclass
class CheckOutcome:
    """One check over the build's runs: the partitions (None: an unpartitioned check) it passed and failed on,
    and the first failure's detail."""

    asset: str
    check: str
    passed: list[str | None] = field(default_factory=list)
    failed: list[str | None] = field(default_factory=list)
    planned: bool = False
    detail: str = ""

    @property
    def ok(self) -> bool:
        return bool(self.passed) and not self.failed

    @property
    def state(self) -> str:
        if self.failed:
            return "FAILED"
        return "passed" if self.passed else "NOT RUN"

    def line(self) -> str:
        meetings = [p for p in self.passed + self.failed if p is not None]
        where = f": {len([p for p in self.passed if p])} of {len(meetings)} meetings" if meetings else ""
        failed_on = [p for p in self.failed if p]
        if failed_on:
            where += f" (failed on {', '.join(sorted(failed_on))})"
        detail = f" — {self.detail}" if self.failed and self.detail else ""
        return f"{self.state:8} {self.check} on {self.asset}{where}{detail}"


def latest_build_backfill(instance: dg.DagsterInstance) -> str | None:
    """The id of the newest backfill the build launched (by its tag), or None."""
    from fomc_pipeline.runs.daemon import BUILD_TAG, BUILD_TAG_VALUES

    for backfill in instance.get_backfills(limit=50):
        if backfill.tags.get(BUILD_TAG) in BUILD_TAG_VALUES:
            return backfill.backfill_id
    return None


def outcomes(instance: dg.DagsterInstance, run_ids: list[str]) -> list[CheckOutcome]:
    """What every check planned in these runs came to, in the order the runs planned them."""
    by_key: dict[tuple[str, str], CheckOutcome] = {}

    def outcome(asset_key: dg.AssetKey, name: str) -> CheckOutcome:
        key = (asset_key.to_user_string(), name)
        return by_key.setdefault(key, CheckOutcome(*key))

    for run_id in run_ids:
        for entry in instance.all_logs(run_id, of_type=dg.DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED):
            planned = entry.dagster_event.event_specific_data
            outcome(planned.asset_key, planned.check_name).planned = True
        for entry in instance.all_logs(run_id, of_type=dg.DagsterEventType.ASSET_CHECK_EVALUATION):
            evaluation = entry.dagster_event.event_specific_data
            result = outcome(evaluation.asset_key, evaluation.check_name)
            (result.passed if evaluation.passed else result.failed).append(evaluation.partition)
            first = evaluation.metadata.get("first_failures")
            if not evaluation.passed and not result.detail:
                result.detail = str(first.value) if first is not None else (evaluation.description or "")
    return list(by_key.values())


def report(instance: dg.DagsterInstance, backfill_id: str) -> tuple[list[str], bool]:
    """The lines to print and whether every check passed."""
    runs = instance.get_runs(RunsFilter.for_backfill(backfill_id))
    results = outcomes(instance, [r.run_id for r in reversed(runs)])
    lines = [f"== Asset checks of the build (backfill {backfill_id}, {len(runs)} runs) =="]
    lines += [r.line() for r in results]
    failed = [r for r in results if not r.ok]
    lines.append(f"{len(results) - len(failed)} of {len(results)} checks passed"
                 + (f"; not passed: {', '.join(r.check for r in failed)} (details on the asset's Checks tab in "
                    "`dagster dev`)" if failed else ""))
    return lines, bool(results) and not failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backfill", help="a backfill id (default: the latest the build launched)")
    args = parser.parse_args(argv)
    from fomc_pipeline.runs.instance_home import open_instance
    from fomc_qa.config import Settings

    instance = open_instance(Settings.from_env().data_dir)
    backfill_id = args.backfill or latest_build_backfill(instance)
    if backfill_id is None:
        print("no build on this instance yet: run `python -m fomc_pipeline.runs.build --snapshot` first",
              file=sys.stderr)
        return 1
    lines, ok = report(instance, backfill_id)
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
