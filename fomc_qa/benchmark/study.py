"""The whole ANN study, the one entry point the asset, the CLI and the script call.

`run_study(paths, options)` reads what the pipeline materialized under `paths` (embeddings
warehouse, per-meeting shards, the golden questions), sweeps every index family on the real
vectors (queries: the embedded golden questions and held-back chunks), compares per-meeting
shards with one merged index, optionally runs the scale study on synthetic corpora, writes the
report files and returns a typed `StudyReport`. Pure library: no Dagster import.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from fomc_qa.benchmark.choose import choose_shipped, summarize
from fomc_qa.benchmark.ground_truth import exact_ground_truth
from fomc_qa.benchmark.report import ReportFiles, write_report
from fomc_qa.benchmark.runtime import available_threads, peak_rss_bytes, pinned_threads, runtime_info
from fomc_qa.benchmark.scale import scale_study
from fomc_qa.benchmark.searchers import config_label
from fomc_qa.benchmark.shards import shards_vs_merged
from fomc_qa.benchmark.sweep import default_grid, run_sweep, small_grid
from fomc_qa.benchmark.synthetic import neighbour_profile
from fomc_qa.benchmark.warehouse import Warehouse, holdout_mask, load_questions, load_warehouse, stored_shards
from fomc_qa.config import DEFAULT_EMBED_MODEL, DataPaths
from fomc_qa.models import BenchmarkResult

log = logging.getLogger(__name__)

MIN_VECTORS = 50  # fewer embedded chunks than this are too few to benchmark
K = 10


class NothingToMeasure(RuntimeError):
    """The pipeline has not materialized enough embeddings to benchmark."""


class NoEmbeddings(NothingToMeasure):
    """No embeddings warehouse at all: the pipeline has not run."""


class TooFewEmbeddings(NothingToMeasure):
    """Some embeddings, but fewer than MIN_VECTORS."""


@dataclass(frozen=True)
class StudyOptions:
    """What to run: the grid on the real corpus, the scale study's sizes, timing and sampling."""

    grid: Literal["full", "small"] = "full"  # small: one build per family, for a quick run
    scale: tuple[int, ...] = ()  # synthetic corpus sizes for the scale study (none: no scale study)
    holdout: int = 300  # chunk vectors held back as queries
    rounds: int = 5  # interleaved timing rounds on the real corpus
    budget_s: float = 600.0  # time box per scale size
    threads: int | None = None  # threads for builds and batches (None: all cores)
    seed: int = 0
    embed_model: str = DEFAULT_EMBED_MODEL  # embeds the golden questions (the warehouse's model)
    out_dir: os.PathLike | str | None = None  # report directory (None: DataPaths.reports)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scale", tuple(int(n) for n in self.scale))
        if self.grid not in ("full", "small"):
            raise ValueError(f"grid must be 'full' or 'small', not {self.grid!r}")
        if any(n <= 0 for n in self.scale) or self.holdout < 0 or self.rounds < 1 or self.budget_s <= 0:
            raise ValueError("scale sizes, rounds and budget must be positive, holdout non-negative")


@dataclass(frozen=True)
class StudyReport:
    """What a study found and wrote: every row, the shipped configuration, the summary and the files."""

    rows: list[BenchmarkResult]
    shipped: BenchmarkResult
    summary: dict[str, Any]  # `summarize(rows)`: what the JSON summary file holds besides the context
    files: ReportFiles
    elapsed_s: float

    @property
    def check_passed(self) -> bool:
        return bool(self.summary["check_passed"])

    @property
    def recall_floor(self) -> float:
        return float(self.summary["recall_floor"])

    def figures(self) -> dict[str, float | str]:
        """The headline numbers: the shipped label, recall@10 and p50, and p50 ratios of its rivals."""
        s = self.summary["shipped"]
        return {
            "shipped": s["label"],
            "shipped_recall_at_10": float(s["recall_at_10"]),
            "shipped_p50_ms": float(s["latency_ms_p50"]),
            **{f"p50_ratio_vs_{fam}": float(v["p50_ratio"]) for fam, v in self.summary["versus"].items()
               if v.get("p50_ratio")},
        }


@dataclass
class _RealCorpus:
    """The indexed vectors (warehouse minus the held-back chunks) and the queries run against them."""

    vectors: np.ndarray
    keys: np.ndarray
    meetings: np.ndarray  # meeting of each indexed vector
    queries: np.ndarray
    kinds: list[str]  # "question" | "heldout", per query
    info: dict[str, Any] = field(default_factory=dict)  # the report's corpus description


def _embed(texts: list[str], model: str) -> np.ndarray:
    from fomc_qa.index.embed import get_encoder

    return get_encoder(model).encode(texts)


def _load(paths: DataPaths) -> Warehouse:
    wh = load_warehouse(paths)
    if len(wh) == 0:
        raise NoEmbeddings(f"no embeddings under {paths.table_dir('embeddings')}")
    if len(wh) < MIN_VECTORS:
        raise TooFewEmbeddings(f"only {len(wh)} embedded chunks under {paths.root}; too few to benchmark")
    return wh


