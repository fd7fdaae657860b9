"""The answering program (fomc_qa.answering.program): grounding, confidence, out-of-scope handling,
compile and save/load with DummyLM and with the extractive engine, and a hosted-model
round trip through an OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import dspy
import numpy as np
import pytest
from dspy.utils import DummyLM

from fomc_qa.answering import flow
from fomc_qa.answering import grounding as grd
from fomc_qa.answering import program as prog
from fomc_qa.answering.engine import make_lm
from fomc_qa.answering.grounding import INSUFFICIENT_ANSWER, confidence_for, ground, says_not_answered
from fomc_qa.answering.passages import format_passages, parse_passages, passages_from_hits
from fomc_qa.answering.program import (
    FOMCAnswerer,
    answer_metric,
    answer_question,
    compile_program,
    load_program,
    save_program,
)
from fomc_qa.answering.reader import NO_ANSWER
from fomc_qa.models import Answer, Citation, SearchHit
from fomc_qa.question.analysis import analyze

DECISION = (
    "In support of the Committee's goals to achieve maximum employment and inflation at the rate of 2 percent "
    "over the longer run, members agreed to maintain the target range for the federal funds rate at 5-1/4 to "
    "5-1/2 percent."
)
BALANCE_SHEET = (
    "In addition, members agreed to continue to reduce the Federal Reserve's holdings of Treasury securities and "
    "agency debt and agency mortgage-backed securities, as described in its previously announced plans."
)
SEPT_CUT = (
    "In light of the progress on inflation and the balance of risks, the Committee decided to lower the target "
    "range for the federal funds rate by 1/2 percentage point to 4-3/4 to 5 percent."
)
ACTIVITY = (
    "Recent indicators suggest that economic activity has been expanding at a solid pace. Job gains have "
    "moderated since early last year but remain strong, and the unemployment rate has remained low."
)


def make_hit(rank: int, chunk_id: str, text: str, relevance: float, section: str | None = None) -> SearchHit:
    document_id = chunk_id.split("#")[0]
    doc_type, date = document_id.split("-", 1)
    return SearchHit(
        rank=rank,
        chunk_id=chunk_id,
        document_id=document_id,
        doc_type=doc_type,
        meeting_date=dt.date.fromisoformat(date),
        section=section,
        text=text,
        score=1.0 / rank,
        relevance=relevance,
    )


HITS = [
    make_hit(1, "minutes-2024-01-31#014", f"{DECISION} {BALANCE_SHEET}", 0.74, "Committee Policy Actions"),
    make_hit(2, "statement-2024-01-31#000", ACTIVITY, 0.52),
    make_hit(3, "minutes-2024-09-18#012", SEPT_CUT, 0.66, "Committee Policy Actions"),
]
QUESTION = "What target range for the federal funds rate did members agree to maintain in January 2024?"


def quoted(text: str, header: str, n: int) -> str:
    """A sentence as the extractive engine quotes it: led by its source, then its marker."""
    return f"{header}: \u201c{text}\u201d [{n}]"


DECISION_QUOTE = quoted(DECISION, "FOMC minutes of January 31, 2024 (Committee Policy Actions)", 1)
SEPT_CUT_QUOTE = quoted(SEPT_CUT, "FOMC minutes of September 18, 2024 (Committee Policy Actions)", 3)


class HashingEmbedder:
    """Deterministic bag-of-words embedder: signed feature hashing of lower-cased words."""

    dim = 512
    stop = frozenset("a an the of to in for and at did do does what which how was were is by on".split())

    def encode(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"[a-z0-9]+(?:[-/][a-z0-9]+)*", text.lower()):
                if word not in self.stop:
                    digest = hashlib.blake2b(word.encode(), digest_size=8).digest()
                    out[row, int.from_bytes(digest[:4], "big") % self.dim] += 1.0 if digest[4] & 1 else -1.0
            norm = np.linalg.norm(out[row])
            out[row] = out[row] / norm if norm else out[row]
        return out


class FakeRetriever:
    """Returns canned hits per question (default HITS) and counts calls."""

    def __init__(self, hits_by_question: dict[str, list[SearchHit]] | None = None) -> None:
        self.hits_by_question = hits_by_question or {}
        self.calls: list[tuple[str, int]] = []

    def __call__(self, question, k: int) -> list[SearchHit]:
        question = getattr(question, "asked", question)  # the flow hands its QuestionAnalysis
        self.calls.append((question, k))
        return list(self.hits_by_question.get(question, HITS))[:k]


@pytest.fixture(autouse=True)
def _no_dspy_cache(monkeypatch):
    """No DSPy response cache (memory or disk) leaks between tests or onto disk."""
    from dspy.clients.cache import Cache

    monkeypatch.setattr(dspy, "cache", Cache(False, False, None, 0), raising=False)


@pytest.fixture
def extractive():
    return make_lm("extractive", embedder=HashingEmbedder())


def citation(n: int, relevance: float) -> Citation:
    hit = HITS[0]
    return Citation(
        n=n,
        chunk_id=f"minutes-2024-01-31#{n:03d}",
        document_id=hit.document_id,
        doc_type=hit.doc_type,
        meeting_date=hit.meeting_date,
        section=hit.section,
        relevance_score=relevance,
        quoted_excerpt=DECISION,
    )


# Grounding ---------------------------------------------------------------------------


def test_ground_drops_markers_to_unretrieved_passages():
    text, citations = ground(f"The range was kept at 5-1/4 to 5-1/2 percent [7]. {SEPT_CUT} [3]", HITS)
    assert text == f"The range was kept at 5-1/4 to 5-1/2 percent. {SEPT_CUT} [1]"
    assert [(c.n, c.chunk_id) for c in citations] == [(1, "minutes-2024-09-18#012")]


def test_ground_renumbers_by_first_use_and_merges_groups_and_repeats():
    answer = "Cut by 1/2 point [3]. Activity was solid [2, 3]. Range held [1]; again [3] and [9]."
    text, citations = ground(answer, HITS)
    assert text == "Cut by 1/2 point [1]. Activity was solid [2][1]. Range held [3]; again [1] and."
    assert [(c.n, c.chunk_id) for c in citations] == [
        (1, "minutes-2024-09-18#012"),
        (2, "statement-2024-01-31#000"),
        (3, "minutes-2024-01-31#014"),
    ]


def test_ground_same_chunk_twice_is_one_citation():
    hits = [HITS[0], HITS[0].model_copy(update={"rank": 2})]
    text, citations = ground("Held [2]. Also held [1].", hits)
    assert text == "Held [1]. Also held [1]."
    assert len(citations) == 1


def test_excerpts_are_verbatim_sentences_of_the_cited_chunk():
    answer = "Members also agreed to keep reducing holdings of Treasury securities and agency debt [1]."
    _, citations = ground(answer, HITS)
    assert citations[0].quoted_excerpt == BALANCE_SHEET
    for text in (f"{DECISION} [1] {ACTIVITY} [2]", "Something loosely related [1] [2] [3]"):
        _, cites = ground(text, HITS)
        by_id = {h.chunk_id: h.text for h in HITS}
        assert cites and all(c.quoted_excerpt and c.quoted_excerpt in by_id[c.chunk_id] for c in cites)


def test_a_leading_marker_is_matched_with_the_text_after_it():
    _, citations = ground("[1] reports that holdings of Treasury securities and agency debt keep falling.", HITS)
    assert citations[0].quoted_excerpt == BALANCE_SHEET


def test_long_excerpts_are_cut_but_stay_verbatim():
    long_text = "The Committee " + "carefully " * 80 + "assessed incoming data."
    hit = make_hit(1, "minutes-2024-01-31#020", long_text, 0.7)
    _, citations = ground("It assessed data [1].", [hit])
    excerpt = citations[0].quoted_excerpt
    assert len(excerpt) <= grd.MAX_EXCERPT_CHARS and excerpt in long_text


def test_relevance_is_clamped_into_the_citation_range():
    hit = HITS[0].model_copy(update={"relevance": 1.0})
    _, citations = ground("Held [1].", [hit])
    assert citations[0].relevance_score == 1.0


# Confidence and refusals -------------------------------------------------------------


def test_confidence_levels_follow_the_calibrated_rule():
    medium = grd.MEDIUM_MIN_RELEVANCE
    assert confidence_for([]) == "insufficient"
    assert confidence_for([citation(1, 0.9), citation(2, 0.9)]) == "medium"  # passages alone are never high
    assert confidence_for([citation(1, 0.2)], record=True) == "high"  # the record's fact, one part, not why
    assert confidence_for([citation(1, 0.9)], record=True, why=True) == "medium"
    assert confidence_for([citation(1, 0.9)], record=True, parts=2) == "medium"
    assert confidence_for([citation(1, medium)]) == "medium"
    assert confidence_for([citation(1, medium - 0.01), citation(2, 0.1)]) == "low"
    assert confidence_for([citation(1, 0.9)], parts=2) == "low"  # several parts from passages


@pytest.mark.parametrize(
    "text, refused",
    [
        ("The passages do not contain the answer to this question.", True),
        ("The provided passages don't mention the ECB.", True),
        ("There is not enough information to answer.", True),
        ("I don't know.", True),
        ("", True),
        ("The passages do not say when, but the Committee cut rates [1].", True),
        (f"{DECISION} [1]", False),
        ("Participants noted that data sources did not provide clear signals [1].", False),
        ("In this context, members noted that the documents did not address it.", False),
        ("The Committee held the range [1]. The passages do not discuss 2019.", False),
    ],
)
def test_says_not_answered(text, refused):
    assert says_not_answered(text) is refused


# The module --------------------------------------------------------------------------


def test_answerer_grounds_the_lm_answer():
    retriever = FakeRetriever()
    program = FOMCAnswerer(retriever, k=3)
    lm_answer = f"Members agreed to maintain the range at 5-1/4 to 5-1/2 percent [1] [5]. {SEPT_CUT} [3]"
    lm = DummyLM([{"answer": lm_answer}])
    with dspy.context(lm=lm):
        prediction = program(question=QUESTION)
    assert retriever.calls == [(QUESTION, 3)]
    assert prediction.answer == f"Members agreed to maintain the range at 5-1/4 to 5-1/2 percent [1]. {SEPT_CUT} [2]"
    assert [c.chunk_id for c in prediction.citations] == ["minutes-2024-01-31#014", "minutes-2024-09-18#012"]
    assert prediction.citations[0].quoted_excerpt == DECISION
    assert prediction.confidence == "medium"  # passages alone: never high (the calibrated rule)
    prompt = lm.history[-1]["messages"][-1]["content"]
    assert QUESTION in prompt and "[1] (FOMC Minutes, 2024-01-31, Committee Policy Actions) In support" in prompt


def test_format_passages_numbers_hits_in_retrieval_order():
    passages = format_passages(HITS)
    assert passages.startswith("[1] (FOMC Minutes, 2024-01-31, Committee Policy Actions) In support")
    assert "\n\n[2] (FOMC Statement, 2024-01-31) Recent indicators" in passages


def test_typed_passages_are_what_the_engine_parses_from_the_prompt():
    """The direct path's passages (typed from the hits) equal the engine's (parsed from the numbered text), but for
    the chunk id, which the text does not carry: the two paths read the same passages."""
    typed = passages_from_hits(HITS)
    assert [p.chunk_id for p in typed] == [h.chunk_id for h in HITS]
    assert [dataclasses.replace(p, chunk_id="") for p in typed] == parse_passages(format_passages(HITS))
    assert typed[0].header == "FOMC Minutes, 2024-01-31, Committee Policy Actions" and typed[0].is_minutes


def test_out_of_scope_retrieval_below_the_floor_is_insufficient_without_an_lm_call():
    weak = [h.model_copy(update={"relevance": grd.RELEVANCE_FLOOR - 0.05}) for h in HITS]
    program = FOMCAnswerer(FakeRetriever({"What is the capital of France?": weak}))
    lm = DummyLM([{"answer": "Paris [1]"}])
    with dspy.context(lm=lm):
        prediction = program(question="What is the capital of France?")
    assert prediction.answer.startswith(INSUFFICIENT_ANSWER)  # and says why
    assert prediction.citations == [] and prediction.confidence == "insufficient"
    assert lm.history == []


@pytest.mark.parametrize(
    "lm_answer",
    [
        "The passages do not contain the answer to this question.",
        "The Committee kept rates unchanged [8].",  # cites only a passage that was not retrieved
        "The Committee kept rates unchanged.",  # cites nothing
    ],
)
def test_refusals_and_ungrounded_answers_are_insufficient(lm_answer):
    with dspy.context(lm=DummyLM([{"answer": lm_answer}])):
        prediction = FOMCAnswerer(FakeRetriever())(question=QUESTION)
    assert prediction.answer.startswith(INSUFFICIENT_ANSWER)  # and says why
    assert (prediction.citations, prediction.confidence) == ([], "insufficient")


def test_answer_question_returns_a_timed_answer_record(extractive):
    answer = answer_question(FOMCAnswerer(FakeRetriever()), QUESTION, lm=extractive)
    assert isinstance(answer, Answer)
    assert answer.lead.startswith("The January 31, 2024 minutes say that in support of the Committee's goals")
    assert answer.answer.startswith(answer.lead) and len(answer.evidence) <= 3
    assert answer.citations[0].chunk_id == "minutes-2024-01-31#014"
    assert answer.lm == "local/extractive"
    assert answer.total_ms >= answer.retrieval_ms + answer.generation_ms - 0.01 > 0
    json.loads(answer.model_dump_json())


def test_out_of_scope_question_through_the_extractive_engine(extractive):
    answer = answer_question(FOMCAnswerer(FakeRetriever()), "Who won the football world cup in Qatar?", lm=extractive)
    assert answer.answer.startswith(INSUFFICIENT_ANSWER)  # and says why
    assert (answer.citations, answer.confidence) == ([], "insufficient")


# Metric, compile, save/load ----------------------------------------------------------


def golden(question: str, keywords: list[str], category: str = "factual") -> dspy.Example:
    return dspy.Example(question=question, expected_answer_keywords=keywords, category=category).with_inputs("question")


def test_answer_metric():
    citations = ground(f"{DECISION} [1]", HITS)[1]
    good = dspy.Prediction(answer=f"{DECISION} [1]", citations=citations, confidence="high", hits=HITS)
    refused = dspy.Prediction(answer=INSUFFICIENT_ANSWER, citations=[], confidence="insufficient", hits=HITS)
    example = golden(QUESTION, ["5-1/4", "5-1/2 PERCENT", "cut"])
    assert answer_metric(example, good) == pytest.approx(prog.KEYWORD_WEIGHT * 2 / 3 + (1 - prog.KEYWORD_WEIGHT))
    assert answer_metric(example, refused) == 0.0
    out_of_scope = golden("What is the capital of France?", [], "out-of-scope")
    assert answer_metric(out_of_scope, refused) == 1.0
    assert answer_metric(out_of_scope, good) == 0.0
    paraphrased = citations[0].model_copy(update={"quoted_excerpt": "members kept rates"})
    bad = dspy.Prediction(answer=good.answer, citations=[paraphrased], confidence="high", hits=HITS)
    assert answer_metric(golden(QUESTION, []), bad) == pytest.approx(prog.KEYWORD_WEIGHT)


TRAIN = [
    golden(QUESTION, ["5-1/4", "5-1/2"]),
    golden("By how much did the Committee lower the target range in September 2024?", ["1/2 percentage point"]),
    golden("What is the capital of France?", [], "out-of-scope"),
]


def test_compile_with_dummy_lm_and_save_load_round_trip(tmp_path):
    retriever = FakeRetriever()
    lm = DummyLM(
        [
            {"answer": f"{DECISION} [1]"},
            {"answer": f"{SEPT_CUT} [3]"},
            {"answer": "The passages do not contain the answer to this question."},
        ]
    )
    with dspy.context(lm=lm):
        compiled = compile_program(FOMCAnswerer(retriever, k=3), TRAIN, max_demos=2)
    demos = compiled.generate_answer.demos
    assert [d["answer"] for d in demos] == [f"{DECISION} [1]", f"{SEPT_CUT} [3]"]
    assert all(d["passages"].startswith("[1] (FOMC Minutes") for d in demos)
    assert compiled.retrieve is retriever  # compile copies the predictor, shares the retriever

    path = save_program(compiled, tmp_path / "programs" / "qa.json")
    assert [p.name for p in path.parent.iterdir()] == ["qa.json"]  # no temp file left behind
    loaded = load_program(retriever, path, k=3)
    assert [dict(d) for d in loaded.generate_answer.demos] == [dict(d) for d in demos]
    assert loaded.generate_answer.signature.instructions == compiled.generate_answer.signature.instructions

    follow = DummyLM([{"answer": f"{SEPT_CUT} [3]"}])
    with dspy.context(lm=follow):
        loaded(question="Anything?")
    prompt = follow.history[-1]["messages"]
    assert [m["role"] for m in prompt] == ["system", "user", "assistant", "user", "assistant", "user"]


def test_labeled_few_shot_needs_no_lm():
    labeled = [ex.copy(passages=format_passages(HITS), answer=f"{DECISION} [1]") for ex in TRAIN[:2]]
    compiled = compile_program(FOMCAnswerer(FakeRetriever()), labeled, optimizer="labeled", max_demos=1)
    assert len(compiled.generate_answer.demos) == 1
    with pytest.raises(ValueError):
        compile_program(FOMCAnswerer(FakeRetriever()), labeled, optimizer="mipro")


def test_compile_and_reload_with_the_extractive_engine(tmp_path, extractive):
    retriever = FakeRetriever()
    trainset = [dspy.Example(**ex) for ex in TRAIN]  # without inputs marked: compile marks "question"
    with dspy.context(lm=extractive):
        compiled = compile_program(FOMCAnswerer(retriever), trainset, max_demos=4)
        demos = compiled.generate_answer.demos
        # Out-of-scope traces that refused (metric 1.0) are kept too: they teach a hosted LM to refuse.
        # (the first trace quotes the September decision after January's: within the reader's near-best margin)
        assert [d["answer"] for d in demos] == [f"{DECISION_QUOTE} {SEPT_CUT_QUOTE}", SEPT_CUT_QUOTE, NO_ANSWER]
        before = answer_question(compiled, QUESTION)
        path = save_program(compiled, tmp_path / "qa.json")
        after = answer_question(load_program(retriever, path), QUESTION)
    assert after.answer == before.answer and after.citations == before.citations
    assert json.loads(path.read_text())["generate_answer"]["demos"][0]["question"] == QUESTION


def test_a_failed_save_keeps_the_previous_program(tmp_path, monkeypatch):
    path = save_program(FOMCAnswerer(FakeRetriever()), tmp_path / "qa.json")
    before = path.read_bytes()

    def broken_save(self, target, *args, **kwargs):
        with open(target, "w") as f:
            f.write("{half")
        raise OSError("disk full")

    monkeypatch.setattr(FOMCAnswerer, "save", broken_save)
    with pytest.raises(OSError):
        save_program(FOMCAnswerer(FakeRetriever()), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["qa.json"]


# A hosted model through DSPy's LM (OpenAI-compatible server) -------------------------


class _ChatServer(BaseHTTPRequestHandler):
    requests: list[tuple[str, dict, dict]] = []
    content = f"[[ ## answer ## ]]\n{DECISION} [1]\n\n[[ ## completed ## ]]"

    def do_POST(self):  # noqa: N802 (http.server's naming)
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        type(self).requests.append((self.path, body, dict(self.headers)))
        reply = {
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", "test-model"),
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": self.content}, "finish_reason": "stop"}
            ],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("engine", ["auto", "litellm"])
def test_hosted_model_through_an_openai_compatible_server(monkeypatch, engine):
    """DSPy's default route (lm15 native) and its LiteLLM backend both reach the server."""
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "true")
    _ChatServer.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _ChatServer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        lm = make_lm("openai/test-model", api_base=f"http://127.0.0.1:{server.server_address[1]}/v1")
        if engine != "auto":
            lm = lm.copy(engine=engine)
        answer = answer_question(FOMCAnswerer(FakeRetriever(), k=3), QUESTION, lm=lm)
    finally:
        server.shutdown()
        server.server_close()
    assert answer.lm == "openai/test-model"
    assert answer.answer == f"{DECISION} [1]" and answer.confidence in ("high", "medium")
    assert answer.citations[0].quoted_excerpt == DECISION
    assert len(_ChatServer.requests) == 1
    path, body, headers = _ChatServer.requests[0]
    assert path == "/v1/chat/completions" and body["model"] == "test-model"
    # (Which client sent it is not asserted by its headers: LiteLLM 1.106 sent DSPy's User-Agent, 1.110 with
    # openai 3.x sends none, and a fresh install takes the newest.)
    assert headers.get("authorization") == "Bearer test-key" or headers.get("Authorization") == "Bearer test-key"
    assert body.get("temperature") == 0.0
    sent = "\n".join(m["content"] for m in body["messages"] if isinstance(m.get("content"), str))
    assert QUESTION in sent
    assert format_passages(HITS) in sent


