"""meeting_record and policy_timeline through materialize(), on consecutive real meetings, and the
answers the read side builds from them."""

from __future__ import annotations

import json

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


# -- the release brief (issue 32) on the same consecutive meetings: 2025-12-10 against 2025-10-29 ------------------

def test_release_brief_of_december_2025_states_the_acceptance_facts(records_built):
    import datetime as dt

    from fomc_qa.brief.release_brief import brief_for

    data_dir = records_built[0]
    brief = brief_for(dt.date(2025, 12, 10), data_dir)
    b = brief.to_dict()
    assert b["meeting"] == "2025-12-10"
    assert b["headline"] == "FOMC lowers the target range by 25 bp to 3-1/2 to 3-3/4 percent; 9-3 vote"
    assert {k: b["decision"][k] for k in ("action", "change_bp", "range_before", "range_after")} == {
        "action": "lower", "change_bp": -25, "range_before": "3-3/4 to 4 percent",
        "range_after": "3-1/2 to 3-3/4 percent"}
    against = {a["name"]: (a["preference"], a["preferred_change_bp"]) for a in b["vote"]["against"]}
    assert set(against) == {"Stephen I. Miran", "Austan D. Goolsbee", "Jeffrey R. Schmid"}
    assert "by 1/2 percentage point" in against["Stephen I. Miran"][0] and against["Stephen I. Miran"][1] == -50
    assert against["Jeffrey R. Schmid"] == ("preferred no change to the target range for the federal funds rate "
                                            "at this meeting", 0)
    assert b["vote"]["tally"] == "9-3" and "Jerome H. Powell" in b["vote"]["for"]
    assert b["rates"]["iorb"]["rate"] == 3.65 and b["rates"]["on_rrp"]["rate"] == 3.5
    redline = b["redline"]
    assert redline["previous"] == "2025-10-29"
    labor = next(r for r in redline["revised"] if r["role"] == "labor_market")
    assert ["+", "September."] in labor["edit"] and ["-", "but remained low"] in labor["edit"]
    assert "“but remained low”" in labor["summary"]
    assert any("initiate purchases of shorter-term Treasury securities" in a["sentence"] for a in redline["added"])
    assert any("conclude the reduction of its aggregate securities holdings" in r["sentence"]
               for r in redline["removed"])
    assert b["minutes"]["included"] and b["minutes"]["date"] == "2025-12-30"
    assert [v["sentence"].split(":")[0] for v in b["minutes"]["vote_details"]] == [
        "Voting for this action", "Voting against this action"]
    markdown = brief.to_markdown()
    assert "[-but remained low-]" in markdown and "{+September.+}" in markdown and "Minutes included" in markdown
    # Deterministic: the same data give the same bytes.
    assert brief.to_json() == brief_for(dt.date(2025, 12, 10), data_dir).to_json()


def _citations(value):
    if isinstance(value, dict):
        if set(value) == {"chunk_id", "document", "date", "quote"}:
            yield value
        for v in value.values():
            yield from _citations(v)
    elif isinstance(value, list):
        for v in value:
            yield from _citations(v)


def test_every_brief_citation_quotes_its_chunk_verbatim(records_built):
    import datetime as dt

    from fomc_qa.brief.release_brief import brief_for

    data_dir = records_built[0]
    chunks = pl.read_parquet([DataPaths(data_dir).partition_file("chunks", k) for k in CONSECUTIVE])
    text_of = dict(zip(chunks["chunk_id"], chunks["text"], strict=True))
    cited = list(_citations(brief_for(dt.date(2025, 12, 10), data_dir).to_dict()))
    assert len(cited) >= 15
    for c in cited:
        assert c["quote"] in text_of[c["chunk_id"]] and c["chunk_id"].startswith(c["document"] + "#")


def test_release_day_brief_without_minutes_says_they_are_pending(records_built, tmp_path):
    """On the day, only the statement exists: the same record without the minutes gives a brief that says so."""
    import datetime as dt
    import shutil

    from fomc_qa.brief.release_brief import brief_for
    from fomc_qa.policy.record import MeetingRecord

    source, target = DataPaths(records_built[0]), DataPaths(tmp_path)
    for key in ("2025-10-29", "2025-12-10"):
        for table in ("chunks", "documents"):
            target.partition_file(table, key).parent.mkdir(parents=True, exist_ok=True)
            frame = pl.read_parquet(source.partition_file(table, key))
            if key == "2025-12-10":
                frame = frame.filter(pl.col("doc_type") == "statement")
            frame.write_parquet(target.partition_file(table, key))
        target.record_file(key).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source.record_file(key), target.record_file(key))
    record = MeetingRecord.model_validate_json(source.record_file("2025-12-10").read_bytes())
    on_the_day = record.model_copy(update={
        "minutes_id": None, "administered_rates": [],
        "dissents": [d.model_copy(update={"elaboration": None}) for d in record.dissents]})
    target.record_file("2025-12-10").write_text(on_the_day.model_dump_json())
    b = brief_for(dt.date(2025, 12, 10), tmp_path).to_dict()
    assert b["minutes"] == {"included": False, "date": None, "vote_details": [], "dissent_reasons": []}
    assert b["rates"] == {"iorb": None, "on_rrp": None} and b["sources"]["minutes"] is None
    assert b["headline"].endswith("9-3 vote") and b["redline"]["revised"]
    assert "Minutes: not yet indexed" in brief_for(dt.date(2025, 12, 10), tmp_path).to_markdown()


def test_a_date_without_a_meeting_and_an_empty_data_dir_are_typed_errors(records_built, tmp_path):
    import datetime as dt

    from fomc_qa.brief.release_brief import BriefFilesMissing, MeetingNotIndexed, brief_for

    with pytest.raises(MeetingNotIndexed, match=r"no indexed FOMC meeting on 2025-12-11 .*2025-12-10"):
        brief_for(dt.date(2025, 12, 11), records_built[0])
    with pytest.raises(BriefFilesMissing, match="no policy record"):
        brief_for(dt.date(2025, 12, 10), tmp_path)


def test_release_brief_asset_writes_the_brief_and_shows_it_in_the_ui(records_built):
    from fomc_pipeline.assets.brief import release_brief

    data_dir, instance, _ = records_built
    resources = resources_for(data_dir, "http://127.0.0.1:9")  # the brief reads files only
    result = dg.materialize([release_brief], partition_key="2025-12-10", instance=instance, resources=resources)
    assert result.success
    paths = DataPaths(data_dir)
    written = paths.brief_file("2025-12-10", ".json").read_text()
    assert json.loads(written)["headline"].startswith("FOMC lowers the target range by 25 bp")
    meta = instance.get_latest_materialization_event(release_brief.key).asset_materialization.metadata
    assert meta["brief"].value == paths.brief_file("2025-12-10", ".md").read_text()
    assert meta["brief"].value.startswith("# FOMC release brief: December 10, 2025")
    assert meta["headline"].value.endswith("9-3 vote") and meta["minutes_included"].value is True
