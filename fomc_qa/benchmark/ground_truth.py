"""Exact neighbours and tie-aware recall: what every index is scored against.

Ground truth is exact float32 inner product (numpy/BLAS, independent of the engines measured);
vectors are unit-norm, so it ranks exactly like cosine. Recall is tie-aware: FOMC minutes repeat
boilerplate paragraphs verbatim, so many queries have several neighbours at exactly the k-th
similarity; any of them is a correct answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

TIE_EPS = 1e-5  # similarities closer than this to the k-th are ties (float32 rounding is ~1e-7)

def recall_at_k(
    found_keys: Sequence[Sequence[int]] | np.ndarray,
    true_keys: Sequence[Sequence[int]] | np.ndarray,
    k: int,
    ties: Sequence[Iterable[int]] | None = None,
) -> float:
    """Mean over queries of |top-k found ∩ top-k true| / k.

    `ties[i]`, when given, holds further keys whose exact similarity equals the k-th true one:
    finding one of them instead of its twin is not a miss (hits are capped at k). Negative keys
    are padding (an index that returned fewer than k results) and never count.
    """
    if k <= 0:
        raise ValueError("k must be positive")
    if len(found_keys) != len(true_keys):
        raise ValueError(f"{len(found_keys)} result rows for {len(true_keys)} ground-truth rows")
    if len(true_keys) == 0:
        raise ValueError("no queries")
    total = 0.0
    for i, (found, true) in enumerate(zip(found_keys, true_keys, strict=True)):
        accept = {int(t) for t in list(true)[:k] if int(t) >= 0}
        if ties is not None:
            accept.update(int(t) for t in ties[i])
        got = {int(f) for f in list(found)[:k] if int(f) >= 0}
        total += min(len(got & accept), k) / k
    return total / len(true_keys)


@dataclass
class GroundTruth:
    """Exact neighbours of each query: top-k keys and similarities, plus every key tied with the
    k-th similarity (for any k up to `k`), so recall can be tie-aware at 5 and at 10."""

    keys: np.ndarray  # (nq, k) int64, best first
    sims: np.ndarray  # (nq, k) float32
    near: list[tuple[np.ndarray, np.ndarray]]  # per query: (keys, sims) of all with sim >= sims[k-1] - eps
    eps: float = TIE_EPS

    def recall(self, found: np.ndarray, k: int) -> float:
        return recall_at_k(found, self.keys[:, :k], k, ties=self.ties(k))

    def ties(self, k: int) -> list[np.ndarray]:
        out = []
        for i, (nk, ns) in enumerate(self.near):
            out.append(nk[ns >= self.sims[i, k - 1] - self.eps])
        return out

    def recall_by_query(self, found: np.ndarray, k: int) -> np.ndarray:
        ties = self.ties(k)
        return np.array(
            [recall_at_k(found[i : i + 1], self.keys[i : i + 1, :k], k, ties=[ties[i]]) for i in range(len(found))]
        )



def _top_rows(sims: np.ndarray, take: int) -> np.ndarray:
    """Column positions of the `take` largest entries per row (all columns if there are no more)."""
    if take < sims.shape[1]:
        return np.argpartition(-sims, take - 1, axis=1)[:, :take]
    return np.tile(np.arange(sims.shape[1]), (len(sims), 1))


def _above(vectors: np.ndarray, queries: np.ndarray, thresholds: np.ndarray,
           chunk_rows: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per query: the rows (and similarities) of every vector at or above its threshold."""
    found_r: list[list[np.ndarray]] = [[] for _ in queries]
    found_s: list[list[np.ndarray]] = [[] for _ in queries]
    for start in range(0, len(vectors), chunk_rows):
        sims = queries @ np.ascontiguousarray(vectors[start : start + chunk_rows], dtype=np.float32).T
        for j in range(len(queries)):
            hit = np.nonzero(sims[j] >= thresholds[j])[0]
            found_r[j].append(hit + start)
            found_s[j].append(sims[j, hit])
    return [(np.concatenate(r), np.concatenate(s)) for r, s in zip(found_r, found_s, strict=True)]


def exact_ground_truth(
    vectors: np.ndarray,
    keys: np.ndarray,
    queries: np.ndarray,
    k: int = 10,
    *,
    eps: float = TIE_EPS,
    chunk_rows: int = 65_536,
    pool: int = 64,
) -> GroundTruth:
    """Exact top-k by float32 inner product, streamed over the corpus in row chunks so a 1M corpus
    needs only nq x chunk_rows floats at a time. A pool of k+`pool` candidates per query catches
    ties; queries whose tie group overflows the pool get a second, threshold pass."""
    keys = np.asarray(keys).astype(np.int64)
    queries = np.ascontiguousarray(queries, dtype=np.float32)
    n, nq = len(vectors), len(queries)
    width = min(n, k + pool)
    best_s = np.full((nq, 0), -np.inf, dtype=np.float32)
    best_r = np.zeros((nq, 0), dtype=np.int64)
    for start in range(0, n, chunk_rows):
        sims = queries @ np.ascontiguousarray(vectors[start : start + chunk_rows], dtype=np.float32).T
        part = _top_rows(sims, min(width, sims.shape[1]))
        cand_s = np.concatenate([best_s, np.take_along_axis(sims, part, axis=1)], axis=1)
        cand_r = np.concatenate([best_r, part + start], axis=1)
        sel = _top_rows(cand_s, min(width, cand_s.shape[1]))
        best_s = np.take_along_axis(cand_s, sel, axis=1)
        best_r = np.take_along_axis(cand_r, sel, axis=1)
    order = np.argsort(-best_s, axis=1, kind="stable")
    best_s = np.take_along_axis(best_s, order, axis=1)
    best_r = np.take_along_axis(best_r, order, axis=1)
    kk = min(k, n)
    thresholds = best_s[:, kk - 1] - eps
    near: list[tuple[np.ndarray, np.ndarray]] = []
    for i in range(nq):
        mask = best_s[i] >= thresholds[i]
        near.append((keys[best_r[i, mask]], best_s[i, mask]))
    overflow = [i for i in range(nq) if width < n and best_s[i, -1] >= thresholds[i]]
    if overflow:
        above = _above(vectors, queries[overflow], thresholds[overflow], chunk_rows)
        for i, (rows, sims_i) in zip(overflow, above, strict=True):
            near[i] = (keys[rows], sims_i)
    return GroundTruth(keys=keys[best_r[:, :kk]], sims=best_s[:, :kk], near=near, eps=eps)
