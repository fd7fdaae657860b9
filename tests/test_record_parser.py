"""Policy records parsed from real statements and minutes of the bundled snapshot (cleaned with
parse_page, chunked with a word-count tokenizer so the suite stays fast and offline)."""

from __future__ import annotations

import datetime as dt
from functools import cache

import pytest
from conftest import SNAPSHOT

from fomc_pipeline.fed.chunking import chunk_document
from fomc_pipeline.fed.pages import is_page_boilerplate, parse_page
from fomc_pipeline.fed.record_parser import RecordParseError, parse_meeting_record
from fomc_pipeline.fed.statement_roles import balance_sheet_kind, sentence_roles
from fomc_qa.models import DocumentChunk, FOMCDocument, document_id
from fomc_qa.policy.record import ROLES, MeetingRecord

UNSCHEDULED = {"2020-03-15"}
NO_MINUTES = {"2020-03-23"}
MEETINGS = ["2024-01-31", "2024-09-18", "2022-03-16", "2020-03-15", "2020-03-23", "2021-11-03", "2024-05-01",
            "2025-12-10"]


def _words(texts):
    return [len(t.split()) + 2 for t in texts]  # one token a word (additive, as the chunker assumes), no model


def _doc(doc_type: str, date: str, text: str | None = None, sections=()) -> FOMCDocument:
    if text is None:
        day = date.replace("-", "")
        path = (f"newsevents/pressreleases/monetary{day}a.htm" if doc_type == "statement"
                else f"monetarypolicy/fomcminutes{day}.htm")
        page = parse_page((SNAPSHOT / path).read_text(encoding="utf-8"), doc_type, path)
        text, sections = page.text, page.sections
    return FOMCDocument(
        document_id=document_id(doc_type, date), doc_type=doc_type, meeting_date=dt.date.fromisoformat(date),
        release_date=None, title="t", source_url="https://www.federalreserve.gov/x.htm", text=text,
        content_sha256="0", ingested_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC), sections=sections,
    )


@cache
def meeting(date: str) -> tuple[MeetingRecord, tuple[DocumentChunk, ...]]:
    statement = _doc("statement", date)
    minutes = None if date in NO_MINUTES else _doc("minutes", date)
    chunks = chunk_document(statement, _words) + (chunk_document(minutes, _words) if minutes else [])
    record = parse_meeting_record(statement, minutes, chunks, unscheduled=date in UNSCHEDULED)
    return record, tuple(chunks)


def record(date: str) -> MeetingRecord:
    return meeting(date)[0]


def rates(r: MeetingRecord) -> dict[str, float]:
    return {rate.name: rate.percent for rate in r.administered_rates}


def test_hold_january_2024():
    r = record("2024-01-31")
    assert (r.decision, r.change_bp, r.meeting_kind) == ("maintain", 0, "scheduled")
    assert (r.range_after.low, r.range_after.high, r.range_after.text) == (5.25, 5.5, "5-1/4 to 5-1/2 percent")
    assert r.range_before == r.range_after
    assert r.decision_source.sentence == ("In support of its goals, the Committee decided to maintain the target range "
                                          "for the federal funds rate at 5-1/4 to 5-1/2 percent.")
    assert rates(r) == {"iorb": 5.4, "on_rrp": 5.3, "discount_rate": 5.5, "srf_min_bid": 5.5}
    assert len(r.voters_for) == 12 and r.voters_for[:2] == ["Jerome H. Powell", "John C. Williams"]
    assert r.dissents == [] and r.not_voting == []
    assert r.attendance_source.sentence == "Jerome H. Powell, Chair"
    assert len(r.attendance) == 17 and "Jerome H. Powell" in r.attendance and "Sushmita Shukla" in r.attendance
    assert r.alternates == ["Susan M. Collins", "Austan D. Goolsbee", "Kathleen O'Neill", "Jeffrey R. Schmid",
                            "Sushmita Shukla"]
    assert r.other_presidents == ["Patrick Harker", "Neel Kashkari", "Lorie K. Logan"]
    assert "Joshua Gallin" not in r.attendance  # staff are not members
    officers = {o.title: o.name for o in r.officers}
    assert officers["Chair"] == "Jerome H. Powell" and officers["Vice Chair"] == "John C. Williams"
    assert officers["Secretary"] == "Joshua Gallin" and "Manager, System Open Market Account" in officers
    assert not any("Division" in o.title for o in r.officers)  # staff titles are not the Committee's officers
    activity = r.sentences("economic_activity")
    assert activity[0].source.sentence.startswith("Recent indicators suggest that economic activity has been expanding "
                                                  "at a solid pace")
    assert [s.source.sentence for s in r.sentences("decision")] == [r.decision_source.sentence]
    assert {s.role for s in r.statement} >= {"economic_activity", "labor_market", "inflation", "risks", "decision",
                                             "forward_guidance", "balance_sheet", "votes", "other"}


