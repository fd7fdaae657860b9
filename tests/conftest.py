"""Shared fixtures: the bundled snapshot on loopback, and a small real build of a few meetings
through Dagster's own materialize(), made once per test session.

What a new test should reuse rather than make again (the suite's time is mostly these):
- `built` (session): the fixture build of FIXTURE_MEETINGS; read it, never write into it (copy it, as
  tests/test_sentence_vectors.py does, or start a new data dir with `seed_embedding_cache`).
- `fomc_service` (session): one warmed interfaces service over `built` for in-process HTTP/MCP tests.
- `browser` (module): one headless Chromium per test module; take a fresh page per test with
  `browser_page(browser, width, height)` (a new context: no cookies or storage shared between tests).
  A module that serves the page starts one server for the module (tests/test_web_page.py's `server`).
- A daemon-driven run costs a daemon start and its ticks: extend tests/test_live_automation.py's run (it
  also carries the demo build's checks) with a phase of your own rather than starting another daemon.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO = Path(__file__).resolve().parents[1]
SNAPSHOT = REPO / "data" / "snapshot" / "www.federalreserve.gov"
GOLDEN = REPO / "data" / "eval" / "golden.json"
# A few real meetings: an unscheduled 2020 action (original statement, rebuilt 2020 minutes), a
# 2023 meeting (rebuilt statement and minutes) and a 2025 meeting (original minutes page).
FIXTURE_MEETINGS = ["2020-03-15", "2023-03-22", "2025-10-29"]
# Debian's chromium (scripts/browser.sh installs it); Playwright cannot download a browser of its own here.
CHROMIUM = Path("/usr/bin/chromium")


def fixture_golden() -> list[dict]:
    """The project's golden questions about the fixture meetings, plus the out-of-scope ones."""
    questions = json.loads(GOLDEN.read_text())
    return [q for q in questions if q["category"] == "out-of-scope"
            or {d["date"] for d in q["relevant_documents"]} <= set(FIXTURE_MEETINGS)]


def resources_for(data_dir, snapshot_url, sentences: bool = True) -> dict:
    """The code location's resources pointed at a test data dir and the snapshot on loopback (`sentences`: whether
    the build embeds the reader's sentences too; see `Embedder.sentences`)."""
    from fomc_pipeline.resources import Embedder, FedSite, LanguageModel, Storage

    return {"fed": FedSite(base_url=snapshot_url, backoff_s=0.01), "storage": Storage(data_dir=str(data_dir)),
            "embedder": Embedder(sentences=sentences), "lm": LanguageModel()}


def seed_embedding_cache(built_dir: Path, data_dir: Path) -> None:
    """Give a fresh data dir the fixture build's embedding cache (vectors keyed by model + text), as a
    re-run on the same machine has it: a test of the run machinery then spends no time re-embedding
    the fixture meetings. Call before anything opens the new dir's cache."""
    import shutil

    shutil.copytree(built_dir / "cache", data_dir / "cache")


@pytest.fixture(scope="session")
def snapshot_url():
    from fomc_pipeline.fed.snapshot_server import serve_snapshot

    with serve_snapshot(SNAPSHOT) as url:
        yield url


@pytest.fixture(scope="session")
def built(tmp_path_factory, snapshot_url):
    """A data dir holding the whole graph up to the corpus for FIXTURE_MEETINGS, built with
    materialize() on an ephemeral instance; yields (data_dir, instance, resources)."""
    import dagster as dg

    from fomc_pipeline import definitions as d
    from fomc_pipeline.partitions import meetings

    data_dir = tmp_path_factory.mktemp("data")
    (data_dir / "eval").mkdir()
    (data_dir / "eval" / "golden.json").write_text(json.dumps(fixture_golden()))
    resources = resources_for(data_dir, snapshot_url)
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(meetings.name, FIXTURE_MEETINGS)
    selection = d.per_meeting_assets + [c for c in d.per_partition_checks]
    for key in FIXTURE_MEETINGS:
        result = dg.materialize(selection, partition_key=key, instance=instance, resources=resources)
        assert result.success
    result = dg.materialize([d.corpus], instance=instance, resources=resources)
    assert result.success
    result = dg.materialize([d.reader_sentences], instance=instance, resources=resources)
    assert result.success
    # No chain check here: the fixture's meetings are not consecutive (tests/test_policy_assets.py
    # checks the chain on consecutive meetings).
    result = dg.materialize([d.policy_timeline], instance=instance, resources=resources)
    assert result.success
    yield data_dir, instance, resources
    instance.dispose()


@pytest.fixture()
def data_env(built, monkeypatch):
    """Point FOMC_DATA_DIR at the built fixture for code that reads settings from the environment."""
    data_dir = built[0]
    monkeypatch.setenv("FOMC_DATA_DIR", str(data_dir))
    return data_dir


@pytest.fixture(scope="session")
def fomc_service(built):
    """One interfaces service over the built fixture, shared by the HTTP, MCP and browser tests, so the
    corpus and the model open once per session."""
    import dataclasses

    from fomc_qa.config import Settings
    from fomc_qa.interfaces.service import FOMCService

    service = FOMCService(dataclasses.replace(Settings.from_env(), data_dir=built[0], lm="extractive"))
    assert service.warm()
    return service


def need_browser() -> None:
    """Fail (under FOMC_QA_REQUIRE_BROWSER, as scripts/test.sh runs) or skip when chromium is missing."""
    if not CHROMIUM.exists():
        if os.environ.get("FOMC_QA_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: run bash scripts/browser.sh")
        pytest.skip(f"{CHROMIUM} is missing (bash scripts/browser.sh installs it)")


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module's tests: launching it is the costly part, a page is cheap.
    Module-scoped, not session-scoped, so Playwright's event loop lives only while a browser module runs."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        try:
            yield launched
        finally:
            launched.close()


@contextmanager
def browser_page(browser, width: int, height: int):
    """A fresh page at this window size in its own browser context (no cookies, storage or routes carried
    over from another test), closed after."""
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        yield context.new_page()
    finally:
        context.close()
