"""Facets of a question: the parts of a multi-part question that ask different things.

"To what level did the Board raise the rate, and by how much was this technical adjustment?" asks
two things that different sentences answer; the extractive reader quotes a sentence for each, the answer flow
adds each part's best passage from the same meetings after the whole question's (`fomc_qa.answering.flow.facet_hits`;
moving it into the top k instead was tried on 2026-11-22 and not kept), and the policy desk answers each part the
record answers (`fomc_qa.policy.desk`).
"""

from __future__ import annotations

import re

from fomc_qa.text.names import COMMON_NAMES, STOPWORDS

_WH = r"(?:what|how|which|who|whom|whose|when|why|where|whether)"
_PREPOSITION = r"(?:over|through|via|in|on|at|for|by|from|to|with|under|during|after|before|against|since|of)"
# Split at "and" before a question word (or "about": "about the policy rate and about reserves"), also after a
# preposition and a word ("and over what period", "and through which cap", "and roughly how much"); at a comma before
# a question word ("how large did ... expect purchases to be, what change did the manager propose, and ..."); or
# after a question mark.
_FACET_SPLIT = re.compile(
    r"(?:,\s*|\s+)and\s+(?=(?:what|how|by how|to what|which|who|whom|when|why|where|whether|on what|in what|at what"
    r"|according|about|did|does|do|was|were|is|are|had|has|have|would|could|will|can|should)\b)"
    rf"|(?:,\s*|\s+)and\s+(?=(?:{_PREPOSITION}\s+)?(?:\w+\s+)?{_WH}\b)"
    rf"|(?P<comma>,\s+)(?=(?:{_PREPOSITION}\s+)?(?:\w+\s+)?{_WH}\b)"
    r"|(?<=\?)\s+(?=\S)"
    # ", and the main inflation risks?": a last noun phrase asked after a comma is a part of its own (after a
    # question word or a "topic:" opening; a list of three is one thing asked)
    r"|(?P<noun>,\s+and\s+)(?=(?:the|its|their|any)\s+[^,?]+\?\s*$)",
    re.I,
)
# A part before a comma asks something itself only with a question word of its own: "When the Committee opened its
# review, what did ..." is one question (a clause, then what it asks), "how large was X, what did Y" two.
_ASKS = re.compile(
    r"\b(?:what|how|which|who|whom|whose|why|where|whether)\b"
    r"|\bwhen\s+(?:did|does|do|was|were|is|are|had|has|have|will|would)\b"
    r"|^\s*(?:did|does|do|was|were|is|are|had|has|have|will|would|could|can|should)\b", re.I)


_SENTENCE = re.compile(r"(?<=[.?!])\s+(?=[A-Z])")


def question_facets(question: str, min_words: int = 3) -> list[str]:
    """The parts of a question that ask different things (split at _FACET_SPLIT); one part for
    most questions. Before "and", a part under `min_words` words ("and why?") stays with its neighbour.
    A statement before the question ("Stephen Miran dissented in September 2025. What did he
    prefer, ...?") is its premise, not a part: it asks nothing a sentence should answer."""
    question = question.strip()
    sentences = _SENTENCE.split(question)
    asked = [s for s in sentences if s.rstrip().endswith("?")]
    if asked and len(asked) < len(sentences):
        question = " ".join(asked)
    facets: list[str] = []
    start = 0
    for cut in _FACET_SPLIT.finditer(question):
        left = question[start : cut.start()]
        asked = left.endswith("?")  # a question mark always ends a facet
        if cut.group("comma") and not _ASKS.search(left):
            continue
        if cut.group("noun") and (not (_ASKS.search(left) or ":" in left) or "," in left.rpartition(":")[2]):
            continue  # a list ("growth, unemployment, and the labor market") is one thing asked
        if asked or (len(left.split()) >= min_words and len(question[cut.end() :].split()) >= min_words):
            facets.append(question[start : cut.start()].strip(" ,;"))
            start = cut.end()
    facets.append(question[start:].strip(" ,;"))
    return [f for f in facets if f] or [question]


_NAME = re.compile(r"\b[A-Z][A-Za-z]*[a-z][A-Za-z]*\b")


def question_names(question: str) -> list[str]:
    """The names a question uses (people, banks, facilities), in order: a facet that says "he"
    or "it" still means them ("Stephen Miran dissented ... What reasons do the minutes give for
    his view?")."""
    return list(dict.fromkeys(w for w in _NAME.findall(question) if w.lower() not in COMMON_NAMES | STOPWORDS))


def facet_query(facet: str, question: str) -> str:
    """The facet with the question's names it lacks appended, so it is scored in context."""
    missing = [n for n in question_names(question) if n.lower() not in facet.lower()]
    return f"{facet} ({' '.join(missing)})" if missing else facet