def test_half_point_cut_with_a_dissent_september_2024():
    r = record("2024-09-18")
    assert (r.decision, r.change_bp) == ("lower", -50)
    assert (r.range_after.low, r.range_after.high) == (4.75, 5.0)
    assert (r.range_before.low, r.range_before.high, r.range_before.text) == (5.25, 5.5, "5-1/4 to 5-1/2 percent")
    assert rates(r)["iorb"] == 4.9 and rates(r)["discount_rate"] == 5.0
    [dissent] = r.dissents
    assert dissent.name == "Michelle W. Bowman" and "Michelle W. Bowman" not in r.voters_for
    assert dissent.preferred == ("preferred to lower the target range for the federal funds rate by 1/4 percentage "
                                 "point at this meeting")
    assert dissent.source.sentence.startswith("Voting against this action was Michelle W. Bowman")
    assert dissent.elaboration.sentence.startswith("Governor Bowman preferred at this meeting to lower")
    assert dissent.elaboration.sentence.endswith("premature declaration of victory on the price-stability part of "
                                                 "the dual mandate.")  # the reasons that follow, one verbatim span
    assert dissent.elaboration.document_id == "minutes-2024-09-18"
    assert len(r.voters_for) == 11


def test_hike_with_no_stated_size_march_2022():
    """The statement gives only the new range; the minutes' only size is the dissenter's 0.5 point."""
    r = record("2022-03-16")
    assert (r.decision, r.change_bp, r.range_before) == ("raise", None, None)
    assert (r.range_after.low, r.range_after.high, r.range_after.text) == (0.25, 0.5, "1/4 to 1/2 percent")
    [dissent] = r.dissents
    assert dissent.name == "James Bullard"
    assert "by 0.5 percentage point to 1/2 to 3/4 percent" in dissent.preferred
    assert dissent.elaboration.sentence.startswith("President Bullard preferred")
    assert rates(r) == {"iorb": 0.4, "on_rrp": 0.3, "discount_rate": 0.5, "srf_min_bid": 0.5}
    assert any(b.kind == "runoff" for b in r.balance_sheet)  # "expects to begin reducing its holdings"


def test_unscheduled_cut_march_15_2020():
    r = record("2020-03-15")
    assert (r.meeting_kind, r.decision) == ("unscheduled", "lower")
    assert (r.range_after.low, r.range_after.high) == (0.0, 0.25)
    # the statement states no size; the minutes' "lower ... by 100 basis points, to 0 to 1/4 percent" does
    assert r.change_bp == -100 and (r.range_before.low, r.range_before.high) == (1.0, 1.25)
    [dissent] = r.dissents
    assert dissent.name == "Loretta J. Mester" and "to 1/2 to 3/4 percent at this meeting" in dissent.preferred
    # this meeting's rates, not the March 3 ones the same minutes record in a later section
    assert rates(r) == {"iorb": 0.1, "on_rrp": 0.0, "discount_rate": 0.25}
    assert [(b.kind, b.amounts_bn) for b in r.balance_sheet] == [("purchases", [500.0, 200.0]), ("reinvestment", [])]
    # the page runs two members' names together on one line; both are counted
    assert {"Neel Kashkari", "Loretta J. Mester"} <= set(r.attendance)
    assert len(r.attendance) == 14 and len(r.alternates) == 4


