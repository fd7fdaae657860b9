"""Synthetic corpora grown from the real vectors, and how a corpus looks from inside.

A synthetic corpus keeps every real vector and adds noisy copies of real ones, the noise scaled
(`calibrate_noise`) so a synthetic vector sits as far from its source as real chunks sit from
one another. `neighbour_profile` checks the result against the real corpus.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def _distinct(vectors: np.ndarray) -> np.ndarray:
    _, idx = np.unique(np.round(vectors, 5), axis=0, return_index=True)
    return vectors[np.sort(idx)]


def _local_neighbours(real: np.ndarray, distinct: np.ndarray, m: int) -> np.ndarray:
    """For each real vector, its m nearest distinct real vectors (itself and its copies excluded)."""
    out = np.empty((len(real), m), dtype=np.int64)
    for start in range(0, len(real), 4096):
        sims = real[start : start + 4096] @ distinct.T
        sims[sims > 1 - 1e-6] = -np.inf
        top = np.argpartition(-sims, m - 1, axis=1)[:, :m]
        out[start : start + 4096] = top
    return out


def _perturb(real: np.ndarray, distinct: np.ndarray, nbrs: np.ndarray, base: np.ndarray, scale: float,
             shape: str, rng: np.random.Generator) -> np.ndarray:
    """Noisy, renormalized copies of real[base] (see synthetic_corpus for the two shapes)."""
    x = real[base]
    if shape == "isotropic":
        out = x + rng.standard_normal(x.shape, dtype=np.float32) * np.float32(scale)
    else:
        w = rng.standard_normal((len(base), nbrs.shape[1]), dtype=np.float32) * np.float32(scale)
        out = x * (1 - w.sum(axis=1, keepdims=True))
        for j in range(nbrs.shape[1]):
            out += w[:, j : j + 1] * distinct[nbrs[base, j]]
    out /= np.linalg.norm(out, axis=1, keepdims=True)
    return out


def calibrate_noise(real_vectors: np.ndarray, *, shape: str = "local", neighbours: int = 10,
                    sample: int = 2000, seed: int = 0) -> dict[str, Any]:
    """Noise scale for `synthetic_corpus`, from the real nearest-neighbour structure.

    The target: the median cosine between a synthetic vector and the real vector it was grown
    from equals the median cosine between a real chunk and its nearest *distinct* real neighbour.
    Each synthetic vector then sits as far from its source as real chunks sit from one another,
    a new paragraph on the same topic, neither a near-duplicate (search made trivially easy) nor
    random (topical clusters erased). Exact duplicates are dropped first: the minutes repeat
    boilerplate paragraphs verbatim. Isotropic noise has the closed form cos ~ 1/sqrt(1 + d s^2);
    local noise is calibrated by bisection on a sample.
    """
    real = np.ascontiguousarray(real_vectors, dtype=np.float32)
    d = real.shape[1]
    distinct = np.ascontiguousarray(_distinct(real))
    rng = np.random.default_rng(seed)
    idx = rng.choice(len(distinct), min(sample, len(distinct)), replace=False)
    sims = distinct[idx] @ distinct.T
    sims[sims > 1 - 1e-6] = -np.inf
    c = float(np.median(sims.max(axis=1)))
    out: dict[str, Any] = {"shape": shape, "median_nn_cos": c, "distinct_vectors": int(len(distinct))}
    if shape == "isotropic":
        out["sigma"] = math.sqrt(max(1.0 / c**2 - 1.0, 1e-6) / d)
        return out
    m = min(neighbours, len(distinct) - 1)
    nbrs = _local_neighbours(real, distinct, m)
    base = rng.integers(0, len(real), min(sample, 4 * len(real)))
    lo, hi = 1e-4, 4.0
    for _ in range(40):
        mid = math.sqrt(lo * hi)
        y = _perturb(real, distinct, nbrs, base, mid, shape, np.random.default_rng(seed + 1))
        if np.median(np.einsum("ij,ij->i", y, real[base])) > c:
            lo = mid
        else:
            hi = mid
    out.update({"sigma": math.sqrt(lo * hi), "neighbours": m})
    return out


def synthetic_corpus(real_vectors: np.ndarray, n: int, noise: float | None = None, seed: int = 0,
                     *, shape: str = "local", neighbours: int = 10, chunk: int = 50_000) -> np.ndarray:
    """A corpus of n unit vectors grown from the real ones: all real vectors (a seeded subset if n
    is smaller), then real vectors drawn at random plus Gaussian noise of scale `noise` (default:
    `calibrate_noise`), renormalized; generated in chunks to bound memory.

    shape="local" (default): the noise is Gaussian in the span of the source's offsets to its
    `neighbours` nearest distinct real vectors, x + sum_j w_j (x_j - x) with w_j ~ N(0, s^2), so
    it moves along the directions real chunks actually vary in around x and the corpus keeps
    the real local intrinsic dimensionality (about 8 here). shape="isotropic": x + N(0, s^2 I);
    in 384-d that fills every direction and doubles the local intrinsic dimensionality by 100k
    vectors, a harder and less FOMC-like corpus (kept for comparison).
    """
    real = np.ascontiguousarray(real_vectors, dtype=np.float32)
    rng = np.random.default_rng(seed)
    if n <= len(real):
        return np.ascontiguousarray(real[np.sort(rng.choice(len(real), n, replace=False))])
    if noise is None:
        scale = calibrate_noise(real, shape=shape, neighbours=neighbours, seed=seed)["sigma"]
    else:
        scale = float(noise)
    distinct = np.ascontiguousarray(_distinct(real))
    if shape == "local":
        nbrs = _local_neighbours(real, distinct, min(neighbours, len(distinct) - 1))
    else:
        nbrs = np.zeros((len(real), 0), np.int64)
    out = np.empty((n, real.shape[1]), dtype=np.float32)
    out[: len(real)] = real
    for start in range(len(real), n, chunk):
        stop = min(n, start + chunk)
        out[start:stop] = _perturb(real, distinct, nbrs, rng.integers(0, len(real), stop - start), scale, shape, rng)
    return out


def neighbour_profile(vectors: np.ndarray, *, sample: int = 200, k: int = 20, seed: int = 0,
                      rows: np.ndarray | None = None, chunk_rows: int = 131_072) -> dict[str, float]:
    """How a corpus looks from inside: median cosine to the 1st and 10th distinct neighbour, and
    the median local intrinsic dimensionality (Levina-Bickel MLE over k neighbours), which is
    what makes graph and cluster indexes easy or hard. Used to check synthetic against real."""
    rng = np.random.default_rng(seed)
    idx = rows if rows is not None else rng.choice(len(vectors), min(sample, len(vectors)), replace=False)
    q = np.ascontiguousarray(vectors[idx], dtype=np.float32)
    top = np.full((len(q), 0), -np.inf, dtype=np.float32)
    for start in range(0, len(vectors), chunk_rows):
        sims = q @ np.ascontiguousarray(vectors[start : start + chunk_rows], dtype=np.float32).T
        sims[sims > 1 - 1e-6] = -np.inf  # self and exact duplicates are not neighbours
        cand = np.concatenate([top, sims], axis=1)
        keep = min(k, cand.shape[1])
        top = -np.sort(-np.partition(cand, cand.shape[1] - keep, axis=1)[:, -keep:], axis=1)
    dist = np.sqrt(np.maximum(2 - 2 * top.astype(np.float64), 1e-12))
    ratio = np.log(dist[:, :-1] / dist[:, -1:])
    lid = -1.0 / np.minimum(ratio.mean(axis=1), -1e-9)
    return {"nn1_cos_median": float(np.median(top[:, 0])), "nn10_cos_median": float(np.median(top[:, min(9, k - 1)])),
            "lid_median": float(np.median(lid)), "sampled": int(len(q))}

