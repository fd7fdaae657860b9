"""Integrity of the built files: the size and SHA-256 of each file, recorded when the pipeline writes
it and compared when the read side opens it, so a damaged file is named with the command that
rebuilds it instead of surfacing as a parser's traceback.

The corpus asset records the files it is built from and writes (the chunk, document and embedding
partitions, the meeting shards, the index over all meetings, the BM25 files) in the manifest. The
compiled program is written later, by qa_program, so it carries its own record in a sidecar file
beside it (`qa_program.integrity.json`), written by the same function. The DuckDB catalog is left
out: policy_timeline rewrites it after the corpus, and the read path never opens it (doctor checks
that it opens).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from fomc_qa.config import DataPaths

PARTITION_TABLES = ("documents", "chunks", "embeddings")
# The per-meeting assets to re-run when a file of this kind is damaged: the file's own asset and
# every per-meeting asset that reads it.
PARTITION_ASSETS = {
    "documents": "documents,chunks,embeddings,index_shard,meeting_record",
    "chunks": "chunks,embeddings,index_shard,meeting_record",
    "embeddings": "embeddings,index_shard",
    "shard": "index_shard",
}
PROGRAM_ASSET = "qa_program"
PARQUET_MAGIC = b"PAR1"


BUILD_COMMAND = "bash scripts/demo.sh  (or: python -m fomc_pipeline.runs.build)"


class IndexMissing(RuntimeError):
    """No complete, intact materialized index: the message names the file and the command that builds it."""


@dataclass(frozen=True)
class FileRecord:
    """One built file as the manifest records it (path relative to the data root)."""

    path: str
    kind: str  # documents | chunks | embeddings | shard | all-meetings index | bm25 | program
    bytes: int
    sha256: str
    partition: str | None = None

    @classmethod
    def of(cls, root: Path, path: Path, kind: str, partition: str | None = None) -> FileRecord:
        return cls(path=path.relative_to(root).as_posix(), kind=kind, bytes=path.stat().st_size,
                   sha256=sha256_of(path), partition=partition)


@dataclass(frozen=True)
class Problem:
    """What is wrong with one file, and the command that makes it right."""

    path: str
    kind: str
    state: str  # missing | wrong size | contents differ | unreadable | stale
    detail: str
    fix: str
    partition: str | None = None

    @property
    def stale(self) -> bool:
        return self.state == "stale"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def corpus_file_records(paths: DataPaths, partitions: list[str]) -> list[FileRecord]:
    """Records of every file the corpus is built from or writes, for its manifest."""
    root = paths.root
    records = []
    for p in partitions:
        for table in PARTITION_TABLES:
            records.append(FileRecord.of(root, paths.partition_file(table, p), table, p))
        records.append(FileRecord.of(root, paths.shard_file(p), "shard", p))
    records.append(FileRecord.of(root, paths.merged_index, "all-meetings index"))
    records += [FileRecord.of(root, f, "bm25") for f in sorted(paths.bm25.iterdir()) if f.is_file()]
    return records


def corpus_manifest_fields(paths: DataPaths, partitions: list[str]) -> dict:
    """The integrity part of the corpus manifest: when it was built, and each file's record."""
    return {"built_at": time.time(), "files": [asdict(r) for r in corpus_file_records(paths, partitions)]}


def sidecar_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}.integrity.json")


def write_sidecar(paths: DataPaths, path: Path, kind: str) -> FileRecord:
    """Record a file written after the corpus (the compiled program) beside it."""
    from fomc_qa.index.tables import atomic_write_bytes

    record = FileRecord.of(paths.root, path, kind)
    atomic_write_bytes(sidecar_path(path), json.dumps({"built_at": time.time(), "files": [asdict(record)]}).encode())
    return record


def dagster_command(paths: DataPaths, select: str, partition: str | None = None) -> str:
    """The exact command that re-materializes `select` (in the instance that knows the partitions)."""
    home = os.environ.get("DAGSTER_HOME") or str(paths.root / "dagster_home")
    part = f" --partition {partition}" if partition else ""
    return f"DAGSTER_HOME={home} dagster asset materialize -m fomc_pipeline.definitions --select {select}{part}"


def corpus_command(paths: DataPaths) -> str:
    return dagster_command(paths, "corpus")


def fix_for(paths: DataPaths, kind: str, partition: str | None) -> str:
    """How to rebuild a file of this kind: its per-meeting assets then the corpus, the program, or the corpus."""
    if kind in PARTITION_ASSETS and partition:
        return f"{dagster_command(paths, PARTITION_ASSETS[kind], partition)} && {corpus_command(paths)}"
    if kind == "program":
        return dagster_command(paths, PROGRAM_ASSET)
    return corpus_command(paths)


