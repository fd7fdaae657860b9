"""The fault matrix of issue 16 on a built data dir, with today's figures: fetch faults through a
loopback fault server, mutated and truncated pages through the parsers, the damaged-file matrix
through the CLI, kill -9 of a partition build then a rebuild, a full disk while writing a partition
and the embedding cache, concurrent readers during a rebuild, cold answers at once, bad CLI inputs.

    FOMC_DATA_DIR=/path/to/built/data python benchmarks/faults.py [--meeting 2025-12-10]

Works on copies: the data dir itself is only read. Prints the table and writes data/reports/faults.md.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from faults import HOWS, ISSUE_CASES, KINDS, Case, apply, copy_data, half_written  # noqa: E402
from mutations import mutated  # noqa: E402
from sites import fetch_faults, serve  # noqa: E402

from fomc_qa.config import DataPaths, Settings  # noqa: E402

SNAPSHOT = REPO / "data" / "snapshot" / "www.federalreserve.gov"
QUESTION = "What did the FOMC decide in December 2025?"
PER_MEETING = "raw_pages,documents,chunks,embeddings,index_shard,meeting_record"
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}


def cli(root: Path, *args: str, extra_env: dict | None = None) -> subprocess.CompletedProcess:
    env = {**ENV, "FOMC_DATA_DIR": str(root), **(extra_env or {})}
    return subprocess.run([sys.executable, "-m", "fomc_qa", *args], env=env, capture_output=True, text=True)


def tracebacks(*texts: str) -> int:
    return sum(t.count("Traceback (most recent call last)") for t in texts)


def fetch_row() -> tuple[str, str, int]:
    from fomc_pipeline.fed.fetch import FedClient, FetchError
    from fomc_pipeline.fed.pages import PageParseError, parse_page

    path = "/newsevents/pressreleases/monetary20240131a.htm"
    faults = fetch_faults((SNAPSHOT / path.lstrip("/")).stat().st_size)
    good = 0
    for fault in faults:
        with serve(SNAPSHOT) as site:
            site.routes[path] = fault.route
            with FedClient(site.url, timeout_s=0.2, retries=2, backoff_s=0.05) as client:
                try:
                    page = client.get_page(path)
                    parse_page(page.text, "statement", page.url)
                    good += fault.recovers
                except (FetchError, PageParseError) as exc:
                    good += (not fault.recovers) and path in str(exc)
    names = ", ".join(f.name for f in faults)
    return (f"fetch faults: {names}", f"{good} of {len(faults)} retried with backoff or rejected with an error "
            "naming the URL", 0)


def fuzz_row(examples: int) -> tuple[str, str, int]:
    from hypothesis import HealthCheck, given, settings

    from fomc_pipeline.fed.calendar import CalendarParseError, parse_calendar
    from fomc_pipeline.fed.pages import PageParseError, parse_page

    counts = {"parsed": 0, "rejected": 0, "crashed": 0}
    crashes: list[tuple[str, str, str, str]] = []

    def run(kind: str) -> None:
        @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(mutated(kind))
        def check(example):
            rel, html = example
            try:
                parse_calendar(html) if kind == "calendar" else parse_page(html, kind, rel)
                counts["parsed"] += 1
            except (PageParseError, CalendarParseError):
                counts["rejected"] += 1
            except Exception as exc:  # what the matrix counts: anything but the parsers' own errors
                counts["crashed"] += 1
                crashes.append((kind, rel, f"{type(exc).__name__}: {exc}", html))

        check()

    for kind in ("statement", "minutes", "calendar"):
        run(kind)
    total = sum(counts.values())
    kept = ""
    if crashes:  # each crashing page kept, to reproduce: python -c "parse_page(open(f).read(), kind, rel)"
        where = Path(tempfile.mkdtemp(prefix="fomc-fuzz-crashes-"))
        for i, (kind, rel, error, html) in enumerate(crashes):
            (where / f"{i}-{kind}.htm").write_text(html, errors="surrogateescape")
            (where / f"{i}-{kind}.txt").write_text(f"{rel}\n{error}\n")
        kept = f"; first: {crashes[0][0]} {crashes[0][1]}: {crashes[0][2][:120]} (pages kept in {where})"
    return (f"{total} mutated statement, minutes and calendar pages (hypothesis, {examples} per parser) "
            "through the parsers", f"{counts['crashed']} crashes: {counts['parsed']} parsed, {counts['rejected']} "
            f"rejected with the parsers' own errors{kept}", counts["crashed"])


def truncation_row(cuts: int) -> tuple[str, str, int]:
    from fomc_pipeline.fed.pages import PageParseError, parse_page

    rng = random.Random(16)
    pages = sorted(SNAPSHOT.glob("newsevents/pressreleases/monetary*a.htm")) + sorted(
        SNAPSHOT.glob("monetarypolicy/fomcminutes*.htm"))
    rejected = other = 0
    for page in pages:
        html = page.read_text()
        kind = "minutes" if "minutes" in page.name else "statement"
        for _ in range(cuts):
            try:
                parse_page(html[: rng.randint(0, len(html) - 200)], kind, page.name)
                other += 1
            except PageParseError:
                rejected += 1
    n = rejected + other
    return (f"{n} statement and minutes pages cut at random points", f"{rejected} rejected as truncated"
            + (f", {other} parsed" if other else ""), 0)


def damaged_rows(src: Path, meeting: str, work: Path) -> tuple[list[tuple[str, str, int]], int]:
    """The issue's 15 cases through the CLI, and doctor on each."""
    intact = cli(src, QUESTION, "--json")
    want = [c["chunk_id"] for c in json.loads(intact.stdout)["citations"]]
    rows, bad = [], 0
    for i, case in enumerate(ISSUE_CASES):
        paths = copy_data(src, work / f"case{i}")
        named = apply(case, paths, meeting)
        answer = cli(paths.root, QUESTION, "--json")
        doctor = cli(paths.root, "doctor", "--json")
        tb = tracebacks(answer.stderr, doctor.stderr)
        report = json.loads(doctor.stdout) if doctor.stdout.strip() else {}
        unhealthy = {f["path"] for f in report.get("files", []) if f["state"] != "ok"}
        rel = named.relative_to(paths.root).as_posix() if paths.root in named.parents else ""
        doctor_names = (rel in unhealthy or any(p.startswith(rel + "/") for p in unhealthy)) if rel else None
        if answer.returncode == 0:
            same = [c["chunk_id"] for c in json.loads(answer.stdout)["citations"]] == want
            outcome = "same answer" if same else "DIFFERENT answer"
            ok = same and case.same_answer
        else:
            first = answer.stderr.strip().splitlines()
            named_in_err = (bool(rel) and (rel in answer.stderr or str(named) in answer.stderr)
                            or case.kind == "no index")
            outcome = f"exit {answer.returncode}" + (", names the file and fix" if named_in_err and (
                "fix:" in answer.stderr or "run the pipeline" in answer.stderr) else f": {first[-1][:80]}")
            ok = answer.returncode == 3 and named_in_err and not case.same_answer
        doc = ("doctor names it" if doctor_names else "doctor MISSES it") if doctor_names is not None else (
            "doctor: healthy" if doctor.returncode == 0 else f"doctor exit {doctor.returncode}")
        bad += (not ok) + tb
        rows.append((f"damaged: {case.name}", f"{outcome}; {doc}; {tb} tracebacks", int(not ok) + tb))
    return rows, bad


