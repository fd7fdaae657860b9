"""The HTTP API end to end over the snapshot-built fixture: every endpoint, streaming, conversations,
bad input, a missing index, an unknown LM, and the hardening (413, document ids, no stack traces)."""

from __future__ import annotations

import dataclasses
import json
import threading

import pytest
from fastapi.testclient import TestClient

from fomc_qa.config import Settings
from fomc_qa.index.store import BUILD_COMMAND
from fomc_qa.interfaces.access import Access
from fomc_qa.interfaces.conversations import KEEP_MESSAGES, ConversationStore
from fomc_qa.interfaces.http_app import create_app
from fomc_qa.interfaces.service import FOMCService

DECISION = "What did the FOMC decide at its October 2025 meeting?"


@pytest.fixture(scope="module")
def client(fomc_service):
    with TestClient(create_app(fomc_service)) as c:
        yield c


def sse_events(text: str) -> list[tuple[str, object]]:
    events = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def test_healthz_reports_corpus_model_and_index_version(client):
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["corpus"]["meetings"] == 3 and body["corpus"]["last_meeting"] == "2025-10-29"
    assert body["model"] == {"embedding": "all-MiniLM-L6-v2", "lm": "local/extractive",
                             "compiled_program": body["model"]["compiled_program"]}
    assert len(body["index_version"]) == 16


def test_answer_cites_verbatim_excerpts_of_real_documents(client):
    r = client.post("/v1/answer", json={"question": DECISION, "k": 5})
    assert r.status_code == 200, r.text
    body = r.json()
    answer = body["answer"]
    assert answer["confidence"] in {"high", "medium", "low"} and answer["citations"]
    assert body["resolved_question"] == DECISION and body["conversation_id"]
    for c in answer["citations"]:
        assert f"[{c['n']}]" in answer["answer"]
        doc = client.get(f"/v1/documents/{c['document_id']}").json()
        assert c["quoted_excerpt"] in " ".join(doc["text"].split()) or c["quoted_excerpt"] in doc["text"]
    assert any(c["meeting_date"] == "2025-10-29" for c in answer["citations"])


def test_out_of_scope_answer_is_insufficient(client):
    answer = client.post("/v1/answer", json={"question": "What will the price of Bitcoin be next year?"}).json()
    assert answer["answer"]["confidence"] == "insufficient" and answer["answer"]["citations"] == []


