"""How well each passage sentence supports the question: the support score, its features, and the reading order.

A sentence's support (`Sentences.support`, the scale of docs/reader-tuning.md) is its cosine to the question plus
the weighted share of the question's terms it or its header holds, the retriever's rank prior, and bonuses for the
answer type, name, document kind and minutes section the question asks for, less a penalty for procedural
boilerplate. The learned sentence model (`fomc_qa.answering.sentence_model`) reorders sentences from these scores'
features (`Sentences.ranking`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from fomc_qa.answering.passages import Passage
from fomc_qa.answering.reader.answer_types import CAUSE_QUESTION, QUANTITY, asked_kinds
from fomc_qa.answering.reader.config import READER_CONFIG, ReaderConfig
from fomc_qa.answering.reader.sources import section_of, spelled_header
from fomc_qa.answering.reader.terms import content_terms, coverage, weighted_terms
from fomc_qa.answering.sentence_model import SentenceView, feature_matrix, load_model
from fomc_qa.question.dates import asks_how_held, parse_filter
from fomc_qa.question.facets import facet_query, question_facets
from fomc_qa.retrieval.sections import named_sections
from fomc_qa.text.consensus import speaks_for
from fomc_qa.text.glossary import expand
from fomc_qa.text.names import mentions, spelled_acronyms, topic_names
from fomc_qa.text.sentences import (
    DECISION,
    GIVES_REASON,
    HOUSEKEEPING,
    LEANS,
    OPENS_ON_THE_LAST,
    SETS_SCENE,
    quotable,
    split_sentences,
)

# Procedural sentences of the minutes (a notation vote approving the previous minutes is one; one approving the
# framework statement or an officer is not): scored `boilerplate_penalty` lower.
BOILERPLATE = re.compile(
    rf"^(?:{HOUSEKEEPING}"
    r"|Voting for (?:this|the)\b|A joint meeting of the Federal Open Market Committee|Attendance\b"
    r"|Secretary's note|Attended\b|The Federal Open Market Committee is referenced as|Elected as an Alternate\b"
    r"|Committee organizational documents are available)",  # the last four: the minutes' footnotes
    re.I,
)
# The minutes' opening sentence ("A joint meeting ... was held by videoconference on ...") answers a question about how
# a meeting was held (`asks_how_held`), so it is not penalized then.
OPENING = re.compile(r"^A joint meeting of the Federal Open Market Committee", re.I)


class Embedder(Protocol):
    """Anything with `encode(texts) -> (n, d) float32 array of unit vectors`."""

    def encode(self, texts: list[str]) -> np.ndarray: ...


@dataclass
class Sentences:
    """The passages' quotable sentences (passage, position, text) and their vectors
    (row 0: the question; 1 + j: sentence j)."""

    rows: list[tuple[Passage, int, str]]
    vectors: np.ndarray
    config: ReaderConfig = READER_CONFIG
    terms: list[set[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.terms = [content_terms(s) | content_terms(spelled_header(p)) for p, _, s in self.rows]

    @functools.cached_property
    def acronyms(self) -> list[set[str]]:
        """Each sentence's spelled-out acronyms ("Bank Term Funding Program" -> btfp), for the name bonus."""
        return [spelled_acronyms(s) for _, _, s in self.rows]

    def ranking(self, question: str, support: list[float], facet_vectors: np.ndarray) -> list[float]:
        """The order to read sentences in: the learned ensemble's logit (`sentence_model`), or the support
        itself without a shipped model."""
        model = load_model()
        if model is None:
            return support
        logits = model.score(self.features(question, support, facet_vectors))
        return [round(s + self.config.learned_weight * float(x), 6) for s, x in zip(support, logits, strict=True)]

    def features(self, question: str, support: list[float], facet_vectors: np.ndarray) -> np.ndarray:
        """`sentence_model.FEATURES` of every sentence."""
        cosine = self.vectors[1:] @ self.vectors[0]
        facet = (self.vectors[1:] @ facet_vectors.T).max(axis=1) if len(facet_vectors) else cosine
        asked = content_terms(question)
        weighted = weighted_terms(question)
        why = bool(CAUSE_QUESTION.search(question))
        per_passage: dict[int, int] = {}
        for passage, _, _ in self.rows:
            per_passage[passage.n] = per_passage.get(passage.n, 0) + 1
        views = []
        for j, (passage, index, sentence) in enumerate(self.rows):
            found = content_terms(sentence)
            views.append(SentenceView(
                passage=passage.n, index=index, sentences_in_passage=per_passage[passage.n],
                words=len(sentence.split()), minutes=passage.is_minutes, support=support[j],
                cosine=float(cosine[j]), coverage=coverage(weighted, found), facet_cosine=float(facet[j]),
                novelty=len(found - asked) / max(len(found), 1),
                question_density=len(asked & found) / max(len(found), 1), quantity=bool(QUANTITY.search(sentence)),
                asks_cause=why, gives_reason=bool(GIVES_REASON.search(sentence) or OPENS_ON_THE_LAST.match(sentence)),
                speaks_for=speaks_for(sentence), sets_scene=bool(SETS_SCENE.match(sentence)),
                decision=bool(DECISION.search(sentence)), leans=bool(LEANS.match(sentence))))
        return feature_matrix(views)

    def support(self, query: str, query_vector: np.ndarray) -> list[float]:
        """Each sentence's support for `query` (see `ReaderConfig.support_threshold`)."""
        cfg = self.config
        q_terms = weighted_terms(query)
        wanted_here = asked_kinds(query)
        names = topic_names(query)
        kinds = parse_filter(query, []).doc_types or frozenset()
        sections = named_sections(query, {section_of(p) for p, _, _ in self.rows})
        asks_format = asks_how_held(query)
        scores = []
        for j, ((passage, _, sentence), cosine, found) in enumerate(zip(self.rows, self.vectors[1:] @ query_vector,
                                                                         self.terms, strict=True)):
            score = float(cosine) + cfg.lexical_weight * coverage(q_terms, found) + cfg.rank_prior / max(passage.n, 1)
            score += cfg.answer_type_bonus * sum(bool(kind.search(sentence)) for kind in wanted_here)
            if names and any(mentions(sentence.lower(), name) or name in self.acronyms[j] for name in names):
                score += cfg.name_bonus
            if passage.doc_type in kinds:
                score += cfg.doc_type_bonus
            if sections and section_of(passage) in sections:
                score += cfg.section_bonus
            if BOILERPLATE.match(sentence) and not (asks_format and OPENING.match(sentence)):
                score -= cfg.boilerplate_penalty
            scores.append(round(score, 6))
        return scores


