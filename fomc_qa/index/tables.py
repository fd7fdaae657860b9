"""The warehouse tables: their Arrow schemas, and atomic one-file-per-partition Parquet I/O.

One Parquet file per partition per table means parallel partition runs never share a writer,
and re-materializing a partition replaces exactly its file (no duplicates, no orphans).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from pydantic import BaseModel

EMBED_DIM = 384

SCHEMAS: dict[str, pa.Schema] = {
    "raw_pages": pa.schema(
        [
            ("meeting_date", pa.date32()),
            ("doc_type", pa.string()),
            ("source_url", pa.string()),
            ("status", pa.int16()),
            ("html", pa.large_string()),
            ("bytes", pa.int64()),
            ("sha256", pa.string()),
            ("listed_release_date", pa.date32()),
            ("fetched_at", pa.timestamp("us", tz="UTC")),
            ("calendar_label", pa.string()),  # the calendar's words for the meeting: "March 15 (unscheduled)"
        ]
    ),
    "documents": pa.schema(
        [
            ("document_id", pa.string()),
            ("doc_type", pa.string()),
            ("meeting_date", pa.date32()),
            ("release_date", pa.date32()),
            ("title", pa.string()),
            ("source_url", pa.string()),
            ("text", pa.large_string()),
            ("content_sha256", pa.string()),
            ("ingested_at", pa.timestamp("us", tz="UTC")),
            (
                "sections",
                pa.list_(pa.struct([("heading", pa.string()), ("char_start", pa.int64()), ("char_end", pa.int64())])),
            ),
        ]
    ),
    "chunks": pa.schema(
        [
            ("chunk_id", pa.string()),
            ("document_id", pa.string()),
            ("doc_type", pa.string()),
            ("meeting_date", pa.date32()),
            ("chunk_index", pa.int32()),
            ("section", pa.string()),
            ("text", pa.string()),
            ("char_start", pa.int64()),
            ("char_end", pa.int64()),
            ("token_count", pa.int32()),
        ]
    ),
    "embeddings": pa.schema(
        [
            ("chunk_id", pa.string()),
            ("key", pa.uint64()),
            ("vector", pa.list_(pa.float32(), EMBED_DIM)),
            ("model", pa.string()),
        ]
    ),
}


class WriteFailed(OSError):
    """A file could not be written (full disk, no permission, read-only filesystem): one line naming
    the path and the reason; the previous version of the file is still in place."""

    def __init__(self, path: Path | str, cause: BaseException) -> None:
        errno = getattr(cause, "errno", None)
        reason = os.strerror(errno) if errno else (str(cause).strip().splitlines() or [type(cause).__name__])[0]
        super().__init__(errno, f"cannot write {path}: {reason}")
        self.path = str(path)

    def __str__(self) -> str:
        return self.strerror


def atomic_write(path: Path, write, suffix: str = ".tmp") -> None:
    """The one way the project writes a file: through a temp file in the same directory (named with
    `suffix`, for writers that choose a format by it), flushed to disk, then renamed over `path`, so a
    reader or a crash never sees half a file. An OSError (ENOSPC, EACCES, EROFS) becomes WriteFailed,
    and the previous version of `path` stays."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=suffix, dir=path.parent)
        os.close(fd)
        write(tmp)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and not isinstance(exc, WriteFailed):
            raise WriteFailed(path, exc) from exc
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """`atomic_write` for content already in memory (JSON, PNG, markdown)."""
    atomic_write(path, lambda tmp: Path(tmp).write_bytes(data))


def write_rows(path: Path, table: str, rows: Iterable[dict]) -> pa.Table:
    data = pa.Table.from_pylist(list(rows), schema=SCHEMAS[table])
    atomic_write(path, lambda tmp: pq.write_table(data, tmp, compression="zstd"))
    return data


def write_records(path: Path, table: str, records: Iterable[BaseModel]) -> pa.Table:
    return write_rows(path, table, (r.model_dump() for r in records))


def read_table(path: Path) -> pa.Table:
    return pq.read_table(path)


def read_records(path: Path, model: type[BaseModel]) -> list:
    """Rows of one partition file as validated records."""
    return [model.model_validate(row) for row in pq.read_table(path).to_pylist()]


def vectors_of(table: pa.Table) -> np.ndarray:
    """The `vector` column (list<float32> or fixed_size_list<float32>[d]) as an (n, d) float32 matrix."""
    arr = table.column("vector").combine_chunks()
    if len(arr) == 0:
        return np.zeros((0, 0), dtype=np.float32)
    if arr.null_count:
        raise ValueError("embedding column has null vectors")
    if pa.types.is_fixed_size_list(arr.type):
        dim = arr.type.list_size
    elif pa.types.is_list(arr.type) or pa.types.is_large_list(arr.type):
        lengths = pc.list_value_length(arr).to_numpy(zero_copy_only=False)
        if lengths.min() != lengths.max():
            raise ValueError(f"embedding vectors have different lengths ({lengths.min()}..{lengths.max()})")
        dim = int(lengths[0])
    else:
        raise ValueError(f"embedding column has type {arr.type}, expected a list of floats")
    flat = arr.flatten().to_numpy(zero_copy_only=False)
    return np.ascontiguousarray(flat, dtype=np.float32).reshape(len(arr), dim)
