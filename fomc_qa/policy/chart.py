"""A step chart of the federal funds target range over time, with dissents marked."""

from __future__ import annotations

import io
from collections.abc import Sequence


def timeline_chart(rows: Sequence[dict]) -> bytes:
    """PNG bytes: the range as a shaded step band, a red mark at each meeting with a dissent."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = [r for r in rows if r["range_low"] is not None]
    dates = [r["meeting_date"] for r in points]
    low = [r["range_low"] for r in points]
    high = [r["range_high"] for r in points]
    fig, ax = plt.subplots(figsize=(8, 3.4), dpi=100)
    ax.fill_between(dates, low, high, step="post", alpha=0.35, color="tab:blue", label="target range")
    ax.step(dates, high, where="post", color="tab:blue", linewidth=1)
    dissent = [r for r in points if r["dissenters"]]
    ax.scatter([r["meeting_date"] for r in dissent], [r["range_high"] + 0.15 for r in dissent], marker="v",
               color="tab:red", s=22, label="dissent", zorder=3)
    ax.set_ylabel("percent")
    ax.set_title("FOMC federal funds target range")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    plt.close(fig)
    return buffer.getvalue()
