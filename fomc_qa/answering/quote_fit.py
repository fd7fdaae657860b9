"""Fit the quote scorers (`fomc_qa.answering.quote_scorer`) on answered golden questions, deterministically.

Each example is one question's analysis, its raw answer (the quotes `compose` chooses from) and its expected
keywords; a quote is a positive when it holds a keyword the question does not already say. The model is an
L2-regularised logistic regression solved by Newton's method (a few iterations on a few thousand rows: well under
a second), so the same examples give the same weights on every machine; one model for answers led by the record's
line and one for answers led by the passages (`fit_scorers`). `fit_tuning` scores each dev question with models
fitted without its fold, which is how the `qa_program` asset reports the dev score before and after.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from fomc_qa.answering.compose import Composed, compose
from fomc_qa.answering.confidence import Calibration, Signals, reliability
from fomc_qa.answering.quote_scorer import QUOTE_FEATURES, QuoteScorer, QuoteScorers, QuoteView, quote_features
from fomc_qa.answering.quotes import quote_views
from fomc_qa.answering.tuning import Tuning
from fomc_qa.evaluation.form import answer_words, quoted_passages
from fomc_qa.evaluation.metrics import keyword_recall
from fomc_qa.question.analysis import QuestionAnalysis

L2 = 1.0
NEWTON_STEPS = 25
KEEP_Z = 1.645  # the scorer ships when its out-of-fold gain over the rules is above this many standard errors


@dataclass(frozen=True)
class Example:
    """One answered question: what `compose` received, and the keywords a correct answer holds."""

    analysis: QuestionAnalysis
    raw: str
    record_direct: str
    keywords: tuple


def labelled(example: Example, views: Callable[[str], list[QuoteView]]) -> tuple[np.ndarray, np.ndarray]:
    """The quotes' features and labels (holds a keyword the question does not say)."""
    quotes = views(example.raw)
    wanted = [k for k in example.keywords if not keyword_recall(example.analysis.plain, [k])]
    if not quotes or not wanted:
        return np.zeros((0, len(QUOTE_FEATURES))), np.zeros(0)
    y = np.asarray([float(bool(keyword_recall(q.text, wanted))) for q in quotes])
    return quote_features(example.analysis, quotes), y


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2) -> QuoteScorer:
    """Newton's method on the penalised log-likelihood of standardised features."""
    mean = x.mean(axis=0) if len(x) else np.zeros(x.shape[1])
    scale = x.std(axis=0) if len(x) else np.ones(x.shape[1])
    scale = np.where(scale > 1e-9, scale, 1.0)
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], l2)
    penalty[-1] = 0.0  # the bias is not shrunk
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        gradient = z.T @ (p - y) + penalty * w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return QuoteScorer(mean, scale, w[:-1], float(w[-1]))


def fit_examples(examples: Sequence[Example], views: Callable[[str], list[QuoteView]] = quote_views) -> QuoteScorer:
    tables = [labelled(e, views) for e in examples]
    x = np.vstack([t[0] for t in tables]) if tables else np.zeros((0, len(QUOTE_FEATURES)))
    y = np.concatenate([t[1] for t in tables]) if tables else np.zeros(0)
    return fit(x, y)


def fit_scorers(examples: Sequence[Example], views: Callable[[str], list[QuoteView]] = quote_views) -> QuoteScorers:
    """A scorer for record-led answers fitted on those, and one for passage-led answers on those; a kind without an
    example of its own takes the scorer fitted on all."""
    kinds = {True: [e for e in examples if e.record_direct], False: [e for e in examples if not e.record_direct]}
    every = fit_examples(examples, views) if not all(kinds.values()) else None
    fitted = {k: fit_examples(group, views) if group else every for k, group in kinds.items()}
    return QuoteScorers(fitted[True], fitted[False])


def _scorer(scorers: QuoteScorers | None, example: Example) -> QuoteScorer | None:
    return scorers.for_answer(bool(example.record_direct)) if scorers is not None else None


@dataclass(frozen=True)
class Outcome:
    """One golden question as the answer path left it: what `compose` received and what the confidence reads
    (None when the answer declined), with whether the question is answerable."""

    example: Example
    signals: Signals | None
    in_scope: bool


def form_score(example: Example, composed: Composed) -> float:
    """Keywords found in the whole answer and in its lead, averaged: what an analyst reading the lead gets."""
    whole = keyword_recall(composed.text, list(example.keywords)) or 0.0
    lead = keyword_recall(composed.lead, list(example.keywords)) or 0.0
    return (whole + lead) / 2


