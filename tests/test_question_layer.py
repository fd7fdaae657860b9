"""The question layer: the asks rule table, one analysis per answered question, and scope from the index."""

from __future__ import annotations

import datetime as dt

import pytest

from fomc_qa.answering.flow import read_question
from fomc_qa.models import SearchHit
from fomc_qa.policy.desk import PolicyDesk
from fomc_qa.policy.record import MeetingRecord, RateRange, Source
from fomc_qa.question import analysis as analysis_module
from fomc_qa.question.analysis import QuestionIndex, analyze
from fomc_qa.question.asks import ASK_RULES, Ask, ask_of
from fomc_qa.question.slots import direction_of
from fomc_qa.question.subjects import SUBJECT_RULES, Speaker, subjects_of

D = dt.date


@pytest.mark.parametrize("rule", ASK_RULES, ids=lambda r: r.ask.value)
def test_each_ask_rule_reads_its_examples_and_not_its_near_misses(rule):
    assert rule.examples, "a rule without examples cannot be checked"
    for example in rule.examples:
        assert ask_of(example) is rule.ask, example
    for near_miss in rule.near_misses:
        assert ask_of(near_miss) is not rule.ask, near_miss


@pytest.mark.parametrize("rule", SUBJECT_RULES, ids=lambda r: str(r.subject))
def test_each_subject_rule_reads_its_examples_and_not_its_near_misses(rule):
    def found(text):
        subjects = subjects_of(text)
        return rule.subject in subjects.speakers or getattr(subjects, str(rule.subject), False) is True

    assert rule.examples, "a rule without examples cannot be checked"
    assert all(found(example) for example in rule.examples), rule.examples
    assert not any(found(near_miss) for near_miss in rule.near_misses), rule.near_misses


def test_each_part_is_read_for_whom_it_asks_about():
    read = analyze("Why did the Committee hold in May 2025, and how did the staff see tariffs affecting inflation?")
    assert read.subjects.speakers == (Speaker.STAFF,)
    assert [p.subjects.speakers for p in read.parts] == [(), (Speaker.STAFF,)]


def test_a_part_that_matches_no_rule_asks_what():
    assert ask_of("What did the January 2024 statement say about inflation?") is Ask.WHAT


def test_a_multi_part_question_reads_each_part_with_what_it_asks():
    read = analyze("Why did the Fed cut in September 2024, and who dissented at that meeting?")
    assert read.asks == (Ask.WHY, Ask.WHO)
    assert read.parts[1].query == "who dissented at that meeting? (september 2024)"  # with the question's date
    assert read.parts[1].search is not None and read.parts[1].search.plain == read.parts[1].query
    assert analyze("Who dissented in September 2024?").parts[0].search is None  # one part: searched as the whole


def _record(day: dt.date, decision: str, low: float, change: int) -> MeetingRecord:
    doc = f"statement-{day}"
    src = Source(sentence=f"The Committee decided to {decision} the target range.", document_id=doc,
                 chunk_id=f"{doc}#001")
    return MeetingRecord(meeting_date=day, meeting_kind="scheduled", statement_id=doc, decision=decision,
                         change_bp=change, range_after=RateRange(low=low, high=low + 0.25, text=f"{low} percent"),
                         decision_source=src, voters_for=["Jerome H. Powell"], dissents=[], vote_source=src)


def _hit(chunk_id: str) -> SearchHit:
    doc, _, _ = chunk_id.partition("#")
    day = doc.partition("-")[2]
    return SearchHit(rank=1, chunk_id=chunk_id, document_id=doc, doc_type="statement",
                     meeting_date=dt.date.fromisoformat(day), section=None,
                     text="The Committee decided to lower the target range.", score=0.0, relevance=1.0)


RECORDS_2025 = [_record(D(2025, 10, 29), "lower", 3.75, -25), _record(D(2025, 12, 10), "lower", 3.5, -25)]
RECORDS_2026 = [*RECORDS_2025, _record(D(2026, 1, 28), "maintain", 3.5, 0), _record(D(2026, 3, 18), "lower", 3.25, -25)]
IN_2026 = "How many rate cuts were there in 2026?"


def _answer(question: str, records: list[MeetingRecord]):
    desk = PolicyDesk(records, _hit)
    return read_question(question, lambda analysis, k: [], desk, 5, lambda q, hits, context: "", quotes_only=True)


def test_a_2026_question_is_answered_once_the_index_holds_a_2026_meeting():
    assert _answer(IN_2026, RECORDS_2025).confidence == "insufficient"  # the index ends in December 2025
    reading = _answer(IN_2026, RECORDS_2026)
    assert reading.confidence != "insufficient"
    assert "one" in reading.answer.lower() or "1 " in reading.answer
    assert analyze(IN_2026, QuestionIndex(tuple(r.meeting_date for r in RECORDS_2026))).scope.answerable


