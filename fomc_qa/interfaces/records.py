"""The typed records the HTTP API and the MCP server return, beside the library's own models."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict

from fomc_qa.models import Answer


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AnswerResult(_Out):
    """A cited answer in a conversation: `resolved_question` is the standalone question answered
    (a follow-up with the dates it inherited)."""

    conversation_id: str
    resolved_question: str
    answer: Answer


class TimelineRow(_Out):
    """One meeting of the policy timeline (`fomc_qa.policy.timeline.timeline_rows`)."""

    meeting_date: dt.date
    meeting_kind: str
    decision: str
    change_bp: int | None
    range_low: float | None
    range_high: float | None
    range_text: str | None
    iorb: float | None
    on_rrp: float | None
    discount_rate: float | None
    voters_for: int
    dissenters: str
    decision_sentence: str
    decision_chunk_id: str


class CorpusInfo(_Out):
    data_dir: str
    meetings: int
    first_meeting: dt.date
    last_meeting: dt.date
    chunks: int


class ModelInfo(_Out):
    embedding: str
    lm: str
    compiled_program: bool


class Health(_Out):
    """What the server answers from: the corpus, the models, and the index version (a hash of the
    manifest the pipeline wrote, so a rebuild shows as a new version)."""

    status: str
    corpus: CorpusInfo
    model: ModelInfo
    index_version: str