def fit_tuning(train: Sequence[Outcome], dev: Sequence[Outcome], folds: int = 5) -> tuple[Tuning, dict]:
    """The quote scorers (one per kind of lead: `fit_scorers`) and the confidence table fitted on train + dev, with
    the dev figures out of fold. The scorers always ship for the evidence floor (quotes unlikely to answer go to the
    sources: blind judges found those answers as correct and tighter); their order ships only when it beats the
    rules' order out of fold by more than noise (`beats_noise`: model selection, not hope), measured on the form
    score without and with it, both without the floor: keyword recall over the whole answer counts every quote the
    floor sends to the sources as a loss. The confidence table is fitted on the answers as they will be composed;
    the shipped answers' median words and mean quotes, out of fold, are reported beside the rules' alone."""
    answered = [o for o in (*train, *dev) if o.signals is not None and o.in_scope and o.example.keywords]
    scored = [o for o in dev if o.signals is not None]  # declined answers carry no confidence level
    folds_out = [[o for i, o in enumerate(scored) if i % folds == f] for f in range(folds)]
    before: list[float] = []
    after: list[float] = []
    scorers = []
    for out in folds_out:
        fitted = fit_scorers([o.example for o in answered if not any(o is h for h in out)], quote_views)
        scorers.append(fitted)
        for o in out:
            e = o.example
            if o.in_scope and e.keywords:
                before.append(form_score(e, compose(e.analysis, e.raw, e.record_direct)))
                after.append(form_score(e, compose(e.analysis, e.raw, e.record_direct, _scorer(fitted, e),
                                                   floor=False)))
    orders = beats_noise(after, before)
    levels: list[tuple[str, bool]] = []
    rules_form: list[Composed] = []
    shipped_form: list[Composed] = []
    for out, fitted in zip(folds_out, scorers, strict=True):
        kept = [o for o in (*train, *dev) if o.signals is not None and not any(o is h for h in out)]
        calibration = Calibration.fit((o.signals, _right(o, fitted, orders)) for o in kept)
        levels += [(calibration.level(o.signals), _right(o, fitted, orders)) for o in out]
        for o in out:
            if o.in_scope and o.example.keywords:
                e = o.example
                rules_form.append(compose(e.analysis, e.raw, e.record_direct))
                shipped_form.append(compose(e.analysis, e.raw, e.record_direct, _scorer(fitted, e), order=orders))
    final = fit_scorers([o.example for o in answered], quote_views) if answered else None
    calibration = Calibration.fit((o.signals, _right(o, final, orders)) for o in (*train, *dev)
                                  if o.signals is not None)
    figures = {"dev_form_before": _mean(before), "dev_form_after": _mean(after), "dev_answers": len(before),
               "quote_scorer_kept": orders, "reliability": reliability(levels),
               "dev_words_median_rules": _median_words(rules_form),
               "dev_words_median_shipped": _median_words(shipped_form),
               "dev_quotes_mean_rules": _mean_quotes(rules_form),
               "dev_quotes_mean_shipped": _mean_quotes(shipped_form)}
    return Tuning(final, calibration, orders), figures


def _right(outcome: Outcome, scorers: QuoteScorers | None, orders: bool = True) -> bool:
    """An answered question counts right when it is answerable and the composed answer holds every keyword."""
    if not outcome.in_scope:
        return False
    e = outcome.example
    composed = compose(e.analysis, e.raw, e.record_direct, _scorer(scorers, e), order=orders)
    return keyword_recall(composed.text, list(e.keywords)) == 1.0


def _median_words(composed: Sequence[Composed]) -> float:
    return float(statistics.median(answer_words(c.text) for c in composed)) if composed else 0.0


def _mean_quotes(composed: Sequence[Composed]) -> float:
    return round(statistics.mean(len(quoted_passages(c.text)) for c in composed), 2) if composed else 0.0


def beats_noise(after: Sequence[float], before: Sequence[float]) -> bool:
    """Whether the scorer's answers beat the rules' by more than noise: the mean paired gain above KEEP_Z of its
    standard errors. A gain of a few ten-thousandths (0.8231 -> 0.8235 on 675 dev answers) flips with the sample and
    would change which quote leads every answer for nothing."""
    gains = [a - b for a, b in zip(after, before, strict=True)]
    if len(gains) < 2:
        return False
    return statistics.mean(gains) > KEEP_Z * statistics.stdev(gains) / len(gains) ** 0.5


def _mean(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 4) if values else 0.0