def test_stream_sends_hits_then_answer_then_citations(client):
    with client.stream("POST", "/v1/answer/stream", json={"question": DECISION}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        events = sse_events(r.read().decode())
    assert [name for name, _ in events] == ["hits", "answer", "citations", "sources", "done"]
    hits, answer, citations, sources = events[0][1], events[1][1], events[2][1], events[3][1]
    assert set(sources) == {c["document_id"] for c in citations}
    for doc_id, url in sources.items():
        assert url.startswith("http") and url == client.get(f"/v1/documents/{doc_id}").json()["source_url"]
    assert hits and {"chunk_id", "text", "relevance"} <= set(hits[0])
    assert answer["confidence"] in {"high", "medium", "low"} and "[1]" in answer["answer"]
    plain = client.post("/v1/answer", json={"question": DECISION}).json()["answer"]
    assert citations == plain["citations"] and answer["answer"] == plain["answer"]


@pytest.mark.parametrize(("body", "field"), [
    ({"question": ""}, "question"),
    ({"question": "  \x00\x07  "}, "question"),
    ({"question": "x" * 2001}, "question"),
    ({"question": "What happened?", "k": 0}, "k"),
    ({"question": "What happened?", "k": "abc"}, "k"),
    ({"question": "What happened?", "conversation_id": "../x"}, "conversation_id"),
    ({}, "question"),
])
def test_invalid_answer_requests_get_422_naming_the_field(client, body, field):
    for path in ("/v1/answer", "/v1/answer/stream"):
        r = client.post(path, json=body)
        assert r.status_code == 422, r.text
        assert r.json()["message"].startswith(field), r.json()["message"]


def test_over_long_question_message_names_the_limit(client):
    assert "2,000" in client.post("/v1/answer", json={"question": "x" * 2001}).json()["message"]


@pytest.mark.parametrize(("body", "message"), [
    ({"question": "q" * 2001}, "question: The question is 2,001 characters; the limit is 2,000."),
    ({"question": "q" * 9000}, "question: The question is over 2,000 characters; the limit is 2,000."),
    ({"question": "  \x00  "}, "question: The question is empty."),
    ({}, "question: This field is required."),
    ({"question": "What?", "k": 0}, "k: Input should be greater than or equal to 1."),
    ({"question": "What?", "conversation_id": "../" + "q" * 80},
     "conversation_id: It must be 1 to 64 letters, digits, '-' or '_'."),
    ({"question": "What?", "colour": "q" * 50}, "colour: This request takes no such field."),
])
def test_422_messages_are_sentences_that_do_not_echo_the_input(client, body, message):
    for path in ("/v1/answer", "/v1/answer/stream"):
        r = client.post(path, json=body)
        assert r.status_code == 422, r.text
        assert r.json()["message"] == message
        assert "Value error" not in r.text and "q" * 20 not in r.text and '"input"' not in r.text, r.text


def test_an_unknown_conversation_is_404_and_starts_nothing(client):
    for path in ("/v1/answer", "/v1/answer/stream"):
        r = client.post(path, json={"question": DECISION, "conversation_id": "never-started-here"})
        assert r.status_code == 404, r.text
        assert r.json()["field"] == "conversation_id" and "ask without conversation_id" in r.json()["detail"]
    assert client.get("/v1/conversations/never-started-here").status_code == 404


@pytest.mark.parametrize("body", [b'{"question": "What', b"\xff\xfe\x00", b'{"question": "\xff"}', b"[1, 2]", b""])
def test_malformed_json_is_422(client, body):
    r = client.post("/v1/answer", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["message"].startswith("body"), r.text


def test_body_over_16_kib_is_413(client):
    r = client.post("/v1/answer", json={"question": "rates", "selected_text": "x" * 17_000})
    assert r.status_code == 413 and "16 KiB" in r.json()["detail"]
    chunked = client.post("/v1/answer", content=iter([b'{"question": "', b"y" * 17_000, b'"}']),
                          headers={"content-type": "application/json"})
    assert chunked.status_code == 413


def test_search_filters_by_kind_and_dates(client):
    hits = client.get("/v1/search", params={"query": "inflation", "top_k": 4, "doc_type": "minutes"}).json()
    assert len(hits) == 4 and {h["doc_type"] for h in hits} == {"minutes"} and [h["rank"] for h in hits] == [1, 2, 3, 4]
    hits = client.get("/v1/search", params={"query": "banking", "date_from": "2023-01-01",
                                            "date_to": "2023-12-31"}).json()
    assert hits and {h["meeting_date"] for h in hits} == {"2023-03-22"}


@pytest.mark.parametrize(("params", "field"), [
    ({"query": ""}, "query"), ({"query": "x", "top_k": 0}, "top_k"), ({"query": "x", "doc_type": "memo"}, "doc_type"),
    ({"query": "x", "date_from": "2024-13-01"}, "date_from"),
    ({"query": "x", "date_from": "2024-01-01", "date_to": "2023-01-01"}, "date_to"),
])
def test_invalid_search_is_422_naming_the_field(client, params, field):
    r = client.get("/v1/search", params=params)
    assert r.status_code == 422
    body = r.json()
    assert (body.get("message") or "").startswith(field) or body.get("field") == field, body


def test_document_has_full_text_and_metadata(client):
    doc = client.get("/v1/documents/statement-2020-03-15").json()
    assert doc["doc_type"] == "statement" and doc["meeting_date"] == "2020-03-15"
    assert doc["source_url"].startswith("http") and len(doc["text"]) > 1000


@pytest.mark.parametrize("doc_id", ["statement-2024-01-31", "minutes-2025-13-45", "statement-2020-03-16"])
def test_unknown_document_is_404(client, doc_id):
    r = client.get(f"/v1/documents/{doc_id}")
    assert r.status_code == 404 and r.json()["field"] == "document_id"


@pytest.mark.parametrize("path", ["/v1/documents/..%2F..%2Fpyproject.toml", "/v1/documents/../../etc/passwd",
                                  "/v1/documents/%2e%2e%2fmanifest.json", "/v1/documents/statement-2020-03-15.parquet",
                                  "/v1/documents/minutes-2020-03-15%00"])
def test_document_paths_never_reach_a_file(client, path):
    r = client.get(path)
    assert r.status_code in (404, 422)
    assert "root:" not in r.text and "[build-system]" not in r.text and "partitions" not in r.text


def test_timeline_rows_and_span(client):
    rows = client.get("/v1/timeline").json()
    assert [r["meeting_date"] for r in rows] == ["2020-03-15", "2023-03-22", "2025-10-29"]
    assert rows[0]["decision"] == "lower" and rows[0]["change_bp"] == -100
    assert [r["meeting_date"] for r in client.get("/v1/timeline", params={"date_from": "2023-01-01"}).json()] \
        == ["2023-03-22", "2025-10-29"]
    assert client.get("/v1/timeline", params={"date_to": "March"}).status_code == 422


def test_openapi_and_page_are_served(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/v1/answer", "/v1/answer/stream", "/v1/search", "/v1/documents/{document_id}", "/v1/timeline",
            "/healthz"} <= set(paths)
    page = client.get("/")
    assert page.status_code == 200 and 'id="question"' in page.text and "/v1/answer/stream" in page.text


# -- conversations ------------------------------------------------------------------------------------

FOLLOW_UPS = [
    # (first question, follow-up, the follow-up as answered, meeting its citations must come from)
    ("Who dissented at the October 2025 meeting?", "What did they prefer?",
     "What did the dissenters at the October 2025 meeting prefer?", "2025-10-29"),
    ("What did the statement say about inflation in March 2023?", "What about the minutes?",
     "What did the minutes say about inflation in March 2023?", "2023-03-22"),
    ("What did the FOMC decide in March 2023?", "And in 2020?", "decide in 2020", "2020-03-15"),
    ("What did the FOMC decide in March 2020?", "What about October 2025?", "decide in October 2025", "2025-10-29"),
]


@pytest.mark.parametrize(("first", "follow_up", "resolved", "meeting"), FOLLOW_UPS)
def test_follow_up_inherits_the_meeting(client, first, follow_up, resolved, meeting):
    one = client.post("/v1/answer", json={"question": first}).json()
    two = client.post("/v1/answer", json={"question": follow_up, "conversation_id": one["conversation_id"]}).json()
    assert two["conversation_id"] == one["conversation_id"]
    assert resolved in two["resolved_question"], two["resolved_question"]
    assert two["answer"]["citations"] and two["answer"]["citations"][0]["meeting_date"] == meeting
    assert two["answer"]["confidence"] != "insufficient", two


def test_a_pronoun_finds_the_person_the_previous_answer_named(client):
    """"she" is nobody in the first question: only the stored answer names the dissenter."""
    first = "Who dissented at the March 2020 meeting?"
    one = client.post("/v1/answer", json={"question": first}).json()
    assert "Mester" in one["answer"]["answer"] and "Mester" not in first
    two = client.post("/v1/answer", json={"question": "Why did she dissent?",
                                          "conversation_id": one["conversation_id"]}).json()
    assert "Mester" in two["resolved_question"] and "March 2020" in two["resolved_question"], two["resolved_question"]
    assert two["answer"]["citations"][0]["meeting_date"] == "2020-03-15"


def test_a_restarted_server_continues_the_conversation(client, fomc_service):
    first = client.post("/v1/answer", json={"question": "Who dissented at the October 2025 meeting?"})
    assert first.status_code == 200
    cid = first.json()["conversation_id"]
    kept = client.get(f"/v1/conversations/{cid}").json()
    assert [m["role"] for m in kept] == ["user", "assistant"]
    # A new service and app (a restarted server) over the same data dir; the corpus is the same, so the
    # open session is reused: what a restart must keep is the conversation store.
    restarted = FOMCService(fomc_service.settings, session=fomc_service.session())
    with TestClient(create_app(restarted)) as again:
        assert again.get(f"/v1/conversations/{cid}").json() == kept
        r = again.post("/v1/answer", json={"question": "What did the statement say about inflation?",
                                           "conversation_id": cid}).json()
    assert "October 2025" in r["resolved_question"] and r["answer"]["citations"][0]["meeting_date"] == "2025-10-29"
    assert client.get("/v1/conversations/no-such-conversation").status_code == 404


def test_conversation_keeps_the_last_ten_messages(tmp_path):
    store = ConversationStore(tmp_path / "conversations.sqlite3")
    for turn in range(6):
        store.add_turn("c", f"question {turn}", f"resolved {turn}", f"answer {turn}")
    kept = ConversationStore(tmp_path / "conversations.sqlite3").messages("c")
    assert len(kept) == KEEP_MESSAGES and kept[0].content == "question 1" and kept[-1].content == "answer 5"
    assert store.last_question("c") == "resolved 5"


def test_selected_text_scopes_the_question_to_its_document(client):
    doc = client.get("/v1/documents/statement-2023-03-22").json()
    passage = doc["text"][doc["text"].index("The U.S. banking system"):][:120]
    r = client.post("/v1/answer", json={"question": "What did the Committee decide?", "selected_text": passage})
    body = r.json()
    assert "March 22, 2023" in body["resolved_question"] and passage in body["resolved_question"]
    assert body["answer"]["citations"][0]["meeting_date"] == "2023-03-22"


def test_eight_conversations_writing_at_once_lose_no_message(tmp_path):
    store = ConversationStore(tmp_path / "conversations.sqlite3")
    errors = []

    def talk(i: int) -> None:
        try:
            for turn in range(4):
                store.add_turn(f"c{i}", f"question {turn}", f"question {turn}", f"answer {turn}")
        except Exception as exc:  # collected: the assertion below names it
            errors.append(exc)

    threads = [threading.Thread(target=talk, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for i in range(8):
        assert [m.content for m in store.messages(f"c{i}")] == [
            x for turn in range(4) for x in (f"question {turn}", f"answer {turn}")]


# -- failures ------------------------------------------------------------------------------------------

def test_missing_index_is_503_naming_the_build_command(tmp_path):
    settings = dataclasses.replace(Settings.from_env(), data_dir=tmp_path, lm="extractive")
    with TestClient(create_app(FOMCService(settings))) as c:
        for method, path, kw in [("POST", "/v1/answer", {"json": {"question": "What?"}}),
                                 ("POST", "/v1/answer/stream", {"json": {"question": "What?"}}),
                                 ("GET", "/v1/search", {"params": {"query": "rates"}}),
                                 ("GET", "/v1/documents/statement-2020-03-15", {}),
                                 ("GET", "/v1/timeline", {}), ("GET", "/healthz", {})]:
            r = c.request(method, path, **kw)
            assert r.status_code == 503, (path, r.text)
            assert BUILD_COMMAND in r.json()["detail"]


def test_unknown_lm_is_503_naming_the_model(fomc_service):
    session = dataclasses.replace(fomc_service.session(), lm_name="nonexistent/model-xyz")
    service = FOMCService(fomc_service.settings, lm="nonexistent/model-xyz", session=session)
    with TestClient(create_app(service)) as c:
        r = c.post("/v1/answer", json={"question": "What did the minutes say about inflation in March 2023?"})
    assert r.status_code == 503 and "nonexistent/model-xyz" in r.json()["detail"]
    assert "Traceback" not in r.text


def test_a_crash_is_a_500_without_a_stack_trace(fomc_service, monkeypatch):
    app = create_app(fomc_service)
    monkeypatch.setattr(fomc_service, "timeline", lambda *a: 1 / 0)
    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/v1/timeline")
    assert r.status_code == 500 and r.json() == {"detail": "internal error (see the server log)", "field": None}


# -- access: token, rate limit, CORS, and the refusal to expose the API without a token ----------------------

def test_a_token_guards_every_endpoint_but_healthz_and_the_static_pages(fomc_service):
    with TestClient(create_app(fomc_service, Access(token="s3cret-token"))) as c:
        assert c.get("/healthz").status_code == 200
        assert c.get("/").status_code == 200 and c.get("/docs").status_code == 200
        for method, path, kw in [("GET", "/v1/timeline", {}), ("GET", "/openapi.json", {}),
                                 ("GET", "/v1/search", {"params": {"query": "rates"}}),
                                 ("POST", "/v1/answer", {"json": {"question": DECISION}}),
                                 ("GET", "/v1/documents/statement-2020-03-15", {})]:
            for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "s3cret-token"}):
                r = c.request(method, path, headers=headers, **kw)
                assert r.status_code == 401, (path, headers, r.text)
                assert r.json()["detail"].startswith("This server needs its API token")
                assert r.headers["www-authenticate"] == "Bearer"
        ok = c.get("/v1/timeline", headers={"Authorization": "Bearer s3cret-token"})
        assert ok.status_code == 200 and len(ok.json()) == 3


def test_over_the_rate_limit_is_429_with_retry_after(fomc_service):
    with TestClient(create_app(fomc_service, Access(rate_per_minute=3))) as c:
        assert [c.get("/healthz").status_code for _ in range(3)] == [200, 200, 200]
        r = c.get("/v1/timeline")
        assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 60
        assert r.json()["detail"].startswith("Too many requests from this client: the limit is 3 a minute.")


def test_the_rate_limit_window_slides():
    from fomc_qa.interfaces.access import RateLimiter

    limiter = RateLimiter(2)
    assert [limiter.retry_after("a", now=t) for t in (0.0, 1.0, 2.0)] == [0, 0, 58]
    assert limiter.retry_after("b", now=2.0) == 0  # per client
    assert limiter.retry_after("a", now=60.5) == 0  # the first request has left the window
    assert RateLimiter(0).retry_after("a") == 0  # 0 turns it off


def test_cors_is_closed_unless_configured(fomc_service):
    origin = {"Origin": "https://example.org"}
    with TestClient(create_app(fomc_service, Access())) as c:
        assert "access-control-allow-origin" not in c.get("/healthz", headers=origin).headers
    with TestClient(create_app(fomc_service, Access(cors_origins=("https://example.org",)))) as c:
        assert c.get("/healthz", headers=origin).headers["access-control-allow-origin"] == "https://example.org"
        preflight = c.options("/v1/answer", headers={**origin, "Access-Control-Request-Method": "POST"})
        assert preflight.status_code == 200


@pytest.mark.parametrize("command", [["serve", "--host", "0.0.0.0"], ["mcp", "--http", "8123", "--host", "0.0.0.0"]])
def test_a_non_loopback_host_without_a_token_refuses_to_start(command, tmp_path):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "FOMC_QA_API_TOKEN"}
    r = subprocess.run([sys.executable, "-m", "fomc_qa", *command], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2, r
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "FOMC_QA_API_TOKEN" in lines[0] and "0.0.0.0" in lines[0], r.stderr


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("127.8.0.1", True), ("localhost", True),
                                                ("::1", True), ("[::1]", True), ("0.0.0.0", False),
                                                ("192.168.1.4", False), ("::", False), ("example.org", False)])
def test_loopback_hosts(host, loopback):
    from fomc_qa.interfaces.access import Access, exposure_refusal, is_loopback

    assert is_loopback(host) is loopback
    assert (exposure_refusal(host, Access()) is None) is loopback
    assert exposure_refusal(host, Access(token="t")) is None
