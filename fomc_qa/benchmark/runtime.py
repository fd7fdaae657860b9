"""What the timings depend on: cores, thread pools, SIMD paths, memory, and the time box.

Single-query latency is measured on one thread for every engine, batches and builds on all
cores; `pinned_threads` sets every BLAS/OpenMP pool at once so that holds. A build or a
measurement that would run past its time box raises `OverBudget`.
"""

from __future__ import annotations

import contextlib
import os
import platform
import resource
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from fomc_qa.index.tables import EMBED_DIM


class OverBudget(RuntimeError):
    """A build or measurement would run past the time box it was given."""


def available_threads() -> int:
    """Cores this process may run on (affinity-aware, unlike os.cpu_count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


@contextlib.contextmanager
def pinned_threads(n: int) -> Iterator[None]:
    """Limit every BLAS/OpenMP pool (numpy's OpenBLAS, FAISS's OpenBLAS and libgomp) to n threads,
    so single-query timings are not skewed by thread spin-up and batch timings use all cores."""
    import faiss
    from threadpoolctl import threadpool_limits

    before = faiss.omp_get_max_threads()
    with threadpool_limits(limits=n):
        faiss.omp_set_num_threads(n)
        try:
            yield
        finally:
            faiss.omp_set_num_threads(before)


def _thread_pools() -> list[dict[str, Any]]:
    from threadpoolctl import threadpool_info

    return [
        {
            "library": Path(p.get("filepath", "")).name,
            "api": p.get("internal_api"),
            "version": p.get("version"),
            "architecture": p.get("architecture"),
            "threads": p.get("num_threads"),
        }
        for p in threadpool_info()
    ]


def _usearch_acceleration() -> dict[str, Any]:
    from usearch.index import Index

    return {
        f"{metric}/{dtype}": Index(ndim=EMBED_DIM, metric=metric, dtype=dtype).hardware_acceleration
        for metric in ("cos", "ip")
        for dtype in ("f32", "f16", "bf16", "i8")
    }


def runtime_info(threads: int | None = None) -> dict[str, Any]:
    """What the numbers depend on: versions, cores, thread pools, SIMD paths, machine load."""
    import faiss
    import usearch

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "usearch": usearch.__version__,
        "faiss": faiss.__version__,
        "cpu": platform.processor() or platform.machine(),
        "cores_available": available_threads(),
        "threads_single_query": 1,
        "threads_batch_and_build": threads or available_threads(),
        "thread_pools": _thread_pools(),
        "usearch_hardware_acceleration": _usearch_acceleration(),
        "faiss_compile_options": faiss.get_compile_options(),
        "faiss_simd_level": faiss.SIMDConfig.get_level_name() if hasattr(faiss, "SIMDConfig") else None,
        "OPENBLAS_CORETYPE": os.environ.get("OPENBLAS_CORETYPE"),
        "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS"),
        "load_average": list(os.getloadavg()),
    }


def peak_rss_bytes() -> int:
    """Peak resident memory of this process so far (Linux reports ru_maxrss in KiB)."""
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def check_deadline(deadline: float | None, what: str) -> None:
    """`deadline` is a perf_counter time; past it, `what` may not start."""
    if deadline is not None and time.perf_counter() > deadline:
        raise OverBudget(f"{what}: time budget exhausted")


@contextlib.contextmanager
def alarm(deadline: float | None, what: str) -> Iterator[None]:
    """Raise OverBudget inside a long FAISS call at the deadline. FAISS polls Python's signal
    handlers during HNSW construction (its Ctrl-C support), so a SIGALRM handler can stop it.
    Signals only reach the main thread; elsewhere this is a no-op and the projection must do."""
    import signal
    import threading

    if deadline is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise OverBudget(f"{what} stopped: time budget exhausted")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, max(deadline - time.perf_counter(), 0.001))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
