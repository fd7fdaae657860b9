"""Evaluation against a golden question set (brief sections 8 and 9).

Pure functions over the domain records: the retriever and the answering program come in as
callables, so the same code scores any configuration and stays importable without Dagster.

Relevance is judged per document: a retrieved chunk is relevant when its
`{doc_type}_{meeting_date}` key is one of the question's relevant documents. Out-of-scope
questions have no relevant documents; they score 1.0 on every retrieval metric and are judged
on the answer instead (it should say the evidence is insufficient and cite nothing).
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from fomc_qa.models import DOC_TYPES, Answer, GoldenQuestion, SearchHit

OUT_OF_SCOPE = "out-of-scope"
CATEGORIES: tuple[str, ...] = ("factual", "section-specific", "temporal", "cross-document", OUT_OF_SCOPE)
SPLITS: tuple[str, ...] = ("train", "dev", "test")
DEFAULT_KS: tuple[int, ...] = (3, 5, 10)
RANKED_METRICS: tuple[str, ...] = ("hit_rate", "recall", "precision", "ndcg", "chunk_text_recall")
ANSWER_METRICS: tuple[str, ...] = ("keyword_recall", "insufficient_on_out_of_scope", "citations_verbatim")


class GoldenFileError(ValueError):
    """A golden file that cannot be used; the message names the file and the offending item."""


# ---------------------------------------------------------------------------------------------
# Loading


def load_golden(path: str | Path) -> list[GoldenQuestion]:
    """Read and validate a golden file, failing early with a message a user can act on."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GoldenFileError(f"{path}: cannot read golden file: {exc}") from exc
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise GoldenFileError(f"{path}: invalid JSON at {where}: {exc.msg}") from exc
    if not isinstance(data, list):
        raise GoldenFileError(f"{path}: expected a JSON list of questions, got {type(data).__name__}")
    if not data:
        raise GoldenFileError(f"{path}: the golden file contains no questions")

    questions: list[GoldenQuestion] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(data):
        where = _item_label(i, item)
        if not isinstance(item, dict):
            raise GoldenFileError(f"{path}: {where}: expected an object, got {type(item).__name__}")
        try:
            question = GoldenQuestion.model_validate(item)
        except ValidationError as exc:
            raise GoldenFileError(f"{path}: {where}: {_short_errors(exc)}") from exc
        problem = _check_question(question)
        if problem:
            raise GoldenFileError(f"{path}: {where}: {problem}")
        if question.id in seen:
            raise GoldenFileError(f"{path}: {where}: duplicate id (first used by item {seen[question.id]})")
        seen[question.id] = i
        questions.append(question)
    return questions


