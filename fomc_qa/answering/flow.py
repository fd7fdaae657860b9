"""One answer, step by step: retrieve -> (policy record) -> generate -> ground -> confidence.

The DSPy module (`fomc_qa.answering.program.FOMCAnswerer`) and the offline reader's direct path
(`fomc_qa.answering.extractive`) run this same function and differ only in `generate`, the call
that turns the question and the retrieved hits into the LM's text (the program writes them as numbered
passages for its prompt, the direct path hands them to the reader as typed passages); so the two give
the same answer to the same question, and the direct path needs no DSPy import.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from fomc_qa.answering.compose import compose
from fomc_qa.answering.confidence import Signals
from fomc_qa.answering.content_words import GENERIC, content, focus
from fomc_qa.answering.decline import decline_text
from fomc_qa.answering.grounding import (
    RELEVANCE_FLOOR,
    confidence_for,
    drop_repeated_quotes,
    ground,
    record_answer_text,
    says_not_answered,
)
from fomc_qa.answering.tuning import NO_TUNING, Tuning
from fomc_qa.models import Answer, Citation, Confidence, SearchHit
from fomc_qa.policy.desk import PolicyDesk
from fomc_qa.question.analysis import NO_INDEX, QuestionAnalysis, analyze
from fomc_qa.question.asks import Ask
from fomc_qa.text.names import mentions
from fomc_qa.text.sentences import quotable_sentences

Retrieve = Callable[[QuestionAnalysis | str, int], list[SearchHit]]  # a question read once, or a search string
# (question, hits, policy record context) -> the LM's answer text with [n] markers, passage n being hits[n - 1];
# the context is the record's direct answer for an LM that writes its own words, else "".
Generate = Callable[[str, list[SearchHit], str], str]


@dataclass
class Reading:
    """What one pass found: the grounded answer and what it rests on, timed per stage."""

    answer: str
    citations: list[Citation]
    confidence: Confidence
    hits: list[SearchHit]
    raw_answer: str
    retrieval_ms: float
    generation_ms: float
    lead: str = ""  # the answer's first sentences, before any quote
    evidence: tuple[str, ...] = ()  # the quotes that carry the lead, one line each
    # what compose and the confidence read, kept for fitting them (`quote_fit`): None for a declined answer
    analysis: QuestionAnalysis | None = None
    record_direct: str = ""
    signals: Signals | None = None


def declined(analysis: QuestionAnalysis, hits: list[SearchHit], raw: str = "", retrieval_ms: float = 0.0,
             generation_ms: float = 0.0) -> Reading:
    """An "insufficient" reading whose text says why: the scope rule's reason, or that nothing indexed bears on it."""
    text = decline_text(analysis, [h.text for h in hits])
    return Reading(text, [], "insufficient", hits, raw, retrieval_ms, generation_ms, lead=text)


def read_question(question: str, retrieve: Retrieve, desk: PolicyDesk | None, k: int, generate: Generate,
                  quotes_only: bool, tuning: Tuning = NO_TUNING) -> Reading:
    """Answer `question` from the k retrieved passages and the policy record.

    Without a `generate` call the answer is "insufficient" when the question is out of scope or
    no hit clears RELEVANCE_FLOOR. When the desk answers from the record, its direct sentence and
    quotes open the answer and cite the record's chunks, and the LM's reading follows; an LM that
    writes its own words (`quotes_only` false) also gets the record's direct sentence as context.
    """
    started = time.perf_counter()
    analysis = analyze(question, desk.question_index if desk else NO_INDEX)  # the only reading of the question
    question = analysis.plain  # shorthand spelled out for the LM and the reader
    if not analysis.scope.answerable:
        return declined(analysis, [])
    consultation = desk.consult(analysis) if desk else None
    evidence = desk.evidence_hits(consultation) if consultation else []
    hits = list(retrieve(analysis, k + len(evidence)))
    record_text = ""
    if consultation is not None:
        hits = with_evidence(hits, evidence, k)
        record_text = record_answer_text(consultation.answer, hits)
    hits += facet_hits(analysis, retrieve, hits)
    hits += named_hits(analysis, retrieve, hits)
    retrieval_ms = (time.perf_counter() - started) * 1000
    if not record_text and not any(h.relevance >= RELEVANCE_FLOOR for h in hits):
        return declined(analysis, hits, retrieval_ms=retrieval_ms)
    started = time.perf_counter()
    context = consultation.answer.direct if record_text and not quotes_only else ""
    raw = generate(question, hits, context)
    generation_ms = (time.perf_counter() - started) * 1000
    if record_text:
        rest = "" if says_not_answered(raw) else drop_repeated_quotes(raw, record_text)
        raw = f"{record_text}\n\n{rest}" if rest else record_text
    if not record_text and says_not_answered(raw):
        return declined(analysis, hits, raw, retrieval_ms, generation_ms)
    direct = consultation.answer.direct if record_text else ""
    composed = compose(analysis, raw, direct, tuning.scorer(bool(direct)), order=tuning.orders)
    text, citations = ground(composed.text, hits)
    if not citations:
        return declined(analysis, hits, raw, retrieval_ms, generation_ms)
    lead, _, rest = text.partition("\n\n") if composed.lead else ("", "", text)
    signals = Signals(record_intent=record_intent(analysis) if record_text else None, parts=len(analysis.parts),
                      why=Ask.WHY in analysis.asks, best_relevance=max(c.relevance_score for c in citations))
    confidence = (tuning.calibration.level(signals) if tuning.calibration is not None else
                  confidence_for(citations, record=bool(record_text), parts=len(analysis.parts),
                                 why=Ask.WHY in analysis.asks))
    return Reading(text, citations, confidence, hits, raw, retrieval_ms, generation_ms,
                   lead=lead, evidence=tuple(line for line in rest.splitlines() if line.strip()),
                   analysis=analysis, record_direct=direct, signals=signals)


