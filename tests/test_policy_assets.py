"""meeting_record and policy_timeline through materialize(), on consecutive real meetings, and the
answers the read side builds from them."""

from __future__ import annotations

import dagster as dg
import polars as pl
import pytest
from conftest import FIXTURE_MEETINGS, resources_for

from fomc_pipeline import definitions as d
from fomc_pipeline.checks import ranges_chain, record_is_grounded
from fomc_pipeline.partitions import meetings
from fomc_qa.config import DataPaths
from fomc_qa.policy.timeline import chain_problems, load_records

# The three cuts of late 2025 and the hold before them: consecutive, so the ranges must chain.
CONSECUTIVE = ["2025-07-30", "2025-09-17", "2025-10-29", "2025-12-10"]
RECORD_ASSETS = [d.raw_pages, d.documents, d.chunks, d.meeting_record]


@pytest.fixture(scope="module")
def records_built(tmp_path_factory, snapshot_url):
    data_dir = tmp_path_factory.mktemp("records")
    resources = resources_for(data_dir, snapshot_url)
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(meetings.name, CONSECUTIVE)
    for key in CONSECUTIVE:
        result = dg.materialize([*RECORD_ASSETS, record_is_grounded], partition_key=key, instance=instance,
                                resources=resources)
        assert result.success
        assert all(c.passed for c in result.get_asset_check_evaluations())
    result = dg.materialize([d.policy_timeline, ranges_chain], instance=instance, resources=resources)
    yield data_dir, instance, result
    instance.dispose()


def test_timeline_chains_and_its_check_passes(records_built):
    data_dir, _, result = records_built
    checks = {c.check_name: c for c in result.get_asset_check_evaluations()}
    assert checks["ranges_chain"].passed
    records = load_records(DataPaths(data_dir).policy_records)
    assert chain_problems(records) == []
    assert [r.decision for r in records] == ["maintain", "lower", "lower", "lower"]
    assert [r.change_bp for r in records] == [0, -25, -25, -25]
    assert (records[-1].range_after.low, records[-1].range_after.high) == (3.5, 3.75)
    assert records[-1].range_before.low == 3.75


def test_timeline_table_chart_and_catalog_view(records_built):
    data_dir, instance, _ = records_built
    paths = DataPaths(data_dir)
    frame = pl.read_parquet(paths.timeline)
    assert frame["meeting_date"].cast(pl.Utf8).to_list() == CONSECUTIVE
    assert "Bowman" in frame["dissenters"][0] and "Waller" in frame["dissenters"][0]
    png = paths.report("policy_timeline.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    meta = instance.get_latest_materialization_event(d.policy_timeline.key).asset_materialization.metadata
    assert "data:image/png;base64," in meta["chart"].value and meta["cuts"].value == 3
    assert str(paths.report("policy_timeline.png")) in meta["chart"].value
    assert [r.data["meeting_date"] for r in meta["recent"].value.records] == CONSECUTIVE[-12:]


def test_records_cite_verbatim_sentences(records_built):
    data_dir = records_built[0]
    paths = DataPaths(data_dir)
    chunks = pl.read_parquet([paths.partition_file("chunks", k) for k in CONSECUTIVE])
    text_of = dict(zip(chunks["chunk_id"], chunks["text"], strict=True))
    for record in load_records(paths.policy_records):
        for source in record.sources():
            assert source.sentence in text_of[source.chunk_id]


def test_fixture_build_has_records_for_its_meetings(built):
    paths = DataPaths(built[0])
    assert all(paths.record_file(k).exists() for k in FIXTURE_MEETINGS)
    assert paths.policy_records.exists() and paths.timeline.exists()
