"""The Fed's FOMC calendar pages as pure functions: HTML in, `Meeting` records out.

Two layouts are understood:

* the current calendar page (`fomccalendars.htm`, and the mirror's rebuilt `fomchistorical2020.htm`):
  one panel per year headed `<h4>YYYY FOMC Meetings</h4>`, one `div.fomc-meeting` row per meeting
  with the month ("January", "Apr/May") and day ("27-28", "30-1", "3 (unscheduled)") in separate
  cells, a "Statement:" block and a minutes block;
* the historical-year page (`fomchistoricalYYYY.htm` on the live site): one panel per meeting headed
  `<h5 class="panel-heading">January 26-27 Meeting - 2016</h5>` with a "Statement" link and a
  "Minutes (Released ...):" paragraph.

The meeting date is the last day of the meeting (the partition key). It comes from the row's own
month/day text, because that is what the page asserts about the meeting; the date in the document
URLs is used as a cross-check and as a fallback when the row text cannot be read.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Iterable, Mapping

from bs4 import BeautifulSoup, Tag
from bs4.builder import ParserRejectedMarkup

from fomc_qa.models import Meeting

log = logging.getLogger(__name__)

CALENDAR_PATH = "/monetarypolicy/fomccalendars.htm"
HISTORICAL_PATH = "/monetarypolicy/fomchistorical{year}.htm"

_MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)
_MONTHS = {name[:3].lower(): number for number, name in enumerate(_MONTH_NAMES, start=1)}
_HOSTS = ("https://www.federalreserve.gov", "http://www.federalreserve.gov")
# Policy statements: /newsevents/pressreleases/monetaryYYYYMMDDa.htm (older: /newsevents/press/monetary/YYYYMMDDa.htm).
# The "a1" implementation notes and "b" longer-run-goals releases deliberately do not match.
_STATEMENT_RE = re.compile(r"^/newsevents/press(?:releases/monetary|/monetary/)(\d{8})a\.htm$", re.I)
_MINUTES_RE = re.compile(r"^/(?:monetarypolicy/fomcminutes|fomc/minutes/)(\d{8})\.htm$", re.I)
_RELEASED_RE = re.compile(r"Released\s+([A-Za-z]+\.?\s+\d{1,2},\s*\d{4})")
_DAYS_RE = re.compile(r"(\d{1,2})(?:\s*[-–—]\s*(\d{1,2}))?")
_PANEL_YEAR_RE = re.compile(r"\b((?:19|20)\d{2})\s+FOMC\s+Meetings\b", re.I)
_HISTORICAL_HEADING_RE = re.compile(
    r"^(?P<m1>[A-Za-z]+)\.?\s+(?P<d1>\d{1,2})"
    r"(?:\s*[-–—]\s*(?:(?P<m2>[A-Za-z]+)\.?\s+)?(?P<d2>\d{1,2}))?"
    r"(?P<rest>.*?)\s*[-–—]\s*(?P<year>(?:19|20)\d{2})\s*$"
)


STATEMENT_PATH = "/newsevents/pressreleases/monetary{day:%Y%m%d}a.htm"


def statement_path(meeting_date: dt.date) -> str:
    """Where the Fed publishes a meeting's statement (the current form of _STATEMENT_RE), known before the
    calendar links it: the release-day watch polls it."""
    return STATEMENT_PATH.format(day=meeting_date)


class CalendarParseError(ValueError):
    """A calendar page has no recognizable meeting rows (malformed, truncated or not a calendar)."""


def parse_calendar(html: str) -> list[Meeting]:
    """All meetings listed on one calendar page (either layout), sorted by meeting date.

    Rows without a policy statement or minutes link are kept only when they have no links at all:
    those are future meetings whose documents are not out yet (the pipeline finds out by fetching).
    A row that links something else but neither document (the 2025-08-22 notation vote on the
    longer-run goals statement) is not a policy meeting with documents and is left out.
    """
    if re.search(r"<html[\s>]", html, re.I) and not re.search(r"</html\s*>", html, re.I):
        raise CalendarParseError("calendar page is truncated: no closing </html> tag")
    try:
        soup = BeautifulSoup(html, "html.parser")
    except ParserRejectedMarkup as exc:  # Python's HTML parser gives up on some malformed markup ("<![a")
        raise CalendarParseError(f"calendar page has markup the HTML parser rejects "
                                 f"({str(exc).strip().splitlines()[-1]})") from exc
    root = soup.find(id="article") or soup
    rows = root.select("div.fomc-meeting")
    headings = [h for h in root.select(".panel-heading") if _HISTORICAL_HEADING_RE.match(_text(h))]
    if not rows and not headings:
        raise CalendarParseError(
            "no meeting rows found: expected div.fomc-meeting rows under 'YYYY FOMC Meetings' panels "
            "or 'Month D-D Meeting - YYYY' panel headings"
        )
    meetings = [m for m in (_calendar_row(row) for row in rows) if m is not None]
    meetings += [m for m in (_historical_panel(h) for h in headings) if m is not None]
    if not meetings:
        raise CalendarParseError(
            f"found {len(rows) + len(headings)} meeting rows but could not read a meeting from any of them"
        )
    return sorted(_dedupe(meetings).values(), key=lambda m: m.meeting_date)


def historical_page_paths(start: dt.date, calendar_meetings: Iterable[Meeting]) -> list[str]:
    """Historical-year pages needed to reach back to `start`: the current calendar page only lists
    recent years, so every year from start.year up to (not including) its earliest year is fetched
    from /monetarypolicy/fomchistoricalYYYY.htm."""
    years = [m.meeting_date.year for m in calendar_meetings]
    if not years:
        raise ValueError("the current calendar lists no meetings; cannot tell which years are historical")
    return [HISTORICAL_PATH.format(year=year) for year in range(start.year, min(years))]


def discover_meetings(pages: Mapping[str, str], start: dt.date) -> list[Meeting]:
    """Meetings from several calendar pages (path -> HTML), merged by meeting date, sorted and
    limited to meeting_date >= start. When two pages list the same meeting, fields missing on the
    first page listing it are filled from the later one."""
    merged: dict[dt.date, Meeting] = {}
    for path, html in pages.items():
        try:
            meetings = parse_calendar(html)
        except CalendarParseError as exc:
            raise CalendarParseError(f"{path}: {exc}") from exc
        for meeting in meetings:
            known = merged.get(meeting.meeting_date)
            merged[meeting.meeting_date] = meeting if known is None else _merge(known, meeting)
    return [merged[d] for d in sorted(merged) if d >= start]


def _calendar_row(row: Tag) -> Meeting | None:
    month_cell = row.select_one(".fomc-meeting__month")
    date_cell = row.select_one(".fomc-meeting__date")
    month_text = _text(month_cell) if month_cell else ""
    date_text = _text(date_cell).replace("*", "").strip() if date_cell else ""
    year_text = row.find_previous(string=_PANEL_YEAR_RE)
    year = int(_PANEL_YEAR_RE.search(year_text).group(1)) if year_text else None
    months = _month_numbers(month_text)
    days = _DAYS_RE.match(date_text)
    row_date = _last_day(months, days.group(1), days.group(2), year) if year and days else None
    label = f"{month_text} {date_text}".strip()
    if len(months) == 2 and days and days.group(2):
        label = (f"{_MONTH_NAMES[months[0] - 1]} {days.group(1)}-{_MONTH_NAMES[months[1] - 1]} "
                 f"{days.group(2)}{date_text[days.end():]}")
    return _meeting(row, label, row_date)


def _historical_panel(heading: Tag) -> Meeting | None:
    match = _HISTORICAL_HEADING_RE.match(_text(heading))
    if match is None:
        return None
    months = _month_numbers(match["m1"]) + (_month_numbers(match["m2"]) if match["m2"] else [])
    row_date = _last_day(months, match["d1"], match["d2"], int(match["year"]))
    text = _text(heading)
    label = re.sub(r"(?:\s+Meeting)?\s*[-–—]\s*$", "", text[: match.start("year")])
    block = heading.parent if isinstance(heading.parent, Tag) else heading
    return _meeting(block, label, row_date)


def _meeting(block: Tag, label: str, row_date: dt.date | None) -> Meeting | None:
    """One Meeting from a row's block of links, reconciling the row date with the URL dates."""
    statement = _statement_link(block)
    minutes = _minutes_link(block)
    if statement is None and minutes is None and block.find("a", href=True) is not None:
        log.info("calendar row %r links no policy statement or minutes; not a meeting with documents", label)
        return None
    url_date = _url_date(minutes, _MINUTES_RE) or _url_date(statement, _STATEMENT_RE)
    if row_date is None:
        if url_date is None:
            log.warning("calendar row %r: unreadable date and no document URL; skipped", label)
            return None
        row_date = url_date
    elif url_date is not None and url_date != row_date:
        log.warning("calendar row %r: row date %s disagrees with URL date %s; keeping the row date",
                    label, row_date, url_date)
    return Meeting(
        meeting_date=row_date,
        label=label or row_date.isoformat(),
        statement_url=statement,
        minutes_url=minutes,
        minutes_release_date=_minutes_release(block, minutes) if minutes else None,
    )


