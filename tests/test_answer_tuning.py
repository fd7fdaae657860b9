"""The answer's learned parts: the quote scorer (fitted, deterministic, changes which quote leads) and the
confidence table (high only where dev answers of that kind were right at least HIGH of the time)."""

from __future__ import annotations

import json

import pytest

from fomc_qa.answering.compose import compose
from fomc_qa.answering.confidence import HIGH, HIGH_SEEN, MIN_SEEN, Calibration, Signals, reliability, wilson_lower
from fomc_qa.answering.quote_fit import Example, Outcome, beats_noise, fit_examples, fit_scorers, fit_tuning
from fomc_qa.answering.quote_scorer import QuoteScorers, quote_features
from fomc_qa.answering.quotes import quote_views
from fomc_qa.answering.tuning import NO_TUNING, load_tuning
from fomc_qa.question.analysis import analyze
from fomc_qa.text.sentences import that_clause

LABEL = "FOMC minutes of {day} (Developments in Financial Markets and Open Market Operations)"
MONTHS = ["January 29, 2020", "June 10, 2020", "July 29, 2020", "September 16, 2020", "November 5, 2020",
          "December 16, 2020", "January 27, 2021", "March 17, 2021", "April 28, 2021", "June 16, 2021"]


def _example(i: int) -> Example:
    """A manager question whose answer (a figure) is the reader's last sentence, after five that do not give it;
    it shares no word with the question, so only a fitted scorer brings it into the lead."""
    day = MONTHS[i % len(MONTHS)]
    figure = f"${40 + i} billion"
    raw = (f"{LABEL.format(day=day)}: \u201cThe manager discussed the Desk's purchases of Treasury securities over "
           f"the intermeeting period and the outlook for the balance sheet.\u201d [1] \u201cMarket functioning in "
           f"Treasury markets remained orderly according to the Desk's survey of dealers.\u201d [2] "
           f"\u201cSecured funding rates were stable over the period.\u201d [2] \u201cDealers expected the Desk's "
           f"operations to continue smoothly.\u201d [2] \u201cThe Desk's reverse repo operations saw steady "
           f"take-up.\u201d [2] \u201cHoldings had grown by {figure} a month in Treasury "
           f"securities and agency securities.\u201d [3]")
    question = f"What pace of purchases did the manager report in {day.split()[0]} {day.split()[-1]}?"
    return Example(analyze(question), raw, "", (figure,))


def test_the_fitted_scorer_is_deterministic_and_leads_with_the_answering_quote():
    examples = [_example(i) for i in range(30)]
    first, second = fit_examples(examples), fit_examples(examples)
    assert json.dumps(first.to_json()) == json.dumps(second.to_json())
    held = _example(31)
    plain = compose(held.analysis, held.raw)
    tuned = compose(held.analysis, held.raw, scorer=first)
    assert "$71 billion" not in plain.lead  # the reader's order leads with the restatement
    assert "$71 billion" in tuned.lead.split(" They also")[0]  # the scorer leads with the figure
    assert len(quote_views(held.raw)) == 6


def test_fit_tuning_reports_out_of_fold_figures_and_a_reliability_table():
    outcomes = [Outcome(_example(i), Signals(None, 1, False, 0.7), True) for i in range(40)]
    tuning, figures = fit_tuning(outcomes[:10], outcomes[10:])
    assert figures["dev_answers"] == 30
    assert figures["dev_form_after"] > figures["dev_form_before"] and figures["quote_scorer_kept"]
    assert set(figures["reliability"]) == {"high", "medium", "low"}
    assert tuning.scorers is not None and tuning.calibration is not None


def test_the_scorer_ships_only_when_it_beats_the_rules_by_more_than_noise():
    before = [0.5] * 600
    assert beats_noise([0.6] * 600, before)  # every answer better
    noisy = [0.5 + (0.25 if i % 2 else -0.25) + (0.001 if i % 3 == 0 else 0.0) for i in range(600)]
    assert sum(noisy) > sum(before) and not beats_noise(noisy, before)  # better on average by a hair: noise
    assert not beats_noise([0.4] * 600, before)


