"""The DSPy surface of the offline extractive engine (fomc_qa.answering.engine): LM selection, prompt
parsing, the adapters' output formats, async and usage, and save/load of an LM or a program that
uses the engine. The reader's scoring is tested without DSPy in tests/test_reader.py.

Most tests use a deterministic bag-of-words hashing embedder; one test runs the bundled
MiniLM to check the calibrated threshold on real embeddings.
"""

from __future__ import annotations

import json
import re

import dspy
import pytest
from dspy.lm15 import Message, Request
from test_reader import ANSWER, DECISION, PASSAGES, PASSAGES_TEXT, QUESTION, HashingEmbedder

from fomc_qa.answering import engine as engine_mod
from fomc_qa.answering import reader
from fomc_qa.answering.engine import ExtractiveEngine, make_lm, parse_prompt
from fomc_qa.answering.program import AnswerWithCitations, FOMCAnswerer, save_program
from fomc_qa.answering.reader import NO_ANSWER


@pytest.fixture(autouse=True)
def _no_dspy_cache(monkeypatch):
    """No DSPy response cache (memory or disk) leaks between tests or onto disk."""
    from dspy.clients.cache import Cache

    monkeypatch.setattr(dspy, "cache", Cache(False, False, None, 0), raising=False)


@pytest.fixture
def embedder() -> HashingEmbedder:
    return HashingEmbedder()


@pytest.fixture
def extractive(embedder):
    return make_lm("extractive", embedder=embedder)


def _predict(lm, question=QUESTION, passages=PASSAGES_TEXT, demos=(), module=dspy.Predict, adapter=None):
    predictor = module(AnswerWithCitations)
    predictor.demos = list(demos)
    with dspy.context(lm=lm, **({"adapter": adapter} if adapter else {})):
        return predictor(question=question, passages=passages)


def test_engine_answers_through_predict_with_a_verbatim_sentence_and_marker(extractive):
    prediction = _predict(extractive)
    assert prediction.answer.startswith(ANSWER)
    quoted = re.findall("\u201c([^\u201d]+)\u201d", prediction.answer)
    assert quoted and all(q in PASSAGES_TEXT for q in quoted)
    assert extractive.model == "local/extractive"


def test_engine_is_deterministic(embedder):
    first = _predict(make_lm("extractive", embedder=embedder)).answer
    again = [_predict(make_lm("extractive", embedder=HashingEmbedder())).answer for _ in range(2)]
    assert again == [first, first]


def test_engine_says_the_passages_do_not_answer_off_topic_questions(extractive):
    assert _predict(extractive, question="Who won the football world cup in Qatar?").answer == NO_ANSWER


def test_engine_refuses_a_year_no_passage_mentions(extractive):
    question = "What target range for the federal funds rate did members maintain in December 2019?"
    assert _predict(extractive, question=question).answer == NO_ANSWER


def test_engine_refuses_a_name_no_passage_mentions_but_not_the_feds_own_words(extractive):
    question = "What target range for the federal funds rate did Wells Fargo agree to maintain?"
    assert _predict(extractive, question=question).answer == NO_ANSWER
    fed_words = "What target range for the federal funds rate did the Fed's FOMC members maintain on Wednesday?"
    assert _predict(extractive, question=fed_words).answer.startswith(ANSWER)


def test_the_engine_quotes_what_the_reader_reads(embedder):
    engine = ExtractiveEngine(embedder=embedder, support_threshold=0.3, max_sentences=2)
    quotes = reader.read(QUESTION, PASSAGES, embedder, support_threshold=0.3, max_sentences=2)
    assert engine.select(QUESTION, PASSAGES) == quotes
    assert engine.answer(QUESTION, PASSAGES) == reader.answer_text(quotes)


def test_demos_are_not_taken_for_the_current_question(extractive):
    demo = dspy.Example(
        question="What did the staff say about real gross domestic product in the fourth quarter?",
        passages="[1] (FOMC Minutes, 2023-12-13, Staff Review) Real gross domestic product expanded in the "
        "fourth quarter at a pace well above the one in the third quarter.",
        answer="Real gross domestic product expanded in the fourth quarter. [1]",
    )
    prediction = _predict(extractive, demos=[demo])
    assert prediction.answer.startswith(ANSWER)
    assert "well above" not in prediction.answer


def test_parse_prompt_reads_the_last_user_message_and_drops_the_output_reminder():
    request = Request(
        model="local/extractive",
        system="Your input fields are:\n1. `question` (str): q\n2. `passages` (str): p\n"
        "Your output fields are:\n1. `reasoning` (str):\n2. `answer` (str): a\n"
        "All interactions will be structured in the following way\n\n[[ ## completed ## ]]",
        messages=(
            Message.user("[[ ## question ## ]]\nOld demo question?\n\n[[ ## passages ## ]]\n[1] Demo text here."),
            Message.assistant("[[ ## answer ## ]]\nDemo text here. [1]\n\n[[ ## completed ## ]]"),
            Message.user(
                f"[[ ## question ## ]]\n{QUESTION}\n\n[[ ## passages ## ]]\n{PASSAGES_TEXT}\n\n"
                "Respond with the corresponding output fields, starting with the field `[[ ## answer ## ]]`."
            ),
        ),
    )
    prompt = parse_prompt(request)
    assert prompt.question == QUESTION
    assert [p.n for p in prompt.passages] == [1, 2, 3]
    assert prompt.passages[1].header == "FOMC Minutes, 2024-01-31, Committee Policy Actions"
    assert prompt.passages[1].text.startswith(DECISION)
    assert prompt.passages[2].text.endswith("in the fourth quarter.")
    assert prompt.output_fields == ["reasoning", "answer"]
    assert prompt.output_format == "chat"
    assert prompt.passages == PASSAGES  # the reader's tests read the same passages


