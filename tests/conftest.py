"""Shared fixtures: the bundled snapshot on loopback, and a small real build of a few meetings
through Dagster's own materialize(), made once per test session."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO = Path(__file__).resolve().parents[1]
SNAPSHOT = REPO / "data" / "snapshot" / "www.federalreserve.gov"
GOLDEN = REPO / "data" / "eval" / "golden.json"
# A few real meetings: an unscheduled 2020 action (rebuilt minutes), a 2024 meeting (rebuilt
# statement and minutes) and a 2025 meeting (original statement and minutes pages).
FIXTURE_MEETINGS = ["2020-03-15", "2024-01-31", "2025-09-17"]


@pytest.fixture(scope="session")
def snapshot_url():
    from fomc_pipeline.snapshot_server import serve_snapshot

    with serve_snapshot(SNAPSHOT) as url:
        yield url


@pytest.fixture(scope="session")
def built(tmp_path_factory, snapshot_url):
    """A data dir holding the whole graph up to the corpus for FIXTURE_MEETINGS, built with
    materialize() on an ephemeral instance; yields (data_dir, instance, resources)."""
    import dagster as dg

    from fomc_pipeline import definitions as d
    from fomc_pipeline.resources import Embedder, FedSite, Storage

    data_dir = tmp_path_factory.mktemp("data")
    (data_dir / "eval").mkdir()
    shutil.copy(GOLDEN, data_dir / "eval" / "golden.json")
    resources = {"fed": FedSite(base_url=snapshot_url, backoff_s=0.01), "storage": Storage(data_dir=str(data_dir)),
                 "embedder": Embedder()}
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(d.meetings_def.name, FIXTURE_MEETINGS)
    selection = d.per_meeting_assets + [c for c in d.per_partition_checks]
    for key in FIXTURE_MEETINGS:
        result = dg.materialize(selection, partition_key=key, instance=instance, resources=resources)
        assert result.success
    result = dg.materialize([d.corpus], instance=instance, resources=resources)
    assert result.success
    yield data_dir, instance, resources
    instance.dispose()


@pytest.fixture()
def data_env(built, monkeypatch):
    """Point FOMC_DATA_DIR at the built fixture for code that reads settings from the environment."""
    data_dir = built[0]
    monkeypatch.setenv("FOMC_DATA_DIR", str(data_dir))
    return data_dir
