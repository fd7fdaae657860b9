"""Purchase paces and runoff caps: parsed from the Fed's sentences, carried forward, and the questions
over them (level at a date or over a period, first taper, start, slowdown, rise and end of runoff)."""

from __future__ import annotations

import datetime as dt

import pytest

from fomc_pipeline.fed.securities import securities_levels
from fomc_qa.config import DataPaths
from fomc_qa.policy.record import BalanceSheetAction, MeetingRecord, Source
from fomc_qa.policy.securities import answer_securities
from fomc_qa.question.securities import parse_securities_question


def _source(text: str, doc: str = "statement") -> Source:
    return Source(sentence=text, document_id=doc, chunk_id=f"{doc}#000")


def _levels(meeting: str, *sentences: str):
    return securities_levels(dt.date.fromisoformat(meeting), [(s, _source(s)) for s in sentences])


def test_purchase_paces_are_read_per_asset_with_the_month_they_start():
    levels = _levels("2021-12-15", "Beginning in January, the Committee will increase its holdings of Treasury "
                     "securities by at least $40 billion per month and of agency mortgage-backed securities by at "
                     "least $20 billion per month.")
    assert [(x.asset, x.kind, x.amount_bn, x.effective) for x in levels] == [
        ("treasury", "purchase_pace", 40.0, dt.date(2022, 1, 1)), ("mbs", "purchase_pace", 20.0, dt.date(2022, 1, 1))]


def test_runoff_caps_from_the_directive_and_the_statement():
    levels = _levels(
        "2024-05-01",
        "Roll over at auction the amount of principal payments from the Federal Reserve's holdings of Treasury "
        "securities maturing in May that exceeds a cap of $60 billion per month.",
        "Beginning on June 1, roll over at auction the amount of principal payments from the Federal Reserve's "
        "holdings of Treasury securities maturing in each calendar month that exceeds a cap of $25 billion per month.",
        "The Committee will maintain the monthly redemption cap on agency debt and agency mortgage-backed "
        "securities at $35 billion and will reinvest any principal payments in excess of this cap into Treasury "
        "securities.",
        "Beginning in June, the Committee will slow the pace of decline of its securities holdings by reducing the "
        "monthly redemption cap on Treasury securities from $60 billion to $25 billion.",
    )
    got = {(x.asset, x.amount_bn, x.effective) for x in levels}
    assert got == {("treasury", 60.0, dt.date(2024, 5, 1)), ("treasury", 25.0, dt.date(2024, 6, 1)),
                   ("mbs", 35.0, dt.date(2024, 5, 1))}


def test_sentences_without_a_monthly_amount_set_no_level():
    assert _levels("2021-11-03", "the Committee decided to begin reducing the monthly pace of its net asset "
                   "purchases by $10 billion for Treasury securities and $5 billion for agency mortgage-backed "
                   "securities.") == []
    assert _levels("2020-03-15", "Over coming months the Committee will increase its holdings of Treasury "
                   "securities by at least $500 billion and its holdings of agency mortgage-backed securities by at "
                   "least $200 billion.") == []


def _record(meeting: str, *sentences: str, actions: tuple[tuple[str, str], ...] = ()) -> MeetingRecord:
    src = _source(f"The Committee decided to maintain the target range ({meeting}).")
    return MeetingRecord(meeting_date=dt.date.fromisoformat(meeting), meeting_kind="scheduled",
                         statement_id=f"statement-{meeting}", decision="maintain", decision_source=src,
                         securities=_levels(meeting, *sentences),
                         balance_sheet=[BalanceSheetAction(kind=k, source=_source(t)) for k, t in actions])


def _cap(asset: str, amount: str, when: str = "each calendar month") -> str:
    if asset == "treasury":
        return (f"Roll over at auction the amount of principal payments from the Federal Reserve's holdings of "
                f"Treasury securities maturing in {when} that exceeds a cap of ${amount} billion per month.")
    return (f"Reinvest into agency mortgage-backed securities (MBS) the amount of principal payments from the "
            f"Federal Reserve's holdings of agency debt and agency MBS received in {when} that exceeds a cap of "
            f"${amount} billion per month.")


def _pace(treasury: int, mbs: int) -> str:
    return (f"The Committee will increase its holdings of Treasury securities by at least ${treasury} billion per "
            f"month and of agency mortgage-backed securities by at least ${mbs} billion per month.")


