"""Hybrid, date-aware retrieval: dense (USearch) and lexical (BM25) candidates fused by reciprocal
rank, first within the meetings and document kinds the question names, then over everything.

Every choice here is measured by `benchmarks/retrieval_ablation.py` on the dev split.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fomc_qa.embed import EmbeddingProvider
from fomc_qa.models import SearchHit
from fomc_qa.query_filters import QueryFilter, parse_filter
from fomc_qa.store import Corpus

RRF_K = 60  # the constant of Cormack et al.; flat enough that both lists matter


@dataclass(frozen=True)
class RetrievalConfig:
    dense: bool = True
    lexical: bool = True
    date_filter: bool = True
    candidates: int = 50
    rrf_k: int = RRF_K


def reciprocal_rank_fusion(rankings: list[list[int]], k: int = RRF_K) -> list[tuple[int, float]]:
    """Fuse ranked lists of ids: score(id) = sum over lists of 1 / (k + rank)."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, 1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


class Reranker:
    """Optional cross-encoder (FOMC_QA_RERANKER): rescoring the fused candidates pairwise."""

    def __init__(self, model: str) -> None:
        from sentence_transformers import CrossEncoder

        self.name = model
        self._model = CrossEncoder(model, device="cpu")

    def rerank(self, question: str, texts: list[str]) -> list[float]:
        return [float(s) for s in self._model.predict([(question, t) for t in texts])]


class Retriever:
    def __init__(
        self,
        corpus: Corpus,
        embedder: EmbeddingProvider,
        config: RetrievalConfig = RetrievalConfig(),
        reranker: Reranker | None = None,
    ) -> None:
        self.corpus = corpus
        self.embedder = embedder
        self.config = config
        self.reranker = reranker
        self.last_filter: QueryFilter | None = None

    def _pass(self, question: str, query: np.ndarray, n: int, flt: QueryFilter | None) -> list[tuple[int, float]]:
        meetings = set(flt.meetings) if flt and flt.meetings is not None else None
        doc_types = flt.doc_types if flt else None
        rankings = []
        if self.config.dense:
            # Over-fetch when a document kind is named: USearch has no predicate, so filter after.
            fetch = n * 3 if doc_types else n
            rankings.append([r for r, _ in self.corpus.dense_search(query, fetch, meetings)])
        if self.config.lexical:
            rankings.append([r for r, _ in self.corpus.lexical_search(question, n * 3 if doc_types else n, meetings)])
        fused = reciprocal_rank_fusion(rankings, self.config.rrf_k)
        if doc_types:
            fused = [(r, s) for r, s in fused if self.corpus.table.doc_type[r] in doc_types]
        return fused

    def search(self, question: str, k: int = 5) -> list[SearchHit]:
        query = self.embedder.encode([question])[0]
        n = max(self.config.candidates, k)
        flt = parse_filter(question, self.corpus.meetings) if self.config.date_filter else None
        self.last_filter = flt
        ordered: list[tuple[int, float]] = []
        seen: set[int] = set()
        passes = [flt, None] if flt is not None and flt.active else [None]
        for offset, pass_filter in enumerate(passes):
            for row, score in self._pass(question, query, n, pass_filter):
                if row not in seen:
                    seen.add(row)
                    # Filtered-pass hits rank ahead: +1 lifts them above any unfiltered score.
                    ordered.append((row, score + (len(passes) - 1 - offset)))
        if self.reranker and ordered:
            head = ordered[: max(k * 4, 20)]
            scores = self.reranker.rerank(question, [self.corpus.table.text[r] for r, _ in head])
            ordered = sorted(zip([r for r, _ in head], scores), key=lambda rs: -rs[1]) + ordered[len(head):]
        top = ordered[:k]
        cosine = self.corpus.table.vectors[[r for r, _ in top]] @ query if top else np.zeros(0)
        t = self.corpus.table
        return [
            SearchHit(
                rank=i + 1,
                chunk_id=t.chunk_id[row],
                document_id=t.document_id[row],
                doc_type=t.doc_type[row],
                meeting_date=t.meeting_date[row],
                section=t.section[row],
                text=t.text[row],
                score=float(score),
                relevance=float(np.clip(cos, 0.0, 1.0)),
            )
            for i, ((row, score), cos) in enumerate(zip(top, cosine))
        ]
