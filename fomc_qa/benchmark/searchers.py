"""The indexes measured, behind one small interface (`Searcher`), and how their rows are named.

USearch HNSW, FAISS HNSW, FAISS IVF and exact search (USearch, FAISS, numpy) each build from
(vectors, keys), take their search-time settings through `configure`, return (nq, k) keys and
report their serialized size the way it ships. A `Family` is one build and the search settings
measured on it; `family_of` and `config_label` name result rows in tables and plots.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from fomc_qa.benchmark.runtime import OverBudget, alarm, check_deadline
from fomc_qa.models import BenchmarkResult

FAMILY_ORDER = ("usearch-hnsw", "faiss-hnsw", "faiss-ivf", "exact-usearch", "exact-faiss", "exact-numpy")

class Searcher(Protocol):
    """What the sweep needs from an index: search settings, k-NN keys, threads, size on disk."""

    def configure(self, **settings: Any) -> None: ...

    def search(self, queries: np.ndarray, k: int) -> np.ndarray:
        """(nq, k) int64 keys, best first; -1 pads rows with fewer than k results."""
        ...

    def set_threads(self, n: int) -> None: ...

    def serialized_bytes(self) -> int: ...


def _pad_keys(keys: np.ndarray, k: int) -> np.ndarray:
    keys = np.asarray(keys).astype(np.uint64).view(np.int64).reshape(1, -1)
    if keys.shape[1] >= k:
        return keys[:, :k]
    return np.pad(keys, ((0, 0), (0, k - keys.shape[1])), constant_values=-1)


def usearch_keys(matches: Any, nq: int, k: int) -> np.ndarray:
    """usearch returns Matches for one query and BatchMatches (with counts) for several."""
    if nq == 1 and not hasattr(matches, "counts"):
        return _pad_keys(matches.keys, k)
    keys = np.asarray(matches.keys).astype(np.uint64).view(np.int64).reshape(nq, -1)[:, :k].copy()
    counts = np.asarray(matches.counts).reshape(-1)
    keys[np.arange(keys.shape[1])[None, :] >= counts[:, None]] = -1
    return keys


def _file_bytes(save: Callable[[str], None]) -> int:
    """Serialized size, measured the way it is shipped: written to a file and stat'ed."""
    with tempfile.TemporaryDirectory(prefix="ann-size-") as tmp:
        path = os.path.join(tmp, "index.bin")
        save(path)
        return os.path.getsize(path)



class UsearchHNSW:
    """USearch HNSW; dtype set explicitly (left unset it picks bf16 on this CPU)."""

    def __init__(self, vectors, keys, *, metric="cos", dtype="f32", connectivity=16, expansion_add=128,
                 threads=1, deadline=None) -> None:
        from usearch.index import Index

        self.index = Index(ndim=vectors.shape[1], metric=metric, dtype=dtype, connectivity=connectivity,
                           expansion_add=expansion_add)
        self.threads = threads
        check_deadline(deadline, "usearch-hnsw build")

        def in_time(done, total):
            return deadline is None or time.perf_counter() < deadline

        # usearch compares the callback's annotations with real types, not the strings that
        # `from __future__ import annotations` leaves
        in_time.__annotations__ = {"done": int, "total": int, "return": bool}

        try:  # one call: chunked adds would regrow the index's buffers and raise peak memory
            self.index.add(np.asarray(keys).astype(np.uint64), np.ascontiguousarray(vectors), threads=threads,
                           progress=in_time if deadline is not None else None)
        except RuntimeError as exc:
            if deadline is not None and time.perf_counter() >= deadline:
                raise OverBudget(f"usearch-hnsw build stopped at {len(self.index):,}/{len(vectors):,}: "
                                 "time budget exhausted") from exc
            raise

    def configure(self, expansion_search: int = 64, **_: Any) -> None:
        self.index.expansion_search = int(expansion_search)

    def search(self, queries: np.ndarray, k: int) -> np.ndarray:
        return usearch_keys(self.index.search(queries, k, threads=self.threads), len(queries), k)

    def set_threads(self, n: int) -> None:
        self.threads = n

    def serialized_bytes(self) -> int:
        return _file_bytes(self.index.save)


