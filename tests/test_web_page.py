"""The web page in a real browser (Debian's chromium driven by Playwright) against a real
`python -m fomc_qa serve` on loopback: a question, its streamed cited answer, a follow-up in the same
conversation, and the citations' verbatim excerpts. The same server shows the default bind is
loopback and that 8 conversations written at once lose no message."""

from __future__ import annotations

import json
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
from conftest import browser_page

SCREENSHOT = Path(__file__).resolve().parents[1] / "data" / "reports" / "web_page.png"


def _start(data_dir: Path, log: Path, **extra_env: str) -> tuple[subprocess.Popen, str]:
    """`python -m fomc_qa serve` with no --host, on a free port, once /healthz answers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "FOMC_QA_API_TOKEN"}
    env.update({"FOMC_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1", "FOMC_QA_LM": "extractive", **extra_env})
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
    first, url = _start(built[0], tmp_path / "first.log")
    try:
        r = httpx.post(f"{url}/v1/answer", json={"question": "Who dissented in March 2023?"}, timeout=120)
        assert r.status_code == 200, r.text
        cid = r.json()["conversation_id"]
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
        cid = None
        with httpx.Client(base_url=url, timeout=120) as c:
            for q in questions:
                r = c.post("/v1/answer", json={"question": q, **({"conversation_id": cid} if cid else {})})
                assert r.status_code == 200, r.text
                cid = r.json()["conversation_id"]
        return cid

    with ThreadPoolExecutor(8) as pool:
        cids = list(pool.map(talk, range(8)))
    for cid in cids:
        messages = httpx.get(f"{url}/v1/conversations/{cid}").json()
        assert [m["content"] for m in messages if m["role"] == "user"] == questions
        assert len(messages) == 2 * len(questions)


def test_page_streams_a_cited_answer_and_a_follow_up(server, browser):
    from playwright.sync_api import expect

    url, _ = server
    with browser_page(browser, 1100, 1400) as page:
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
        first.locator(".lead button.marker[data-n='1'], .evidence button.marker[data-n='1']").first.click()
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


# -- issue 31: what a user met in a real Chromium ------------------------------------------------------------

SCREENS = SCREENSHOT.parent / "screens"
DECISION = "What did the FOMC decide at its October 2025 meeting?"


def shot(page, name: str) -> None:
    """A screenshot of the page to data/reports/screens/."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"))


def ask(page, question: str, n: int, wait: bool = True):
    """Types a question, presses Enter, and (with `wait`) waits for turn `n` (0-based) to finish."""
    from playwright.sync_api import expect

    page.fill("#question", question)
    page.press("#question", "Enter")
    turn = page.locator("section.turn").nth(n)
    if wait:
        expect(turn).to_have_attribute("data-done", "true", timeout=90_000)
    return turn


def in_view(page, selector_or_locator) -> bool:
    """True when the element is wholly between the top of the window and the top of the fixed form."""
    box = (page.locator(selector_or_locator) if isinstance(selector_or_locator, str) else selector_or_locator) \
        .bounding_box()
    form_top = page.evaluate("document.getElementById('ask-form').getBoundingClientRect().top")
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= form_top


@pytest.mark.parametrize(("width", "height"), [(1100, 700), (360, 640)])
def test_each_new_answer_is_scrolled_into_view(server, width, height, browser):
    url, _ = server
    with browser_page(browser, width, height) as page:
        page.goto(url)
        for n, question in enumerate([DECISION, "And in March 2023?", "Who dissented in March 2020?"]):
            turn = ask(page, question, n, wait=False)
            page.wait_for_function("n => document.querySelectorAll('section.turn').length > n", arg=n)
            assert in_view(page, turn.locator(".question")), f"question {n} below the fold"
            shot(page, f"autoscroll-{width}-q{n + 1}-asked")
            from playwright.sync_api import expect

            expect(turn).to_have_attribute("data-done", "true", timeout=90_000)
            assert in_view(page, turn.locator(".question")), f"question {n} left the window while answering"
            answer_top = turn.locator(".lead").bounding_box()["y"]
            assert 0 <= answer_top < page.evaluate("document.getElementById('ask-form').getBoundingClientRect().top")
            shot(page, f"autoscroll-{width}-q{n + 1}-answered")
        assert page.evaluate("window.scrollY") > 0


def _select_text_in(page, selector: str) -> str:
    """Selects the first 60 characters of the element's text, as a drag of the mouse would."""
    return page.evaluate("""sel => {
        const node = document.querySelector(sel);
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        const text = walker.nextNode();
        const range = document.createRange();
        range.setStart(text, 0); range.setEnd(text, Math.min(60, text.length));
        const s = window.getSelection(); s.removeAllRanges(); s.addRange(range);
        return String(s);
    }""", selector)


