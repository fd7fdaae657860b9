"""Retrieval and answer metrics for one question (brief sections 8 and 9).

Relevance is judged per document: a retrieved chunk is relevant when its
`{doc_type}_{meeting_date}` key is one of the question's relevant documents. Out-of-scope
questions have no relevant documents; they score 1.0 on every retrieval metric and are judged
on the answer instead (it should say the evidence is insufficient and cite nothing).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence

from fomc_qa.evaluation.golden import OUT_OF_SCOPE
from fomc_qa.models import Answer, GoldenQuestion, SearchHit

RANKED_METRICS: tuple[str, ...] = ("hit_rate", "recall", "precision", "ndcg", "chunk_text_recall")
DEFAULT_KS: tuple[int, ...] = (3, 5, 10)
ANSWER_METRICS: tuple[str, ...] = ("keyword_recall", "insufficient_on_out_of_scope", "citations_verbatim")


def doc_key(hit: SearchHit) -> str:
    """`{doc_type}_{meeting_date}`, the unit of relevance (brief section 9)."""
    return f"{hit.doc_type}_{hit.meeting_date.isoformat()}"


def is_relevant(hit: SearchHit, question: GoldenQuestion) -> bool:
    return doc_key(hit) in question.relevant_doc_keys()


def in_scope(question: GoldenQuestion) -> bool:
    return question.category != OUT_OF_SCOPE


def hit_rate_at_k(question: GoldenQuestion, hits: Sequence[SearchHit], k: int) -> float:
    """1.0 when any of the top-k chunks comes from a relevant document. Out-of-scope: 1.0."""
    if not in_scope(question):
        return 1.0
    return 1.0 if any(is_relevant(h, question) for h in hits[:k]) else 0.0


def recall_at_k(question: GoldenQuestion, hits: Sequence[SearchHit], k: int) -> float:
    """Share of the relevant documents that supply at least one of the top-k chunks.

    Document-level, because a question is answered by documents and several chunks of one
    document should not count twice. Out-of-scope: 1.0.
    """
    if not in_scope(question):
        return 1.0
    relevant = question.relevant_doc_keys()
    found = {doc_key(h) for h in hits[:k]} & relevant
    return len(found) / len(relevant)


def precision_at_k(question: GoldenQuestion, hits: Sequence[SearchHit], k: int) -> float:
    """Relevant chunks among the top k, divided by k (a short list is not rewarded). Out-of-scope: 1.0."""
    if not in_scope(question):
        return 1.0
    return sum(is_relevant(h, question) for h in hits[:k]) / k


def ndcg_at_k(question: GoldenQuestion, hits: Sequence[SearchHit], k: int) -> float:
    """Normalized discounted cumulative gain over the ranked chunk list, binary gains.

    A chunk at 1-based position i gains 1 / log2(i + 1) when its document is relevant and no
    higher-ranked chunk came from the same document; repeats of an already-found document gain
    0. The ideal ranking puts one chunk of each relevant document first, so
    IDCG = sum over i = 1 .. min(k, R) of 1 / log2(i + 1), with R the number of relevant
    documents. Counting each document once keeps the score within [0, 1] (a minutes document
    has dozens of relevant chunks) and agrees with recall@k, which is document-level too.
    Out-of-scope: 1.0.
    """
    if not in_scope(question):
        return 1.0
    relevant = question.relevant_doc_keys()
    seen: set[str] = set()
    dcg = 0.0
    for i, hit in enumerate(hits[:k], start=1):
        key = doc_key(hit)
        if key in relevant and key not in seen:
            seen.add(key)
            dcg += 1.0 / math.log2(i + 1)
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(k, len(relevant)) + 1))
    return dcg / ideal


def reciprocal_rank(question: GoldenQuestion, hits: Sequence[SearchHit]) -> float:
    """1 / position of the first relevant chunk in the whole returned list, 0.0 if none. Out-of-scope: 1.0."""
    if not in_scope(question):
        return 1.0
    for i, hit in enumerate(hits, start=1):
        if is_relevant(hit, question):
            return 1.0 / i
    return 0.0


# Some pages write ranges with a non-breaking hyphen ("1\u20111/2"); an answer or keyword typed with "-"
# means the same thing.
_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-"})


def _normalize(text: str) -> str:
    return " ".join(text.translate(_HYPHENS).casefold().split())


def chunk_text_recall_at_k(question: GoldenQuestion, hits: Sequence[SearchHit], k: int) -> float | None:
    """Share of the expected text fragments found in the top-k chunk texts joined with a space.

    Matching ignores case and hyphen variants and collapses whitespace, so a fragment split
    across the line breaks of a chunk (or across two adjacent chunks ranked one after the other)
    still counts. This checks the passage itself, not just its document. Out-of-scope: 1.0; an
    answerable question without fragments: None (left out of averages).
    """
    if not in_scope(question):
        return 1.0
    if not question.relevant_text_fragments:
        return None
    haystack = _normalize(" ".join(h.text for h in hits[:k]))
    found = sum(_normalize(f) in haystack for f in question.relevant_text_fragments)
    return found / len(question.relevant_text_fragments)


_RANKED_FUNCS: dict[str, Callable[[GoldenQuestion, Sequence[SearchHit], int], float | None]] = {
    "hit_rate": hit_rate_at_k,
    "recall": recall_at_k,
    "precision": precision_at_k,
    "ndcg": ndcg_at_k,
    "chunk_text_recall": chunk_text_recall_at_k,
}


def retrieval_metrics(
    question: GoldenQuestion, hits: Sequence[SearchHit], ks: Sequence[int] = DEFAULT_KS
) -> dict[str, float | None]:
    """All retrieval metrics of one question: `{metric}@{k}` for each k, plus `mrr`.

    Hits are taken in rank order (sorted by `rank`), whatever order the list arrived in.
    """
    ranked = sorted(hits, key=lambda h: h.rank)
    out: dict[str, float | None] = {}
    for k in ks:
        for name in RANKED_METRICS:
            out[f"{name}@{k}"] = _RANKED_FUNCS[name](question, ranked, k)
    out["mrr"] = reciprocal_rank(question, ranked)
    return out


def keyword_recall(answer_text: str, keywords: Sequence[str | Sequence[str]]) -> float | None:
    """Share of the expected keywords found in the answer; None without keywords.

    A keyword given as a list is found when any of its alternatives is. Case, whitespace runs
    and hyphen variants (U+2010, U+2011) are ignored.
    """
    if not keywords:
        return None
    text = _normalize(answer_text)
    return sum(any(_normalize(a) in text for a in _alternatives(k)) for k in keywords) / len(keywords)


def _alternatives(keyword: str | Sequence[str]) -> list[str]:
    return [keyword] if isinstance(keyword, str) else list(keyword)


def citations_verbatim(answer: Answer, chunk_texts: Mapping[str, str]) -> float:
    """1.0 when every citation quotes its chunk verbatim, else 0.0.

    The quoted excerpt must occur in the cited chunk's text exactly, case included; only runs
    of whitespace are collapsed on both sides, since rendering may reflow lines. A citation of a
    chunk missing from `chunk_texts` fails. An answer without citations passes (nothing to check).
    """
    for citation in answer.citations:
        text = chunk_texts.get(citation.chunk_id)
        excerpt = " ".join(citation.quoted_excerpt.split())
        if text is None or not excerpt or excerpt not in " ".join(text.split()):
            return 0.0
    return 1.0


def is_insufficient(answer: Answer) -> bool:
    """The answer declines: confidence "insufficient" and no citations."""
    return answer.confidence == "insufficient" and not answer.citations


def insufficient_on_out_of_scope(answers: Iterable[Answer]) -> float | None:
    """Share of the given answers (to out-of-scope questions) that decline; None if there are none."""
    flags = [is_insufficient(a) for a in answers]
    return sum(flags) / len(flags) if flags else None
