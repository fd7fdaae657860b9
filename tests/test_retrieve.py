"""Retrieval: question filters, fusion, and the hybrid retriever on the built fixture."""

from __future__ import annotations

import datetime as dt

import pytest

from fomc_qa.answering.session import open_retriever
from fomc_qa.config import DataPaths, Settings
from fomc_qa.index.store import Corpus, IndexMissing
from fomc_qa.question.dates import asks_for_first, counts_from_a_date, parse_filter
from fomc_qa.retrieval.policy_discussion import (
    BALANCE_SHEET_JUDGED,
    BALANCE_SHEET_WOULD_DO,
    DECIDED,
    OPENERS,
    SIDE_DECISION,
    WHAT_IT_WOULD_DO,
    opens_policy_discussion,
)
from fomc_qa.retrieval.retrieve import RetrievalConfig, _asks_own_reasons, reciprocal_rank_fusion

MEETINGS = [dt.date(2020, 3, 3), dt.date(2020, 3, 15), dt.date(2022, 3, 16), dt.date(2022, 5, 4),
            dt.date(2023, 2, 1), dt.date(2023, 12, 13), dt.date(2024, 5, 1)]


@pytest.mark.parametrize(
    ("question", "meetings", "doc_types"),
    [
        ("What did the March 2022 minutes say about inflation?", {dt.date(2022, 3, 16)}, {"minutes"}),
        ("How did policy change in 2022?", {dt.date(2022, 3, 16), dt.date(2022, 5, 4)}, None),
        ("Which statement between 2022 and 2023 mentioned banks?",
         {dt.date(2022, 3, 16), dt.date(2022, 5, 4), dt.date(2023, 2, 1), dt.date(2023, 12, 13)}, {"statement"}),
        ("What happened at the first meeting of 2023?", {dt.date(2023, 2, 1)}, None),
        ("What happened at the last meeting of 2023?", {dt.date(2023, 12, 13)}, None),
        # a question opening "Before <something> in <month year>," asks about the meetings before that month
        ("Before the FOMC resumed cutting rates in May 2022, what was the last hold?",
         {dt.date(2020, 3, 3), dt.date(2020, 3, 15), dt.date(2022, 3, 16)}, None),
        ("Before the May 2022 hike, how many moves were there in 2022?", {dt.date(2022, 3, 16), dt.date(2022, 5, 4)},
         None),
        # ... but the first meeting of a year "at which" something happened is a question over the year
        ("What was the first meeting in 2022 at which the FOMC raised rates?",
         {dt.date(2022, 3, 16), dt.date(2022, 5, 4)}, None),
        ("What was the last meeting in 2022-2023 at which the FOMC raised rates?",
         {dt.date(2022, 3, 16), dt.date(2022, 5, 4), dt.date(2023, 2, 1), dt.date(2023, 12, 13)}, None),
        ("Why did the Fed cut rates on March 15, 2020?", {dt.date(2020, 3, 15)}, None),
        ("What was decided at the April 30, 2024 meeting?", {dt.date(2024, 5, 1)}, None),
        ("What did the Sept. 2015 statement say?", set(), {"statement"}),
        ("What is the FOMC?", None, None),
        # counting from a date: the meetings after it, not the one it names; what "began in" a month includes it
        ("When did the FOMC first pause after the hikes that began in March 2022?",
         {dt.date(2022, 3, 16), dt.date(2022, 5, 4), dt.date(2023, 2, 1), dt.date(2023, 12, 13), dt.date(2024, 5, 1)},
         None),
        ("After the March 3, 2020 meeting, when did the FOMC cut again?",
         {dt.date(2020, 3, 15), dt.date(2022, 3, 16), dt.date(2022, 5, 4), dt.date(2023, 2, 1), dt.date(2023, 12, 13),
          dt.date(2024, 5, 1)}, None),
        ("What has the FOMC done since December 2023?", {dt.date(2023, 12, 13), dt.date(2024, 5, 1)}, None),
        ("For how many consecutive meetings after the December 2023 meeting did rates stay unchanged?",
         {dt.date(2024, 5, 1)}, None),
        # ... but "the range after the meeting" is the range decided at it
        ("What was the target range after the May 2022 meeting?", {dt.date(2022, 5, 4)}, None),
        # a bare year after a forecast word, beside a named meeting, is a projection's horizon
        ("In the March 2022 minutes, what did the staff forecast for 2022?", {dt.date(2022, 3, 16)}, {"minutes"}),
        ("In the March 2022 minutes, what did the staff forecast for total and core PCE inflation in 2022?",
         {dt.date(2022, 3, 16)}, {"minutes"}),
        ("May 2024 minutes: why did real GDP slow in Q1 2024, and what about Q4 2023?", {dt.date(2024, 5, 1)},
         {"minutes"}),
        ("Per the December 2023 minutes, did participants expect cuts in 2024?", {dt.date(2023, 12, 13)},
         {"minutes"}),
        ("What were the staff's 2023 projections in the February 2023 minutes?", {dt.date(2023, 2, 1)}, {"minutes"}),
        # the meeting next to a named one
        ("What did the FOMC do at the meeting right after the May 2022 hike?", {dt.date(2023, 2, 1)}, None),
        ("The March 2022 minutes previewed runoff. What was decided at the next meeting?",
         {dt.date(2022, 3, 16), dt.date(2022, 5, 4)}, {"minutes"}),
        # a month range: every meeting of the months in between
        ("How did policy change from March through May 2022?", {dt.date(2022, 3, 16), dt.date(2022, 5, 4)}, None),
        ("What happened in the December 2023-May 2024 stretch?", {dt.date(2023, 12, 13), dt.date(2024, 5, 1)}, None),
        # a run of years a forecast leads up to is its horizon too; near miss: no forecast word, a span of its own
        ("March 2022 staff outlook: what path did it project for 2023-24?", {dt.date(2022, 3, 16)}, None),
        ("What did the March 2022 minutes say, and what happened in 2023-24?",
         {dt.date(2022, 3, 16), dt.date(2023, 2, 1), dt.date(2023, 12, 13), dt.date(2024, 5, 1)}, {"minutes"}),
        # a year naming a review or a strategy statement beside a dated meeting is a name, not a span; near miss: alone
        ("When the 2022 framework review came up in May 2022, what did the 2020 strategy statement say?",
         {dt.date(2022, 5, 4)}, None),
        ("What did the minutes say about the 2020 review?", {dt.date(2020, 3, 3), dt.date(2020, 3, 15)}, {"minutes"}),
        # a data series' year, a season's, an era's and an event's beside a dated meeting are not spans either
        ("May 2022 staff projection: what 2023 core PCE inflation did the staff project?", {dt.date(2022, 5, 4)}, None),
        ("How did the fall 2023 bond selloff show up at the December 2023 meeting?", {dt.date(2023, 12, 13)}, None),
        ("Which 2020-era elements did participants revisit in May 2024?", {dt.date(2024, 5, 1)}, None),
        ("Did officials discuss the 2023 debt ceiling deal at the December 2023 meeting?", {dt.date(2023, 12, 13)},
         None),
        # near misses: the Committee's own moves of a year, and a year asked about, stay spans
        ("How did the March 2022 hike compare with the 2023 hikes?",
         {dt.date(2022, 3, 16), dt.date(2023, 2, 1), dt.date(2023, 12, 13)}, None),
        ("What did the statement say in late 2023?", {dt.date(2023, 2, 1), dt.date(2023, 12, 13)}, {"statement"}),
        # ... and a year of its own otherwise
        ("What did the March 2022 statement say, and what happened in 2023?",
         {dt.date(2022, 3, 16), dt.date(2023, 2, 1), dt.date(2023, 12, 13)}, {"statement"}),
    ],
)
def test_parse_filter(question, meetings, doc_types):
    flt = parse_filter(question, MEETINGS)
    assert (set(flt.meetings) if flt.meetings is not None else None) == meetings
    assert (set(flt.doc_types) if flt.doc_types else None) == doc_types


