"""Where a passage comes from, as the reader uses it: its meeting, its minutes section, its header's words
spelled for matching, and the source label an answer quotes it under."""

from __future__ import annotations

import re

from fomc_qa.answering.passages import Passage
from fomc_qa.models import DOC_TYPE_LABEL
from fomc_qa.text.names import MONTHS


def meeting_of(passage: Passage) -> str:
    """The passage's meeting date (ISO), or "" without one."""
    return passage.meeting_date.isoformat() if passage.meeting_date else ""


def section_of(passage: Passage) -> str:
    """The passage's minutes section ("Special Topic: The Standing Repo Facility"), or ""."""
    return passage.section


def spelled_header(passage: Passage) -> str:
    """The passage's header with its ISO date spelled as year, month name and day, so "January 2024" can match it."""

    def spell(match: re.Match[str]) -> str:
        year, month, day = match.group(1), int(match.group(2)), int(match.group(3))
        return f"{year} {MONTHS[month - 1] if 1 <= month <= 12 else ''} {day}"

    return re.sub(r"(\d{4})-(\d{2})-(\d{2})", spell, passage.header)


def source_label(passage: Passage) -> str:
    """How an answer names a passage's source: "FOMC statement of May 4, 2022", or for minutes
    with their section, "FOMC minutes of May 4, 2022 (Committee Policy Action)"; "" for a
    passage without a date."""
    date = passage.meeting_date
    if date is None:
        return ""
    kind = passage.doc_type if passage.doc_type in DOC_TYPE_LABEL else ""
    label = f"FOMC {kind}" if kind else passage.doc_type or "FOMC document"
    label = f"{label} of {MONTHS[date.month - 1].capitalize()} {date.day}, {date.year}"
    return f"{label} ({passage.section})" if passage.section else label
