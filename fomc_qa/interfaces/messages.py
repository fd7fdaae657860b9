"""Validation failures as sentences a person can act on: the field, what is wrong, never the input.

FastAPI's own 422 bodies read "Value error, ..." and carry the offending input back (all 2,001
characters of an over-long question); these name the field and the rule, and drop the input.
"""

from __future__ import annotations

from fomc_qa.models import MAX_QUESTION_CHARS

_PATTERN_RULES = {
    "conversation_id": "It must be 1 to 64 letters, digits, '-' or '_'",
    "document_id": "It must look like statement-YYYY-MM-DD or minutes-YYYY-MM-DD",
}
_TEXTS = {"question": "question", "query": "query", "selected_text": "selected passage"}
_REWORDED = {
    "missing": "This field is required",
    "json_invalid": "The body is not valid JSON",
    "extra_forbidden": "This request takes no such field",
    "model_attributes_type": "The body must be a JSON object",
    "dict_type": "The body must be a JSON object",
    "date_from_datetime_parsing": "It must be a date, YYYY-MM-DD",
    "date_from_datetime_inexact": "It must be a date, YYYY-MM-DD",
    "date_parsing": "It must be a date, YYYY-MM-DD",
    "date_type": "It must be a date, YYYY-MM-DD",
}


def sentence(field: str, message: str) -> str:
    """'field: Message.' with pydantic's 'Value error, ' prefix dropped and the first letter capitalized."""
    text = message.strip()
    for prefix in ("Value error, ", "Assertion failed, "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    if text.lower().startswith(field.lower() + ": "):
        text = text[len(field) + 2:]
    text = text[:1].upper() + text[1:]
    if not text.endswith((".", "?", "!")):
        text += "."
    return f"{field}: {text}"


def error_message(field: str, kind: str, msg: str) -> str:
    """One validation error as a sentence (pydantic's `type` picks a rewording where its text is poor)."""
    if kind == "string_too_long" and field in _TEXTS:
        return sentence(field, f"The {_TEXTS[field]} is over {MAX_QUESTION_CHARS:,} characters; the limit is "
                               f"{MAX_QUESTION_CHARS:,}")
    if kind == "string_pattern_mismatch":
        return sentence(field, _PATTERN_RULES.get(field, "It has characters it may not contain"))
    return sentence(field, _REWORDED.get(kind, msg))


def without_input(error: dict, message: str) -> dict:
    """A pydantic error entry with its message as the sentence, and the echoed input (and its context
    and docs link) removed."""
    kept = {k: v for k, v in error.items() if k not in {"input", "ctx", "url"}}
    return {**kept, "msg": message.split(": ", 1)[-1]}
