"""Calendar parsing against the real pages of the bundled snapshot, plus small synthetic rows for
the edge cases the snapshot does not contain (December rollover, disagreeing URL dates)."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache
from pathlib import Path

import pytest

from fomc_pipeline.fed.calendar import (
    CALENDAR_PATH,
    CalendarParseError,
    discover_meetings,
    historical_page_paths,
    parse_calendar,
)

WEB_ROOT = Path(__file__).resolve().parents[1] / "data" / "snapshot" / "www.federalreserve.gov"
HIST_2016 = "/monetarypolicy/fomchistorical2016.htm"
HIST_2020 = "/monetarypolicy/fomchistorical2020.htm"
D = dt.date


@cache
def page(path: str) -> str:
    return (WEB_ROOT / path.lstrip("/")).read_text(encoding="utf-8")


@cache
def snapshot_meetings():
    pages = {CALENDAR_PATH: page(CALENDAR_PATH), HIST_2020: page(HIST_2020)}
    return tuple(discover_meetings(pages, D(2020, 1, 1)))


def by_date():
    return {m.meeting_date: m for m in snapshot_meetings()}


def in_2020_2025():
    return [m for m in snapshot_meetings() if m.meeting_date <= D(2025, 12, 31)]


def statement_dates_on_disk() -> set[dt.date]:
    names = (WEB_ROOT / "newsevents" / "pressreleases").glob("monetary*a.htm")
    return {dt.datetime.strptime(re.search(r"(\d{8})", p.name).group(1), "%Y%m%d").date() for p in names}


def test_meetings_2020_2025_are_exactly_the_snapshot_statements():
    meetings = in_2020_2025()
    assert len(meetings) == 50
    assert {m.meeting_date for m in meetings} == statement_dates_on_disk()
    assert [m.meeting_date for m in meetings] == sorted(m.meeting_date for m in meetings)
    assert all(m.statement_url for m in meetings)


def test_minutes_urls_and_missing_minutes():
    meetings = in_2020_2025()
    with_minutes = [m for m in meetings if m.minutes_url]
    assert len(with_minutes) == 48
    assert {m.meeting_date for m in meetings if not m.minutes_url} == {D(2020, 3, 3), D(2020, 3, 23)}


def test_every_document_url_exists_in_the_snapshot_and_carries_the_meeting_date():
    for m in in_2020_2025():
        for url in m.document_urls().values():
            assert url.startswith("/")
            assert (WEB_ROOT / url.lstrip("/")).is_file(), url
            assert m.meeting_date.strftime("%Y%m%d") in url


def test_unscheduled_and_notation_vote_rows_are_meetings():
    meetings = by_date()
    assert meetings[D(2020, 3, 3)].label == "March 3 (unscheduled)"
    assert meetings[D(2020, 3, 15)].label == "March 15 (unscheduled)"
    assert meetings[D(2020, 3, 15)].minutes_url == "/monetarypolicy/fomcminutes20200315.htm"
    notation = meetings[D(2020, 3, 23)]
    assert notation.label == "March 23 (notation vote)"
    assert notation.statement_url == "/newsevents/pressreleases/monetary20200323a.htm"
    assert notation.minutes_url is None


def test_month_rollover_rows_take_the_last_day():
    meetings = by_date()
    assert meetings[D(2024, 5, 1)].label == "April 30-May 1"
    assert meetings[D(2024, 5, 1)].minutes_url == "/monetarypolicy/fomcminutes20240501.htm"
    assert meetings[D(2023, 2, 1)].label == "January 31-February 1"
    assert meetings[D(2023, 11, 1)].label == "October 31-November 1"
    assert D(2024, 4, 30) not in meetings and D(2023, 1, 31) not in meetings


def test_longer_run_goals_notation_vote_row_is_skipped():
    assert D(2025, 8, 22) not in by_date()
    urls = [u for m in snapshot_meetings() for u in m.document_urls().values()]
    assert not any("20250822" in u for u in urls)


def test_only_policy_statement_and_minutes_html_count_as_documents():
    for m in snapshot_meetings():
        if m.statement_url:
            assert re.fullmatch(r"/newsevents/pressreleases/monetary\d{8}a\.htm", m.statement_url)
        if m.minutes_url:
            assert re.fullmatch(r"/monetarypolicy/fomcminutes\d{8}\.htm", m.minutes_url)


def test_minutes_release_dates_from_the_current_calendar():
    meetings = by_date()
    assert meetings[D(2025, 1, 29)].minutes_release_date == D(2025, 2, 19)
    assert meetings[D(2024, 12, 18)].minutes_release_date == D(2025, 1, 8)
    assert meetings[D(2026, 1, 28)].minutes_release_date == D(2026, 2, 18)
    assert meetings[D(2020, 1, 29)].minutes_release_date is None  # the rebuilt 2020 page omits them


def test_future_meetings_without_links_are_kept():
    meetings = by_date()
    future_2027 = [m for m in meetings.values() if m.meeting_date.year == 2027]
    assert len(future_2027) == 8
    assert all(not m.document_urls() for m in future_2027)
    assert meetings[D(2026, 10, 28)].document_urls() == {}
    assert meetings[D(2026, 9, 16)].statement_url == "/newsevents/pressreleases/monetary20260916a.htm"
    assert meetings[D(2026, 9, 16)].minutes_url is None


def test_current_calendar_page_alone():
    meetings = parse_calendar(page(CALENDAR_PATH))
    years = {y: sum(m.meeting_date.year == y for m in meetings) for y in range(2021, 2028)}
    assert years == {y: 8 for y in range(2021, 2028)}


def test_historical_year_layout_2016():
    meetings = parse_calendar(page(HIST_2016))
    assert [m.meeting_date for m in meetings] == [
        D(2016, 1, 27), D(2016, 3, 16), D(2016, 4, 27), D(2016, 6, 15),
        D(2016, 7, 27), D(2016, 9, 21), D(2016, 11, 2), D(2016, 12, 14),
    ]
    first, last = meetings[0], meetings[-1]
    assert first.label == "January 26-27"
    assert first.statement_url == "/newsevents/pressreleases/monetary20160127a.htm"  # not the "b" goals release
    assert first.minutes_url == "/monetarypolicy/fomcminutes20160127.htm"
    assert first.minutes_release_date == D(2016, 2, 17)
    assert last.minutes_release_date == D(2017, 1, 4)
    assert all(m.statement_url and m.minutes_url and m.minutes_release_date for m in meetings)


def test_historical_page_paths():
    current = parse_calendar(page(CALENDAR_PATH))
    assert historical_page_paths(D(2020, 1, 1), current) == [HIST_2020]
    assert historical_page_paths(D(2018, 6, 1), current) == [
        "/monetarypolicy/fomchistorical2018.htm",
        "/monetarypolicy/fomchistorical2019.htm",
        HIST_2020,
    ]
    assert historical_page_paths(D(2023, 1, 1), current) == []
    with pytest.raises(ValueError):
        historical_page_paths(D(2020, 1, 1), [])


def test_discover_filters_by_start_and_merges_duplicate_listings():
    pages = {CALENDAR_PATH: page(CALENDAR_PATH), HIST_2020: page(HIST_2020), HIST_2016: page(HIST_2016)}
    meetings = discover_meetings(pages, D(2020, 6, 1))
    assert meetings[0].meeting_date == D(2020, 6, 10)
    assert len({m.meeting_date for m in meetings}) == len(meetings)

    bare = _calendar("2020", _row("January", "28-29", statement="monetary20200129a"))
    merged = discover_meetings({"/a.htm": bare, HIST_2020: page(HIST_2020)}, D(2020, 1, 1))
    assert merged[0].minutes_url == "/monetarypolicy/fomcminutes20200129.htm"


@pytest.mark.parametrize("html", ["", "garbage", "<html><body><p>No meetings here.</p></body></html>"])
def test_unrecognizable_page_raises(html):
    with pytest.raises(CalendarParseError, match="no meeting rows"):
        parse_calendar(html)


def test_markup_the_html_parser_rejects_raises():
    raw = page(CALENDAR_PATH)
    at = raw.index("<div", raw.index('id="article"'))
    with pytest.raises(CalendarParseError, match="markup the HTML parser rejects"):
        parse_calendar(raw[:at] + "<![a" + raw[at:])


def test_truncated_calendar_raises():
    raw = page(CALENDAR_PATH)
    with pytest.raises(CalendarParseError, match="truncated"):
        parse_calendar(raw[: int(len(raw) * 0.6)])


def test_discover_names_the_failing_page():
    with pytest.raises(CalendarParseError, match="fomchistorical2019"):
        discover_meetings({CALENDAR_PATH: page(CALENDAR_PATH), "/monetarypolicy/fomchistorical2019.htm": ""},
                          D(2019, 1, 1))


# Synthetic rows in the calendar markup, for cases the snapshot does not contain.

def _row(month: str, days: str, statement: str | None = None, minutes: str | None = None,
         extra: str = "") -> str:
    stmt = (f'<strong>Statement:</strong><br><a href="/newsevents/pressreleases/{statement}.htm">HTML</a>'
            if statement else "")
    mins = (f'<strong>Minutes:</strong><br><a href="/monetarypolicy/{minutes}.htm">HTML</a>'
            if minutes else "")
    return (
        '<div class="row fomc-meeting">'
        f'<div class="fomc-meeting__month"><strong>{month}</strong></div>'
        f'<div class="fomc-meeting__date">{days}</div>'
        f"<div>{stmt}{extra}</div><div class=\"fomc-meeting__minutes\">{mins}</div></div>"
    )


def _calendar(year: str, *rows: str) -> str:
    return (f'<div id="article"><div class="panel"><div class="panel-heading"><h4>{year} FOMC Meetings</h4>'
            f"</div>{''.join(rows)}</div></div>")


def test_synthetic_rollovers():
    html = _calendar(
        "2030",
        _row("April", "30-1"),
        _row("Dec/Jan", "31-1"),
        _row("December", "31-1"),
        _row("Jan/Feb", "31-1*"),
    )
    dates = [m.meeting_date for m in parse_calendar(html)]
    assert dates == [D(2030, 2, 1), D(2030, 5, 1), D(2031, 1, 1)]  # Dec/Jan and December 31-1 coincide


def test_row_date_wins_over_disagreeing_url_and_url_fills_unreadable_dates(caplog):
    html = _calendar(
        "2030",
        _row("March", "19-20", statement="monetary20300321a"),
        _row("Someday", "TBD", minutes="fomcminutes20300612"),
        _row("Someday", "TBD"),
    )
    meetings = parse_calendar(html)
    assert [m.meeting_date for m in meetings] == [D(2030, 3, 20), D(2030, 6, 12)]
    assert "disagrees" in caplog.text


def test_statement_label_is_required_for_statement_shaped_links():
    goals = '<a href="/newsevents/pressreleases/monetary20300822a.htm">Statement on Longer-Run Goals</a>'
    html = _calendar("2030", _row("January", "28-29", statement="monetary20300129a"),
                     _row("August", "22 (notation vote)", extra=goals))
    meetings = parse_calendar(html)
    assert [m.meeting_date for m in meetings] == [D(2030, 1, 29)]
