"""The read side of the policy record: numbers, diffs, scope, question parsing, chaining and answers."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from fomc_qa.policy.answers import answer
from fomc_qa.policy.desk import PolicyDesk
from fomc_qa.policy.diff import word_diff
from fomc_qa.policy.numbers import count_words, fed_fraction, percentage_points, range_forms
from fomc_qa.policy.phrasing import day
from fomc_qa.policy.record import (
    AdministeredRate,
    Dissent,
    MeetingRecord,
    Officer,
    RateRange,
    Source,
    StatementSentence,
)
from fomc_qa.policy.timeline import chain, chain_problems, cycle_span, timeline_rows
from fomc_qa.question.analysis import analyze
from fomc_qa.question.intents import parse_policy_question, presumed_move
from fomc_qa.question.scope import out_of_scope
from fomc_qa.question.shorthand import plain_question
from fomc_qa.question.slots import mention_term

D = dt.date


def _range(low: float, high: float) -> RateRange:
    return RateRange(low=low, high=high, text=f"{fed_fraction(low)} to {fed_fraction(high)} percent")


def _record(day: dt.date, decision: str, low: float, change: int | None = None, dissent: str | None = None,
            inflation: str = "Inflation remains elevated.") -> MeetingRecord:
    doc = f"statement-{day}"
    src = Source(sentence=f"The Committee decided to {decision} the target range.", document_id=doc,
                 chunk_id=f"{doc}#001")
    dissents = [Dissent(name=dissent, preferred="preferred to hold", source=src)] if dissent else []
    return MeetingRecord(
        meeting_date=day, meeting_kind="scheduled", statement_id=doc, decision=decision, change_bp=change,
        range_after=_range(low, low + 0.25), decision_source=src, voters_for=["Jerome H. Powell"], dissents=dissents,
        vote_source=src,
        statement=[StatementSentence(role="inflation", paragraph=0,
                                     source=Source(sentence=inflation, document_id=doc, chunk_id=f"{doc}#000"))],
    )


RECORDS = [
    _record(D(2022, 1, 26), "maintain", 0.0, 0),
    _record(D(2022, 3, 16), "raise", 0.25, None, dissent="James Bullard"),
    _record(D(2022, 5, 4), "raise", 0.75, 50, inflation="Inflation remains elevated, reflecting supply imbalances."),
    _record(D(2022, 6, 15), "raise", 1.5, 75),
    _record(D(2023, 1, 31), "maintain", 1.5, 0),
    _record(D(2024, 9, 18), "lower", 1.0, -50),
]
MEETINGS = [r.meeting_date for r in RECORDS]


def test_fed_and_decimal_forms():
    assert fed_fraction(4.75) == "4-3/4" and fed_fraction(0.25) == "1/4" and fed_fraction(5.0) == "5"
    assert percentage_points(50) == "1/2 percentage point (50 basis points)"
    assert percentage_points(-425) == "4-1/4 percentage points (425 basis points)"
    assert range_forms(_range(4.75, 5.0)) == "4-3/4 to 5 percent (4.75%–5.00%)"
    assert count_words(7) == "7 (seven)"


def test_word_diff_names_the_edits():
    assert word_diff("Inflation remains elevated.", "Inflation remains elevated.") == "unchanged"
    diff = word_diff("Inflation has eased but remains elevated.", "Inflation has eased and remains somewhat elevated.")
    assert "“but” → “and”" in diff and "added “somewhat”" in diff


def test_chain_derives_unstated_changes_and_ranges_before():
    chained = chain(RECORDS)
    hike = chained[1]
    assert hike.change_bp == 25 and hike.range_before == RECORDS[0].range_after
    assert [r.change_bp for r in chained] == [0, 25, 50, 75, 0, -50]
    assert chain_problems(RECORDS) == []
    wrong = [*RECORDS[:2], RECORDS[2].model_copy(update={"change_bp": 25})]
    assert chain_problems(wrong) == ["2022-05-04: range before '1/2 to 3/4 percent' is not 2022-03-16's range after "
                                     "'1/4 to 1/2 percent'"]
    assert timeline_rows(RECORDS)[1]["dissenters"] == "James Bullard"


@pytest.mark.parametrize(
    ("question", "intent", "span", "direction"),
    [
        ("How many times did the Fed raise rates in 2022?", "count", 4, "raise"),
        ("What is the current federal funds rate target range?", "current", 1, None),
        ("When did the FOMC last cut rates?", "last", 6, "lower"),
        ("What was the first rate hike of 2022?", "first", 4, "raise"),
        ("Who dissented in 2022?", "dissents", 4, None),
        ("By how much did the FOMC cut the federal funds rate in September 2024?", "change", 1, "lower"),
        ("How did the statement's description of inflation change over 2022?", "evolution", 4, None),
        ("Who attended the January 2023 FOMC meeting?", "attendance", 1, None),
        # the first (or last) of a span of one meeting is that meeting's move; a near miss: "of 2022" spans four
        ("What drove the FOMC's decision to resume cutting rates in September 2024?", "decision", 1, "lower"),
        ("When did the FOMC first raise rates in 2022?", "first", 4, "raise"),
        # what eased or rose beside the move is the economy's, not the Committee's ("tariff uncertainty had eased")
        ("Why did the FOMC stay put in January 2022 even though financial conditions had eased?", "reason", 1,
         "maintain"),
        ("Why did the FOMC hike in June 2022 even though risks had risen?", "reason", 1, "raise"),
    ],
)
def test_policy_questions(question, intent, span, direction):
    q = parse_policy_question(question, MEETINGS)
    assert q is not None and q.intent == intent
    assert len(q.meetings) == span
    assert q.direction == direction


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        # a market or the economy moved, not the policy rate; "fall" the season; the period between meetings
        ("How much had the unemployment rate risen from its trough by July 2022?", None),
        ("Which banks' stocks fell the most in the intermeeting period before the March 2022 meeting?", None),
        ("Did the Fed say anything about the stock rally in the fall of 2022?", None),
        ("What notation vote on the Statement on Longer-Run Goals is recorded in the minutes of 2022?", None),
        # what a minutes speaker reported about moves is the minutes'
        ("According to the manager at the June 2022 meeting, what moved market pricing toward 75 basis point hikes?",
         None),
        ("June 2022 minutes, desk briefing: what moved market pricing from 50 to 75 bp hikes?", None),
        ("According to the March 2022 minutes, what size of increase would some participants have favored?", None),
        # near misses: the Committee's own moves beside those words
        ("How many times did the Fed raise rates in the fall of 2022?", "count"),
        ("Did the Fed hike in June 2022 after inflation rose?", "decision"),
        ("How many times did the Fed hike in 2022, and what did the staff forecast for inflation?", "count"),
        # "the move" with its size asked, at a named meeting: the decision's line says both (a part of "Where was the
        # range after the March 2022 meeting, and what size was that move?"); near misses: the size a member wanted,
        # a size named rather than asked
        ("what size was that move? (march 2022)", "decision"),
        ("how big was the move? (may 2022)", "decision"),
        ("what size of move did that member prefer? (june 2022)", None),
        ("Did the minutes of June 2022 say 75 basis point moves would become common?", None),
    ],
)
def test_a_move_of_a_market_the_economy_or_a_speakers_report_is_not_the_records(question, intent):
    q = parse_policy_question(question, MEETINGS)
    assert (q.intent if q else None) == intent


@pytest.mark.parametrize(
    ("question", "opens"),
    [
        ("Was the March 2022 hike unanimous?", "No: the vote on March 16, 2022 was 1–1, James Bullard against."),
        ("Did everyone on the Committee want a 25 basis point hike in March 2022?", "No: the vote was 1–1"),
        ("Did all members support the May 2022 hike?", "Yes: the vote on May 4, 2022 was 1–0 (unanimous)."),
        # near miss: a yes or no about the move itself
        ("Did the FOMC raise rates in May 2022?", "Yes: at the May 4, 2022 meeting"),
    ],
)
def test_a_yes_or_no_about_unanimity_answers_the_vote_not_the_move(question, opens):
    q = parse_policy_question(question, MEETINGS)
    assert answer(q, [r for r in RECORDS if r.meeting_date in q.meetings]).direct.startswith(opens)


@pytest.mark.parametrize(
    ("question", "opens"),
    [
        ("How much did the FOMC cut rates in January 2023?", "The FOMC did not cut rates at the January 31, 2023 "
                                                             "meeting: it maintained the target range"),
        ("Why did the Fed hike in January 2023?", "The FOMC did not raise rates at the January 31, 2023 meeting: it "
                                                  "maintained"),
        ("How big was the rate cut the Fed made at its January 2023 meeting?", "The FOMC did not cut rates at the "
                                                                                "January 31, 2023 meeting"),
        ("How big was the January 2023 cut, and who dissented?", "The FOMC did not cut rates at the January 31, 2023 "
                                                                 "meeting: it maintained the target range for the "
                                                                 "federal funds rate at 1-1/2 to 1-3/4 percent "
                                                                 "(1.50%–1.75%). The vote"),
        # near misses: the premise holds, the question names no move, negates it or places it against another
        ("How much did the FOMC raise rates in June 2022?", "At the June 15, 2022 meeting the FOMC raised"),
        ("What did the FOMC decide in January 2023?", "At the January 31, 2023 meeting the FOMC maintained"),
        ("Why did the FOMC skip a hike in January 2023?", "At the January 31, 2023 meeting the FOMC maintained"),
        ("How close did the Committee come to cutting rates in January 2023?", "At the January 31, 2023 meeting"),
    ],
)
def test_a_question_whose_premise_is_false_is_told_so_first(question, opens):
    q = parse_policy_question(question, MEETINGS)
    assert answer(q, chain([r for r in RECORDS if r.meeting_date in q.meetings])).direct.startswith(opens)


@pytest.mark.parametrize(
    ("question", "presumed"),
    [
        ("How big a rate hike did the FOMC deliver at its June 2023 meeting?", "raise"),
        ("What range did the FOMC cut the funds rate to at its January 2025 meeting?", "lower"),
        ("Why did the Fed hike in June 2023?", "raise"),
        # near misses: negated, hypothetical, a future move, another move beside it, no move word
        ("Why did the FOMC skip a rate increase in June 2023?", None),
        ("How close did the Committee come to cutting rates at the July 2024 meeting?", None),
        ("January 2022 statement: what did it signal about rate hikes?", None),
        ("Last hike before the Sep '24 cut: when was it?", None),
        ("After the November 2022 decision, what were the lower and upper bounds of the range?", None),
        ("Why did the Fed hold in September 2024?", None),
    ],
)
def test_the_move_a_question_takes_as_done_is_read_plainly_or_not_at_all(question, presumed):
    assert presumed_move(question) == presumed


def test_questions_the_record_does_not_answer_go_to_retrieval():
    assert parse_policy_question("What did the staff say about consumer spending in March 2022?", MEETINGS) is None
    assert parse_policy_question("What did participants say about bank stress in 2023?", MEETINGS) is None


def test_answers_give_both_forms_and_cite_the_sentences():
    count = answer(parse_policy_question("How many times did the Fed raise rates in 2022?", MEETINGS),
                   chain(RECORDS)[:4])
    assert "3 (three) times in 2022" in count.direct and "1-1/2 percentage points (150 basis points)" in count.direct
    assert len(count.quotes) == 3
    current = answer(parse_policy_question("Where is the fed funds rate now?", MEETINGS), chain(RECORDS)[-1:])
    assert "As of September 18, 2024" in current.direct and "(1.00%–1.25%)" in current.direct
    assert "1/2 percentage point (50 basis points)" in current.direct
    evolution = answer(parse_policy_question("How did the statement's description of inflation change over 2022?",
                                             MEETINGS), chain(RECORDS)[:4])
    assert any("added “reflecting supply imbalances.”" in q.note or "reflecting" in q.note for q in evolution.quotes)


@pytest.mark.parametrize(
    ("question", "out"),
    [
        ("What is the current GDP growth rate of China?", True),
        ("What did the minutes say about China's economy in 2020?", False),
        ("What is the 10-year Treasury yield today?", True),
        ("What is the current federal funds rate target range?", False),
        ("What is Bitcoin trading at right now?", True),
        ("How did the FOMC describe inflation in its latest statement?", False),
        ("Will the Fed cut rates at its next meeting?", True),
        ("What did the FOMC decide at its December 2025 meeting?", False),
        ("What is Jerome Powell's net worth?", True),
        ("What did the staff say about household net worth in 2021?", False),
        ("What was Japan's GDP growth rate in 2023?", True),
        ("How did participants view growth in Japan in 2023?", False),
        ("Where did Jerome Powell go to law school?", True),
        ("Where was Lisa Cook born?", True),
        ("What did the staff say about graduates' job prospects in 2024?", False),
        ("Which banks failed the Fed's 2023 stress test?", True),
        ("What did the minutes say about bank stress in March 2023?", False),
        ("Did the FOMC vote to extend the SLR exclusion in March 2021?", True),
        ("What did participants say about the supplementary leverage ratio in 2020?", False),
        ("How did the Senate vote on the debt limit bill in June 2023?", True),
        ("What did the minutes say about the debt ceiling in January 2025?", False),
        ("Who voted against the FOMC's decision in March 2022?", False),
    ],
)
def test_out_of_scope_rule_on_near_miss_pairs(question, out):
    assert (out_of_scope(question) is not None) == out


def test_a_companys_stock_price_is_a_market_price_not_a_private_matter():
    assert out_of_scope("What was Nvidia's stock price after the December 2024 meeting?") == \
        "market prices and index levels are not FOMC records"
    assert out_of_scope("What is Jerome Powell's stock portfolio worth?") == \
        "advice or private matters are not FOMC records"  # near miss: a person's holdings


@pytest.mark.parametrize(
    ("question", "intent", "qualifier"),
    [
        ("How many 75-basis-point hikes were there in 2022?", "count", ("size_bp", 75)),
        ("When was the last three-quarter-point hike?", "last", ("size_bp", 75)),
        ("At how many meetings was the range held at 5-1/4 to 5-1/2 percent?", "count", ("at_range", (5.25, 5.5))),
        ("When did the FOMC first cut rates after the hiking cycle?", "first", ("after_kind", "raise")),
        ("How many times did Miran dissent in 2022?", "dissents", ("person", "Miran")),
        ("How many unscheduled meetings were there in 2022?", "count", ("unscheduled", True)),
        ("What runoff caps did the FOMC set in May 2022?", "role", ("roles", ("balance_sheet",))),
        ("What was the biggest rate hike in 2022?", "largest", ("direction", "raise")),
        ("What was the smallest cut?", "smallest", ("direction", "lower")),
        ("How long did the Fed keep rates at 5.25 to 5.5 percent?", "duration", ("at_range", (5.25, 5.5))),
        ("How long were rates near zero?", "duration", ("at_range", (0.0, 0.25))),
        ("When did the FOMC stop raising rates?", "last", ("direction", "raise")),
        ("When did the Fed start cutting rates?", "first", ("direction", "lower")),
        ("Which meetings in 2022 ended with a hike?", "count", ("direction", "raise")),
        ("What was the target range at the end of 2022?", "current", ("edge", "end")),
        ("What was the target range at the start of 2022?", "current", ("edge", "start")),
        ("By how much did rates fall in 2024?", "change", ("direction", "lower")),
    ],
)
def test_question_qualifiers(question, intent, qualifier):
    q = parse_policy_question(question, MEETINGS)
    assert q is not None and q.intent == intent
    assert getattr(q, qualifier[0]) == qualifier[1]


def test_qualified_answers():
    chained = chain(RECORDS)
    big = answer(parse_policy_question("How many 75-basis-point hikes were there in 2022?", MEETINGS), chained[:4])
    # the moves of that size among all the span's hikes, and where the last of all left the range
    assert "3 (three) times in 2022, by " in big.direct  # all the span's hikes, and their total
    assert "; 1 (one) of them was by 3/4 percentage point (75 basis points): " in big.direct
    assert "June 15, 2022 (+75 basis points, to 1-1/2 to 1-3/4 percent)" in big.direct  # each with where it left it
    assert "May 4, 2022" not in big.direct
    # moves of one size say it once in the Fed's form too
    both = answer(parse_policy_question("How many 75-basis-point hikes were there in 2022?", MEETINGS),
                  [*chained[:4], chained[3].model_copy(update={"meeting_date": dt.date(2022, 7, 27)})])
    assert "2 (two) of them were by 3/4 percentage point (75 basis points) each" in both.direct
    # near miss: when every hike of the span is of that size, the count is of them alone
    only = answer(parse_policy_question("How many 75-basis-point hikes were there in 2022?", MEETINGS), chained[3:4])
    assert "(75-basis-point increases) 1 (one) time" in only.direct
    first_cut = parse_policy_question("When did the FOMC first cut rates after the hiking cycle?", MEETINGS)
    after = answer(first_cut, chained)
    assert "September 18, 2024" in after.direct
    did = answer(parse_policy_question("Did the FOMC raise rates in January 2023?", MEETINGS), chained[4:5])
    assert did.direct.startswith("No: ") and "maintained the target range" in did.direct
    held = answer(parse_policy_question("Where was the range before the September 2024 cut?", MEETINGS), chained[-1:])
    assert "from 1-1/2 to 1-3/4 percent (1.50%–1.75%)" in held.direct


@pytest.mark.parametrize(
    ("question", "out"),
    [
        ("How many members of the ECB Governing Council opposed the June 2024 cut?", True),
        ("What did the minutes say about the ECB's policy decisions in 2024?", False),
        ("RBI repo rate after its February 2025 policy meeting?", True),  # central banks by their acronyms
        ("Did the ECB cut rates around the spring of 2025, according to the Fed's minutes?", False),
        ("Did the FOMC ever look at BoJ / RBA yield curve control?", False),  # the FOMC's own deliberation
        ("What is the BoJ's 10-year yield today?", True),
        ("Per the minutes, did the Bank of Canada raise rates in mid-2022?", False),
        ("Did the BoE raise rates in May 2023?", True),
        ("How did the staff describe the BoE's gilt purchases in the November 2022 minutes?", False),
        ("What was the closing level of the S&P 500 on the day of the September 2024 cut?", True),
        ("How did the manager describe equity prices in March 2020?", False),
        ("How old is Jerome Powell?", True),
        ("Who will be the next Fed chair?", True),
        ("Who voted for the decision in July 2025?", False),
        ("Where do rates stand now?", False),
        ("What are mortgage rates now?", True),
        ("Predict the federal funds rate in 2027.", True),
        ("What did participants expect for inflation next year in the December 2024 minutes?", False),
        ("After tapering began in November 2021, how did the FOMC change the pace at the next meeting, and when did "
         "the January 2022 statement say purchases would end?", False),  # reported speech, recorded meetings
        ("What would the Fed do at the next meeting?", True),
        ("What will inflation be next year?", True),
        ("How did the staff see inflation evolving over the next two years in September 2022?", False),
        ("How many jobs did the U.S. economy add last month?", True),
        ("What did the minutes say about payroll gains in May 2022?", False),
        ("Who is going to succeed Powell as Fed Chair when his chair term ends?", True),
        ("What did Chair Powell eat for lunch?", True),
        ("Which university did Powell attend?", True),
        ("May 2025 staff outlook: what were tariffs expected to do to inflation this year?", False),
        ("What is China's inflation rate this year?", True),
        ("Where did the 10-year UST yield close on March 9, 2020?", True),
        ("What was the yield on the 10-year Treasury note at the market close on September 18, 2024?", True),
        ("How did the manager describe the moves in 10-year Treasury yields in March 2020?", False),
        ("How much did the 2-year yield move in the hours after the December 2024 decision?", True),  # intraday
        ("How did the 10-year yield react on the afternoon of the March 2023 decision?", True),
        ("How did Treasury yields move over the intermeeting period before the September 2024 meeting?", False),
        ("Who attended the June 2022 meeting?", False),
        ("What did participants say about consumer spending on food in 2022?", False),
        ("Who was Vice Chair at the June 2022 meeting?", False),
        # a market's move over a recorded month is the minutes' review; a level on a day or today's is a price
        ("What happened to the VIX after Silicon Valley Bank failed in March 2023?", False),
        ("How high did the VIX spike in March 2020?", False),
        ("Where did the S&P 500 close on March 16, 2020?", True),
        ("What was the S&P 500's closing level in March 2020?", True),
        ("How did Bitcoin move in 2021?", True),
        ("What is the VIX today?", True),
        # asking whether the Fed talked about it asks what the documents say
        ("Did the Fed talk about crypto at all when FTX blew up in late 2022?", False),
        ("What is the current price of bitcoin?", True),
        ("current FFR range?", False),
        # a phrase the question quotes is the documents' words: its "will" is not the question's future
        ('What was the last meeting whose statement still said "ongoing increases in the target range will be '
         'appropriate," and what replaced that phrase at the next meeting?', False),
        ("What will the statement say at the next meeting about 'ongoing increases'?", True),
    ],
)
def test_out_of_scope_rule_more_pairs(question, out):
    assert (out_of_scope(question) is not None) == out


def test_two_months_of_one_year_name_both_meetings():
    q = parse_policy_question("Compare how the January and March 2023 statements described inflation.",
                              [*MEETINGS, D(2023, 3, 22)])
    assert q is not None and q.intent == "evolution"
    assert q.meetings == (D(2023, 1, 31), D(2023, 3, 22))


def test_meeting_words_and_span_edges():
    latest = parse_policy_question("Did the Fed cut at its last meeting?", MEETINGS)
    assert latest is not None and latest.meetings == (D(2024, 9, 18),) and latest.yes_no
    assert answer(latest, chain(RECORDS)[-1:]).direct.startswith("Yes: ")
    where = parse_policy_question("Where did the FOMC leave rates at its most recent meeting?", MEETINGS)
    assert where is not None and where.meetings == (D(2024, 9, 18),) and not where.yes_no
    assert not answer(where, chain(RECORDS)[-1:]).direct.startswith(("Yes", "No"))
    # A month with no meeting ending in it holds the meeting that began in it (January 31-February 1).
    january = parse_policy_question("What did the FOMC decide in January 2023?", MEETINGS)
    assert january is not None and january.meetings == (D(2023, 1, 31),)
    start = parse_policy_question("What was the target range at the start of 2022?", MEETINGS)
    assert start is not None and start.meetings == (D(2022, 1, 26),)


def test_extreme_and_duration_answers():
    chained = chain(RECORDS)
    biggest = answer(parse_policy_question("What was the biggest rate hike in 2022?", MEETINGS), chained[:4])
    assert "3/4 percentage point (75 basis points), made once" in biggest.direct and "June 15, 2022" in biggest.direct
    held = parse_policy_question("How long did the Fed keep rates at 1-1/2 to 1-3/4 percent?", MEETINGS)
    text = answer(held, chained).direct
    assert "from the June 15, 2022 meeting" in text and "until the September 18, 2024 meeting" in text
    assert "2 (two) meetings at that range" in text


def test_a_cycle_spans_its_moves_until_the_first_move_the_other_way():
    chained = chain(RECORDS)
    began = parse_policy_question("When was the last rate hike of the tightening cycle that began in 2022?", MEETINGS)
    assert began is not None and began.intent == "last" and began.cycle == "raise" and began.direction == "raise"
    # The cycle that began in 2022 ran past 2022: its last hike is the last one before the 2024 cut.
    assert cycle_span(chained, "raise", set(began.meetings)) == [D(2022, 3, 16), D(2022, 5, 4), D(2022, 6, 15)]
    # With no date named, the latest cycle of that kind; holds before its first move are not in it.
    assert cycle_span(chained, "lower", None) == [D(2024, 9, 18)]
    assert cycle_span(chained, "lower", {D(2022, 3, 16)}) == []
    start = parse_policy_question("When did the current easing cycle begin?", MEETINGS)
    assert start is not None and start.intent == "first" and start.cycle == "lower"
    total = parse_policy_question("How much did the Fed raise rates during the hiking cycle?", MEETINGS)
    assert total is not None and total.intent == "count" and total.also_size and total.cycle == "raise"


def test_desk_answers_over_the_cycle_not_the_named_year():
    records = [*RECORDS[:5], _record(D(2023, 5, 3), "raise", 1.75, 25), RECORDS[5]]
    desk = PolicyDesk(records, hit_for=lambda chunk_id: None)
    consulted = desk.consult("What was the total increase over the tightening cycle that started in 2022?")
    assert consulted is not None
    assert consulted.answer.direct.startswith("The FOMC raised the target range 4 (four) times between March 16, "
                                              "2022 and May 3, 2023, by 1-3/4 percentage points (175 basis points)")
    last = desk.consult("When did the FOMC most recently hold rates steady?")
    assert last is not None and last.question.intent == "last" and "January 31, 2023" in last.answer.direct


@pytest.mark.parametrize(
    ("question", "titles", "span"),
    [
        ("Who was the Vice Chair of the FOMC at the May 2022 meeting?", ("Vice Chair",), (D(2022, 5, 4),)),
        ("Who attended the June 2022 meeting as Chair and Vice Chair?", ("Chair", "Vice Chair"), (D(2022, 6, 15),)),
        ("Who is the Secretary of the Committee?", ("Secretary",), (D(2024, 9, 18),)),
        ("Who chaired the FOMC in 2022?", ("Chair",), (D(2022, 1, 26), D(2022, 3, 16), D(2022, 5, 4), D(2022, 6, 15))),
        ("Who was the SOMA manager in January 2023?", ("Manager, System Open Market Account",), (D(2023, 1, 31),)),
        ("When did Joshua Gallin take over from James Clouse as Secretary?", ("Secretary",), tuple(MEETINGS)),
    ],
)
def test_officer_questions(question, titles, span):
    q = parse_policy_question(question, MEETINGS)
    assert q is not None and q.intent == "officer" and q.titles == titles and q.meetings == span


def test_officer_answers_run_over_meetings_and_cite_the_attendance_line():
    def officer(record: MeetingRecord, name: str, title: str) -> MeetingRecord:
        doc = f"minutes-{record.meeting_date}"
        line = Source(sentence=f"{name}, {title}", document_id=doc, chunk_id=f"{doc}#000")
        return record.model_copy(update={"officers": [Officer(name=name, title=title, source=line)]})

    records = [officer(r, "James A. Clouse" if r.meeting_date.year < 2023 else "Joshua Gallin", "Secretary")
               for r in chain(RECORDS)]
    q = parse_policy_question("Who was the Secretary of the FOMC?", MEETINGS)
    result = answer(q, records)
    assert result.direct.startswith("James A. Clouse was Secretary at the 4 (four) meetings from January 26, 2022 "
                                    "to June 15, 2022; Joshua Gallin was Secretary at the 2 (two) meetings")
    assert [x.source.sentence for x in result.quotes] == ["James A. Clouse, Secretary", "Joshua Gallin, Secretary"]
    none = answer(parse_policy_question("Who was the General Counsel in 2022?", MEETINGS), records[:4])
    assert "do not name a General Counsel" in none.direct and not none.quotes


@pytest.mark.parametrize(
    ("question", "out"),
    [
        ("Should I refinance my mortgage if the Fed cuts rates?", True),
        ("What did the minutes say about mortgage rates in 2022?", False),
        ("Is it a good time to buy bonds after the September 2024 cut?", True),
        ("What did the staff say about bond yields in September 2024?", False),
        ("When did the current easing cycle begin?", False),
    ],
)
def test_advice_is_out_of_scope_and_its_near_misses_are_not(question, out):
    assert (out_of_scope(question) is not None) == out


@pytest.mark.parametrize(
    ("question", "out"),
    [
        ("If the FOMC had hiked 75 bp in March 2022 instead of 25, would inflation have peaked earlier?", True),
        ("According to the March 2023 minutes, what size of increase would some participants have favored had the "
         "banking stress not occurred?", False),
        ("What if the Fed had not cut in September 2024?", True),
        ("What did participants say a FIMA repo facility would have done in March 2020?", False),
        ("How much should a retiree keep in Treasury bills now that rates are falling?", True),
        ("How much did the Committee say it would slow runoff in March 2025?", False),
        ("What is Jerome Powell's annual salary as Fed Chair?", True),
        ("Was it snowing in Washington on the day of the December 2025 FOMC decision?", True),
        ("How did the staff say winter storms affected February 2021 payrolls?", False),
        ("Did hurricanes and strikes distort the Oct 2024 payrolls?", False),
        ("What did the staff say about household net worth in June 2020?", False),
        ("What happened to the Fed's securities portfolio in 2022?", False),
        # a market move anchored to a past event is what the minutes report; a level today or at a close is not
        ("How high did the VIX go after Silicon Valley Bank failed?", False),
        ("How high is the VIX now?", True),
        ("What happened to the S&P 500 after the election?", True),
        ("What did the VIX close at on March 16, 2020?", True),
    ],
)
def test_counterfactuals_advice_pay_and_weather_are_out_of_scope_and_their_near_misses_are_not(question, out):
    assert (out_of_scope(question) is not None) == out


@pytest.mark.parametrize(
    ("question", "term", "edge"),
    [
        ("When did the FOMC statement first describe inflation as transitory?", "transitory", "first"),
        ("When did the statement stop saying that inflation was transitory?", "transitory", "last"),
        ("When did the Fed drop the word 'transitory' from its statement?", "transitory", "last"),
        ("How many statements in 2022 mentioned the word transitory?", "transitory", "count"),
        ("Which statements used the phrase \"ample reserves\"?", "ample reserves", "count"),
        ("When did 'transitory' last appear, and what replaced it?", "transitory", "last"),
        ("When did 'transitory' enter the statement and when was it last used?", "transitory", "both"),
        ("When did the statement first drop 'transitory'?", "transitory", "last"),
        # a change between two quoted terms asks when the newer one first appeared
        ("'ongoing increases' -> 'some additional policy firming': which meeting switched?",
         "some additional policy firming", "first"),
        ("When did the statement go from 'ongoing increases' to 'some additional policy firming'?",
         "some additional policy firming", "first"),
        ("When had 'additional policy firming' replaced 'ongoing increases'?", "additional policy firming", "first"),
        # "the last meeting whose statement ..." is the last of a kind, not the latest meeting; "listed" names the term
        ("What was the last meeting whose statement still listed readings on public health among the information "
         "the Committee would take into account?", "readings on public health", "last"),
    ],
)
def test_mention_questions_name_the_term(question, term, edge):
    q = parse_policy_question(question, MEETINGS)
    assert q is not None and (q.intent, q.term, q.edge) == ("mention", term, edge)


def test_mention_answers_find_first_last_and_count_in_the_statements():
    chained = chain(RECORDS)
    first = answer(parse_policy_question("When did the statement first mention supply imbalances?", MEETINGS),
                   chained)
    assert first.direct.startswith("The first statement in the indexed meetings to use “supply imbalances” was "
                                   "that of May 4, 2022 (the only one that did).")
    last = answer(parse_policy_question("When did the statement stop mentioning supply imbalances?", MEETINGS),
                  chained)
    assert "May 4, 2022; the next, on June 15, 2022, no longer did" in last.direct
    # "what language replaced it?": the next statement's rewrite of that sentence, in the line (blind judges: the
    # replacement "only in a quote")
    assert last.direct.endswith("no longer did; it said instead that inflation remains elevated.")
    assert [x.label for x in last.quotes] == ["FOMC statement of May 4, 2022", "FOMC statement of June 15, 2022"]
    # the first use's sentence alone proves a "first" answer; a later statement's would not bear on it (blind judges)
    entered = answer(parse_policy_question("When did the statement first use the word 'elevated'?", MEETINGS), chained)
    assert entered.direct.startswith("The first statement in the indexed meetings to use “elevated” was that of ")
    assert [x.label for x in entered.quotes] == ["FOMC statement of January 26, 2022"]
    both = answer(parse_policy_question("When did 'elevated' enter the statement, and when was it last used?",
                                        MEETINGS), chained)
    assert both.direct.startswith("The first statement in the indexed meetings to use “elevated” was that of ")
    assert "The last statement in the indexed meetings to use “elevated”" in both.direct
    count = answer(parse_policy_question('How many statements used the word "elevated"?', MEETINGS), chained)
    assert count.direct.startswith("6 (six) of the 6 statements in the indexed meetings use “elevated”")
    # A term no statement uses is left to retrieval (the minutes may use it).
    assert answer(parse_policy_question("When did the statement first use the word patient?", MEETINGS),
                  chained) is None


@pytest.mark.parametrize(
    ("question", "out"),
    [
        ("What did the FOMC decide at its December 2018 meeting?", True),
        ("What did the March 2019 statement say about inflation?", True),
        ("How many hikes were there in 2015?", True),
        ("What did the minutes say about the 2017-2019 runoff?", False),  # what the documents said about it
        ("What did the FOMC decide in March 2022?", False),
        ("What did the FOMC do in August 2023?", False),  # no meeting that month, but inside the index
        ("What is the FOMC?", False),
        ("What did the December 2015 statement say about the first hike since 2006?", True),
        ("How did the range change between December 2019 and March 2020?", False),  # one end is indexed
    ],
)
def test_a_period_outside_the_indexed_meetings_is_out_of_scope(question, out):
    from fomc_qa.question.scope import outside_the_index

    meetings = [dt.date(2020, 1, 29), dt.date(2022, 3, 16), dt.date(2023, 7, 26), dt.date(2025, 12, 10)]
    assert (outside_the_index(question, meetings) is not None) == out


@pytest.mark.parametrize(
    ("preferred", "change", "low", "phrase"),
    [
        ("preferred to lower the target range for the federal funds rate by 1/4 percentage point at this meeting",
         -25, 0.5,
         "a cut of 1/4 percentage point (25 basis points), to 1/2 to 3/4 percent (0.50%–0.75%); the Committee raised "
         "the range by 75"),
        ("preferred to reduce the target range for the federal funds rate to 1/2 to 3/4 percent at this meeting",
         -25, 0.5, "a cut of 1/4 percentage point (25 basis points), to 1/2 to 3/4 percent (0.50%–0.75%)"),
        ("preferred at this meeting to raise the target range for the federal funds rate by 0.5 percentage point to "
         "1-1/4 percent to 1-1/2 percent", 50, 1.25,
         "an increase of 1/2 percentage point (50 basis points), to 1-1/4 to 1-1/2 percent"),
            ("preferred no change to the target range for the federal funds rate at this meeting", 0, 0.75,
         "no change, at 3/4 to 1 percent (0.75%–1.00%)"),
        ("supported no change for the federal funds target range but preferred to continue the current pace of "
         "decline in securities holdings", None, None, ""),
    ],
)
def test_a_dissenters_preferred_move_in_numbers(preferred, change, low, phrase):
    from fomc_qa.policy.preferred import preferred_move, preferred_phrase

    june = chain(RECORDS)[3]  # raised 75 bp from 3/4 to 1 percent
    move = preferred_move(preferred, june)
    assert (move.change_bp if move else None) == change
    assert (move.range_after.low if move else None) == low
    assert phrase in preferred_phrase(preferred, june) if phrase else preferred_phrase(preferred, june) == ""


def test_moves_compared_and_a_member_who_did_not_dissent():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    compared = desk.consult("Was the June 2022 hike larger than the May 2022 one?")
    assert compared.question.intent == "compare"
    assert compared.answer.direct.startswith("The largest move was at the June 15, 2022 meeting, 3/4 percentage point")
    same = desk.consult("Was the March 2022 hike bigger than the one in March 2022?")
    assert same.question.intent == "change"  # one meeting named: its move
    powell = desk.consult("Did Powell dissent in 2022?")
    assert powell.answer.direct.startswith("No: Jerome H. Powell did not dissent in 2022")
    bullard = desk.consult("What did Bullard favor instead in March 2022?")
    assert bullard.question.intent == "dissents" and "James Bullard" in bullard.answer.direct


def test_the_first_or_last_dissent_and_the_last_unanimous_decision():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    last_dissent = desk.consult("When was the most recent dissent?")
    assert last_dissent.question.intent == "dissents" and last_dissent.question.edge == "last"
    assert last_dissent.answer.direct.startswith("The last dissent in the indexed meetings was at the March 16, 2022")
    unanimous = PolicyDesk(RECORDS[:2], lambda chunk_id: None).consult(
        "What was the last 2022 meeting with a unanimous vote, before the dissents began?")
    assert unanimous.question.intent == "votes" and unanimous.question.edge == "last"
    assert "January 26, 2022 meeting" in unanimous.answer.direct
    assert "At the next meeting, March 16, 2022, James Bullard dissented" in unanimous.answer.direct
    assert desk.consult("When was the first unanimous decision of 2022?").answer.direct.startswith(
        "The first unanimous decision in 2022 was at the January 26, 2022 meeting")


@pytest.mark.parametrize(("question", "side"), [
    ("Who dissented from the half-point cut in September 2024, and what did she prefer?", None),
    ("Who voted against the 50 basis point cut that started the easing cycle in September 2024?", None),
    ("Who dissented in favor of a half-point cut in September 2025?", "easier"),  # near miss: the size preferred
    ("Who dissented in favor of a larger cut?", "easier"),
    ("Which voter would have preferred a smaller increase in June 2022?", "easier"),  # a voter preferring: a dissent
])
def test_a_moves_size_is_a_dissent_side_only_as_what_a_dissenter_wanted(question, side):
    q = parse_policy_question(question, MEETINGS + [D(2025, 9, 17)])
    assert q is not None and q.intent == "dissents" and q.dissent_side == side


def test_which_participants_preferred_another_move_is_the_discussion_not_a_dissent():
    q = parse_policy_question("Which participants preferred a smaller increase in June 2022?", MEETINGS)
    assert q is None or q.intent != "dissents"


def test_meetings_held_streaks_peaks_tallies_and_a_years_decisions():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    held = desk.consult("How many meetings did the FOMC hold in 2022?")
    assert held.question.meetings_held and held.answer.direct.startswith("The FOMC held 4 (four) meetings in 2022")
    streak = desk.consult("How many consecutive hikes did the FOMC make in 2022?")
    assert streak.question.streak
    assert "3 (three) meetings in a row, from March 16, 2022 to June 15, 2022" in streak.answer.direct
    peak = desk.consult("What was the peak fed funds rate in 2022?")
    assert peak.question.intent == "peak"
    assert peak.answer.direct.startswith("The highest target range in 2022 was 1-1/2 to 1-3/4 percent")
    decisions = desk.consult("List all the FOMC decisions in 2022.")
    assert decisions.question.intent == "decision" and len(decisions.answer.quotes) == 4
    starting = desk.consult("How many hikes in a row did the FOMC make starting in May 2022?")
    assert starting.question.meetings[0] == D(2022, 5, 4)
    two = [*RECORDS, _record(D(2024, 11, 7), "lower", 0.75, -25, dissent="James Bullard")]
    most = PolicyDesk(two, lambda chunk_id: None).consult("Who dissented most often?")
    assert most.question.most and most.answer.direct.startswith("James Bullard dissented most often")


def test_a_decision_with_the_reasons_its_statement_gives():
    def with_risks(record: MeetingRecord, text: str) -> MeetingRecord:
        doc = record.statement_id
        risk = StatementSentence(role="risks", paragraph=1, source=Source(sentence=text, document_id=doc,
                                                                        chunk_id=f"{doc}#000"))
        return record.model_copy(update={"statement": [*record.statement, risk]})

    described = with_risks(RECORDS[-1], "The U.S. banking system is sound and resilient.")
    records = [*RECORDS[:-1], with_risks(described, "The Committee has gained greater confidence.")]
    desk = PolicyDesk(records, lambda chunk_id: None)
    why = desk.consult("Why did the Fed cut rates in September 2024?")
    assert why.question.intent == "reason"
    quoted = [x.source.sentence for x in why.answer.quotes]
    assert quoted[-1] == "The Committee has gained greater confidence."
    assert "The U.S. banking system is sound and resilient." not in quoted  # it describes; it gives no reason
    first = desk.consult("What was the first cut of 2024, and what justified it?")
    assert first.question.intent == "first" and first.question.why and len(first.answer.quotes) == 2
    assert desk.consult("What did participants say about why they cut in September 2024?") is None


def test_a_reason_pointing_back_brings_the_sentence_it_points_to():
    last = RECORDS[-1]
    doc = last.statement_id

    def said(role: str, text: str, also: list[str] | None = None) -> StatementSentence:
        return StatementSentence(role=role, paragraph=0, also=also or [],
                                 source=Source(sentence=text, document_id=doc, chunk_id=f"{doc}#000"))

    statement = [said("economic_activity", "The fundamentals of the U.S. economy remain strong."),
                 said("risks", "However, the coronavirus poses evolving risks to economic activity."),
                 said("decision", "In light of these risks, the Committee decided to lower the target range.",
                      ["risks"])]
    records = [*RECORDS[:-1], last.model_copy(update={"statement": statement})]
    why = PolicyDesk(records, lambda chunk_id: None).consult("Why did the Fed cut rates in September 2024?")
    quoted = [x.source.sentence for x in why.answer.quotes]
    assert quoted.index("However, the coronavirus poses evolving risks to economic activity.") < \
        quoted.index("In light of these risks, the Committee decided to lower the target range.")
    assert "The fundamentals of the U.S. economy remain strong." not in quoted  # near miss: pointed to by nothing


def test_wording_at_a_spans_end_and_whether_it_changed():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    end = desk.consult("What did the statement say about inflation at the end of 2022?")
    assert end.question.intent == "role" and end.question.meetings == (D(2022, 6, 15),)
    changed = desk.consult("Did the statement's description of inflation change between March and May 2022?")
    assert changed.answer.direct.startswith("Yes: the statement's wording on inflation changed")
    assert "on May 4, 2022, that inflation remains elevated, reflecting supply imbalances" in changed.answer.direct
    same = desk.consult("Did the statement's description of inflation change between January and March 2022?")
    assert same.answer.direct.startswith("No: the statement's wording on inflation did not change")
    # a statement saying nothing on inflation where the next says something: that is a change, not "did not change"
    march = next(i for i, r in enumerate(RECORDS) if r.meeting_date == D(2022, 3, 16))
    silent = RECORDS[march].model_copy(update={"statement": [s for s in RECORDS[march].statement
                                                             if s.role != "inflation"]})
    added = PolicyDesk([*RECORDS[:march], silent, *RECORDS[march + 1:]], lambda chunk_id: None).consult(
        "Did the statement's description of inflation change between March and May 2022?")
    assert added.answer.direct.startswith("Yes: the statement's wording on inflation changed")


def test_a_long_evolution_tells_every_changed_meeting_by_the_words_it_changed():
    wording = ["Economic activity has been expanding at a modest pace.",
               "Economic activity has been expanding at a moderate pace.",
               "Economic activity has been expanding at a moderate pace.",
               "Economic activity has been expanding at a solid pace.",
               "Economic activity has been expanding at a strong pace.",
               "Recent indicators suggest that growth of economic activity has slowed from its strong pace."]
    records = [_record(r.meeting_date, r.decision, r.range_after.low, r.change_bp, inflation=text)
               for r, text in zip(RECORDS, wording, strict=True)]
    lead = PolicyDesk(records, lambda chunk_id: None).consult(
        "How did the statement's description of inflation evolve from January 2022 to September 2024?").answer.direct
    # every step is in the lead, each by its changed words; the meeting that kept the wording is left out
    assert '"expanding at a moderate pace"' in lead and '"expanding at a solid pace"' in lead
    assert '"expanding at a strong pace"' in lead and "May 4, 2022" not in lead
    assert "growth of economic activity has slowed from its strong pace" in lead
    # near miss: a span of four meetings or fewer tells each in full, as before
    short = PolicyDesk(records[:3], lambda chunk_id: None).consult(
        "How did the statement's description of inflation evolve from January to May 2022?").answer.direct
    assert "on March 16, 2022, that economic activity has been expanding at a moderate pace" in short


def test_a_comparison_starts_from_every_sentence_of_the_first_meeting_that_changed():
    def said(r: MeetingRecord, *texts: str) -> MeetingRecord:
        doc = r.statement_id
        return r.model_copy(update={"statement": [
            StatementSentence(role="inflation", paragraph=0,
                              source=Source(sentence=t, document_id=doc, chunk_id=f"{doc}#000")) for t in texts]})

    def compared(first: tuple[str, ...], second: tuple[str, ...]) -> str:
        return PolicyDesk([said(RECORDS[0], *first), said(RECORDS[1], *second)], lambda chunk_id: None).consult(
            "What changed in the statement's description of inflation between January and March 2022?").answer.direct

    attentive = "The Committee remains highly attentive to inflation risks."
    both = "The Committee is attentive to the risks to both sides of its dual mandate."
    lead = compared(("Inflation remains elevated.", attentive), ("Inflation remains somewhat elevated.", both))
    assert "remains highly attentive to inflation risks" in lead and "inflation remains elevated" in lead
    # near miss: a sentence the next statement kept word for word is not where the comparison starts
    lead = compared(("Inflation remains elevated.", attentive), ("Inflation remains elevated.", both))
    assert "on January 26, 2022 it said that the Committee remains highly attentive to inflation risks;" in lead


def test_a_move_with_its_dissents_and_other_central_banks_left_to_the_passages():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    first = desk.consult("Which 2022 meeting delivered the year's first rate hike, and who dissented at it?")
    assert first.question.intent == "first" and first.question.with_votes
    assert "March 16, 2022" in first.answer.direct and "voting against: James Bullard" in first.answer.direct
    assert desk.consult("Which foreign central bank was the exception to the easing trend, and by how much did it "
                        "hike in 2022?") is None
    assert desk.consult("Did the ECB raise rates in July 2022?") is None


def test_a_question_asking_two_things_of_one_meeting_gets_both_record_answers():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    both = desk.consult("How big was the September 2024 cut, and who dissented?")
    assert both.answer.direct.index("1/2 percentage point") < both.answer.direct.index("No member dissented")
    assert desk.consult("Who dissented in September 2024?").answer.direct in both.answer.direct
    # parts over a span stay one reading: "who dissented" is asked of the first hike, not of all of 2022
    first = desk.consult("Which 2022 meeting delivered the year's first rate hike, and who dissented at it?")
    assert first.question.intent == "first" and "James Bullard" in first.answer.direct


def test_data_rates_and_past_expectations_are_not_policy_moves_or_forecasts():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    assert desk.consult("What did the staff say about the unemployment rate in June 2022?") is None
    assert desk.consult("How did mortgage rates move before the May 2022 meeting?") is None
    assert out_of_scope("In July 2024, what did most participants expect for the next meeting?") is None
    assert out_of_scope("Will the Fed cut rates at its next meeting?") is not None


def test_the_range_on_a_day_between_meetings_and_a_month_range():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    day = desk.consult("What was the federal funds target range on August 1, 2022?")
    assert day.question.intent == "current" and day.question.meetings == (D(2022, 6, 15),)
    assert day.answer.direct.startswith("On August 1, 2022 the target range for the federal funds rate was 1-1/2 to "
                                        "1-3/4 percent")
    month = desk.consult("What was the fed funds range in October 2022?")
    assert month.answer.direct.startswith("In October 2022 the target range")
    span = desk.consult("How many hikes were there from March through June 2022?")
    assert span.question.meetings == (D(2022, 3, 16), D(2022, 5, 4), D(2022, 6, 15))


def test_a_decision_asked_with_the_balance_sheet_quotes_both():
    record = RECORDS[2].model_copy(update={"statement": [*RECORDS[2].statement, StatementSentence(
        role="balance_sheet", paragraph=2, source=Source(sentence="The Committee will begin reducing its holdings.",
                                                        document_id="statement-2022-05-04"))]})
    desk = PolicyDesk([*RECORDS[:2], record, *RECORDS[3:]], lambda chunk_id: None)
    both = desk.consult("What did the FOMC decide about rates and the balance sheet in May 2022?")
    assert both.question.intent == "decision" and both.question.roles == ("balance_sheet",)
    assert [x.source.sentence for x in both.answer.quotes][-1] == "The Committee will begin reducing its holdings."


@pytest.mark.parametrize(
    ("question", "out"),
    [
        ("In December 2023, what did participants expect for the next meetings?", False),
        ("Did the Fed cut at its next meeting after July 2024?", False),
        ("Will the Fed raise rates at the next meeting, as it did in 2022?", True),
        ("Will the Fed cut at the next meeting after December 2025?", True),
        ("Last meeting whose statement called inflation transitory? What replaced that language at the next "
         "meeting?", False),
        ("What was the first meeting at which the Fed cut, and what did it do at the next meeting?", False),
        ("Which was the last meeting whose statement said 'transitory', and what will the next meeting say?", True),
        ("Will the Fed cut at the next meeting, as at the last meeting?", True),
    ],
)
def test_a_next_meeting_seen_from_a_recorded_one(question, out):
    assert (out_of_scope(question) is not None) == out


def test_a_move_asked_with_whether_anyone_wanted_more():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    june = desk.consult("Jun 2022 FOMC: how big was the hike, and did anyone push for more?")
    assert june.question.intent == "change" and june.question.with_votes and june.question.person is None
    assert june.answer.direct.endswith("The vote was unanimous (1–0).")
    bullard = desk.consult("Bullard voted no in March 2022. What did he want instead?")
    assert bullard.question.intent == "dissents" and bullard.question.person == "Bullard"


def test_a_size_the_dissenter_preferred_asks_the_dissent_not_the_move():
    """"What hike size and range did the dissenter prefer?" asks the dissenter's size: the dissent's line says it
    with the Committee's move; "size, range, and was it unanimous?" asks the move with its vote (the near miss)."""
    preferred = parse_policy_question("Jun 2022: what hike size and range did the dissenter prefer?", MEETINGS)
    assert preferred.intent == "dissents"
    move = parse_policy_question("Jun 2022: hike size, range, and was it unanimous?", MEETINGS)
    assert move.intent == "change" and move.with_votes


