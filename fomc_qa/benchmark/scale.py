"""The scale study: the sweep again on synthetic corpora of growing size, each size time-boxed.

Before a size starts, its cost is projected from what each family took at the previous size;
a size that would not fit is cut down (or skipped) with the reason recorded, and inside a size
the budget is a deadline that stops a build and skips later families, all noted.
"""

from __future__ import annotations

import gc
import logging
import math
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from fomc_qa.benchmark.ground_truth import GroundTruth, exact_ground_truth
from fomc_qa.benchmark.runtime import available_threads, peak_rss_bytes, pinned_threads
from fomc_qa.benchmark.searchers import family_key
from fomc_qa.benchmark.sweep import INTERLEAVE_BYTES, run_sweep, scale_grid
from fomc_qa.benchmark.synthetic import calibrate_noise, neighbour_profile, synthetic_corpus
from fomc_qa.models import BenchmarkResult

log = logging.getLogger(__name__)


@dataclass
class ScaleStudy:
    """The scale rows plus what the report needs to explain them (noise, structure, sizing)."""

    results: list[BenchmarkResult]
    notes: list[str]
    noise: dict[str, float]
    profiles: dict[str, dict[str, float]]
    seconds: dict[str, float]


@dataclass(frozen=True)
class _Measured:
    """What one size cost: its corpus and ground truth (`setup`, s) and each family's wall time."""

    n: int
    setup: float
    walls: dict[str, float]


@dataclass(frozen=True)
class _Sizing:
    reference: Sequence[BenchmarkResult]
    budget_s: float
    growth: float
    headroom: float

    def project(self, prev: _Measured, m: float) -> tuple[float, dict[str, float]]:
        """Seconds the required families would need at size m, and each family's estimate by key:
        setup and exact search grow ~N, builds and their searches ~N^growth."""
        r = m / prev.n
        est = {}
        grid = scale_grid(int(m), self.reference)
        for f in grid:
            if f.key in prev.walls:
                est[f.key] = prev.walls[f.key] * r ** (1.0 if f.index_type == "exact" else self.growth)
        required = prev.setup * r + sum(est.get(f.key, 0.0) for f in grid if not f.optional)
        return required, est

    def fit(self, prev: _Measured, n: int, notes: list[str]) -> tuple[int | None, dict[str, float]]:
        """The size to run instead of n (None: skip it) and the families' estimates there; a cut is noted."""
        required, estimates = self.project(prev, n)
        limit = self.headroom * self.budget_s
        if required <= limit:
            return n, estimates
        lo, hi = float(prev.n), float(n)
        for _ in range(50):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if self.project(prev, mid)[0] <= limit else (lo, mid)
        mag = 10 ** (math.floor(math.log10(lo)) - 1)
        fit = int(math.floor(lo / mag) * mag)
        reason = (f"the time box is {self.budget_s:.0f}s per size (sized to {self.headroom:.0%} of it) and, projected "
                  f"from N={prev.n:,} (setup and exact search ~N, builds ~N^{self.growth}), the required "
                  f"families would need {required:.0f}s at N={n:,}; load average {os.getloadavg()[0]:.1f} on "
                  f"{available_threads()} cores when sizing")
        if fit <= prev.n:
            notes.append(f"N={n:,} skipped: {reason}")
            return None, {}
        notes.append(f"N={n:,} sized down to {fit:,}: {reason}")
        return fit, self.project(prev, fit)[1]


def _corpus(real_vectors: np.ndarray, n: int, sigma: float, *, queries: np.ndarray, k: int, seed: int, shape: str,
            threads: int, profiles: dict[str, dict[str, float]],
            compare_isotropic: bool) -> tuple[np.ndarray, np.ndarray, GroundTruth]:
    """The synthetic corpus of size n, its keys and exact ground truth; its neighbourhood profile
    (and, for `compare_isotropic`, that of isotropic noise) goes into `profiles`."""
    corpus = synthetic_corpus(real_vectors, n, noise=sigma, seed=seed, shape=shape)
    keys = np.arange(n, dtype=np.uint64)
    synthetic_rows = (np.random.default_rng(seed).integers(len(real_vectors), n, 200)
                      if n > len(real_vectors) else None)
    with pinned_threads(threads):
        truth = exact_ground_truth(corpus, keys, queries, k)
        profiles[f"synthetic {n:,} ({shape} noise)"] = neighbour_profile(corpus, rows=synthetic_rows, seed=seed)
    if compare_isotropic and shape != "isotropic" and n > len(real_vectors):
        iso = calibrate_noise(real_vectors, shape="isotropic", seed=seed)
        alt = synthetic_corpus(real_vectors, n, noise=iso["sigma"], seed=seed, shape="isotropic")
        with pinned_threads(threads):
            profiles[f"synthetic {n:,} (isotropic noise, for comparison; not used)"] = neighbour_profile(
                alt, rows=synthetic_rows, seed=seed)
        del alt
    return corpus, keys, truth


