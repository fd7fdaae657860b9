"""The minutes sections a question names, resolved against the sections a meeting's minutes have.

Analysts point into the minutes by section: "the staff review of the financial situation",
"the manager's review", "the staff economic outlook", "the December 2025 balance sheet
discussion", "the special topic on the standing repo facility". The answer then sits in a
handful of that section's chunks, which a whole-meeting search ranks among dozens of chunks
saying similar things elsewhere in the minutes. `named_sections` maps the question to the
section titles it means, so the retriever can search those first.

The sections every set of minutes has are named by the phrases analysts use for them
(`_STANDING`); a meeting's own sections ("Special Topic: Balance Sheet Issues",
"Considerations for Slowing the Pace of Balance Sheet Reduction") are named when the question
uses a cue ("discussion", "special topic", ...) and shares at least two content words with the
title.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fomc_qa.text.lexical import stem

# (what the question says, what the section title contains), both lower case.
_STANDING: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bfinancial situation\b"), "review of the financial situation"),
    (re.compile(r"\beconomic situation\b|\bstaff'?s? review of the economy\b"), "review of the economic situation"),
    (re.compile(r"\bstaff'?s? (?:economic )?(?:outlook|forecasts?|projections?)\b"), "staff economic outlook"),
    (
        re.compile(
            r"\bfinancial markets? review\b|\bmarkets? review\b|\b(?:deputy )?manager'?s? (?:review|report|briefing)\b"
            r"|\bdesk'?s? (?:review|report|briefing)\b|\bdevelopments in financial markets\b|\bopen market operations\b"
            r"|\b(?:according to|per) the (?:soma |deputy )?manager\b|\bdesk'?s? surveys?\b|\bsurveys? by the desk\b"
            r"|\bmanager (?:\w+ )?(?:said|say|says|noted|note|recommended|recommend|reported|report|described|describe"
            r"|discussed|observed|pointed|highlighted|briefed|reviewed|explained|expected)\b"
        ),
        "open market operations",
    ),
    (re.compile(r"\bparticipants'? (?:views|discussion)\b"), "participants' views"),
    (re.compile(r"\b(?:committee'?s? )?policy actions?\b|\bpolicy (?:discussion|deliberations?)\b"),
     "committee policy action"),
    # "the June 2024 staff review": either review (the economic or the financial situation)
    (re.compile(r"(?<!did the )(?<!does the )(?<!do the )\bstaff'?s? review\b(?! of the (?:economic|financial))"),
     "staff review of the"),
    (re.compile(r"\borganizational (?:meeting|matters)\b"), "annual organizational matters"),
    # "the framework review": the Review of Monetary Policy Strategy, Tools, and Communication(s) (2019-20, 2025)
    (re.compile(r"\bframework review\b|\breview of (?:the |its )?(?:monetary policy |policy )?framework\b"
                r"|\bstrategy review\b"), "review of monetary policy strategy"),
)
_STANDING_MARKERS = tuple(marker for _, marker in _STANDING)
_CUE = re.compile(r"\bdiscussions?\b|\bdiscussed\b|\bspecial topic\b|\bbriefing\b|\bpresentation\b|\bresolution\b")
_WORD = re.compile(r"[a-z]+")
# Title words that say what kind of section it is rather than what it is about.
_GENERIC = frozenset(
    "a an and the of on for to in at by discussion discussions special topic considerations issues review"
    " developments views matters committee policy monetary federal reserve fomc".split()
)
MIN_SHARED_WORDS = 2


def _content_words(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.lower()) if w not in _GENERIC and len(w) > 2}


def named_sections(question: str, titles: Iterable[str | None]) -> frozenset[str]:
    """The titles among `titles` (a meeting's minutes sections) that the question names."""
    q = question.lower().replace("\u2019", "'")
    titles = sorted({t for t in titles if t})
    chosen: set[str] = set()
    for phrase, marker in _STANDING:
        if phrase.search(q):
            chosen |= {t for t in titles if marker in t.lower()}
    if _CUE.search(q):
        words = _content_words(q)
        overlap = {t: len(_content_words(t) & words) for t in titles
                   if not any(m in t.lower() for m in _STANDING_MARKERS)}
        best = max(overlap.values(), default=0)
        if best >= MIN_SHARED_WORDS:
            chosen |= {t for t, n in overlap.items() if n == best}
    return frozenset(chosen)
