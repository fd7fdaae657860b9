"""`dagster-daemon run` with a shorter backfill tick: the daemon the build (and the tests) start.

    python -m fomc_pipeline.runs.daemon_main run -m fomc_pipeline.definitions

Dagster 1.13's backfill daemon looks at its backfills every 30 s (`DEFAULT_DAEMON_INTERVAL_SECONDS` in
`dagster._daemon.controller`; no instance setting changes it). A build pays that tick twice on its
critical path: its downstream run is requested at the first tick after the meeting runs end, and the
backfill is marked complete at the first tick after that run ends, 0-30 s each (README, "Operations").
This entry point sets the interval to FOMC_BACKFILL_TICK_S (default 5 s) before starting Dagster's own
daemon, which is otherwise unchanged; an iteration over a build's backfill takes well under a second.
`dagster dev` starts Dagster's daemon as it is, with the 30 s tick. If a Dagster release drops the
constant, the daemon runs with its own tick and a warning says so.
"""

from __future__ import annotations

import os
import sys

ENV = "FOMC_BACKFILL_TICK_S"
DEFAULT_TICK_S = 5


def tick_s() -> int:
    value = os.environ.get(ENV, "").strip() or str(DEFAULT_TICK_S)
    if not value.isdigit() or int(value) < 1:
        raise SystemExit(f"{ENV} must be a whole number of seconds >= 1, not {value!r}")
    return int(value)


def main() -> None:
    import dagster._daemon.controller as controller

    if hasattr(controller, "DEFAULT_DAEMON_INTERVAL_SECONDS"):
        controller.DEFAULT_DAEMON_INTERVAL_SECONDS = tick_s()
    else:
        print(f"warning: this Dagster has no DEFAULT_DAEMON_INTERVAL_SECONDS; {ENV} is not applied", file=sys.stderr)
    from dagster._daemon.cli import main as daemon_cli

    daemon_cli()


if __name__ == "__main__":
    main()
