"""`python -m fomc_qa benchmark [--scale N ...] [--out DIR]`: the ANN benchmark outside Dagster.

argv -> `StudyOptions` -> `fomc_qa.benchmark.study.run_study` -> a printed summary and an exit code
(3 when the pipeline has materialized nothing to measure, 2 when too little).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from fomc_qa.benchmark.study import NoEmbeddings, NothingToMeasure, StudyOptions, StudyReport, run_study
from fomc_qa.cli.main import EXIT_BAD_INPUT, EXIT_NO_INDEX, EXIT_OK
from fomc_qa.config import DataPaths, Settings
from fomc_qa.index.store import BUILD_COMMAND


def _parser(settings: Settings, default_scale: Sequence[int]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m fomc_qa benchmark",
                                     description="Benchmark ANN indexes on the materialized embeddings.")
    parser.add_argument("--scale", type=int, nargs="+", metavar="N", default=list(default_scale),
                        help="also run the scale study on synthetic corpora of these sizes (e.g. 10000 100000 1000000)")
    parser.add_argument("--data-dir", type=Path, default=settings.data_dir,
                        help="data directory (default: FOMC_DATA_DIR)")
    parser.add_argument("--out", type=Path, default=None, help="report directory (default: <data>/reports)")
    parser.add_argument("--holdout", type=int, default=300, help="chunk vectors held back as queries (default 300)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved timing rounds on the real corpus (default 5)")
    parser.add_argument("--budget", type=float, default=600.0, help="time box per scale size, seconds (default 600)")
    parser.add_argument("--threads", type=int, default=None, help="threads for builds and batches (default: all cores)")
    parser.add_argument("--grid", choices=["full", "small"], default="full",
                        help="full sweep (default) or one build per family for a quick smoke run")
    parser.add_argument("--seed", type=int, default=0)
    return parser


def parse(argv: Sequence[str] | None, *, default_scale: Sequence[int] = ()) -> tuple[DataPaths, StudyOptions]:
    """The data directory and the study's options from the command line (argparse exits on bad input)."""
    settings = Settings.from_env()
    parser = _parser(settings, default_scale)
    args = parser.parse_args(argv)
    try:
        options = StudyOptions(grid=args.grid, scale=tuple(args.scale), holdout=args.holdout, rounds=args.rounds,
                               budget_s=args.budget, threads=args.threads, seed=args.seed,
                               embed_model=settings.embed_model, out_dir=args.out)
    except ValueError:
        parser.error("--scale sizes, --rounds and --budget must be positive, --holdout non-negative")
    return DataPaths(args.data_dir), options


def fail(exc: NothingToMeasure) -> int:
    """Print why there is nothing to measure; the exit code says which case."""
    if isinstance(exc, NoEmbeddings):
        print(f"error: {exc}: run the pipeline first: {BUILD_COMMAND}", file=sys.stderr)
        return EXIT_NO_INDEX
    print(f"error: {exc}", file=sys.stderr)
    return EXIT_BAD_INPUT


def print_report(report: StudyReport) -> None:
    summary = report.summary
    s = summary["shipped"]
    print(f"shipped: {s['label']}  recall@10 {s['recall_at_10']:.4f}  recall@5 {s['recall_at_5']:.4f}  "
          f"p50 {s['latency_ms_p50']:.4f} ms  p99 {s['latency_ms_p99']:.4f} ms  {s['batch_qps']:.0f} q/s  "
          f"build {s['build_s']:.2f} s  {s['memory_bytes'] / 1e6:.2f} MB")
    print(f"check recall@10 >= {report.recall_floor}: {'PASS' if report.check_passed else 'FAIL'}")
    for fam, v in summary["versus"].items():
        r = v["rival"]
        print(f"vs {fam:13s} {r['label']:45s} recall@10 {r['recall_at_10']:.4f}  p50 {r['latency_ms_p50']:.4f} ms  "
              f"-> shipped {v['p50_ratio']:.2f}x at p50 ({v['matched_on']})")
    rows = summary["scale"]
    if len({r["corpus_size"] for r in rows}) > 1:
        print("scale (fastest setting with recall@10 >= floor per family):")
        for r in rows:
            flag = "" if r["meets_floor"] else "  (below floor)"
            print(f"  N={r['corpus_size']:>9,} {r['corpus_kind']:9s} {r['family']:13s} {r['label']:45s} "
                  f"recall@10 {r['recall_at_10']:.4f}  p50 {r['latency_ms_p50']:.4f} ms  build {r['build_s']:.1f} s  "
                  f"{r['memory_bytes'] / 1e6:.1f} MB{flag}")
    for name, p in report.files.as_dict().items():
        print(f"{name}: {p}")
    print(f"total {report.elapsed_s:.0f} s")


def setup_logging() -> None:
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S", stream=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit code."""
    paths, options = parse(argv)
    setup_logging()
    try:
        report = run_study(paths, options)
    except NothingToMeasure as exc:
        return fail(exc)
    print_report(report)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
