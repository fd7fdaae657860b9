"""The passages the reader reads: typed from the retrieved hits, or parsed back from the numbered text an LM reads.

`passages_from_hits(hits)` gives the reader its `Passage`s straight from the search hits (document type, meeting
date, section, chunk id and text as fields): the direct answer path (`fomc_qa.answering.extractive`).
`format_passages(hits)` is the numbered text the program puts in the prompt's passages field; `parse_passages` turns
that text back into `Passage`s, for the extractive engine that finds it in a DSPy prompt (`fomc_qa.answering.engine`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from fomc_qa.models import DOC_TYPE_LABEL, SearchHit

PASSAGE_START = re.compile(r"^[ \t]*\[(\d{1,3})\][ \t]*", re.M)
_PASSAGE_HEADER = re.compile(r"^\(([^\n]*?\d{4}-\d{2}-\d{2}[^\n]*?)\)\s+")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_DOC_KIND = {label.lower(): kind for kind, label in DOC_TYPE_LABEL.items()}


@dataclass(frozen=True)
class Passage:
    """One numbered passage: its marker (1 = the retriever's best), its source and its verbatim text."""

    n: int
    text: str
    doc_type: str = ""  # "statement" or "minutes" (DOC_TYPE_LABEL); else a source's own label, "" without one
    meeting_date: dt.date | None = None
    section: str = ""  # the minutes section, "" without one
    chunk_id: str = ""  # "" for a passage parsed from text

    @property
    def header(self) -> str:
        """The passage's source as the numbered text writes it: "FOMC Minutes, 2024-01-31, Section"."""
        if self.meeting_date is None:
            return self.doc_type
        parts = [DOC_TYPE_LABEL.get(self.doc_type, self.doc_type), self.meeting_date.isoformat()]
        return ", ".join([*parts, self.section] if self.section else parts)

    @property
    def is_minutes(self) -> bool:
        return self.doc_type == "minutes"


def _section_text(section: str | None) -> str:
    """A section title as the numbered text writes it (no parentheses, which would end its header)."""
    cleaned = (section or "").replace("(", "").replace(")", "")
    return ", ".join(p.strip() for p in cleaned.split(",")) if cleaned.strip() else ""


def passages_from_hits(hits: Sequence[SearchHit]) -> list[Passage]:
    """The hits as the reader's passages, numbered in retrieval order (hits without text are skipped)."""
    return [Passage(n=n, text=hit.text.strip(), doc_type=hit.doc_type, meeting_date=hit.meeting_date,
                    section=_section_text(hit.section), chunk_id=hit.chunk_id)
            for n, hit in enumerate(hits, 1) if hit.text.strip()]


def format_passages(hits: Sequence[SearchHit]) -> str:
    """Numbered passages in retrieval order: `[n] (FOMC Minutes, 2024-01-31, Section) text`."""
    blocks = []
    for n, hit in enumerate(hits, 1):
        parts = [DOC_TYPE_LABEL.get(hit.doc_type, hit.doc_type), hit.meeting_date.isoformat()]
        if hit.section:
            parts.append(hit.section.replace("(", "").replace(")", ""))
        blocks.append(f"[{n}] ({', '.join(parts)}) {hit.text.strip()}")
    return "\n\n".join(blocks)


def passage_with_header(n: int, header: str, text: str) -> Passage:
    """A passage from its marker, its header as the numbered text writes it ("FOMC Statement, 2022-05-04",
    "FOMC Minutes, 2020-01-29, Committee Policy Action"; "" for none) and its text."""
    parts = [p.strip() for p in header.split(",")]
    dated = next((i for i, p in enumerate(parts) if _ISO_DATE.fullmatch(p)), None)
    try:
        date = dt.date.fromisoformat(parts[dated]) if dated is not None else None
    except ValueError:
        date = None
    if dated is None or date is None:  # no date of its own: the header is only a label
        return Passage(n=n, text=text, doc_type=header.strip())
    label = ", ".join(parts[:dated])
    return Passage(n=n, text=text, doc_type=_DOC_KIND.get(label.lower(), label), meeting_date=date,
                   section=", ".join(parts[dated + 1 :]))


def parse_passages(text: str) -> list[Passage]:
    """`[n] (header) text` blocks; a block runs until the next marker at a line start."""
    starts = list(PASSAGE_START.finditer(text))
    passages: list[Passage] = []
    seen: set[int] = set()
    for i, match in enumerate(starts):
        n = int(match.group(1))
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        body = text[match.end() : end].strip()
        header = ""
        head = _PASSAGE_HEADER.match(body)
        if head:
            header, body = head.group(1), body[head.end() :]
        if body and n not in seen:
            seen.add(n)
            passages.append(passage_with_header(n, header, body))
    return passages
