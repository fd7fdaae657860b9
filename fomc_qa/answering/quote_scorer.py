"""Which quoted sentences answer the question: a logistic model over properties of each quote beside the question.

The reader (or an LM) offers up to a dozen sentences; the composed answer keeps one or two for its lead and at most
three as evidence. In answer order the first quote is often the one that restates the question, not the one that
answers it. The model scores each quote from QUOTE_FEATURES — its place in the answer and its passage's rank, how much
of the question it repeats and how much it adds, a number in it, a cause word when "why" is asked, whether its
document section is the one the question names (the staff, the manager, participants), whether it leans on the
sentence before it, whether it speaks for most participants or a few (`consensus.speaks_for`), how far it falls below
the answer's best quote on the question's and the parts' words, whether it carries the kind of answer asked for (a
figure, a name, a date, a cause, a share of the Committee) and whether it is of another meeting than the one asked
about — none of which names a meeting or a topic, so it scores new questions' quotes too. It is fitted by the
`qa_program` asset (`fomc_qa.answering.quote_fit`) on the train and dev questions: a quote is a positive when it holds
an expected keyword the question does not already say. Stored as JSON under data/programs/.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from fomc_qa.answering.reader.answer_types import CAUSE, DATE, PERSON, QUANTITY, SHARE
from fomc_qa.question.analysis import QuestionAnalysis
from fomc_qa.question.asks import Ask
from fomc_qa.question.subjects import Speaker
from fomc_qa.text.consensus import speaks_for
from fomc_qa.text.sentences import GIVES_REASON, LEANS

QUOTE_FEATURES = ("first_in_answer", "log_place", "log_passage", "question_share", "novelty", "log_words",
                  "leans", "number", "cause_for_why", "minutes", "section_named", "section_other", "part_share",
                  "opens_source", "consensus", "share_gap", "part_gap", "answer_type", "off_meeting")
_WORD = re.compile(r"[a-z0-9$%./-]+")
_STOP = frozenset("the a an and or of to in on at by for from with as is are was were be been that this these those "
                  "it its their they what which who how why when did does do has have had fomc committee fed federal "
                  "reserve meeting minutes statement".split())
_NUMBER = re.compile(r"\d|\bpercent\b|\bbillion\b")
# The speaker a question asks about (`QuestionAnalysis.subjects.speakers`) -> the minutes section reporting them (a
# quote's label names its section).
SECTION_OF = {Speaker.STAFF: re.compile(r"Staff", re.I),
              Speaker.MANAGER: re.compile(r"Financial Markets|Open Market Operations", re.I),
              Speaker.PARTICIPANTS: re.compile(r"Participants", re.I),
              Speaker.MEMBERS: re.compile(r"Committee Policy", re.I)}


@dataclass(frozen=True)
class QuoteView:
    """What the features read of one quote: its text, its source label and marker, its place in the answer."""

    text: str
    label: str
    marks: str
    place: int
    opens_source: bool  # the first quote after its label


def words(text: str) -> set[str]:
    return {w.strip(".,;:") for w in _WORD.findall(text.lower())} - _STOP - {""}


def quote_features(analysis: QuestionAnalysis, quotes: Sequence[QuoteView]) -> np.ndarray:
    """QUOTE_FEATURES for each quote of one answer (rows in the answer's order)."""
    asked = words(analysis.plain)
    parts = [words(p.text) for p in analysis.parts] if len(analysis.parts) > 1 else []
    why = Ask.WHY in analysis.asks
    named = [SECTION_OF[speaker] for speaker in analysis.subjects.speakers]
    rows = []
    for q in quotes:
        own = words(q.text)
        section = q.label.partition("(")[2]
        passage = int(re.search(r"\d+", q.marks).group()) if re.search(r"\d+", q.marks) else 10
        rows.append([float(q.place == 0), math.log1p(q.place), math.log(passage),
                     len(own & asked) / max(len(asked), 1), len(own - asked) / max(len(own), 1),
                     math.log1p(len(q.text.split())), float(bool(LEANS.match(q.text))),
                     float(bool(_NUMBER.search(q.text))), float(why and bool(GIVES_REASON.search(q.text))),
                     float("minutes" in q.label), float(any(s.search(section) for s in named)),
                     float(bool(named) and bool(section) and not any(s.search(section) for s in named)),
                     max((len(own & p) / max(len(p), 1) for p in parts), default=0.0), float(q.opens_source),
                     float(speaks_for(q.text))])
    # beside the rest of the answer: how far below its best quote on the question's and the parts' words, whether it
    # carries the kind of answer a part asks for (a figure, a name, a date, a cause, a share of the Committee), and
    # whether it is of another meeting than the one asked about
    typed = {Ask.HOW_MUCH: QUANTITY, Ask.WHO: PERSON, Ask.WHEN: DATE, Ask.WHY: CAUSE, Ask.SHARE: SHARE}
    kinds = [typed[a] for a in analysis.asks if a in typed]
    top_share = max((r[3] for r in rows), default=0.0)
    top_part = max((r[12] for r in rows), default=0.0)
    for q, r in zip(quotes, rows, strict=True):
        r += [r[3] - top_share, r[12] - top_part, float(any(k.search(q.text) for k in kinds)),
              float(_off_meeting(analysis, q))]
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), len(QUOTE_FEATURES))


