"""Grounding an LM's answer in the retrieved evidence: everything the user is asked to trust.

The LM only writes text with [n] markers. Which citations survive (only markers that point to a
retrieved passage), their numbering (order of first use), each citation's excerpt (a verbatim
sentence of the cited chunk, never the LM's wording) and the confidence are decided here, in code,
with no DSPy, so the offline reader's answers need no LM stack at all (`fomc_qa.answering.flow`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from fomc_qa.models import Citation, Confidence, SearchHit
from fomc_qa.policy.answers import RecordAnswer
from fomc_qa.text.sentences import sentence_spans

# Evidence thresholds, on SearchHit.relevance (calibrated dense similarity in [0, 1]):
# - RELEVANCE_FLOOR: below it for every hit, retrieval found nothing on the question and
#   the LM is not even asked (an off-topic question must not produce a cited answer).
# - MEDIUM_MIN_RELEVANCE: a one-part answer from passages is "medium" only above it (`confidence_for`).
RELEVANCE_FLOOR = 0.30
MEDIUM_MIN_RELEVANCE = 0.45

INSUFFICIENT_ANSWER = "The indexed FOMC statements and minutes do not answer this question."
MAX_EXCERPT_CHARS = 400


_MARKER = re.compile(r"[ \t]*\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]")
_QUOTATION = re.compile(r"\u201c([^\u201d]+)\u201d")
_WORD = re.compile(r"[a-z0-9]+(?:[-/.][a-z0-9]+)*")
_REFUSAL = re.compile(
    r"\b(?:passages?|excerpts?|(?:the|this|given) context|provided (?:context|text|information|documents|sources))"
    r"\b[^.\n]{0,80}?\b(?:do|does)\s*(?:not|n't)\s+(?:\w+\s+){0,2}?"
    r"(?:answer|contain|mention|address|include|say|provide|specify|state|discuss|cover)"
    r"|\b(?:not enough|insufficient|no relevant) (?:information|evidence|context)\b"
    r"|\b(?:cannot|can't|unable to) (?:be )?(?:answer|determine|find)"
    r"|^\s*I (?:do not|don't) know\b",
    re.I,
)
_STOP = frozenset(
    "a an and are as at be by for from has had have in is it of on or that the their this to was were with".split()
)


def record_answer_text(record: RecordAnswer, hits: Sequence[SearchHit]) -> str:
    """The record's direct sentence, then each source sentence quoted with the marker of its passage."""
    number = {h.chunk_id: n for n, h in enumerate(hits, 1)}
    lines = [record.direct]
    for quote in record.quotes:
        n = number.get(quote.source.chunk_id or "")
        if n is None:
            continue
        note = f" ({quote.note})" if quote.note else ""
        lines.append(f"{quote.label}: \u201c{quote.source.sentence}\u201d [{n}]{note}")
    return "\n".join(lines)


_QUOTED_SEGMENT = re.compile(
    r"(?:FOMC (?:statement|minutes) of [^:\u201c]{4,80}: )?\u201c([^\u201d]+)\u201d(?:\s*\[\d+\])*"
)


def drop_repeated_quotes(text: str, record_text: str) -> str:
    """The LM's answer without the quotations the record's lines already give (with their labels)."""
    quoted = set(_QUOTATION.findall(record_text))
    kept = _QUOTED_SEGMENT.sub(lambda m: "" if m.group(1) in quoted else m.group(0), text)
    return "\n".join(line.strip() for line in kept.splitlines() if line.strip())


def ground(answer_text: str, hits: Sequence[SearchHit]) -> tuple[str, list[Citation]]:
    """Keep only [n] markers that point to retrieved passages, renumber them by first use,
    and attach one Citation per distinct cited chunk with a verbatim excerpt of it.

    A marker to a passage that was not retrieved is removed from the text (with the space
    before it); "[1, 3]" becomes "[1][2]"-style separate markers after renumbering; the
    same chunk cited under two numbers gets one number.
    """
    new_number: dict[str, int] = {}
    cited: dict[str, SearchHit] = {}
    contexts: dict[str, list[str]] = {}
    pieces: list[str] = []
    last = 0
    for match in _MARKER.finditer(answer_text):
        pieces.append(answer_text[last : match.start()])
        preceding = "".join(pieces)
        kept: list[int] = []
        for token in re.split(r"\s*[,;]\s*", match.group(1)):
            n = int(token)
            if not 1 <= n <= len(hits):
                continue
            hit = hits[n - 1]
            if hit.chunk_id not in new_number:
                new_number[hit.chunk_id] = len(new_number) + 1
                cited[hit.chunk_id] = hit
            claim = _claim_before(preceding) or _claim_after(answer_text[match.end() :])
            contexts.setdefault(hit.chunk_id, []).append(claim)
            if new_number[hit.chunk_id] not in kept:
                kept.append(new_number[hit.chunk_id])
        if kept:
            lead = match.group(0)[: len(match.group(0)) - len(match.group(0).lstrip())]
            pieces.append(lead + "".join(f"[{k}]" for k in kept))
        last = match.end()
    pieces.append(answer_text[last:])
    text = re.sub(r"[ \t]{2,}", " ", "".join(pieces)).strip()
    citations = [
        Citation(
            n=new_number[cid],
            chunk_id=cid,
            document_id=hit.document_id,
            doc_type=hit.doc_type,
            meeting_date=hit.meeting_date,
            section=hit.section,
            relevance_score=min(1.0, max(0.0, float(hit.relevance))),
            quoted_excerpt=best_excerpt(hit.text, *contexts[cid]),
        )
        for cid, hit in cited.items()
    ]
    return text, sorted(citations, key=lambda c: c.n)


