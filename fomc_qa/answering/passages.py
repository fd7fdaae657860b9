"""The numbered-passages text the LM reads: written from the retrieved hits, read back by the reader.

`format_passages(hits)` is what the program puts in the prompt's passages field; `parse_passages`
turns that text back into the reader's `Passage`s, both when the extractive engine finds it in a
DSPy prompt and when the session answers with the reader directly (`fomc_qa.answering.extractive`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from fomc_qa.answering.reader import Passage
from fomc_qa.models import DOC_TYPE_LABEL, SearchHit

PASSAGE_START = re.compile(r"^[ \t]*\[(\d{1,3})\][ \t]*", re.M)
_PASSAGE_HEADER = re.compile(r"^\(([^\n]*?\d{4}-\d{2}-\d{2}[^\n]*?)\)\s+")


def format_passages(hits: Sequence[SearchHit]) -> str:
    """Numbered passages in retrieval order: `[n] (FOMC Minutes, 2024-01-31, Section) text`."""
    blocks = []
    for n, hit in enumerate(hits, 1):
        parts = [DOC_TYPE_LABEL.get(hit.doc_type, hit.doc_type), hit.meeting_date.isoformat()]
        if hit.section:
            parts.append(hit.section.replace("(", "").replace(")", ""))
        blocks.append(f"[{n}] ({', '.join(parts)}) {hit.text.strip()}")
    return "\n\n".join(blocks)


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
            passages.append(Passage(n=n, header=header, text=body))
    return passages
