"""Form metrics of answers (issue 30) on hand-made Answer records, and the judge report's aggregation."""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
from pathlib import Path

import pytest

from fomc_qa.evaluation.form import (
    answer_lead,
    answer_words,
    form_metrics,
    lead_keyword_recall,
    overlaps_fragment,
    quote_precision,
    quoted_passages,
)
from fomc_qa.models import Answer, Citation, GoldenQuestion

REPO = Path(__file__).resolve().parents[1]

# The extractive reader's form: a lead, then labelled quotations in curly quotes with markers.
READER_TEXT = (
    "There were 2 (two) dissents at the July 30, 2025 meeting: Michelle W. Bowman and Christopher J. Waller.\n"
    "FOMC statement of July 30, 2025: \u201cVoting against this action were Michelle W. Bowman and Christopher J. "
    "Waller, who preferred to lower the target range by 1/4 percentage point at this meeting.\u201d [1]\n\n"
    "\u201cAbsent and not voting was Adriana D. Kugler.\u201d [1]"
)


def make_answer(text: str, confidence: str = "medium") -> Answer:
    return Answer(question="q", answer=text, citations=[], confidence=confidence,
                  retrieval_ms=1.0, generation_ms=1.0, total_ms=2.0, lm="test")


class LeadAnswer(Answer):
    """An Answer record with the `lead` field another branch adds to the model."""

    lead: str | None = None


def test_words_count_tokens_with_letters_or_digits_not_markers():
    assert answer_words("It chose to maintain the range [1].") == 6
    assert answer_words("  \u201cQuoted  text\u201d [2] -- 4-1/4 percent  ") == 4
    assert answer_words("") == 0


def test_quotes_are_curly_quoted_passages():
    quotes = quoted_passages(READER_TEXT)
    assert len(quotes) == 2
    assert quotes[0].startswith("Voting against this action")
    assert quotes[1] == "Absent and not voting was Adriana D. Kugler."
    assert quoted_passages('No "straight" quotes count.') == []
    assert quoted_passages("Open \u201cnever closed") == ["never closed"]
    nested = "\u201cCorrected from \u201c3-1/4\u201d to \u201c3-3/4\u201d percent.\u201d [3] \u201cUnchanged.\u201d [3]"
    assert quoted_passages(nested) == ["Corrected from \u201c3-1/4\u201d to \u201c3-3/4\u201d percent.", "Unchanged."]


def test_lead_is_text_before_the_first_quote_or_the_lead_field():
    assert answer_lead(make_answer(READER_TEXT)).startswith("There were 2 (two) dissents")
    assert "Voting against" not in answer_lead(make_answer(READER_TEXT))
    assert answer_lead(make_answer("\u201cOpens with a quote.\u201d [1] Then text.")) == ""
    assert answer_lead(make_answer("No quotes at all.")) == "No quotes at all."
    with_field = LeadAnswer(question="q", answer=READER_TEXT, citations=[], confidence="medium",
                            retrieval_ms=1.0, generation_ms=1.0, total_ms=2.0, lm="test", lead="Bowman only.")
    assert answer_lead(with_field) == "Bowman only."
    # A record whose lead is None falls back to the text.
    none_field = with_field.model_copy(update={"lead": None})
    assert answer_lead(none_field).startswith("There were 2")


def test_lead_keyword_recall_counts_only_the_lead():
    answer = make_answer(READER_TEXT)
    # "Bowman" is in the lead; "1/4 percentage point" only in a quote; the alternative list matches "Waller".
    assert lead_keyword_recall(answer, ["bowman", "1/4 percentage point", ["Waller", "Governor Waller"]]) == (
        pytest.approx(2 / 3)
    )
    assert lead_keyword_recall(make_answer("\u201cBowman\u201d [1]"), ["Bowman"]) == 0.0
    assert lead_keyword_recall(answer, []) is None


def test_fragment_overlap_by_content_words_or_containment():
    fragment = "Voting against this action were Michelle W. Bowman and Christopher J. Waller"
    assert overlaps_fragment("Voting against this action were Michelle W. Bowman and others.", fragment)
    assert overlaps_fragment("Christopher J. Waller", fragment)  # the quote lies inside the fragment
    assert overlaps_fragment("Long preface. " + fragment.upper() + " and more.", fragment)  # fragment inside
    # Sharing only function words and one name is not half the fragment's content words.
    assert not overlaps_fragment("This was about Bowman and the others at the meeting.", fragment)


