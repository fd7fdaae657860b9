"""The fault matrix on the small fixture build: every damaged file ends in exit 3 naming the file and
its fix, or in the same answer where the read path does not need the file or falls back; doctor
names each damaged file; an unusable LM is exit 2; no traceback unless FOMC_QA_DEBUG=1."""

from __future__ import annotations

import json
import os
import sys

import pytest
from faults import HOWS, ISSUE_CASES, KINDS, Case, apply, copy_data, snapshot_of

from fomc_qa.cli.main import main

QUESTION = "What did the FOMC decide at its October 2025 meeting?"
PARTITION = "2025-10-29"


@pytest.fixture(scope="module")
def intact(built, tmp_path_factory):
    """A copy of the fixture build with a compiled-program file and its record, as qa_program leaves them."""
    from fomc_qa.answering.program import FOMCAnswerer, save_program
    from fomc_qa.answering.session import program_path
    from fomc_qa.index.integrity import write_sidecar

    paths = copy_data(built[0], tmp_path_factory.mktemp("intact") / "data")
    path = save_program(FOMCAnswerer(lambda q, k: []), program_path(paths))
    write_sidecar(paths, path, "program")
    return paths


def _run(monkeypatch, capsys, root, *argv):
    monkeypatch.setenv("FOMC_DATA_DIR", str(root))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _citations(out: str) -> list[str]:
    return [c["chunk_id"] for c in json.loads(out)["citations"]]


@pytest.fixture(scope="module")
def intact_citations(intact):
    mp = pytest.MonkeyPatch()
    mp.setenv("FOMC_DATA_DIR", str(intact.root))
    from fomc_qa.answering.program import answer_question
    from fomc_qa.answering.session import Session
    from fomc_qa.config import Settings

    session = Session.open(Settings.from_env())
    mp.undo()
    cites = [c.chunk_id for c in answer_question(session.program, QUESTION, session.lm).citations]
    assert cites and any(PARTITION in c for c in cites)
    return cites


CASES = [Case(f"{kind}, {how}", kind, how) for kind in KINDS for how in HOWS] + [
    c for c in ISSUE_CASES if c.how in ("empty", "")]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_damaged_file_exits_3_naming_it_or_gives_the_same_answer(case, intact, intact_citations, tmp_path,
                                                                 monkeypatch, capsys):
    paths = copy_data(intact.root, tmp_path / "data")
    named = apply(case, paths, PARTITION)
    before = snapshot_of(paths.root)
    code, out, err = _run(monkeypatch, capsys, paths.root, QUESTION, "--json")
    assert "Traceback" not in err
    if case.same_answer:
        assert code == 0, err
        assert _citations(out) == intact_citations
        if case.kind == "shard":  # the warning names the shard and the command that rebuilds it
            assert f"shards/{PARTITION}.usearch" in err and "--select index_shard --partition" in err
        assert snapshot_of(paths.root) == before  # the read side writes nothing
    else:
        assert code == 3, (out, err)
        rel = named.relative_to(paths.root).as_posix()
        assert rel in err or str(named) in err or (case.kind == "bm25" and "index/bm25" in err), err
        assert "fix:" in err or "run the pipeline" in err
        if case.kind in ("chunks", "embeddings"):
            assert f"partition {PARTITION}" in err and f"--partition {PARTITION}" in err and "--select corpus" in err


@pytest.mark.parametrize("case", [c for c in CASES if c.kind not in ("read-only",)], ids=lambda c: c.name)
def test_doctor_names_each_damaged_file(case, intact, tmp_path, monkeypatch, capsys):
    paths = copy_data(intact.root, tmp_path / "data")
    named = apply(case, paths, PARTITION)
    code, out, err = _run(monkeypatch, capsys, paths.root, "doctor", "--json")
    report = json.loads(out)
    assert code == 3 and not report["healthy"]
    unhealthy = {f["path"] for f in report["files"] if f["state"] != "ok"}
    rel = named.relative_to(paths.root).as_posix()
    assert rel in unhealthy or (case.kind == "bm25" and any(p.startswith("index/bm25/") for p in unhealthy))
    if case.kind in ("chunks", "embeddings", "documents", "shard"):
        assert report["partitions_to_rematerialize"] == [PARTITION]


