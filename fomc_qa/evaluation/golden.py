"""Golden question files: reading and validating them, and their train/dev/test splits (brief section 9)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from pathlib import Path

from pydantic import ValidationError

from fomc_qa.models import DOC_TYPES, GoldenQuestion

OUT_OF_SCOPE = "out-of-scope"
CATEGORIES: tuple[str, ...] = ("factual", "section-specific", "temporal", "cross-document", OUT_OF_SCOPE)
SPLITS: tuple[str, ...] = ("train", "dev", "test")


class GoldenFileError(ValueError):
    """A golden file that cannot be used; the message names the file and the offending item."""



def load_golden(path: str | Path) -> list[GoldenQuestion]:
    """Read and validate a golden file, failing early with a message a user can act on."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GoldenFileError(f"{path}: cannot read golden file: {exc}") from exc
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise GoldenFileError(f"{path}: invalid JSON at {where}: {exc.msg}") from exc
    if not isinstance(data, list):
        raise GoldenFileError(f"{path}: expected a JSON list of questions, got {type(data).__name__}")
    if not data:
        raise GoldenFileError(f"{path}: the golden file contains no questions")

    questions: list[GoldenQuestion] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(data):
        where = _item_label(i, item)
        if not isinstance(item, dict):
            raise GoldenFileError(f"{path}: {where}: expected an object, got {type(item).__name__}")
        try:
            question = GoldenQuestion.model_validate(_without_notes(item))
        except ValidationError as exc:
            raise GoldenFileError(f"{path}: {where}: {_short_errors(exc)}") from exc
        problem = _check_question(question)
        if problem:
            raise GoldenFileError(f"{path}: {where}: {problem}")
        if question.id in seen:
            raise GoldenFileError(f"{path}: {where}: duplicate id (first used by item {seen[question.id]})")
        seen[question.id] = i
        questions.append(question)
    return questions


def split_questions(questions: Iterable[GoldenQuestion], split: str) -> list[GoldenQuestion]:
    """The questions of one split ("train" for compiling, "dev" for scoring); order is kept."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {', '.join(SPLITS)}")
    return [q for q in questions if q.split == split]


# Notes an author may add that the record does not hold (yet): an out-of-scope question's "decline_reason".
NOTES: tuple[str, ...] = ("decline_reason",)


def _without_notes(item: dict) -> dict:
    """The item without the notes the record model has no field for (they are read from the file where needed)."""
    return {k: v for k, v in item.items() if k not in NOTES or k in GoldenQuestion.model_fields}


def _item_label(index: int, item: object) -> str:
    qid = item.get("id") if isinstance(item, dict) else None
    return f"item {index} (id {qid!r})" if qid is not None else f"item {index}"


def _short_errors(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "record"
        parts.append(f"{loc}: {err['msg']}")
    return "; ".join(parts)


def _check_question(q: GoldenQuestion) -> str | None:
    """Checks the record model leaves open: document references and the out-of-scope shape."""
    if not q.question.strip():
        return "question is empty"
    for j, doc in enumerate(q.relevant_documents):
        if set(doc) != {"type", "date"}:
            return f"relevant_documents[{j}] must have exactly the keys 'type' and 'date'"
        if doc["type"] not in DOC_TYPES:
            return f"relevant_documents[{j}].type {doc['type']!r} is not one of {', '.join(DOC_TYPES)}"
        try:
            dt.date.fromisoformat(doc["date"])
        except ValueError:
            return f"relevant_documents[{j}].date {doc['date']!r} is not a YYYY-MM-DD date"
    if q.category == OUT_OF_SCOPE and q.relevant_documents:
        return "an out-of-scope question must not list relevant documents"
    if q.category != OUT_OF_SCOPE and not q.relevant_documents:
        return "an answerable question needs at least one relevant document"
    return None
