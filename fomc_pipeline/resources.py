"""Resources: the Fed's site (or a mirror), where data lives, and the embedding model.

Unset fields fall back to the environment (fomc_qa.config) at run time, so `dagster dev`, the
build script and the tests configure the same way.
"""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path

import dagster as dg

from fomc_pipeline.fed.fetch import FedClient
from fomc_qa.config import DataPaths, Settings
from fomc_qa.index.embed import EmbeddingCache, EmbeddingProvider, cache_path, get_encoder

# FOMC_SOURCE_URL=snapshot: the bundled snapshot, served on loopback by the process that reads it (the daemon's
# sensor, each run), so `dagster dev` works offline without a server started beside it.
SNAPSHOT_SOURCE = "snapshot"
_served: dict[Path, str] = {}
_serving = threading.Lock()


def source_url(configured: str) -> str:
    """The URL to fetch from: the configured one, or for "snapshot" the bundled snapshot's loopback URL (served
    once per process, on a daemon thread that ends with it)."""
    if configured != SNAPSHOT_SOURCE:
        return configured
    from fomc_pipeline.fed.snapshot_server import make_server

    root = Settings.from_env().paths.snapshot
    with _serving:
        if root not in _served:
            server = make_server(root)
            threading.Thread(target=server.serve_forever, daemon=True, name="fomc-snapshot").start()
            host, port = server.server_address[:2]
            _served[root] = f"http://{host}:{port}"
    return _served[root]


class FedSite(dg.ConfigurableResource):
    """HTTP access to https://www.federalreserve.gov, or a mirror of it (FOMC_SOURCE_URL; "snapshot": the
    bundled snapshot, served on loopback)."""

    base_url: str | None = None
    start_date: str | None = None
    timeout_s: float = 20.0
    retries: int = 3
    backoff_s: float = 0.5
    max_concurrency: int = 4

    def client(self) -> FedClient:
        return FedClient(
            source_url(self.base_url or Settings.from_env().source_url),
            timeout_s=self.timeout_s,
            retries=self.retries,
            backoff_s=self.backoff_s,
            max_concurrency=self.max_concurrency,
        )

    @property
    def start(self) -> dt.date:
        return dt.date.fromisoformat(self.start_date) if self.start_date else Settings.from_env().start_date


class Storage(dg.ConfigurableResource):
    """Root of the warehouse, index, reports and programs (FOMC_DATA_DIR)."""

    data_dir: str | None = None

    @property
    def paths(self) -> DataPaths:
        return DataPaths(Path(self.data_dir).resolve()) if self.data_dir else Settings.from_env().paths


class Embedder(dg.ConfigurableResource):
    """The sentence-transformers model (FOMC_QA_EMBED_MODEL; bundled all-MiniLM-L6-v2 by default)."""

    model: str | None = None
    # The `embeddings` asset also embeds the meetings' quotable sentences while the model is loaded (the reader's
    # cache). Off, a build embeds chunks only, in about two thirds of the time: `reader_sentences` and the reader
    # then embed the sentences they need when they need them.
    sentences: bool = True

    @property
    def model_name(self) -> str:
        return self.model or Settings.from_env().embed_model

    def provider(self) -> EmbeddingProvider:
        """The encoder on torch's kernels, the faster runtime for chunk batches (`benchmarks/encoder.py`)."""
        return get_encoder(self.model_name, runtime="torch")

    def cache(self, paths: DataPaths) -> EmbeddingCache:
        return EmbeddingCache(cache_path(paths.embed_cache, self.model_name))


class LanguageModel(dg.ConfigurableResource):
    """The LM the answering program is compiled and scored with (FOMC_QA_LM): "extractive", the offline
    reader, or any DSPy/LiteLLM model string. The UI shows it; tests override it."""

    model: str | None = None
    api_base: str | None = None

    @property
    def model_name(self) -> str:
        return self.model or Settings.from_env().lm

    def make(self, embedder: EmbeddingProvider | None = None):
        from fomc_qa.answering.engine import make_lm

        return make_lm(self.model_name, self.api_base or Settings.from_env().lm_api_base, embedder=embedder)