RECORDS = [
    _record("2021-09-22", _pace(80, 40)),
    _record("2021-11-03", _pace(70, 35), "Beginning in December, " + _pace(60, 30)[4:],
            actions=(("purchases", "the Committee decided to begin reducing the monthly pace of its net asset "
                      "purchases by $10 billion"),)),
    _record("2021-12-15", "Beginning in January, " + _pace(40, 20)[4:]),
    _record("2022-05-04", _cap("treasury", "30", "the calendar month of June"),
            _cap("mbs", "17.5", "the calendar month of June"),
            actions=(("runoff", "the Committee decided to begin reducing its holdings of Treasury securities and "
                      "agency debt and agency mortgage-backed securities on June 1"),)),
    _record("2022-07-27", _cap("treasury", "30", "the calendar months of July and August"),
            "Starting in the calendar month of September, " + _cap("treasury", "60")[0].lower()
            + _cap("treasury", "60")[1:], _cap("mbs", "17.5", "the calendar months of July and August")),
    _record("2023-03-22", _cap("treasury", "60"), _cap("mbs", "35")),
    _record("2024-05-01", _cap("treasury", "60", "May"), "Beginning on June 1, " + _cap("treasury", "25")[0].lower()
            + _cap("treasury", "25")[1:], _cap("mbs", "35")),
    _record("2025-10-29", _cap("treasury", "5"), _cap("mbs", "35"),
            actions=(("runoff", "The Committee decided to conclude the reduction of its aggregate securities "
                      "holdings on December 1."),)),
]
MEETINGS = [r.meeting_date for r in RECORDS]


def _answer(question: str):
    parsed = parse_securities_question(question, MEETINGS)
    assert parsed is not None, question
    answered = answer_securities(parsed, RECORDS)
    assert answered is not None, question
    return answered


def _ask(question: str) -> str:
    answered = _answer(question)
    return answered.direct + " " + " ".join(q.source.sentence for q in answered.quotes)


@pytest.mark.parametrize("question, expected, not_expected", [
    ("What was the monthly cap on Treasury runoff in August 2022?", "$30 billion", "$60 billion"),
    ("What was the Treasury runoff cap in October 2022?", "$60 billion", "$30 billion"),
    ("How much agency MBS could run off each month in 2023?", "$35 billion", "Treasury securities:"),
    ("What was the redemption cap on Treasury securities after the May 2024 meeting?", "$25 billion", None),
    # the pace a meeting restates is not said to start then (a blind judge: "from December 2020" is false)
    ("At what monthly pace was the Fed buying Treasury securities in the fall of 2021?",
     "$80 billion a month, then $70 billion (down $10 billion) from November 2021", "from September 2021"),
    ("How fast was the Fed buying agency MBS in October 2021?", "$40 billion", "$35 billion"),
    ("When did the FOMC start tapering its asset purchases?", "November 3, 2021", None),
    ("When did the Federal Reserve begin shrinking its balance sheet?", "June 1", None),
    ("When did the FOMC first slow the pace of runoff?", "from $60 billion to $25 billion", None),
    ("When did the FOMC first lower the monthly cap on Treasury runoff?", "from $60 billion to $25 billion", None),
    ("When did the Fed first cut the Treasury runoff cap?", "from $60 billion to $25 billion", None),
    ("When was the Treasury redemption cap first reduced?", "from $60 billion to $25 billion", None),
    ("When did the runoff cap on Treasuries rise to its full size?", "September 2022", None),
    ("When did the Fed stop reducing its securities holdings?", "December 1", None),
    # the start of a program comes with its first step; a bigger step down in purchases speeds up the taper
    ("When did the Federal Reserve begin shrinking its balance sheet?",
     "$30 billion a month from June 2022, then $60 billion (up $30 billion) from September 2022", None),
    ("When did the FOMC speed up the tapering of its purchases?", "December 15, 2021", "November 3, 2021"),
    # a span of two dates, or left open at an end, runs over every change in it
    ("Trace the Treasury redemption cap from mid-2024 through the end of runoff in 2025.",
     "$60 billion a month, then $25 billion (down $35 billion) from June 2024, then $5 billion", "$30 billion"),
    ("UST runoff cap path, start to finish?",
     "$30 billion a month from June 2022, then $60 billion (up $30 billion) from September 2022, "
     "then $25 billion (down $35 billion) from June 2024, then $5 billion", None),
    ("QT kickoff Jun 2022: Treasury caps at first and after 3 months?",
     "then $60 billion (up $30 billion) from September 2022", None),
    ("Trace the Treasury redemption cap from the May 2024 decision to the end of runoff.",
     "then $25 billion (down $35 billion) from June 2024, then $5 billion", "$30 billion"),
])
def test_questions_over_the_levels(question, expected, not_expected):
    text, direct = _ask(question), _answer(question).direct
    if expected:
        assert expected in text, text
    if not_expected:
        assert not_expected not in direct, direct


@pytest.mark.parametrize("question", [
    "Why did the Committee slow the pace of runoff in 2024?",
    "What did participants expect for the runoff caps in March 2022?",
    "Is there still an aggregate cap on the Fed's standing repo operations?",
    "Compare the reduction in asset purchases in November 2021 with December 2021.",
    "What was the federal funds target range in 2023?",
    "How did the statement describe the economy in June 2022?",
    # "adding up" sums the cuts: it adds nothing to the holdings
    "Adding up the cuts made from September through December 2024, how much easing was delivered in total?",
    # what a minutes section says is its passages' (the cap levels are not what it asks)
    "What did the May 2022 minutes section on balance sheet reduction say about how much to slow runoff?",
])
def test_questions_the_levels_do_not_claim(question):
    assert parse_securities_question(question, MEETINGS) is None


