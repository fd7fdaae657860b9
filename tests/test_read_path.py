"""The read path: `python -m fomc_qa "question"` imports neither torch nor sentence-transformers nor DSPy,
and its direct extractive answers are the DSPy program's answers."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import dspy
from conftest import fixture_golden

from fomc_qa.answering.passages import format_passages
from fomc_qa.answering.program import answer_question
from fomc_qa.answering.session import Session
from fomc_qa.config import Settings
from fomc_qa.evaluation.metrics import citations_verbatim

HEAVY = ("torch", "sentence_transformers", "transformers", "dspy", "litellm")

PROBE = """
import json, sys
from fomc_qa.cli.main import main
code = main(sys.argv[1:])
heavy = sorted({m.split(".")[0] for m in sys.modules} & set(json.loads(sys.stdin.read())))
print(json.dumps({"code": code, "heavy": heavy}))
"""


def test_a_cli_answer_imports_no_torch_and_no_dspy(built):
    env = {**os.environ, "FOMC_DATA_DIR": str(built[0])}
    run = subprocess.run([sys.executable, "-c", PROBE, "Who dissented at the March 2023 meeting?", "--json"],
                         input=json.dumps(HEAVY), env=env, capture_output=True, text=True, timeout=600)
    lines = run.stdout.strip().splitlines()
    answer, probe = json.loads("\n".join(lines[:-1])), json.loads(lines[-1])
    assert probe == {"code": 0, "heavy": []}, run.stderr[-2000:]
    assert answer["lm"] == "local/extractive" and answer["citations"]


def test_another_lm_goes_through_dspy(data_env):
    session = Session.open(Settings.from_env(), lm="openai/gpt-4o-mini")
    assert isinstance(session.lm, dspy.LM) and session.lm.model == "openai/gpt-4o-mini"
    assert session.program.k == session.k


def _without_timings(answer) -> dict:
    return answer.model_dump(exclude={"retrieval_ms", "generation_ms", "total_ms"})


def test_the_direct_reader_answers_as_the_dspy_program_does_with_and_without_demos(data_env, tmp_path):
    """Every fixture question: the direct extractive answer quotes its chunks verbatim and equals the DSPy
    program's, first as compiled
    without demos, then with demos in the prompt (they do not change what the extractive reader answers).
    The direct answers are computed once and compared with both. One cache of sentence vectors (keyed by
    model + text) serves both paths: they must agree on what they read, and a text either embeds afresh or
    was embedded identically before."""
    from fomc_qa.index.embed import CachedEncoder, EmbeddingCache

    session = Session.open(Settings.from_env())
    session.retriever.embedder = CachedEncoder(session.retriever.embedder,
                                               EmbeddingCache(tmp_path / "sentences" / "vectors.sqlite"))
    program = session.program
    questions = [q["question"] for q in fixture_golden()]
    assert len(questions) >= 10
    answers = {question: session.answer(question) for question in questions}
    for question, answer in answers.items():  # every citation quotes its chunk (the CLI's eval checks a sample)
        texts = {c.chunk_id: session.retriever.corpus.chunk_text(c.chunk_id) for c in answer.citations}
        assert citations_verbatim(answer, texts) == 1.0, question
    direct = {question: _without_timings(answer) for question, answer in answers.items()}
    for question in questions:
        assert direct[question] == _without_timings(answer_question(program, question, session.lm)), question

    hits = session.retriever.search("the federal funds rate in March 2020", 3)
    program.generate_answer.demos = [dspy.Example(question="What did the FOMC decide in March 2020?",
                                                  passages=format_passages(hits), answer="It cut rates [1].")]
    for question in questions:
        with_demos = answer_question(program, question, session.lm)
        assert direct[question] == _without_timings(with_demos), f"with demos: {question}"


SERVICE_PROBE = """
import json, sys
from fomc_qa.interfaces.service import FOMCService
service = FOMCService(lm="extractive")
result = service.answer(sys.argv[1])
health = service.health()
heavy = sorted({m.split(".")[0] for m in sys.modules} & set(json.loads(sys.stdin.read())))
print(json.dumps({"lm": result.answer.lm, "health_lm": health.model.lm, "heavy": heavy}))
"""


def test_the_servers_answer_with_the_direct_reader_without_dspy(built):
    env = {**os.environ, "FOMC_DATA_DIR": str(built[0])}
    run = subprocess.run([sys.executable, "-c", SERVICE_PROBE, "Who dissented at the March 2023 meeting?"],
                         input=json.dumps(HEAVY), env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    probe = json.loads(run.stdout.strip().splitlines()[-1])
    assert probe == {"lm": "local/extractive", "health_lm": "local/extractive", "heavy": []}