def test_quote_precision():
    fragments = ["the Committee decided to lower the target range for the federal funds rate to 0 to 1/4 percent"]
    keywords = ["Kugler"]
    quotes = [
        "The Committee decided to lower the target range for the federal funds rate to 0 to 1/4 percent.",
        "Absent and not voting was Adriana D. Kugler.",  # holds a keyword
        "Members agreed that uncertainty remained elevated.",  # neither
        "Equity prices rose.",  # neither
    ]
    assert quote_precision(quotes, fragments, keywords) == 0.5
    assert quote_precision([], fragments, keywords) is None
    assert quote_precision(quotes[2:], [], []) == 0.0


def test_form_metrics_in_and_out_of_scope():
    answer = make_answer(READER_TEXT)
    fig = form_metrics(answer, True, ["Bowman", "Kugler"], ["Absent and not voting was Adriana D. Kugler"])
    assert fig["quotes"] == 2.0
    assert fig["words"] == float(answer_words(READER_TEXT))
    assert fig["lead_keyword_recall"] == 0.5  # Kugler is quoted, not in the lead
    assert fig["quote_precision"] == 1.0  # both quotes name Bowman or Kugler
    out = form_metrics(make_answer("Insufficient evidence.", "insufficient"), False, [], [])
    assert out == {"words": 2.0, "quotes": 0.0, "lead_keyword_recall": None, "quote_precision": None}


# --------------------------------------------------------------------------- judge report


def load_judge_report():
    return load_script("judge_report")


def grade(qid, correct, direct, concise, false=0, irrelevant=0, total=2, **extra):
    return {"id": qid, "correct": correct, "direct": direct, "concise": concise, "false_statements": false,
            "irrelevant_quotes": irrelevant, "total_quotes": total, **extra}


def test_judge_report_aggregates_a_tiny_grades_file(tmp_path):
    judge = load_judge_report()
    grades = {
        "name": "tiny",
        "grades": [
            grade("ad001", 2, 1, 2, irrelevant=0, total=2),
            grade("ad002", 1, 0, 1, false=1, irrelevant=1, total=3),
            grade("ac001", 2, 1, 0, false=2, irrelevant=2, total=4),
            grade("ac002", 0, 0, 1, irrelevant=0, total=0),
            grade("x9", 2, 1, 2, set="outside_zz", total=1),
        ],
    }
    path = tmp_path / "grades.json"
    path.write_text(json.dumps(grades), encoding="utf-8")
    name, rows = judge.load_grades(path)
    assert name == "tiny"
    summary = judge.aggregate(rows)
    assert list(summary) == ["ac", "ad", "outside_zz", "overall"]
    assert summary["ad"] == {"n": 2, "fully_correct": 0.5, "direct": 0.5, "concise": 1.5,
                             "irrelevant_quote_share": pytest.approx(1 / 5), "false_statements": 1}
    assert summary["ac"]["fully_correct"] == 0.5 and summary["ac"]["concise"] == 0.5
    assert summary["ac"]["irrelevant_quote_share"] == 0.5  # 2 of 4; ac002 has no quotes
    assert summary["overall"] == {"n": 5, "fully_correct": 0.6, "direct": 0.6, "concise": pytest.approx(1.2),
                                  "irrelevant_quote_share": pytest.approx(3 / 10), "false_statements": 3}

    out = judge.write_report(name, summary, tmp_path)
    assert out == tmp_path / "judge_tiny.md"
    text = out.read_text(encoding="utf-8")
    assert "| overall | 5 | 0.600 | 0.600 | 1.20 | 0.300 | 3 |" in text


def test_judge_report_rejects_bad_grades(tmp_path):
    judge = load_judge_report()
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([grade("ad001", 3, 1, 2)]), encoding="utf-8")
    with pytest.raises(ValueError, match="correct"):
        judge.load_grades(path)
    path.write_text(json.dumps([grade("ad001", 2, 1, 2, irrelevant=3, total=2)]), encoding="utf-8")
    with pytest.raises(ValueError, match="irrelevant_quotes"):
        judge.load_grades(path)
    # A bare list takes its name from the file.
    path.write_text(json.dumps([grade("ad001", 2, 1, 2)]), encoding="utf-8")
    assert judge.load_grades(path)[0] == "bad"


# --------------------------------------------------------------------------- judge packets


def load_script(name):
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def golden(qid, category="factual", split="dev"):
    answerable = category != "out-of-scope"
    return GoldenQuestion(
        id=qid, question=f"Question {qid}?", category=category, split=split,
        expected_answer_keywords=[["1/4 percentage point", "25 basis points"], "Bowman"] if answerable else [],
        relevant_documents=[{"type": "statement", "date": "2025-07-30"}] if answerable else [],
        relevant_text_fragments=["Voting against this action were Michelle W. Bowman"] if answerable else [],
    )