def test_asks_for_first():
    assert asks_for_first("In which 2021 statement did the FOMC first blame transitory factors?")
    assert asks_for_first("After the March 15, 2020 meeting, on what date did the FOMC buy MBS?")
    assert not asks_for_first("What happened at the first meeting of 2023?")
    assert not asks_for_first("How did GDP grow in the first quarter of 2024?")
    assert not asks_for_first("What was the last rate increase?")


def test_counts_from_a_date():
    assert counts_from_a_date("After the March 15, 2020 meeting, on what date did the FOMC buy MBS?")
    assert counts_from_a_date("When did the FOMC first hold after the hikes that began in March 2022?")
    assert not counts_from_a_date("What was the target range after the November 2022 meeting?")
    # an opening clause naming that meeting's move asks what was said at it, unless a first, next or count is asked
    assert not counts_from_a_date("After the July 2022 75bp hike, where did participants see the rate vs neutral?")
    assert counts_from_a_date("After the July 2022 hike, when was the next hike?")
    assert counts_from_a_date("After the July 2023 hike, how many consecutive meetings held the range there?")


def test_unindexed_period_is_flagged():
    assert parse_filter("What did the FOMC do in 2015?", MEETINGS).names_unindexed_period
    assert not parse_filter("What did the FOMC do in 2022?", MEETINGS).names_unindexed_period


