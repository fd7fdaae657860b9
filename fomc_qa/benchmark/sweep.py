"""The sweep: every build of a grid, every search setting on it, one BenchmarkResult each.

Single-query latency: one query per call, timed with perf_counter around the call, on one thread
for every engine (a served query runs on one thread), after a warm-up, over >= 200 queries; on
small corpora all configurations are timed in interleaved rounds so a noisy neighbour on the
machine slows all of them alike. Batch throughput uses all cores. Recall is tie-aware against
exact search (`ground_truth`).
"""

from __future__ import annotations

import gc
import logging
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fomc_qa.benchmark.choose import choose_shipped
from fomc_qa.benchmark.ground_truth import GroundTruth, exact_ground_truth
from fomc_qa.benchmark.runtime import OverBudget, available_threads, check_deadline, pinned_threads
from fomc_qa.benchmark.searchers import BUILDERS, Family, Searcher
from fomc_qa.index.store import INDEX_PARAMS
from fomc_qa.models import BenchmarkResult

log = logging.getLogger(__name__)

INTERLEAVE_BYTES = 2 * 1024**3  # builds that fit in this much memory together are timed in interleaved rounds

# --------------------------------------------------------------------------- grids

EF_GRID = (16, 24, 32, 40, 48, 64, 96, 128, 256)  # fine where both HNSW libraries cross 0.99
NPROBE_GRID = (1, 2, 4, 8, 10, 16, 32, 64, 128)


def default_grid(n: int) -> list[Family]:
    """The full sweep for the real corpus (thousands of vectors: every build takes about a second).

    USearch: metric cos and ip (identical ranking on unit vectors, different kernels), dtype
    f32/f16/i8 (and ip/bf16: this CPU's fastest kernel, at a little recall), connectivity 8/16/32.
    FAISS HNSW: M 8..64. FAISS IVF: nlist 25 (the published
    setting), ~sqrt(N), 2 and 4 x sqrt(N). Exact: USearch, FAISS IndexFlatIP, numpy.
    """
    fams: list[Family] = []
    usearch_kinds = [(metric, dtype) for metric in ("cos", "ip") for dtype in ("f32", "f16", "i8")] + [("ip", "bf16")]
    for metric, dtype in usearch_kinds:
        for m in (8, 16, 32):
            fams.append(Family("usearch-hnsw",
                               {"metric": metric, "dtype": dtype, "connectivity": m, "expansion_add": 128},
                               tuple({"expansion_search": ef} for ef in EF_GRID)))
    for m in (8, 16, 32, 64):
        fams.append(Family("faiss-hnsw", {"M": m, "efConstruction": 128}, tuple({"efSearch": ef} for ef in EF_GRID)))
    root = max(1, round(math.sqrt(n)))
    for nlist in sorted({25, root, 2 * root, 4 * root}):
        if nlist <= n // 39:  # FAISS wants >= 39 training points per list
            fams.append(Family("faiss-ivf", {"nlist": nlist},
                               tuple({"nprobe": p} for p in NPROBE_GRID if p <= nlist)))
    for metric in ("cos", "ip"):
        fams.append(Family("exact", {"engine": "usearch", "metric": metric}))
    fams.append(Family("exact", {"engine": "faiss"}))
    fams.append(Family("exact", {"engine": "numpy"}))
    return fams


