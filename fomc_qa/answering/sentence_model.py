"""The reader's learned sentence ranking: which sentence holds the answer, not only which resembles the question.

The hand-set support score (`fomc_qa.answering.reader`) ranks sentences that restate a question above the sentence
that answers it (a minutes paragraph opens by naming its topic and answers two sentences later). A small
gradient-boosted tree ensemble, fitted on the train and dev questions' passages (`scripts/fit_sentence_model.py`:
a sentence is a positive when it holds one of the question's expected keywords the question does not already
say), reorders them from FEATURES: the support score and its parts, the sentence's novelty against the question,
its length and place in the paragraph, its neighbours' support and its passage's rank, and what kind of sentence it
is beside what is asked (a reason beside a "why", a bare decision, the majority's view or a few participants', a
topic's opening, a sentence leaning on the one before). Each feature is a property
of the sentence beside the question, none names a meeting, a topic or a question, so the ensemble ranks new
questions' sentences too (held-out sets in README "Measured figures"). The trees are stored as plain arrays in
`sentence_model.json` and evaluated with numpy: the read side needs no scikit-learn.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MODEL_PATH = Path(__file__).with_name("sentence_model.json")

FEATURES = ("support", "cosine", "coverage", "novelty", "log_words", "opens_passage", "place_in_passage",
            "facet_cosine", "quantity", "question_density", "passage_prior", "previous_support", "next_support",
            "minutes", "log_cosine_rank", "asks_cause", "gives_reason", "reason_for_cause", "speaks_for",
            "sets_scene", "decision", "decision_for_cause", "leans")
# Features measured from the question's best sentence (x - max over the passages' sentences): the ensemble
# compares sentences within one question, not support levels across questions.
RELATIVE = ("support", "cosine", "coverage", "facet_cosine", "previous_support", "next_support")


@dataclass(frozen=True)
class SentenceView:
    """What the features read of one candidate sentence (the reader's row and its scores)."""

    passage: int  # the passage's marker (1 = the retriever's best)
    index: int  # position among the passage's sentences
    sentences_in_passage: int
    words: int
    minutes: bool
    support: float
    cosine: float
    coverage: float
    facet_cosine: float
    novelty: float  # share of the sentence's terms the question does not use
    question_density: float  # question terms per sentence term
    quantity: bool
    asks_cause: bool = False  # the question asks why or what drove it
    gives_reason: bool = False  # "in light of ...", "Against this backdrop, ...", "judged", "because"
    speaks_for: int = 0  # +1 the majority's view, -1 a few participants' (`fomc_qa.text.consensus`)
    sets_scene: bool = False  # opens a discussion by its topic ("The manager turned to ...")
    decision: bool = False  # states the rate decision ("the Committee decided to maintain the target range")
    leans: bool = False  # leans on the sentence before it ("They also ...")


def feature_matrix(views: list[SentenceView]) -> np.ndarray:
    """FEATURES for each sentence, RELATIVE ones measured from the best."""
    at = {(v.passage, v.index): v.support for v in views}
    lowest = min(v.support for v in views)
    cosine_rank = np.argsort(np.argsort([-v.cosine for v in views], kind="stable"), kind="stable")
    rows = [[v.support, v.cosine, v.coverage, v.novelty, math.log(v.words + 1), float(v.index == 0),
             v.index / max(v.sentences_in_passage, 1), v.facet_cosine, float(v.quantity), v.question_density,
             1.0 / max(v.passage, 1), at.get((v.passage, v.index - 1), lowest),
             at.get((v.passage, v.index + 1), lowest),
             float(v.minutes), math.log1p(rank), float(v.asks_cause), float(v.gives_reason),
             float(v.asks_cause and v.gives_reason), float(v.speaks_for), float(v.sets_scene), float(v.decision),
             float(v.asks_cause and v.decision), float(v.leans)] for v, rank in zip(views, cosine_rank, strict=True)]
    x = np.asarray(rows, dtype=np.float64)
    for name in RELATIVE:
        column = FEATURES.index(name)
        x[:, column] -= x[:, column].max()
    return x


@dataclass(frozen=True)
class TreeEnsemble:
    """A boosted ensemble's trees as flat node arrays; `score` is the sum of the leaves reached (a logit)."""

    baseline: float
    feature: list[np.ndarray]
    threshold: list[np.ndarray]
    left: list[np.ndarray]
    right: list[np.ndarray]
    value: list[np.ndarray]
    leaf: list[np.ndarray]

    @classmethod
    def from_json(cls, data: dict) -> TreeEnsemble:
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"sentence model features {data['features']} differ from {list(FEATURES)}: refit it "
                             "with scripts/fit_sentence_model.py")
        trees = data["trees"]
        return cls(float(data["baseline"]),
                   *([np.asarray(t[key], dtype=dtype) for t in trees]
                     for key, dtype in (("feature", np.int64), ("threshold", np.float64), ("left", np.int64),
                                        ("right", np.int64), ("value", np.float64), ("leaf", bool))))

    def score(self, x: np.ndarray) -> np.ndarray:
        total = np.full(len(x), self.baseline)
        rows = np.arange(len(x))
        for feature, threshold, left, right, value, leaf in zip(self.feature, self.threshold, self.left, self.right,
                                                                self.value, self.leaf, strict=True):
            node = np.zeros(len(x), dtype=np.int64)
            while not leaf[node].all():
                goes_left = x[rows, feature[node]] <= threshold[node]
                node = np.where(leaf[node], node, np.where(goes_left, left[node], right[node]))
            total += value[node]
        return total


@functools.cache
def load_model(path: Path = MODEL_PATH) -> TreeEnsemble | None:
    """The shipped ensemble, or None when the file is absent (the reader then ranks by support alone)."""
    if not path.exists():
        return None
    return TreeEnsemble.from_json(json.loads(path.read_text()))