def test_reciprocal_rank_fusion_hand_computed():
    fused = dict(reciprocal_rank_fusion([[1, 2, 3], [3, 1]], k=60))
    assert fused[1] == pytest.approx(1 / 61 + 1 / 62)
    assert fused[3] == pytest.approx(1 / 63 + 1 / 61)
    assert fused[2] == pytest.approx(1 / 62)
    assert [i for i, _ in reciprocal_rank_fusion([[1, 2, 3], [3, 1]], k=60)] == [1, 3, 2]


@pytest.fixture(scope="module")
def retriever(built):
    return open_retriever(Settings.from_env(), paths=DataPaths(built[0]))


def test_warm_embeds_the_queries_in_one_batch_that_searches_then_read(built, tmp_path):
    from fomc_qa.index.embed import CachedEncoder, EmbeddingCache

    fresh = open_retriever(Settings.from_env(), paths=DataPaths(built[0]))
    fresh.embedder = CachedEncoder(fresh.embedder, EmbeddingCache(tmp_path / "cache.sqlite"))
    questions = ["What did the FOMC decide in March 2023?", "How did the taper work in 2021?"]  # jargon expanded
    fresh.warm(questions)
    assert fresh.embedder.embedded == 2
    for question in questions:
        fresh.search(question, 3)
    assert fresh.embedder.embedded == 2  # every search found its query's vector


def test_a_named_month_searches_that_meeting_first(retriever):
    hits = retriever.search("What did the March 2023 minutes say about the banking sector?", 5)
    assert retriever.last_filter.meetings == frozenset({dt.date(2023, 3, 22)})
    assert all(h.meeting_date == dt.date(2023, 3, 22) and h.doc_type == "minutes" for h in hits)
    assert [h.rank for h in hits] == [1, 2, 3, 4, 5]


def test_the_unfiltered_pass_follows_the_filtered_one(retriever):
    hits = retriever.search("What did the Committee decide in March 2020 about the federal funds rate?", 90)
    dates = [h.meeting_date for h in hits]
    first_other = next(i for i, d in enumerate(dates) if d != dt.date(2020, 3, 15))
    assert all(d == dt.date(2020, 3, 15) for d in dates[:first_other])
    assert set(dates[first_other:]) - {dt.date(2020, 3, 15)}, "nothing lost when the guess is wrong"


def test_lexical_matches_numbers_and_dense_matches_meaning(retriever):
    lexical = type(retriever)(retriever.corpus, retriever.embedder, RetrievalConfig(dense=False, date_filter=False))
    assert any("0 to 1/4 percent" in h.text for h in lexical.search("0 to 1/4 percent", 5))
    dense = type(retriever)(retriever.corpus, retriever.embedder, RetrievalConfig(lexical=False, date_filter=False))
    hits = dense.search("emergency response to the coronavirus outbreak hitting the economy", 5)
    assert any(h.meeting_date == dt.date(2020, 3, 15) for h in hits)


def test_hits_carry_relevance_in_unit_range(retriever):
    hits = retriever.search("inflation expectations", 10)
    assert len(hits) == 10 and all(0.0 <= h.relevance <= 1.0 for h in hits)
    assert len({h.chunk_id for h in hits}) == 10


def test_missing_index_says_how_to_build_it(tmp_path):
    with pytest.raises(IndexMissing, match="run the pipeline first"):
        Corpus(DataPaths(tmp_path))


