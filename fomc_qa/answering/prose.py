"""An answer's own words as an analyst reads them: the Fed's numbers once, no nested parentheses, no edit arrows."""

from __future__ import annotations

import re

_NUMBER_WORD = re.compile(r"\b(\d+) \((zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
                          r"|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\)")
_DECIMAL_COPY = re.compile(r" \((?:\d+\.\d+%(?:–\d+\.\d+%)?)\)")


def clean_prose(text: str) -> str:
    """The Fed's numbers once, in words an analyst reads: "2 (two)" -> "two", one decimal copy (the last range's,
    where things ended up; never inside parentheses), edit arrows as words."""
    text = _NUMBER_WORD.sub(lambda m: m.group(2), text)
    outside = [m for m in _DECIMAL_COPY.finditer(text)
               if text[: m.start()].count("(") <= text[: m.start()].count(")")]  # not within parentheses
    keep = outside[-1].start() if outside else -1  # the last range named: where it ended up

    text = _DECIMAL_COPY.sub(lambda m: m.group(0) if m.start() == keep else "", text)
    return text.replace(" → ", " became ").replace("→", " became ")
