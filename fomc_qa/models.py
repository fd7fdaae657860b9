"""Domain records shared by the pipeline (write side) and the library (read side).

Validation lives here, where data enters the system, so the rest of the code can trust
the records it is handed.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

DocType = Literal["statement", "minutes"]
DOC_TYPES: tuple[str, ...] = ("statement", "minutes")
Confidence = Literal["high", "medium", "low", "insufficient"]

DOC_TYPE_LABEL = {"statement": "FOMC Statement", "minutes": "FOMC Minutes"}


# The form of every document id: what a client-supplied id is checked against before any file is opened.
DOCUMENT_ID_PATTERN = r"^(statement|minutes)-\d{4}-\d{2}-\d{2}$"


def document_id(doc_type: str, meeting_date: dt.date | str) -> str:
    """`{doc_type}-{meeting_date}`: the contract id of a document."""
    return f"{doc_type}-{_iso(meeting_date)}"


def chunk_id(doc_id: str, chunk_index: int) -> str:
    """`{document_id}#{chunk_index:03d}`: the contract id of a chunk."""
    return f"{doc_id}#{chunk_index:03d}"


def chunk_key(cid: str) -> int:
    """Deterministic 63-bit USearch key for a chunk id (stable across runs and machines)."""
    digest = hashlib.blake2b(cid.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") & ((1 << 63) - 1)


def _iso(value: dt.date | str) -> str:
    return value.isoformat() if isinstance(value, dt.date) else dt.date.fromisoformat(value).isoformat()


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Meeting(_Record):
    """One FOMC meeting (or unscheduled action) as listed on the Fed's calendar pages."""

    meeting_date: dt.date  # last day of the meeting: the partition key
    label: str  # e.g. "January 30-31" or "March 15 (unscheduled)"
    statement_url: str | None = None
    minutes_url: str | None = None
    minutes_release_date: dt.date | None = None

    @property
    def key(self) -> str:
        return self.meeting_date.isoformat()

    def document_urls(self) -> dict[str, str]:
        urls = {"statement": self.statement_url, "minutes": self.minutes_url}
        return {k: v for k, v in urls.items() if v}


class Section(_Record):
    """A minutes heading and the span of document text it governs (heading line included)."""

    heading: str
    char_start: int = Field(ge=0)
    char_end: int


