"""Follow-ups made standalone: dates over the library's date parsing, pronouns and ellipses over the
previous question's grammar; pairs as analysts ask them, resolved against the real 2023–2025 meeting
calendar."""

from __future__ import annotations

import datetime as dt

import pytest

from fomc_qa.interfaces.follow_up import resolve_follow_up
from fomc_qa.question.dates import parse_filter

MEETINGS = [dt.date.fromisoformat(d) for d in (
    "2023-02-01 2023-03-22 2023-05-03 2023-06-14 2023-07-26 2023-09-20 2023-11-01 2023-12-13 "
    "2024-01-31 2024-03-20 2024-05-01 2024-06-12 2024-07-31 2024-09-18 2024-11-07 2024-12-18 "
    "2025-01-29 2025-03-19 2025-05-07 2025-06-18 2025-07-30 2025-09-17 2025-10-29 2025-12-10").split()]


@pytest.mark.parametrize(("previous", "follow_up", "resolved", "meetings"), [
    ("Who dissented in July 2025?", "And in December?", "Who dissented in December 2025?", ["2025-12-10"]),
    ("What did the FOMC decide in March 2024?", "What about May?", "What did the FOMC decide in May 2024?",
     ["2024-05-01"]),
    ("Who dissented at the July 2025 meeting?", "What did they prefer?",
     "What did the dissenters at the July 2025 meeting prefer?", ["2025-07-30"]),
    ("What did the FOMC decide in December 2025?", "And in 2023?", "What did the FOMC decide in 2023?",
     [d.isoformat() for d in MEETINGS if d.year == 2023]),
    ("What did the statement say about inflation in January 2024?", "How did the minutes describe it in September?",
     "How did the minutes describe inflation in September 2024?", ["2024-09-18"]),
    ("What was the target range after the June 2023 meeting?", "And after the July meeting?",
     "What was the target range after the July 2023 meeting?", ["2023-07-26"]),
    ("How did the Committee describe the labor market in November 2023?", "And in Dec. 2024?",
     "How did the Committee describe the labor market in Dec. 2024?", ["2024-12-18"]),
])
def test_follow_up_inherits_what_it_does_not_name(previous, follow_up, resolved, meetings):
    out = resolve_follow_up(follow_up, previous, MEETINGS)
    assert out == resolved
    assert sorted(d.isoformat() for d in parse_filter(out, MEETINGS).meetings) == meetings


@pytest.mark.parametrize(("previous", "follow_up"), [
    (None, "And in December?"),  # nothing to inherit from
    ("How does the FOMC set policy?", "And in December?"),  # the previous question named no date
    ("Who dissented in July 2025?", "What did the FOMC decide in March 2023?"),  # a question of its own
])
def test_standalone_questions_are_left_as_asked(previous, follow_up):
    assert resolve_follow_up(follow_up, previous, MEETINGS) == follow_up


def test_may_the_verb_is_not_a_month():
    out = resolve_follow_up("What may the Committee do next?", "Who dissented in June 2024?", MEETINGS)
    assert out == "What may the Committee do next after the June 2024 meeting?"
    assert resolve_follow_up("And in May?", "Who dissented in June 2024?", MEETINGS) == "Who dissented in May 2024?"


# -- pronouns and ellipses ------------------------------------------------------------------------------

