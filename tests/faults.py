"""The damaged-file matrix, shared by tests/test_faults.py and benchmarks/faults.py: which file of a
built data dir each kind names, three ways to damage it, and what the read side must do then."""

from __future__ import annotations

import os
import random
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path

from fomc_qa.config import DataPaths

HOWS = ("missing", "truncated", "garbage")
# Kinds whose damage leaves the answer unchanged: the read path does not open the file (catalog,
# documents), or falls back (a shard: the index over all meetings).
SAME_ANSWER_KINDS = {"shard", "catalog", "documents"}


def target(paths: DataPaths, kind: str, partition: str) -> Path:
    """The file (or directory, for BM25) of `kind`; per-meeting kinds take `partition`."""
    return {
        "manifest": paths.manifest,
        "all-meetings index": paths.merged_index,
        "shard": paths.shard_file(partition),
        "bm25": paths.bm25,
        "catalog": paths.catalog,
        "chunks": paths.partition_file("chunks", partition),
        "embeddings": paths.partition_file("embeddings", partition),
        "documents": paths.partition_file("documents", partition),
        "program": paths.programs / "qa_program.json",
    }[kind]


KINDS = ("manifest", "all-meetings index", "shard", "bm25", "catalog", "chunks", "embeddings", "documents", "program")


def damage(path: Path, how: str, seed: int = 16) -> Path:
    """Damage `path` in place and return the file damaged: delete it, keep its first half, or overwrite
    it with as many random bytes (same size, so only its hash or its parser can tell). A directory
    (BM25) loses, or has damaged, its vocabulary file."""
    if path.is_dir():
        if how == "missing":
            shutil.rmtree(path)
            return path
        path = path / "vocab.index.json"
    if how == "missing":
        path.unlink()
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    elif how == "garbage":
        path.write_bytes(random.Random(seed).randbytes(path.stat().st_size))
    elif how == "empty":
        path.write_bytes(b"")
    else:
        raise ValueError(how)
    return path


@dataclass(frozen=True)
class Case:
    """One damaged-data case of issue 16: a file kind and a way to damage it (or a whole-dir case)."""

    name: str
    kind: str  # a KINDS entry, or "read-only" / "no index"
    how: str

    @property
    def same_answer(self) -> bool:
        return self.kind in SAME_ANSWER_KINDS or self.kind == "read-only"


# The 15 cases the issue lists.
ISSUE_CASES = [
    Case("manifest, garbage", "manifest", "garbage"),
    Case("manifest, empty", "manifest", "empty"),
    Case("all-meetings index, truncated", "all-meetings index", "truncated"),
    Case("all-meetings index, empty", "all-meetings index", "empty"),
    Case("one shard, truncated", "shard", "truncated"),
    Case("one shard, missing", "shard", "missing"),
    Case("BM25, missing", "bm25", "missing"),
    Case("BM25, garbage", "bm25", "garbage"),
    Case("DuckDB catalog, garbage", "catalog", "garbage"),
    Case("one chunks Parquet, truncated", "chunks", "truncated"),
    Case("one chunks Parquet, missing", "chunks", "missing"),
    Case("one embeddings Parquet, truncated", "embeddings", "truncated"),
    Case("compiled program, garbage", "program", "garbage"),
    Case("read-only data directory", "read-only", ""),
    Case("no index at all", "no index", ""),
]


def apply(case: Case, paths: DataPaths, partition: str) -> Path:
    """Damage a copy of a built data dir as `case` says; returns the path the messages must name."""
    if case.kind == "read-only":
        for f in paths.root.rglob("*"):
            f.chmod(f.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
        return paths.root
    if case.kind == "no index":
        shutil.rmtree(paths.root / "index")
        return paths.manifest
    return damage(target(paths, case.kind, partition), case.how)


def snapshot_of(root: Path) -> dict[str, tuple[int, int]]:
    """Every file's size and mtime: what a read-only run must leave unchanged."""
    return {str(f.relative_to(root)): (f.stat().st_size, f.stat().st_mtime_ns) for f in root.rglob("*") if f.is_file()}


def copy_data(src: Path, dst: Path) -> DataPaths:
    """A damageable copy of a built data dir (without the snapshot, the Dagster instance and the cache)."""
    shutil.copytree(src, dst, symlinks=True,
                    ignore=shutil.ignore_patterns("snapshot", "dagster_home", "cache", ".*.tmp"))
    os.utime(dst)
    return DataPaths(dst)


def half_written(root: Path) -> list[Path]:
    """What a killed or failed write could leave: the atomic writer's dot-named temp files (and BM25's
    staging directories) under the built directories, and Parquet files that are not whole."""
    from fomc_qa.index.integrity import whole_parquet

    built = [root / d for d in ("warehouse", "index", "programs", "reports") if (root / d).exists()]
    temps = [f for d in built for f in d.rglob(".*")]
    broken = [f for f in (root / "warehouse").rglob("*.parquet") if not whole_parquet(f)]
    return temps + broken