def test_a_meeting_next_to_a_named_one_ranges_without_a_unit_and_more_scope():
    from fomc_qa.question.slots import range_of

    assert range_of("How long did the range sit at 0 to 1/4?") == (0.0, 0.25)
    assert range_of("hold at 5.25-5.5% before cutting") == (5.25, 5.5)
    assert range_of("between 2022 and 2023") is None
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    after = desk.consult("What did the FOMC do at the meeting right after the May 2022 hike?")
    assert after.question.meetings == (D(2022, 6, 15),)
    streak = desk.consult("After reaching 1/4 to 1/2 percent, how many consecutive meetings did the Fed hold there?")
    assert streak is not None and streak.question.streak
    assert out_of_scope("Where is the effective federal funds rate printing today?") is not None
    assert out_of_scope("What is the median dot for 2026 in the December 2025 SEP?") is not None
    assert out_of_scope("What was the median participant projection for the funds rate at end-2026 in the December "
                        "2025 Summary of Economic Projections?") is not None
    assert out_of_scope("When did the median Desk survey respondent expect the first rate hike in June 2021?") is None
    previewed = "The March 2024 minutes previewed slowing runoff. What was decided at the next meeting?"
    assert out_of_scope(previewed) is None


def test_the_next_dissent_after_a_named_one():
    records = [*RECORDS, _record(D(2024, 11, 7), "lower", 0.75, -25, dissent="Michelle W. Bowman")]
    nxt = PolicyDesk(records, lambda chunk_id: None).consult(
        "After James Bullard's March 2022 dissent, when was the next dissent, and by whom?")
    assert nxt.question.edge == "first" and nxt.question.person is None
    assert "was at the November 7, 2024 meeting: Michelle W. Bowman" in nxt.answer.direct


