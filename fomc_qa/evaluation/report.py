"""Running a golden set through a retriever and an answerer, and the report of the results.

The retriever and the answering program come in as callables, so the same code scores any
configuration and stays importable without Dagster. Reports break the figures down by category
and, where questions carry one, by kind (the analyst's question class).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from fomc_qa.evaluation.form import FORM_METRICS, MEDIAN_METRICS, form_metrics, median
from fomc_qa.evaluation.golden import CATEGORIES, OUT_OF_SCOPE, GoldenFileError
from fomc_qa.evaluation.metrics import (
    ANSWER_METRICS,
    DEFAULT_KS,
    RANKED_METRICS,
    citations_verbatim,
    in_scope,
    is_insufficient,
    keyword_recall,
    retrieval_metrics,
)
from fomc_qa.index.integrity import BUILD_COMMAND, IndexMissing
from fomc_qa.models import Answer, GoldenQuestion, SearchHit


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
                "kind": q.kind,
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
    report = {"n": len(rows), "overall": _aggregate(rows, keys), "by_category": by_category, "questions": rows}
    kinds = sorted({q.kind for q in questions if q.kind})
    if kinds:
        report["by_kind"] = {
            kind: {**_aggregate(kind_rows, keys), "n": len(kind_rows)}
            for kind in kinds
            if (kind_rows := [r for r in rows if r.get("kind") == kind])
        }
    return report


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
    a chunk it cannot find (KeyError/LookupError) fails the verbatim check. The form figures
    (`fomc_qa.evaluation.form`: words, quotes, lead_keyword_recall, quote_precision) are averaged
    the same way, with `words_median` and `quotes_median` beside the means, and in `overall`
    `words_median_in_scope` and `quotes_median_in_scope` (answerable questions only). The result
    has the same shape as `evaluate_retrieval`, so `merge_reports` can combine the two.
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
        answerable = in_scope(q)
        rows.append(
            {
                "id": q.id,
                "category": q.category,
                "kind": q.kind,
                "split": q.split,
                "metrics": {
                    "keyword_recall": (
                        keyword_recall(result.answer, q.expected_answer_keywords) if answerable else None
                    ),
                    "insufficient_on_out_of_scope": None if answerable else float(is_insufficient(result)),
                    "citations_verbatim": citations_verbatim(result, texts),
                    **form_metrics(result, answerable, q.expected_answer_keywords, q.relevant_text_fragments),
                },
                "confidence": result.confidence,
                "answer": result.answer,
                "citation_chunk_ids": [c.chunk_id for c in result.citations],
            }
        )
    report = _report(questions, rows, ANSWER_METRICS + FORM_METRICS)
    _add_medians(report, rows)
    return report


def _medians(rows: Sequence[dict[str, Any]], suffix: str = "") -> dict[str, float | None]:
    return {f"{key}_median{suffix}": median(row["metrics"].get(key) for row in rows) for key in MEDIAN_METRICS}


def _add_medians(report: dict[str, Any], rows: Sequence[dict[str, Any]]) -> None:
    """Medians of words and quotes beside their means: overall (also over answerable questions), per group."""
    report["overall"].update(_medians(rows))
    report["overall"].update(_medians([r for r in rows if r["category"] != OUT_OF_SCOPE], "_in_scope"))
    for group, field in (("by_category", "category"), ("by_kind", "kind")):
        for name, values in report.get(group, {}).items():
            values.update(_medians([r for r in rows if r.get(field) == name]))


# The retrieval evaluation the pipeline's `retrieval_eval` asset writes under data/reports/ at every build: every split.
RETRIEVAL_REPORT = "retrieval_eval.json"


def stored_split(path: Path, questions: Sequence[GoldenQuestion], split: str) -> dict[str, Any]:
    """One split of the build's stored retrieval evaluation, if it is of these questions (the same ids)."""
    try:
        report = json.loads(path.read_bytes())["splits"][split]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise IndexMissing(f"{path}: no stored {split} evaluation ({exc.__class__.__name__}); run the pipeline "
                           f"first: {BUILD_COMMAND} (or evaluate without --stored)") from exc
    if [row.get("id") for row in report.get("questions", [])] != [q.id for q in questions]:
        raise GoldenFileError(f"{path}: the stored {split} evaluation is of other questions than the golden file's "
                              "(edited since the build?); evaluate without --stored")
    return report


def merge_reports(retrieval: Mapping[str, Any], answers: Mapping[str, Any]) -> dict[str, Any]:
    """Retrieval report with the answer metrics added to `overall`, each category and each question."""
    merged: dict[str, Any] = {
        "n": retrieval["n"],
        "overall": {**retrieval["overall"], **answers["overall"]},
        "by_category": {},
        "questions": [],
    }
    for group in ("by_category", "by_kind"):
        if group not in retrieval:
            continue
        merged[group] = {}
        for name, values in retrieval[group].items():
            extra = {k: v for k, v in answers.get(group, {}).get(name, {}).items() if k != "n"}
            merged[group][name] = {**values, **extra}
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
        ("words", "words"),
        ("quotes", "quotes"),
        ("lead_kw", "lead_keyword_recall"),
        ("q_prec", "quote_precision"),
    )
    columns += [(label, key) for label, key in answer_columns if key in overall]

    rows = [("overall", report["n"], overall)]
    rows += [(cat, values.get("n", ""), values) for cat, values in report.get("by_category", {}).items()]
    rows += [(f"kind: {kind}", values.get("n", ""), values) for kind, values in report.get("by_kind", {}).items()]
    name_w = max(len(r[0]) for r in rows)
    header = f"{'':<{name_w}}  {'n':>4}" + "".join(f"  {label:>9}" for label, _ in columns)
    lines = [header, "-" * len(header)]
    for name, n, values in rows:
        cells = "".join(f"  {_fmt(values.get(key)):>9}" for _, key in columns)
        lines.append(f"{name:<{name_w}}  {n!s:>4}{cells}")
    if overall.get("words_median_in_scope") is not None:
        lines.append(
            f"in-scope answers: median words {overall['words_median_in_scope']:g}, "
            f"median quotes {overall['quotes_median_in_scope']:g} "
            f"(all answers: median words {overall['words_median']:g}, median quotes {overall['quotes_median']:g})"
        )
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"