def _copy_built(built, tmp_path):
    import shutil

    data_dir = built[0]
    target = tmp_path / "data"
    shutil.copytree(data_dir, target, ignore=shutil.ignore_patterns("dagster_home", "cache"))
    return DataPaths(target)


def test_the_index_over_all_meetings_finds_every_chunk_itself(built):
    corpus = Corpus(DataPaths(built[0]))
    assert len(corpus.merged) == len(corpus.table) and len(corpus.meetings) == 3
    for row in range(len(corpus.table)):
        (top, cosine), *_ = corpus.dense_search(corpus.table.vectors[row], 1)
        assert corpus.table.vectors[top] @ corpus.table.vectors[row] == pytest.approx(1.0, abs=1e-3)
        assert cosine == pytest.approx(1.0, abs=2e-3)
    # a date-filtered search stays inside the named meeting's shard
    march = {dt.date(2020, 3, 15)}
    hits = corpus.dense_search(corpus.table.vectors[0], 20, march)
    assert hits and {corpus.table.meeting_date[r] for r, _ in hits} == march


def test_a_missing_or_stale_index_over_all_meetings_says_how_to_rebuild(built, tmp_path):
    from fomc_qa.index.writer import write_index

    paths = _copy_built(built, tmp_path)
    corpus = Corpus(paths)
    write_index(paths.merged_index, corpus.table.keys[:-1], corpus.table.vectors[:-1])
    with pytest.raises(IndexMissing, match=r"(?s)index/all\.usearch: .*bytes where the build wrote.*--select corpus"):
        Corpus(paths)
    paths.merged_index.unlink()
    with pytest.raises(IndexMissing, match=r"(?s)index/all\.usearch.*missing.*--select corpus"):
        Corpus(paths)


def test_a_named_section_is_searched_first_then_the_rest(retriever):
    question = ("In the staff review of the financial situation at the March 2023 meeting, what year-end 2024 "
                "federal funds rate did OIS quotes imply?")
    hits = retriever.search(question, 8)
    assert retriever.last_filter.sections == frozenset({"Staff Review of the Financial Situation"})
    section_hits = retriever.config.section_hits
    assert all(h.section == "Staff Review of the Financial Situation" for h in hits[:section_hits])
    assert any("3.28 percent" in h.text for h in hits[:section_hits])
    assert {h.section for h in hits[section_hits:]} - {"Staff Review of the Financial Situation"}, "others follow"
    plain = type(retriever)(retriever.corpus, retriever.embedder, RetrievalConfig(section_filter=False))
    assert plain.search(question, 8)[0].section != "Staff Review of the Financial Situation"


def test_a_name_the_top_k_lack_is_brought_in_from_within_the_filter():
    from fomc_qa.retrieval.retrieve import _cover_names

    texts = ["inflation rose", "growth slowed", "in china, prices fell", "china outside the filter", "more"]
    ordered = [(0, 3.0), (1, 2.0), (4, 1.5), (3, 1.2), (2, 1.0)]
    within = {0, 1, 2, 4}
    covered = _cover_names(ordered, ["chinese"], 2, lambda r: texts[r] if r in within else None)
    assert [r for r, _ in covered] == [0, 2, 1, 4, 3]  # row 3 spells it too, but lies outside the named meetings
    assert _cover_names(ordered, ["china"], 2, lambda r: None) == ordered


def test_a_list_of_months_names_each_month_of_its_year():
    meetings = [dt.date(2025, 1, 29), dt.date(2025, 3, 19), dt.date(2025, 5, 7), dt.date(2025, 6, 18),
                dt.date(2025, 7, 30)]
    listed = parse_filter("Track the uncertainty language across the March, May and June 2025 statements.", meetings)
    assert sorted(listed.meetings) == meetings[1:4]
    chained = parse_filter("How did the line evolve from May to June to July 2025?", meetings)
    assert sorted(chained.meetings) == meetings[2:]


def test_a_policy_document_known_by_its_year_is_not_a_meetings_statement():
    flt = parse_filter("In the March 2022 minutes, which parts of the 2020 statement were flagged?", MEETINGS)
    assert flt.meetings == {dt.date(2022, 3, 16)} and flt.doc_types == {"minutes"}
    assert parse_filter("What did the March 2022 statement say?", MEETINGS).doc_types == {"statement"}


