"""Page cleaning against the real statement and minutes pages of the bundled snapshot (original and
rebuilt, 2020-2025), and refusal of truncated or garbage pages."""

from __future__ import annotations

import datetime as dt
from functools import cache
from pathlib import Path

import pytest

from fomc_pipeline.fed.pages import (
    FOOTNOTES_HEADING,
    CleanPage,
    PageParseError,
    is_page_boilerplate,
    parse_page,
)

WEB_ROOT = Path(__file__).resolve().parents[1] / "data" / "snapshot" / "www.federalreserve.gov"
STATEMENT_FILES = sorted((WEB_ROOT / "newsevents" / "pressreleases").glob("monetary*a.htm"))
MINUTES_FILES = sorted((WEB_ROOT / "monetarypolicy").glob("fomcminutes*.htm"))
CHROME = ("Return to text", "Last Update", "Official websites use .gov", "Secure .gov websites",
          "For release at", "Back to Top", "_____")
BOILERPLATE = ("For media inquiries", "Implementation Note issued", "Related Content", "202-452-2955")


def statement_path(day: str) -> str:
    return f"/newsevents/pressreleases/monetary{day}a.htm"


def minutes_path(day: str) -> str:
    return f"/monetarypolicy/fomcminutes{day}.htm"


@cache
def raw(path: str) -> str:
    return (WEB_ROOT / path.lstrip("/")).read_text(encoding="utf-8")


@cache
def parsed(path: str) -> CleanPage:
    doc_type = "minutes" if "fomcminutes" in path else "statement"
    return parse_page(raw(path), doc_type, path)


def headings(page: CleanPage) -> list[str]:
    return [s.heading for s in page.sections]


def assert_spans_consistent(page: CleanPage) -> None:
    """Each section starts at its heading line and runs to the paragraph before the next one."""
    for i, section in enumerate(page.sections):
        assert page.text[section.char_start:].startswith(section.heading + "\n\n")
        assert section.char_start == 0 or page.text[section.char_start - 2: section.char_start] == "\n\n"
        if i + 1 < len(page.sections):
            assert section.char_end == page.sections[i + 1].char_start - 2
        else:
            assert section.char_end == len(page.text)


# Statements


@pytest.mark.parametrize(
    ("day", "release", "sentence"),
    [
        ("20200129", dt.date(2020, 1, 29),
         "The Committee decided to maintain the target range for the federal funds rate at 1\u20111/2 to "
         "1-3/4 percent."),
        ("20240131", dt.date(2024, 1, 31),
         "In support of its goals, the Committee decided to maintain the target range for the federal funds "
         "rate at 5-1/4 to 5-1/2 percent."),
        ("20250917", dt.date(2025, 9, 17),
         "Voting against this action was Stephen I. Miran, who preferred to lower the target range for the "
         "federal funds rate by 1/2 percentage point at this meeting."),
    ],
)
def test_statement_pages(day, release, sentence):
    page = parsed(statement_path(day))
    assert page.title == "Federal Reserve issues FOMC statement"
    assert page.release_date == release
    assert sentence in page.text
    assert page.sections == ()
    assert page.text.split("\n\n")[-1].startswith("Voting for the monetary policy action were")
    assert "Implementation Note issued" not in page.text
    for chrome in CHROME + BOILERPLATE + ("Share", "Federal Reserve issues FOMC statement"):
        assert chrome not in page.text
    paragraphs = page.text.split("\n\n")
    assert all(p == p.strip() and "  " not in p and "\n" not in p for p in paragraphs)


def test_statement_first_paragraph():
    text = parsed(statement_path("20200129")).text
    assert text.startswith("Information received since the Federal Open Market Committee met in December "
                           "indicates that the labor market remains strong")


@pytest.mark.parametrize("day", ["20240131", "20250917", "20200303"])  # rebuilt, original (obfuscated address), 2020
def test_media_line_is_on_the_page_but_not_in_the_text(day):
    assert "For media inquiries" in raw(statement_path(day))
    text = parsed(statement_path(day)).text
    assert "media inquiries" not in text and "202-452-2955" not in text


def test_implementation_note_and_related_links_are_dropped():
    """The Implementation Note link, the related releases after it (March 15, 2020), the "Related
    Content" panel and the New York Fed pointer (March 23, 2020) are page furniture."""
    march15 = parsed(statement_path("20200315")).text
    assert march15.endswith("More information can be found on the Federal Reserve Board's website.")
    assert "Coordinated central bank action" not in march15
    march23 = parsed(statement_path("20200323")).text
    assert march23.endswith("transactions.\"")  # the directive's closing quote
    for gone in ("Related Content", "Statement Regarding Treasury Securities",
                 "Federal Reserve announces extensive new measures", "More information regarding"):
        assert gone not in march23
    assert "maintain the federal funds rate in a target range of 0 to 1/4 percent" in march23