def _claim_before(text: str) -> str:
    """The answer text a marker supports: from the previous marker or sentence start to it.

    A quotation in that text is the claim itself, so the source named before it ("FOMC
    statement of May 4, 2022: “...”") does not steer the excerpt.
    """
    segment = _MARKER.sub("\n", text).rstrip().rsplit("\n", 1)[-1]
    quotes = _QUOTATION.findall(segment)
    if quotes:
        return quotes[-1]
    spans = sentence_spans(segment)
    return segment[spans[-1][0] : spans[-1][1]] if spans else ""


def _claim_after(text: str) -> str:
    """For a marker that opens the answer ("[1] says ..."): the text after it, to the next marker."""
    return _MARKER.split(text, maxsplit=1)[0].strip()


def best_excerpt(chunk_text: str, *claims: str) -> str:
    """The sentence of `chunk_text` that best matches one of the `claims` the chunk is cited for, as a verbatim
    substring; on a tie the earliest claim's (the chunk's first use in the answer).

    Matching is word-overlap F1 (numbers included), so a quoted sentence is found exactly
    and a paraphrase still lands on its source sentence; a chunk cited for several quotes shows the one that
    matches best, not a sentence that overlaps all of them a little. Long sentences are cut at a word
    boundary to MAX_EXCERPT_CHARS, which keeps them verbatim.
    """
    spans = sentence_spans(chunk_text) or [(0, len(chunk_text))]
    best, best_score = spans[0], -1.0
    for claim in claims or ("",):
        claim_words = _content_words(claim)
        for start, end in spans:
            words = _content_words(chunk_text[start:end])
            overlap = len(claim_words & words)
            score = 2 * overlap / (len(claim_words) + len(words)) if overlap else 0.0
            if score > best_score:
                best, best_score = (start, end), score
    start, end = best
    if end - start > MAX_EXCERPT_CHARS:
        cut = chunk_text.rfind(" ", start, start + MAX_EXCERPT_CHARS)
        end = cut if cut > start else start + MAX_EXCERPT_CHARS
    return chunk_text[start:end].strip()


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def says_not_answered(answer_text: str) -> bool:
    """Whether the LM said the passages do not answer: a refusal anywhere in an answer with
    no marker, or an answer that opens with one ("The passages do not say when, but ... [1]").

    The refusal phrases name the passages in the present tense ("the passages do not
    mention"), which quoted minutes ("participants did not ...") never do.
    """
    text = answer_text.strip()
    if not text:
        return True
    if not _MARKER.search(text):
        return bool(_REFUSAL.search(text))
    spans = sentence_spans(text)
    first = text[spans[0][0] : spans[0][1]] if spans else text
    marker = _MARKER.search(first)
    return bool(_REFUSAL.search(first[: marker.start()] if marker else first))


def confidence_for(citations: Sequence[Citation], record: bool = False, parts: int = 1,
                   why: bool = False) -> Confidence:
    """high / medium / low as they came out on the dev split (reliability table in docs/answering.md): a fact the
    policy record states, asked in one part and not "why", is high; a record answer otherwise, or a one-part answer
    from a passage that clears MEDIUM_MIN_RELEVANCE, medium; the rest (multi-part answers from passages, weak
    passages) low. How relevant the best passage is says little beyond that: on dev, answers led by passages of
    relevance >= 0.6 were fully right no more often than those of 0.45-0.6."""
    if not citations:
        return "insufficient"
    if record and parts == 1 and not why:
        return "high"
    if record or (parts == 1 and max(c.relevance_score for c in citations) >= MEDIUM_MIN_RELEVANCE):
        return "medium"
    return "low"