def test_doctor_reports_a_healthy_build_healthy(intact, monkeypatch, capsys):
    code, out, _ = _run(monkeypatch, capsys, intact.root, "doctor")
    assert code == 0 and "healthy: every file is as the build recorded it" in out

    code, out, _ = _run(monkeypatch, capsys, intact.root, "doctor", "--json")
    report = json.loads(out)
    assert code == 0 and report["healthy"]
    kinds = {f["kind"] for f in report["files"]}
    assert kinds >= {"manifest", "documents", "chunks", "embeddings", "shard", "all-meetings index", "bm25",
                     "program", "catalog", "sentence table"}


def test_doctor_as_a_command_exits_without_a_leak_report(intact):
    """doctor opens the DuckDB catalog; the exit path must not freeze its objects (nanobind would report them)."""
    import subprocess

    proc = subprocess.run([sys.executable, "-m", "fomc_qa", "doctor"], capture_output=True, text=True,
                          env={**os.environ, "FOMC_DATA_DIR": str(intact.root), "HF_HUB_OFFLINE": "1"})
    assert proc.returncode == 0 and "leaked" not in proc.stderr, proc.stderr


def test_a_partition_rematerialized_after_the_corpus_is_stale_not_damaged(intact, tmp_path, monkeypatch, capsys):
    import pyarrow.parquet as pq

    paths = copy_data(intact.root, tmp_path / "data")
    path = paths.partition_file("chunks", PARTITION)
    table = pq.read_table(path)
    pq.write_table(table.slice(0, table.num_rows - 1), path)  # a whole, newer file: a re-run changed it
    code, _, err = _run(monkeypatch, capsys, paths.root, QUESTION)
    assert code == 3 and "out of date" in err and "re-materialized after the corpus was built" in err
    assert "refresh the corpus" in err and "--select corpus" in err and "damaged" not in err
    code, out, _ = _run(monkeypatch, capsys, paths.root, "doctor", "--json")
    states = {f["path"]: f["state"] for f in json.loads(out)["files"]}
    assert code == 3 and states[f"warehouse/chunks/{PARTITION}.parquet"] == "stale"


def test_debug_shows_the_traceback(intact, tmp_path, monkeypatch, capsys):
    paths = copy_data(intact.root, tmp_path / "data")
    apply(Case("", "manifest", "garbage"), paths, PARTITION)
    monkeypatch.setenv("FOMC_QA_DEBUG", "1")
    code, _, err = _run(monkeypatch, capsys, paths.root, QUESTION)
    assert code == 3 and "Traceback" in err and "index/manifest.json" in err


def test_shard_fallback_searches_the_same_chunks(intact, tmp_path):
    """The meeting's dense hits through the index over all meetings equal its shard's."""
    import datetime as dt

    from fomc_qa.index.embed import get_encoder
    from fomc_qa.index.store import Corpus

    whole = Corpus(intact)
    paths = copy_data(intact.root, tmp_path / "data")
    paths.shard_file(PARTITION).unlink()
    fallback = Corpus(paths)
    assert fallback.damaged == [PARTITION]
    meeting = {dt.date.fromisoformat(PARTITION)}
    query = get_encoder(whole.manifest["model"]).encode(["the target range for the federal funds rate"])[0]
    want, got = whole.dense_search(query, 10, meeting), fallback.dense_search(query, 10, meeting)
    assert [r for r, _ in got] == [r for r, _ in want]
    assert [s for _, s in got] == pytest.approx([s for _, s in want], abs=2e-3)


def test_unknown_lm_exits_2_naming_the_model(intact, monkeypatch, capsys):
    code, _, err = _run(monkeypatch, capsys, intact.root, QUESTION, "--lm", "nonexistent/model-xyz")
    assert code == 2, err
    assert "nonexistent/model-xyz" in err and "Switching the LM" in err and "Traceback" not in err