class UsearchExact:
    """`usearch.index.search(..., exact=True)`: brute force with USearch's SIMD kernels, no index."""

    def __init__(self, vectors, keys, *, metric="cos", threads=1, **_: Any) -> None:
        from usearch.index import MetricKind

        self.vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        self.keys = np.asarray(keys).astype(np.uint64).view(np.int64)
        self.metric = MetricKind.IP if metric == "ip" else MetricKind.Cos
        self.threads = threads

    def configure(self, **_: Any) -> None:
        pass

    def search(self, queries: np.ndarray, k: int) -> np.ndarray:
        from usearch.index import search

        rows = usearch_keys(search(self.vectors, queries, k, self.metric, exact=True, threads=self.threads),
                             len(queries), k)
        return np.where(rows >= 0, self.keys[np.maximum(rows, 0)], -1)

    def set_threads(self, n: int) -> None:
        self.threads = n

    def serialized_bytes(self) -> int:
        return int(self.vectors.nbytes + self.keys.nbytes)


class NumpyExact:
    """Matrix product plus argpartition: the baseline any index has to beat."""

    def __init__(self, vectors, keys, **_: Any) -> None:
        self.vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        self.keys = np.asarray(keys).astype(np.uint64).view(np.int64)

    def configure(self, **_: Any) -> None:
        pass

    def search(self, queries: np.ndarray, k: int) -> np.ndarray:
        sims = queries @ self.vectors.T
        k = min(k, sims.shape[1])
        top = np.argpartition(-sims, k - 1, axis=1)[:, :k]
        order = np.argsort(-np.take_along_axis(sims, top, axis=1), axis=1)
        return self.keys[np.take_along_axis(top, order, axis=1)]

    def set_threads(self, n: int) -> None:
        pass  # numpy's BLAS follows pinned_threads

    def serialized_bytes(self) -> int:
        return int(self.vectors.nbytes + self.keys.nbytes)


class _Faiss:
    """Shared FAISS plumbing: row positions map back to chunk keys; threads are OpenMP's."""

    index: Any

    def __init__(self, keys) -> None:
        self.keys = np.asarray(keys).astype(np.uint64).view(np.int64)

    def _add(self, vectors: np.ndarray, deadline: float | None, what: str) -> None:
        """One add call: FAISS grows its storage vector by doubling, so adding in chunks would
        briefly hold three times the vectors (over 8 GB at 1M with the corpus alongside)."""
        check_deadline(deadline, f"{what} build")
        with alarm(deadline, f"{what} build"):
            self.index.add(np.ascontiguousarray(vectors, dtype=np.float32))

    def search(self, queries: np.ndarray, k: int) -> np.ndarray:
        _, rows = self.index.search(queries, k)
        return np.where(rows >= 0, self.keys[np.maximum(rows, 0)], -1)

    def set_threads(self, n: int) -> None:
        import faiss

        faiss.omp_set_num_threads(n)

    def serialized_bytes(self) -> int:
        import faiss

        return _file_bytes(lambda path: faiss.write_index(self.index, path))


class FaissFlat(_Faiss):
    """IndexFlatIP: FAISS's exact search (inner product = cosine on unit vectors)."""

    def __init__(self, vectors, keys, *, deadline=None, **_: Any) -> None:
        import faiss

        super().__init__(keys)
        self.index = faiss.IndexFlatIP(vectors.shape[1])
        self._add(vectors, deadline, "faiss-flat")

    def configure(self, **_: Any) -> None:
        pass


class FaissHNSW(_Faiss):
    """IndexHNSWFlat with inner product; efConstruction matched to USearch's expansion_add."""

    def __init__(self, vectors, keys, *, M=32, efConstruction=128, deadline=None, **_: Any) -> None:
        import faiss

        super().__init__(keys)
        self.index = faiss.IndexHNSWFlat(vectors.shape[1], int(M), faiss.METRIC_INNER_PRODUCT)
        self.index.hnsw.efConstruction = int(efConstruction)
        self._add(vectors, deadline, "faiss-hnsw")

    def configure(self, efSearch: int = 64, **_: Any) -> None:
        self.index.hnsw.efSearch = int(efSearch)