def small_grid(n: int) -> list[Family]:
    """One build per family and a few search settings, the shipped USearch configuration among them: the
    main build's quick grid (and smoke runs and tests), seconds not minutes."""
    root = max(1, round(math.sqrt(n)))
    return [
        Family("usearch-hnsw", {"metric": "ip", "dtype": "f16", "connectivity": 16, "expansion_add": 128},
               tuple({"expansion_search": ef} for ef in (16, 64, 256))),
        Family("usearch-hnsw", {"metric": "cos", "dtype": "f32", "connectivity": 16, "expansion_add": 128},
               tuple({"expansion_search": ef} for ef in (16, 64, 256))),
        Family("faiss-hnsw", {"M": 16, "efConstruction": 128}, tuple({"efSearch": ef} for ef in (16, 64, 256))),
        Family("faiss-ivf", {"nlist": root}, tuple({"nprobe": p} for p in sorted({1, max(1, root // 4), root}))),
        Family("exact", {"engine": "usearch", "metric": "cos"}),
        Family("exact", {"engine": "faiss"}),
        Family("exact", {"engine": "numpy"}),
    ]


def scale_grid(n: int, reference: Sequence[BenchmarkResult] = ()) -> list[Family]:
    """Fewer points at scale, one build per family, in priority order for the time box.

    Both HNSW libraries get the same graph degree, max(16, the shipped connectivity), so they are
    compared like for like (a degree picked by a noisy real-corpus winner would change from run to
    run); USearch keeps the shipped metric and dtype (`reference` holds the real-corpus rows);
    IVF takes nlist ~ sqrt(N). Cheap families come before FAISS HNSW so that a build overrunning the
    time box costs only the last one. Optional extras, run when the projection says they fit: the shipped
    USearch connectivity itself (tuned on a few thousand vectors, it shows when re-tuning is due)
    and USearch exact search (FAISS's flat index is the faster exact baseline).
    """
    shipped = choose_shipped(reference) if any(r.index_type == "usearch-hnsw" for r in reference) else None
    sp = shipped.params if shipped else INDEX_PARAMS
    degree = max(16, int(sp["connectivity"]))
    efs = tuple({"expansion_search": ef} for ef in (16, 32, 64, 128, 256, 512))
    usearch_build = {"metric": sp["metric"], "dtype": sp["dtype"], "expansion_add": int(sp.get("expansion_add", 128))}
    nlist = max(1, round(math.sqrt(n)))
    fams = [
        Family("usearch-hnsw", {**usearch_build, "connectivity": degree}, efs),
        Family("faiss-ivf", {"nlist": nlist},
               tuple({"nprobe": p} for p in (1, 2, 4, 8, 16, 32, 64, 128) if p <= nlist)),
        Family("exact", {"engine": "faiss"}),
        Family("faiss-hnsw", {"M": degree, "efConstruction": 128},
               tuple({"efSearch": e["expansion_search"]} for e in efs)),
    ]
    if int(sp["connectivity"]) != degree:
        fams.append(Family("usearch-hnsw", {**usearch_build, "connectivity": int(sp["connectivity"])}, efs,
                           optional=True))
    fams.append(Family("exact", {"engine": "usearch", "metric": sp["metric"]}, optional=True))
    return fams


# --------------------------------------------------------------------------- measuring


def _time_single(searcher: Searcher, queries: np.ndarray, k: int, n_latency: int, warmup: int,
                 cheap_s: float = 2.0) -> np.ndarray:
    """Per-query latency in ms, one call per query, garbage collection paused so it is not timed.
    Every query is timed when that is cheap (under `cheap_s` by the warm-up's estimate);
    otherwise `n_latency` of them, so exact search over 1M vectors stays affordable."""
    nq = len(queries)
    rows = [queries[i : i + 1] for i in range(nq)]
    t0 = time.perf_counter()
    n_warm = 0
    while n_warm < max(1, min(warmup, nq)) and (n_warm < 3 or time.perf_counter() - t0 < 0.5):
        searcher.search(rows[n_warm], k)
        n_warm += 1
    per_query = (time.perf_counter() - t0) / n_warm
    n = max(n_latency, nq) if per_query * max(n_latency, nq) <= cheap_s else n_latency
    lat = np.empty(n, dtype=np.float64)
    clock = time.perf_counter
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for j in range(n):
            q = rows[j % nq]
            t0 = clock()
            searcher.search(q, k)
            lat[j] = clock() - t0
    finally:
        if gc_was:
            gc.enable()
    return lat * 1e3


def _time_batch(searcher: Searcher, queries: np.ndarray, k: int, min_s: float = 0.2,
                max_reps: int = 50) -> tuple[float, np.ndarray]:
    """Queries per second for the whole query matrix in one call, repeated until min_s elapsed
    (the first call counts: at 1M vectors one exact batch takes seconds); also the result keys,
    which recall is computed from (the same algorithm per query as the single calls)."""
    searcher.search(queries[: min(8, len(queries))], k)
    reps, t0 = 0, time.perf_counter()
    found = None
    while True:
        res = searcher.search(queries, k)
        found = res if found is None else found
        reps += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= min_s or reps >= max_reps:
            return reps * len(queries) / elapsed, found


@dataclass
class Entry:
    """One (build, search setting) pair and what measuring it found."""

    family: Family
    searcher: Searcher
    setting: dict[str, Any]
    build_s: float
    nbytes: int
    lat: list[np.ndarray] = field(default_factory=list)
    found: np.ndarray | None = None
    qps: float = 0.0
    spent_s: float = 0.0  # time spent measuring this entry
    wall_s: float = 0.0  # the whole family's build + measurement time (for projecting larger sizes)


@dataclass(frozen=True)
class Timing:
    """How entries are timed: `rounds` of single-query latency over >= `n_latency` calls after
    `warmup` calls, in a `seed`ed random order, then batches on `threads`; past `deadline` (a
    perf_counter time) no further round starts."""

    rounds: int = 3
    n_latency: int = 200
    warmup: int = 20
    threads: int = 1
    seed: int = 0
    deadline: float | None = None


def measure(entries: list[Entry], queries: np.ndarray, k: int, timing: Timing) -> None:
    rng = np.random.default_rng(timing.seed)
    with pinned_threads(1):
        for r in range(timing.rounds):
            if r > 0 and timing.deadline is not None and time.perf_counter() > timing.deadline:
                break  # later rounds only refine latencies; the first is mandatory
            for i in (rng.permutation(len(entries)) if len(entries) > 1 else [0]):
                e = entries[i]
                t0 = time.perf_counter()
                e.searcher.set_threads(1)
                e.searcher.configure(**e.setting)
                e.lat.append(_time_single(e.searcher, queries, k, timing.n_latency, timing.warmup))
                e.spent_s += time.perf_counter() - t0
    with pinned_threads(timing.threads):
        for e in entries:
            t0 = time.perf_counter()
            e.searcher.set_threads(timing.threads)
            e.searcher.configure(**e.setting)
            e.qps, e.found = _time_batch(e.searcher, queries, k)
            e.spent_s += time.perf_counter() - t0


def _add_family_time(entries: list[Entry]) -> None:
    """wall_s of every entry becomes its family's build time plus all its settings' measurement."""
    spent: dict[int, float] = {}
    for e in entries:
        spent[id(e.family)] = spent.get(id(e.family), 0.0) + e.spent_s
    for e in entries:
        e.wall_s += spent[id(e.family)]


def _result_row(e: Entry, truth: GroundTruth, k: int, corpus_kind: str, n: int, query_kind: np.ndarray | None,
                threads: int) -> BenchmarkResult:
    lat = np.concatenate(e.lat)
    r5, r10 = truth.recall(e.found, min(5, k)), truth.recall(e.found, k)
    params: dict[str, float | int | str] = {**e.family.build, **e.setting}
    params.update({"n_queries": len(e.found), "timed_queries": len(lat), "rounds": len(e.lat),
                   "threads_single": 1, "threads_batch": threads, "batch_ms_per_query": 1e3 / e.qps,
                   "family_wall_s": round(e.wall_s, 3)})
    if query_kind is not None:
        per_query = truth.recall_by_query(e.found, k)
        for kind in sorted(set(query_kind.tolist())):
            params[f"recall@{k}_{kind}"] = round(float(per_query[query_kind == kind].mean()), 6)
    return BenchmarkResult(
        index_type=e.family.index_type, params=params, recall_at_k=r10, k=k,
        latency_ms_p50=float(np.percentile(lat, 50)), latency_ms_p99=float(np.percentile(lat, 99)),
        build_s=e.build_s, memory_bytes=int(e.nbytes), corpus_size=n,
        recall_at_5=r5, recall_at_10=r10, batch_qps=e.qps, corpus_kind=corpus_kind,
    )


def measured_rows(entries: list[Entry], queries: np.ndarray, truth: GroundTruth, k: int, timing: Timing, *,
                  corpus_kind: str, n: int, query_kind: Sequence[str] | None = None) -> list[BenchmarkResult]:
    """Time every entry (`measure`) and score it against `truth`: one BenchmarkResult each."""
    measure(entries, queries, k, timing)
    _add_family_time(entries)
    qk = np.asarray(query_kind) if query_kind is not None else None
    return [_result_row(e, truth, k, corpus_kind, n, qk, timing.threads) for e in entries]


def _projected_past(fam: Family, estimate: float | None, deadline: float | None, n: int, notes: list[str]) -> bool:
    """Whether the family's projected cost would pass the deadline (then it is noted, and skipped)."""
    now = time.perf_counter()
    if deadline is None or estimate is None or now + estimate <= deadline:
        return False
    notes.append(f"N={n:,}: skipped {fam.key}: projected {estimate:.0f}s, "
                 f"{max(0.0, deadline - now):.0f}s left in the time box")
    log.warning("skipped %s: projected %.0fs past the time box", fam.key, estimate)
    return True


def _build(fam: Family, vectors: np.ndarray, keys: np.ndarray, *, corpus_kind: str, threads: int,
           deadline: float | None) -> list[Entry]:
    """Build one family (OverBudget past the deadline); an entry per search setting, wall_s its setup."""
    t0 = time.perf_counter()
    check_deadline(deadline, fam.key)
    # USearch's multi-threaded insert builds a different graph on every run; on the real corpus
    # it is built single-threaded, as the pipeline builds its shards (fomc_qa/index/writer.py),
    # so the graph measured is the graph shipped. At scale that would not fit the time box.
    build_threads = 1 if fam.builder == "usearch-hnsw" and corpus_kind == "real" else threads
    with pinned_threads(threads):
        searcher = BUILDERS[fam.builder](vectors, keys, threads=build_threads, deadline=deadline, **fam.build)
    no_build = fam.index_type == "exact" and fam.build.get("engine") != "faiss"
    build_s = 0.0 if no_build else time.perf_counter() - t0
    nbytes = searcher.serialized_bytes()
    log.info("built %s in %.2fs (%d bytes)", fam.key, build_s, nbytes)
    entries = [Entry(fam, searcher, st, build_s, nbytes) for st in fam.search]
    setup_s = time.perf_counter() - t0
    for e in entries:
        e.wall_s = setup_s
    return entries


def run_sweep(
    vectors: np.ndarray,
    keys: np.ndarray,
    queries: np.ndarray,
    k: int = 10,
    corpus_kind: str = "real",
    *,
    families: Sequence[Family] | None = None,
    truth: GroundTruth | None = None,
    query_kind: Sequence[str] | None = None,
    rounds: int = 3,
    n_latency: int = 200,
    warmup: int = 20,
    threads: int | None = None,
    deadline: float | None = None,
    notes: list[str] | None = None,
    interleave: bool | None = None,
    seed: int = 0,
    estimates: dict[str, float] | None = None,
) -> list[BenchmarkResult]:
    """Build every family in `families` (default: `default_grid`), measure every search setting,
    and return one BenchmarkResult per (build, setting).

    Builds use all `threads`; single-query latency uses one thread per engine over
    max(n_latency, len(queries)) calls after `warmup` calls, pooled over `rounds`; recall is
    tie-aware against exact search. When all builds fit in memory (`interleave`, default: under
    2 GB of vectors in total) the rounds visit every configuration in a fresh random order, so
    load from other processes does not favour whichever ran in a quiet moment. A family whose
    projected cost (`estimates`, by Family.key, in seconds) would pass `deadline` (a perf_counter
    time) is skipped, a USearch build is stopped at the deadline, and both are recorded in `notes`.
    """
    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    queries = np.ascontiguousarray(queries, dtype=np.float32)
    if len(vectors) != len(keys):
        raise ValueError(f"{len(vectors)} vectors but {len(keys)} keys")
    if len(queries) == 0:
        raise ValueError("no queries")
    threads = threads or available_threads()
    families = list(families) if families is not None else default_grid(len(vectors))
    notes = notes if notes is not None else []
    if truth is None:
        with pinned_threads(threads):
            truth = exact_ground_truth(vectors, keys, queries, k)
    if interleave is None:
        interleave = vectors.nbytes * len(families) < INTERLEAVE_BYTES
    timing = Timing(rounds, n_latency, warmup, threads, seed, deadline)
    scored = {"corpus_kind": corpus_kind, "n": len(vectors), "query_kind": query_kind}
    rows: list[BenchmarkResult] = []
    pending: list[Entry] = []
    for fam in families:
        if _projected_past(fam, (estimates or {}).get(fam.key), deadline, len(vectors), notes):
            continue
        try:
            entries = _build(fam, vectors, keys, corpus_kind=corpus_kind, threads=threads, deadline=deadline)
        except OverBudget as exc:
            notes.append(f"N={len(vectors):,}: skipped {fam.key}: {exc}")
            log.warning("skipped %s: %s", fam.key, exc)
            continue
        if interleave:
            pending.extend(entries)
            continue
        rows.extend(measured_rows(entries, queries, truth, k, timing, **scored))
        del entries
        gc.collect()
    if pending:
        rows.extend(measured_rows(pending, queries, truth, k, timing, **scored))
    return rows