def _family_walls(rows: Sequence[BenchmarkResult]) -> dict[str, float]:
    walls: dict[str, float] = {}
    for r in rows:
        walls[family_key(r)] = max(walls.get(family_key(r), 0.0), float(r.params.get("family_wall_s", 0.0)))
    return walls


def scale_study(
    real_vectors: np.ndarray,
    sizes: Sequence[int] = (10_000, 100_000, 1_000_000),
    *,
    queries: np.ndarray,
    k: int = 10,
    query_kind: Sequence[str] | None = None,
    reference: Sequence[BenchmarkResult] = (),
    noise: float | None = None,
    seed: int = 0,
    budget_s: float = 600.0,
    growth: float = 1.1,
    threads: int | None = None,
    n_latency: int = 200,
    shape: str = "local",
    headroom: float = 0.85,
) -> ScaleStudy:
    """The sweep again on synthetic corpora of each size (ascending), with `scale_grid`.

    Each size is time-boxed to `budget_s`. Before a size starts, its cost is projected from what
    each family took at the previous size: corpus and ground truth grow with N, exact search with
    N, builds and their searches with N^growth (HNSW construction is slightly superlinear). If the
    required families would not fit, the size is cut to the largest N that the projection says
    fits within `headroom` x budget (other work on a shared machine can slow a run by a fifth),
    rounded down to two significant digits, and the reason is recorded; optional families
    run only if their own projection fits what is left. Inside a size the budget is a deadline:
    a USearch build is stopped there and later families are skipped, all noted.
    """
    threads = threads or available_threads()
    notes: list[str] = []
    if noise is None:
        calib = calibrate_noise(real_vectors, shape=shape, seed=seed)
    else:
        calib = {"sigma": float(noise), "shape": shape}
    sigma = calib["sigma"]
    sizing = _Sizing(reference, budget_s, growth, headroom)
    results: list[BenchmarkResult] = []
    profiles: dict[str, dict[str, float]] = {}
    seconds: dict[str, float] = {}
    prev: _Measured | None = None
    for requested in sorted(sizes):
        n, estimates = int(requested), {}
        if prev is not None:
            n, estimates = sizing.fit(prev, n, notes)
            if n is None:
                continue
        t0 = time.perf_counter()
        corpus, keys, truth = _corpus(real_vectors, n, sigma, queries=queries, k=k, seed=seed, shape=shape,
                                      threads=threads, profiles=profiles, compare_isotropic=prev is None)
        setup = time.perf_counter() - t0
        log.info("N=%d: corpus and ground truth in %.1fs", n, setup)
        fams = scale_grid(n, reference)
        rows = run_sweep(corpus, keys, queries, k, corpus_kind="synthetic", families=fams, truth=truth,
                         query_kind=query_kind, rounds=1 if n >= 100_000 else 2, n_latency=n_latency,
                         threads=threads, deadline=t0 + budget_s, notes=notes,
                         interleave=corpus.nbytes * len(fams) < INTERLEAVE_BYTES, seed=seed, estimates=estimates)
        extra: dict[str, Any] = {"requested_n": int(requested), "noise_sigma": round(sigma, 6)}
        results.extend(r.model_copy(update={"params": {**r.params, **extra}}) for r in rows)
        seconds[f"{n}"] = time.perf_counter() - t0
        log.info("N=%d done in %.1fs (peak RSS %.2f GB)", n, seconds[f"{n}"], peak_rss_bytes() / 1e9)
        prev = _Measured(n, setup, _family_walls(rows))
        del corpus, truth
        gc.collect()
    return ScaleStudy(results=results, notes=notes, noise=calib, profiles=profiles, seconds=seconds)