def test_unforeseen_errors_are_one_line(intact, monkeypatch, capsys):
    import fomc_qa.answering.session as session

    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr(session.Session, "open", broken)
    code, _, err = _run(monkeypatch, capsys, intact.root, QUESTION)
    assert code == 1 and err.count("\n") == 1 and "KeyError" in err and "FOMC_QA_DEBUG=1" in err



def _failure(result) -> str:
    (event,) = [e for e in result.all_events if e.is_step_failure]
    return event.step_failure_data.user_failure_data.description


def test_a_full_disk_fails_the_partition_in_one_line_and_keeps_the_previous_file(built, tmp_path, monkeypatch):
    """ENOSPC inside the one atomic writer, half-way through the Parquet file."""
    import errno

    import dagster as dg
    import pyarrow.parquet as pq
    from conftest import resources_for

    from fomc_pipeline import definitions as d

    paths = copy_data(built[0], tmp_path / "data")
    target = paths.partition_file("embeddings", PARTITION)
    before = target.read_bytes()

    def full_disk(table, where, **kwargs):
        with open(where, "wb") as f:
            f.write(b"PAR1" + b"\0" * 1000)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pq, "write_table", full_disk)
    result = dg.materialize([d.embeddings], partition_key=PARTITION, instance=built[1],
                            resources=resources_for(paths.root, "http://127.0.0.1:9"), raise_on_error=False)
    assert not result.success
    assert _failure(result) == f"partition {PARTITION}: cannot write {target}: No space left on device"
    assert target.read_bytes() == before
    assert not [f for f in target.parent.iterdir() if f.name.startswith(".")]  # no temp file left


def test_a_full_embedding_cache_fails_the_partition_in_one_line(built, tmp_path, monkeypatch):
    """SQLite's 'database or disk is full' in the embedding cache, from a real page limit."""
    import sqlite3

    import dagster as dg
    from conftest import resources_for

    from fomc_pipeline import definitions as d
    from fomc_qa.index.embed import EmbeddingCache

    paths = copy_data(built[0], tmp_path / "data")
    target = paths.partition_file("embeddings", PARTITION)
    before = target.read_bytes()

    def tiny(self):
        db = sqlite3.connect(self.path, timeout=60)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {max(pages, 2)}")
        return db

    monkeypatch.setattr(EmbeddingCache, "_connect", tiny)
    result = dg.materialize([d.embeddings], partition_key=PARTITION, instance=built[1],
                            resources=resources_for(paths.root, "http://127.0.0.1:9"), raise_on_error=False)
    assert not result.success
    message = _failure(result)
    assert message.startswith(f"partition {PARTITION}: cannot write {paths.embed_cache}") and "full" in message
    assert "\n" not in message and target.read_bytes() == before


STATEMENT_PATH = "/newsevents/pressreleases/monetary20240131a.htm"


@pytest.fixture()
def fault_site():
    from conftest import SNAPSHOT
    from sites import serve

    with serve(SNAPSHOT) as site:
        yield site


def _fetch_faults():
    from conftest import SNAPSHOT
    from sites import fetch_faults

    return fetch_faults((SNAPSHOT / STATEMENT_PATH.lstrip("/")).stat().st_size)


@pytest.mark.parametrize("fault", _fetch_faults(), ids=lambda f: f.name)
def test_fetch_fault_is_retried_or_rejected_naming_the_url(fault, fault_site):
    """Through the loopback fault server: the page arrives after retries, or the fetch or the parser
    fails with its own error naming the URL; nothing else escapes."""
    from fomc_pipeline.fed.fetch import FedClient, FetchError
    from fomc_pipeline.fed.pages import PageParseError, parse_page

    fault_site.routes[STATEMENT_PATH] = fault.route
    with FedClient(fault_site.url, timeout_s=0.2, retries=2, backoff_s=0.01) as client:
        try:
            page = client.get_page(STATEMENT_PATH)
            clean = parse_page(page.text, "statement", page.url)
        except (FetchError, PageParseError) as exc:
            assert not fault.recovers, exc
            assert STATEMENT_PATH in str(exc)
            return
    assert fault.recovers and "federal funds rate" in clean.text
    assert fault_site.hits[STATEMENT_PATH] == 3


