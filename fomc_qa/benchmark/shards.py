"""Per-meeting shards searched together vs one merged index with the same HNSW parameters.

The product stores one USearch file per meeting and opens them the way `_Shards` does
(`Index.restore(view=True)` per file, then `Indexes`); this measures what that layout costs
against a single graph over the same vectors, on the same queries and exact ground truth.
"""

from __future__ import annotations

import contextlib
import gc
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from fomc_qa.benchmark.ground_truth import exact_ground_truth
from fomc_qa.benchmark.runtime import available_threads, pinned_threads
from fomc_qa.benchmark.searchers import Family, UsearchHNSW, usearch_keys
from fomc_qa.benchmark.sweep import Entry, Timing, measured_rows
from fomc_qa.models import BenchmarkResult


class _Shards:
    """Per-meeting shard files searched as one, the way the product opens them:
    Index.restore(view=True) per file with the shipped expansion_search set, then Indexes(indexes=...)."""

    def __init__(self, paths: Sequence[Path], expansion_search: int | None) -> None:
        from usearch.index import Index, Indexes

        self.parts = [Index.restore(str(p), view=True) for p in paths]
        if expansion_search is not None:
            for part in self.parts:
                part.expansion_search = int(expansion_search)
        self.index = Indexes(indexes=self.parts)
        self.threads = 1
        self.paths = list(paths)

    def configure(self, **_: Any) -> None:
        pass

    def search(self, queries: np.ndarray, k: int) -> np.ndarray:
        return usearch_keys(self.index.search(queries, k, threads=self.threads), len(queries), k)

    def set_threads(self, n: int) -> None:
        self.threads = n

    def serialized_bytes(self) -> int:
        return int(sum(os.path.getsize(p) for p in self.paths))


def _build_shards(shard_vectors: dict[str, np.ndarray], shard_keys: dict[str, np.ndarray], base: dict[str, Any],
                  directory: Path, threads: int) -> tuple[list[Path], float]:
    """One USearch file per shard under `directory`; their paths (sorted by name) and total build time."""
    from usearch.index import Index

    paths, build_s = [], 0.0
    for s in sorted(shard_vectors):
        t0 = time.perf_counter()
        vectors = np.ascontiguousarray(shard_vectors[s], np.float32)
        idx = Index(ndim=vectors.shape[1], **base)
        idx.add(np.asarray(shard_keys[s]).astype(np.uint64), vectors, threads=threads)
        path = directory / f"{s}.usearch"
        idx.save(str(path))
        build_s += time.perf_counter() - t0
        paths.append(path)
    return paths, build_s


def _stored_params(path: Path) -> dict[str, Any]:
    """The HNSW parameters a stored shard file was built with."""
    from usearch.index import Index

    meta = Index.restore(str(path), view=True)
    return {"metric": "ip" if "IP" in str(meta.metric_kind) else "cos",
            "dtype": str(meta.dtype).split(".")[-1].lower(), "connectivity": meta.connectivity,
            "expansion_add": meta.expansion_add}


def shards_vs_merged(
    shard_vectors: dict[str, np.ndarray],
    shard_keys: dict[str, np.ndarray],
    queries: np.ndarray,
    k: int = 10,
    *,
    metric: str = "cos",
    dtype: str = "f32",
    connectivity: int = 16,
    expansion_add: int = 128,
    expansion_search: int | None = 64,
    shard_paths: dict[str, Path] | None = None,
    query_kind: Sequence[str] | None = None,
    corpus_kind: str = "real",
    rounds: int = 3,
    threads: int | None = None,
    workdir: Path | None = None,
) -> list[BenchmarkResult]:
    """Per-meeting USearch shards searched together (`usearch.index.Indexes`) against one merged
    index with the same parameters, on the same queries and exact ground truth over the union.

    Without `shard_paths` the shards are built here with the given parameters and saved to
    `workdir` (a temp dir by default); with them, the given files are measured as stored (their
    keys must be exactly those of `shard_keys`), with the search depth USearch restores them with
    unless `expansion_search` is set. Returns rows with index_type usearch-shards / usearch-merged.
    """
    threads = threads or available_threads()
    names = sorted(shard_vectors)
    vectors = np.ascontiguousarray(np.concatenate([shard_vectors[s] for s in names]), dtype=np.float32)
    keys = np.concatenate([np.asarray(shard_keys[s]).astype(np.uint64) for s in names])
    if len(np.unique(keys)) != len(keys):
        raise ValueError("shard keys must be globally unique to be searched together")
    queries = np.ascontiguousarray(queries, dtype=np.float32)
    with pinned_threads(threads):
        truth = exact_ground_truth(vectors, keys, queries, k)
    base = {"metric": metric, "dtype": dtype, "connectivity": connectivity, "expansion_add": expansion_add}
    with contextlib.ExitStack() as stack:
        if shard_paths is None:
            tmp = Path(workdir) if workdir else Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="shards-")))
            paths, shard_build = _build_shards(shard_vectors, shard_keys, base, tmp, threads)
            layout, built = "shards", "built here"
        else:
            paths = [Path(shard_paths[s]) for s in names]
            base = _stored_params(paths[0])
            shard_build, layout, built = 0.0, "shards-stored", "stored files, build time not measured"
        shards = _Shards(paths, expansion_search)
        if len(shards.index) != len(keys):
            raise ValueError(f"shard files hold {len(shards.index)} vectors, expected {len(keys)}")
        effective_ef = int(shards.parts[0].expansion_search)
        t0 = time.perf_counter()
        merged = UsearchHNSW(vectors, keys, threads=1, **base)  # single-threaded: deterministic, as shipped
        merged_build = time.perf_counter() - t0
        merged.configure(expansion_search=effective_ef)
        common = {**base, "expansion_search": effective_ef, "n_shards": len(names),
                  "mean_shard_size": round(len(keys) / len(names), 1)}
        entries = [
            Entry(Family("usearch-shards", {**common, "layout": layout, "build": built}), shards, {}, shard_build,
                  shards.serialized_bytes()),
            Entry(Family("usearch-merged", {**common, "layout": "merged", "n_shards": 1}), merged,
                  {"expansion_search": effective_ef}, merged_build, merged.serialized_bytes()),
        ]
        timing = Timing(rounds=rounds, n_latency=200, warmup=20, threads=threads, seed=1)
        rows = measured_rows(entries, queries, truth, k, timing, corpus_kind=corpus_kind, n=len(keys),
                             query_kind=query_kind)
        del shards, entries
        gc.collect()
    return rows