def _statement_link(block: Tag) -> str | None:
    """The policy statement's HTML page: a statement-shaped URL that is either labelled
    "Statement" itself or sits in a block that starts with the "Statement:" label."""
    for anchor in block.find_all("a", href=True):
        path = _site_path(anchor["href"])
        if not _STATEMENT_RE.match(path):
            continue
        if re.fullmatch(r"(?:FOMC\s+)?Statement", _text(anchor), re.I):
            return path
        container = anchor.find_parent(["p", "div", "li", "td"])
        if container is not None and re.match(r"Statement\s*:", _text(container), re.I):
            return path
    return None


def _minutes_link(block: Tag) -> str | None:
    for anchor in block.find_all("a", href=True):
        path = _site_path(anchor["href"])
        if _MINUTES_RE.match(path):
            return path
    return None


def _minutes_release(block: Tag, minutes_path: str) -> dt.date | None:
    anchor = next(a for a in block.find_all("a", href=True) if _site_path(a["href"]) == minutes_path)
    container = anchor.find_parent(["p", "div", "li", "td"]) or block
    found = _RELEASED_RE.search(_text(container))
    return _parse_long_date(found.group(1)) if found else None


def _last_day(months: list[int], first_day: str, last_day: str | None, year: int) -> dt.date | None:
    """The last day of a meeting: the second day and the last month named; a second day smaller
    than the first ("30-1" under "April") means the meeting ran into the next month, and a month
    sequence that goes backwards ("Dec/Jan") into the next year."""
    if not months:
        return None
    day = int(last_day or first_day)
    month = months[-1]
    if len(months) > 1 and months[-1] < months[0]:
        year += 1
    elif len(months) == 1 and last_day is not None and int(last_day) < int(first_day):
        month += 1
        if month == 13:
            month, year = 1, year + 1
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _month_numbers(text: str) -> list[int]:
    return [_MONTHS[w[:3].lower()] for w in re.findall(r"[A-Za-z]+", text) if w[:3].lower() in _MONTHS]


