"""The offline extractive reader as the session's LM, without DSPy: the default answer path.

The reader (`fomc_qa.answering.reader`) reads only the current question and its passages, so a
compiled program's demos cannot change what it answers. Through DSPy the engine
(`fomc_qa.answering.engine`) gets them back out of the prompt DSPy's adapter built; here
`ExtractiveAnswerer` hands them over directly, typed from the retrieved hits
(`fomc_qa.answering.passages.passages_from_hits`), and runs the same steps (`fomc_qa.answering.flow`),
which spares the CLI DSPy's and the LM stack's imports. A test holds the two paths to the same
Answer on every question.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from fomc_qa.answering.flow import Retrieve, answer_record, read_question
from fomc_qa.answering.passages import Passage, passages_from_hits
from fomc_qa.answering.reader import READER_CONFIG, Embedder, answer_text, read
from fomc_qa.answering.tuning import NO_TUNING, Tuning
from fomc_qa.models import Answer, SearchHit
from fomc_qa.policy.desk import PolicyDesk

EXTRACTIVE = "extractive"
EXTRACTIVE_MODEL_ID = "local/extractive"


def is_extractive(model: str) -> bool:
    """Whether an LM name (FOMC_QA_LM, --lm) names the offline extractive reader."""
    return model.strip() in (EXTRACTIVE, EXTRACTIVE_MODEL_ID)


def default_embedder() -> Embedder:
    """The process-wide bundled MiniLM (`fomc_qa.index.embed.get_encoder`), shared with the retriever."""
    from fomc_qa.index.embed import get_encoder

    return get_encoder()


def extractive_answer(question: str, passages: Sequence[Passage], embedder: Embedder,
                      support_threshold: float = READER_CONFIG.support_threshold,
                      max_sentences: int = READER_CONFIG.max_sentences) -> str:
    """The reader's answer to a question over its passages (`passages_from_hits`)."""
    quotes = read(" ".join(question.split()), passages, embedder,
                  support_threshold=support_threshold, max_sentences=max_sentences)
    return answer_text(quotes)


class ExtractiveAnswerer:
    """`answer(question) -> Answer` with the extractive reader: the program's steps, no DSPy."""

    def __init__(self, retrieve: Retrieve, embedder: Embedder, k: int = 5, desk: PolicyDesk | None = None,
                 tuning: Tuning = NO_TUNING) -> None:
        self.retrieve = retrieve
        self.tuning = tuning
        self.embedder = embedder
        self.k = k
        self.desk = desk

    def _generate(self, question: str, hits: list[SearchHit], context: str) -> str:
        """The reader quotes the passages only: the policy record's context (never given on this path) is not read."""
        return extractive_answer(question, passages_from_hits(hits), self.embedder)

    def answer(self, question: str) -> Answer:
        started = time.perf_counter()
        reading = read_question(question, self.retrieve, self.desk, self.k, self._generate, quotes_only=True,
                                tuning=self.tuning)
        return answer_record(question, reading, (time.perf_counter() - started) * 1000, EXTRACTIVE_MODEL_ID)
