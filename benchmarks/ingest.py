"""Ingestion speed against the build's physical limit: fetch + clean + chunk over the bundled snapshot
(served on loopback), then embedding every chunk and every quotable sentence once with the pipeline's
encoder (the limit: a build can be no faster than this; the sentences are the reader's table,
`reader_sentences`), and optionally the whole snapshot build into a scratch data dir, each
step reported as a share of that embedding time.

    python benchmarks/ingest.py [--build] [--no-embed]

Writes data/reports/ingest_benchmark.json and prints the figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fomc_pipeline.fed.chunking import chunk_document
from fomc_pipeline.fed.fetch import FedClient
from fomc_pipeline.fed.ingestion import build_document, fetch_meeting_pages, fetch_meetings
from fomc_pipeline.fed.snapshot_server import serve_snapshot
from fomc_qa.config import Settings
from fomc_qa.index.embed import get_encoder
from fomc_qa.index.sentence_vectors import corpus_sentences
from fomc_qa.index.tables import atomic_write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="store_true", help="also time a full snapshot build in a scratch dir")
    parser.add_argument("--no-embed", action="store_true", help="skip timing the embedding of every chunk")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    provider = get_encoder(settings.embed_model, runtime="torch")  # loaded before timing, as a build loads it once
    figures: dict = {}
    with serve_snapshot(settings.paths.snapshot) as url, FedClient(url) as client:
        t0 = time.perf_counter()
        meetings = [m for m in fetch_meetings(client, settings.start_date) if m.meeting_date.year <= 2025]
        pages = documents = chunks = 0
        texts: list[str] = []
        fetch_s = clean_s = chunk_s = 0.0
        now = dt.datetime.now(dt.UTC)
        for meeting in meetings:
            t = time.perf_counter()
            raw = fetch_meeting_pages(client, meeting)
            fetch_s += time.perf_counter() - t
            for row in raw.rows:
                t = time.perf_counter()
                doc = build_document(row, now)
                clean_s += time.perf_counter() - t
                t = time.perf_counter()
                pieces = chunk_document(doc, provider.count_tokens, provider.max_tokens)
                texts += [c.text for c in pieces]
                chunks += len(pieces)
                chunk_s += time.perf_counter() - t
                pages += 1
                documents += 1
        total = time.perf_counter() - t0
    figures["fetch_clean_chunk"] = {
        "meetings": len(meetings), "pages": pages, "documents": documents, "chunks": chunks,
        "seconds": round(total, 2), "pages_per_s": round(pages / total, 2),
        "fetch_s": round(fetch_s, 2), "clean_s": round(clean_s, 2), "chunk_s": round(chunk_s, 2),
    }
    print(f"fetch+clean+chunk: {pages} pages of {len(meetings)} meetings -> {chunks} chunks in {total:.1f} s "
          f"({pages / total:.2f} pages/s; fetch {fetch_s:.1f} s, clean {clean_s:.1f} s, chunk {chunk_s:.1f} s)")
    if not args.no_embed:
        t = time.perf_counter()
        provider.encode(texts)
        chunks_s = time.perf_counter() - t
        sentences = corpus_sentences(texts)
        t = time.perf_counter()
        provider.encode(sentences)
        sentences_s = time.perf_counter() - t
        embed_s = chunks_s + sentences_s
        figures["embedding_limit"] = {"chunks": len(texts), "chunks_s": round(chunks_s, 1),
                                      "chunks_per_s": round(len(texts) / chunks_s, 1), "sentences": len(sentences),
                                      "sentences_s": round(sentences_s, 1), "seconds": round(embed_s, 1),
                                      "runtime": provider.runtime}
        print(f"embedding limit: {embed_s:.1f} s = {len(texts)} chunks in {chunks_s:.1f} s "
              f"({len(texts) / chunks_s:.1f} chunks/s) + {len(sentences)} sentences in {sentences_s:.1f} s")
    if args.build:
        with tempfile.TemporaryDirectory() as scratch:
            data = Path(scratch) / "data"
            data.mkdir()
            os.symlink(settings.paths.snapshot.parent, data / "snapshot")
            os.symlink(settings.paths.eval, data / "eval")
            env = {**os.environ, "FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(data / "dagster_home")}
            t, started = time.perf_counter(), time.time()
            run = subprocess.run([sys.executable, "-m", "fomc_pipeline.runs.build", "--snapshot", "--quiet"], env=env,
                                 check=True, capture_output=True, text=True)
            figures["full_build_s"] = round(time.perf_counter() - t, 1)
            figures["build_timeline"] = build_timeline(data / "dagster_home", started)
        steps = _build_steps(run.stdout)
        figures["build_steps_s"] = steps
        print(f"full snapshot build (cold embedding cache): {figures['full_build_s']} s; steps {steps}")
        for line in timeline_lines(figures["build_timeline"]):
            print("  " + line)
        if "embedding_limit" in figures:
            limit = figures["embedding_limit"]["seconds"]
            figures["share_of_embedding_limit"] = {
                "full_build": round(figures["full_build_s"] / limit, 2),
                **{step: round(seconds / limit, 2) for step, seconds in steps.items()},
            }
            print(f"build / embedding limit: {figures['share_of_embedding_limit']['full_build']}x; "
                  f"per step: {figures['share_of_embedding_limit']}")
    out = settings.paths.reports / "ingest_benchmark.json"
    atomic_write(out, lambda tmp: Path(tmp).write_text(json.dumps(figures, indent=2)))
    print(f"wrote {out}")
    return 0


def build_timeline(home: Path, started: float) -> dict:
    """Where the build's time went, from its Dagster instance: each run of its backfill (when it was
    requested, started and ended, in seconds from the build's start) with its steps' durations, and the
    backfill's submission and end."""
    import dagster as dg

    from fomc_pipeline import definitions as d

    assets = {a.key.to_user_string() for a in [*d.per_meeting_assets, *d.downstream]}  # not the checks
    with dg.DagsterInstance.from_config(str(home)) as instance:
        backfill = instance.get_backfills(limit=1)[0]
        runs = []
        for r in instance.get_runs(dg.RunsFilter.for_backfill(backfill.backfill_id)):
            stats = instance.get_run_stats(r.run_id)
            steps = {}
            for e in instance.all_logs(r.run_id, of_type={dg.DagsterEventType.STEP_START,
                                                          dg.DagsterEventType.STEP_SUCCESS}):
                steps.setdefault(e.step_key, []).append(e.timestamp)
            record = instance.get_run_record_by_id(r.run_id)
            runs.append({
                "meetings": r.tags.get("dagster/asset_partition_range_start", "") and
                f"{r.tags['dagster/asset_partition_range_start']}..{r.tags['dagster/asset_partition_range_end']}",
                "requested_s": round(record.create_timestamp.timestamp() - started, 1),
                "started_s": round(stats.start_time - started, 1),
                "ended_s": round(stats.end_time - started, 1),
                "steps_s": {k: round(v[-1] - v[0], 1) for k, v in steps.items() if len(v) == 2 and k in assets},
            })
        return {"backfill_submitted_s": round(backfill.backfill_timestamp - started, 1),
                "backfill_ended_s": round((backfill.backfill_end_timestamp or 0) - started, 1),
                "runs": sorted(runs, key=lambda x: (x["requested_s"], x["meetings"]))}


def timeline_lines(timeline: dict) -> list[str]:
    lines = [f"backfill submitted at {timeline['backfill_submitted_s']} s, ended at {timeline['backfill_ended_s']} s"]
    for run in timeline["runs"]:
        steps = ", ".join(f"{k} {v}" for k, v in run["steps_s"].items())
        lines.append(f"run {run['meetings'] or '(downstream)'}: requested {run['requested_s']} s, started "
                     f"{run['started_s']} s, ended {run['ended_s']} s; {steps}")
    return lines


def _build_steps(stdout: str) -> dict[str, float]:
    """The seconds per step from the build's closing summary line (`name_s=12.3, ...`)."""
    line = next((x for x in reversed(stdout.splitlines()) if x.startswith("build summary: ")), "")
    steps = {}
    for part in line.removeprefix("build summary: ").split(", "):
        name, _, value = part.partition("=")
        if name.endswith("_s"):
            steps[name.removesuffix("_s")] = float(value)
    return steps


if __name__ == "__main__":
    sys.exit(main())
