"""The quotations of a raw answer: each sentence in curly quotes with its source label, markers and note.

The record's lines and the reader's (or an LM's) quotes arrive as one text ("FOMC minutes of June 14, 2023
(Committee Policy Actions): “...” [3] “...” [3]"); `quotes_of` reads it into `Quote`s in order, which `compose`
chooses from and the quote scorer reads (`quote_views`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fomc_qa.answering.quote_scorer import QuoteView

# "FOMC minutes of June 14, 2023 (Participants' Views ...): “...” [3] “...” [3]" (a section may hold a colon:
# "(Special Topic: Balance Sheet Issues)")
SEGMENT = re.compile(r"(?:(?P<label>FOMC (?:statement|minutes) of [A-Z][a-z]+ \d{1,2}, \d{4}"
                     r"(?: \([^)\n]{1,200}\))*): )?"
                     r"\u201c(?P<text>[^\u201d]+)\u201d(?P<marks>(?:\s*\[\d+\])+)(?P<note> \([^)\n]{1,160}\))?")
LABEL = re.compile(r"FOMC (?P<kind>statement|minutes) of (?P<day>[A-Z][a-z]+ \d{1,2}, \d{4})"
                   r"(?: \((?P<section>[^)]*)\))?")


@dataclass(frozen=True)
class Quote:
    """One quoted sentence of the raw answer, with its source label and marker(s)."""

    label: str  # "FOMC minutes of June 14, 2023 (Committee Policy Actions)"; "" when the text gave none
    text: str
    marks: str  # " [3]"
    note: str = ""
    place: int = 0  # its order in the raw answer
    opens: bool = False  # the first quote after its label
    score: float = 0.0  # the quote scorer's log-odds that it answers (0 for all without a scorer)

    def line(self, labelled: bool = True) -> str:
        quote = f"\u201c{self.text}\u201d{self.marks}{self.note}"
        return f"{self.label}: {quote}" if labelled and self.label else quote


def quotes_of(raw: str) -> list[Quote]:
    """Every quotation of the raw answer in order, each with the source label last named before it."""
    found: list[Quote] = []
    label = ""
    for m in SEGMENT.finditer(raw):
        label = m.group("label") or label
        found.append(Quote(label, m.group("text").strip(), m.group("marks"), m.group("note") or "", len(found),
                           bool(m.group("label"))))
    return found


def quote_views(raw: str) -> list[QuoteView]:
    """What the quote scorer reads of each quotation of a raw answer."""
    return views_of(quotes_of(raw))


def views_of(quotes: list[Quote]) -> list[QuoteView]:
    """What the quote scorer reads of quotations already parsed."""
    return [QuoteView(q.text, q.label, q.marks, q.place, q.opens) for q in quotes]


def day_of(q: Quote) -> str | None:
    """The quote's meeting day as its label names it ("June 14, 2023"), None without a label."""
    m = LABEL.match(q.label)
    return m.group("day") if m else None
