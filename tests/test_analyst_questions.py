"""The six questions of the policy-record issue, end to end through the CLI, on a real build of the
meetings they need (every 2022 meeting, January and September 2024, December 2025)."""

from __future__ import annotations

import json

import dagster as dg
import pytest
from conftest import resources_for

from fomc_pipeline import definitions as d
from fomc_pipeline.partitions import meetings
from fomc_qa.cli.main import EXIT_OK, main

MEETINGS = ["2022-01-26", "2022-03-16", "2022-05-04", "2022-06-15", "2022-07-27", "2022-09-21", "2022-11-02",
            "2022-12-14", "2024-01-31", "2024-09-18", "2025-12-10"]


@pytest.fixture(scope="module")
def analyst_data(tmp_path_factory, snapshot_url):
    data_dir = tmp_path_factory.mktemp("analyst")
    # Chunks only: the six questions' answers embed the few sentences they read (the build's sentence pass is
    # tested on the session build, tests/test_sentence_vectors.py).
    resources = resources_for(data_dir, snapshot_url, sentences=False)
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(meetings.name, MEETINGS)
    # One run over the 11 meetings, as a backfill batches them (the instance lists exactly these, in order).
    result = dg.materialize(d.per_meeting_assets, instance=instance, resources=resources,
                            tags={"dagster/asset_partition_range_start": MEETINGS[0],
                                  "dagster/asset_partition_range_end": MEETINGS[-1]})
    assert result.success
    assert result.asset_materializations_for_node("embeddings")[0].metadata["run_sentences"].value == 0
    assert instance.get_materialized_partitions(d.meeting_record.key) == set(MEETINGS)
    assert dg.materialize([d.corpus], instance=instance, resources=resources).success
    assert dg.materialize([d.policy_timeline], instance=instance, resources=resources).success
    instance.dispose()
    return data_dir


@pytest.fixture()
def ask(analyst_data, monkeypatch, capsys):
    monkeypatch.setenv("FOMC_DATA_DIR", str(analyst_data))

    def run(question: str) -> dict:
        capsys.readouterr()
        assert main([question, "--json"]) == EXIT_OK
        return json.loads(capsys.readouterr().out)

    return run


def _cited_text(answer: dict) -> str:
    return " ".join(c["quoted_excerpt"] for c in answer["citations"])


def test_current_range_is_the_latest_meeting(ask):
    answer = ask("What is the current federal funds rate target range?")
    assert "As of December 10, 2025" in answer["answer"]
    assert "3-1/2 to 3-3/4 percent (3.50%–3.75%)" in answer["answer"]
    assert "1-1/2 to 1-3/4" not in answer["answer"]
    assert any(c["meeting_date"] == "2025-12-10" for c in answer["citations"])


def test_count_of_hikes_in_a_year(ask):
    answer = ask("How many times did the Fed raise rates in 2022?")
    assert "seven times in 2022" in answer["lead"]  # a count in words, once
    assert "4-1/4 percentage points (425 basis points)" in answer["answer"]
    assert len({c["meeting_date"] for c in answer["citations"]}) == 7


def test_size_of_a_cut_in_both_forms(ask):
    answer = ask("By how much did the FOMC cut the federal funds rate in September 2024?")
    assert "1/2 percentage point (50 basis points)" in answer["lead"]
    assert "4-3/4 to 5 percent (4.75%–5.00%)" in answer["lead"]  # the new range's decimal form, once
    assert answer["lead"].count("%") == 2


def test_statement_role_sentence(ask):
    answer = ask("How did the FOMC describe economic activity in the January 2024 statement?")
    assert "economic activity has been expanding at a solid pace" in answer["answer"]
    assert "economic activity has been expanding at a solid pace" in _cited_text(answer)


def test_attendance_from_the_minutes(ask):
    answer = ask("Who attended the January 2024 FOMC meeting?")
    assert answer["confidence"] != "insufficient"
    assert "Jerome H. Powell" in answer["answer"] and "John C. Williams" in answer["answer"]
    assert any(c["doc_type"] == "minutes" for c in answer["citations"])


def test_officers_from_the_attendance_list(ask):
    answer = ask("Who was the Vice Chair of the FOMC at the January 2024 meeting?")
    assert answer["answer"].startswith("John C. Williams was Vice Chair at the January 31, 2024 meeting.")
    assert "“John C. Williams, Vice Chair” [1]" in answer["answer"]
    assert answer["citations"][0]["document_id"] == "minutes-2024-01-31"


def test_the_last_hike_of_a_cycle_that_began_in_one_year_and_ended_in_another(ask):
    # The indexed meetings after 2022 hold no hike, so the cycle that began in 2022 ends at its last 2022 hike
    # (tests/test_policy.py has a cycle that crosses the year).
    answer = ask("When was the last rate hike of the tightening cycle that began in 2022?")
    assert "December 14, 2022 meeting" in answer["answer"].split(".")[0]


def test_another_economys_current_data_is_declined(ask):
    answer = ask("What is the current GDP growth rate of China?")
    assert answer["confidence"] == "insufficient" and not answer["citations"]


def test_timeline_command(analyst_data, monkeypatch, capsys):
    monkeypatch.setenv("FOMC_DATA_DIR", str(analyst_data))
    assert main(["timeline", "--from", "2022-01", "--to", "2022-12", "--json"]) == EXIT_OK
    rows = json.loads(capsys.readouterr().out)
    assert [r["change_bp"] for r in rows] == [0, 25, 50, 75, 75, 75, 75, 50]
    assert main(["timeline", "--from", "2022-13"]) == 2
