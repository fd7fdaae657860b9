"""Markdown tables for reports and Dagster metadata: one renderer for every table the project prints."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


def markdown_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    """A GitHub markdown table as lines: header, separator, one line per row (empty cells stay blank)."""

    def line(cells: Sequence[Any]) -> str:
        return "|" + "|".join(f" {c} " if str(c) != "" else " " for c in cells) + "|"

    return [line(headers), "|" + "---|" * len(headers)] + [line(row) for row in rows]