def test_an_arrow_between_months_is_a_range():
    assert parse_filter("Mar -> May 2022: how did the statement change?", MEETINGS).meetings == {
        dt.date(2022, 3, 16), dt.date(2022, 5, 4)}
    # three months and arrows: each month listed, not the months between the first and last
    assert parse_filter("Mar -> May -> Dec 2023: how did the guidance change?", MEETINGS).meetings == {
        dt.date(2023, 12, 13)}
    assert parse_filter("Mar -> May -> Dec 2022: how did the guidance change?", [*MEETINGS, dt.date(2022, 7, 27)]
                        ).meetings == {dt.date(2022, 3, 16), dt.date(2022, 5, 4)}


def test_a_count_from_a_month_through_another_is_a_range():
    meetings = [dt.date(2024, 7, 31), dt.date(2024, 9, 18), dt.date(2024, 11, 7), dt.date(2024, 12, 18),
                dt.date(2025, 1, 29)]
    asked = ("Once the FOMC began cutting in September 2024, how many cuts did it make through the December 2024 "
             "meeting, and how much easing was that in total?")
    assert parse_filter(asked, meetings).meetings == {dt.date(2024, 9, 18), dt.date(2024, 11, 7),
                                                      dt.date(2024, 12, 18)}
    # near miss: no count or total asked, two meetings named
    assert parse_filter("What did participants say in September 2024 about cuts through December 2024?",
                        meetings).meetings == {dt.date(2024, 9, 18), dt.date(2024, 12, 18)}


def test_a_bare_month_compared_with_a_dated_one_is_of_its_year():
    meetings = [dt.date(2022, 5, 4), dt.date(2022, 11, 2), dt.date(2022, 12, 14), dt.date(2023, 12, 13)]
    assert parse_filter("Was the Nov 2022 hike bigger than Dec's?", meetings).meetings == {
        dt.date(2022, 11, 2), dt.date(2022, 12, 14)}
    # the compared month's meeting nearest the dated one, on either side: the December before a January
    assert parse_filter("Jan 2023 staff forecast: stronger or weaker than December's?", meetings + [
        dt.date(2023, 2, 1)]).meetings == {dt.date(2022, 12, 14), dt.date(2023, 2, 1)}
    assert parse_filter("Was the May 2022 hike bigger than Nov's?", meetings).meetings == {
        dt.date(2022, 5, 4), dt.date(2022, 11, 2)}
    # a modal "may" is not a month, and two years named leave a bare month alone
    assert parse_filter("In Nov 2022, did they say rates may rise?", meetings).meetings == {dt.date(2022, 11, 2)}
    assert parse_filter("Nov 2022 vs Dec 2023, and May?", meetings).meetings == {
        dt.date(2022, 11, 2), dt.date(2023, 12, 13)}
    # "later in 2025" after a named meeting is a horizon of its discussion, not the year's meetings
    june = [dt.date(2025, 5, 7), dt.date(2025, 6, 18), dt.date(2025, 10, 29)]
    assert parse_filter("In the June 2025 minutes, how were views split on cutting rates later in 2025?",
                        june).meetings == {dt.date(2025, 6, 18)}
    assert parse_filter("How many cuts were there in 2025?", june).meetings == set(june)  # near miss: no meeting named
    # so is "the end of 2023" after a named meeting's projection; near miss: no meeting named, the year is the span
    autumn = [dt.date(2023, 7, 26), dt.date(2023, 9, 20), dt.date(2023, 11, 1)]
    assert parse_filter("Sep 2023 staff projection: where did it see core PCE inflation at the end of 2023?",
                        autumn).meetings == {dt.date(2023, 9, 20)}
    assert parse_filter("Where did core PCE inflation end 2023?", autumn).meetings == set(autumn)
    # a later year anywhere after the projection asked about is its horizon too
    december = [dt.date(2021, 12, 15), dt.date(2022, 1, 26), dt.date(2022, 3, 16)]
    assert parse_filter("What did the staff's December 2021 projection show for PCE inflation at the end of 2021 and "
                        "in 2022?", december).meetings == {dt.date(2021, 12, 15)}
    assert parse_filter("What did the December 2021 minutes say, and what happened in 2022?", december).meetings == \
        set(december)  # near miss: no forecast asked about, 2022 is the span
    # a revision is told in the later meeting's minutes: the month it is revised from is not asked about
    assert parse_filter("Dec 2022 staff outlook: why was it revised down versus Nov?", meetings).meetings == {
        dt.date(2022, 12, 14)}


