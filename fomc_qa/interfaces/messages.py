"""Validation failures as sentences a person can act on: the field, what is wrong, never the input.

FastAPI's own 422 bodies read "Value error, ..." and carry the offending input back (all 2,001
characters of an over-long question); these name the field and the rule, and drop the input.
"""

from __future__ import annotations

_PATTERN_RULES = {
    "conversation_id": "must be 1 to 64 letters, digits, '-' or '_'",
    "document_id": "must look like statement-YYYY-MM-DD or minutes-YYYY-MM-DD",
}
_REWORDED = {
    "missing": "is required",
    "json_invalid": "is not valid JSON",
    "extra_forbidden": "is not a field this request takes",
    "model_attributes_type": "must be a JSON object",
    "dict_type": "must be a JSON object",
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
    if kind == "string_pattern_mismatch":
        return sentence(field, f"{field} {_PATTERN_RULES.get(field, 'has characters it may not contain')}")
    if kind in _REWORDED:
        return sentence(field, f"{'The body' if field == 'body' else field} {_REWORDED[kind]}")
    return sentence(field, msg)


def without_input(error: dict) -> dict:
    """A pydantic error entry with the echoed input (and its context and docs link) removed."""
    return {k: v for k, v in error.items() if k not in {"input", "ctx", "url"}}