def test_a_pace_set_until_a_condition_is_told_with_it():
    until = _pace(80, 40)[:-1] + (" until substantial further progress has been made toward the Committee's maximum "
                                  "employment and price stability goals.")
    records = [_record("2020-12-16", until), *RECORDS[:1]]
    asked = parse_securities_question("How much was the Fed buying each month at the December 2020 meeting?",
                                      [r.meeting_date for r in records])
    assert asked is not None
    direct = answer_securities(asked, records).direct
    assert direct.endswith(", until substantial further progress has been made toward the Committee's maximum "
                           "employment and price stability goals.")
    assert "until" not in _answer("How fast was the Fed buying agency MBS in October 2021?").direct  # none set


def test_the_latest_level_notes_when_runoff_ended():
    text = _ask("What is the current runoff cap on Treasury securities?")
    assert "$5 billion" in text and "conclude the reduction" in text


def test_the_present_is_what_the_latest_meeting_decided_about_holdings():
    later = _record("2025-12-10", actions=(("purchases", "The Committee will initiate purchases of shorter-term "
                                            "Treasury securities as needed to maintain an ample supply of reserves."),))
    parsed = parse_securities_question("Now that runoff is over, what is the Fed doing with its holdings?",
                                       [*MEETINGS, later.meeting_date])
    answered = answer_securities(parsed, [*RECORDS, later])
    assert "At the latest meeting in the index, December 10, 2025" in answered.direct
    assert any("shorter-term Treasury securities" in q.source.sentence for q in answered.quotes)


def test_the_built_record_carries_the_directives_caps_verbatim(built):
    record = MeetingRecord.model_validate_json(DataPaths(built[0]).record_file("2023-03-22").read_bytes())
    caps = {(x.asset, x.kind, x.amount_bn) for x in record.securities}
    assert caps == {("treasury", "runoff_cap", 60.0), ("mbs", "runoff_cap", 35.0)}
    assert all(x.source.chunk_id and x.source.document_id.startswith(("minutes", "statement"))
               for x in record.securities)


def test_ust_is_treasuries():
    from fomc_qa.question.securities import _TREASURY

    assert _TREASURY.search("starting caps for UST and MBS") and _TREASURY.search("USTs")
    assert _TREASURY.search("starting runoff caps for Tsys and MBS") and not _TREASURY.search("Tsyganov")
    q = parse_securities_question("QT plan adopted May 2022: starting runoff caps for Tsys and MBS?", MEETINGS)
    assert q is not None and set(q.assets) == {"treasury", "mbs"}


def test_a_purchase_pace_is_said_as_the_statement_says_it():
    """"by at least $80 billion per month" of Treasury securities and of agency mortgage-backed securities: the pace
    is "at least", and the purchases are agency MBS (agency debt is in the runoff caps only)."""
    pace = _answer("How fast was the Fed buying agency MBS in October 2021?")
    assert pace is not None and "agency mortgage-backed securities: at least $40 billion a month" in pace.direct
    assert "agency debt" not in pace.direct


def test_a_first_part_asking_about_the_caps_naming_no_holdings_asks_about_both():
    """"How did the May 2024 decision change the runoff caps, and what happens to MBS paydowns above the cap?": the
    caps are both holdings' (the Treasury cap is the one that changed); near miss: a first part naming the Treasury
    cap keeps the question's own holdings."""
    both = parse_securities_question("How did the May 2022 decision set the runoff caps, and what happens to MBS "
                                     "paydowns above the cap?", MEETINGS)
    assert both is not None and set(both.assets) == {"treasury", "mbs"}
    named = parse_securities_question("May 2022: what was the initial Treasury cap, and what happened to the MBS "
                                      "cap?", MEETINGS)
    assert named is not None and set(named.assets) == {"treasury", "mbs"}
    one = parse_securities_question("May 2022 plan: what was the initial Treasury runoff cap?", MEETINGS)
    assert one is not None and one.assets == ("treasury",)


def test_how_much_faster_the_taper_got_is_its_acceleration():
    import datetime as dt

    from fomc_qa.question.securities import parse_securities_question

    meetings = [dt.date(2021, 11, 3), dt.date(2021, 12, 15), dt.date(2022, 1, 26)]
    q = parse_securities_question("Dec 2021: how much faster did the taper get, and what were the monthly UST "
                                  "purchases from January?", meetings)
    assert q.ask == "accelerate" and q.kind == "purchase_pace"


def test_what_replaced_the_end_of_runoff_is_the_next_balance_sheet_step():
    later = _record("2025-12-10", actions=(("purchases", "The Committee will initiate purchases of shorter-term "
                                            "Treasury securities as needed to maintain an ample supply of reserves."),))
    parsed = parse_securities_question("When did runoff stop, and what replaced it?", [*MEETINGS, later.meeting_date])
    answered = answer_securities(parsed, [*RECORDS, later])
    assert "December 1" in answered.direct and "next balance-sheet step came at the December 10, 2025" in \
        answered.direct
    assert answered.quotes[-1].source.sentence.startswith("The Committee will initiate purchases")
    alone = answer_securities(parse_securities_question("When did runoff stop?", MEETINGS), [*RECORDS, later])
    assert len(alone.quotes) == 1