def test_the_next_meeting_s_minutes_count_as_within_a_named_span():
    """A swap line set up by notation vote on March 19, 2020 is recorded in the April minutes: a name the
    question's span lacks may be brought in from them, not from a later meeting or another kind of document."""
    from types import SimpleNamespace

    from fomc_qa.question.dates import QueryFilter
    from fomc_qa.retrieval.retrieve import Retriever

    dates = [dt.date(2020, 3, 15), dt.date(2020, 4, 29), dt.date(2020, 4, 29), dt.date(2020, 6, 10)]
    table = SimpleNamespace(meeting_date=dates, doc_type=["minutes", "minutes", "statement", "minutes"],
                            text=["A", "B", "C", "D"])
    retriever = Retriever.__new__(Retriever)
    retriever.corpus = SimpleNamespace(table=table, meetings=sorted(set(dates)))
    march = QueryFilter(meetings=frozenset({dt.date(2020, 3, 15)}))

    def within_march():
        return retriever._within(march, retriever._following(march))

    within = within_march()
    assert [within(row) for row in range(4)] == ["a", "b", None, None]
    retriever.corpus.meetings = [dt.date(2020, 3, 15), dt.date(2020, 6, 10)]  # an index without April
    table.meeting_date = [dt.date(2020, 3, 15), dt.date(2020, 6, 10)]
    within = within_march()
    assert [within(row) for row in range(2)] == ["a", None]
    retriever.corpus.meetings = [dt.date(2020, 3, 15), dt.date(2020, 4, 29)]
    table.meeting_date = [dt.date(2020, 3, 15), dt.date(2020, 4, 29)]
    assert [within_march()(row) for row in range(2)] == ["a", "b"]
    # a question about a notation vote searches the next meeting's documents too
    from fomc_qa.question.analysis import analyze

    assert analyze("What did the March 31, 2020 notation vote approve?").between_meetings
    assert not analyze("How did the vote go in March 2020?").between_meetings


@pytest.mark.parametrize("rule", OPENERS, ids=lambda r: r.pattern.pattern[:30])
def test_each_policy_discussion_opener_reads_its_examples_and_not_its_near_misses(rule):
    assert rule.examples
    for example in rule.examples:
        assert opens_policy_discussion(example), example
    for near_miss in rule.near_misses:
        assert not opens_policy_discussion(near_miss), near_miss


@pytest.mark.parametrize("rule", [DECIDED, WHAT_IT_WOULD_DO, SIDE_DECISION, BALANCE_SHEET_JUDGED,
                                  BALANCE_SHEET_WOULD_DO],
                         ids=["decided", "what-it-would-do", "side-decision", "balance-sheet-judged",
                              "balance-sheet-would-do"])
def test_the_policy_discussions_judgement_and_its_reason_read_their_examples_and_not_their_near_misses(rule):
    assert rule.examples and rule.near_misses
    for example in rule.examples:
        assert rule.pattern.search(example), example
    for near_miss in rule.near_misses:
        assert not rule.pattern.search(near_miss), near_miss


def test_the_committee_s_formula_is_no_reason_of_a_judgement_s_own():
    """"In light of current economic conditions and their implications for the outlook ..., as well as the balance of
    risks, all participants judged it appropriate to maintain ..." (December 2023 to June 2024) names no reason; a
    clause naming one does."""
    from fomc_qa.retrieval.policy_discussion import gives_its_reason

    formula = ("In light of current economic conditions and their implications for the outlook for economic activity "
               "and inflation, as well as the balance of risks, all participants judged it appropriate to maintain "
               "the target range for the federal funds rate at 5-1/4 to 5-1/2 percent at this meeting.")
    assert not gives_its_reason(formula)
    assert gives_its_reason("In light of elevated uncertainty, all participants viewed it as appropriate to maintain "
                            "the target range for the federal funds rate at 4-1/4 to 4-1/2 percent.")
    assert gives_its_reason(formula.replace("at this meeting.", "at this meeting, given the progress on inflation."))


