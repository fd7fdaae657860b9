"""Request bodies and error bodies of the HTTP API (pydantic: FastAPI validates and documents them)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from fomc_qa.interfaces.conversations import CONVERSATION_ID_PATTERN
from fomc_qa.models import MAX_QUESTION_CHARS, BadQuestion, clean_question


class AnswerRequest(BaseModel):
    """A question; with `conversation_id` a follow-up in that conversation, with `selected_text`
    a question about a passage the user highlighted."""

    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1, max_length=4 * MAX_QUESTION_CHARS,
                          description="At most 2,000 characters once control characters and spaces are cleaned.")
    k: int = Field(5, ge=1, le=100, description="Passages to retrieve.")
    conversation_id: str | None = Field(None, pattern=CONVERSATION_ID_PATTERN)
    selected_text: str | None = Field(None, max_length=4 * MAX_QUESTION_CHARS)

    @field_validator("question")
    @classmethod
    def _question(cls, value: str) -> str:
        return _cleaned(value)

    @field_validator("selected_text")
    @classmethod
    def _selected(cls, value: str | None) -> str | None:
        return _cleaned(value) if value and value.strip() else None


def _cleaned(value: str) -> str:
    try:
        return clean_question(value)
    except BadQuestion as exc:
        raise ValueError(str(exc)) from exc


class ErrorBody(BaseModel):
    """Every error the API itself raises: the reason, and the request field at fault if one is."""

    detail: str
    field: str | None = None
