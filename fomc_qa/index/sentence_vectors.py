"""The reader's sentence vectors, embedded once by the pipeline instead of on every answer.

The extractive reader scores each quotable sentence of the passages it reads against the question:
some 35 sentences an answer, nearly all of a warm answer's time in the encoder. The pipeline embeds
every quotable sentence of the corpus once (the `reader_sentences` asset, on torch, through the
embedding cache) into one table; the read side looks sentences up there and embeds only what the
table lacks (the question, its facets, text from elsewhere) with the same model. A table for another
model, or one that cannot be read, is left unused with a warning: answers are the same, only slower.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pyarrow as pa

from fomc_qa.index.embed import EmbeddingCache, embed_with_cache
from fomc_qa.index.tables import atomic_write, vectors_of
from fomc_qa.text.sentences import quotable_sentences

MODEL_KEY = b"fomc_qa.model"


def corpus_sentences(texts: Iterable[str]) -> list[str]:
    """The distinct quotable sentences of the texts, in first-seen order (chunks overlap)."""
    seen: dict[str, None] = {}
    for text in texts:
        for sentence in quotable_sentences(text):
            seen.setdefault(sentence, None)
    return list(seen)


def embed_sentences(texts: Iterable[str], provider, cache: EmbeddingCache | None) -> tuple[list[str], np.ndarray, int]:
    """The corpus sentences, their vectors, and how many the model embedded (the rest came from the cache)."""
    sentences = corpus_sentences(texts)
    vectors, embedded = embed_with_cache(provider, sentences, cache)
    return sentences, vectors, embedded


def write_sentence_table(path: Path, model: str, sentences: Sequence[str], vectors: np.ndarray) -> int:
    """Write the table atomically; returns its size in bytes."""
    if len(sentences) != len(vectors):
        raise ValueError(f"{len(sentences)} sentences for {len(vectors)} vectors")
    dim = int(vectors.shape[1]) if vectors.ndim == 2 else 0
    flat = pa.array(np.ascontiguousarray(vectors, dtype=np.float32).reshape(-1), type=pa.float32())
    table = pa.Table.from_arrays([pa.array(list(sentences), pa.string()), pa.FixedSizeListArray.from_arrays(flat, dim)],
                                 names=["text", "vector"]).replace_schema_metadata({MODEL_KEY: model.encode()})
    atomic_write(path, lambda tmp: _write_ipc(tmp, table))
    return path.stat().st_size


def _write_ipc(path: str, table: pa.Table) -> None:
    with pa.OSFile(path, "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
        writer.write_table(table)


class SentenceTable:
    """Sentence → vector, for one model."""

    def __init__(self, model: str, sentences: Sequence[str], vectors: np.ndarray) -> None:
        self.model = model
        self.vectors = vectors
        self.rows = {s: i for i, s in enumerate(sentences)}

    @classmethod
    def read(cls, path: Path) -> SentenceTable:
        """The table at `path`, memory-mapped (the vectors are not copied: ~10 ms to open); OSError or
        ValueError (pyarrow's errors are ValueErrors) if unusable."""
        table = pa.ipc.open_file(pa.memory_map(str(path))).read_all()
        model = (table.schema.metadata or {}).get(MODEL_KEY, b"").decode()
        vectors = vectors_of(table)
        sentences = table.column("text").to_pylist()
        if not model or len(sentences) != len(vectors):
            raise ValueError("not a sentence table (no model, or texts and vectors differ in number)")
        return cls(model, sentences, vectors)


class TableEncoder:
    """An encoder that takes sentence vectors from the pipeline's table and embeds the rest."""

    def __init__(self, encoder, path: Path) -> None:
        self.encoder = encoder
        self.path = path
        self.name, self.dim, self.max_tokens = encoder.name, encoder.dim, encoder.max_tokens
        self._table: SentenceTable | None = None
        self._opened = False
        self.looked_up = 0
        self.embedded = 0

    def table(self) -> SentenceTable | None:
        """The table, read on first use; None (warned once) if missing, unreadable or for another model."""
        if not self._opened:
            self._opened = True
            self._table = self._open()
        return self._table

    def _open(self) -> SentenceTable | None:
        if not self.path.exists():
            return None
        try:
            table = SentenceTable.read(self.path)
        except (OSError, ValueError, KeyError) as exc:
            print(f"warning: {self.path} is unusable ({str(exc).splitlines()[0]}); sentences are embedded per "
                  "answer until `reader_sentences` is re-materialized", file=sys.stderr)
            return None
        if table.model != self.name or table.vectors.shape[1:] != (self.dim,):
            print(f"warning: {self.path} holds {table.model} vectors, not {self.name}; sentences are embedded per "
                  "answer", file=sys.stderr)
            return None
        return table

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        table = self.table()
        if table is None:
            self.embedded += len(texts)
            return self.encoder.encode(texts)
        rows = np.array([table.rows.get(t, -1) for t in texts], dtype=np.int64)
        found = rows >= 0
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        out[found] = table.vectors[rows[found]]
        missing = np.flatnonzero(~found)
        if len(missing):
            out[missing] = self.encoder.encode([texts[i] for i in missing])
        self.looked_up += int(found.sum())
        self.embedded += len(missing)
        return out

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        return self.encoder.count_tokens(texts)
