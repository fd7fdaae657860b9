"""Analysts' shorthand and terse dates, spelled once before every rule reads a question."""

import pytest

from fomc_qa.question.shorthand import plain_question, spelled_dates


@pytest.mark.parametrize(("typed", "spelled"), [
    ("Dec 24 cut - who dissented?", "December 2024 cut - who dissented?"),
    ("was Feb 23's hike smaller than Dec 22's?", "was February 2023's hike smaller than December 2022's?"),
    ("Sept 25 cut same size as Sept 24's?", "September 2025 cut same size as September 2024's?"),
    ("Jul '25 vs Sep '25 statements", "July 2025 vs September 2025 statements"),
    ("Dec22 and Sept-25", "December 2022 and September 2025"),
    ("range going into the 3/3/20 emergency cut?", "range going into the March 3, 2020 emergency cut?"),
    ("the 12/18/2024 decision", "the December 18, 2024 decision"),
    ("the '22 hikes", "the 2022 hikes"),
])
def test_terse_dates_are_spelled_as_the_documents_write_them(typed, spelled):
    assert spelled_dates(typed) == spelled


@pytest.mark.parametrize("kept", [
    "How many dissents in 2020, counting the unscheduled March 15 meeting?",  # a year named: 15 is a day
    "Who dissented on March 23, 2020?",
    "the Jan 28-29 meeting",  # a day range
    "the Dec 24th statement",  # an ordinal day
    "a cut to 4-1/4 to 4-1/2 percent, 1/4 point",  # fractions
    "same as the 3/15 one?",  # no year: a day or a fraction
    "'transitory' in the statement",
])
def test_what_may_be_a_day_or_a_fraction_is_left_alone(kept):
    assert spelled_dates(kept) == kept


def test_plain_question_is_idempotent_and_spells_shorthand():
    q = "Jun 22 mtg: when'd the stmt drop 'ongoing increases'?"
    assert plain_question(q) == "June 2022 meeting: when did the statement drop 'ongoing increases'?"
    assert plain_question(plain_question(q)) == plain_question(q)


def test_symbols_and_acronyms_analysts_type():
    assert plain_question("2025: # of holds before the Sept cut?") == "2025: number of holds before the Sept cut?"
    assert plain_question("current FFR range?") == "current federal funds rate range?"