# Source-led quotations and out-of-scope requests --------------------------------------


def test_a_source_led_quotation_grounds_on_the_quoted_sentence_not_the_source():
    answer = f"{DECISION_QUOTE} {quoted(BALANCE_SHEET, 'FOMC minutes of January 31, 2024', 1)}"
    assert grd._claim_before(answer[: answer.index(" [1]")]) == DECISION  # the claim is the quotation
    _, citations = ground(answer, HITS)
    assert citations[0].quoted_excerpt in (DECISION, BALANCE_SHEET)
    _, citations = ground(DECISION_QUOTE, HITS)
    assert citations[0].quoted_excerpt == DECISION


@pytest.mark.parametrize(
    "question, out",
    [
        ("Which bank stocks should I buy ahead of the next FOMC decision?", True),
        ("Should we sell Treasuries before the rate cut?", True),
        ("What is Fed Chair Powell's personal net worth?", True),
        ("What did participants say about household net worth in 2022?", False),
        ("How did bank stock prices react to the failure of Silicon Valley Bank?", False),
        ("Which members dissented in December 2024?", False),
    ],
)
def test_out_of_scope_requests(question, out):
    assert (not analyze(question).scope.answerable) is out


def test_an_out_of_scope_request_is_insufficient_without_an_lm_call():
    question = "Which bank stocks should I buy ahead of the next FOMC decision?"
    lm = DummyLM([{"answer": f"{DECISION} [1]"}])
    with dspy.context(lm=lm):
        prediction = FOMCAnswerer(FakeRetriever())(question=question)
    assert prediction.answer.startswith(INSUFFICIENT_ANSWER)  # and says why
    assert (prediction.citations, prediction.confidence) == ([], "insufficient")
    assert lm.history == []


