"""The answering program: retrieve -> answer with a typed DSPy Signature -> ground in code.

The LM only writes text with [n] markers; the steps around it (`fomc_qa.answering.flow`) and
everything the user is asked to trust (`fomc_qa.answering.grounding`: which citations survive,
their numbering, each verbatim excerpt, the confidence) are plain code. This module is the DSPy
surface: the Signature, the Module, compiling against the train split, saving and loading.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

import dspy

from fomc_qa.answering.engine import EXTRACTIVE_MODEL_ID
from fomc_qa.answering.flow import Reading, Retrieve, answer_record, read_question
from fomc_qa.answering.lm_errors import LMUnavailable, is_lm_failure
from fomc_qa.answering.passages import format_passages
from fomc_qa.answering.tuning import NO_TUNING, Tuning
from fomc_qa.evaluation.metrics import keyword_recall
from fomc_qa.index.tables import atomic_write
from fomc_qa.models import Answer, SearchHit
from fomc_qa.policy.desk import PolicyDesk

# answer_metric: weight of keyword recall vs verbatim citations for in-scope questions;
# BootstrapFewShot keeps a trace as a demo only when its score reaches BOOTSTRAP_THRESHOLD.
KEYWORD_WEIGHT = 0.7
BOOTSTRAP_THRESHOLD = 0.5
READING_FIELDS = tuple(f.name for f in dataclasses.fields(Reading))


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
    (`fomc_qa.question.scope`) or no hit clears RELEVANCE_FLOOR. When the policy desk answers the
    question from the record (a span's decisions, "current", counts, first/last, votes, a role's
    sentences over meetings), its direct sentence and quotes open the answer and cite the record's
    chunks; the LM's reading of the passages follows. A generative LM also gets the record's direct
    sentence as context; the offline extractive reader quotes passages only.

    `forward` returns a Prediction with `answer` (grounded text), `citations`
    (list[Citation]), `confidence`, `hits`, `raw_answer` (the LM's text), `retrieval_ms`
    and `generation_ms`.
    """

    def __init__(self, retrieve: Retrieve, k: int = 5, desk: PolicyDesk | None = None,
                 tuning: Tuning = NO_TUNING) -> None:
        super().__init__()
        self._retrieve = _Shared(retrieve)
        self._desk = _Shared(desk)
        self._tuning = _Shared(tuning)
        self.k = k
        self.generate_answer = dspy.Predict(AnswerWithCitations)

    @property
    def retrieve(self) -> Retrieve:
        return self._retrieve.fn

    @property
    def desk(self) -> PolicyDesk | None:
        return self._desk.fn

    def forward(self, question: str) -> dspy.Prediction:
        reading = read_question(question, self.retrieve, self.desk, self.k, self._generate,
                                quotes_only=_is_extractive(self), tuning=self._tuning.fn)
        return dspy.Prediction(**vars(reading))

    def _generate(self, question: str, hits: list[SearchHit], context: str) -> str:
        passages = format_passages(hits)
        if context:
            passages = f"Policy record: {context}\n\n{passages}"
        return self.generate_answer(question=question, passages=passages).answer


def _is_extractive(program: FOMCAnswerer) -> bool:
    """Whether the LM in use is the offline extractive reader, which quotes passages only."""
    return lm_id(program) == EXTRACTIVE_MODEL_ID


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
    reading = Reading(**{f: getattr(prediction, f) for f in READING_FIELDS})
    return answer_record(question, reading, total_ms, lm_id(program, lm))


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
                 desk: PolicyDesk | None = None, tuning: Tuning = NO_TUNING) -> FOMCAnswerer:
    """A FOMCAnswerer over `retrieve` (and the policy desk) with the state saved at `path`."""
    program = FOMCAnswerer(retrieve, k=k, desk=desk, tuning=tuning)
    program.load(str(path))
    return program
