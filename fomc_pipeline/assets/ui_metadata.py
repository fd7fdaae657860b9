"""Metadata the Dagster UI shows well: plots as a preview sized to fit its pop-up (with the path of the
full-size file), and tables as table metadata with rounded figures."""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import dagster as dg

# The asset pop-up is about this wide; a wider image is cut off or scaled into a blur.
PREVIEW_WIDTH_PX = 640


def image_preview(png: Path, width_px: int = PREVIEW_WIDTH_PX) -> dg.MetadataValue:
    """A PNG scaled down to `width_px` (never up), inline as markdown, with where the full file is."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import image

    width = image.imread(str(png)).shape[1]
    scaled = io.BytesIO()
    image.thumbnail(str(png), scaled, scale=min(1.0, width_px / width))
    data = base64.b64encode(scaled.getvalue()).decode()
    return dg.MetadataValue.md(f"![{png.stem}](data:image/png;base64,{data})\n\nFull size: `{png}`")


def rounded(value: Any, digits: int = 3) -> Any:
    return round(value, digits) if isinstance(value, float) else value


def table(rows: Sequence[Mapping[str, Any]], digits: int = 3) -> dg.MetadataValue:
    """Rows of equal keys as table metadata; floats rounded to `digits`. A column with a missing value
    (None) is shown as text, the missing cells empty (Dagster's table records need every field)."""
    if not rows:
        raise ValueError("a metadata table needs at least one row")
    columns = list(rows[0])
    kinds = {}
    for name in columns:
        values = [r[name] for r in rows]
        if any(v is None for v in values):
            kinds[name] = "string"
        elif all(isinstance(v, bool) for v in values):
            kinds[name] = "bool"
        elif all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            kinds[name] = "float" if any(isinstance(v, float) for v in values) else "int"
        else:
            kinds[name] = "string"
    def cell(value: Any, kind: str) -> Any:
        if kind != "string":
            return rounded(value, digits)
        return "" if value is None else str(rounded(value, digits))

    records = [dg.TableRecord({name: cell(r[name], kinds[name]) for name in columns}) for r in rows]
    schema = dg.TableSchema(columns=[dg.TableColumn(name, kinds[name]) for name in columns])
    return dg.MetadataValue.table(records, schema=schema)