def _parse_long_date(text: str) -> dt.date | None:
    match = re.match(r"([A-Za-z]+)\.?\s+(\d{1,2}),\s*(\d{4})", text.strip())
    if not match or match.group(1)[:3].lower() not in _MONTHS:
        return None
    try:
        return dt.date(int(match.group(3)), _MONTHS[match.group(1)[:3].lower()], int(match.group(2)))
    except ValueError:
        return None


def _url_date(path: str | None, pattern: re.Pattern[str]) -> dt.date | None:
    match = pattern.match(path) if path else None
    if not match:
        return None
    try:
        return dt.datetime.strptime(match.group(1), "%Y%m%d").date()
    except ValueError:
        return None


def _site_path(href: str) -> str:
    href = href.strip()
    for host in _HOSTS:
        if href.startswith(host):
            return href[len(host):] or "/"
    return href


def _text(node: Tag | str) -> str:
    raw = node.get_text(" ") if isinstance(node, Tag) else str(node)
    return re.sub(r"\s+", " ", raw).strip()


def _dedupe(meetings: list[Meeting]) -> dict[dt.date, Meeting]:
    out: dict[dt.date, Meeting] = {}
    for meeting in meetings:
        known = out.get(meeting.meeting_date)
        out[meeting.meeting_date] = meeting if known is None else _merge(known, meeting)
    return out


def _merge(first: Meeting, other: Meeting) -> Meeting:
    """Keep the first listing, filling its missing document fields from another listing."""
    updates = {
        field: getattr(other, field)
        for field in ("statement_url", "minutes_url", "minutes_release_date")
        if getattr(first, field) is None and getattr(other, field) is not None
    }
    return first.model_copy(update=updates) if updates else first