def record_intent(analysis: QuestionAnalysis) -> str:
    """What the record was asked, for the confidence table: the policy intent, or the balance sheet."""
    policy = analysis.record.policy
    return policy.intent if policy is not None else "balance_sheet"


MAX_FACET_HITS = 2
FACET_DEPTH = 3  # a part's own search: its first passages
SENTENCE_DEPTH = 12  # ... and, for a further part, how deep to look for one sentence saying the part's words
SENTENCE_WORDS = 3  # that sentence says at least this many of them, more than any sentence already read


def facet_hits(analysis: QuestionAnalysis, retrieve: Retrieve, hits: list[SearchHit]) -> list[SearchHit]:
    """For a question asking several things ("how far had the S&P 500 fallen, and what happened to oil?"), each
    part's best passage when the whole question's passages lack it (at most MAX_FACET_HITS, after them, so the
    whole question's ranking is kept), from the meetings those passages are of: a part's answer is often a chunk
    the whole question ranks lower. Each part is searched with the question's dates and names it leaves out. A
    further part's answer may be one sentence of a chunk about other things ("..., and when were labor shortages
    expected to ease?": the chunk opening "Participants expected labor market conditions to continue to improve,
    with labor shortages expected to ease ..." goes on about inflation), which the chunk's vector blurs: the passage
    holding the sentence that says most of the part's words (`_saying_the_part`) comes first."""
    if len(analysis.parts) < 2:
        return []
    extra: list[SearchHit] = []
    for i, part in enumerate(analysis.parts):
        if len(extra) >= MAX_FACET_HITS:
            break
        found = retrieve(part.search or part.query, SENTENCE_DEPTH if i else FACET_DEPTH)
        best = (_saying_the_part(part.text, found, [*hits, *extra]) if i else None) \
            or _unread(found[:FACET_DEPTH], [*hits, *extra])
        if best is not None:
            extra.append(best)
    return extra


def _saying_the_part(part: str, found: list[SearchHit], read: list[SearchHit]) -> SearchHit | None:
    """Of a part's passages, the unread one (of the meetings read) holding the sentence that says most of the part's
    words (not those every question shares: `GENERIC`), at least SENTENCE_WORDS and more than any sentence of the
    passages read."""
    words = focus(part) - GENERIC

    def says(hit: SearchHit) -> int:
        return max((len(words & content(s)) for s in quotable_sentences(hit.text)), default=0)

    already = max((says(h) for h in read), default=0)
    scored = [(says(h), -i, h) for i, h in enumerate(found) if _unread([h], read) is not None]
    said, _, best = max(scored, key=lambda s: s[:2], default=(0, 0, None))
    return best if said >= max(SENTENCE_WORDS, already + 1) else None


def _unread(found: list[SearchHit], read: list[SearchHit], keep: Callable[[SearchHit], bool] = lambda h: True
            ) -> SearchHit | None:
    """The first hit of a further search that is none of the passages `read` already and of their meetings (a part
    or a name is asked of the same meetings, not of others)."""
    seen, meetings = {h.chunk_id for h in read}, {h.meeting_date for h in read}
    return next((h for h in found if h.chunk_id not in seen and h.meeting_date in meetings and keep(h)), None)


MAX_NAMED_HITS = 2
NAME_SEARCH_DEPTH = 5  # the name's own search: its first passages that mention it


def named_hits(analysis: QuestionAnalysis, retrieve: Retrieve, hits: list[SearchHit]) -> list[SearchHit]:
    """For a name the question asks about that none of its passages mentions ("... and an end date for QT?": the
    closest passages all discuss the cut), the best passage that does from those passages' meetings, searched for
    the name alone (at most MAX_NAMED_HITS, after them). Without it the reader declines for want of the name
    although the meeting's statement says it in the Committee's words ("conclude the reduction of its aggregate
    securities holdings")."""
    extra: list[SearchHit] = []
    for name, search in analysis.name_searches:
        if len(extra) >= MAX_NAMED_HITS:
            break
        if any(mentions(h.text.lower(), name) for h in (*hits, *extra)):
            continue
        best = _unread(retrieve(search, NAME_SEARCH_DEPTH), [*hits, *extra],
                       lambda h, name=name: mentions(h.text.lower(), name))
        if best is not None:
            extra.append(best)
    return extra


def with_evidence(hits: list[SearchHit], evidence: list[SearchHit], k: int) -> list[SearchHit]:
    """The k best passages that are not record evidence, in the retriever's order, then the record's
    cited chunks (the retrieved copy where there is one): the reader sees what it would have seen
    without the record, and the record's lines cite the chunks after them."""
    ids = {e.chunk_id for e in evidence}
    retrieved = {h.chunk_id: h for h in hits}
    return [h for h in hits if h.chunk_id not in ids][:k] + [retrieved.get(e.chunk_id, e) for e in evidence]


def answer_record(question: str, reading: Reading, total_ms: float, lm: str) -> Answer:
    """The Answer record (brief section 3) of one reading."""
    return Answer(
        question=question,
        answer=reading.answer,
        citations=list(reading.citations),
        confidence=reading.confidence,
        retrieval_ms=round(reading.retrieval_ms, 3),
        generation_ms=round(reading.generation_ms, 3),
        total_ms=round(total_ms, 3),
        lm=lm,
        lead=reading.lead,
        evidence=list(reading.evidence),
    )

