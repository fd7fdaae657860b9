"""Retrieval ablation and speed on the materialized corpus (run the main job first).

    python benchmarks/retrieval.py [--split dev] [--repeats 3]

Evaluates dense only, BM25 only and fused retrieval, each with and without the date filter, plus
the other switches of RetrievalConfig, on one split of the golden set; then times warm queries
(p50/p95 over every golden question, `--repeats` times) and embedding throughput. Writes
data/reports/retrieval_ablation.{md,json} and prints the table.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict
from pathlib import Path

from fomc_qa.answering.session import open_retriever
from fomc_qa.config import Settings
from fomc_qa.evaluation.golden import load_golden, split_questions
from fomc_qa.evaluation.report import evaluate_retrieval
from fomc_qa.index.tables import atomic_write
from fomc_qa.retrieval.retrieve import RetrievalConfig, Retriever

# Each step adds one switch of RetrievalConfig to the one before; the last step is what ships.
_BASE = dict(expand_jargon=False, interleave_meetings=False, per_document=0, section_filter=False)
VARIANTS = {
    "dense only, no date filter": RetrievalConfig(**{**_BASE, "lexical": False, "date_filter": False}),
    "dense only + date filter": RetrievalConfig(**{**_BASE, "lexical": False}),
    "BM25 only, no date filter": RetrievalConfig(**{**_BASE, "dense": False, "date_filter": False}),
    "BM25 only + date filter": RetrievalConfig(**{**_BASE, "dense": False}),
    "fused (RRF), no date filter": RetrievalConfig(**{**_BASE, "date_filter": False}),
    "fused (RRF) + date filter": RetrievalConfig(**_BASE),
    "+ per-document cap 2": RetrievalConfig(**{**_BASE, "per_document": 2}),
    "+ meeting interleave": RetrievalConfig(expand_jargon=False, section_filter=False),
    "+ jargon expansion": RetrievalConfig(section_filter=False),
    "+ named minutes section first (shipped)": RetrievalConfig(),
    "shipped, convex fusion instead of RRF": RetrievalConfig(fusion="convex"),
}
METRICS = ["hit_rate@5", "recall@5", "mrr", "ndcg@5", "chunk_text_recall@5", "chunk_text_recall@10"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="dev", choices=["train", "dev", "all"])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    questions = load_golden(settings.paths.golden)
    if args.split != "all":
        questions = split_questions(questions, args.split)
    base = open_retriever(settings)

    rows = []
    for name, config in VARIANTS.items():
        overall = evaluate_retrieval(questions, Retriever(base.corpus, base.embedder, config).search)["overall"]
        rows.append({"variant": name, **{m: round(float(overall[m]), 3) for m in METRICS}, "config": asdict(config)})
        print(f"{name:40s} " + "  ".join(f"{m}={overall[m]:.3f}" for m in METRICS), flush=True)

    texts = [q.question for q in questions]
    for q in texts[:5]:
        base.search(q, 5)  # warm caches and code paths
    latencies = []
    for _ in range(args.repeats):
        for q in texts:
            t0 = time.perf_counter()
            base.search(q, 5)
            latencies.append((time.perf_counter() - t0) * 1000)
    chunks = base.corpus.table.text[:256]
    t0 = time.perf_counter()
    base.embedder.encode([f"x {c}" for c in chunks])  # fresh strings: no cache anywhere
    throughput = len(chunks) / (time.perf_counter() - t0)
    speed = {
        "queries": len(latencies),
        "corpus_chunks": len(base.corpus.table),
        "p50_ms": round(statistics.median(latencies), 2),
        "p95_ms": round(percentile(latencies, 0.95), 2),
        "max_ms": round(max(latencies), 2),
        "embed_chunks_per_s": round(throughput, 1),
    }
    print(f"warm search over {speed['corpus_chunks']} chunks: p50 {speed['p50_ms']} ms, p95 {speed['p95_ms']} ms "
          f"({speed['queries']} queries); embedding {speed['embed_chunks_per_s']} chunks/s", flush=True)

    out = settings.paths.reports
    report = {"split": args.split, "questions": len(questions), "variants": rows, "speed": speed}
    atomic_write(out / "retrieval_ablation.json", lambda tmp: Path(tmp).write_text(json.dumps(report, indent=2)))
    lines = [f"# Retrieval ablation ({args.split} split, {len(questions)} questions)", "",
             "| variant | " + " | ".join(METRICS) + " |", "|---|" + "---|" * len(METRICS)]
    lines += [f"| {r['variant']} | " + " | ".join(f"{r[m]:.3f}" for m in METRICS) + " |" for r in rows]
    lines += ["", f"Warm search latency over {speed['corpus_chunks']} chunks: p50 {speed['p50_ms']} ms, "
              f"p95 {speed['p95_ms']} ms ({speed['queries']} queries). "
              f"Embedding: {speed['embed_chunks_per_s']} chunks/s."]
    atomic_write(out / "retrieval_ablation.md", lambda tmp: Path(tmp).write_text("\n".join(lines) + "\n"))
    print(f"wrote {out / 'retrieval_ablation.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
