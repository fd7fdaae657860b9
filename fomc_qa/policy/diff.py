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


# The Fed writes some hyphens as non-breaking ("3\u20113/4"): two words that differ only so are the same word.
_HYPHENS = str.maketrans({c: "-" for c in "\u2010\u2011\u2012"})
Edit = tuple[str, str]  # ("=", kept words) | ("-", dropped words) | ("+", added words)


def word_edits(before: str, after: str) -> list[Edit]:
    """The word-level edit from `before` to `after` as runs of kept, dropped and added words, in order: the
    structured form of a redline (kept words are the later sentence's)."""
    a, b = before.split(), after.split()
    edits: list[Edit] = []
    matcher = difflib.SequenceMatcher(a=[w.translate(_HYPHENS) for w in a], b=[w.translate(_HYPHENS) for w in b],
                                      autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            edits.append(("=", " ".join(b[j1:j2])))
        if op in ("replace", "delete"):
            edits.append(("-", " ".join(a[i1:i2])))
        if op in ("replace", "insert"):
            edits.append(("+", " ".join(b[j1:j2])))
    return edits


_INLINE = {"=": "{}", "-": "[-{}-]", "+": "{{+{}+}}"}


def inline_edit(edits: list[Edit]) -> str:
    """The edit as one line, wdiff's way: "the labor market [-remained-]{+has remained+} solid"."""
    return " ".join(_INLINE[op].format(text) for op, text in edits)
