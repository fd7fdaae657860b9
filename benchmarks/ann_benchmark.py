"""The full ANN study: the real corpus sweep, shards vs merged, and the scale study at 10k, 100k
and 1M vectors (each size time-boxed to 10 minutes, sized down with the reason when it would not
fit). Writes the report to <FOMC_DATA_DIR>/reports/ (default: this repository's data/reports/)
and prints the figures.

    python benchmarks/ann_benchmark.py [--scale N ...] [--out DIR] [--budget S] ...

Every option of `python -m fomc_qa benchmark` is accepted; this script only changes the default
of --scale from none to 10000 100000 1000000.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FULL_SCALE = (10_000, 100_000, 1_000_000)


def main(argv: list[str]) -> int:
    os.environ.setdefault("FOMC_DATA_DIR", str(REPO / "data"))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    sys.path.insert(0, str(REPO))
    from fomc_qa.benchmark.study import NothingToMeasure, run_study
    from fomc_qa.cli.benchmark import fail, parse, print_report, setup_logging

    paths, options = parse(argv, default_scale=FULL_SCALE)
    setup_logging()
    t0 = time.perf_counter()
    try:
        print_report(run_study(paths, options))
        code = 0
    except NothingToMeasure as exc:
        code = fail(exc)
    print(f"full study: {time.perf_counter() - t0:.0f} s wall time (exit {code})")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
