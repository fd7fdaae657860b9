"""Metadata sized for the UI: a plot preview that fits the pop-up, tables with rounded figures."""

from __future__ import annotations

import base64
import io
import re

import dagster as dg
import pytest
from matplotlib import image, pyplot

from fomc_pipeline.assets.ui_metadata import PREVIEW_WIDTH_PX, image_preview, table


def preview_width(value: dg.MetadataValue) -> int:
    data = re.search(r"base64,([A-Za-z0-9+/=]+)\)", value.value).group(1)
    return image.imread(io.BytesIO(base64.b64decode(data))).shape[1]


def test_a_wide_plot_is_scaled_to_the_popup_and_names_the_full_file(tmp_path):
    png = tmp_path / "wide.png"
    figure = pyplot.figure(figsize=(16, 8), dpi=150)
    figure.gca().plot(range(100))
    figure.savefig(png)
    pyplot.close(figure)
    assert image.imread(str(png)).shape[1] == 2400
    value = image_preview(png)
    assert preview_width(value) == PREVIEW_WIDTH_PX
    assert str(png) in value.value and len(value.value) < png.stat().st_size


def test_a_small_plot_is_not_scaled_up(tmp_path):
    png = tmp_path / "small.png"
    figure = pyplot.figure(figsize=(3, 2), dpi=100)
    figure.savefig(png)
    pyplot.close(figure)
    assert preview_width(image_preview(png)) == 300


def test_tables_round_floats_and_type_their_columns():
    value = table([{"split": "dev", "recall@5": 0.9065656565656566, "n": 33, "ok": True, "mrr": 0.93712},
                   {"split": "train", "recall@5": 0.93333333, "n": 49, "ok": False, "mrr": None}])
    assert [c.type for c in value.schema.columns] == ["string", "float", "int", "bool", "string"]
    assert value.records[0].data == {"split": "dev", "recall@5": 0.907, "n": 33, "ok": True, "mrr": "0.937"}
    assert value.records[1].data["mrr"] == "" and value.records[1].data["recall@5"] == 0.933
    with pytest.raises(ValueError, match="at least one row"):
        table([])