@pytest.mark.parametrize(("previous", "follow_up", "resolved"), [
    # "they" / "them" / "their": the people a who/which question asked about, else its subject
    ("Who dissented at the October 2025 meeting?", "Why did they dissent?",
     "Why did the dissenters at the October 2025 meeting dissent?"),
    ("Who voted against the action in June 2024?", "What did they want?",
     "What did those who voted against the action in June 2024 want?"),
    ("Which governors dissented in July 2025?", "What did they favor instead?",
     "What did the governors who dissented in July 2025 favor instead?"),
    ("Who dissented at the October 2025 meeting?", "What were their reasons?",
     "What were the reasons of the dissenters at the October 2025 meeting?"),
    ("What did the Committee say about the labor market in June 2024?", "Did they expect it to cool?",
     "Did the Committee expect the labor market to cool in June 2024?"),
    # "it": the topic, or the document when it is the one saying something
    ("What did the minutes say about the balance sheet in May 2024?", "Did it mention the pace of runoff?",
     "Did the minutes mention the pace of runoff in May 2024?"),
    ("What did the statement say about inflation in March 2023?", "Why did it rise?",
     "Why did inflation rise in March 2023?"),
    # "that cut", "this decision": the thing, at the previous question's meeting
    ("How much did the FOMC cut rates in September 2024?", "Why did the Committee make that cut?",
     "Why did the Committee make the rate cut in September 2024?"),
    ("What did the FOMC decide in December 2025?", "Who opposed this decision?",
     "Who opposed the decision in December 2025?"),
    # ellipses with a noun phrase: the document kind, the topic, or a thing of the meeting
    ("What did the statement say about inflation in March 2023?", "What about the minutes?",
     "What did the minutes say about inflation in March 2023?"),
    ("Who dissented at the July 2025 meeting?", "what about the minutes?",
     "According to the minutes, who dissented at the July 2025 meeting?"),
    ("What did the statement say about inflation in March 2023?", "And unemployment?",
     "What did the statement say about unemployment in March 2023?"),
    ("What did the statement say about inflation in March 2023?", "How about the labor market in 2024?",
     "What did the statement say about the labor market in 2024?"),
    ("Who dissented at the July 2025 meeting?", "and the vote?", "What was the vote at the July 2025 meeting?"),
    ("Why did Bowman dissent in July 2025?", "What about Waller?", "Why did Waller dissent in July 2025?"),
    ("What did Governor Michelle Bowman prefer in July 2025?", "And Christopher Waller?",
     "What did Governor Christopher Waller prefer in July 2025?"),
    ("What did the FOMC decide in July 2025?", "And the dissenters?", "Who were the dissenters in July 2025?"),
    ("What did the FOMC decide in July 2025?", "What about the projections?",
     "What were the projections in July 2025?"),
    ("Who dissented at the July 2025 meeting?", "The dissenters?", "Who were the dissenters at the July 2025 meeting?"),
    ("What did participants expect for inflation in the June 2024 minutes?", "What about for unemployment?",
     "What did participants expect for unemployment in the June 2024 minutes?"),
    # a bare "Why?" / "By how much?": the previous question asked that way
    ("Who dissented at the July 2025 meeting?", "Why?", "Why did the dissenters at the July 2025 meeting dissent?"),
    ("What did the FOMC decide in July 2025?", "Why?", "Why did the FOMC decide in July 2025?"),
    ("Did the FOMC cut rates in December 2025?", "By how much?",
     "By how much did the FOMC cut rates in December 2025?"),
    # "it" as the one saying something is the subject; "them" the plural topic; "it" after a decision
    ("What did the FOMC say about tariffs in 2025?", "When did it first mention them?",
     "When did the FOMC first mention tariffs in 2025?"),
    ("What did the FOMC decide in June 2025?", "Was it unanimous?", "Was the decision in June 2025 unanimous?"),
    # "that" as a pronoun after an auxiliary is left alone (only the date is carried)
    ("How did the Committee describe inflation in January 2025?", "Did that change in March?",
     "Did that change in March 2025?"),
    # a definite noun phrase with no date: the previous question's meeting
    ("Who dissented at the July 2025 meeting?", "What did the dissenters prefer?",
     "What did the dissenters prefer at the July 2025 meeting?"),
])
def test_pronouns_and_ellipses_are_resolved_from_the_previous_question(previous, follow_up, resolved):
    out = resolve_follow_up(follow_up, previous, MEETINGS)
    assert out == resolved
    assert parse_filter(out, MEETINGS).meetings == parse_filter(resolved, MEETINGS).meetings


# -- the previous turn's answer, events, relative meetings: each form, and its near misses -------------------

DISSENT_ANSWER = ("Stephen I. Miran dissented at the September 17, 2025 meeting: Stephen I. Miran preferred to lower "
                  "the target range by 1/2 percentage point. [1]")