def test_yes_no_over_a_span_averages_and_moves_since_the_peak():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    yes = desk.consult("Did the Fed hike in 2022?")
    assert yes.question.intent == "count" and yes.answer.direct.startswith("Yes: the FOMC raised the target range 3")
    assert desk.consult("Did the Fed cut in 2022?").answer.direct.startswith("No: there was no cut")
    average = desk.consult("What was the average size of the hikes in 2022?")
    assert "The average increase was 50 basis points." in average.answer.direct
    since = desk.consult("How many basis points has the Fed cut since the peak?")
    assert since.question.since_extreme == "high" and since.question.meetings == (D(2024, 9, 18),)


def _statement(day: dt.date, *sentences: tuple[str, str]) -> MeetingRecord:
    doc = f"statement-{day}"
    record = _record(day, "maintain", 4.25, 0)
    return record.model_copy(update={"statement": [
        StatementSentence(role=role, paragraph=0, source=Source(sentence=text, document_id=doc, chunk_id=f"{doc}#000"))
        for role, text in sentences]})


def test_what_changed_in_a_statement_is_its_redline_against_the_one_before():
    before = _statement(D(2023, 2, 1), ("labor_market", "Job gains have been robust in recent months."),
                        ("inflation", "Inflation has eased somewhat but remains elevated."),
                        ("risks", "Russia's war against Ukraine is causing tremendous human and economic hardship."),
                        ("votes", "Voting for the monetary policy action were Jerome H. Powell, Chair."))
    after = _statement(D(2023, 3, 22), ("labor_market", "Job gains have been robust in recent months."),
                       ("inflation", "Inflation remains elevated."),
                       ("risks", "The U.S. banking system is sound and resilient."),
                       ("votes", "Voting for the monetary policy action were Jerome H. Powell, Chair; and others."))
    meetings = [D(2023, 2, 1), D(2023, 3, 22)]
    for question in ("What replaced the Russia-Ukraine paragraph when the statement went from Feb 2023 to March 2023?",
                     "What changed in the March 2023 statement?"):
        q = parse_policy_question(question, meetings)
        assert q.intent == "redline" and q.meetings == tuple(meetings)
    result = answer(q, [before, after])
    assert result.direct.startswith("From the February 1, 2023 statement to the March 22, 2023 statement: 1 (one) "
                                    "sentence revised, 1 (one) sentence added, 1 (one) sentence removed")
    notes = {x.source.sentence: x.note for x in result.quotes}
    revised = notes["Inflation remains elevated."]
    assert revised.startswith("revised") and "dropped" in revised
    assert notes["The U.S. banking system is sound and resilient."] == "added"
    assert notes[before.statement[2].source.sentence] == "removed from the March 22, 2023 statement"
    assert not any(s.startswith("Voting") or s.startswith("Job gains") for s in notes)  # the roll call, unchanged text
    # "what was dropped": the removed sentences first
    dropped_first = parse_policy_question("What language was dropped from the March 2023 statement?", meetings)
    assert dropped_first.edits == "removed"
    assert answer(dropped_first, [before, after]).quotes[0].note == "removed from the March 22, 2023 statement"
    # "what did it drop, and what replaced it?": the lead tells the sentence dropped, then the one added
    both = parse_policy_question("What did the March 2023 statement drop compared with February, and what replaced "
                                 "it?", meetings)
    assert both.edits == "both"
    lead = answer(both, [before, after]).direct
    assert "It dropped the sentence that Russia's war against Ukraine" in lead
    assert "it added that the U.S. banking system is sound and resilient" in lead
    replaced = parse_policy_question("What replaced the Russia-Ukraine paragraph when the statement went from Feb 2023 "
                                     "to March 2023?", meetings)
    assert replaced.edits == "added"  # near miss: what replaced it is the sentence added
    # the edit saying what the question asks about is told first ("the banking system"), not the statement's first
    banking = parse_policy_question("What did the March 2023 statement add about the banking system compared with "
                                    "February?", meetings)
    assert banking.intent == "redline" and {"banking", "system"} <= set(banking.topic)
    told = answer(banking, [before, after])
    assert told.quotes[0].source.sentence == "The U.S. banking system is sound and resilient."
    assert "It added that the U.S. banking system is sound and resilient" in told.direct
    # near miss: a redline naming no subject keeps the statement's order (the revised inflation sentence first)
    assert answer(q, [before, after]).quotes[0].source.sentence == "Inflation has eased somewhat but remains elevated."
    # edits asked of a role: the whole redline, that role's changes first
    dropped = parse_policy_question("Feb 2023 vs March 2023 statement: what inflation language was dropped?", meetings)
    assert dropped.intent == "redline" and dropped.roles == ("inflation",)
    # two statements side by side: a revised sentence comes with its earlier wording in full
    pair = answer(dropped, [before, after]).quotes
    assert [x.source.sentence for x in pair[:2]] == ["Inflation has eased somewhat but remains elevated.",
                                                     "Inflation remains elevated."]
    assert pair[0].note == "as it read before the March 22, 2023 revision" and pair[1].note.startswith("revised")
    # a statement question with a role is the role's evolution; one about the rate is the record's move
    assert parse_policy_question("Compare the labor-market sentence in the Jan 2022 statement with May 2022.",
                                 MEETINGS).intent == "evolution"
    assert parse_policy_question("Jan -> May 2022: how did the statement's risk assessment and labor language shift?",
                                 MEETINGS).roles == ("risks", "labor_market")
    assert parse_policy_question("How did the statement change the target range in May 2022?", MEETINGS).intent \
        != "redline"
    # an analyst's "tightening bias" is the guidance on further firming; "bias" alone names no sentence
    assert parse_policy_question("How did the statement's tightening-bias language change over 2023?",
                                 MEETINGS).roles == ("forward_guidance",)
    assert parse_policy_question("How did the statement's wording change over 2023, and was there a bias?",
                                 MEETINGS).roles == ()
    # guidance about the purchases is the balance-sheet sentence, not the forward guidance on the rate
    held = [dt.date(2020, 6, 10), dt.date(2020, 11, 5), dt.date(2020, 12, 16), dt.date(2021, 12, 15),
            dt.date(2022, 1, 26)]
    for asked in ("Nov 2020 vs Dec 2020 statement: how did the asset purchase guidance change?",
                  "How did the FOMC's guidance on the pace of its asset purchases change between June and Dec 2020?",
                  "How did the statement's QE guidance change from June 2020 to December 2020?"):
        assert parse_policy_question(asked, held).roles == ("balance_sheet",), asked
    for asked in ("From the Dec 2021 statement to Jan 2022, how did the guidance on the policy rate change?",
                  "How did the forward guidance change between the June 2020 and December 2020 statements?"):
        assert parse_policy_question(asked, held).roles == ("forward_guidance",), asked
    # two statements compared on a role: the role's sentences, then the statement's other edits (not the roll call)
    labor = parse_policy_question("How did the job market language change between Feb 2023 and March 2023?", meetings)
    assert labor.intent == "evolution" and labor.roles == ("labor_market",)
    notes = {x.source.sentence: x.note for x in answer(labor, [before, after]).quotes}
    assert notes["Inflation remains elevated."].startswith("also revised: ")
    assert notes["The U.S. banking system is sound and resilient."] == "also added"
    assert not any(s.startswith("Voting") for s in notes)