class FOMCDocument(_Record):
    document_id: str
    doc_type: DocType
    meeting_date: dt.date
    release_date: dt.date | None
    title: str
    source_url: str
    text: str
    content_sha256: str
    ingested_at: dt.datetime
    sections: tuple[Section, ...] = ()

    @field_validator("source_url")
    @classmethod
    def _url(cls, v: str) -> str:
        if not v.startswith(("http://", "https://")) or " " in v:
            raise ValueError(f"not a well-formed URL: {v!r}")
        return v

    @field_validator("text")
    @classmethod
    def _text(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("document text is empty")
        return v

    @model_validator(mode="after")
    def _ids(self) -> FOMCDocument:
        expected = document_id(self.doc_type, self.meeting_date)
        if self.document_id != expected:
            raise ValueError(f"document_id {self.document_id!r} should be {expected!r}")
        return self


class DocumentChunk(_Record):
    chunk_id: str
    document_id: str
    doc_type: DocType
    meeting_date: dt.date
    chunk_index: int = Field(ge=0)
    section: str | None
    text: str = Field(min_length=1)
    char_start: int = Field(ge=0)
    char_end: int
    token_count: int = Field(gt=0)  # of embedding_text(), special tokens included

    @model_validator(mode="after")
    def _consistent(self) -> DocumentChunk:
        if self.chunk_id != chunk_id(self.document_id, self.chunk_index):
            raise ValueError(f"chunk_id {self.chunk_id!r} does not match its document and index")
        if self.char_end <= self.char_start:
            raise ValueError("char_end must be greater than char_start")
        return self

    def embedding_text(self) -> str:
        return embedding_text(self.doc_type, self.meeting_date, self.section, self.text)


def document_label(doc_type: str, meeting_date: dt.date) -> str:
    """"FOMC Minutes — January 31, 2024": how people name a document."""
    return f"{DOC_TYPE_LABEL[doc_type]} — {meeting_date:%B} {meeting_date.day}, {meeting_date.year}"


def embedding_text(doc_type: str, meeting_date: dt.date, section: str | None, text: str) -> str:
    """The chunk as the models see it: a header naming the document, date and section, then the
    verbatim text. The header lets "the March 2022 minutes" match on dates and document kind,
    which the passage text alone rarely states."""
    header = document_label(doc_type, meeting_date)
    if section:
        header += f" — {section}"
    return f"{header}\n{text}"


class Citation(_Record):
    n: int = Field(ge=1)
    chunk_id: str
    document_id: str
    doc_type: DocType
    meeting_date: dt.date
    section: str | None
    relevance_score: float = Field(ge=0.0, le=1.0)
    quoted_excerpt: str


class Answer(_Record):
    question: str
    answer: str
    citations: list[Citation]
    confidence: Confidence
    retrieval_ms: float
    generation_ms: float
    total_ms: float
    lm: str
    lead: str = ""  # the first sentences, answering every part before any quote
    evidence: list[str] = []  # the quotes that carry the lead, one line each with its [n] markers


class BenchmarkResult(_Record):
    index_type: str
    params: dict[str, float | int | str]
    recall_at_k: float
    k: int
    latency_ms_p50: float
    latency_ms_p99: float
    build_s: float
    memory_bytes: int
    corpus_size: int
    recall_at_5: float | None = None
    recall_at_10: float | None = None
    batch_qps: float | None = None
    corpus_kind: str = "real"


class SearchHit(_Record):
    """One retrieved chunk, as the retriever ranks it (rank is 1-based)."""

    rank: int = Field(ge=1)
    chunk_id: str
    document_id: str
    doc_type: DocType
    meeting_date: dt.date
    section: str | None
    text: str
    score: float  # fused retrieval score; higher is better, comparable within one query only
    relevance: float = Field(ge=0.0, le=1.0)  # calibrated evidence strength (dense cosine mapped to [0,1])


class GoldenQuestion(_Record):
    """One question of an evaluation set (brief section 9)."""

    id: str
    question: str
    category: Literal["factual", "cross-document", "section-specific", "temporal", "out-of-scope"]
    # Each keyword is a string, or a list of alternatives of which any one counts
    # (the Fed's form and the decimal form: ["1/2 percentage point", "50 basis points"]).
    expected_answer_keywords: list[str | list[str]]
    relevant_documents: list[dict[str, str]]  # [{"type": "minutes", "date": "2024-01-31"}]
    relevant_sections: list[str] = []
    relevant_text_fragments: list[str] = []
    difficulty: str = "medium"
    split: Literal["train", "dev", "test"] | None = None
    kind: str | None = None  # the analyst's question class ("count", "current", "evolution", ...)

    def relevant_doc_keys(self) -> set[str]:
        """`{doc_type}_{meeting_date}` keys, the unit of retrieval relevance."""
        return {f"{d['type']}_{d['date']}" for d in self.relevant_documents}


MAX_QUESTION_CHARS = 2000


class BadQuestion(ValueError):
    """A question that cannot be asked: empty, too long, or not text."""


def check_k(k: int, name: str = "--k") -> None:
    """How many passages a caller may ask for: 1 to 100."""
    if not 1 <= k <= 100:
        raise BadQuestion(f"{name} must be between 1 and 100, not {k}")


def clean_question(raw: str) -> str:
    """Strip control characters and surrounding space; refuse empty or over-long questions."""
    if not isinstance(raw, str):
        raise BadQuestion("the question must be text")
    text = "".join(ch if ch.isprintable() or ch in " \t\n" else " " for ch in raw)
    text = " ".join(text.split())
    if not text:
        raise BadQuestion("the question is empty")
    if len(text) > MAX_QUESTION_CHARS:
        raise BadQuestion(f"the question is {len(text):,} characters; the limit is {MAX_QUESTION_CHARS:,}")
    return text
