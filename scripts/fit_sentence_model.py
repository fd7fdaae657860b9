"""Fit the reader's sentence ranking (`fomc_qa/answering/sentence_model.py`) on the golden questions' passages.

    python scripts/fit_sentence_model.py [--golden data/eval/golden.json] [--splits train,dev] [--also FILE ...]
        [--holdout FILE ...]

For each question of the splits (and every question of each --also file: outside sets already read, which hold the
why, discussion, staff and manager questions the golden file has few of) the retriever's passages are read as the
CLI reads them; every quotable sentence is
a positive when it holds one of the question's expected keywords that the question does not already say. The
ensemble is written to `fomc_qa/answering/sentence_model.json`. Printed: the keyword coverage of the six best-ranked
sentences by support alone and by the ensemble, in 5-fold cross-validation over the fitted questions (folds by
question) and on each --holdout file (questions never fitted on). Deterministic for the same index and golden file.
Needs scikit-learn (the `dev` extra); the read side evaluates the stored trees with numpy.
"""

from __future__ import annotations

import argparse
import json
import zlib
from pathlib import Path

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier

from fomc_qa.answering.extractive import ExtractiveAnswerer
from fomc_qa.answering.passages import Passage, passages_from_hits
from fomc_qa.answering.reader import NO_ANSWER, candidate_features
from fomc_qa.answering.sentence_model import FEATURES, MODEL_PATH
from fomc_qa.answering.session import Session
from fomc_qa.config import Settings
from fomc_qa.evaluation.metrics import keyword_recall
from fomc_qa.models import SearchHit

TOP = 6
# An --also question counts a third of a golden one: the ranking keeps the golden questions' order (their answers'
# rules were tuned on it) and learns from the outside sets what a why's or a discussion's answer looks like.
OUTSIDE_WEIGHT = 1 / 3
PARAMS = dict(max_iter=200, learning_rate=0.05, max_leaf_nodes=15, early_stopping=False, random_state=0)


class _Capture(ExtractiveAnswerer):
    """The CLI's answer path, stopped where the reader would read: keeps the question and its passages."""

    seen: tuple[str, list[Passage]] | None = None

    def _generate(self, question: str, hits: list[SearchHit], context: str) -> str:
        self.seen = (question, passages_from_hits(hits))
        return NO_ANSWER


def question_table(capture: _Capture, item: dict) -> dict | None:
    """One question's sentences: features, and which expected keywords each holds."""
    keywords = item.get("expected_answer_keywords") or []
    capture.seen = None
    capture.answer(item["question"])
    if not keywords or capture.seen is None:
        return None
    question, passages = capture.seen
    table = candidate_features(" ".join(question.split()), passages, capture.embedder)
    if table is None:
        return None
    sentences, x = table
    wanted = [k for k in keywords if not keyword_recall(question, [k])]  # what the answer adds to the question
    if not wanted:
        return None
    holds = np.array([[keyword_recall(s, [k]) == 1.0 for k in wanted] for s in sentences])
    return {"id": item["id"], "x": x, "holds": holds, "weight": 1.0 if item.get("split") else OUTSIDE_WEIGHT}


def fit(tables: list[dict]) -> HistGradientBoostingClassifier:
    x = np.concatenate([t["x"] for t in tables])
    y = np.concatenate([t["holds"].any(axis=1) for t in tables])
    weight = np.concatenate([np.full(len(t["x"]), t["weight"] * len(tables) / len(t["x"])) for t in tables])
    return HistGradientBoostingClassifier(**PARAMS).fit(x, y, sample_weight=weight)


def coverage(tables: list[dict], score) -> float:
    """Mean share of a question's keywords held by its TOP sentences under `score`."""
    shares = []
    for t in tables:
        top = np.argsort(-score(t), kind="stable")[:TOP]
        shares.append(float(t["holds"][top].any(axis=0).mean()))
    return float(np.mean(shares)) if shares else float("nan")


def export(model: HistGradientBoostingClassifier) -> dict:
    """The trees as flat arrays (`TreeEnsemble.from_json`)."""
    trees = []
    for (predictor,) in model._predictors:
        nodes = predictor.nodes
        trees.append({"feature": nodes["feature_idx"].tolist(), "threshold": nodes["num_threshold"].tolist(),
                      "left": nodes["left"].tolist(), "right": nodes["right"].tolist(),
                      "value": [round(v, 8) for v in nodes["value"].tolist()], "leaf": nodes["is_leaf"].tolist()})
    return {"features": list(FEATURES), "baseline": float(np.ravel(model._baseline_prediction)[0]),
            "params": {k: v for k, v in PARAMS.items()}, "trees": trees}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--golden", type=Path, default=Path("data/eval/golden.json"))
    parser.add_argument("--splits", default="train,dev")
    parser.add_argument("--also", type=Path, nargs="*", default=[])
    parser.add_argument("--holdout", type=Path, nargs="*", default=[])
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args()
    session = Session.open(Settings.from_env())
    retriever = session.retriever
    capture = _Capture(retriever.search, retriever.embedder, k=session.k, desk=retriever.desk)
    splits = set(args.splits.split(","))
    golden = [q for q in json.loads(args.golden.read_text()) if q.get("split") in splits]
    golden += [{**q, "split": None} for path in args.also for q in json.loads(path.read_text())]
    tables = [t for t in (question_table(capture, q) for q in golden) if t is not None]
    support = lambda t: t["x"][:, FEATURES.index("support")]  # noqa: E731
    folds = np.array([zlib.crc32(t["id"].encode()) % 5 for t in tables])
    cv = []
    for fold in range(5):
        model = fit([t for t, f in zip(tables, folds, strict=True) if f != fold])
        held = [t for t, f in zip(tables, folds, strict=True) if f == fold]
        cv.append((coverage(held, support), coverage(held, lambda t, m=model: m.decision_function(t["x"])), len(held)))
    n = sum(c[2] for c in cv)
    print(f"{len(tables)} questions of {args.splits} and {len(args.also)} more files: keyword coverage of the {TOP} "
          "best sentences, 5-fold CV: "
          f"support {sum(c[0] * c[2] for c in cv) / n:.3f} -> ensemble {sum(c[1] * c[2] for c in cv) / n:.3f}")
    model = fit(tables)
    for path in args.holdout:
        held = [t for t in (question_table(capture, q) for q in json.loads(path.read_text())) if t is not None]
        print(f"holdout {path} ({len(held)} questions): support {coverage(held, support):.3f} -> "
              f"ensemble {coverage(held, lambda t: model.decision_function(t['x'])):.3f}")
    args.out.write_text(json.dumps(export(model), separators=(",", ":")) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
