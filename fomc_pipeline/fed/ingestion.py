"""Meeting discovery and per-meeting ingestion: calendar pages → meetings → raw pages → documents.

Plain functions over a FedClient, so the assets, the sensor and the tests share one code path.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from urllib.parse import urlsplit

from fomc_pipeline.fed.calendar import CALENDAR_PATH, discover_meetings, historical_page_paths, parse_calendar
from fomc_pipeline.fed.fetch import FedClient, FetchError
from fomc_pipeline.fed.pages import parse_page
from fomc_qa.config import DEFAULT_SOURCE_URL
from fomc_qa.models import FOMCDocument, Meeting, document_id


class MeetingNotFound(LookupError):
    pass


def canonical_url(path_or_url: str) -> str:
    """Documents cite the Fed's own URL, whichever mirror served the bytes."""
    parts = urlsplit(path_or_url)
    return f"{DEFAULT_SOURCE_URL}{parts.path if parts.scheme else path_or_url}"


def fetch_meetings(client: FedClient, start: dt.date) -> list[Meeting]:
    """Every meeting from `start` on listed by the calendar page and the historical year pages."""
    calendar = client.get_page(CALENDAR_PATH)
    pages = {CALENDAR_PATH: calendar.text}
    for path in historical_page_paths(start, parse_calendar(calendar.text)):
        fetched = client.get(path)
        if fetched.found:
            pages[path] = fetched.text
    return discover_meetings(pages, start)


def find_meeting(client: FedClient, meeting_date: str) -> Meeting:
    """The meeting as the calendar lists it; only the pages that can list it are fetched (the
    current calendar, and the historical page of its year when that year is no longer current)."""
    return find_meetings(client, [meeting_date])[meeting_date]


def find_meetings(client: FedClient, meeting_dates: list[str]) -> dict[str, Meeting]:
    """The meetings as the calendar lists them, by date, from one read of the pages that can list the
    earliest (a run over many meetings fetches and parses the calendar once, not once per meeting)."""
    days = {key: dt.date.fromisoformat(key) for key in meeting_dates}
    if not days:
        return {}
    listed = {m.meeting_date: m for m in fetch_meetings(client, min(days.values()))}
    missing = [key for key, day in days.items() if day not in listed]
    if missing:
        raise MeetingNotFound(f"no FOMC meeting on {', '.join(missing)} is listed on the Fed's calendar pages")
    return {key: listed[day] for key, day in days.items()}


def is_published(client: FedClient, meeting: Meeting) -> bool:
    """A meeting is published once its statement (or, failing that, its minutes) page answers."""
    urls = meeting.document_urls()
    return any(client.get(url).found for url in urls.values())


@dataclass(frozen=True)
class RawPages:
    rows: list[dict]
    missing: list[str]  # documents listed on the calendar whose pages are not published yet


def fetch_meeting_pages(client: FedClient, meeting: Meeting) -> RawPages:
    rows, missing = [], []
    for doc_type, path in sorted(meeting.document_urls().items()):
        fetched = client.get(path)
        if not fetched.found:
            missing.append(f"{doc_type} ({canonical_url(path)}: HTTP {fetched.status})")
            continue
        raw = fetched.text.encode("utf-8")
        rows.append(
            {
                "meeting_date": meeting.meeting_date,
                "doc_type": doc_type,
                "source_url": canonical_url(path),
                "status": fetched.status,
                "html": fetched.text,
                "bytes": len(raw),
                "sha256": hashlib.sha256(raw).hexdigest(),
                "listed_release_date": meeting.minutes_release_date if doc_type == "minutes" else None,
                "fetched_at": dt.datetime.fromtimestamp(fetched.fetched_at, dt.UTC),
                "calendar_label": meeting.label,
            }
        )
    if not rows:
        raise FetchError(f"meeting {meeting.key}: none of its pages is published ({'; '.join(missing)})")
    return RawPages(rows, missing)


def build_document(row: dict, ingested_at: dt.datetime) -> FOMCDocument:
    """Clean one raw page into a validated document (PageParseError names the URL on bad pages)."""
    page = parse_page(row["html"], row["doc_type"], row["source_url"])
    return FOMCDocument(
        document_id=document_id(row["doc_type"], row["meeting_date"]),
        doc_type=row["doc_type"],
        meeting_date=row["meeting_date"],
        release_date=page.release_date or row.get("listed_release_date"),
        title=page.title,
        source_url=row["source_url"],
        text=page.text,
        content_sha256=hashlib.sha256(page.text.encode("utf-8")).hexdigest(),
        ingested_at=ingested_at,
        sections=page.sections,
    )