def test_each_part_of_a_question_brings_its_best_passage_from_the_same_meetings():
    oil = make_hit(1, "minutes-2024-01-31#020", "Crude oil prices fell about 40 percent.", 0.6)
    elsewhere = make_hit(1, "minutes-2024-09-18#020", "Oil prices fell.", 0.7)
    asked: list[str] = []

    def retrieve(query, k: int) -> list[SearchHit]:
        query = query.asked  # each part's own reading
        asked.append(query)
        return [elsewhere, oil] if "oil" in query else HITS[:k]

    question = "In January 2024, how did the Committee describe activity, and what happened to oil?"
    extra = flow.facet_hits(analyze(question), retrieve, HITS[:2])
    assert [h.chunk_id for h in extra] == ["minutes-2024-01-31#020"]  # not the September meeting's
    assert asked == ["In January 2024, how did the Committee describe activity", "what happened to oil? (january 2024)"]
    assert flow.facet_hits(analyze("What did the FOMC decide in January 2024?"), retrieve, HITS[:2]) == []


def test_a_further_part_brings_the_passage_holding_the_sentence_that_says_it():
    """June 2021: "..., and when were labor shortages expected to ease?" is answered by the first sentence of a chunk
    that goes on about inflation, ranked below a passage of the same meeting that says nothing of it; the passage
    holding a sentence with the part's words comes first. Near miss: no sentence says enough of them, and the part's
    first unread passage comes, as before."""
    read = make_hit(1, "minutes-2021-06-16#043", "Contacts reported trouble hiring workers.", 0.7)
    vague = make_hit(2, "minutes-2021-06-16#015", "The staff reviewed the labor market.", 0.6)
    ease = make_hit(3, "minutes-2021-06-16#044", "Participants expected labor market conditions to continue to "
                    "improve, with labor shortages expected to ease throughout the summer and into the fall. "
                    "Inflation rose more than anticipated.", 0.5)

    def retrieve(query, k: int) -> list[SearchHit]:
        return [read, vague, ease][:k] if "ease" in query.asked else [read][:k]

    question = "In June 2021, why were firms struggling to hire, and when were labor shortages expected to ease?"
    assert [h.chunk_id for h in flow.facet_hits(analyze(question), retrieve, [read])] == ["minutes-2021-06-16#044"]
    ease = make_hit(3, "minutes-2021-06-16#044", "Inflation rose more than anticipated.", 0.5)
    assert [h.chunk_id for h in flow.facet_hits(analyze(question), retrieve, [read])] == ["minutes-2021-06-16#015"]