def test_after_a_cycle_liftoff_and_comparisons_need_two_dates():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    after = desk.consult("First cut after the 2022 hiking cycle: which meeting, and how big was it?")
    assert "September 18, 2024" in after.answer.direct and "1/2 percentage point" in after.answer.direct
    liftoff = parse_policy_question("After the January 2022 hold at the ELB, when did liftoff come?", MEETINGS)
    assert liftoff.intent == "first" and liftoff.direction == "raise" and liftoff.at_range is None
    last_before = parse_policy_question("What was the last meeting at 0 to 1/4 percent before liftoff?", MEETINGS)
    assert last_before.intent == "last"
    assert parse_policy_question("Did anyone want a bigger first hike after January 2022?", MEETINGS).intent \
        != "compare"
    assert parse_policy_question("Was the June 2022 hike bigger than the May 2022 one?", MEETINGS).intent == "compare"
    # "than the one before it": the previous move of the same kind, which the desk finds
    previous = PolicyDesk(RECORDS, lambda chunk_id: None).consult(
        "Was the June 2022 hike bigger than the one before it? By how much?")
    assert previous.question.intent == "compare" and previous.question.meetings == (D(2022, 5, 4), D(2022, 6, 15))
    assert "3/4 percentage point" in previous.answer.direct and "1/2 percentage point" in previous.answer.direct
    assert PolicyDesk(RECORDS, lambda chunk_id: None).consult(
        "Was the March 2022 hike bigger than the previous hike?") is None  # none before it in the index