FUZZ = dict(max_examples=300, deadline=None, derandomize=True,
            suppress_health_check=list(__import__("hypothesis").HealthCheck))


def _page_property(kind):
    from hypothesis import given, settings
    from mutations import mutated

    from fomc_pipeline.fed.pages import PageParseError, parse_page

    @settings(**FUZZ)
    @given(mutated(kind))
    def check(example):
        rel, html = example
        try:
            page = parse_page(html, kind, rel)
        except PageParseError as exc:
            assert rel in str(exc)
            return
        assert page.text.strip() and page.title.strip()

    return check


def test_statement_parser_survives_mutated_pages():
    _page_property("statement")()


def test_minutes_parser_survives_mutated_pages():
    _page_property("minutes")()


def test_calendar_parser_survives_mutated_pages():
    import datetime as dt

    from hypothesis import given, settings
    from mutations import mutated

    from fomc_pipeline.fed.calendar import CalendarParseError, parse_calendar

    @settings(**FUZZ)
    @given(mutated("calendar"))
    def check(example):
        try:
            meetings = parse_calendar(example[1])
        except CalendarParseError:
            return
        assert meetings and all(isinstance(m.meeting_date, dt.date) for m in meetings)

    check()


BUILD_ONE = """
import sys
import dagster as dg
from conftest import resources_for
from fomc_pipeline import definitions as d
from fomc_pipeline.partitions import meetings
data, url, key = sys.argv[1:]
with dg.DagsterInstance.ephemeral() as instance:
    instance.add_dynamic_partitions(meetings.name, [key])
    dg.materialize(d.per_meeting_assets, partition_key=key, instance=instance, resources=resources_for(data, url))
"""


def test_kill_9_mid_partition_then_a_rebuild_under_concurrent_readers(built, snapshot_url, tmp_path):
    """A partition build killed once its chunks are rewritten leaves no half-written file and a corpus
    that still answers; the rebuild, while another thread keeps opening and searching the corpus,
    gives the same chunk ids and text, and the readers see no error."""
    import os
    import shutil
    import signal
    import subprocess
    import sys
    import threading
    import time
    from pathlib import Path

    import dagster as dg
    import pyarrow.parquet as pq
    from conftest import resources_for
    from faults import half_written

    from fomc_pipeline import definitions as d
    from fomc_qa.index.store import Corpus

    paths = copy_data(built[0], tmp_path / "data")
    shutil.copytree(built[0] / "cache", paths.root / "cache")  # the rebuild embeds from the cache, as a re-run does
    chunks = paths.partition_file("chunks", PARTITION)

    def ids_and_text():
        t = pq.read_table(chunks, columns=["chunk_id", "text"])
        return t.column("chunk_id").to_pylist(), t.column("text").to_pylist()

    want, before = ids_and_text(), chunks.stat().st_mtime_ns
    tests = str(Path(__file__).parent)
    proc = subprocess.Popen([sys.executable, "-c", BUILD_ONE, str(paths.root), snapshot_url, PARTITION], cwd=tests,
                            env={**os.environ, "PYTHONPATH": tests}, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 240
    while chunks.stat().st_mtime_ns == before and proc.poll() is None and time.time() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the build ended before its chunks were rewritten"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert half_written(paths.root) == []
    assert Corpus(paths).lexical_search("federal funds rate", 3)  # answers still served

    stop, seen, errors = threading.Event(), [], []

    def read():
        while not stop.is_set():
            try:
                corpus = Corpus(paths)
                seen.append(len(corpus.lexical_search("federal funds rate", 3)))
                time.sleep(0.05)
            except Exception as exc:  # what the test counts: any failure a reader sees
                errors.append(exc)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        result = dg.materialize(d.per_meeting_assets, partition_key=PARTITION, instance=built[1],
                                resources=resources_for(paths.root, snapshot_url))
        result2 = dg.materialize([d.corpus], instance=built[1], resources=resources_for(paths.root, snapshot_url))
    finally:
        stop.set()
        reader.join()
    assert result.success and result2.success
    assert ids_and_text() == want
    assert half_written(paths.root) == []
    assert seen and not errors, errors[:3]
