"""The web page in a real browser (Debian's chromium driven by Playwright) against a real
`python -m fomc_qa serve` on loopback: a question, its streamed cited answer, a follow-up in the same
conversation, and the citations' verbatim excerpts. The same server shows the default bind is
loopback and that 8 conversations written at once lose no message."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOT = Path(__file__).resolve().parents[1] / "data" / "reports" / "web_page.png"


def _start(data_dir: Path, log: Path) -> tuple[subprocess.Popen, str]:
    """`python -m fomc_qa serve` with no --host, on a free port, once /healthz answers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "FOMC_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1", "FOMC_QA_LM": "extractive"}
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "fomc_qa", "serve", "--port", str(port)], env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"the server exited: {log.read_text()}")
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.3)
    proc.terminate()
    pytest.fail(f"the server did not start: {log.read_text()}")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(timeout=30)


@pytest.fixture(scope="module")
def server(built, tmp_path_factory):
    """The server over the built fixture; yields its base URL and its log."""
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    proc, url = _start(built[0], log)
    try:
        yield url, log
    finally:
        _stop(proc)


def test_a_restarted_server_process_continues_the_conversation(built, tmp_path):
    """The conversation store outlives the process: ask, stop the server, start a new one, follow up."""
    cid = "process-restart-1"
    first, url = _start(built[0], tmp_path / "first.log")
    try:
        r = httpx.post(f"{url}/v1/answer", json={"question": "Who dissented in March 2023?", "conversation_id": cid},
                       timeout=120)
        assert r.status_code == 200, r.text
    finally:
        _stop(first)
    second, url = _start(built[0], tmp_path / "second.log")
    try:
        r = httpx.post(f"{url}/v1/answer", json={"question": "And in October 2025?", "conversation_id": cid},
                       timeout=120)
        assert r.status_code == 200, r.text
        assert "October 2025" in r.json()["resolved_question"] and "dissent" in r.json()["resolved_question"]
        history = httpx.get(f"{url}/v1/conversations/{cid}", timeout=30).json()
        assert len(history) == 4 and history[0]["content"] == "Who dissented in March 2023?", history
    finally:
        _stop(second)


def test_serve_binds_loopback_by_default(server):
    url, log = server
    assert f"Uvicorn running on {url}" in log.read_text()


def test_eight_conversations_at_once_lose_no_message(server):
    url, _ = server
    # Declined questions (no retrieval) keep this about the writes: 8 writers, 3 turns each, at once.
    questions = ["Should I buy Nvidia shares?", "Should I refinance my mortgage now?",
                 "What will the S&P 500 close at tomorrow?"]

    def talk(i: int) -> str:
        cid = f"concurrent-{i}-{time.time_ns()}"
        with httpx.Client(base_url=url, timeout=120) as c:
            for q in questions:
                assert c.post("/v1/answer", json={"question": q, "conversation_id": cid}).status_code == 200
        return cid

    with ThreadPoolExecutor(8) as pool:
        cids = list(pool.map(talk, range(8)))
    for cid in cids:
        messages = httpx.get(f"{url}/v1/conversations/{cid}").json()
        assert [m["content"] for m in messages if m["role"] == "user"] == questions
        assert len(messages) == 2 * len(questions)


def test_page_streams_a_cited_answer_and_a_follow_up(server):
    if not CHROMIUM.exists():
        if os.environ.get("FOMC_QA_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: run bash scripts/browser.sh")
        pytest.skip(f"{CHROMIUM} is missing (bash scripts/browser.sh installs it)")
    from playwright.sync_api import expect, sync_playwright

    url, _ = server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 1400})
            page.goto(url)
            page.fill("#question", "What did the FOMC decide at its October 2025 meeting?")
            page.press("#question", "Enter")
            first = page.locator("section.turn").nth(0)
            expect(first).to_have_attribute("data-done", "true", timeout=60_000)
            expect(first.locator(".confidence")).to_have_text(re.compile(r"Confidence: (high|medium|low)"))
            citations = first.locator("details.citation")
            assert citations.count() >= 1
            assert "2025-10-29" in citations.nth(0).locator("summary").inner_text()
            # A citation marker in the answer opens its verbatim excerpt.
            first.locator(".answer button.marker[data-n='1']").first.click()
            excerpt = citations.nth(0).locator("blockquote.excerpt")
            expect(excerpt).to_be_visible()
            excerpt_text = excerpt.inner_text()
            doc_id = citations.nth(0).locator("summary").inner_text().split(" · ")[-1].split("#")[0]
            document = httpx.get(f"{url}/v1/documents/{doc_id}").json()
            assert " ".join(excerpt_text.split()) in " ".join(document["text"].split())

            page.fill("#question", "And in March 2023?")
            page.press("#question", "Enter")
            second = page.locator("section.turn").nth(1)
            expect(second).to_have_attribute("data-done", "true", timeout=60_000)
            expect(second.locator(".resolved")).to_contain_text("decide at its March 2023 meeting")
            summaries = second.locator("details.citation summary").all_inner_texts()
            assert summaries and "2023-03-22" in summaries[0]
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOT), full_page=True)
        finally:
            browser.close()
