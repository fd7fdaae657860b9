"""Write side of the index: chunk embeddings, per-meeting USearch shards, the USearch index over
all meetings, the BM25 index and the DuckDB catalog. The read side (fomc_qa.index.store) opens what
these functions write."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa

from fomc_qa.config import DataPaths
from fomc_qa.index.embed import EmbeddingCache, EmbeddingProvider, embed_with_cache
from fomc_qa.index.store import CATALOG_TABLES, new_index
from fomc_qa.index.tables import EMBED_DIM, SCHEMAS, atomic_write
from fomc_qa.models import DocumentChunk, chunk_key
from fomc_qa.text.lexical import save_bm25


@dataclass(frozen=True)
class EmbeddedChunks:
    table: pa.Table
    embedded: int  # texts that went through the model (the rest came from the cache)


def embed_chunks(
    chunks: list[DocumentChunk], provider: EmbeddingProvider, cache: EmbeddingCache | None
) -> EmbeddedChunks:
    if provider.dim != EMBED_DIM:
        raise ValueError(f"model {provider.name} gives {provider.dim}-d vectors; the index stores {EMBED_DIM}-d")
    vectors, embedded = embed_with_cache(provider, [c.embedding_text() for c in chunks], cache)
    flat = pa.array(vectors.reshape(-1), type=pa.float32())
    table = pa.Table.from_arrays(
        [
            pa.array([c.chunk_id for c in chunks], pa.string()),
            pa.array([chunk_key(c.chunk_id) for c in chunks], pa.uint64()),
            pa.FixedSizeListArray.from_arrays(flat, EMBED_DIM),
            pa.array([provider.name] * len(chunks), pa.string()),
        ],
        schema=SCHEMAS["embeddings"],
    )
    return EmbeddedChunks(table, embedded)


def write_index(path: Path, keys: np.ndarray, vectors: np.ndarray) -> int:
    """Build a USearch index (fomc_qa.index.store.INDEX_PARAMS) and save it atomically; returns its size
    in bytes. Used for each meeting's shard and for the index over all meetings.

    Single-threaded on purpose: a concurrent insert builds a different graph on every run and once
    left a chunk unreachable (its self-hit check failed); one thread makes the same input give the
    same file every time, the file the ANN benchmark measures. All meetings take well under a
    second this way."""
    if len(keys) != len(vectors):
        raise ValueError(f"{len(keys)} keys for {len(vectors)} vectors")
    index = new_index()
    index.add(keys.astype(np.uint64), np.ascontiguousarray(vectors, dtype=np.float32), threads=1)
    atomic_write(path, lambda tmp: index.save(tmp))
    return path.stat().st_size


def write_bm25(paths: DataPaths, chunk_ids: list[str], texts: list[str]) -> None:
    """Replace the BM25 directory as a whole: build beside it, then swap."""
    target = paths.bm25
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".bm25.", dir=target.parent))
    save_bm25(texts, staging)
    (staging / "chunk_ids.json").write_text(json.dumps(chunk_ids))
    old = target.with_name(f".bm25.old.{dt.datetime.now().timestamp()}")
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def write_catalog(paths: DataPaths) -> dict[str, int]:
    """A DuckDB file of views over the Parquet partitions: SQL over the corpus without copying it."""
    counts: dict[str, int] = {}
    paths.catalog.parent.mkdir(parents=True, exist_ok=True)

    def build(tmp: str) -> None:
        Path(tmp).unlink(missing_ok=True)
        with duckdb.connect(tmp) as con:
            for table in CATALOG_TABLES:
                if not any(paths.table_dir(table).glob("*.parquet")):
                    continue  # not built yet (a records-only build has no embeddings)
                glob = (paths.table_dir(table) / "*.parquet").as_posix()
                con.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{glob}')")
                counts[table] = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            if paths.timeline.exists():  # written by policy_timeline, which refreshes the catalog after it
                con.execute(f"CREATE VIEW policy_timeline AS SELECT * FROM read_parquet('{paths.timeline.as_posix()}')")
                counts["policy_timeline"] = con.execute("SELECT count(*) FROM policy_timeline").fetchone()[0]

    atomic_write(paths.catalog, build)
    return counts


def write_manifest(paths: DataPaths, manifest: dict) -> None:
    atomic_write(paths.manifest, lambda tmp: Path(tmp).write_text(json.dumps(manifest, indent=2, default=str)))