def test_a_selected_passage_is_attached_only_on_request_and_once(server, browser):
    from playwright.sync_api import expect

    url, _ = server
    with browser_page(browser, 1100, 900) as page:
        sent = []
        page.on("request", lambda r: sent.append(json.loads(r.post_data)) if r.url.endswith("/stream") else None)
        page.goto(url)
        ask(page, DECISION, 0)
        offer, chip = page.locator("#offer-selection"), page.locator("#selection-chip")
        selected = _select_text_in(page, "section.turn .lead")
        expect(offer).to_be_visible()
        expect(chip).to_be_hidden()
        shot(page, "selection-1-offered")
        ask(page, "Who dissented in March 2020?", 1)  # asked without pressing the offer: nothing attached
        assert "selected_text" not in sent[-1]
        assert page.locator("section.turn").nth(1).locator(".passage").count() == 0

        _select_text_in(page, "section.turn .lead")
        offer.click()
        expect(chip).to_be_visible()
        expect(chip).to_contain_text("asking about the selected passage")
        shot(page, "selection-2-chip")
        page.click("#clear-selection")  # removed: not sent
        expect(chip).to_be_hidden()
        ask(page, "What did the Committee decide?", 2)
        assert "selected_text" not in sent[-1]

        _select_text_in(page, "section.turn .lead")
        offer.click()
        ask(page, "What did the Committee decide?", 3)
        assert len(selected.strip()) >= 3 and sent[-1]["selected_text"] == selected.strip()
        assert page.locator("section.turn").nth(3).locator(".passage").is_visible()
        expect(chip).to_be_hidden()  # used once, then cleared
        shot(page, "selection-3-used-and-cleared")
        ask(page, "Who dissented in March 2020?", 4)
        assert "selected_text" not in sent[-1]


def test_over_long_input_and_an_unreachable_server_get_clear_messages(server, browser):
    from playwright.sync_api import expect

    url, _ = server
    with browser_page(browser, 1100, 800) as page:
        page.goto(url)
        page.fill("#question", "x" * 2001)
        message = page.locator("#input-message")
        expect(message).to_have_text("Your question is 2,001 characters; the limit is 2,000. Shorten it to ask.")
        expect(page.locator("#ask")).to_be_disabled()
        assert page.input_value("#question") == "x" * 2001  # not cut
        page.press("#question", "Enter")
        assert page.locator("section.turn").count() == 0
        shot(page, "errors-1-too-long")
        page.fill("#question", "x" * 2000)
        expect(message).to_be_hidden()
        expect(page.locator("#ask")).to_be_enabled()

        page.route("**/v1/answer/stream", lambda route: route.abort("connectionrefused"))
        turn = ask(page, DECISION, 0, wait=False)
        expect(turn).to_have_attribute("data-done", "error", timeout=30_000)
        status = turn.locator(".status")
        expect(status).to_contain_text("The server could not be reached")
        assert "Failed to fetch" not in status.inner_text()
        expect(turn.locator(".confidence")).to_be_hidden()
        shot(page, "errors-2-server-down")


@pytest.mark.parametrize("width", [360, 420])
def test_the_page_fits_a_narrow_window(server, width, browser):
    url, _ = server
    with browser_page(browser, width, 740) as page:
        page.goto(url)
        shot(page, f"narrow-{width}-empty")
        ask(page, DECISION, 0)
        page.locator("section.turn details.citation summary").first.click()
        shot(page, f"narrow-{width}-answered")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for selector in ("#new-conversation", "#ask", "#question"):
            box = page.locator(selector).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)


def test_sources_link_to_their_documents_and_blocks_are_separate(server, browser):
    from playwright.sync_api import expect

    url, _ = server
    with browser_page(browser, 1100, 1000) as page:
        page.goto(url)
        turn = ask(page, DECISION, 0)
        expect(turn.locator(".sources h2")).to_have_text("Sources")
        links = turn.locator("details.citation a.source-link")
        expect(links.first).to_be_attached()
        for details in turn.locator("details.citation").all():
            doc_id = details.get_attribute("data-document")
            href = details.locator("a.source-link").get_attribute("href")
            assert href == httpx.get(f"{url}/v1/documents/{doc_id}").json()["source_url"]
        turn.locator("details.citation summary").first.click()
        shot(page, "sources-linked")
        assert turn.locator(".lead").is_visible() and turn.locator(".answer").is_hidden()  # lead and evidence blocks

        # An answer with lead and evidence (a later answer format) is laid out as three blocks.
        body = "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in [
            ("answer", {"conversation_id": "x", "resolved_question": "Q", "answer": "A [1]", "confidence": "high",
                        "lead": "The Committee lowered the range [1].", "evidence": ["It cited risks [1]."],
                        "total_ms": 5, "lm": "local/extractive"}),
            ("citations", []), ("done", {})])
        page.route("**/v1/answer/stream", lambda route: route.fulfill(
            status=200, headers={"content-type": "text/event-stream"}, body=body))
        second = ask(page, "Q", 1)
        expect(second.locator(".lead")).to_have_text("The Committee lowered the range [1].")
        expect(second.locator(".evidence")).to_have_text("It cited risks [1].")
        expect(second.locator(".answer")).to_be_hidden()
        shot(page, "blocks-lead-evidence")


