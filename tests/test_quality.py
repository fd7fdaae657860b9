"""The downstream assets through materialize(): retrieval_eval with its checks, and qa_program."""

from __future__ import annotations

import json

import dagster as dg
import pytest

from fomc_pipeline.assets.program import ProgramConfig, qa_program
from fomc_pipeline.assets.quality import FLOORS, REPORT_FILE, retrieval_checks, retrieval_eval
from fomc_qa.config import DataPaths


@pytest.fixture(scope="module")
def evaluated(built):
    data_dir, instance, resources = built
    result = dg.materialize([retrieval_eval, *retrieval_checks], instance=instance, resources=resources)
    assert result.success
    return result


def test_retrieval_eval_writes_the_report_with_every_split(evaluated, built):
    report = json.loads(DataPaths(built[0]).report(REPORT_FILE).read_text())
    assert set(report["splits"]) == {"train", "dev", "test"}
    assert report["n"] == report["splits"]["dev"]["n"] > 0
    for k in (3, 5, 10):
        for metric in ("hit_rate", "recall", "precision", "ndcg", "chunk_text_recall"):
            assert 0.0 <= report["overall"][f"{metric}@{k}"] <= 1.0
    assert "out-of-scope" in report["by_category"]


def test_checks_report_recall_as_metadata(evaluated):
    evaluations = {e.check_name: e for e in evaluated.get_asset_check_evaluations()}
    assert set(evaluations) == {f"{m.replace('@', '_at_')}_floor" for m in FLOORS}
    recall = evaluations["recall_at_5_floor"]
    assert recall.metadata["floor"].value == FLOORS["recall@5"]
    assert 0.0 <= recall.metadata["recall@5"].value <= 1.0
    assert recall.passed == (recall.metadata["recall@5"].value >= FLOORS["recall@5"])
    meta = evaluated.asset_materializations_for_node("retrieval_eval")[0].metadata
    assert meta["dev_questions"].value > 0 and "dev_mrr" in meta
    assert meta["dev_recall@5"].value == round(meta["dev_recall@5"].value, 4)
    summary = {r.data["split"]: r.data for r in meta["summary"].value.records}
    assert set(summary) == {"train", "dev"} and summary["dev"]["questions"] == meta["dev_questions"].value


def test_recall_check_is_blocking():
    blocking = {c.check_specs_by_output_name[o].name: c.check_specs_by_output_name[o].blocking
                for c in retrieval_checks for o in c.check_specs_by_output_name}
    assert blocking["recall_at_5_floor"] is True
    assert not blocking["mrr_floor"]


def test_qa_program_compiles_saves_and_scores(evaluated, built):
    data_dir, instance, resources = built
    result = dg.materialize([qa_program], instance=instance, resources=resources,
                            run_config=dg.RunConfig({"qa_program": ProgramConfig(max_demos=2, max_dev_questions=6)}))
    assert result.success
    meta = result.asset_materializations_for_node("qa_program")[0].metadata
    assert meta["dev_questions"].value == min(6, meta["dev_questions_in_split"].value)  # an evenly spaced sample
    saved = DataPaths(data_dir).programs / "qa_program.json"
    assert saved.exists() and json.loads(saved.read_text())
    assert meta["lm"].value == "local/extractive"
    assert 0.0 <= meta["dev_score_before"].value <= 1.0 and 0.0 <= meta["dev_score_after"].value <= 1.0
    assert meta["demos"].value <= 2
    if meta["dev_score_before"].value == meta["dev_score_after"].value:  # the extractive reader ignores demos
        assert meta["dev_score_change"].value.startswith("unchanged, as expected: the extractive reader")

    assert meta["sentences_embedded"].value > 0
    # the learned parts: fitted from the answers, written beside the program, figures out of fold
    tuning = json.loads((DataPaths(data_dir).programs / "answer_tuning.json").read_text())
    assert tuning["confidence"]["seen"]
    # the scorer is written for its evidence floor; its order ships only when it beats the compose rules by more
    # than noise, and the figures say which
    assert tuning["quote_scorer_orders"] == tuning["quote_scorer_kept"]
    assert tuning["quote_scorer"]["record"]["features"]
    assert tuning["dev_words_median_shipped"] > 0 and tuning["dev_quotes_mean_shipped"] <= tuning[
        "dev_quotes_mean_rules"]
    assert tuning["dev_form_before"] == meta["dev_oof_form_before"].value
    assert "quote scorer" in meta["dev_oof_form_change"].value and "kept" in meta["dev_oof_form_change"].value
    assert "| high |" in meta["confidence_reliability"].value
    first = json.loads(saved.read_text())
    again = dg.materialize([qa_program], instance=instance, resources=resources,
                           run_config=dg.RunConfig({"qa_program": ProgramConfig(max_demos=2, max_dev_questions=6)}))
    # a recompile finds every sentence vector in the cache, and compiles the same program
    assert again.asset_materializations_for_node("qa_program")[0].metadata["sentences_embedded"].value == 0
    assert json.loads(saved.read_text()) == first
    assert json.loads((DataPaths(data_dir).programs / "answer_tuning.json").read_text()) == tuning  # deterministic