@pytest.mark.parametrize(("previous", "answer", "follow_up", "resolved"), [
    # he/she: the person the previous question names, else the first full name its answer gives
    ("Why did Loretta Mester dissent in March 2020?", None, "Did she vote with the majority in April?",
     "Did Loretta Mester vote with the majority in April 2020?"),
    ("Who dissented at the September 2025 meeting?", DISSENT_ANSWER, "What did he prefer?",
     "What did Stephen I. Miran prefer at the September 2025 meeting?"),
    ("Who dissented at the September 2025 meeting?", DISSENT_ANSWER, "Why did he?",
     "Why did Stephen I. Miran dissent at the September 2025 meeting?"),
    ("Why did Michelle Bowman dissent in July 2025?", None, "What was her preferred rate?",
     "What was Michelle Bowman's preferred rate in July 2025?"),
    ("Why did Michelle Bowman dissent in July 2025?", None, "Has she dissented before?",
     "Has Michelle Bowman dissented before the July 2025 meeting?"),
    ("Why did Christopher Waller dissent in March 2025?", None, "And what did he want in July?",
     "What did Christopher Waller want in July 2025?"),
    # near miss: nobody named in the question or the answer: "she" stays
    ("Who dissented at the September 2025 meeting?", "No one dissented.", "Why did she dissent?",
     "Why did she dissent at the September 2025 meeting?"),
    # "they" before a policy verb is the Committee; "the next meeting" the calendar's one after the previous question's
    ("What did participants say about a rate cut in the July 2024 minutes?", None, "Did they cut at the next meeting?",
     "Did the FOMC cut at the September 2024 meeting?"),
    ("What did the FOMC decide in December 2024?", None, "And at the previous meeting?",
     "What did the FOMC decide in November 2024?"),
    # "that"/"it" as a subject: the event the previous question asked about; "that hike" the same event
    ("How big was the rate hike in June 2022?", None, "Was that bigger than the one before?",
     "Was the rate hike in June 2022 bigger than the previous rate hike?"),
    ("Did the Fed cut rates at the March 15, 2020 meeting?", None, "how big was it?",
     "How big was the rate cut at the March 15, 2020 meeting?"),
    ("By how much did the Fed raise rates in June 2022?", None, "Was that hike unanimous?",
     "Was the rate hike in June 2022 unanimous?"),
    ("What monthly Treasury redemption cap did the FOMC set in May 2024?", None,
     "How does that compare with the cap set in March 2025?",
     "How does the monthly Treasury redemption cap the FOMC set in May 2024 compare with the cap set in March 2025?"),
    ("Was the July 2025 decision unanimous?", None, "Who voted against it?",
     "Who voted against the decision in July 2025?"),
    ("What was decided about balance sheet runoff at the March 2025 meeting?", None,
     "Who disagreed with that decision?",
     "Who disagreed with the decision about balance sheet runoff at the March 2025 meeting?"),
    # a bare comparative: the event compared; "September's": the same kind of event then
    ("How much did the Fed cut rates in December 2024?", None, "smaller than September's?",
     "Was the rate cut in December 2024 smaller than the September 2024 rate cut?"),
    # "that year": the previous question's year; "the same thing" is not a referent
    ("Who were the two governors who dissented in July 2025?", None, "Had either of them dissented earlier that year?",
     "Had either of the two governors who dissented in July 2025 dissented earlier in 2025?"),
    ("Was the December 2025 rate decision unanimous?", None, "Did the dissenters all want the same thing?",
     "Did the dissenters all want the same thing in December 2025?"),
    # near misses: "that" after a verb of saying is a conjunction; "that" with no event or topic before stays
    ("Did the Fed say that inflation eased in 2024?", None, "Did it say that in 2023?",
     "Did the Fed say that in 2023?"),
    ("How did the Committee describe inflation in January 2025?", None, "Did that change in March?",
     "Did that change in March 2025?"),
    # a document the follow-up names replaces the one the previous date phrase carried
    ("What did the March 2023 statement say about the banking system?", None, "Did the minutes discuss it too?",
     "Did the minutes discuss the banking system too in March 2023?"),
    # relative meetings named from the calendar; near miss: a phrase that names its own anchor is left to the dates
    ("What did the FOMC decide at its March 2024 meeting?", None, "What about the meeting before that?",
     "What did the FOMC decide at its January 2024 meeting?"),
    ("What did the FOMC decide at its December 2025 meeting?", None, "And two meetings before that?",
     "What did the FOMC decide at its September 2025 meeting?"),
    ("Who dissented at the March 2025 meeting?", None, "Who dissented at the meeting after the June 2025 meeting?",
     "Who dissented at the meeting after the June 2025 meeting?"),
    # a what-NP question: an ellipsis of the same kind of thing takes its place; near miss: another kind does not
    ("What ON RRP offering rate did the FOMC set at its September 2025 meeting?", None, "And the primary credit rate?",
     "What primary credit rate did the FOMC set at its September 2025 meeting?"),
    ("What target range did the FOMC set in December 2025?", None, "and the vote?",
     "What was the vote in December 2025?"),
    # a question asking for a date keeps no date of its own unless it points back; near miss: it points back
    ("What rate on reserve balances was set at the July 2023 meeting?", None,
     "On what date did the FOMC say it would end the reduction of its holdings?",
     "On what date did the FOMC say it would end the reduction of its holdings?"),
    ("What did the FOMC announce about its asset purchases in November 2023?", None, "When did that taper begin?",
     "When did the taper in November 2023 begin?"),
    # a comparative after a how-many question is about the number, and so is "that"
    ("How many members voted against the decision in October 2025?", None, "More or fewer than in December?",
     "Was the number of members who voted against the decision in October 2025 more or fewer than in December 2025?"),
    ("How many members voted against the decision in October 2025?", None, "Was that unusual?",
     "Was the number of members who voted against the decision in October 2025 unusual?"),
    # a noun of change takes the thing the previous action acted on; an open comparative about another date is
    # compared with the previous one; near miss: "did that change" is a verb
    ("What did the FOMC decide about the ON RRP offering rate at the December 2024 meeting?", None,
     "Why did they make that adjustment?",
     "Why did the FOMC make the adjustment to the ON RRP offering rate at the December 2024 meeting?"),
    ("How did the May 2024 statement change the redemption cap on Treasury securities?", None,
     "Was the March 2025 reduction bigger?",
     "Was the March 2025 reduction in the redemption cap on Treasury securities bigger than the one in the May 2024 "
     "statement?"),
    ("What did the statement say about the labor market in June 2024?", None, "Did that change in July?",
     "Did the labor market change in July 2024?"),
    # "that date": the day the previous answer names besides the meeting's; near miss: no day named, left as asked
    ("What did the FOMC decide about its securities holdings at the October 2025 meeting?",
     "The October 29, 2025 statement says the Committee will conclude the reduction of its holdings on December 1.",
     "What happens to principal payments after that date?",
     "What happens to principal payments after December 1, 2025, under the decision about the FOMC's securities "
     "holdings at the October 2025 meeting?"),
    # "it" acting on a thing with a policy verb is the Committee, and "next" counts from the previous meeting;
    # near miss: "it" changing by itself is the topic
    ("What target range did the FOMC set at its July 2023 meeting?", None, "When did it next change the range?",
     "When did the FOMC next change the range after the July 2023 meeting?"),
    ("What did the statement say about inflation in March 2023?", None, "Did it change in May?",
     "Did inflation change in May 2023?"),
    # the what-NP swap wins over a topic inside the asked-for thing; "were there" names nobody
    ("What interest rate on reserve balances did the Board set in June 2024?", None, "What about the ON RRP rate?",
     "What ON RRP rate did the Board set in June 2024?"),
    ("How many dissents were there in 2025?", None, "Higher than in 2024?",
     "Was the number of dissents in 2025 higher than in 2024?"),
    # "it" before a modal after the question's own agent and a verb of saying is that agent; near miss: "it to V"
    ("What did the FOMC say about inflation in July 2024?", None, "Did the Committee expect it to fall?",
     "Did the Committee expect inflation to fall in July 2024?"),
    # "that day" with no day in the answer: the previous question's day; "What did it do?" asks the Committee
    ("What did the FOMC decide on March 15, 2020?", None, "What did it do on that day about swap lines?",
     "What did the FOMC do on March 15, 2020 about swap lines?"),
    # "the one after that" is a meeting when the previous question asked about no event, or in an ellipsis; near
    # miss: after an event it is that kind of event. "the following year" is the next year
    ("What did the FOMC decide at the November 2023 meeting?", None, "How about the one after that?",
     "What did the FOMC decide at the December 2023 meeting?"),
    ("What did the statement say about inflation in March 2023?", None, "What about the following year?",
     "What did the statement say about inflation in 2024?"),
])
def test_referents_from_the_previous_turn(previous, answer, follow_up, resolved):
    assert resolve_follow_up(follow_up, previous, MEETINGS, answer) == resolved