@pytest.mark.parametrize(
    ("paragraph", "boilerplate"),
    [
        ("For media inquiries, call 202-452-2955.", True),
        ("Implementation Note issued January 31, 2024", True),
        ("Related Content", True),
        ("More information regarding open market operations and reinvestments may be found on the "
         "Federal Reserve Bank of New York's website.", True),
        # statement text that merely resembles boilerplate stays
        ("The Board's Implementation Note issued today describes the settings.", False),
        ("In a related set of actions, the Federal Reserve announced additional measures. More information "
         "can be found on the Federal Reserve Board's website.", False),
        ("Voting for the monetary policy action were Jerome H. Powell, Chair.", False),
    ],
)
def test_is_page_boilerplate(paragraph, boilerplate):
    assert is_page_boilerplate(paragraph) is boilerplate


# Minutes

MINUTES_2024_HEADINGS = [
    "Attendance",
    "Annual Organizational Matters",
    "Developments in Financial Markets and Open Market Operations",
    "Staff Review of the Economic Situation",
    "Staff Review of the Financial Situation",
    "Staff Economic Outlook",
    "Participants' Views on Current Conditions and the Economic Outlook",
    "Committee Policy Actions",
    "Notation Vote",
    FOOTNOTES_HEADING,
]


def test_minutes_2024_rebuilt():
    page = parsed(minutes_path("20240131"))
    assert page.title == "Minutes of the Federal Open Market Committee, January 30–31, 2024"
    assert page.release_date is None
    assert headings(page) == MINUTES_2024_HEADINGS
    assert_spans_consistent(page)
    assert page.text.startswith("January 30–31, 2024\n\nA joint meeting of the Federal Open Market Committee")
    assert "Jerome H. Powell, Chair\nJohn C. Williams, Vice Chair\nThomas I. Barkin" in page.text


def test_minutes_2025_original():
    page = parsed(minutes_path("20250129"))
    assert page.title == "Minutes of the Federal Open Market Committee, January 28–29, 2025"
    assert page.release_date is None
    assert headings(page) == [
        "Annual Organizational Matters",  # its footnote marker removed
        "Review of Monetary Policy Strategy, Tools, and Communications",
        "Developments in Financial Markets and Open Market Operations",
        "Staff Review of the Economic Situation",
        "Staff Review of the Financial Situation",
        "Staff Economic Outlook",
        "Participants' Views on Current Conditions and the Economic Outlook",
        "Committee Policy Actions",
        "Notation Vote",
        "Attendance",
        FOOTNOTES_HEADING,
    ]
    assert_spans_consistent(page)
    text = page.text
    assert ("continued on Wednesday, January 29, 2025, at 9:00 a.m.\n\nAnnual Organizational Matters\n\n"
            "The agenda for this meeting reported") in text
    assert "\n\nVoting for this action: Jerome H. Powell, John C. Williams, Michael S. Barr," in text
    assert "\n\nVoting against this action: None.\n\n" in text
    assert "Benjamin Silk, Lead Financial Analyst" in text  # bare <sup>4</sup> marker removed
    assert "Jerome H. Powell — Chair" in text  # officer table row
    assert "Joshua Gallin\nSecretary\n\nFootnotes\n\n1. The Federal Open Market Committee" in text
    assert text.endswith("through the end of the meeting.")
    notation = page.sections[headings(page).index("Notation Vote")]
    assert text[notation.char_start:notation.char_end] == (
        "Notation Vote\n\nBy notation vote completed on January 8, 2025, the Committee unanimously "
        "approved the minutes of the Committee meeting held on December 17–18, 2024."
    )


def test_minutes_2020_rebuilt_run_on_notation_votes():
    page = parsed(minutes_path("20200429"))
    assert page.title == "Minutes of the Federal Open Market Committee, April 28–29, 2020"
    assert headings(page) == [
        "PRESENT:",
        "Developments in Financial Markets and Open Market Operations",
        "Staff Review of the Economic Situation",
        "Staff Review of the Financial Situation",
        "Staff Economic Outlook",
        "Participants' Views on Current Conditions and the Economic Outlook",
        "Committee Policy Action",
        FOOTNOTES_HEADING,
    ]
    assert_spans_consistent(page)
    assert "The meeting adjourned at 10:10 a.m. on April 29, 2020. Notation Votes" in page.text
    assert "although housing-sector" in page.text  # soft hyphen of "al\xadthough" dropped
    assert "\xad" not in page.text


def test_minutes_title_falls_back_to_page_title_without_date_line():
    page = parsed(minutes_path("20210616"))
    assert page.title == "Minutes of the Federal Open Market Committee, June 15-16, 2021"
    assert page.text.startswith("A joint meeting of the Federal Open Market Committee")