def test_notation_vote_march_23_2020_restates_the_range_only_in_the_directive():
    r = record("2020-03-23")
    assert (r.meeting_kind, r.decision, r.change_bp, r.minutes_id) == ("notation_vote", "maintain", 0, None)
    assert (r.range_after.low, r.range_after.high) == (0.0, 0.25)
    assert r.decision_source.sentence.startswith('"Effective March 23, 2020, the Federal Open Market Committee')
    assert "maintain the federal funds rate in a target range of 0 to 1/4 percent" in r.decision_source.sentence
    assert rates(r) == {"on_rrp": 0.0}
    assert len(r.voters_for) == 10 and r.vote_source.sentence.startswith("Voting (by notation)")
    assert r.attendance == [] and r.attendance_source is None
    assert any(b.kind == "purchases" for b in r.balance_sheet)


def test_taper_november_2021():
    r = record("2021-11-03")
    paced = [(b.kind, b.amounts_bn) for b in r.balance_sheet if b.amounts_bn]
    assert paced == [("purchases", [10.0, 5.0]), ("purchases", [70.0, 35.0]), ("purchases", [60.0, 30.0])]
    assert r.balance_sheet[0].source.sentence.startswith("In light of the substantial further progress")
    assert r.decision == "maintain" and rates(r)["iorb"] == 0.15


def test_runoff_cap_change_may_2024():
    r = record("2024-05-01")
    caps = [(b.kind, b.amounts_bn) for b in r.balance_sheet]
    assert caps == [("runoff", []), ("runoff", [60.0, 25.0]), ("runoff", [35.0])]
    assert "reducing the monthly redemption cap on Treasury securities from $60 billion to $25 billion" in \
        r.balance_sheet[1].source.sentence


def test_three_dissenters_december_2025():
    r = record("2025-12-10")
    assert (r.decision, r.change_bp) == ("lower", -25)
    assert r.range_after.text == "3-1/2 to 3\u20113/4 percent"  # verbatim, non-breaking hyphen kept
    assert (r.range_after.low, r.range_after.high) == (3.5, 3.75)
    assert (r.range_before.low, r.range_before.high, r.range_before.text) == (3.75, 4.0, "3-3/4 to 4 percent")
    assert [(d.name, d.preferred) for d in r.dissents] == [
        ("Stephen I. Miran", "preferred to lower the target range for the federal funds rate by 1/2 percentage point "
                             "at this meeting"),
        ("Austan D. Goolsbee", "preferred no change to the target range for the federal funds rate at this meeting"),
        ("Jeffrey R. Schmid", "preferred no change to the target range for the federal funds rate at this meeting"),
    ]
    assert len(r.voters_for) == 9 and not set(r.voters_for) & {d.name for d in r.dissents}
    assert rates(r) == {"iorb": 3.65, "on_rrp": 3.5, "discount_rate": 3.75, "srf_min_bid": 3.75}
    assert [b.kind for b in r.balance_sheet] == ["purchases"]  # "will initiate purchases of shorter-term Treasury"
    assert all(d.elaboration is not None and d.elaboration.document_id == "minutes-2025-12-10" for d in r.dissents)


@pytest.mark.parametrize("date", MEETINGS)
def test_every_source_is_verbatim_in_its_chunk_and_votes_count(date):
    r, chunks = meeting(date)
    by_id = {c.chunk_id: c for c in chunks}
    for source in r.sources():
        chunk = by_id[source.chunk_id]
        assert chunk.document_id == source.document_id and source.sentence in chunk.text
    assert len(set(r.voters_for)) == len(r.voters_for) == r.vote_source.sentence.count(";") + 1
    assert all(not v.endswith(("Chair", "Chairman")) for v in r.voters_for + r.attendance)
    assert (r.minutes_id is None) == (r.attendance == []) == (r.officers == [])
    assert set(r.voters_for) <= set(r.attendance) or r.minutes_id is None
    for s in r.statement:
        assert s.role in ROLES and not is_page_boilerplate(s.source.sentence)
        assert "media inquiries" not in s.source.sentence and "Implementation Note" not in s.source.sentence


