"""Mutated real pages for property-based fuzzing of the page and calendar parsers (hypothesis),
shared by tests/test_faults.py and benchmarks/faults.py.

Seeds are real snapshot pages reduced to their article (the part the parsers read, wrapped in a
minimal page), so each example parses in milliseconds and 300 examples per parser stay cheap. A
mutation cuts, deletes, duplicates, inserts text or bytes, or renames tags."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from hypothesis import strategies as st

SNAPSHOT = Path(__file__).resolve().parents[1] / "data" / "snapshot" / "www.federalreserve.gov"
STATEMENTS = ["newsevents/pressreleases/monetary20200315a.htm", "newsevents/pressreleases/monetary20230322a.htm",
              "newsevents/pressreleases/monetary20251029a.htm"]
MINUTES = ["monetarypolicy/fomcminutes20200315.htm", "monetarypolicy/fomcminutes20251029.htm"]
CALENDARS = ["monetarypolicy/fomccalendars.htm", "monetarypolicy/fomchistorical2020.htm"]
TAGS = ["div", "p", "h3", "h4", "a", "span", "strong", "html", "body"]


def _page(inner: str) -> str:
    return f"<!DOCTYPE html><html><head><title>FOMC</title></head><body>{inner}</body></html>"


@cache
def seeds(kind: str) -> tuple[tuple[str, str], ...]:
    """(path, html) of the real pages of `kind` (statement, minutes, calendar), reduced: a page's
    div#article; a calendar's first meeting panel (each layout)."""
    from bs4 import BeautifulSoup

    out = []
    for rel in {"statement": STATEMENTS, "minutes": MINUTES, "calendar": CALENDARS}[kind]:
        soup = BeautifulSoup((SNAPSHOT / rel).read_text(), "html.parser")
        article = soup.find(id="article")
        if kind == "calendar":
            panels = article.select("div.panel")[:1]
            inner = '<div id="article">' + "".join(str(p) for p in panels) + "</div>"
        elif kind == "minutes":  # the opening of the minutes: attendance, first sections
            blocks = [str(c) for c in article.children][:60]
            inner = '<div id="article">' + "".join(blocks) + "</div>"
        else:
            inner = str(article)
        out.append((rel, _page(inner)))
    return tuple(out)


@st.composite
def mutated(draw, kind: str) -> tuple[str, str]:
    """(path, html): a seed page of `kind` with one to three random mutations."""
    rel, html = draw(st.sampled_from(seeds(kind)))
    for _ in range(draw(st.integers(1, 3))):
        n = len(html)
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + 2000)))
        op = draw(st.sampled_from(["cut", "delete", "duplicate", "text", "bytes", "tag"]))
        if op == "cut":
            html = html[:i]
        elif op == "delete":
            html = html[:i] + html[j:]
        elif op == "duplicate":
            html = html[:j] + html[i:j] + html[j:]
        elif op == "text":
            html = html[:i] + draw(st.text(max_size=200)) + html[i:]
        elif op == "bytes":
            html = html[:i] + draw(st.binary(max_size=200)).decode("utf-8", errors="replace") + html[i:]
        else:
            old, new = draw(st.sampled_from(TAGS)), draw(st.sampled_from(TAGS))
            html = re.sub(rf"(</?){old}\b", rf"\g<1>{new}", html, count=draw(st.integers(1, 5)))
    return rel, html