SentenceTable = tuple[Sentences, list[str], np.ndarray, list[float]]


def sentence_table(question: str, passages: Sequence[Passage], encoder: Embedder,
                   config: ReaderConfig = READER_CONFIG) -> SentenceTable | None:
    """The passages' quotable sentences with their vectors, the question's facets, the encoded queries (row 0 the
    question, then each facet of a multi-part question) and each sentence's support; None without a sentence."""
    rows = [(p, i, s) for p in passages for i, s in enumerate(split_sentences(p.text)) if quotable(s)]
    if not rows:
        return None
    facets = [facet_query(f, question) for f in question_facets(question)]
    queries = [expand(question), *[expand(f) for f in facets]] if len(facets) > 1 else [expand(question)]
    encoded = np.asarray(encoder.encode([*queries, *[s for _, _, s in rows]]), dtype=np.float32)
    sentences = Sentences(rows, np.concatenate([encoded[:1], encoded[len(queries) :]]), config)
    return sentences, facets, encoded[: len(queries)], sentences.support(question, sentences.vectors[0])


def candidate_features(question: str, passages: Sequence[Passage], encoder: Embedder,
                       config: ReaderConfig = READER_CONFIG) -> tuple[list[str], np.ndarray] | None:
    """Every quotable sentence of the passages with its `sentence_model.FEATURES` row, as the reader ranks them
    (for fitting the model: `scripts/fit_sentence_model.py`); None without a sentence."""
    table = sentence_table(question.strip(), passages, encoder, config)
    if table is None:
        return None
    sentences, facets, encoded, support = table
    facet_vectors = encoded[1 : 1 + len(facets)] if len(facets) > 1 else encoded[:0]
    return [s for _, _, s in sentences.rows], sentences.features(question.strip(), support, facet_vectors)