def split_questions(questions: Iterable[GoldenQuestion], split: str) -> list[GoldenQuestion]:
    """The questions of one split ("train" for compiling, "dev" for scoring); order is kept."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {', '.join(SPLITS)}")
    return [q for q in questions if q.split == split]


def _item_label(index: int, item: object) -> str:
    qid = item.get("id") if isinstance(item, dict) else None
    return f"item {index} (id {qid!r})" if qid is not None else f"item {index}"


def _short_errors(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "record"
        parts.append(f"{loc}: {err['msg']}")
    return "; ".join(parts)


def _check_question(q: GoldenQuestion) -> str | None:
    """Checks the record model leaves open: document references and the out-of-scope shape."""
    if not q.question.strip():
        return "question is empty"
    for j, doc in enumerate(q.relevant_documents):
        if set(doc) != {"type", "date"}:
            return f"relevant_documents[{j}] must have exactly the keys 'type' and 'date'"
        if doc["type"] not in DOC_TYPES:
            return f"relevant_documents[{j}].type {doc['type']!r} is not one of {', '.join(DOC_TYPES)}"
        try:
            dt.date.fromisoformat(doc["date"])
        except ValueError:
            return f"relevant_documents[{j}].date {doc['date']!r} is not a YYYY-MM-DD date"
    if q.category == OUT_OF_SCOPE and q.relevant_documents:
        return "an out-of-scope question must not list relevant documents"
    if q.category != OUT_OF_SCOPE and not q.relevant_documents:
        return "an answerable question needs at least one relevant document"
    return None


# ---------------------------------------------------------------------------------------------
# Retrieval metrics (one question, one ranked list)


def doc_key(hit: SearchHit) -> str:
    """`{doc_type}_{meeting_date}`, the unit of relevance (brief section 9)."""
    return f"{hit.doc_type}_{hit.meeting_date.isoformat()}"


def is_relevant(hit: SearchHit, question: GoldenQuestion) -> bool:
    return doc_key(hit) in question.relevant_doc_keys()


def _in_scope(question: GoldenQuestion) -> bool:
    return question.category != OUT_OF_SCOPE


def hit_rate_at_k(question: GoldenQuestion, hits: Sequence[SearchHit], k: int) -> float:
    """1.0 when any of the top-k chunks comes from a relevant document. Out-of-scope: 1.0."""
    if not _in_scope(question):
        return 1.0
    return 1.0 if any(is_relevant(h, question) for h in hits[:k]) else 0.0


def recall_at_k(question: GoldenQuestion, hits: Sequence[SearchHit], k: int) -> float:
    """Share of the relevant documents that supply at least one of the top-k chunks.

    Document-level, because a question is answered by documents and several chunks of one
    document should not count twice. Out-of-scope: 1.0.
    """
    if not _in_scope(question):
        return 1.0
    relevant = question.relevant_doc_keys()
    found = {doc_key(h) for h in hits[:k]} & relevant
    return len(found) / len(relevant)


def precision_at_k(question: GoldenQuestion, hits: Sequence[SearchHit], k: int) -> float:
    """Relevant chunks among the top k, divided by k (a short list is not rewarded). Out-of-scope: 1.0."""
    if not _in_scope(question):
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
    if not _in_scope(question):
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
    if not _in_scope(question):
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
    if not _in_scope(question):
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


# ---------------------------------------------------------------------------------------------
# Runners


def _mean(values: Iterable[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return sum(present) / len(present) if present else None


def _aggregate(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> dict[str, float | None]:
    return {key: _mean(row["metrics"].get(key) for row in rows) for key in keys}


def _categories_in(questions: Sequence[GoldenQuestion]) -> list[str]:
    present = {q.category for q in questions}
    return [c for c in CATEGORIES if c in present]


def evaluate_retrieval(
    questions: Sequence[GoldenQuestion],
    search: Callable[[str, int], list[SearchHit]],
    ks: Sequence[int] = DEFAULT_KS,
) -> dict[str, Any]:
    """Run every question through `search` once (with k = max(ks)) and score the rankings.

    Returns the `eval --json` shape of brief section 8: `n`, `overall` (mean of each metric
    over all questions, out-of-scope ones counting 1.0), `by_category` (the same means plus
    `n` per category) and `questions` (per-question metrics and the retrieved chunk ids).
    """
    ks = tuple(sorted(set(ks)))
    if not ks or ks[0] < 1:
        raise ValueError("ks must hold at least one positive cut-off")
    keys = [f"{name}@{k}" for k in ks for name in RANKED_METRICS] + ["mrr"]
    rows = []
    for q in questions:
        hits = sorted(search(q.question, ks[-1]), key=lambda h: h.rank)
        rows.append(
            {
                "id": q.id,
                "category": q.category,
                "split": q.split,
                "metrics": retrieval_metrics(q, hits, ks),
                "top_chunk_ids": [h.chunk_id for h in hits],
            }
        )
    return _report(questions, rows, keys)


def _report(
    questions: Sequence[GoldenQuestion], rows: list[dict[str, Any]], keys: Sequence[str]
) -> dict[str, Any]:
    by_category = {}
    for cat in _categories_in(questions):
        cat_rows = [r for r in rows if r["category"] == cat]
        by_category[cat] = {**_aggregate(cat_rows, keys), "n": len(cat_rows)}
    return {"n": len(rows), "overall": _aggregate(rows, keys), "by_category": by_category, "questions": rows}


# ---------------------------------------------------------------------------------------------
# Answer metrics


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


def evaluate_answers(
    questions: Sequence[GoldenQuestion],
    answer: Callable[[str], Answer],
    chunk_text: Callable[[str], str],
) -> dict[str, Any]:
    """Answer every question once and score the answers.

    `overall` and each category hold `keyword_recall` (mean over answerable questions; None
    in the out-of-scope category), `insufficient_on_out_of_scope` (share of out-of-scope
    questions answered "insufficient" without citations; None in other categories) and
    `citations_verbatim` (mean over all questions). `chunk_text` looks up a cited chunk's text;
    a chunk it cannot find (KeyError/LookupError) fails the verbatim check. The result has the
    same shape as `evaluate_retrieval`, so `merge_reports` can combine the two.
    """
    rows = []
    for q in questions:
        result = answer(q.question)
        texts: dict[str, str] = {}
        for c in result.citations:
            try:
                texts[c.chunk_id] = chunk_text(c.chunk_id)
            except LookupError:
                continue
        in_scope = _in_scope(q)
        rows.append(
            {
                "id": q.id,
                "category": q.category,
                "split": q.split,
                "metrics": {
                    "keyword_recall": (
                        keyword_recall(result.answer, q.expected_answer_keywords) if in_scope else None
                    ),
                    "insufficient_on_out_of_scope": None if in_scope else float(is_insufficient(result)),
                    "citations_verbatim": citations_verbatim(result, texts),
                },
                "confidence": result.confidence,
                "answer": result.answer,
                "citation_chunk_ids": [c.chunk_id for c in result.citations],
            }
        )
    return _report(questions, rows, ANSWER_METRICS)


def merge_reports(retrieval: Mapping[str, Any], answers: Mapping[str, Any]) -> dict[str, Any]:
    """Retrieval report with the answer metrics added to `overall`, each category and each question."""
    merged: dict[str, Any] = {
        "n": retrieval["n"],
        "overall": {**retrieval["overall"], **answers["overall"]},
        "by_category": {},
        "questions": [],
    }
    for cat, values in retrieval["by_category"].items():
        extra = {k: v for k, v in answers["by_category"].get(cat, {}).items() if k != "n"}
        merged["by_category"][cat] = {**values, **extra}
    by_id = {row["id"]: row for row in answers["questions"]}
    for row in retrieval["questions"]:
        other = by_id.get(row["id"], {})
        combined = {**row, **{k: v for k, v in other.items() if k != "metrics"}}
        combined["metrics"] = {**row["metrics"], **other.get("metrics", {})}
        merged["questions"].append(combined)
    return merged


# ---------------------------------------------------------------------------------------------
# Presentation


def format_summary(report: Mapping[str, Any]) -> str:
    """A plain-text table: overall then each category, at k = 5 (or the smallest k reported)."""
    overall = report["overall"]
    ks = sorted(int(key.split("@")[1]) for key in overall if key.startswith("hit_rate@"))
    columns: list[tuple[str, str]] = []
    if ks:
        k = 5 if 5 in ks else ks[0]
        columns += [
            (f"hit@{k}", f"hit_rate@{k}"),
            (f"recall@{k}", f"recall@{k}"),
            ("mrr", "mrr"),
            (f"ndcg@{k}", f"ndcg@{k}"),
            (f"prec@{k}", f"precision@{k}"),
            (f"text@{k}", f"chunk_text_recall@{k}"),
        ]
    answer_columns = (
        ("kw", "keyword_recall"),
        ("insuff", "insufficient_on_out_of_scope"),
        ("verbatim", "citations_verbatim"),
    )
    columns += [(label, key) for label, key in answer_columns if key in overall]

    rows = [("overall", report["n"], overall)]
    rows += [(cat, values.get("n", ""), values) for cat, values in report.get("by_category", {}).items()]
    name_w = max(len(r[0]) for r in rows)
    header = f"{'':<{name_w}}  {'n':>4}" + "".join(f"  {label:>9}" for label, _ in columns)
    lines = [header, "-" * len(header)]
    for name, n, values in rows:
        cells = "".join(f"  {_fmt(values.get(key)):>9}" for _, key in columns)
        lines.append(f"{name:<{name_w}}  {n!s:>4}{cells}")
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"