def load_manifest(paths: DataPaths) -> dict:
    """The corpus manifest; a missing one means no build, an unreadable one names the corpus refresh."""
    path = paths.manifest
    if not path.exists():
        if paths.merged_index.exists() or paths.table_dir("embeddings").exists():
            raise IndexMissing(f"{path} is missing; fix: {corpus_command(paths)}")
        raise IndexMissing(f"no index under {paths.root} ({path} is missing): run the pipeline first: {BUILD_COMMAND}")
    try:
        manifest = json.loads(path.read_bytes())
        if not isinstance(manifest, dict) or not isinstance(manifest.get("partitions", []), list):
            raise ValueError("not a manifest object")
    except (OSError, ValueError) as exc:
        detail = "empty" if path.exists() and path.stat().st_size == 0 else f"unreadable ({first_line(exc)})"
        raise IndexMissing(f"{path} is {detail}; fix: {corpus_command(paths)}") from exc
    return manifest


def records_of(manifest: dict) -> list[FileRecord]:
    return [FileRecord(**r) for r in manifest.get("files", [])]


def check_files(paths: DataPaths, manifest: dict, records: list[FileRecord], hashes: bool) -> list[Problem]:
    """Problems with `records` (from `manifest`): sizes only (cheap, at every open), or sizes and
    hashes (doctor). A partition re-materialized after the manifest was written is stale, not damaged:
    its Parquet file is whole and newer than the manifest."""
    built_at = float(manifest.get("built_at", 0.0))
    problems: list[Problem] = []
    stale_partitions: set[str] = set()
    root = str(paths.root) + os.sep
    # Parquet before shards, so a shard whose partition was re-run is judged with it.
    for record in sorted(records, key=lambda r: r.kind == "shard"):
        path = root + record.path
        try:
            stat = os.stat(path)
        except FileNotFoundError:
            problems.append(Problem(record.path, record.kind, "missing", "missing",
                                    fix_for(paths, record.kind, record.partition), record.partition))
            continue
        if stat.st_size != record.bytes:
            state = "wrong size"
            detail = f"{stat.st_size:,} bytes where the build wrote {record.bytes:,} (truncated or overwritten)"
        elif hashes and sha256_of(path) != record.sha256:
            state, detail = "contents differ", "its SHA-256 differs from the one the build recorded (damaged)"
        else:
            continue
        fix = fix_for(paths, record.kind, record.partition)
        newer = stat.st_mtime > built_at
        if record.partition and newer and (
            (record.kind in PARTITION_TABLES and whole_parquet(Path(path))) or
            (record.kind == "shard" and record.partition in stale_partitions)
        ):
            stale_partitions.add(record.partition)
            state = "stale"
            detail = f"re-materialized after the corpus was built ({detail.split(' (')[0]})"
            fix = f"refresh the corpus: {corpus_command(paths)}"
        problems.append(Problem(record.path, record.kind, state, detail, fix, record.partition))
    return problems


def whole_parquet(path: Path) -> bool:
    """A complete Parquet file begins and ends with its magic bytes (a truncated one does not)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4)
            f.seek(-4, os.SEEK_END)
            return head == PARQUET_MAGIC and f.read(4) == PARQUET_MAGIC
    except OSError:
        return False


def program_problems(paths: DataPaths, program: Path, hashes: bool) -> list[Problem]:
    """Problems with the compiled program against its sidecar record (none when it has no sidecar:
    a build from before the records)."""
    sidecar = sidecar_path(program)
    if not sidecar.exists():
        return []
    fix = fix_for(paths, "program", None)
    try:
        manifest = json.loads(sidecar.read_bytes())
        records = records_of(manifest)
    except (OSError, ValueError, TypeError) as exc:
        rel = sidecar.relative_to(paths.root).as_posix()
        return [Problem(rel, "program", "unreadable", f"unreadable ({first_line(exc)})", fix)]
    return check_files(paths, manifest, records, hashes)


def raise_for(problems: list[Problem], limit: int = 5) -> None:
    """Raise IndexMissing naming each problem (the first `limit`), then each distinct fix once."""
    if not problems:
        return
    raise IndexMissing(describe(problems, limit))


def describe(problems: list[Problem], limit: int = 5) -> str:
    """Problems as lines a person can act on: what is wrong with which file, then the commands."""
    stale = all(p.stale for p in problems)
    lines = ["the corpus is out of date:" if stale else "the built data is damaged:"]
    lines += [f"  {p.path}{f' (partition {p.partition})' if p.partition else ''}: {p.detail}" for p in problems[:limit]]
    if len(problems) > limit:
        lines.append(f"  ... and {len(problems) - limit} more (python -m fomc_qa doctor lists them all)")
    lines += [f"fix: {fix}" for fix in dict.fromkeys(p.fix for p in problems)]
    return "\n".join(lines)


def first_line(exc: BaseException) -> str:
    """An exception as one line: its type and the first line of its message."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