def test_the_future_is_after_the_last_indexed_meeting_not_a_literal_year():
    will = "Will the Fed keep cutting during 2026?"
    index_2025 = QuestionIndex(tuple(r.meeting_date for r in RECORDS_2025))
    index_2026 = QuestionIndex(tuple(r.meeting_date for r in RECORDS_2026))
    assert not analyze("Is a recession coming in 2026?", index_2025).scope.answerable
    assert analyze("In March 2026, what did participants expect for 2026?", index_2026).scope.answerable
    assert not analyze("Is a recession coming in 2027?", index_2026).scope.answerable
    assert not analyze(will, index_2025).scope.answerable
    # a recorded meeting's plan for later is in its statement, whatever the tense; a later year or no decision is not
    plan = "Oct 2025: why did the FOMC decide to end QT on Dec 1, and where will agency MBS paydowns be reinvested?"
    assert analyze(plan, index_2025).scope.answerable
    assert not analyze("Given the December 2025 decision, where will rates be in 2026?", index_2025).scope.answerable
    assert not analyze("After the December 2025 meeting, what will the Fed do next?", index_2025).scope.answerable


def test_the_flow_reads_each_question_once(monkeypatch):
    calls: list[str] = []
    read = analysis_module._read

    def counted(question, index, search_parts):
        if search_parts:  # analyze()'s own reading; a part's search reading is made inside it
            calls.append(question)
        return read(question, index, search_parts)

    monkeypatch.setattr(analysis_module, "_read", counted)
    desk = PolicyDesk(RECORDS_2026, _hit)
    searched = []

    def retrieve(query, k):
        searched.append(query)
        return []

    question = "How many cuts were there in 2026, and who dissented in March 2026?"
    read_question(question, retrieve, desk, 5, lambda q, hits, context: "", quotes_only=True)
    assert calls == [question]
    assert searched and all(not isinstance(q, str) for q in searched)  # the retriever gets readings, not strings


@pytest.mark.parametrize("question, out", [
    ("What did Powell say at the press conference after the December 2025 meeting?", True),
    ("Summarize Governor Waller's speech on stablecoins.", True),
    ("What did the Chair tell Congress in his semiannual testimony in June 2023?", True),
    ("What did Powell say at his post-meeting presser in July 2024?", True),
    ("How did the Chair answer questions at the press briefing after the December 2023 FOMC?", True),
    ("What did Jerome Powell say in the Q&A after the May 2023 decision?", True),
    ("Powell's remarks to reporters after the September 2025 meeting?", True),
    ("In his opening statement at the March 2022 press conference, what did Powell say about inflation?", True),
    ("What did the minutes say about the Chair's press conference?", False),  # near miss: asks the documents
    ("What did the postmeeting statement of June 2023 say about the press conference schedule?", False),  # near miss
    ("Which participants spoke about the speed of balance sheet runoff in May 2024?", False),
])
def test_rule_10_what_officials_said_outside_the_documents_is_declined_with_its_reason(question, out):
    scope = analyze(question).scope
    assert (not scope.answerable) is out
    if out:
        assert "press conferences" in scope.reason


@pytest.mark.parametrize("question, direction", [
    ("Did the Fed hold rates in June 2023?", "maintain"),
    ("Did they keep the range unchanged in May 2024?", "maintain"),
    ("Why did the Committee leave rates where they were in July 2024?", "maintain"),
    ("What was the rationale for holding at 4-1/4 to 4-1/2 percent in June 2025?", "maintain"),
    ("Why was the FOMC leaving the range unchanged through mid-2025?", "maintain"),
    # near misses: another verb with a particle, whose subject is not the Committee's rate
    ("Did weak demand keep prices down in 2020, per the staff?", None),
    ("What was the condition for keeping it up in the December 2020 statement?", None),
    ("Did hurricanes hold down the October 2024 jobs numbers, per the November 2024 minutes?", None),
    ("Did strikes hold back payrolls in October 2024?", None),
    ("Which concerns were left out of the December 2024 statement?", None),
])
def test_a_hold_is_the_committee_s_not_a_phrasal_verb(question, direction):
    assert direction_of(question) == direction


def test_a_question_s_quoted_words_are_read_as_the_phrases_it_asks_about():
    """"what was the new 'extent and timing' wording meant to signal?": the quoted words are the documents' own, and a
    sentence holding them is asked about (compose keeps it even when it is the standing guidance). Near miss: the
    apostrophe of a shortened year ("Jul '21") opens no quotation."""
    asked = subjects_of("What was the new 'extent and timing' wording meant to signal?")
    assert asked.phrases == ("extent and timing",)
    added = subjects_of("Jul '21 statement added a line saying the economy \u2018has made progress\u2019. Why?")
    assert added.phrases == ("has made progress",)
    assert subjects_of("Why did the Fed hold in Jul '24?").phrases == ()
