"""The HTTP API under load: 200 answer requests, 8 at a time, to a real `python -m fomc_qa serve` on
loopback, against the library's own warm answer time measured in this process, interleaved with
the server's one-at-a-time answers so both see the same load.

    python benchmarks/serve.py [--requests 200] [--concurrency 8] [--port 8765]

Reports p50/p95 latency, throughput and errors (also one request at a time, the like-for-like
comparison with the library), and the server-side answer time (`total_ms`) under load. Writes
data/reports/serve_benchmark.json and .md (under FOMC_DATA_DIR) and prints the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from answer import QUESTIONS  # noqa: E402  (the answer benchmark's questions: the same mix)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def library_session():
    """A warm answer through the library in this process: the baseline."""
    from fomc_qa.answering.program import answer_question
    from fomc_qa.answering.session import Session
    from fomc_qa.config import Settings

    session = Session.open(Settings.from_env())
    return lambda q: answer_question(session.program, q, session.lm)


def start_server(port: int, log: Path) -> subprocess.Popen:
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "fomc_qa", "serve", "--port", str(port)], env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.5)
    proc.terminate()
    raise SystemExit("the server did not answer /healthz within 180 s")


def ask(client: httpx.Client, question: str) -> tuple[float, int, float | None]:
    """(latency s, status, server-side total_ms); status 0 for a transport error."""
    t = time.perf_counter()
    try:
        r = client.post("/v1/answer", json={"question": question, "k": 5})
    except httpx.HTTPError:
        return time.perf_counter() - t, 0, None
    latency = time.perf_counter() - t
    total = r.json()["answer"]["total_ms"] if r.status_code == 200 else None
    return latency, r.status_code, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--library-runs", type=int, default=3, help="interleaved library/server rounds")
    args = parser.parse_args(argv)
    os.environ.setdefault("FOMC_DATA_DIR", str(REPO / "data"))
    from fomc_qa.config import Settings
    from fomc_qa.index.tables import atomic_write_bytes

    paths = Settings.from_env().paths
    load_before = os.getloadavg()[0]
    library_answer = library_session()
    paths.reports.mkdir(parents=True, exist_ok=True)
    proc = start_server(args.port, paths.report("serve_benchmark.log"))
    try:
        base = f"http://127.0.0.1:{args.port}"
        with httpx.Client(base_url=base, timeout=600) as client:
            for q in QUESTIONS:  # warm-up: the first answer of each kind, both ways
                library_answer(q)
                ask(client, q)
            # Library and server one at a time, interleaved, so both see the same load on a shared machine.
            library, sequential = [], []
            for _ in range(args.library_runs):
                for q in QUESTIONS:
                    t = time.perf_counter()
                    library_answer(q)
                    library.append(time.perf_counter() - t)
                    sequential.append(ask(client, q))
        clients = [httpx.Client(base_url=base, timeout=600) for _ in range(args.concurrency)]
        jobs = [(clients[i % args.concurrency], QUESTIONS[i % len(QUESTIONS)]) for i in range(args.requests)]
        started = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as pool:
            loaded = list(pool.map(lambda job: ask(*job), jobs))
        wall = time.perf_counter() - started
        for c in clients:
            c.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)

    ok = [r for r in loaded if r[1] == 200]
    lib_p50 = statistics.median(library)
    seq_p50 = statistics.median(r[0] for r in sequential)
    load_p50 = pct([r[0] for r in ok], 0.5) if ok else float("nan")
    server_p50 = statistics.median(r[2] / 1000 for r in ok) if ok else float("nan")
    figures = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{os.cpu_count()} cores, shared",
        "load_average_1m_at_start_and_end": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "questions": QUESTIONS,
        "library_warm_answer_s": {"p50": round(lib_p50, 3), "p95": round(pct(library, 0.95), 3), "n": len(library)},
        "server_one_at_a_time_s": {"p50": round(seq_p50, 3), "p95": round(pct([r[0] for r in sequential], 0.95), 3),
                                   "n": len(sequential), "p50_vs_library": round(seq_p50 / lib_p50, 2)},
        "server_under_load_s": {
            "requests": args.requests, "concurrency": args.concurrency, "errors": len(loaded) - len(ok),
            "p50": round(load_p50, 3), "p95": round(pct([r[0] for r in ok], 0.95), 3) if ok else None,
            "throughput_per_s": round(len(ok) / wall, 2), "wall_s": round(wall, 1),
            "server_side_answer_p50": round(server_p50, 3), "server_side_vs_library": round(server_p50 / lib_p50, 2),
        },
    }
    text = json.dumps(figures, indent=2)
    atomic_write_bytes(paths.report("serve_benchmark.json"), (text + "\n").encode())
    load = figures["server_under_load_s"]
    md = "\n".join([
        f"# HTTP API load ({figures['date']}, {figures['machine']}, load average "
        f"{figures['load_average_1m_at_start_and_end']})", "",
        "| what | p50 | p95 | other |", "|---|---|---|---|",
        f"| library, warm, in process | {lib_p50:.3f} s | {figures['library_warm_answer_s']['p95']:.3f} s | "
        f"{len(library)} answers |",
        f"| server, one request at a time | {seq_p50:.3f} s | {figures['server_one_at_a_time_s']['p95']:.3f} s | "
        f"{figures['server_one_at_a_time_s']['p50_vs_library']}x the library |",
        f"| server, {args.requests} requests {args.concurrency} at a time | {load['p50']:.3f} s | {load['p95']} s | "
        f"{load['throughput_per_s']}/s, {load['errors']} errors, server-side answer p50 "
        f"{load['server_side_answer_p50']:.3f} s ({load['server_side_vs_library']}x the library) |", ""])
    atomic_write_bytes(paths.report("serve_benchmark.md"), md.encode())
    print(text)
    return 0 if load["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