class FaissIVF(_Faiss):
    """IndexIVFFlat over a flat inner-product quantizer, trained on a seeded sample."""

    def __init__(self, vectors, keys, *, nlist=64, train_per_list=64, seed=0, deadline=None, **_: Any) -> None:
        import faiss

        super().__init__(keys)
        nlist = int(min(nlist, len(vectors)))
        self.quantizer = faiss.IndexFlatIP(vectors.shape[1])
        self.index = faiss.IndexIVFFlat(self.quantizer, vectors.shape[1], nlist, faiss.METRIC_INNER_PRODUCT)
        self.index.cp.seed = seed
        rng = np.random.default_rng(seed)
        n_train = int(min(len(vectors), nlist * train_per_list))
        sample = vectors[np.sort(rng.choice(len(vectors), n_train, replace=False))]
        check_deadline(deadline, "faiss-ivf train")
        self.index.train(np.ascontiguousarray(sample, dtype=np.float32))
        self._add(vectors, deadline, "faiss-ivf")

    def configure(self, nprobe: int = 1, **_: Any) -> None:
        self.index.nprobe = int(min(nprobe, self.index.nlist))


BUILDERS: dict[str, Callable[..., Searcher]] = {
    "usearch-hnsw": UsearchHNSW,
    "faiss-hnsw": FaissHNSW,
    "faiss-ivf": FaissIVF,
    "exact-usearch": UsearchExact,
    "exact-faiss": FaissFlat,
    "exact-numpy": NumpyExact,
}


@dataclass(frozen=True)
class Family:
    """One build of one index type and the search-time settings measured on it (one row each)."""

    index_type: str  # usearch-hnsw | faiss-hnsw | faiss-ivf | exact
    build: dict[str, Any]
    search: tuple[dict[str, Any], ...] = ({},)
    optional: bool = False  # at scale: measured only if its projected cost fits the time box

    @property
    def builder(self) -> str:
        return _builder(self.index_type, self.build)

    @property
    def key(self) -> str:
        """Identifies the build across corpus sizes (IVF's nlist follows N, so it is left out)."""
        return _build_key(self.index_type, {k: v for k, v in self.build.items() if k != "nlist"})


def _builder(index_type: str, build: dict[str, Any]) -> str:
    return f"exact-{build['engine']}" if index_type == "exact" else index_type


def _build_key(index_type: str, build: dict[str, Any]) -> str:
    return _builder(index_type, build) + "".join(f" {k}={v}" for k, v in sorted(build.items()))


def family_key(result: BenchmarkResult) -> str:
    """Family.key recovered from a result row (its build parameters are in params)."""
    builds = {
        "usearch-hnsw": ("metric", "dtype", "connectivity", "expansion_add"),
        "faiss-hnsw": ("M", "efConstruction"),
        "faiss-ivf": ("train_per_list",),
        "exact": ("engine", "metric"),
    }.get(result.index_type, ())
    return _build_key(result.index_type, {k: result.params[k] for k in builds if k in result.params})


def family_of(result: BenchmarkResult) -> str:
    """Group key for tables and plots: the index type, with exact split by engine."""
    if result.index_type == "exact":
        return f"exact-{result.params.get('engine')}"
    return result.index_type


def config_label(result: BenchmarkResult) -> str:
    """A row's configuration in one line, e.g. `usearch-hnsw ip/f16 M=16 ef=64`."""
    p = result.params
    if result.index_type == "usearch-hnsw":
        return (f"usearch-hnsw {p.get('metric')}/{p.get('dtype')} M={p.get('connectivity')} "
                f"ef={p.get('expansion_search')}")
    if result.index_type == "faiss-hnsw":
        return f"faiss-hnsw M={p.get('M')} efSearch={p.get('efSearch')}"
    if result.index_type == "faiss-ivf":
        return f"faiss-ivf nlist={p.get('nlist')} nprobe={p.get('nprobe')}"
    if result.index_type == "exact":
        extra = f" {p['metric']}" if p.get("metric") else ""
        return f"exact ({p.get('engine')}{extra})"
    if result.index_type.startswith("usearch-"):
        files = p.get("n_shards", 1)
        return (f"{result.index_type} {p.get('metric')}/{p.get('dtype')} M={p.get('connectivity')} "
                f"ef={p.get('expansion_search')} ({files} file{'s' if files != 1 else ''})")
    return result.index_type
