"""Read side of the materialized corpus: chunk table, USearch indexes (one per meeting, and one
over all meetings), BM25 index.

Everything here is opened from files under FOMC_DATA_DIR written by the pipeline; nothing here
writes. A missing, partial or damaged index raises IndexMissing naming the file and the command that
rebuilds it (fomc_qa.index.integrity); a damaged meeting shard is searched through the index over
all meetings instead.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
from usearch.index import Index, Indexes

from fomc_qa.config import DataPaths
from fomc_qa.index.integrity import (
    BUILD_COMMAND,
    IndexMissing,
    Problem,
    check_files,
    corpus_command,
    first_line,
    fix_for,
    load_manifest,
    raise_for,
    records_of,
)
from fomc_qa.index.tables import EMBED_DIM
from fomc_qa.models import SearchHit
from fomc_qa.text.lexical import LexicalIndex

CATALOG_TABLES = ("documents", "chunks", "embeddings")
# The files a query opens; doctor checks the rest (documents, the program) as well.
READ_PATH_KINDS = {"chunks", "embeddings", "shard", "all-meetings index", "bm25"}

# The index the product ships, for the per-meeting shards and the index over all meetings alike.
# From the ANN benchmark (data/reports/ann_benchmark.md, real corpus): inner product on the unit vectors
# (cosine ranking without the normalizing step), f16 (half the bytes, recall unchanged). expansion_search
# 128: at 64 the index over all meetings reached recall@10 0.988 against exact search on the benchmark's
# 522 queries, under the 0.99 floor its asset check holds it to (0.9994 at 256). The benchmark's
# "shipped" row is this configuration.
INDEX_PARAMS = {"ndim": EMBED_DIM, "metric": "ip", "dtype": "f16", "connectivity": 16, "expansion_add": 128,
                "expansion_search": 128}


def restore_index(path: Path) -> Index | None:
    """A saved index memory-mapped, searched with the shipped expansion_search (a file keeps the value it
    was saved with)."""
    index = Index.restore(str(path), view=True)
    if index is not None:
        index.expansion_search = INDEX_PARAMS["expansion_search"]
    return index


def new_index() -> Index:
    return Index(**INDEX_PARAMS)


@dataclass
class ChunkTable:
    chunk_id: list[str]
    document_id: list[str]
    doc_type: list[str]
    meeting_date: list[dt.date]
    section: list[str | None]
    text: list[str]
    keys: np.ndarray
    vectors: np.ndarray

    def __len__(self) -> int:
        return len(self.chunk_id)


class Corpus:
    """The searchable corpus as the pipeline left it under `paths`."""

    def __init__(self, paths: DataPaths) -> None:
        self.paths = paths
        self.manifest = load_manifest(paths)
        partitions = self.manifest.get("partitions", [])
        if not partitions:
            raise IndexMissing(f"the index under {paths.root} holds no meeting: run the pipeline: {BUILD_COMMAND}")
        damaged_shards = self._check_sizes(partitions)
        self.table = self._load_table(partitions)
        self.row_of_key = {int(k): i for i, k in enumerate(self.table.keys)}
        self.row_of_chunk = {c: i for i, c in enumerate(self.table.chunk_id)}
        self.merged = self._open_merged()
        self.shards, self.damaged = self._open_shards(partitions, damaged_shards)
        self.meetings = sorted({d for d in self.table.meeting_date})
        self._rows_of_meeting = {m: np.flatnonzero(np.array([d == m for d in self.table.meeting_date]))
                                 for m in (dt.date.fromisoformat(p) for p in self.damaged)}
        self.minutes_sections: dict[dt.date, set[str]] = {}
        for date, kind, section in zip(self.table.meeting_date, self.table.doc_type, self.table.section, strict=True):
            if kind == "minutes" and section:
                self.minutes_sections.setdefault(date, set()).add(section)
        self.bm25, bm25_ids = self._open_bm25()
        if set(bm25_ids) != set(self.table.chunk_id):
            raise IndexMissing(f"the BM25 index is stale (the corpus changed since): {corpus_command(paths)}")
        self._bm25_rows = [self.row_of_chunk[c] for c in bm25_ids]

    def _check_sizes(self, partitions: list[str]) -> dict[str, Problem]:
        """Compare the size of every file the read path opens with the manifest's record (a stat each:
        cheap at every start). A damaged shard is returned, to be searched through the index over all
        meetings; anything else damaged or stale ends here, naming the file and its fix."""
        records = [r for r in records_of(self.manifest) if r.kind in READ_PATH_KINDS]
        if not records:  # a manifest from before the records: every partition file must at least be there
            missing = [p for p in partitions if not self.paths.partition_file("chunks", p).exists()
                       or not self.paths.partition_file("embeddings", p).exists()]
            if missing:
                raise IndexMissing(f"the index under {self.paths.root} is partial (missing {', '.join(missing[:5])}): "
                                   f"run the pipeline first: {BUILD_COMMAND}")
            return {}
        problems = check_files(self.paths, self.manifest, records, hashes=False)
        shards = {p.partition: p for p in problems if p.kind == "shard" and not p.stale and p.partition}
        raise_for([p for p in problems if p.partition not in shards or p.kind != "shard"])
        return shards

    def _load_table(self, partitions: list[str]) -> ChunkTable:
        chunks = self._read_partitions("chunks", partitions)
        emb = self._read_partitions("embeddings", partitions)
        if (chunks.num_rows != emb.num_rows
                or chunks.column("chunk_id").to_pylist() != emb.column("chunk_id").to_pylist()):
            raise IndexMissing(
                f"chunks and embeddings under {self.paths.root} disagree: run the pipeline first: {BUILD_COMMAND}"
            )
        flat = emb.column("vector").combine_chunks().flatten().to_numpy(zero_copy_only=False)
        return ChunkTable(
            chunk_id=chunks.column("chunk_id").to_pylist(),
            document_id=chunks.column("document_id").to_pylist(),
            doc_type=chunks.column("doc_type").to_pylist(),
            meeting_date=chunks.column("meeting_date").to_pylist(),
            section=chunks.column("section").to_pylist(),
            text=chunks.column("text").to_pylist(),
            keys=emb.column("key").to_numpy().astype(np.uint64),
            vectors=np.ascontiguousarray(flat, dtype=np.float32).reshape(emb.num_rows, EMBED_DIM),
        )

    def _read_partitions(self, table: str, partitions: list[str]) -> pa.Table:
        """One table's partition files as one table (one read: the fast path at every start); when that
        fails, the files are read one by one to name the one that will not parse, with its fix."""
        files = [self.paths.partition_file(table, p) for p in partitions]
        try:
            return pq.read_table(files)
        except (OSError, pa.ArrowException) as exc:  # ArrowInvalid on a damaged file
            failure = exc
        for p, path in zip(partitions, files, strict=True):
            try:
                pq.read_table(path)
            except (OSError, pa.ArrowException) as exc:
                raise_for([Problem(path.relative_to(self.paths.root).as_posix(), table, "unreadable",
                                   f"unreadable ({first_line(exc)})", fix_for(self.paths, table, p), p)])
        raise IndexMissing(f"the {table} partitions under {self.paths.root} do not read as one table "
                           f"({first_line(failure)}): run the pipeline first: {BUILD_COMMAND}") from failure

    def _open_shards(self, partitions: list[str],
                     damaged: dict[str, Problem]) -> tuple[dict[dt.date, Index], list[str]]:
        """Memory-map each meeting's shard. A damaged one is left out, with a warning naming it and its
        fix: its meeting is searched within the index over all meetings instead (`dense_search`)."""
        shards: dict[dt.date, Index] = {}
        for p in partitions:
            path = self.paths.shard_file(p)
            problem = damaged.get(p)
            if problem is None:
                try:
                    index = restore_index(path)
                    if index is None or index.ndim != EMBED_DIM:
                        raise ValueError("not a USearch index of the expected dimension")
                    shards[dt.date.fromisoformat(p)] = index
                    continue
                except Exception as exc:  # usearch raises RuntimeError/ValueError on bad files
                    problem = Problem(path.relative_to(self.paths.root).as_posix(), "shard", "unreadable",
                                      f"unreadable ({first_line(exc)})", fix_for(self.paths, "shard", p), p)
            damaged[p] = problem
            print(f"warning: shard {problem.path} (partition {p}): {problem.detail}; meeting {p} is searched in the "
                  f"index over all meetings meanwhile; rebuild the shard: {problem.fix}", file=sys.stderr)
        return shards, sorted(damaged)

    def _open_merged(self) -> Index:
        """The index over every meeting; it must hold exactly the chunk table's keys."""
        path = self.paths.merged_index
        try:
            index = restore_index(path) if path.exists() else None
        except Exception as exc:  # usearch raises RuntimeError/ValueError on bad files
            raise IndexMissing(f"{path} is unreadable ({first_line(exc)}); fix: {corpus_command(self.paths)}") from exc
        if index is None:
            raise IndexMissing(f"no index over all meetings at {path}; fix: {corpus_command(self.paths)}")
        if len(index) != len(self.table) or not all(index.contains(self.table.keys[:: max(1, len(self.table) // 64)])):
            raise IndexMissing(f"{path} does not match the chunk table (stale); fix: {corpus_command(self.paths)}")
        return index

    def _open_bm25(self):
        path = self.paths.bm25
        try:
            ids = json.loads((path / "chunk_ids.json").read_bytes())
            return LexicalIndex(path), ids
        except FileNotFoundError as exc:
            raise IndexMissing(f"no BM25 index under {path} ({exc.filename} is missing); "
                               f"fix: {corpus_command(self.paths)}") from exc
        except Exception as exc:  # whatever the JSON/NumPy readers raise on a damaged file
            records = [r for r in records_of(self.manifest) if r.kind == "bm25"]
            raise_for(check_files(self.paths, self.manifest, records, hashes=True))  # name the damaged file
            raise IndexMissing(f"the BM25 index under {path} is unreadable ({first_line(exc)}); "
                               f"fix: {corpus_command(self.paths)}") from exc

    def hit_for(self, chunk_id: str) -> SearchHit | None:
        """A chunk as a search hit that no ranking produced: cited because the policy record names it
        (relevance 1.0: the record's fact is in it verbatim)."""
        row = self.row_of_chunk.get(chunk_id)
        if row is None:
            return None
        t = self.table
        return SearchHit(rank=1, chunk_id=t.chunk_id[row], document_id=t.document_id[row], doc_type=t.doc_type[row],
                         meeting_date=t.meeting_date[row], section=t.section[row], text=t.text[row], score=0.0,
                         relevance=1.0)

    def chunk_text(self, chunk_id: str) -> str:
        return self.table.text[self.row_of_chunk[chunk_id]]

    def dense_search(self, query: np.ndarray, k: int, meetings: set[dt.date] | None = None) -> list[tuple[int, float]]:
        """(row, cosine similarity) of the k nearest chunks: over the index of all meetings, or
        within some meetings' shards (a date-filtered question names a few). A meeting whose shard is
        damaged is searched exactly over its vectors as the index over all meetings stores them, so
        it ranks as its shard would have."""
        query = query.astype(np.float32)
        if meetings is None:
            return self._search(self.merged, query, k)
        chosen = [self.shards[m] for m in sorted(meetings) if m in self.shards]
        out = self._search(Indexes(indexes=chosen), query, k) if chosen else []
        lost = [m for m in meetings if m in self._rows_of_meeting and m not in self.shards]
        if lost:
            rows = np.concatenate([self._rows_of_meeting[m] for m in lost])
            vectors = self.merged.get(self.table.keys[rows], dtype=np.float32)
            scores = np.asarray(vectors, dtype=np.float32).reshape(len(rows), -1) @ query.reshape(-1)
            out += [(int(rows[i]), float(scores[i])) for i in np.argsort(-scores, kind="stable")[:k]]
            out = sorted(out, key=lambda hit: -hit[1])[:k]
        return out

    def _search(self, target: Index | Indexes, query: np.ndarray, k: int) -> list[tuple[int, float]]:
        matches = target.search(query, k, threads=1)
        keys, distances = np.asarray(matches.keys).ravel(), np.asarray(matches.distances).ravel()
        out = []
        for key, dist in zip(keys, distances, strict=True):
            row = self.row_of_key.get(int(key))
            if row is not None:
                out.append((row, 1.0 - float(dist)))
        return out

    def lexical_scores(self, query: str) -> np.ndarray:
        """BM25 score of every chunk (by row) for the query: cheap at this corpus size, and exact."""
        scores = self.bm25.scores(query)
        out = np.zeros(len(self.table), dtype=np.float32)
        out[self._bm25_rows] = scores
        return out

    def lexical_search(self, query: str, k: int, meetings: set[dt.date] | None = None) -> list[tuple[int, float]]:
        """(row, BM25 score) of the k best lexical matches, optionally within some meetings."""
        scores = self.bm25.scores(query)
        if meetings is not None:
            scores *= np.array([self.table.meeting_date[r] in meetings for r in self._bm25_rows], dtype=np.float32)
        best = np.argsort(-scores, kind="stable")[:k]
        return [(self._bm25_rows[int(d)], float(scores[d])) for d in best if scores[d] > 0]