def test_a_notation_vote_named_as_a_document_is_not_a_vote_question():
    meetings = [D(2020, 3, 15), D(2020, 3, 23), D(2020, 4, 29)]
    q = parse_policy_question("What did the March 23, 2020 notation-vote statement change about asset purchases?",
                              meetings)
    assert q is None or q.intent != "votes"
    assert parse_policy_question("Was the March 23, 2020 notation vote unanimous?", meetings).intent == "votes"


def test_the_meeting_with_the_most_dissents():
    two = [*RECORDS[:3], RECORDS[3].model_copy(update={"dissents": [
        Dissent(name=n, preferred="preferred to hold", source=RECORDS[3].decision_source)
        for n in ("Esther L. George", "Loretta J. Mester")]}), *RECORDS[4:]]
    desk = PolicyDesk(two, lambda chunk_id: None)
    most = desk.consult("Which 2022 meeting had the most dissents?")
    assert most.answer.direct.startswith("The June 15, 2022 meeting had the most dissents in 2022, 2 (two) "
                                         "(Esther L. George, Loretta J. Mester); then March 16, 2022: 1 (one).")
    tally = desk.consult("Who dissented most in 2022?").answer.direct  # one each: a tie of three
    assert tally.startswith("James Bullard and Esther L. George and Loretta J. Mester dissented most often, equally")