def test_the_program_s_metadata_says_why_the_dev_score_did_or_did_not_move():
    from fomc_pipeline.assets.program import score_change_note

    assert "extractive reader" in score_change_note(0.5, 0.5, "local/extractive", 2)
    assert score_change_note(0.5, 0.5, "openai/gpt-x", 0).startswith("unchanged: compiling kept no demo")
    assert score_change_note(0.5, 0.5, "openai/gpt-x", 3).startswith("unchanged: the 3 demos")
    assert score_change_note(0.5, 0.625, "openai/gpt-x", 3) == "+0.1250 after compiling 3 demos into the prompt"


def test_ann_benchmark_asset_on_the_fixture_corpus(built):
    from fomc_pipeline.assets.quality import BenchmarkConfig, ann_benchmark, shipped_index_recall
    from fomc_qa.benchmark.report import ReportFiles

    data_dir, instance, resources = built
    result = dg.materialize([ann_benchmark, shipped_index_recall], instance=instance, resources=resources,
                            run_config=dg.RunConfig({"ann_benchmark": BenchmarkConfig(grid="small", scale=[])}))
    assert result.success
    meta = result.asset_materializations_for_node("ann_benchmark")[0].metadata
    files = ReportFiles.of(DataPaths(data_dir))
    assert meta["shipped_config"].value.startswith("usearch")
    # every figure says its unit, and every ratio which way it divides (rival over shipped)
    assert not any(k.startswith("p50_ratio") or k == "shipped_p50_over_this" for k in meta)
    ratios = [k for k in meta if "_over_" in k]
    assert ratios and all(k.endswith("_p50_over_shipped_p50") for k in ratios)
    assert meta["shipped_p50_ms"].value > 0
    assert meta["recall_vs_latency"].value.startswith("![ann_benchmark_recall_latency](data:image/png;base64,")
    assert str(files.plot) in meta["recall_vs_latency"].value and len(meta["recall_vs_latency"].value) < 200_000
    rows = meta["head_to_head"].value.records
    assert rows[0].data["role"] == "shipped" and rows[0].data["recall_at_10"] == meta["shipped_recall_at_10"].value
    assert all(len(str(r.data["p50_ms"]).split(".")[-1]) <= 4 for r in rows)
    assert rows[0].data["p50_over_shipped_p50"] == 1.0 and "shipped_p50_over_this" not in rows[0].data
    for family_row in rows[1:]:  # a rival's p50 over the shipped p50, not the other way round
        ratio = family_row.data["p50_over_shipped_p50"]
        assert ratio == pytest.approx(family_row.data["p50_ms"] / rows[0].data["p50_ms"], rel=1e-2, abs=1e-3)
    check = result.get_asset_check_evaluations()[0]
    assert check.passed and check.metadata["recall_at_10"].value >= 0.99
    assert files.parquet.exists() and files.markdown.exists()
    assert meta["report"].value == str(files.markdown)
    assert meta["shipped_recall_at_10"].value == check.metadata["recall_at_10"].value


def test_evenly_spaced_samples_keep_order_and_size():
    from fomc_pipeline.assets.program import evenly_spaced

    assert evenly_spaced(list(range(10)), 4) == [0, 2, 5, 7]
    assert evenly_spaced([1, 2, 3], 5) == [1, 2, 3] and evenly_spaced([1, 2, 3], 0) == [1, 2, 3]
