"""Answer latency: cold start to printed answer (a fresh `python -m fomc_qa` process), with import
and model-load time reported separately (and whether torch or DSPy was imported), and warm answers
in one process.

    python benchmarks/answer.py [--runs 3]

Writes data/reports/answer_benchmark.json and prints the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

QUESTIONS = [
    "What did the FOMC decide about the federal funds rate at its March 15, 2020 meeting?",
    "Why did the Committee start reducing its balance sheet in 2022?",
    "How did the staff see the risks to inflation in the September 2025 minutes?",
    "Who dissented at the July 2025 meeting?",
    "What is the price of Bitcoin?",
]

PROBE = """
import time, json, sys
t0 = time.perf_counter()
from fomc_qa.config import Settings
from fomc_qa.answering.session import Session
t1 = time.perf_counter()
session = Session.open(Settings.from_env())
session.retriever.embedder.encode(["warm"])
t2 = time.perf_counter()
session.answer({q!r})
t3 = time.perf_counter()
heavy = sorted({{m.split(".")[0] for m in sys.modules}} & {{"torch", "sentence_transformers", "dspy", "litellm"}})
print(json.dumps({{"import_s": t1 - t0, "open_s": t2 - t1, "first_answer_s": t3 - t2, "heavy_imports": heavy}}))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    cold, stages = [], []
    for _ in range(args.runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "fomc_qa", QUESTIONS[0]], env=env, check=True, capture_output=True)
        cold.append(time.perf_counter() - t)
        out = subprocess.run([sys.executable, "-c", PROBE.format(q=QUESTIONS[0])], env=env, check=True,
                             capture_output=True, text=True).stdout
        stages.append(json.loads(out.strip().splitlines()[-1]))

    from fomc_qa.answering.session import Session
    from fomc_qa.config import Settings
    from fomc_qa.index.tables import atomic_write_bytes

    settings = Settings.from_env()
    session = Session.open(settings)
    for q in QUESTIONS:
        session.answer(q)
    warm = []
    for _ in range(args.runs):
        for q in QUESTIONS:
            t = time.perf_counter()
            session.answer(q)
            warm.append(time.perf_counter() - t)
    figures = {
        "cold_start_to_answer_s": {
            "median": round(statistics.median(cold), 2), "max": round(max(cold), 2), "runs": len(cold),
        },
        "cold_stages_s": {k: round(statistics.median(s[k] for s in stages), 2) for k in stages[0] if k.endswith("_s")},
        "cold_heavy_imports": stages[0]["heavy_imports"],
        "warm_answer_s": {
            "median": round(statistics.median(warm), 3), "max": round(max(warm), 3), "answers": len(warm),
        },
        "lm": session.lm_name,
    }
    print(json.dumps(figures, indent=2))
    out = settings.paths.report("answer_benchmark.json")
    atomic_write_bytes(out, json.dumps(figures, indent=2).encode())
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
