"""One cleaned document by id, read from its meeting's `documents` partition.

The id is checked against its contract pattern and its meeting against the corpus manifest before
any path is built, so a client-supplied id can never name a file of its choosing.
"""

from __future__ import annotations

import datetime as dt
import re

import pyarrow.parquet as pq

from fomc_qa.config import DataPaths
from fomc_qa.interfaces.errors import IndexUnavailable, UnknownDocument
from fomc_qa.models import DOCUMENT_ID_PATTERN, FOMCDocument

_DOCUMENT_ID = re.compile(DOCUMENT_ID_PATTERN)


def meeting_of(doc_id: str) -> dt.date:
    """The meeting date a well-formed id names; UnknownDocument for anything else."""
    if not _DOCUMENT_ID.fullmatch(doc_id):
        raise UnknownDocument(f"{doc_id!r} is not a document id (expected e.g. statement-2025-12-10)", "document_id")
    try:
        return dt.date.fromisoformat(doc_id.split("-", 1)[1])
    except ValueError as exc:
        raise UnknownDocument(f"{doc_id!r} names no valid date", "document_id") from exc


def read_document(paths: DataPaths, partitions: list[str], doc_id: str) -> FOMCDocument:
    """The document's full cleaned text and metadata, validated as the pipeline's record."""
    meeting = meeting_of(doc_id).isoformat()
    if meeting not in partitions:
        raise UnknownDocument(f"no indexed meeting {meeting} (document {doc_id})", "document_id")
    path = paths.partition_file("documents", meeting)
    try:
        rows = pq.read_table(path, filters=[("document_id", "=", doc_id)]).to_pylist()
    except (OSError, ValueError) as exc:
        raise IndexUnavailable(f"{path} is unreadable ({type(exc).__name__}); re-materialize partition {meeting}") \
            from exc
    if not rows:
        raise UnknownDocument(f"meeting {meeting} has no {doc_id.split('-')[0]} in the index", "document_id")
    return FOMCDocument.model_validate(rows[0])
