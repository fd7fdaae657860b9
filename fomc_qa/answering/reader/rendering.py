"""The answer text: the reader's quotes, each led by its source and followed by its passage marker."""

from __future__ import annotations

from collections.abc import Sequence

from fomc_qa.answering.reader.selection import Quote
from fomc_qa.answering.reader.sources import source_label

NO_ANSWER = "The passages do not contain the answer to this question."


def answer_text(quotes: Sequence[Quote]) -> str:
    """The answer: the quoted sentences with their markers, or NO_ANSWER.

    Each quotation is led by its source ("FOMC statement of May 4, 2022: “...” [3]"), so
    the answer says when and where it was said; consecutive quotations of one document
    share the lead.
    """
    if not quotes:
        return NO_ANSWER
    parts: list[str] = []
    previous = None
    for c in quotes:
        source = source_label(c.passage)
        if not source:
            parts.append(f"{c.text} [{c.passage.n}]")
            continue
        quote = f"\u201c{c.text}\u201d [{c.passage.n}]"
        parts.append(quote if source == previous else f"{source}: {quote}")
        previous = source
    return " ".join(parts)