def test_minutes_star_footnote_kept_without_marker():
    text = parsed(minutes_path("20251210")).text
    assert "to 3-1/2 to 3-3/4 percent." in text
    assert "\n\n* On December 30, 2025, shortly after publication" in text


def test_minutes_unscheduled_march_2020_subsection():
    page = parsed(minutes_path("20200315"))
    assert page.title == "Minutes of the Federal Open Market Committee, March 15, 2020"
    assert "Videoconference meeting of March 2" in headings(page)


@pytest.mark.parametrize(("day", "heading", "before"), [
    ("20230322", "Recent Developments in the Banking Sector", "Attendance"),
    ("20221102", "Committee Ethics Discussion", "Attendance"),
])
def test_minutes_heading_in_plain_type_is_a_section(day, heading, before):
    page = parsed(minutes_path(day))
    names = headings(page)
    assert names[names.index(heading) - 1] == before
    section = next(s for s in page.sections if s.heading == heading)
    assert page.text[section.char_start:section.char_end].startswith(heading)
    assert not any(", Board" in h or "Federal Reserve Bank of" in h for h in names)  # no attendance line


@pytest.mark.parametrize("path", [p.name for p in STATEMENT_FILES + MINUTES_FILES])
def test_every_snapshot_document_parses(path):
    full = (statement_path(path[8:16]) if path.startswith("monetary") else minutes_path(path[11:19]))
    page = parsed(full)
    assert page.text.strip() and page.title
    for chrome in CHROME:
        assert chrome not in page.text
    assert "\n\n\n" not in page.text and "\xa0" not in page.text
    if "fomcminutes" in full:
        assert len(page.text) > 40_000
        assert page.title.startswith("Minutes of the Federal Open Market Committee, ")
        names = headings(page)
        assert "Staff Review of the Economic Situation" in names
        assert "Staff Economic Outlook" in names
        assert any(h.startswith("Committee Policy Action") for h in names)
        assert names[-1] == FOOTNOTES_HEADING
        assert not any(h.startswith(("Voting", "January", "Joshua Gallin", "James A. Clouse")) for h in names)
        assert_spans_consistent(page)
    else:
        assert page.release_date == dt.datetime.strptime(path[8:16], "%Y%m%d").date()
        assert page.sections == ()
        for chrome in BOILERPLATE:
            assert chrome not in page.text


def test_snapshot_counts():
    assert len(STATEMENT_FILES) == 50 and len(MINUTES_FILES) == 48


# Refusals


@pytest.mark.parametrize("path", [statement_path("20200129"), statement_path("20240131"),
                                  minutes_path("20200429"), minutes_path("20250129")])
def test_truncated_page_is_refused(path):
    data = raw(path).encode("utf-8")
    cut = data[: int(len(data) * 0.6)].decode("utf-8", "ignore")
    with pytest.raises(PageParseError, match=path):
        parse_page(cut, "minutes" if "fomcminutes" in path else "statement", path)


@pytest.mark.parametrize("markup", ["<![a", "<![ ", "<![\n"])
def test_markup_the_html_parser_rejects_is_a_parse_error_naming_the_page(markup):
    # Found by benchmarks/faults.py's fuzzing: Python's HTML parser asserts on a malformed marked section,
    # and BeautifulSoup re-raises it as ParserRejectedMarkup.
    path = statement_path("20230322")
    html = raw(path)
    at = html.index("<p>", html.index('id="article"'))
    with pytest.raises(PageParseError, match=f"{path}: markup the HTML parser rejects"):
        parse_page(html[:at] + markup + html[at:], "statement", path)


def test_article_cut_mid_way_is_refused_even_with_closing_html_tag():
    html = raw(minutes_path("20250129"))
    cut = html[: html.index("Staff Economic Outlook")] + "</p></body></html>"
    with pytest.raises(PageParseError, match="cut off"):
        parse_page(cut, "minutes", "/m.htm")


@pytest.mark.parametrize(
    ("html", "message"),
    [
        ("", "no div#article"),
        ("garbage", "no div#article"),
        ("<html><body><div id='main'><p>Hello</p></div></body></html>", "no div#article"),
        ('<html><body><div id="article"><p>Too short.</p></div></body></html>', "only 10 characters"),
        ('<html><body><div id="article"><p>' + "word " * 200 + "</p></div></body></html>", "characters of minutes"),
    ],
)
def test_garbage_is_refused(html, message):
    with pytest.raises(PageParseError, match=message):
        parse_page(html, "minutes", "https://example.test/page.htm")


def test_unknown_doc_type():
    with pytest.raises(ValueError):
        parse_page(raw(statement_path("20200129")), "speech", "/x")
