"""Ingestion speed against the build's physical limit: fetch + clean + chunk over the bundled snapshot
(served on loopback), then embedding every chunk once with the pipeline's encoder (the limit: a build
can be no faster than this), and optionally the whole snapshot build into a scratch data dir, each
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
        embed_s = time.perf_counter() - t
        figures["embedding_limit"] = {"chunks": len(texts), "seconds": round(embed_s, 1),
                                      "chunks_per_s": round(len(texts) / embed_s, 1), "runtime": provider.runtime}
        print(f"embedding limit: {len(texts)} chunks in {embed_s:.1f} s ({len(texts) / embed_s:.1f} chunks/s)")
    if args.build:
        with tempfile.TemporaryDirectory() as scratch:
            data = Path(scratch) / "data"
            data.mkdir()
            os.symlink(settings.paths.snapshot.parent, data / "snapshot")
            os.symlink(settings.paths.eval, data / "eval")
            env = {**os.environ, "FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(data / "dagster_home")}
            t = time.perf_counter()
            run = subprocess.run([sys.executable, "-m", "fomc_pipeline.build", "--snapshot", "--quiet"], env=env,
                                 check=True, capture_output=True, text=True)
            figures["full_build_s"] = round(time.perf_counter() - t, 1)
        steps = _build_steps(run.stdout)
        figures["build_steps_s"] = steps
        print(f"full snapshot build (cold embedding cache): {figures['full_build_s']} s; steps {steps}")
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