def test_judge_packets_hide_chunk_ids_and_never_take_the_test_split(tmp_path):
    packets = load_script("judge_packets")
    cited = Answer(
        question="q", answer=READER_TEXT + " (see minutes-2025-07-30#037)", confidence="medium",
        citations=[Citation(n=1, chunk_id="statement-2025-07-30#001", document_id="statement-2025-07-30",
                            doc_type="statement", meeting_date=dt.date(2025, 7, 30), section=None,
                            relevance_score=0.5, quoted_excerpt="Voting against this action")],
        retrieval_ms=1.0, generation_ms=1.0, total_ms=2.0, lm="test")
    questions = [golden("ad001"), golden("ad002", "out-of-scope"), golden("t001", split="test")]
    chosen = packets.select(questions, None, None)
    assert [q.id for q in chosen] == ["ad001", "ad002"]
    with pytest.raises(ValueError, match="test split"):
        packets.select(questions, "test", None)
    with pytest.raises(ValueError, match="t001"):
        packets.select(questions, None, ["t001"])

    paths = packets.write_packets(chosen, lambda text: cited, tmp_path / "ad", {"ad002": "press conference"})
    first, second = (p.read_text(encoding="utf-8") for p in paths)
    assert "Question ad001?" in first and "> Voting against this action were Michelle W. Bowman" in first
    assert "“1/4 percentage point” or “25 basis points”" in first
    assert "[1] FOMC Statement — July 30, 2025" in first
    assert "#0" not in first and "chunk" not in first.lower()  # no chunk ids, in the sources or the text
    assert "declines" in second and "press conference" in second and "> Voting" not in second
    template = json.loads((tmp_path / "ad" / "grades_template.json").read_text(encoding="utf-8"))
    assert [g["id"] for g in template["grades"]] == ["ad001", "ad002"]


def test_blind_mix_hides_ids_and_versions_and_unmixes_back(tmp_path):
    mix = load_script("blind_mix")
    for version in ("a", "b"):
        (tmp_path / version).mkdir()
        for qid in ("zz001", "zz002"):
            (tmp_path / version / f"{qid}.md").write_text(f"# Question {qid}\n\nanswer {version}\n")
    mapping = mix.mix("zz", tmp_path / "a", tmp_path / "b", tmp_path / "out", seed="t")
    packets = sorted((tmp_path / "out").glob("J*.md"))
    assert len(packets) == 4 and not any("zz0" in p.read_text() for p in packets)
    assert sorted(v for v, _ in mapping.values()) == ["A", "A", "B", "B"]
    grades = [{"id": name, "correct": 2} for name in mapping]
    assert sorted(g["id"] for g in mix.unmix(grades, mapping, "B")) == ["zz001", "zz002"]
    (tmp_path / "b" / "zz002.md").unlink()
    with pytest.raises(ValueError):  # near miss: the two versions must answer the same questions
        mix.mix("zz", tmp_path / "a", tmp_path / "b", tmp_path / "out2", seed="t")


def test_outside_authoring_verify_finds_what_an_author_must_mend(tmp_path):
    authoring = load_script("outside_authoring")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "minutes_2024-09-18.txt").write_text(
        "Participants' Views\n\nParticipants judged that the labor market had cooled from its earlier "
        "overheated state and that inflation had eased substantially.\n\nCommittee Policy Actions\n\nThe Committee "
        "decided to lower the target range by 1/2 percentage point.\n" + authoring.SECTIONS
        + "Participants' Views\nCommittee Policy Actions\n")
    good = {"id": "ZZ001", "question": "Why cut 50 in Sep 2024?", "category": "factual", "kind": "why",
            "expected_answer_keywords": [["1/2 percentage point", "50 basis points"], "cooled", ["two", "2"]],
            "relevant_documents": [{"type": "minutes", "date": "2024-09-18"}],
            "relevant_sections": ["Participants' Views"],
            "relevant_text_fragments": ["the labor market had cooled from its earlier overheated state"],
            "difficulty": "easy", "split": "dev"}
    assert authoring.problems(good, "ZZ", docs) == []
    bad = {**good, "expected_answer_keywords": ["recession"], "relevant_sections": ["Staff Outlook"],
           "relevant_text_fragments": ["the labor market had cooled sharply from its earlier overheated state"]}
    found = " | ".join(authoring.problems(bad, "ZZ", docs))
    assert "'recession'" in found and "'Staff Outlook'" in found and "not verbatim" in found, found
    # a fragment under a heading the question does not list
    wrong_home = {**good, "relevant_sections": ["Committee Policy Actions"]}
    assert any("sits under" in p for p in authoring.problems(wrong_home, "ZZ", docs))
    declined = {**good, "category": "out-of-scope", "expected_answer_keywords": [], "relevant_documents": [],
                "relevant_sections": [], "relevant_text_fragments": []}
    assert authoring.problems(declined, "ZZ", docs) == ["an out-of-scope question needs a decline_reason"]