def test_dissents_for_more_easing_or_for_less():
    eased = RECORDS[5].model_copy(update={"dissents": [
        Dissent(name="Michelle W. Bowman", preferred="preferred to lower the target range for the federal funds rate "
                "by 1/4 percentage point at this meeting", source=RECORDS[5].decision_source)]})
    hike = RECORDS[1].model_copy(update={"change_bp": 25, "range_before": _range(0.0, 0.25), "dissents": [
        Dissent(name="James Bullard", preferred="preferred at this meeting to raise the target range for the federal "
                "funds rate by 0.5 percentage point to 1/2 to 3/4 percent", source=RECORDS[1].decision_source)]})
    desk = PolicyDesk([RECORDS[0], hike, *RECORDS[2:5], eased], lambda chunk_id: None)
    larger = desk.consult("Who dissented in favor of a bigger hike?")  # both wanted a higher range than decided
    assert "James Bullard" in larger.answer.direct and "Bowman" in larger.answer.direct
    assert "for a higher target range than the Committee's" in larger.answer.direct
    smaller = desk.consult("Who dissented in favor of a smaller cut in 2024?").answer.direct
    assert "Bowman" in smaller and "Bullard" not in smaller
    assert "Bowman" not in desk.consult("Who dissented in favor of a larger cut?").answer.direct
    assert desk.consult("Were there dovish dissents in 2022?").answer.direct.startswith(
        "No member dissented for a lower target range than the Committee's in 2022")


def test_a_size_over_a_span_is_the_total_and_a_decision_asked_why_gives_the_reasons():
    total = parse_policy_question("By how much did rates rise from March 2022 to June 2022?", MEETINGS)
    assert total.intent == "count" and total.also_size and len(total.meetings) == 3
    assert parse_policy_question("By how much did the FOMC raise rates in May 2022?", MEETINGS).intent == "change"
    assert parse_policy_question("What did the Fed decide in May 2022 and why?", MEETINGS).intent == "reason"
    assert parse_policy_question("June 2022 75bp - rationale?", MEETINGS).intent == "reason"  # a move by its size
    assert parse_policy_question("Why did the Fed open its easing cycle with a jumbo cut in September 2024?",
                                 MEETINGS).intent == "decision"  # one month's "largest": that meeting's move
    # near miss: a participant's reasons for a size is the minutes', not the record's
    assert parse_policy_question("What reasons did Bullard give for wanting 50bp in March 2022?", MEETINGS) is None
    assert parse_policy_question("How long did the Fed hold at the peak?", MEETINGS).intent == "peak"


def test_a_meeting_named_by_an_event_a_peak_placed_by_its_year_and_a_move_asked_unanimous():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    assert desk.dated("At the meeting right before the first cut of 2024, where was the range?") == \
        "At the January 31, 2023 meeting, where was the range?"
    assert desk.dated("What did the FOMC do at the meeting after the last hike?") == \
        "What did the FOMC do at the January 31, 2023 meeting?"
    assert desk.dated("The meeting before the first 2024 cut: where was the range?") == \
        "the January 31, 2023 meeting: where was the range?"
    assert desk.dated("range two meetings before the first 2024 cut?") == "range the June 15, 2022 meeting?"
    assert desk.dated("the meeting after liftoff — what did they do?") == "the May 4, 2022 meeting — what did they do?"
    last_hold = parse_policy_question("What was the last meeting in 2020-2025 at which the FOMC held the range?",
                                      MEETINGS)
    assert last_hold.intent == "last" and last_hold.direction == "maintain"
    assert parse_policy_question("What is the newest target range?", MEETINGS).intent == "current"
    chain3 = [dt.date(2022, 3, 16), dt.date(2022, 5, 4), dt.date(2022, 6, 15), dt.date(2022, 7, 27)]
    chained = parse_policy_question("How did the inflation language shift from Mar 2022 to May 2022 to Jul 2022?",
                                    chain3)
    assert chained.intent == "evolution" and chained.meetings == (chain3[0], chain3[1], chain3[3])
    assert parse_policy_question("In the newest FOMC statement, where is the range?", MEETINGS).meetings == \
        (MEETINGS[-1],)
    after_cycle = desk.consult("First cut after the 2022–2023 tightening cycle, and how large?")  # an en dash
    assert "September 18, 2024" in after_cycle.answer.direct
    peak = desk.consult("What was the highest target range reached during the 2022 tightening cycle, and when was it "
                        "first lowered from that level?")
    assert "September 18, 2024" in peak.answer.direct  # the peak held past the cycle's last move, until the cut
    after_peak = desk.consult("The first rate cut after the 2023 peak - which meeting and how big?")
    assert "September 18, 2024" in after_peak.answer.direct and "1/2 percentage point" in after_peak.answer.direct
    first = desk.consult("first hike of the 2022 cycle - when, to what range, and was it unanimous?")
    assert first.question.intent == "first" and first.question.with_votes and "James Bullard" in first.answer.direct


def test_a_rate_an_unscheduled_meetings_statement_lacks_is_not_said_to_be_missing_from_the_documents():
    march3 = _record(D(2020, 3, 3), "lower", 1.0, -50).model_copy(update={"meeting_kind": "unscheduled"})
    desk = PolicyDesk([march3, *RECORDS], lambda chunk_id: None)
    lead = desk.consult("After the March 3, 2020 emergency cut, where were IOER and the primary credit rate set?")
    assert "the documents do not state" not in lead.answer.direct.lower()
    assert "March 3, 2020 statement does not state" in lead.answer.direct
    assert "reported in the next meeting's minutes" in lead.answer.direct
    scheduled = desk.consult("Where was IORB set at the June 2022 meeting?")  # no minutes either, but scheduled
    assert "next meeting's minutes" not in scheduled.answer.direct


def test_a_record_part_another_part_says_already_is_said_once():
    from fomc_qa.policy.answers import RecordAnswer
    from fomc_qa.policy.desk import Consultation, _joined

    question = parse_policy_question("Did the Committee hike in June 2023, and why?", MEETINGS)
    hold = "The FOMC did not raise rates at the June 14, 2023 meeting: it maintained the target range at 5 to 5-1/4 " \
        "percent."
    again = "At the June 14, 2023 meeting the FOMC maintained the target range at 5 to 5-1/4 percent (5.00%–5.25%)."
    vote = "The vote was 11–0."
    joined = _joined([Consultation(question, RecordAnswer(text)) for text in (hold, again, vote)]).answer.direct
    assert joined == f"{hold} {vote}"  # the range said again (its decimal form aside) is left out
    short = "The vote on September 18, 2024 was 11–1, Michelle W. Bowman against."
    full = "There was one dissent at the September 18, 2024 meeting in a 11–1 vote: Michelle W. Bowman preferred a cut."
    both = _joined([Consultation(question, RecordAnswer(text)) for text in (short, full)]).answer.direct
    assert both == full  # a later part says it and more


def test_administered_rates_named_as_such_and_new_language_as_a_redline():
    rates = parse_policy_question("What technical adjustment to administered rates was made in June 2022?", MEETINGS)
    assert rates.intent == "rate" and set(rates.rates) == {"iorb", "on_rrp"}
    new = parse_policy_question("What new inflation sentence showed up in the May 2022 statement that wasn't in "
                                "March's?", MEETINGS)
    assert new.intent == "redline" and new.meetings == (D(2022, 3, 16), D(2022, 5, 4))


def test_what_the_fed_pays_on_reserves_is_iorb():
    q = parse_policy_question("What does the Fed currently pay on reserve balances, and where is the primary credit "
                              "rate set these days?", MEETINGS)
    assert q.intent == "rate" and q.rates == ("iorb", "discount_rate")


def test_the_meeting_past_either_end_of_the_index_is_outside_it():
    from fomc_qa.question.scope import outside_the_index

    assert outside_the_index("What did the Fed decide at its next meeting after September 2024?", MEETINGS)
    assert outside_the_index("What did the FOMC do at the meeting before January 2022?", MEETINGS)
    assert outside_the_index("What did the FOMC do at the meeting after May 2022?", MEETINGS) is None


def test_whether_the_range_moved_at_all_is_yes_or_no():
    for question, start in (("Did the Fed change rates at the January 2023 meeting?", "No: "),
                            ("Did the FOMC move rates in September 2024?", "Yes: ")):
        q = parse_policy_question(question, MEETINGS)
        assert answer(q, [r for r in chain(RECORDS) if r.meeting_date in q.meetings]).direct.startswith(start)


def test_an_emergency_meeting_named_by_date_is_its_decision_and_minimum_purchases_are_no_peak():
    meetings = [D(2020, 3, 3), D(2020, 3, 15), D(2020, 4, 29)]
    one = parse_policy_question("Sunday, March 15, 2020 emergency meeting: target range and the minimum UST and "
                                "agency MBS purchase amounts?", meetings)
    assert one.intent == "decision" and one.roles == ("balance_sheet",) and one.meetings == (D(2020, 3, 15),)
    listed = parse_policy_question("How many emergency moves were there in 2020?", meetings)
    assert listed.intent == "count" and listed.unscheduled
    assert parse_policy_question("What was the maximum target range in 2022?", MEETINGS).intent == "peak"


def test_a_size_asked_with_why_quotes_the_statements_reasons():
    q = parse_policy_question("By how much did the FOMC cut in September 2024, and why?", MEETINGS)
    assert q.intent == "change" and q.why
    result = answer(q, [r for r in chain(RECORDS) if r.meeting_date in q.meetings])
    assert "1/2 percentage point" in result.direct
    assert result.quotes[0].source.sentence == "The Committee decided to lower the target range."  # the decision


@pytest.mark.parametrize(("question", "term"), [
    ("When did the FOMC statement first say the Committee is attentive to the risks to both sides of its dual "
     "mandate?", "attentive to the risks to both sides of its dual mandate"),
    ("When did the statement first say inflation was elevated to the Committee's dismay in 2022?", "elevated"),
    ("Did the statement say the outlook was uncertain to the end of 2020?", "uncertain"),  # a date: not the term's
    # the punctuation a quotation carries is not the statement's ("... will be appropriate," matched no statement)
    ('What was the last meeting whose statement still said "ongoing increases in the target range will be '
     'appropriate," and what replaced it?', "ongoing increases in the target range will be appropriate"),
    ('When did the statement first say "sufficiently restrictive"?', "sufficiently restrictive"),
])
def test_a_terms_to_phrase_is_part_of_it_up_to_the_questions_end(question, term):
    assert mention_term(question) == term


@pytest.mark.parametrize(("question", "term"), [
    ("Over which meetings did FOMC statements say that the U.S. banking system is sound and resilient?",
     "sound and resilient"),
    ("Which statements mentioned tariffs and when?", "tariffs"),
])
def test_a_term_may_end_in_and_a_word_but_not_in_a_question_word(question, term):
    from fomc_qa.question.slots import mention_term

    assert mention_term(question) == term
    assert parse_policy_question(question, MEETINGS) is None or parse_policy_question(question, MEETINGS).intent == \
        "mention"


def test_a_long_stay_at_a_range_is_also_given_in_years():
    from fomc_qa.policy.moves import _in_years

    assert (_in_years(5), _in_years(12), _in_years(18), _in_years(24)) == ("", " (one year)", " (1-1/2 years)",
                                                                             " (two years)")


def test_a_vote_on_a_facility_is_left_to_the_minutes():
    assert parse_policy_question("May 2022 minutes: were the SRF and FIMA repo facility approved unanimously?",
                                 MEETINGS) is None
    assert parse_policy_question("Was the June 2022 decision unanimous?", MEETINGS).intent == "votes"


def test_two_dissenters_named_in_one_vote_sentence_quote_it_once():
    vote = RECORDS[3].decision_source
    both = RECORDS[3].model_copy(update={"dissents": [Dissent(name=n, preferred="preferred to hold", source=vote)
                                                       for n in ("Esther L. George", "Loretta J. Mester")]})
    result = PolicyDesk([*RECORDS[:3], both, *RECORDS[4:]], lambda chunk_id: None).consult(
        "Who dissented in June 2022?").answer
    assert [q.source.sentence for q in result.quotes].count(vote.sentence) == 1