def matrix_row(src: Path, meeting: str, work: Path) -> tuple[str, str, int]:
    """Each file kind x missing, truncated, garbage, through doctor's check (in this process: the CLI
    around it is exercised by the 15 cases above)."""
    from fomc_qa.answering.session import program_path
    from fomc_qa.index.integrity import diagnose

    named_count = total = 0
    for kind in KINDS:
        for how in HOWS:
            paths = copy_data(src, work / f"{kind}-{how}".replace(" ", "_"))
            named = apply(Case("", kind, how), paths, meeting)
            diagnosis = diagnose(paths, program_path(paths))
            unhealthy = {f.path for f in diagnosis.problems}
            rel = named.relative_to(paths.root).as_posix()
            total += 1
            named_count += not diagnosis.healthy and (rel in unhealthy or any(p.startswith(rel) for p in unhealthy))
            shutil.rmtree(paths.root)
    return (f"doctor on {len(KINDS)} file kinds x missing, truncated, garbage",
            f"{named_count} of {total} unhealthy, naming the damaged file", total - named_count)


def _dagster(select: str, partition: str | None) -> list[str]:
    """The rebuild command doctor names (the code location's executor runs it in one process)."""
    cmd = [str(Path(sys.executable).with_name("dagster")), "asset", "materialize", "-m", "fomc_pipeline.definitions",
           "--select", select]
    return cmd + (["--partition", partition] if partition else [])