@pytest.mark.parametrize(("previous", "follow_up", "resolved"), [
    # no date before: pronouns are still resolved, and nothing is appended
    ("Who dissented most often?", "What did they prefer?", "What did those who dissented most often prefer?"),
    ("What has the FOMC said about quantitative tightening?", "When did it end?",
     "When did quantitative tightening end?"),
    # nothing to point back to: left as asked
    ("How does the FOMC set policy?", "And in December?", "And in December?"),
    ("Is it raining?", "What did they say?", "What did they say?"),
])
def test_follow_ups_without_dates_before(previous, follow_up, resolved):
    assert resolve_follow_up(follow_up, previous, MEETINGS) == resolved


# -- the benchmark script: share resolved to the intended question, items only in the report ----------------

def test_follow_up_benchmark_reports_the_share_resolved_as_intended(tmp_path):
    import json
    import subprocess
    import sys
    from pathlib import Path

    items = [
        {"id": "own-1", "first": "Who dissented at the July 2025 meeting?", "follow_up": "What did they prefer?",
         "intended": "What did the dissenters at the July 2025 meeting prefer?"},
        {"id": "own-2", "first": "What did the statement say about inflation in March 2023?",
         "follow_up": "And the minutes?", "intended": "What did the minutes say about inflation in March 2023?"},
        {"id": "own-3", "first": "Who dissented in July 2025?", "follow_up": "And in December?",
         "intended": "Who dissented at the December 2025 meeting?"},  # same content words but "meeting"
        {"id": "own-4", "first": "What was the target range after the December 2024 meeting?",
         "follow_up": "And after the next one?",  # not resolved: a meeting named relative to another
         "intended": "What was the target range after the January 2025 meeting?"},
    ]
    path = tmp_path / "set.json"
    path.write_text(json.dumps(items))
    out = tmp_path / "report.json"
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "follow_ups.py"
    env = {"PATH": "/usr/bin:/bin", "FOMC_DATA_DIR": str(tmp_path / "no-index")}
    r = subprocess.run([sys.executable, str(script), "--set", str(path), "--out", str(out)], capture_output=True,
                       text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "2/4 (50.0%)" in r.stdout and "question text only" in r.stdout
    for item in items:  # the items stay out of stdout
        assert item["follow_up"] not in r.stdout and item["intended"] not in r.stdout
    report = json.loads(out.read_text())
    verdicts = {row["id"]: row["resolved_as_intended"] for row in report["results"]}
    assert verdicts == {"own-1": True, "own-2": True, "own-3": False, "own-4": False}
    assert report["results"][0]["resolved"] == items[0]["intended"]


def test_overlap_is_content_words_in_any_order():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "follow_ups", Path(__file__).resolve().parents[1] / "benchmarks" / "follow_ups.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.overlap("What did the dissenters prefer at the July 2025 meeting?",
                         "what did the dissenters at the July 2025 meeting prefer") == 1.0
    assert bench.overlap("What did they prefer? (July 2025)", "What did the dissenters at the July 2025 meeting "
                         "prefer?") < 0.9
    assert bench.overlap("", "") == 1.0