def test_parse_prompt_plain_text_fallback():
    request = Request(model="m", messages=(Message.user(f"Question: {QUESTION}\n\n{PASSAGES_TEXT}"),))
    prompt = parse_prompt(request)
    assert prompt.question == QUESTION
    assert len(prompt.passages) == 3


def test_chain_of_thought_gets_reasoning_and_answer(extractive):
    prediction = _predict(extractive, module=dspy.ChainOfThought)
    assert prediction.reasoning
    assert prediction.answer.startswith(ANSWER)


@pytest.mark.parametrize("adapter", [dspy.JSONAdapter(), dspy.XMLAdapter()], ids=["json", "xml"])
def test_other_adapters_parse_the_engine_output(extractive, adapter):
    prediction = _predict(extractive, adapter=adapter)
    assert prediction.answer.startswith(ANSWER)


def test_async_calls_use_the_async_engine(extractive):
    import asyncio

    async def ask():
        with dspy.context(lm=extractive):
            return await dspy.Predict(AnswerWithCitations).acall(question=QUESTION, passages=PASSAGES_TEXT)

    assert asyncio.run(ask()).answer.startswith(ANSWER)


def test_usage_tracking_accepts_the_engine_usage(extractive):
    with dspy.context(lm=extractive, track_usage=True):
        prediction = dspy.Predict(AnswerWithCitations)(question=QUESTION, passages=PASSAGES_TEXT)
    assert prediction.answer.startswith(ANSWER)
    assert isinstance(prediction.get_lm_usage(), dict)


def test_make_lm_selects_engine_or_hosted_model(monkeypatch, embedder):
    monkeypatch.delenv("FOMC_QA_LM", raising=False)
    monkeypatch.delenv("FOMC_QA_LM_API_BASE", raising=False)
    default = make_lm(embedder=embedder)
    assert isinstance(default.engine, ExtractiveEngine) and default.model == "local/extractive"
    hosted = make_lm("openai/my-model", api_base="http://127.0.0.1:9/v1")
    assert hosted.model == "openai/my-model"
    assert hosted.kwargs["temperature"] == 0.0 and hosted.kwargs["api_base"] == "http://127.0.0.1:9/v1"
    monkeypatch.setenv("FOMC_QA_LM", "ollama_chat/llama3.1")
    monkeypatch.setenv("FOMC_QA_LM_API_BASE", "http://127.0.0.1:11434")
    from_env = make_lm()
    assert from_env.model == "ollama_chat/llama3.1" and from_env.kwargs["api_base"] == "http://127.0.0.1:11434"


def test_lm_with_the_engine_saves_and_loads_its_state(embedder):
    state = make_lm("extractive", embedder=embedder).dump_state()
    assert state["engine"]["class"] == "fomc_qa.answering.engine:ExtractiveEngine"
    assert state["async_engine"]["class"] == "fomc_qa.answering.engine:AsyncExtractiveEngine"
    restored = dspy.LM.load_state(state, allow_custom_lm_class=True)
    assert isinstance(restored.engine, ExtractiveEngine)
    assert restored.engine.support_threshold == reader.READER_CONFIG.support_threshold


def test_a_program_saved_with_the_engine_loads_under_the_engine_module(tmp_path, embedder):
    """A program whose predictor carries the extractive LM records the engine's new module path, and
    a trusted load (allow_unsafe_lm_state) brings the engine back with its settings."""
    program = FOMCAnswerer(lambda question, k: [])
    program.generate_answer.lm = make_lm("extractive", embedder=embedder)
    program.generate_answer.lm.engine.support_threshold = 0.3
    path = save_program(program, tmp_path / "qa.json")
    saved = json.loads(path.read_text())["generate_answer"]["lm"]
    assert saved["engine"]["class"] == "fomc_qa.answering.engine:ExtractiveEngine"
    loaded = FOMCAnswerer(lambda question, k: [])
    loaded.load(str(path), allow_unsafe_lm_state=True)
    lm = loaded.generate_answer.lm
    assert lm.model == "local/extractive"
    assert isinstance(lm.engine, ExtractiveEngine) and lm.engine.support_threshold == 0.3
    lm.engine._embedder = embedder  # the embedder is an environment fact, not saved
    with dspy.context(lm=lm):
        prediction = loaded.generate_answer(question=QUESTION, passages=PASSAGES_TEXT)
    assert prediction.answer.startswith(ANSWER)


def test_real_minilm_answers_and_refuses():
    """The calibrated threshold on the real model (the one slow-ish test: loads MiniLM once)."""
    engine = ExtractiveEngine()
    user = Message.user(f"[[ ## question ## ]]\n{QUESTION}\n\n[[ ## passages ## ]]\n{PASSAGES_TEXT}")
    prompt = parse_prompt(Request(model="m", messages=(user,)))
    assert engine.answer(prompt.question, prompt.passages).startswith(ANSWER)
    assert engine.answer("What is the capital of France?", prompt.passages) == NO_ANSWER


def test_the_default_embedder_is_the_shared_query_encoder():
    from fomc_qa.index.embed import get_encoder

    assert engine_mod.default_embedder() is get_encoder()


def test_a_plural_name_is_found_by_its_singular(extractive):
    question = "What target range for the federal funds rate did members agree to maintain, and Treasuries?"
    assert _predict(extractive, question=question.replace(", and Treasuries", "")).answer.startswith(ANSWER)
