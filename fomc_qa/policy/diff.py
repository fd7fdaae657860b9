"""Word-level differences between two statement sentences: what an analyst reads for in a redline."""

from __future__ import annotations

import difflib

MAX_PIECE_WORDS = 25


def _piece(words: list[str]) -> str:
    text = " ".join(words[:MAX_PIECE_WORDS])
    return f"“{text}{' …' if len(words) > MAX_PIECE_WORDS else ''}”"


def word_diff(before: str, after: str) -> str:
    """"unchanged", or the edits from `before` to `after`: “was” → “is”; added “solid”; dropped “the”."""
    a, b = before.split(), after.split()
    if [w.strip(".,;") for w in a] == [w.strip(".,;") for w in b]:
        return "unchanged"
    edits = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "replace":
            edits.append(f"{_piece(a[i1:i2])} → {_piece(b[j1:j2])}")
        elif op == "delete":
            edits.append(f"dropped {_piece(a[i1:i2])}")
        elif op == "insert":
            edits.append(f"added {_piece(b[j1:j2])}")
    return "; ".join(edits)
