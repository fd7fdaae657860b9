"""What the study measures, read from what the pipeline materialized: the embeddings warehouse,
the golden questions, and the per-meeting shard files."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from fomc_qa.config import DataPaths
from fomc_qa.index.tables import vectors_of

log = logging.getLogger(__name__)


@dataclass
class Warehouse:
    """Every embedded chunk: vectors (unit-norm float32), keys, chunk ids and meeting per row."""

    vectors: np.ndarray
    keys: np.ndarray
    chunk_ids: list[str]
    meetings: list[str]
    models: set[str]

    def __len__(self) -> int:
        return len(self.keys)


def _meeting_of(chunk_id: str, fallback: str) -> str:
    """`minutes-2024-01-31#014` -> `2024-01-31` (the partition key), else the file's stem."""
    doc = chunk_id.split("#", 1)[0]
    parts = doc.split("-", 1)
    return parts[1] if len(parts) == 2 and len(parts[1]) == 10 else fallback


def load_warehouse(paths: DataPaths) -> Warehouse:
    """All `warehouse/embeddings/*.parquet` files (one per meeting partition), deduplicated by key."""
    import pyarrow.parquet as pq

    files = sorted(paths.table_dir("embeddings").glob("*.parquet"))
    vecs, keys, ids, meetings, models = [], [], [], [], set()
    for f in files:
        table = pq.read_table(f)
        if table.num_rows == 0:
            continue
        vecs.append(vectors_of(table))
        keys.append(table.column("key").to_numpy().astype(np.uint64))
        cids = [str(c) for c in table.column("chunk_id").to_pylist()]
        ids.extend(cids)
        meetings.extend(_meeting_of(c, f.stem) for c in cids)
        if "model" in table.column_names:
            models.update(str(m) for m in table.column("model").unique().to_pylist())
    if not vecs:
        return Warehouse(np.zeros((0, 0), np.float32), np.zeros(0, np.uint64), [], [], models)
    vectors = np.concatenate(vecs)
    all_keys = np.concatenate(keys)
    _, first = np.unique(all_keys, return_index=True)
    first = np.sort(first)
    norms = np.linalg.norm(vectors[first], axis=1, keepdims=True)
    if np.abs(norms - 1).max() > 1e-3:
        log.warning("embeddings are not unit-norm (max deviation %.3g); normalizing",
                    float(np.abs(norms - 1).max()))
    return Warehouse(
        vectors=np.ascontiguousarray(vectors[first] / norms, dtype=np.float32),
        keys=all_keys[first],
        chunk_ids=[ids[i] for i in first],
        meetings=[meetings[i] for i in first],
        models=models,
    )


def load_questions(golden: Path) -> list[str]:
    """The "question" field of every item of a golden file (a JSON list); none if it is absent."""
    if not golden.exists():
        return []
    items = json.loads(golden.read_text(encoding="utf-8"))
    return [str(it["question"]).strip() for it in items
            if isinstance(it, dict) and str(it.get("question", "")).strip()]


def holdout_mask(keys: np.ndarray, n: int, seed: int = 0) -> np.ndarray:
    """True for a deterministic sample of n rows: drawn over the keys in sorted order, so the same
    corpus gives the same sample whatever order its files were read in."""
    order = np.argsort(keys, kind="stable")
    rng = np.random.default_rng(seed)
    pick = order[rng.choice(len(keys), size=min(n, len(keys)), replace=False)]
    mask = np.zeros(len(keys), dtype=bool)
    mask[pick] = True
    return mask


def stored_shards(paths: DataPaths, wh: Warehouse) -> tuple[dict[str, Path] | None, str | None]:
    """The pipeline's shard files, if present and holding exactly the warehouse's keys; else why not."""
    from usearch.index import Index

    meetings = sorted(set(wh.meetings))
    files = {m: paths.shard_file(m) for m in meetings}
    missing = [m for m, p in files.items() if not p.exists()]
    if missing:
        return None, f"stored shards not compared: {len(missing)} of {len(meetings)} meetings have no shard file"
    stored: set[int] = set()
    for p in files.values():
        idx = Index.restore(str(p), view=True)
        stored.update(int(k) for k in np.asarray(idx.keys))
    if stored != {int(k) for k in wh.keys}:
        return None, "stored shards not compared: their keys differ from the embeddings warehouse (stale shards?)"
    return files, None
