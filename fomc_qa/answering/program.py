"""The answering program: retrieve -> answer with a typed DSPy Signature -> ground in code.

The LM only writes text with [n] markers. Everything the user is asked to trust is decided
here, from the retrieved evidence: which citations survive (only markers that point to a
retrieved passage), their numbering (order of first use), each citation's excerpt (a
verbatim sentence of the cited chunk, never the LM's wording) and the confidence.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

import dspy

from fomc_qa.answering.engine import EXTRACTIVE_MODEL_ID
from fomc_qa.answering.lm_errors import LMUnavailable, is_lm_failure
from fomc_qa.evaluation.metrics import keyword_recall
from fomc_qa.index.tables import atomic_write
from fomc_qa.models import DOC_TYPE_LABEL, Answer, Citation, Confidence, SearchHit
from fomc_qa.policy.answers import RecordAnswer
from fomc_qa.policy.desk import PolicyDesk
from fomc_qa.policy.scope import out_of_scope
from fomc_qa.text.sentences import sentence_spans

Retrieve = Callable[[str, int], list[SearchHit]]

# Evidence thresholds, on SearchHit.relevance (calibrated dense similarity in [0, 1]).
# Starting values, to be tuned on the train split of the evaluation set:
# - RELEVANCE_FLOOR: below it for every hit, retrieval found nothing on the question and
#   the LM is not even asked (an off-topic question must not produce a cited answer).
# - high: the best cited passage is strongly relevant AND the answer is corroborated by
#   at least HIGH_MIN_CITED distinct passages.
# - medium: the best cited passage clears MEDIUM_MIN_RELEVANCE.
# - low: anything else that survived grounding.
RELEVANCE_FLOOR = 0.30
HIGH_MIN_RELEVANCE = 0.60
HIGH_MIN_CITED = 2
MEDIUM_MIN_RELEVANCE = 0.45

INSUFFICIENT_ANSWER = "The indexed FOMC statements and minutes do not answer this question."
MAX_EXCERPT_CHARS = 400

# answer_metric: weight of keyword recall vs verbatim citations for in-scope questions;
# BootstrapFewShot keeps a trace as a demo only when its score reaches BOOTSTRAP_THRESHOLD.
KEYWORD_WEIGHT = 0.7
BOOTSTRAP_THRESHOLD = 0.5

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


class AnswerWithCitations(dspy.Signature):
    """Answer a question about the Federal Reserve's FOMC statements and minutes using only the numbered passages.

    Support every statement with the marker of the passage it comes from, e.g. "... 5-1/4 to
    5-1/2 percent [2]." Prefer the passages' own wording; do not use outside knowledge. If the
    passages do not answer the question, say plainly that the passages do not contain the
    answer, and cite nothing.
    """

    question: str = dspy.InputField(desc="A question about FOMC monetary policy statements or minutes.")
    passages: str = dspy.InputField(
        desc='Retrieved passages, one per block: "[n] (FOMC Minutes, 2024-01-31, Section) text".'
    )
    answer: str = dspy.OutputField(
        desc="A concise answer in which each statement ends with the [n] marker of its supporting passage, "
        "or a plain statement that the passages do not contain the answer."
    )


class _Shared:
    """Holds the retriever so that DSPy's deep copies (compile, reset_copy) share it
    instead of copying an index."""

    def __init__(self, fn: Retrieve) -> None:
        self.fn = fn

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self


class FOMCAnswerer(dspy.Module):
    """retrieve(question, k) -> AnswerWithCitations -> ground -> confidence, with the policy record first.

    Without an LM call the answer is "insufficient" when the question is out of scope
    (`fomc_qa.policy.scope`) or no hit clears RELEVANCE_FLOOR. When the policy desk answers the
    question from the record (a span's decisions, "current", counts, first/last, votes, a role's
    sentences over meetings), its direct sentence and quotes open the answer and cite the record's
    chunks; the LM's reading of the passages follows. A generative LM also gets the record's direct
    sentence as context; the offline extractive reader quotes passages only.

    `forward` returns a Prediction with `answer` (grounded text), `citations`
    (list[Citation]), `confidence`, `hits`, `raw_answer` (the LM's text), `retrieval_ms`
    and `generation_ms`.
    """

    def __init__(self, retrieve: Retrieve, k: int = 5, desk: PolicyDesk | None = None) -> None:
        super().__init__()
        self._retrieve = _Shared(retrieve)
        self._desk = _Shared(desk)
        self.k = k
        self.generate_answer = dspy.Predict(AnswerWithCitations)

    @property
    def retrieve(self) -> Retrieve:
        return self._retrieve.fn

    @property
    def desk(self) -> PolicyDesk | None:
        return self._desk.fn

    def forward(self, question: str) -> dspy.Prediction:
        started = time.perf_counter()
        if out_of_scope_request(question):
            return _prediction(INSUFFICIENT_ANSWER, [], "insufficient", [], "", 0.0, 0.0)
        consultation = self.desk.consult(question) if self.desk else None
        evidence = self.desk.evidence_hits(consultation) if consultation else []
        hits = list(self.retrieve(question, self.k + len(evidence)))
        record_text = ""
        if consultation is not None:
            hits = _with_evidence(hits, evidence, self.k)
            record_text = record_answer_text(consultation.answer, hits)
        retrieval_ms = (time.perf_counter() - started) * 1000
        if not record_text and not any(h.relevance >= RELEVANCE_FLOOR for h in hits):
            return _prediction(INSUFFICIENT_ANSWER, [], "insufficient", hits, "", retrieval_ms, 0.0)
        started = time.perf_counter()
        passages = format_passages(hits)
        if record_text and not _is_extractive(self):
            passages = f"Policy record: {consultation.answer.direct}\n\n{passages}"
        raw = self.generate_answer(question=question, passages=passages).answer
        generation_ms = (time.perf_counter() - started) * 1000
        if record_text:
            rest = "" if says_not_answered(raw) else _drop_repeated_quotes(raw, record_text)
            raw = f"{record_text}\n\n{rest}" if rest else record_text
        text, citations = ground(raw, hits)
        if (not record_text and says_not_answered(raw)) or not citations:
            return _prediction(INSUFFICIENT_ANSWER, [], "insufficient", hits, raw, retrieval_ms, generation_ms)
        return _prediction(text, citations, confidence_for(citations), hits, raw, retrieval_ms, generation_ms)


def _with_evidence(hits: list[SearchHit], evidence: list[SearchHit], k: int) -> list[SearchHit]:
    """The k best passages that are not record evidence, in the retriever's order, then the record's
    cited chunks (the retrieved copy where there is one): the reader sees what it would have seen
    without the record, and the record's lines cite the chunks after them."""
    ids = {e.chunk_id for e in evidence}
    retrieved = {h.chunk_id: h for h in hits}
    return [h for h in hits if h.chunk_id not in ids][:k] + [retrieved.get(e.chunk_id, e) for e in evidence]


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


def _drop_repeated_quotes(text: str, record_text: str) -> str:
    """The LM's answer without the quotations the record's lines already give (with their labels)."""
    quoted = set(_QUOTATION.findall(record_text))
    kept = _QUOTED_SEGMENT.sub(lambda m: "" if m.group(1) in quoted else m.group(0), text)
    return "\n".join(line.strip() for line in kept.splitlines() if line.strip())


def _is_extractive(program: FOMCAnswerer) -> bool:
    """Whether the LM in use is the offline extractive reader, which quotes passages only."""
    return lm_id(program) == EXTRACTIVE_MODEL_ID


def out_of_scope_request(question: str) -> bool:
    """Whether the statements and minutes cannot answer the question whatever is retrieved
    (`fomc_qa.policy.scope.out_of_scope` says why)."""
    return out_of_scope(question) is not None


def _prediction(answer, citations, confidence, hits, raw, retrieval_ms, generation_ms) -> dspy.Prediction:
    return dspy.Prediction(
        answer=answer,
        citations=citations,
        confidence=confidence,
        hits=hits,
        raw_answer=raw,
        retrieval_ms=retrieval_ms,
        generation_ms=generation_ms,
    )


def format_passages(hits: Sequence[SearchHit]) -> str:
    """Numbered passages in retrieval order: `[n] (FOMC Minutes, 2024-01-31, Section) text`."""
    blocks = []
    for n, hit in enumerate(hits, 1):
        parts = [DOC_TYPE_LABEL.get(hit.doc_type, hit.doc_type), hit.meeting_date.isoformat()]
        if hit.section:
            parts.append(hit.section.replace("(", "").replace(")", ""))
        blocks.append(f"[{n}] ({', '.join(parts)}) {hit.text.strip()}")
    return "\n\n".join(blocks)


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
            quoted_excerpt=best_excerpt(hit.text, " ".join(contexts[cid])),
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


def best_excerpt(chunk_text: str, claim: str) -> str:
    """The sentence of `chunk_text` that best matches `claim`, as a verbatim substring.

    Matching is word-overlap F1 (numbers included), so a quoted sentence is found exactly
    and a paraphrase still lands on its source sentence. Long sentences are cut at a word
    boundary to MAX_EXCERPT_CHARS, which keeps them verbatim.
    """
    spans = sentence_spans(chunk_text) or [(0, len(chunk_text))]
    claim_words = _content_words(claim)
    best, best_score = spans[0], -1.0
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


def confidence_for(citations: Sequence[Citation]) -> Confidence:
    """high / medium / low from the best cited relevance and the number of cited passages."""
    if not citations:
        return "insufficient"
    top = max(c.relevance_score for c in citations)
    if top >= HIGH_MIN_RELEVANCE and len(citations) >= HIGH_MIN_CITED:
        return "high"
    if top >= MEDIUM_MIN_RELEVANCE:
        return "medium"
    return "low"


def lm_id(program: FOMCAnswerer | None = None, lm: dspy.BaseLM | None = None) -> str:
    """The model id of the LM the program's predictor uses: its own, else `lm`, else DSPy's configured one."""
    lm = getattr(getattr(program, "generate_answer", None), "lm", None) or lm or dspy.settings.lm
    return str(getattr(lm, "model", None) or "none")


def answer_question(program: FOMCAnswerer, question: str, lm: dspy.BaseLM | None = None) -> Answer:
    """Run the program on one question and return the Answer record, timed per stage.

    `lm`, when given, is used for this call only (otherwise DSPy's configured LM). An LM that cannot
    answer raises LMUnavailable.
    """
    started = time.perf_counter()
    try:
        if lm is not None:
            with dspy.context(lm=lm):
                prediction = program(question=question)
        else:
            prediction = program(question=question)
    except Exception as exc:
        if is_lm_failure(exc):
            raise LMUnavailable(str(getattr(lm or dspy.settings.lm, "model", "unset")), exc) from exc
        raise
    total_ms = (time.perf_counter() - started) * 1000
    return Answer(
        question=question,
        answer=prediction.answer,
        citations=list(prediction.citations),
        confidence=prediction.confidence,
        retrieval_ms=round(prediction.retrieval_ms, 3),
        generation_ms=round(prediction.generation_ms, 3),
        total_ms=round(total_ms, 3),
        lm=lm_id(program, lm),
    )


def answer_metric(example: dspy.Example, prediction: dspy.Prediction, trace=None) -> float:
    """Score in [0, 1] of one answer against a golden question.

    Out-of-scope questions: 1.0 only for an insufficient answer that cites nothing.
    Otherwise: KEYWORD_WEIGHT x the share of expected keywords found in the answer
    (case-insensitive) + the rest x the share of citations whose excerpt is verbatim in the
    cited chunk; an insufficient answer scores 0.
    """
    citations = list(getattr(prediction, "citations", None) or [])
    confidence = getattr(prediction, "confidence", None)
    if example.get("category") == "out-of-scope":
        return 1.0 if confidence == "insufficient" and not citations else 0.0
    if confidence == "insufficient" or not citations:
        return 0.0
    answer = str(getattr(prediction, "answer", "") or "")
    keyword_share = keyword_recall(answer, example.get("expected_answer_keywords") or [])
    keyword_share = 1.0 if keyword_share is None else keyword_share
    texts = {h.chunk_id: h.text for h in (getattr(prediction, "hits", None) or [])}
    verbatim_share = sum(
        bool(c.quoted_excerpt) and c.quoted_excerpt in texts.get(c.chunk_id, "") for c in citations
    ) / len(citations)
    return KEYWORD_WEIGHT * keyword_share + (1 - KEYWORD_WEIGHT) * verbatim_share


def compile_program(
    program: FOMCAnswerer,
    trainset: Sequence[dspy.Example],
    metric: Callable[..., float] = answer_metric,
    optimizer: Literal["bootstrap", "labeled"] = "bootstrap",
    max_demos: int = 4,
    max_labeled_demos: int = 0,
    metric_threshold: float = BOOTSTRAP_THRESHOLD,
) -> FOMCAnswerer:
    """Compile few-shot demos into the program with the configured LM; returns a new program.

    "bootstrap" (BootstrapFewShot) runs the program on the train questions and keeps up to
    `max_demos` traces (question, passages, answer) scoring >= `metric_threshold`. Golden
    questions carry no reference answer, so by default no raw (question-only) labeled
    demos are added (`max_labeled_demos=0`). "labeled" (LabeledFewShot) samples `max_demos`
    train examples as demos as they are; it needs no LM and is useful when the examples
    carry `passages` and `answer`.
    """
    trainset = [ex.with_inputs("question") for ex in trainset]  # forward() takes the question only
    if optimizer == "labeled":
        return dspy.LabeledFewShot(k=max_demos).compile(program, trainset=trainset)
    if optimizer != "bootstrap":
        raise ValueError(f"unknown optimizer {optimizer!r}; use 'bootstrap' or 'labeled'")
    teleprompter = dspy.BootstrapFewShot(
        metric=metric,
        metric_threshold=metric_threshold,
        max_bootstrapped_demos=max_demos,
        max_labeled_demos=max_labeled_demos,
        max_rounds=1,
    )
    return teleprompter.compile(program, trainset=trainset)


def save_program(program: FOMCAnswerer, path: str | os.PathLike[str]) -> Path:
    """Save the program's state (demos, instructions) as DSPy JSON, atomically."""
    path = Path(path)
    if path.suffix != ".json":
        raise ValueError(f"a program is saved as .json, not {path.name!r}")
    atomic_write(path, program.save, suffix=".json")
    return path


def load_program(retrieve: Retrieve, path: str | os.PathLike[str], k: int = 5,
                 desk: PolicyDesk | None = None) -> FOMCAnswerer:
    """A FOMCAnswerer over `retrieve` (and the policy desk) with the state saved at `path`."""
    program = FOMCAnswerer(retrieve, k=k, desk=desk)
    program.load(str(path))
    return program