def test_one_persons_attendance_is_answered_yes_or_no():
    line = Source(sentence="PRESENT: Jerome H. Powell, Chair; Lorie K. Logan", document_id="minutes-2023-01-31",
                  chunk_id="minutes-2023-01-31#000")
    record = RECORDS[4].model_copy(update={"attendance": ["Jerome H. Powell", "Lorie K. Logan"],
                                           "attendance_source": line, "not_voting": ["Adriana D. Kugler"]})
    desk = PolicyDesk([*RECORDS[:4], record, RECORDS[5]], lambda chunk_id: None)
    absent = desk.consult("Kugler at the Jan 2023 mtg?")  # analysts' shorthand, no verb
    assert absent.question.intent == "attendance" and absent.answer.direct.startswith("No: Adriana D. Kugler was "
                                                                                      "absent and not voting")
    assert desk.consult("Did Logan attend the January 2023 meeting?").answer.direct.startswith("Yes: the minutes "
                                                                                              "list Lorie K. Logan")
    dissent_and_absence = desk.consult("Jan 2023: was it unanimous, and which member was absent?")
    assert dissent_and_absence.answer.direct.endswith("Adriana D. Kugler was absent and not voting at the January 31, "
                                                      "2023 meeting.")
    not_voting = desk.consult("Jan 2023: was it unanimous, and who did not vote?")
    assert not_voting.answer.direct.endswith("Adriana D. Kugler was absent and not voting at the January 31, 2023 "
                                             "meeting.")
    assert not analyze("Did anyone not vote for the SRF in July 2021?").asks_absences  # near miss: a dissent
    missing = desk.consult("Jan 2023 vote breakdown: who dissented, and was anyone missing?")
    assert missing.answer.direct.endswith("Adriana D. Kugler was absent and not voting at the January 31, 2023 "
                                          "meeting.")
    data = analyze("Oct 2025: what labor data were participants missing, and why?")
    assert not data.asks_absences  # near miss: data missing, not people
    everyone = desk.consult("Attendance at the January 2023 meeting?")  # no one named: the whole list
    assert everyone.answer.direct.startswith("The minutes of the January 31, 2023 meeting list")


def test_shorthand_and_quoted_terms():
    assert plain_question("Jan 2020 mtg, pre-COVID: FFR range?") == \
        "Jan 2020 meeting, pre-COVID: federal funds rate range?"
    assert plain_question("'transitory' in the stmt: when'd it show up? Mar 2024 mins") == \
        "'transitory' in the statement: when did it show up? Mar 2024 minutes"
    assert parse_policy_question("What was the FFR range in Jan 2022?", MEETINGS).intent == "decision"
    assert mention_term("What new sentence showed up in the May 2024 statement that wasn't in March's?") is None
    assert parse_policy_question("'elevated' in the statement: when did it first show up and when was it dropped?",
                                 MEETINGS).edge == "both"
    assert out_of_scope("YCT debate, Jun 2020: which yields were the BoJ and RBA targeting?") is None
    # terse: "range <meeting>?", "the <meeting> — what did they do?"
    assert parse_policy_question("range at the June 2022 meeting?", MEETINGS).intent == "decision"
    assert parse_policy_question("the May 2022 meeting — what did they do?", MEETINGS).intent == "decision"
    # a move's size or range asked with its vote: the decision, with the vote
    both = PolicyDesk(RECORDS, lambda chunk_id: None).consult("Mar 2022 decision — size, new range, unanimous?")
    assert both.question.intent == "decision" and both.question.with_votes
    assert "James Bullard" in both.answer.direct and "1/4 percentage point" in both.answer.direct
    assert parse_policy_question("Was the March 2022 vote unanimous?", MEETINGS).intent == "votes"
    liftoff = parse_policy_question("liftoff — which 2022 meeting, new range, any dissent?", MEETINGS)
    assert liftoff.intent == "first" and liftoff.with_votes
    # one part the record answers, the other left to the passages
    one_part = PolicyDesk(RECORDS, lambda chunk_id: None).consult(
        "What did the FOMC do at the May 2022 meeting, and when had participants met to discuss it?")
    assert one_part is not None and one_part.answer.direct.startswith("At the May 4, 2022 meeting the FOMC raised")
    aside = PolicyDesk(RECORDS, lambda chunk_id: None).consult(  # a later part alone is an aside, not the question
        "May 2022: what do the minutes say about participants who weighed pausing, and those who backed a bigger hike?")
    assert aside is None
    assert parse_policy_question("2024 easing tally: number of cuts and the range at year-end?", MEETINGS).intent \
        == "count"
    # the manager's report is the minutes' discussion, not the statement's balance-sheet sentences
    assert parse_policy_question("At the March 2022 meeting, what did the SOMA manager report about Treasury market "
                                 "conditions, and what had the Desk done?", MEETINGS) is None


def test_a_move_off_the_peak_counts_from_the_peak():
    q = parse_policy_question("first cut off the peak - when & size?", MEETINGS)
    assert q is not None and q.intent == "first" and q.since_extreme == "high"


def test_a_move_from_a_range_and_a_vote_asked_after_an_event_clause():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    # "from the zero lower bound" names the range the hike left; "lower bound" is a level, not a move lower
    liftoff = parse_policy_question("When did liftoff from the zero lower bound finally come after COVID?", MEETINGS)
    assert (liftoff.intent, liftoff.direction, liftoff.at_range, liftoff.from_range) == \
        ("first", "raise", (0.0, 0.25), True)
    assert "March 16, 2022" in desk.consult("When did liftoff from the zero lower bound come?").answer.direct
    # the verb ("lifted off", "lift off") is the same first hike
    for asked in ("When did the FOMC finally lift off from the zero lower bound, and was the vote unanimous?",
                  "Which meeting lifted off from 0 to 1/4 percent?"):
        verb = parse_policy_question(asked, MEETINGS)
        assert (verb.intent, verb.direction, verb.at_range) == ("first", "raise", (0.0, 0.25)), asked
    # the event clause ends at the comma: "was it unanimous?" is still asked of the first cut
    first = desk.consult("First rate cut after the hiking cycle: which meeting, how large, and was it unanimous?")
    assert first.question.intent == "first" and first.question.with_votes
    assert "September 18, 2024" in first.answer.direct


def test_an_administered_rate_has_a_peak_and_a_first_and_last_change():
    levels = [0.0, 0.0, 0.05, 0.05, 0.3, 0.3]
    records = []
    for record, percent in zip(RECORDS, levels, strict=True):
        src = Source(sentence=f"The offering rate is {percent} percent.", document_id=record.statement_id,
                     chunk_id=f"{record.statement_id}#002")
        records.append(record.model_copy(update={"administered_rates": [
            AdministeredRate(name="on_rrp", percent=percent, source=src)]}))
    desk = PolicyDesk(records, lambda chunk_id: None)
    first = desk.consult("ON RRP rate - first move off 0.00%?")
    assert "May 4, 2022" in first.answer.direct and "0.05 percent" in first.answer.direct
    assert first.answer.quotes[0].source.sentence == "The offering rate is 0.05 percent."
    last = desk.consult("When did the Fed last raise the ON RRP rate?").answer.direct
    assert "January 31, 2023" in last and "to 0.3 percent" in last  # as its sentence states it, not "0.30"
    peak = desk.consult("What was the highest ON RRP rate, and when was it set?").answer.direct
    assert "0.3 percent" in peak and "January 31, 2023" in peak and "September 18, 2024" in peak
    # a rate at a meeting comes with its move since the meeting before, which may lie outside the span asked about
    moved = desk.consult(f"What was the ON RRP rate at the {RECORDS[2].meeting_date:%B %Y} meeting?").answer.direct
    assert "was 0.05 percent, raised 5 basis points from 0.0 percent" in moved
    held = desk.consult(f"What was the ON RRP rate at the {RECORDS[3].meeting_date:%B %Y} meeting?").answer.direct
    assert "was 0.05 percent" in held and "basis points" not in held


def test_a_reserve_or_on_rrp_rate_moved_other_than_the_range_is_told_as_a_technical_adjustment():
    def with_on_rrp(levels: list[float]) -> PolicyDesk:
        records = []
        for record, percent in zip(RECORDS[4:], levels, strict=True):
            src = Source(sentence=f"The offering rate is {percent} percent.", document_id=record.statement_id,
                         chunk_id=f"{record.statement_id}#002")
            records.append(record.model_copy(update={"administered_rates": [
                AdministeredRate(name="on_rrp", percent=percent, source=src)]}))
        return PolicyDesk(records, lambda chunk_id: None)

    question = "What was the ON RRP rate at the September 2024 meeting?"
    # the range fell 50 basis points to 1 to 1-1/4 percent; the ON RRP rate fell 55, to the range's bottom
    adjusted = with_on_rrp([1.55, 1.0]).consult(question).answer.direct
    assert "lowered 55 basis points from 1.55 percent, 5 basis points more than the target range (a technical " \
           "adjustment, to the bottom of the target range)" in adjusted
    # near miss: a rate that moved with the range is no adjustment
    assert "technical" not in with_on_rrp([1.55, 1.05]).consult(question).answer.direct


def test_a_count_over_named_months_is_told_over_their_dates_not_the_year():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    months = desk.consult("March, May and June 2022 hikes: how many, and how much in total?").answer.direct
    assert "3 (three) times between March 16, 2022 and June 15, 2022" in months and "in 2022" not in months
    assert "3 (three) times in 2022" in desk.consult("How many times did the FOMC hike in 2022?").answer.direct


def test_meetings_without_dissent_are_listed_as_unanimous():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    for question in ("Which meetings in 2022 had no dissenting votes?", "How many 2022 decisions were unanimous?"):
        answer = desk.consult(question)
        assert answer.question.intent == "votes" and answer.question.unanimous
        assert answer.answer.direct.startswith("3 (three) of the 4 meetings in 2022 were unanimous: January 26, 2022")
        assert "March 16, 2022 (James Bullard)" in answer.answer.direct


def test_answers_name_unscheduled_meetings_and_notation_votes():
    from fomc_qa.policy.phrasing import label, occasion

    scheduled = RECORDS[0]
    notation = scheduled.model_copy(update={"meeting_kind": "notation_vote"})
    unscheduled = scheduled.model_copy(update={"meeting_kind": "unscheduled"})
    when = f"{scheduled.meeting_date:%B} {scheduled.meeting_date.day}, {scheduled.meeting_date.year}"
    assert occasion(scheduled) == f"the {when} meeting"
    assert occasion(unscheduled) == f"the {when} unscheduled meeting"
    assert occasion(notation) == f"the {when} notation vote"
    source = scheduled.decision_source
    assert label(notation, source).endswith("(notation vote)") and label(scheduled, source).endswith(when)


def test_what_replaced_a_dropped_phrase_is_the_next_statement_s_sentence_most_like_it():
    from fomc_qa.policy.wording import _counterpart

    def said(text: str, role: str = "risks") -> StatementSentence:
        return StatementSentence(role=role, paragraph=1, source=Source(sentence=text, document_id="statement-x"))

    dropped = said("The economic outlook is uncertain, and the Committee remains highly attentive to inflation risks.")
    following = [said("The Committee judges that the risks to achieving its goals continue to move into better "
                      "balance."),
                 said("The economic outlook is uncertain, and the Committee is attentive to the risks to both sides "
                      "of its dual mandate."),
                 said("The economic outlook is uncertain, and the Committee is attentive.", role="inflation")]
    assert _counterpart(dropped, following) is following[1]  # of its role, the most alike
    assert _counterpart(dropped, following[2:]) is following[2]  # no sentence of its role: any
    assert _counterpart(dropped, []) is None


def test_how_a_meeting_was_held_is_not_a_decision_to_hold_rates():
    assert parse_policy_question("Was the June 2022 FOMC meeting held by videoconference?", MEETINGS) is None
    assert parse_policy_question("Did the FOMC hold rates steady in June 2022?", MEETINGS) is not None


@pytest.mark.parametrize("question", ["Why did the FOMC stand pat in January 2022?", "June 2022: why stay put?",
                                      "Why did the Fed sit tight in June 2022?"])
def test_idioms_for_a_hold_read_as_a_hold(question):
    parsed = parse_policy_question(question, MEETINGS)
    assert parsed is not None and parsed.direction == "maintain", parsed


def test_an_extreme_asked_with_now_gives_the_span_s_extreme_then_the_latest_level():
    """"Peak level, and where is it now?": "now" asks a second thing, it does not shrink the span to the latest."""
    parsed = parse_policy_question("What was the highest target range, and where is it now?", MEETINGS)
    assert parsed.also_current and len(parsed.meetings) == len(MEETINGS)
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    direct = desk.consult("What was the highest target range, and where is it now?").answer.direct
    latest = day(RECORDS[-1].meeting_date)
    assert direct.startswith("The highest target range") and f"As of {latest}" in direct
    assert not parse_policy_question("What was the highest target range?", MEETINGS).also_current