def test_docs_work_offline(server, browser):
    url, _ = server
    with browser_page(browser, 1100, 900) as page:
        outside = []
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url)
                   else (outside.append(route.request.url), route.abort()))
        page.on("pageerror", lambda e: outside.append(f"page error: {e}"))
        page.goto(f"{url}/docs")
        page.wait_for_selector("body[data-ready='true']", state="attached", timeout=30_000)
        operations = page.locator("details.op")
        assert operations.count() >= 7
        assert "/v1/answer/stream" in page.locator("#operations").inner_text()
        operations.first.locator("summary").click()
        shot(page, "docs-offline")
        assert outside == []


def test_the_page_works_with_the_keyboard_alone(server, browser):
    from playwright.sync_api import expect

    url, _ = server
    with browser_page(browser, 1100, 900) as page:
        page.goto(url)
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "question":
                break
        assert page.evaluate("document.activeElement.id") == "question"
        page.keyboard.type(DECISION)
        page.keyboard.press("Enter")
        turn = page.locator("section.turn").first
        expect(turn).to_have_attribute("data-done", "true", timeout=90_000)
        for _ in range(40):  # back from the field into the answer, to a citation marker
            page.keyboard.press("Shift+Tab")
            if page.evaluate("document.activeElement.classList.contains('marker')"):
                break
        n = page.evaluate("document.activeElement.dataset.n")
        assert n, "no citation marker reachable with Tab"
        page.keyboard.press("Enter")
        expect(turn.locator(f"details[data-n='{n}']")).to_have_attribute("open", "")
        assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
        shot(page, "keyboard-citation-opened")


def test_the_page_asks_for_the_token_once(built, tmp_path, browser):
    from playwright.sync_api import expect

    proc, url = _start(built[0], tmp_path / "token.log", FOMC_QA_API_TOKEN="page-s3cret")
    try:
        assert httpx.get(f"{url}/v1/timeline").status_code == 401
        with browser_page(browser, 1100, 900) as page:
            page.goto(url)
            page.fill("#question", DECISION)
            page.press("#question", "Enter")
            expect(page.locator("#token-box")).to_be_visible()
            shot(page, "token-1-asked")
            page.fill("#token", "page-s3cret")
            page.press("#token", "Enter")
            first = page.locator("section.turn").first
            expect(first).to_have_attribute("data-done", "true", timeout=90_000)
            assert page.evaluate("sessionStorage.getItem('fomc-qa-token')") == "page-s3cret"
            ask(page, "And in March 2023?", 1)
            expect(page.locator("#token-box")).to_be_hidden()
            shot(page, "token-2-kept")
    finally:
        _stop(proc)


def test_the_brief_view_shows_the_apis_brief(server, browser):
    """A meeting's date in the Brief control draws the brief the API serves: headline, dissents, the redline's edits."""
    from playwright.sync_api import expect

    url, _ = server
    brief = httpx.get(f"{url}/v1/meetings/2025-10-29/brief", timeout=30).json()
    with browser_page(browser, 1100, 1000) as page:
        page.goto(url)
        page.fill("#brief-date", "2025-10-29")
        page.click("#show-brief")
        section = page.locator("section.brief")
        expect(section).to_have_attribute("data-done", "true", timeout=30_000)
        expect(section.locator(".headline")).to_have_text(brief["headline"])
        assert section.locator("ul.dissents li").all_inner_texts() == [
            f"{a['name']}, who {a['preference']}" for a in brief["vote"]["against"]]
        revised = brief["redline"]["revised"]
        assert section.locator("li.revised").count() == len(revised) > 0
        assert section.locator("li.revised ins").count() == sum(op == "+" for r in revised for op, _ in r["edit"])
        shot(page, "brief-view")
        page.fill("#brief-date", "2025-10-30")
        page.click("#show-brief")
        expect(page.locator("section.brief").nth(1).locator(".status")).to_contain_text(
            "no indexed FOMC meeting on 2025-10-30")
