"""The report files: every row as Parquet, the recall-vs-latency PNG, the markdown report and a JSON
summary. Their names are defined here, once (`FILE_NAMES`); the asset, its check, the CLI and the
tests find the files through `ReportFiles`."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from fomc_qa.benchmark.choose import choose_shipped, summarize
from fomc_qa.benchmark.markdown import render_markdown
from fomc_qa.benchmark.plot import plot_png
from fomc_qa.benchmark.searchers import config_label, family_of
from fomc_qa.config import DataPaths
from fomc_qa.index.tables import atomic_write, atomic_write_bytes
from fomc_qa.models import BenchmarkResult

# The report's file names, by role: defined here and nowhere else.
FILE_NAMES = {
    "parquet": "ann_benchmark.parquet",
    "plot": "ann_benchmark_recall_latency.png",
    "markdown": "ann_benchmark.md",
    "summary": "ann_benchmark.json",
}


@dataclass(frozen=True)
class ReportFiles:
    """Where the four report files live: under `DataPaths.reports`, or under another directory (--out)."""

    parquet: Path
    plot: Path
    markdown: Path
    summary: Path

    @classmethod
    def of(cls, paths: DataPaths) -> ReportFiles:
        return cls(**{role: paths.report(name) for role, name in FILE_NAMES.items()})

    @classmethod
    def under(cls, directory: os.PathLike | str) -> ReportFiles:
        return cls(**{role: Path(directory) / name for role, name in FILE_NAMES.items()})

    def as_dict(self) -> dict[str, Path]:
        return asdict(self)


def results_records(results: Iterable[BenchmarkResult]) -> list[dict[str, Any]]:
    """Flat rows for Parquet: every BenchmarkResult field, params as JSON, plus family and label."""
    out = []
    for r in results:
        d = r.model_dump()
        d["params"] = json.dumps(r.params, sort_keys=True)
        d["family"] = family_of(r)
        d["label"] = config_label(r)
        out.append(d)
    return out


def read_results(path: Path) -> list[BenchmarkResult]:
    """BenchmarkResult rows back from the Parquet file `write_report` wrote."""
    import polars as pl

    fields = set(BenchmarkResult.model_fields)
    rows = []
    for d in pl.read_parquet(path).to_dicts():
        d = {k: v for k, v in d.items() if k in fields}
        d["params"] = json.loads(d["params"])
        rows.append(BenchmarkResult(**d))
    return rows


def read_summary(files: ReportFiles) -> dict[str, Any]:
    """The JSON summary `write_report` wrote."""
    return json.loads(files.summary.read_text(encoding="utf-8"))


def write_report(results: Sequence[BenchmarkResult], out_dir: os.PathLike | str,
                 context: dict[str, Any] | None = None) -> ReportFiles:
    """Parquet of every row, the recall-vs-latency PNG, the markdown report and a JSON summary,
    each written atomically under `out_dir`.

    `context` (optional) adds what the rows cannot carry: runtime info (`runtime_info()`),
    corpus/query descriptions, the scale study's noise, profiles, notes and timings.
    """
    import polars as pl

    files = ReportFiles.under(out_dir)
    context = dict(context or {})
    results = list(results)
    summary = summarize(results)
    frame = pl.DataFrame(results_records(results), infer_schema_length=None)
    atomic_write(files.parquet, frame.write_parquet)
    atomic_write_bytes(files.plot, plot_png(results, choose_shipped(results)))
    atomic_write_bytes(files.markdown, render_markdown(results, summary, context).encode("utf-8"))
    summary_out = {**summary, "context": {k: v for k, v in context.items() if k != "runtime"},
                   "runtime": context.get("runtime")}
    atomic_write_bytes(files.summary, json.dumps(summary_out, indent=2, default=str).encode("utf-8"))
    return files