def test_a_facility_beside_the_rate_cut_and_a_document_beside_the_statement_are_not_record_questions():
    """"Besides the rate cut, what about standing repo?" does not ask the facility's rate; "the balance sheet
    principles" are not the statement's balance-sheet sentences. Their near misses stay record questions."""
    for question, wrong in (("Dec 2025: besides the rate cut, what did the Committee decide about the standing repo "
                             "operations?", "rate"),
                            ("What did the balance sheet principles adopted at the January 2022 meeting say about the "
                             "long-run composition of SOMA?", "role")):
        parsed = parse_policy_question(question, MEETINGS)
        assert parsed is None or parsed.intent != wrong, question
    level = parse_policy_question("What was the standing repo minimum bid rate after the September 2024 cut?", MEETINGS)
    said = parse_policy_question("What did the January 2022 statement say about the balance sheet?", MEETINGS)
    assert (level.intent, level.rates) == ("rate", ("srf_min_bid",))
    assert (said.intent, said.roles) == ("role", ("balance_sheet",))


def test_a_move_word_in_a_discussion_or_about_an_administered_rate_is_not_a_policy_move():
    """"When did the staff drop that call?" is about a forecast; "a single interest rate on reserve balances" is IORB,
    not the target range: neither gets a target-range answer ("there was no cut in 2023")."""
    assert parse_policy_question("When did the staff forecast first include a mild recession in 2023, and when did "
                                 "they drop that call?", MEETINGS) is None
    iorb = parse_policy_question("At which 2021 meeting did the minutes first report the Board setting a single "
                                 "interest rate on reserve balances instead of separate rates on required and excess "
                                 "reserves?", MEETINGS)
    assert iorb is None or iorb.intent not in ("first", "last", "count")
    assert parse_policy_question("When did the Fed first cut in 2024?", MEETINGS).intent == "first"


def test_by_a_month_spans_everything_until_that_month():
    by = parse_policy_question("How many times had the FOMC raised rates by June 2022?", MEETINGS)
    assert by.intent == "count" and by.meetings[0] == MEETINGS[0] and by.meetings[-1] == D(2022, 6, 15)
    at = parse_policy_question("How many times did the FOMC raise rates in June 2022?", MEETINGS)
    assert at.meetings == (D(2022, 6, 15),)


def test_the_rate_on_reserves_is_named_as_the_board_named_it_then():
    from fomc_qa.policy.record import rate_label

    assert rate_label("iorb", dt.date(2021, 6, 16)) == "interest rate on excess reserves (IOER)"
    assert rate_label("iorb", dt.date(2021, 9, 22)) == "interest rate on reserve balances (IORB)"
    # the July 28, 2021 meeting's vote set the first IORB (effective July 29): not an IOER
    assert rate_label("iorb", dt.date(2021, 7, 28)) == "interest rate on reserve balances (IORB)"
    across = rate_label("iorb", dt.date(2021, 6, 16), dt.date(2021, 9, 22))
    assert across.startswith("interest rate on excess reserves (IOER), from July 29, 2021")
    assert rate_label("on_rrp", dt.date(2020, 3, 15)).startswith("overnight reverse repurchase")


def test_a_dissent_about_guidance_is_not_read_as_a_rate_preference():
    from fomc_qa.policy.preferred import preferred_words

    held = chain(RECORDS)[3].model_copy(update={"change_bp": 0})
    guidance = ("prefers that the Committee indicate that it expects to maintain the current target range until core "
                "inflation has reached 2 percent on a sustained basis")
    assert preferred_words(guidance, held) == ""  # the Committee held too: the dissent is about its guidance
    assert preferred_words("preferred to raise the target range by 1/4 percentage point", held).startswith(
        "an increase of")


def test_a_cycle_named_by_its_start_includes_that_meeting_and_a_named_move_is_that_move():
    began = parse_policy_question("How many hikes in the tightening cycle that began in March 2022?", MEETINGS)
    assert began.intent == "count" and began.cycle == "raise" and D(2022, 3, 16) in began.meetings
    # near miss: "after" a date still counts from the meeting after it
    after = parse_policy_question("How many hikes after March 2022?", MEETINGS)
    assert D(2022, 3, 16) not in after.meetings and D(2022, 5, 4) in after.meetings
    why = parse_policy_question("Why did the FOMC open the easing cycle with a half-point cut in September 2024?",
                                MEETINGS)
    assert why.intent == "reason" and why.meetings == (D(2024, 9, 18),) and why.cycle is None
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    answer = desk.consult("Why did the FOMC open the easing cycle with a half-point cut in September 2024?").answer
    assert answer.direct.startswith("At the September 18, 2024 meeting the FOMC lowered")


def test_one_meeting_s_vote_reads_as_a_sentence_with_its_alternate():
    r = _statement(D(2022, 3, 16), ("votes", "Patrick Harker voted as an alternate member at this meeting."))
    q = parse_policy_question("Who voted at the March 2022 meeting, and who was an alternate?", [D(2022, 3, 16)])
    assert q is not None and q.intent == "votes"
    direct = answer(q, [r]).direct
    assert direct.startswith("The vote on March 16, 2022: ")
    assert direct.endswith("Patrick Harker voted as an alternate member at this meeting.") and ".." not in direct


def test_a_rate_at_a_meeting_says_the_day_the_board_made_it_effective():
    def with_iorb(record: MeetingRecord, sentence: str) -> MeetingRecord:
        src = Source(sentence=sentence, document_id=f"minutes-{record.meeting_date}",
                     chunk_id=f"minutes-{record.meeting_date}#020")
        return record.model_copy(update={"administered_rates": [AdministeredRate(name="iorb", percent=4.4,
                                                                                 source=src)]})
    r = RECORDS[4]
    stated = with_iorb(r, "The Board voted to raise the interest rate paid on reserve balances to 4.4 percent, "
                          "effective December 15, 2022.")
    desk = PolicyDesk([stated], lambda chunk_id: None)
    asked = f"What was IORB set to at the {r.meeting_date:%B %Y} meeting?"
    assert "was 4.4 percent, effective December 15, 2022" in desk.consult(asked).answer.direct
    # near miss: a vote naming no day adds none
    bare = PolicyDesk([with_iorb(r, "The Board voted to set the interest rate paid on reserve balances at 4.4 "
                                    "percent.")], lambda chunk_id: None)
    assert "effective" not in bare.consult(asked).answer.direct


def test_the_latest_meeting_is_not_the_last_meeting_of_a_relative_clause():
    from fomc_qa.question.lexicon import LATEST_MEETING

    assert LATEST_MEETING.search("What did the Committee decide at its last meeting?")
    assert not LATEST_MEETING.search("What was the last meeting whose statement still mentioned the pandemic?")
    assert mention_term("What did the statement list as risks?") is None  # "list as" names no term


def test_an_imperative_count_keeps_the_size_of_move_it_counts():
    q = parse_policy_question("Count the 75 basis point rate increases the FOMC made during 2022.", MEETINGS)
    assert q is not None and (q.intent, q.size_bp, q.direction) == ("count", 75, "raise")
    from fomc_qa.question.lexicon import COUNT

    assert not COUNT.search("What did the staff count as the main risks?")  # near miss: "count" not as the command


def test_the_moves_of_named_years_are_the_event_the_question_counts_from():
    q = parse_policy_question("When did the first rate cut after the 2022-23 hikes come, and how big was it?", MEETINGS)
    assert q is not None and (q.intent, q.direction) == ("first", "lower")
    assert min(q.meetings).year == 2024  # after those hikes, not among them
    # near miss: "the 2022-23 tightening cycle" is the cycle's reading (the meetings after its last move)
    cycle = parse_policy_question("When did the Fed make its first rate cut after the 2022-23 tightening cycle?",
                                  MEETINGS)
    assert cycle is not None and cycle.cycle == "raise" and cycle.after_cycle


def test_setting_up_a_facility_is_not_asking_its_rate():
    set_up = parse_policy_question("Why did the Committee set up the standing repo facility in March 2022?", MEETINGS)
    assert set_up is None or set_up.intent != "rate"
    level = parse_policy_question("What was the standing repo minimum bid rate set at in March 2022?", MEETINGS)
    assert level is not None and level.intent == "rate"  # near miss: "set at" asks the level


def test_why_of_a_meeting_after_a_run_is_that_meeting_s_why_not_the_run():
    why = parse_policy_question("Jan 2023: why did the Committee slow to 25bp after four straight 75bp hikes?",
                                MEETINGS)
    assert why is None or not why.streak  # "the longest run ... was one meeting" answered nothing
    run = parse_policy_question("how many straight holds at 5.25-5.5% before the Sept 2024 cut?", MEETINGS)
    assert run is not None and run.streak  # near miss: a count of the run itself


def test_a_total_from_a_range_counts_every_move_from_there():
    q = parse_policy_question("How many times did the FOMC raise rates in 2022, and what was the total increase from "
                              "the 0 to 1/4 percent range it had held in January 2022?", MEETINGS)
    assert q is not None and q.intent == "count" and q.at_range is None and q.also_size
    # near miss: "the first hike off 0 to 1/4 percent" names which move
    first = parse_policy_question("When was the first hike from 0 to 1/4 percent?", MEETINGS)
    assert first is not None and first.at_range == (0.0, 0.25)


def test_one_meeting_s_dissents_say_the_vote_they_made():
    desk = PolicyDesk(RECORDS, lambda chunk_id: None)
    march = desk.consult("Who dissented at the March 2022 meeting?")
    assert march.question.intent == "dissents" and re.search(r"meeting in a \d+–1 vote", march.answer.direct)
    # near miss: one person's dissents are counted, not voted
    assert " vote" not in desk.consult("How many times did James Bullard dissent in 2022?").answer.direct.split(":")[0]


def test_a_meetings_new_wording_is_the_sentence_it_rewrote_not_one_it_repeated():
    from fomc_qa.policy.wording import _newest

    march = ["The Committee will closely monitor incoming information and assess the implications for monetary policy.",
             "The Committee anticipates that some additional policy firming may be appropriate in order to attain a "
             "stance of monetary policy that is sufficiently restrictive.",
             "In determining the extent of future increases in the target range, the Committee will take into account "
             "the cumulative tightening of monetary policy."]
    may = [march[0], "In determining the extent to which additional policy firming may be appropriate, the Committee "
                     "will take into account the cumulative tightening of monetary policy."]
    assert _newest(may, march) == [may[1]]  # every word of it was in March's sentences, but not this sentence
    assert _newest(march[:1], march) == march[:1]  # nothing rewritten: the sentence itself


def test_did_they_move_at_a_named_meeting_asks_the_decision():
    """"Jan 2025 FOMC: did they move, and how did the statement characterize the risks?": the first part is the
    decision's (a blind judge: "does not say rates were held"); near miss: "did the Fed move too slowly?" asks
    nothing the record holds."""
    meetings = [dt.date(2024, 12, 18), dt.date(2025, 1, 29), dt.date(2025, 3, 19)]
    for question in ("Jan 2025 FOMC: did they move", "Did the FOMC move in January 2025?",
                     "Did the Fed act at the January 2025 meeting?"):
        assert parse_policy_question(question, meetings).intent == "decision", question
    assert parse_policy_question("Did the Fed move too slowly in January 2025?", meetings) is None


def test_a_redline_asked_what_was_dropped_and_what_replaced_it_pairs_the_two():
    """"What guidance did the January 2024 statement drop, and what replaced it?": the lead tells the sentence dropped
    and the added one sharing most of its words (the "additional policy firming" sentence and the "greater
    confidence" one), not merely the first of each (judged "the replacement only in a quote")."""
    before = _statement(D(2023, 12, 13),
                        ("forward_guidance", "The Committee will continue to assess additional information and its "
                                             "implications for monetary policy."),
                        ("forward_guidance", "In determining the extent of any additional policy firming that may be "
                                             "appropriate to return inflation to 2 percent over time, the Committee "
                                             "will take into account the cumulative tightening of monetary policy."))
    after = _statement(D(2024, 1, 31),
                       ("forward_guidance", "In considering any adjustments to the target range, the Committee will "
                                            "carefully assess incoming data."),
                       ("forward_guidance", "The Committee does not expect it will be appropriate to reduce the target "
                                            "range until it has gained greater confidence that inflation is moving "
                                            "sustainably toward 2 percent."))
    q = parse_policy_question("Dec 2023 vs Jan 2024 statement: what guidance was dropped and what replaced it?",
                              [D(2023, 12, 13), D(2024, 1, 31)])
    assert q.intent == "redline" and q.edits == "both"
    lead = answer(q, [before, after]).direct
    assert "It dropped the sentence that in determining the extent of any additional policy firming" in lead
    assert "it added that the Committee does not expect it will be appropriate" in lead