def test_confidence_is_high_only_where_that_kind_of_answer_was_right_often_enough():
    good, poor = Signals("decision", 1, False), Signals(None, 2, True, 0.5)
    outcomes = [(good, i % 40 != 0) for i in range(120)] + [(poor, i % 2 == 0) for i in range(40)]
    table = Calibration.fit(outcomes)
    assert table.share(good) == pytest.approx(wilson_lower(117, 120)) and table.level(good) == "high"
    assert table.level(poor) == "low"
    rare = Signals("officer", 1, False)  # seen fewer than MIN_SEEN times: the coarser "record:one" share
    assert table.seen.get(rare.signatures()[0], 0) < MIN_SEEN and table.level(rare) == "high"
    few = Calibration.fit([(good, True)] * 14)  # 14 of 14 right is not yet enough for "high"
    assert few.level(good) == "medium"
    why = Signals("decision", 1, True)  # a "why" unseen: its shape ("record:one+why") before its intent
    mixed = Calibration.fit(outcomes + [(Signals("count", 1, True), i % 2 == 0) for i in range(20)])
    assert mixed.seen.get(why.signatures()[0], 0) == 0 and mixed.level(why) == "low"
    assert Calibration.from_json(json.loads(json.dumps(table.to_json()))) == table
    assert reliability([("high", True), ("high", False), ("low", False)])["high"] == {"n": 2, "right": 0.5}
    assert HIGH >= 0.9


def test_high_takes_a_share_of_at_least_high_over_at_least_high_seen_answers():
    one = Signals("count", 1, False)
    assert Calibration.fit([(one, i != 0) for i in range(35)]).level(one) == "high"  # 34 of 35: a fold's count
    assert Calibration.fit([(one, i != 0) for i in range(HIGH_SEEN - 1)]).level(one) == "medium"  # too few seen
    assert Calibration.fit([(one, i % 10 != 0) for i in range(40)]).level(one) == "medium"  # 36 of 40: below HIGH


def test_an_answer_to_a_question_of_several_parts_is_at_most_medium_however_often_its_kind_was_right():
    several = Signals("count", 2, False)
    table = Calibration.fit([(several, True)] * 200 + [(Signals("count", 1, False), True)] * 200)
    assert table.share(several) >= HIGH and table.level(several) == "medium"
    assert table.level(Signals("count", 1, False)) == "high"  # near miss: one part


def test_without_a_fitted_file_answers_keep_the_fixed_rules(tmp_path):
    assert load_tuning(tmp_path / "absent.json") is NO_TUNING


@pytest.mark.parametrize(("sentence", "clause"), [
    ("Inflation has risen.", "inflation has risen"),
    ("A few participants raised concerns.", "a few participants raised concerns"),
    ("The Committee decided to act.", "the Committee decided to act"),
    ("FOMC members voted.", "FOMC members voted"),  # an acronym keeps its capitals
    ("Governor Waller preferred no change.", "Governor Waller preferred no change"),  # a title and name
    ("SOMA holdings fell.", "SOMA holdings fell"),
    ("U.S. financial conditions tightened.", "U.S. financial conditions tightened"),  # not "u.S."
    ("Russia's war against Ukraine is causing hardship.", "Russia's war against Ukraine is causing hardship"),
    ("Today's decision was unanimous.", "today's decision was unanimous"),  # near miss: not a name's possessive
])
def test_that_clause_reports_a_sentence_after_says_that(sentence, clause):
    assert that_clause(sentence) == clause


def test_a_scorer_that_does_not_beat_the_reader_s_order_out_of_fold_is_not_shipped():
    def first_answers(i: int) -> Example:  # the reader's first quote already holds the figure
        e = _example(i)
        day = MONTHS[i % len(MONTHS)]
        raw = (f"{LABEL.format(day=day)}: \u201cPurchases had slowed to {e.keywords[0]} per month in Treasury "
               f"securities and agency securities.\u201d [1] \u201cThe manager discussed the Desk's purchases over "
               f"the intermeeting period.\u201d [1] \u201cMarket functioning remained orderly.\u201d [2]")
        return Example(e.analysis, raw, "", e.keywords)

    assert e_lead_holds(first_answers(3))
    outcomes = [Outcome(first_answers(i), Signals(None, 1, False, 0.7), True) for i in range(40)]
    tuning, figures = fit_tuning(outcomes[:10], outcomes[10:])
    assert figures["dev_form_after"] <= figures["dev_form_before"]
    assert not figures["quote_scorer_kept"] and not tuning.orders and tuning.calibration is not None
    # ... its floor still ships: the answers keep the reader's order and send unlikely quotes to the sources
    assert tuning.scorers is not None
    held = first_answers(41)
    shipped = compose(held.analysis, held.raw, held.record_direct, tuning.scorer(False), order=tuning.orders)
    assert shipped.lead == compose(held.analysis, held.raw).lead
    assert figures["dev_quotes_mean_shipped"] <= figures["dev_quotes_mean_rules"]