def test_boilerplate_of_documents_cleaned_before_the_rule_is_not_a_statement_sentence():
    clean = _doc("statement", "2024-01-31")
    furniture = ("\n\nFor media inquiries, please email [email protected] or call 202-452-2955.\n\n"
                 "Implementation Note issued January 31, 2024\n\nRelated release title")
    old = _doc("statement", "2024-01-31", clean.text + furniture)
    r = parse_meeting_record(old, None, chunk_document(old, _words))
    assert [s.source.sentence for s in r.statement] == [s.source.sentence for s in record("2024-01-31").statement]


@pytest.mark.parametrize(
    ("sentence", "change", "after", "before"),
    [
        ("The Committee decided to raise the target range for the federal funds rate by 3/4 percentage point to "
         "1-1/2 to 1-3/4 percent.", 75, (1.5, 1.75), "3/4 to 1 percent"),
        ("The Committee decided to lower the target range for the federal funds rate by 25 basis points to "
         "4\u20113/4 to 5 percent.", -25, (4.75, 5.0), "5 to 5-1/4 percent"),
        ("The Committee decided to raise the target range for the federal funds rate by 0.5 percentage point, to "
         "1/4 to 1/2 percent.", 50, (0.25, 0.5), None),  # would start below zero: no before
        ("The Committee decided to keep the target range for the federal funds rate at 0 to 1/4 percent.",
         0, (0.0, 0.25), "0 to 1/4 percent"),
    ],
)
def test_sizes_and_fractions(sentence, change, after, before):
    doc = _doc("statement", "2024-01-31", "Inflation remains elevated. " + sentence)
    r = parse_meeting_record(doc, None, [])
    assert (r.change_bp, (r.range_after.low, r.range_after.high)) == (change, after)
    assert (r.range_before.text if r.range_before else None) == before
    assert r.decision_source.chunk_id is None and r.decision_source.sentence == sentence


def test_statement_without_a_decision_is_refused_by_name():
    doc = _doc("statement", "2024-01-31", "Inflation remains elevated. The Committee will continue to monitor.")
    with pytest.raises(RecordParseError, match="statement-2024-01-31"):
        parse_meeting_record(doc, None, [])


@pytest.mark.parametrize(
    ("sentence", "roles"),
    [
        ("Indicators of economic activity and employment have continued to strengthen.",
         ["economic_activity", "labor_market"]),
        ("The Committee seeks to achieve maximum employment and inflation at the rate of 2 percent over the longer "
         "run.", ["other", "inflation"]),
        ("The Committee remains highly attentive to inflation risks.", ["risks", "inflation"]),
        ("The Committee judges that the risks to achieving its employment and inflation goals are roughly in "
         "balance.", ["risks"]),
        ("Job gains have slowed, and the unemployment rate has moved up but remains low.", ["labor_market"]),
        ("The Committee will continue reducing its holdings of Treasury securities and agency debt and agency "
         "mortgage-backed securities.", ["balance_sheet"]),
        ("Voting against this action was Christopher J. Waller, who supported no change for the federal funds target "
         "range but preferred to continue the current pace of decline in securities holdings.", ["votes"]),
    ],
)
def test_sentence_roles(sentence, roles):
    assert sentence_roles(sentence) == roles


def test_balance_sheet_kinds():
    assert balance_sheet_kind("Roll over at auction the amount of principal payments from the Federal Reserve's "
                              "holdings of Treasury securities maturing in each calendar month that exceeds a cap of "
                              "$25 billion per month.") == "runoff"
    assert balance_sheet_kind("The Committee will also reinvest all principal payments.") == "reinvestment"
    assert balance_sheet_kind("The Federal Reserve's ongoing purchases and holdings of securities will continue to "
                              "foster smooth market functioning.") is None