def test_a_chunk_cited_for_several_quotes_shows_the_one_that_matches_best():
    from fomc_qa.answering.grounding import best_excerpt

    chunk = ("Recent indicators suggest that economic activity has been expanding at a solid pace. The Committee "
             "does not expect it will be appropriate to reduce the target range until it has gained greater "
             "confidence that inflation is moving sustainably toward 2 percent, and it will assess the outlook.")
    first = "Recent indicators suggest that economic activity has been expanding at a solid pace."
    second = chunk[len(first) + 1:]
    # both are quoted verbatim: the chunk's first use wins, not the longer sentence that overlaps the two together
    assert best_excerpt(chunk, first, second) == first
    assert best_excerpt(chunk, "the Committee will assess the outlook for inflation") == second


def test_a_name_no_passage_mentions_brings_its_best_passage_from_the_same_meetings():
    qt = make_hit(1, "statement-2024-01-31#003", "The Committee decided to conclude the reduction of its aggregate "
                  "securities holdings.", 0.4)
    elsewhere = make_hit(1, "statement-2024-09-18#003", "Balance sheet runoff continued.", 0.7)
    asked: list[str] = []

    def retrieve(query, k: int) -> list[SearchHit]:
        asked.append(query.asked)
        return [elsewhere, qt] if query.asked.startswith("qt") else HITS[:k]

    question = "In January 2024, why did the Committee hold, and what about QT?"
    extra = flow.named_hits(analyze(question), retrieve, HITS[1:2])  # activity only: no word of the runoff
    assert [h.chunk_id for h in extra] == ["statement-2024-01-31#003"]  # the January meeting's, in its own words
    assert asked and asked[0].startswith("qt (reduce its holdings")  # the glossary's words, the question's dates
    # near miss: a name the passages already spell is not searched again
    assert flow.named_hits(analyze("In January 2024, what about QT?"), retrieve, [HITS[1], qt]) == []
