"""The read side's BM25 scorer against bm25s itself, on the fixture corpus's own chunk texts."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys

import bm25s
import numpy as np
import pytest

from fomc_qa.config import DataPaths
from fomc_qa.index.store import Corpus, IndexMissing
from fomc_qa.text.lexical import TOKENIZER_FILE, LexicalIndex, save_bm25, tokenize

QUERIES = [
    "What did the FOMC decide in March 2020?",
    "0 to 1/4 percent",
    "Who dissented, preferring a 1/2 percentage point cut?",
    "reserve balances interest rate 3.65 percent",
    "the the the of and",  # stopwords only: every score 0
    "cuts cutting cut rates",  # stems repeat: each occurrence counts
    "1\u20111/2 to 1-3/4 percent",  # the non-breaking hyphen folds
    "quantitative tightening zzzunknownword",
]


@pytest.fixture(scope="module")
def corpus(built) -> Corpus:
    return Corpus(DataPaths(built[0]))


def test_scores_equal_bm25s_on_the_built_index(corpus):
    reference = bm25s.BM25.load(str(corpus.paths.bm25), show_progress=False)
    for query in QUERIES:
        terms = tokenize([query])
        inverse = {i: w for w, i in terms.vocab.items()}
        words = [inverse[i] for i in terms.ids[0]]
        expected = reference.get_scores(words) if words else np.zeros(len(corpus.table), dtype=np.float32)
        assert np.allclose(corpus.bm25.scores(query), expected, atol=1e-6), query


def test_filtered_search_ranks_as_bm25s_does(corpus):
    reference = bm25s.BM25.load(str(corpus.paths.bm25), show_progress=False)
    meetings = {dt.date(2023, 3, 22)}
    for query in QUERIES[:4]:
        mask = np.array([corpus.table.meeting_date[r] in meetings for r in corpus._bm25_rows], dtype=np.float32)
        docs, scores = reference.retrieve(tokenize([query]), k=5, weight_mask=mask, show_progress=False, n_threads=1)
        expected = [(corpus._bm25_rows[int(d)], float(s)) for d, s in zip(docs[0], scores[0], strict=True) if s > 0]
        got = corpus.lexical_search(query, 5, meetings)
        assert np.allclose([s for _, s in got], [s for _, s in expected], atol=1e-5), query
        # Equal scores may come in either order (here, the lower row first); all others rank alike.
        last = expected[-1][1]
        assert {r for r, s in got if s > last + 1e-5} == {r for r, s in expected if s > last + 1e-5}, query
        assert [r for r, _ in got] == sorted((r for r, _ in got), key=lambda r: -corpus.bm25.scores(query)[
            corpus._bm25_rows.index(r)])
        assert all(corpus.table.meeting_date[r] in meetings for r, _ in got)


def test_the_index_carries_its_tokenizer(tmp_path):
    save_bm25(["The Committee decided to lower the target range.", "Inflation remains elevated."], tmp_path)
    tokenizer = json.loads((tmp_path / TOKENIZER_FILE).read_text())
    assert "the" in tokenizer["stopwords"] and tokenizer["stemmer"] == "english"
    index = LexicalIndex(tmp_path)
    assert index.terms("The Committee lowered rates") == ["committe", "lower", "rate"]
    assert index.scores("inflation")[1] > 0 and index.scores("inflation")[0] == 0


def test_an_index_without_its_tokenizer_names_the_rebuild(built, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(built[0], data)
    (DataPaths(data).bm25 / TOKENIZER_FILE).unlink()
    with pytest.raises(IndexMissing, match=r"index/bm25/tokenizer.json: missing\nfix: .*--select corpus"):
        Corpus(DataPaths(data))


def test_the_read_path_imports_neither_bm25s_nor_scipy(built):
    code = ("import sys, pathlib; from fomc_qa.config import DataPaths; from fomc_qa.index.store import Corpus; "
            f"c = Corpus(DataPaths(pathlib.Path({str(built[0])!r}))); c.lexical_search('rates', 3); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('bm25s', 'scipy')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