def _real_corpus(paths: DataPaths, wh: Warehouse, options: StudyOptions, threads: int) -> _RealCorpus:
    questions = load_questions(paths.golden)
    dim = wh.vectors.shape[1]
    q_vectors = _embed(questions, options.embed_model) if questions else np.zeros((0, dim), np.float32)
    held = holdout_mask(wh.keys, min(options.holdout, len(wh) // 5), options.seed)
    n_held = int(held.sum())
    corpus = _RealCorpus(vectors=wh.vectors[~held], keys=wh.keys[~held], meetings=np.asarray(wh.meetings)[~held],
                         queries=np.concatenate([q_vectors, wh.vectors[held]]).astype(np.float32),
                         kinds=["question"] * len(q_vectors) + ["heldout"] * n_held)
    log.info("corpus %d vectors (%d held back as queries), %d questions", len(corpus.vectors), n_held, len(q_vectors))
    corpus.info = {
        "description": f"{len(corpus.vectors):,} real chunk vectors ({dim}-d, model "
                       f"{', '.join(sorted(wh.models)) or options.embed_model}, unit-norm) from "
                       f"{len(set(wh.meetings))} meetings under {paths.root}",
        "queries": f"{len(corpus.queries)}: {len(q_vectors)} golden-set questions embedded with the same model, "
                   f"plus {n_held} chunk vectors held back from the index (a seeded sample over sorted keys)",
        "n_vectors": int(len(corpus.vectors)), "n_questions": int(len(q_vectors)), "n_heldout": n_held,
    }
    with pinned_threads(threads):
        top1 = exact_ground_truth(corpus.vectors, corpus.keys, corpus.queries, 1).sims[:, 0]
    kinds = np.asarray(corpus.kinds)
    corpus.info["query_top1_cos"] = {kind: float(np.median(top1[kinds == kind])) for kind in sorted(set(corpus.kinds))}
    return corpus


def _shard_rows(paths: DataPaths, wh: Warehouse, corpus: _RealCorpus, shipped: BenchmarkResult,
                options: StudyOptions, threads: int, notes: list[str]) -> list[BenchmarkResult]:
    """Shards built here with the shipped parameters vs merged, then the pipeline's stored shards if they match."""
    sp = shipped.params
    names = sorted(set(corpus.meetings))
    rows = shards_vs_merged({m: corpus.vectors[corpus.meetings == m] for m in names},
                            {m: corpus.keys[corpus.meetings == m] for m in names}, corpus.queries, K,
                            metric=str(sp["metric"]), dtype=str(sp["dtype"]), connectivity=int(sp["connectivity"]),
                            expansion_add=int(sp["expansion_add"]), expansion_search=int(sp["expansion_search"]),
                            query_kind=corpus.kinds, rounds=options.rounds, threads=threads)
    stored, why = stored_shards(paths, wh)
    if stored:
        meetings = np.asarray(wh.meetings)
        rows += shards_vs_merged({m: wh.vectors[meetings == m] for m in stored},
                                 {m: wh.keys[meetings == m] for m in stored}, corpus.queries, K,
                                 shard_paths=stored, expansion_search=int(sp["expansion_search"]),
                                 query_kind=corpus.kinds, corpus_kind="real-stored", rounds=options.rounds,
                                 threads=threads)
    elif why:
        notes.append(why)
    return rows


def _scale_rows(corpus: _RealCorpus, reference: list[BenchmarkResult], options: StudyOptions,
                threads: int) -> tuple[list[BenchmarkResult], dict[str, Any]]:
    """The scale study's rows and what the report says about it (noise, profiles, notes, seconds)."""
    study = scale_study(corpus.vectors, options.scale, queries=corpus.queries, query_kind=corpus.kinds,
                        reference=reference, seed=options.seed, budget_s=options.budget_s, threads=threads)
    profiles = {f"real {len(corpus.vectors):,}": neighbour_profile(corpus.vectors, seed=options.seed),
                **study.profiles}
    return study.results, {"noise": study.noise, "profiles": profiles, "notes": study.notes,
                           "seconds": study.seconds, "budget_s": options.budget_s}


def run_study(paths: DataPaths, options: StudyOptions) -> StudyReport:
    """Measure, choose, write the report; raises NothingToMeasure when the pipeline has not run."""
    t_start = time.perf_counter()
    logging.getLogger("faiss.loader").setLevel(logging.WARNING)
    wh = _load(paths)
    threads = options.threads or available_threads()
    runtime = runtime_info(threads)
    corpus = _real_corpus(paths, wh, options, threads)
    timings: dict[str, float] = {}
    notes: list[str] = []

    t0 = time.perf_counter()
    grid = default_grid if options.grid == "full" else small_grid
    results = run_sweep(corpus.vectors, corpus.keys, corpus.queries, K, "real", families=grid(len(corpus.vectors)),
                        query_kind=corpus.kinds, rounds=options.rounds, threads=threads, seed=options.seed)
    timings["real sweep"] = time.perf_counter() - t0
    shipped = choose_shipped(results)
    log.info("shipped: %s recall@10 %.4f p50 %.4f ms", config_label(shipped), shipped.recall_at_10,
             shipped.latency_ms_p50)

    t0 = time.perf_counter()
    results += _shard_rows(paths, wh, corpus, shipped, options, threads, notes)
    timings["shards vs merged"] = time.perf_counter() - t0

    scale_ctx: dict[str, Any] = {}
    if options.scale:
        t0 = time.perf_counter()
        scale_results, scale_ctx = _scale_rows(corpus, results, options, threads)
        results += scale_results
        timings["scale study"] = time.perf_counter() - t0
    timings["total"] = time.perf_counter() - t_start
    context = {
        "generated_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "runtime": runtime,
        "corpus": corpus.info,
        "scale": scale_ctx,
        "timings": timings,
        "peak_rss_bytes": peak_rss_bytes(),
        "load_average_end": list(os.getloadavg()),
        "notes": notes,
    }
    files = write_report(results, options.out_dir or paths.reports, context)
    return StudyReport(rows=results, shipped=choose_shipped(results), summary=summarize(results), files=files,
                       elapsed_s=time.perf_counter() - t_start)