def e_lead_holds(e: Example) -> bool:
    return len(quote_views(e.raw)) == 3 and e.keywords[0] in compose(e.analysis, e.raw).lead


def test_record_led_and_passage_led_answers_each_get_a_scorer_fitted_on_their_own_kind():
    """Beside the record's line the answering quote is the first (the decision the line rests on); from the
    passages alone it is the last (the figure after the restatements): one model for both would split the
    difference, a model per kind leads each with its answering quote."""
    def record_led(i: int) -> Example:
        e = _example(i)
        figure = e.keywords[0]
        raw = (f"{LABEL.format(day=MONTHS[i % len(MONTHS)])}: \u201cPurchases had slowed to {figure} per month in "
               f"Treasury securities.\u201d [1] \u201cThe manager discussed the Desk's purchases of Treasury "
               f"securities over the period and the outlook for purchases of Treasury securities.\u201d [2] "
               f"\u201cMarket functioning remained orderly.\u201d [2]")
        return Example(e.analysis, raw, "The record's line.", e.keywords)

    examples = [_example(i) for i in range(30)] + [record_led(i) for i in range(30)]
    scorers = fit_scorers(examples)
    assert scorers.record.bias != scorers.passage.bias
    held_passage, held_record = _example(33), record_led(34)
    features = quote_features(held_record.analysis, quote_views(held_record.raw))
    assert scorers.for_answer(True).score(features).argmax() == 0
    features = quote_features(held_passage.analysis, quote_views(held_passage.raw))
    assert scorers.for_answer(False).score(features).argmax() == 5  # the figure, last of six
    passage_only = fit_scorers(examples[:30])  # no record-led example: both kinds take the scorer fitted on all
    assert passage_only.record.bias == passage_only.passage.bias
    assert QuoteScorers.from_json(json.loads(json.dumps(scorers.to_json()))).record.bias == scorers.record.bias


def test_a_quote_speaking_for_most_participants_reads_so_to_the_scorer():
    """The scorer sees whether a quote is the discussion's conclusion ("A substantial majority of participants ...")
    or a few participants' view ("A couple of participants ..."): a discussion question is answered by the first."""
    from fomc_qa.answering.quote_scorer import QUOTE_FEATURES
    from fomc_qa.question.analysis import analyze

    label = "FOMC minutes of April 28, 2021 (Discussion of Repurchase Agreement Arrangements)"
    raw = (f"{label}: \u201cA couple of participants remarked that most of the benefits could be realized by "
           f"readiness to conduct repo operations.\u201d [1] \u201cA substantial majority of participants saw the "
           f"potential benefits of a standing repo facility as outweighing its costs.\u201d [1]")
    column = QUOTE_FEATURES.index("consensus")
    features = quote_features(analyze("How did participants weigh a standing repo facility in April 2021?"),
                              quote_views(raw))
    assert list(features[:, column]) == [-1.0, 1.0]


def test_the_scorer_sees_a_quote_beside_the_answer_s_best_its_answer_type_and_its_meeting():
    """A quote's words are read against the answer's best quote (its gap, 0 for the best), whether it carries the
    kind of answer asked (a share of the Committee for "how many participants"), and whether it is of another
    meeting than the one asked about (the July minutes beside a September question)."""
    import datetime as dt

    from fomc_qa.answering.quote_scorer import QUOTE_FEATURES
    from fomc_qa.question.analysis import QuestionIndex, analyze

    views = "(Participants' Views on Current Conditions and the Economic Outlook)"
    september, july = f"FOMC minutes of September 20, 2023 {views}", f"FOMC minutes of July 26, 2023 {views}"
    raw = (f"{september}: \u201cA majority of participants judged that one more increase would likely be "
           f"appropriate.\u201d [1] {july}: \u201cInflation remained well above the longer-run goal.\u201d [2]")
    index = QuestionIndex((dt.date(2023, 7, 26), dt.date(2023, 9, 20)))
    asked = analyze("September 2023: how many participants saw one more increase as likely?", index)
    features = quote_features(asked, quote_views(raw))
    column = {name: QUOTE_FEATURES.index(name) for name in ("share_gap", "answer_type", "off_meeting")}
    assert features[0, column["share_gap"]] == 0.0 and features[1, column["share_gap"]] < 0.0
    assert list(features[:, column["answer_type"]]) == [1.0, 0.0]
    assert list(features[:, column["off_meeting"]]) == [0.0, 1.0]