def _off_meeting(analysis: QuestionAnalysis, q: QuoteView) -> bool:
    from fomc_qa.answering.filler import off_meeting  # filler reads quotes, whose views are this module's

    return off_meeting(analysis, q)  # type: ignore[arg-type]  # it reads the label only


@dataclass(frozen=True)
class QuoteScorer:
    """A logistic model: standardised features, weights and a bias; `score` gives each quote's log-odds."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float

    def score(self, x: np.ndarray) -> np.ndarray:
        return ((x - self.mean) / self.scale) @ self.weights + self.bias

    def to_json(self) -> dict:
        return {"features": list(QUOTE_FEATURES), "mean": self.mean.tolist(), "scale": self.scale.tolist(),
                "weights": self.weights.tolist(), "bias": self.bias}

    @classmethod
    def from_json(cls, data: dict) -> QuoteScorer:
        if tuple(data["features"]) != QUOTE_FEATURES:
            raise ValueError("the quote scorer's features differ from this code's: rebuild qa_program")
        return cls(*(np.asarray(data[k], dtype=np.float64) for k in ("mean", "scale", "weights")), float(data["bias"]))


@dataclass(frozen=True)
class QuoteScorers:
    """One scorer per kind of lead. Beside the record's line the quotes that answer are the sentences it rests on
    (the decision, the vote, the directive); from the passages alone they are the sentences saying what was asked (a
    reason, a view, a figure), where a quote's place in the answer or a number means something else: one linear
    model over both kinds fits neither well (dev out of fold: docs/answering.md, thirteenth round)."""

    record: QuoteScorer
    passage: QuoteScorer

    def for_answer(self, record: bool) -> QuoteScorer:
        return self.record if record else self.passage

    def to_json(self) -> dict:
        return {"record": self.record.to_json(), "passage": self.passage.to_json()}

    @classmethod
    def from_json(cls, data: dict) -> QuoteScorers:
        if "features" in data:  # a build before the split: one scorer for both kinds
            one = QuoteScorer.from_json(data)
            return cls(one, one)
        return cls(QuoteScorer.from_json(data["record"]), QuoteScorer.from_json(data["passage"]))


def load_scorer(path: Path) -> QuoteScorer | None:
    """The fitted scorer, or None when the build has not written one (the answer then keeps the reader's order)."""
    if not path.exists():
        return None
    return QuoteScorer.from_json(json.loads(path.read_text()))