@dataclass(frozen=True)
class FileStatus:
    """One row of doctor's table: a built file and whether it is as the build left it."""

    path: str
    kind: str
    partition: str | None
    state: str  # ok, or a Problem's state
    detail: str
    fix: str


@dataclass(frozen=True)
class Diagnosis:
    files: list[FileStatus]

    @property
    def problems(self) -> list[FileStatus]:
        return [f for f in self.files if f.state != "ok"]

    @property
    def healthy(self) -> bool:
        return not self.problems

    @property
    def partitions_to_rematerialize(self) -> list[str]:
        return sorted({f.partition for f in self.problems if f.partition and f.state != "stale"})

    def to_json(self) -> dict:
        return {"healthy": self.healthy, "files": [asdict(f) for f in self.files],
                "partitions_to_rematerialize": self.partitions_to_rematerialize,
                "fixes": sorted({f.fix for f in self.problems})}


def diagnose(paths: DataPaths, program: Path | None = None) -> Diagnosis:
    """Every recorded file's size and SHA-256 against the build's records (the corpus manifest and
    the program's sidecar), and whether the DuckDB catalog opens: what `doctor` and the corpus's
    asset check report."""
    manifest_rel = paths.manifest.relative_to(paths.root).as_posix()
    try:
        manifest = load_manifest(paths)
    except IndexMissing as exc:
        state = "missing" if not paths.manifest.exists() else "unreadable"
        return Diagnosis([FileStatus(manifest_rel, "manifest", None, state, str(exc), corpus_command(paths))])
    records = records_of(manifest)
    files = [FileStatus(manifest_rel, "manifest", None, "ok", f"{len(manifest.get('partitions', []))} meetings", "")]
    if not records:
        files[0] = FileStatus(manifest_rel, "manifest", None, "stale", "built before file records were kept",
                              f"refresh the corpus: {corpus_command(paths)}")
    problems = check_files(paths, manifest, records, hashes=True)
    if program is not None:
        program_records = _program_records(program)
        records += program_records
        problems += program_problems(paths, program, hashes=True)
    by_path = {p.path: p for p in problems}
    for r in records:
        p = by_path.pop(r.path, None)
        files.append(FileStatus(r.path, r.kind, r.partition, "ok", f"{r.bytes:,} bytes, SHA-256 matches", "")
                     if p is None else FileStatus(p.path, p.kind, p.partition, p.state, p.detail, p.fix))
    files += [FileStatus(p.path, p.kind, p.partition, p.state, p.detail, p.fix) for p in by_path.values()]
    files.append(_catalog_status(paths))
    files.append(_sentence_table_status(paths, manifest))
    return Diagnosis(files)


def _program_records(program: Path) -> list[FileRecord]:
    try:
        return records_of(json.loads(sidecar_path(program).read_bytes()))
    except (OSError, ValueError, TypeError):
        return []


def _sentence_table_status(paths: DataPaths, manifest: dict) -> FileStatus:
    """The reader's sentence table is written after the corpus (reader_sentences), so it has no record:
    it must open and hold the corpus model's vectors. Without it answers are right but slower."""
    from fomc_qa.index.sentence_vectors import SentenceTable

    rel = paths.sentence_vectors.relative_to(paths.root).as_posix()
    fix = dagster_command(paths, "reader_sentences")
    if not paths.sentence_vectors.exists():
        return FileStatus(rel, "sentence table", None, "missing", "answers embed their sentences, slower", fix)
    try:
        table = SentenceTable.read(paths.sentence_vectors)
    except (OSError, ValueError, KeyError) as exc:
        return FileStatus(rel, "sentence table", None, "unreadable", f"does not open ({first_line(exc)})", fix)
    if table.model != manifest.get("model"):
        return FileStatus(rel, "sentence table", None, "stale", f"{table.model} vectors, the corpus has "
                          f"{manifest.get('model')}", fix)
    return FileStatus(rel, "sentence table", None, "ok", f"opens; {len(table.rows):,} sentences", "")


def _catalog_status(paths: DataPaths) -> FileStatus:
    """The catalog is rewritten after the corpus (policy_timeline), so it has no record: it must open."""
    import duckdb

    rel = paths.catalog.relative_to(paths.root).as_posix()
    try:
        with duckdb.connect(str(paths.catalog), read_only=True) as con:
            n = con.execute("SELECT count(*) FROM chunks").fetchone()[0]
        return FileStatus(rel, "catalog", None, "ok", f"opens; {n:,} chunks", "")
    except Exception as exc:  # duckdb.Error subclasses, or an IOException on a damaged file
        state = "missing" if not paths.catalog.exists() else "unreadable"
        return FileStatus(rel, "catalog", None, state, f"does not open ({first_line(exc)})", corpus_command(paths))