def test_a_why_of_a_decision_gets_the_participants_policy_discussion_first(retriever):
    """The March 2023 minutes open the participants' discussion of the hike with "Against this backdrop, ..."
    (chunk 35) and go on with their reasons (36); the outlook paragraphs before share the question's words."""
    question = "Why did the Committee still raise rates in March 2023, days after the bank failures?"
    hits = [h.chunk_id for h in retriever.search(question, 5)]
    assert hits[1:3] == ["minutes-2023-03-22#035", "minutes-2023-03-22#036"], hits
    plain = type(retriever)(retriever.corpus, retriever.embedder, RetrievalConfig(policy_discussion=False),
                            desk=retriever.desk)
    assert [h.chunk_id for h in plain.search(question, 5)][1:3] != hits[1:3]


def test_the_part_that_asks_why_decides_whose_reasons_are_searched(retriever):
    """"What drove the hike, and who voted against it?" asks the Committee's reasons in its first part: the
    discussion's opening leads the reason pass although the question names a vote against; a why part naming neither
    a move nor a dissent ("on what reasoning?") reads the whole question, whose dissent asks the dissenters'."""
    opening = ["minutes-2023-03-22#035", "minutes-2023-03-22#036"]
    hits = [h.chunk_id for h in retriever.search("What drove the March 2023 rate hike, and who voted against it?", 5)]
    assert set(opening) <= set(hits), hits
    assert _asks_own_reasons(retriever.analyze("Mar '23 dissents: who, and on what reasoning?"))
    assert not _asks_own_reasons(retriever.analyze("What drove the March 2023 rate hike, and who voted against it?"))


def test_a_dissenters_why_keeps_the_searched_order_of_the_policy_sections(retriever):
    """A dissent's reasons are its own paragraph (found by the search), not the discussion's opening."""
    hits = [h.chunk_id for h in retriever.search("Why did anyone dissent in March 2023?", 5)]
    assert hits[1:3] != ["minutes-2023-03-22#035", "minutes-2023-03-22#036"], hits


def test_a_part_of_a_month_narrows_its_meetings_by_day():
    """"the unscheduled early-March 2020 meeting" is March 3, not each of the month's three actions; a part holding
    none of the month's meetings keeps them all ("late January 2023": the meeting ended February 1)."""
    meetings = [dt.date(2020, 1, 29), dt.date(2020, 3, 3), dt.date(2020, 3, 15), dt.date(2020, 3, 23),
                dt.date(2023, 2, 1)]
    assert parse_filter("What did the FOMC do at its unscheduled early-March 2020 meeting?", meetings).meetings == {
        dt.date(2020, 3, 3)}
    assert parse_filter("What happened in mid-March 2020?", meetings).meetings == {dt.date(2020, 3, 15)}
    assert parse_filter("the late March 2020 notation vote", meetings).meetings == {dt.date(2020, 3, 23)}
    assert parse_filter("What did the FOMC do in March 2020?", meetings).meetings == {
        dt.date(2020, 3, 3), dt.date(2020, 3, 15), dt.date(2020, 3, 23)}  # near miss: the whole month
    assert parse_filter("What did the late-January 2023 meeting decide?", meetings).meetings == {dt.date(2023, 2, 1)}


def test_a_why_of_a_balance_sheet_decision_searches_the_deciders_views_and_the_balance_sheet_section(retriever):
    """October 2025: why runoff ends is in the participants' views and the special topic on the balance sheet; the
    policy action states the decision and the directive (other passes find them). A why of the rate's move keeps the
    policy action and has no balance-sheet section (the near miss)."""
    def reason_sections(question: str) -> frozenset[str]:
        analysis = retriever.analyze(question)
        flt = retriever._filter(analysis)
        found = retriever._reasons(analysis, flt, retriever._record_evidence(analysis))
        assert found is not None, question
        return found.sections

    runoff = reason_sections("Why did the Committee decide in October 2025 to end balance sheet runoff?")
    assert "Special Topic: Balance Sheet Issues" in runoff and "Committee Policy Actions" not in runoff, runoff
    assert any("Participants' Views" in s for s in runoff), runoff
    cut = reason_sections("Why did the Committee cut rates in October 2025?")
    assert "Committee Policy Actions" in cut and "Special Topic: Balance Sheet Issues" not in cut, cut
