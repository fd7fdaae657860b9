"""Citations of the brief: each record sentence with its chunk, checked verbatim against the chunk files.

The record was parsed from these chunks; a sentence its chunk no longer holds means the chunks were rebuilt
after the record (a re-fetch), so the brief refuses rather than cite text the index does not have."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from fomc_qa.brief.errors import BriefFilesMissing
from fomc_qa.config import DataPaths
from fomc_qa.index.tables import read_table
from fomc_qa.policy.record import Source


@dataclass(frozen=True)
class Citation:
    """A verbatim sentence (`quote`) and where it is: the chunk, its document and that document's meeting."""

    chunk_id: str | None
    document: str
    date: str
    quote: str

    def to_dict(self) -> dict:
        return {"chunk_id": self.chunk_id, "document": self.document, "date": self.date, "quote": self.quote}


@dataclass(frozen=True)
class DocumentInfo:
    document_id: str
    url: str
    release_date: dt.date | None


class Chunks:
    """The chunk texts and documents of a few meetings, read once."""

    def __init__(self, paths: DataPaths, meetings: list[dt.date]) -> None:
        self.text: dict[str, str] = {}
        self.section: dict[str, str | None] = {}
        self.documents: dict[str, DocumentInfo] = {}
        for meeting in meetings:
            key = meeting.isoformat()
            chunks = _read(paths, "chunks", key, ["chunk_id", "text", "section"])
            self.text |= dict(zip(chunks["chunk_id"], chunks["text"], strict=True))
            self.section |= dict(zip(chunks["chunk_id"], chunks["section"], strict=True))
            docs = _read(paths, "documents", key, ["document_id", "source_url", "release_date"])
            for doc_id, url, released in zip(docs["document_id"], docs["source_url"], docs["release_date"],
                                             strict=True):
                self.documents[doc_id] = DocumentInfo(doc_id, url, released)

    def cite(self, source: Source) -> Citation:
        """The citation of a record sentence; BriefFilesMissing when its chunk does not hold it."""
        if source.chunk_id is not None and source.sentence not in self.text.get(source.chunk_id, ""):
            raise BriefFilesMissing(f"chunk {source.chunk_id} does not hold the record's sentence "
                                    f"“{source.sentence[:60]}…”: the record is stale; re-materialize meeting_record")
        meeting = source.document_id.split("-", 1)[1]
        return Citation(source.chunk_id, source.document_id, meeting, source.sentence)

    def of_document(self, document_id: str) -> list[tuple[str, str, str | None]]:
        """(chunk id, text, section) of a document's chunks, in order."""
        ids = sorted((c for c in self.text if c.startswith(document_id + "#")), key=lambda c: int(c.rsplit("#", 1)[1]))
        return [(c, self.text[c], self.section[c]) for c in ids]


def _read(paths: DataPaths, table: str, key: str, columns: list[str]) -> dict[str, list]:
    path = paths.partition_file(table, key)
    try:
        return read_table(path).select(columns).to_pydict()
    except (OSError, ValueError, KeyError) as exc:
        raise BriefFilesMissing(f"{path}: unreadable ({type(exc).__name__}); re-materialize {table} for {key}") \
            from exc
