"""The report's figure: recall vs latency on the real corpus (Pareto fronts), and cost vs corpus size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fomc_qa.benchmark.choose import RECALL_FLOOR, real_rows, scale_table
from fomc_qa.benchmark.searchers import config_label, family_of
from fomc_qa.models import BenchmarkResult

COLORS = {"usearch-hnsw": "tab:blue", "faiss-hnsw": "tab:orange", "faiss-ivf": "tab:green",
          "exact-usearch": "tab:purple", "exact-faiss": "tab:red", "exact-numpy": "tab:gray"}


def _pareto_front(pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """(latency, recall) points sorted by latency, kept where recall beats every faster point."""
    frontier, best = [], -1.0
    for lat, rec in pts:
        if rec > best:
            frontier.append((lat, rec))
            best = rec
    return frontier


def _recall_vs_latency(ax: Any, results: Sequence[BenchmarkResult], shipped: BenchmarkResult) -> None:
    real = [r for r in real_rows(results) if family_of(r) in COLORS]
    for fam, color in COLORS.items():
        pts = sorted((r.latency_ms_p50, r.recall_at_10 or 0) for r in real if family_of(r) == fam)
        if not pts:
            continue
        ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=12, alpha=0.35, color=color)
        frontier = _pareto_front(pts)
        ax.plot([p[0] for p in frontier], [p[1] for p in frontier], "-o", ms=3, color=color, label=fam)
    ax.scatter([shipped.latency_ms_p50], [shipped.recall_at_10], marker="*", s=260, color="gold", edgecolor="black",
               zorder=5, label=f"shipped: {config_label(shipped)}")
    ax.axhline(RECALL_FLOOR, color="black", lw=0.8, ls=":", label=f"recall@10 floor {RECALL_FLOOR}")
    ax.set_xscale("log")
    lo = min((r.recall_at_10 or 0) for r in real)
    ax.set_ylim(max(0.0, min(lo, 0.9) - 0.02), 1.005)
    n_real = real[0].corpus_size if real else 0
    ax.set_xlabel("single-query latency p50 (ms, log scale, 1 thread)")
    ax.set_ylabel("recall@10 vs exact search")
    ax.set_title(f"Real corpus ({n_real:,} MiniLM vectors): recall vs latency (Pareto fronts)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")


def _cost_vs_size(ax: Any, table: list[dict[str, Any]]) -> None:
    for fam, color in COLORS.items():
        pts = sorted((row["corpus_size"], row["result"].latency_ms_p50) for row in table if row["family"] == fam)
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], "-o", color=color, label=fam)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("corpus size N (real, then synthetic grown from it)")
    ax.set_ylabel(f"p50 latency at recall@10 >= {RECALL_FLOOR} (ms)")
    ax.set_title(f"Scale: cost of the fastest setting that keeps recall@10 >= {RECALL_FLOOR}")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)


def plot_png(results: Sequence[BenchmarkResult], shipped: BenchmarkResult) -> bytes:
    """The figure as PNG bytes: one panel for the real corpus, a second for scale when there is one."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = [row for row in scale_table(results) if row["meets_floor"]]
    has_scale = len({row["corpus_size"] for row in table}) > 1
    fig, axes = plt.subplots(1, 2 if has_scale else 1, figsize=(14 if has_scale else 8, 5.5), squeeze=False)
    _recall_vs_latency(axes[0, 0], results, shipped)
    if has_scale:
        _cost_vs_size(axes[0, 1], table)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, dpi=120, format="png")
    plt.close(fig)
    return buf.getvalue()