def _env(root: Path, url: str) -> dict:
    return {**ENV, "FOMC_DATA_DIR": str(root), "DAGSTER_HOME": str(root / "dagster_home"), "FOMC_SOURCE_URL": url}


def _chunks_of(paths: DataPaths, key: str) -> list[tuple[str, str]]:
    import pyarrow.parquet as pq

    t = pq.read_table(paths.partition_file("chunks", key), columns=["chunk_id", "text"])
    return list(zip(t.column("chunk_id").to_pylist(), t.column("text").to_pylist(), strict=True))


def kill_row(src: Path, meeting: str, work: Path, url: str) -> tuple[str, str, int]:
    root = work / "kill"
    shutil.copytree(src, root, symlinks=True, ignore=shutil.ignore_patterns("snapshot"))
    paths = DataPaths(root)
    want = _chunks_of(paths, meeting)
    half, served, killed_at = 0, 0, []
    for wait_for in ("raw_pages", "chunks"):  # kill once each of these files is rewritten: mid-partition
        target = paths.partition_file(wait_for, meeting)
        before = target.stat().st_mtime_ns
        proc = subprocess.Popen(_dagster(PER_MEETING, meeting), env=_env(root, url),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        t0 = time.perf_counter()
        while target.stat().st_mtime_ns == before and proc.poll() is None and time.perf_counter() - t0 < 300:
            time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        killed_at.append(f"{time.perf_counter() - t0:.0f} s")
        half += len(half_written(root))
        served += cli(root, "search", "balance sheet runoff in 2022", "--k", "3").returncode == 0
    rebuild = subprocess.run(_dagster(PER_MEETING, meeting), env=_env(root, url), capture_output=True,
                             text=True)
    same = rebuild.returncode == 0 and _chunks_of(paths, meeting) == want
    bad = half + (not same) + (2 - served)
    return (f"kill -9 of a partition rebuild ({meeting}) once it rewrote its raw pages, once its chunks "
            f"(at {', '.join(killed_at)})",
            f"{half} files left half-written, answers still served {served} of 2 times, the rebuild gives "
            f"{'the same' if same else 'DIFFERENT'} {len(want)} chunks (ids and text)", bad)


def full_disk_row(src: Path, meeting: str, work: Path) -> tuple[str, str, int]:
    """ENOSPC in the atomic writer (half a Parquet file written) and SQLITE_FULL in the embedding cache,
    injected in-process; then the same partition rebuilt without the fault."""
    import errno
    import sqlite3

    import dagster as dg
    import numpy as np
    import pyarrow.parquet as pq

    from fomc_pipeline import definitions as d
    from fomc_pipeline.partitions import meetings
    from fomc_pipeline.resources import Embedder, LanguageModel, Storage
    from fomc_qa.index.embed import EmbeddingCache

    paths = copy_data(src, work / "full")
    target = paths.partition_file("embeddings", meeting)
    before = target.read_bytes()
    resources = {"storage": Storage(data_dir=str(paths.root)), "embedder": Embedder(), "lm": LanguageModel()}
    real_write, real_connect = pq.write_table, EmbeddingCache._connect

    def full_disk(table, where, **kwargs):
        Path(where).write_bytes(b"PAR1" + b"\0" * 4096)
        raise OSError(errno.ENOSPC, "No space left on device")

    def tiny(self):
        db = sqlite3.connect(self.path, timeout=60)
        db.execute(f"PRAGMA max_page_count = {max(db.execute('PRAGMA page_count').fetchone()[0], 2)}")
        return db

    lines, kept = [], 0
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(meetings.name, [meeting])
        for patch in ("writer", "cache"):
            if patch == "writer":
                pq.write_table = full_disk
            else:  # an empty cache, so the partition's vectors must be inserted into it
                shutil.rmtree(paths.embed_cache, ignore_errors=True)
                EmbeddingCache._connect = tiny
            try:
                result = dg.materialize([d.embeddings], partition_key=meeting, instance=instance, resources=resources,
                                        raise_on_error=False)
            finally:
                pq.write_table, EmbeddingCache._connect = real_write, real_connect
            (failure,) = [e for e in result.all_events if e.is_step_failure]
            lines.append(failure.step_failure_data.user_failure_data.description)
            kept += target.read_bytes() == before
        result = dg.materialize([d.embeddings], partition_key=meeting, instance=instance, resources=resources)
    # The cache was emptied, so the rebuild embeds this meeting's chunks again, in batches of its own: the
    # build embedded them beside other meetings' chunks, and padding to another length moves float32
    # results in the last bits. The same chunk ids in the same order, and vectors within 1e-5, are the test.
    old_t, new_t = pq.read_table(io.BytesIO(before)), pq.read_table(target)
    same_ids = result.success and old_t.column("chunk_id").to_pylist() == new_t.column("chunk_id").to_pylist()
    diff = max((float(abs(np.asarray(a, dtype=np.float32) - np.asarray(b, dtype=np.float32)).max())
                for a, b in zip(old_t.column("vector").to_pylist(), new_t.column("vector").to_pylist(), strict=True)),
               default=0.0) if same_ids else float("inf")
    same = same_ids and diff <= 1e-5
    one_line = sum("\n" not in line and "cannot write" in line for line in lines)
    half = len(half_written(paths.root))
    return ("ENOSPC while writing a partition; database or disk is full in the embedding cache (injected)",
            f"{one_line} of 2 fail the partition in one line ({lines[0]!r}); previous file kept {kept} of 2; "
            f"{half} half-written files; the rebuild after: {'the same' if same_ids else 'DIFFERENT'} "
            f"{new_t.num_rows} chunk ids, vectors within {diff:.1e} of the build's",
            (2 - one_line) + (2 - kept) + half + (not same))


READER = """
import sys, time
from pathlib import Path
from fomc_qa.config import Settings
from fomc_qa.answering.session import open_retriever
stop, ok, errors = Path(sys.argv[1]), 0, []
while not stop.exists():
    try:
        open_retriever(Settings.from_env()).search("What did the FOMC decide in December 2025?", 5)
        ok += 1
    except Exception as exc:
        errors.append(type(exc).__name__ + ": " + str(exc).splitlines()[0][:100])
print(ok, len(errors), errors[:3])
"""


def concurrency_row(src: Path, work: Path, url: str, meetings: list[str]) -> tuple[str, str, int]:
    """Searches in a loop in a second process (each opens the corpus afresh) while meetings and the
    corpus are rebuilt in the same data directory."""
    root = work / "concurrent"
    shutil.copytree(src, root, symlinks=True, ignore=shutil.ignore_patterns("snapshot"))
    env = _env(root, url)
    stop = work / "stop-readers"
    reader = subprocess.Popen([sys.executable, "-c", READER, str(stop)], env=env, stdout=subprocess.PIPE, text=True)
    for m in meetings:
        subprocess.run(_dagster(PER_MEETING, m), env=env, capture_output=True, check=True)
    subprocess.run(_dagster("corpus", None), env=env, capture_output=True, check=True)
    stop.touch()
    out, _ = reader.communicate()
    ok, errors, sample = out.strip().split(" ", 2)
    return (f"searches in a second process while {len(meetings)} meetings and the corpus are rebuilt in the same "
            "data directory", f"{int(ok) + int(errors)} searches, {errors} errors" + (
                f" ({sample})" if int(errors) else ""), int(errors))


def cold_answers_row(src: Path, n: int) -> tuple[str, str, int]:
    env = {**ENV, "FOMC_DATA_DIR": str(src)}
    procs = [subprocess.Popen([sys.executable, "-m", "fomc_qa", QUESTION, "--json"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(n)]
    outs = [p.communicate() for p in procs]
    answers = {json.loads(o)["answer"] for (o, _), p in zip(outs, procs, strict=True) if p.returncode == 0}
    ok = sum(p.returncode == 0 for p in procs)
    same = "the same answer" if len(answers) == 1 else f"{len(answers)} different answers"
    return f"{n} cold CLI answers at once", f"{ok} of {n} succeed with {same}", (n - ok) + (len(answers) != 1)


def bad_input_row(src: Path, work: Path) -> tuple[str, str, int]:
    work.mkdir(parents=True, exist_ok=True)
    bad_golden = work / "bad.json"
    bad_golden.write_text("{not json")
    cases = [[""], ["x" * 2001], ["what\x01 did\x07 they do"], [QUESTION, "--k", "0"], [QUESTION, "--k", "-3"],
             [QUESTION, "--k", str(10**8)], [QUESTION, "--k", "abc"], ["eval", "--golden", str(work / "none.json")],
             ["eval", "--golden", str(bad_golden)], ["search", ""], ["timeline", "--from", "2022-13"],
             ["--lm", "nonexistent/model-xyz", QUESTION]]
    good = tb = 0
    for args in cases:
        r = cli(src, *args)
        tb += tracebacks(r.stderr)
        good += (r.returncode == 2 and "error:" in r.stderr) or r.returncode == 0
    env = {**ENV, "FOMC_DATA_DIR": str(src)}
    r = subprocess.run([sys.executable.encode(), b"-m", b"fomc_qa", b"bad \xff\xfe utf-8"], env=env,
                       capture_output=True)
    tb += tracebacks(r.stderr.decode(errors="replace"))
    good += r.returncode in (0, 2)
    n = len(cases) + 1
    return (f"{n} bad CLI inputs (empty, 2,001 characters, control bytes, invalid UTF-8, --k 0, -3, 10^8, abc, "
            "missing or malformed golden files, a bad month, an unknown LM)",
            f"{good} get exit 2 with a clear message or a normal answer; {tb} tracebacks", (n - good) + tb)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--meeting", default="2025-12-10", help="the meeting whose files are damaged and killed")
    parser.add_argument("--examples", type=int, default=400, help="mutated pages per parser")
    parser.add_argument("--skip", nargs="*", default=[], help="rows not to run this time (e.g. 'kill -9')")
    args = parser.parse_args(argv)
    from fomc_pipeline.fed.snapshot_server import serve_snapshot
    from fomc_qa.index.tables import atomic_write_bytes
    from fomc_qa.text.markdown import markdown_table

    src = Settings.from_env().data_dir
    rows: list[tuple[str, str, int]] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="fomc-faults-") as tmp, serve_snapshot(SNAPSHOT) as url:
        work = Path(tmp)
        steps = [
            ("fetch faults", lambda: [fetch_row()]),
            ("fuzzing", lambda: [fuzz_row(args.examples)]),
            ("truncated pages", lambda: [truncation_row(5)]),
            ("full disk", lambda: [full_disk_row(src, args.meeting, work)]),
            ("damaged files", lambda: damaged_rows(src, args.meeting, work / "damaged")[0]),
            ("kill -9", lambda: [kill_row(src, args.meeting, work, url)]),
            ("concurrent readers", lambda: [concurrency_row(src, work, url, ["2025-10-29", args.meeting])]),
            ("doctor matrix", lambda: [matrix_row(src, args.meeting, work / "matrix")]),
            ("cold answers", lambda: [cold_answers_row(src, 8)]),
            ("bad inputs", lambda: [bad_input_row(src, work / "inputs")]),
        ]
        for name, step in steps:
            if name in args.skip:
                continue
            t0 = time.perf_counter()
            try:
                with contextlib.redirect_stderr(io.StringIO()):
                    new = step()
            except Exception as exc:  # a row that cannot be measured is a failed row, shown as such
                new = [(name, f"NOT MEASURED: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}", 1)]
            rows += new
            for attack, result, _ in new:
                print(f"{attack}: {result} ({time.perf_counter() - t0:.0f} s)", flush=True)
    failures = sum(r[2] for r in rows)
    today = dt.date.today().isoformat()
    table = markdown_table(["attack", f"result ({today})"], [(a, r) for a, r, _ in rows])
    text = "\n".join([f"# Fault matrix ({today}, data dir {src})", "", *table, "",
                      f"{failures} rows short of the expected outcome; {time.perf_counter() - started:.0f} s", ""])
    print("\n" + text)
    atomic_write_bytes(DataPaths(src).report("faults.md"), text.encode())
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
