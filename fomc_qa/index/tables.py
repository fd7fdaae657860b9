"""The warehouse tables: their Arrow schemas, and atomic one-file-per-partition Parquet I/O.

One Parquet file per partition per table means parallel partition runs never share a writer,
and re-materializing a partition replaces exactly its file (no duplicates, no orphans).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

import pyarrow as pa
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


def atomic_write(path: Path, write) -> None:
    """Write through a temp file in the same directory, then rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
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
