"""The MCP server through the SDK's own clients: every tool in memory over the built fixture, tool
errors with their reasons, one stdio round trip against `python -m fomc_qa mcp` in a subprocess,
and one streamable-HTTP round trip on loopback."""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import subprocess
import sys
import time

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from fomc_qa.config import Settings
from fomc_qa.index.store import BUILD_COMMAND
from fomc_qa.interfaces.mcp_server import build_server
from fomc_qa.interfaces.service import FOMCService

TOOLS = {"search_fomc", "get_document", "answer", "timeline", "meeting_brief"}


def call(server_or_params, *calls: tuple[str, dict]):
    """Results of the tool calls, made in one client session."""

    async def run():
        async with Client(server_or_params, read_timeout_seconds=120) as client:
            listed = {t.name for t in (await client.list_tools()).tools}
            return listed, [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(run)


@pytest.fixture(scope="module")
def server(fomc_service):
    return build_server(fomc_service)


def test_every_tool_answers_in_memory(server):
    listed, (search, document, answer, timeline) = call(
        server,
        ("search_fomc", {"query": "bank stress", "top_k": 3, "date_from": "2023-01-01", "date_to": "2024-12-31",
                         "doc_type": "statement"}),
        ("get_document", {"document_id": "minutes-2023-03-22"}),
        ("answer", {"question": "What did the FOMC decide at its October 2025 meeting?"}),
        ("timeline", {"date_from": "2023-01-01", "date_to": "2023-12-31"}),
    )
    assert listed == TOOLS
    assert not any(r.is_error for r in (search, document, answer, timeline))
    hits = search.structured_content["result"]
    assert 1 <= len(hits) <= 3 and {(h["doc_type"], h["meeting_date"]) for h in hits} == {("statement", "2023-03-22")}
    doc = document.structured_content
    assert doc["document_id"] == "minutes-2023-03-22" and len(doc["text"]) > 5000 and doc["sections"]
    cited = answer.structured_content["answer"]
    assert cited["confidence"] in {"high", "medium", "low"} and cited["citations"]
    assert json.loads(answer.content[0].text)["answer"] == cited
    for c in cited["citations"]:
        assert f"[{c['n']}]" in cited["answer"] and c["quoted_excerpt"]
    assert [r["meeting_date"] for r in timeline.structured_content["result"]] == ["2023-03-22"]


def test_out_of_scope_answer_is_insufficient(server):
    _, (r,) = call(server, ("answer", {"question": "Should I buy Nvidia shares?"}))
    assert not r.is_error and r.structured_content["answer"]["confidence"] == "insufficient"
    assert r.structured_content["answer"]["citations"] == []


@pytest.mark.parametrize(("tool", "args", "reason"), [
    ("answer", {"question": ""}, "invalid input: question: the question is empty"),
    ("answer", {"question": "x" * 2001}, "2,000"),
    ("search_fomc", {"query": "   "}, "invalid input: query"),
    ("search_fomc", {"query": "rates", "top_k": 0}, "invalid input: top_k"),
    ("search_fomc", {"query": "rates", "date_from": "2024-01-01", "date_to": "2023-01-01"}, "date_to"),
    ("get_document", {"document_id": "../../etc/passwd"}, "unknown document"),
    ("get_document", {"document_id": "statement-2024-01-31"}, "unknown document: no indexed meeting 2024-01-31"),
    ("timeline", {"date_from": "not a date"}, "date_from"),
])
def test_bad_calls_are_tool_errors_with_a_reason(server, tool, args, reason):
    _, (r,) = call(server, (tool, args))
    assert r.is_error and reason in r.content[0].text, r.content[0].text


def test_missing_index_is_a_tool_error_naming_the_build(tmp_path):
    service = FOMCService(dataclasses.replace(Settings.from_env(), data_dir=tmp_path, lm="extractive"))
    _, results = call(build_server(service), ("answer", {"question": "What?"}), ("search_fomc", {"query": "x"}),
                      ("get_document", {"document_id": "statement-2020-03-15"}), ("timeline", {}))
    for r in results:
        assert r.is_error and "unavailable" in r.content[0].text and BUILD_COMMAND in r.content[0].text


def test_unknown_lm_is_a_tool_error_naming_the_model(fomc_service):
    session = dataclasses.replace(fomc_service.session(), lm_name="nonexistent/model-xyz")
    service = FOMCService(fomc_service.settings, lm="nonexistent/model-xyz", session=session)
    _, (r,) = call(build_server(service), ("answer", {"question": "What did the minutes say about inflation in 2023?"}))
    assert r.is_error and "nonexistent/model-xyz" in r.content[0].text and "FOMC_QA_LM" in r.content[0].text


def _env(data_dir) -> dict[str, str]:
    return {**os.environ, "FOMC_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1", "FOMC_QA_LM": "extractive"}


def test_stdio_round_trip_against_a_subprocess(built):
    params = StdioServerParameters(command=sys.executable, args=["-m", "fomc_qa", "mcp"], env=_env(built[0]))
    listed, (answer, missing) = call(
        params,
        ("answer", {"question": "Who dissented at the October 2025 meeting?"}),
        ("get_document", {"document_id": "minutes-1999-01-01"}),
    )
    assert listed == TOOLS
    cited = answer.structured_content["answer"]
    assert not answer.is_error and cited["citations"] and cited["citations"][0]["meeting_date"] == "2025-10-29"
    assert missing.is_error and "unknown document" in missing.content[0].text


def _serve_http(env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    """`python -m fomc_qa mcp --http PORT` on a free loopback port, once it accepts connections."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "fomc_qa", "mcp", "--http", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, port
        except OSError:
            assert proc.poll() is None, proc.stderr.read()
            time.sleep(0.2)
    proc.terminate()
    pytest.fail("the MCP server did not start")


def test_streamable_http_round_trip_on_loopback(built):
    proc, port = _serve_http({k: v for k, v in _env(built[0]).items() if k != "FOMC_QA_API_TOKEN"})
    try:
        listed, (timeline,) = call(f"http://127.0.0.1:{port}/mcp", ("timeline", {"date_to": "2020-12-31"}))
        assert listed == TOOLS
        assert [r["meeting_date"] for r in timeline.structured_content["result"]] == ["2020-03-15"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_streamable_http_with_a_token_refuses_calls_without_it(built):
    import httpx
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    proc, port = _serve_http({**_env(built[0]), "FOMC_QA_API_TOKEN": "mcp-s3cret"})
    url = f"http://127.0.0.1:{port}/mcp"
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                             "clientInfo": {"name": "test", "version": "1"}}}
    try:
        for headers in ({}, {"Authorization": "Bearer wrong"}):
            r = httpx.post(url, json=initialize, headers={**headers, "Accept": "application/json, text/event-stream"})
            assert r.status_code == 401 and "API token" in r.json()["detail"], r.text
        client = httpx2.AsyncClient(headers={"Authorization": "Bearer mcp-s3cret"}, timeout=120)
        listed, (timeline,) = call(streamable_http_client(url, http_client=client),
                                   ("timeline", {"date_to": "2020-12-31"}))
        assert listed == TOOLS
        assert [r["meeting_date"] for r in timeline.structured_content["result"]] == ["2020-03-15"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
