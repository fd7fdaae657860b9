"""The reader's learned sentence ranking (fomc_qa.answering.sentence_model): features, the stored trees, the
shipped model's ranking of an answering sentence over one that restates the question."""

from __future__ import annotations

import numpy as np
import pytest

from fomc_qa.answering.passages import passage_with_header
from fomc_qa.answering.reader import candidate_features, read
from fomc_qa.answering.sentence_model import FEATURES, SentenceView, TreeEnsemble, feature_matrix, load_model
from fomc_qa.index.embed import get_encoder


def _view(passage: int, index: int, support: float, **kw) -> SentenceView:
    base = dict(sentences_in_passage=3, words=20, minutes=True, cosine=support, coverage=0.5, facet_cosine=support,
                novelty=0.5, question_density=0.2, quantity=False)
    return SentenceView(passage=passage, index=index, support=support, **{**base, **kw})


def test_features_are_measured_from_the_best_sentence_and_read_the_neighbours():
    x = feature_matrix([_view(1, 0, 0.9), _view(1, 1, 0.6), _view(2, 0, 0.3)])
    col = {name: x[:, i] for i, name in enumerate(FEATURES)}
    assert col["support"].tolist() == pytest.approx([0.0, -0.3, -0.6])
    assert col["previous_support"].tolist() == pytest.approx([0.3 - 0.9, 0.0, 0.3 - 0.9])  # none before: the lowest
    assert col["next_support"].tolist() == pytest.approx([0.0, 0.3 - 0.6, 0.3 - 0.6])
    assert col["opens_passage"].tolist() == [1.0, 0.0, 1.0]
    assert col["passage_prior"].tolist() == [1.0, 1.0, 0.5]
    assert col["log_cosine_rank"][0] == 0.0 and col["log_cosine_rank"][2] > col["log_cosine_rank"][1]


def test_trees_sum_the_leaves_each_row_reaches():
    # one stump on feature 0 at 0.5 (left 1.0, right -1.0) and one two-level tree on feature 1
    stump = {"feature": [0, 0, 0], "threshold": [0.5, 0, 0], "left": [1, 0, 0], "right": [2, 0, 0],
             "value": [0, 1.0, -1.0], "leaf": [False, True, True]}
    deep = {"feature": [1, 0, 1, 0, 0], "threshold": [0.0, 0, 2.0, 0, 0], "left": [1, 0, 3, 0, 0],
            "right": [2, 0, 4, 0, 0], "value": [0, 0.25, 0, 0.5, 2.0], "leaf": [False, True, False, True, True]}
    model = TreeEnsemble.from_json({"features": list(FEATURES), "baseline": -0.1, "trees": [stump, deep]})
    x = np.zeros((3, len(FEATURES)))
    x[:, 0] = [0.2, 0.9, 0.9]
    x[:, 1] = [-1.0, 1.0, 3.0]
    assert model.score(x).tolist() == pytest.approx([-0.1 + 1.0 + 0.25, -0.1 - 1.0 + 0.5, -0.1 - 1.0 + 2.0])


def test_a_model_fitted_on_other_features_is_refused():
    with pytest.raises(ValueError, match="refit"):
        TreeEnsemble.from_json({"features": ["support"], "baseline": 0.0, "trees": []})


def test_the_shipped_model_loads_and_ranks_the_answer_above_a_restatement():
    assert load_model() is not None
    encoder = get_encoder()
    passage = passage_with_header(
        n=1, header="FOMC Minutes, 2022-07-27, Participants' Views on Current Conditions and the Economic Outlook",
        text="Participants discussed the risks to the outlook for inflation. Participants judged that risks to "
        "inflation were weighted to the upside, citing the war in Ukraine, lockdowns in China and a broadening of "
        "price pressures.")
    question = "What did participants see as the risks to the inflation outlook in July 2022?"
    sentences, x = candidate_features(question, [passage], encoder)
    scores = load_model().score(x)
    assert "weighted to the upside" in sentences[int(np.argmax(scores))]
    assert any("weighted to the upside" in q.text for q in read(question, [passage], encoder))


def test_a_why_reads_which_sentence_gives_a_reason_and_which_restates_the_decision():
    passage = passage_with_header(
        n=1, header="FOMC Minutes, 2024-07-31, Participants' Views on Current Conditions and the Economic Outlook",
        text="In support of its goals, the Committee decided to maintain the target range for the federal funds rate "
        "at 5-1/4 to 5-1/2 percent. Almost all participants remarked that additional information was needed to "
        "provide greater confidence that inflation was moving sustainably toward 2 percent, given the recent data. "
        "A few participants noted that they could have supported a cut.")
    sentences, x = candidate_features("Why did the Fed hold in July 2024?", [passage], get_encoder())
    col = {name: x[:, i].tolist() for i, name in enumerate(FEATURES)}
    assert col["asks_cause"] == [1.0, 1.0, 1.0]
    assert col["decision_for_cause"] == [1.0, 0.0, 0.0]
    assert col["reason_for_cause"][1] == 1.0
    assert col["speaks_for"] == [0.0, 1.0, -1.0]
    _, x = candidate_features("What was the target range after July 2024?", [passage], get_encoder())
    assert not x[:, FEATURES.index("asks_cause")].any() and not x[:, FEATURES.index("reason_for_cause")].any()
