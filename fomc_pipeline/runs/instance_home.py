"""The Dagster instance the project records its runs in: $DAGSTER_HOME (default
<FOMC_DATA_DIR>/dagster_home), configured by deploy/dagster.yaml unless the user wrote their own."""

from __future__ import annotations

import os
from pathlib import Path

import dagster as dg

from fomc_qa.index.tables import atomic_write_bytes

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
INSTANCE_CONFIG = DEPLOY / "dagster.yaml"
# What scripts/setup.sh wrote before deploy/dagster.yaml existed: replaced, since it set nothing else.
_TELEMETRY_ONLY = "telemetry:\n  enabled: false\n"


def ensure_home(data_dir: Path) -> Path:
    """Create DAGSTER_HOME with the project's dagster.yaml (idempotent; a user's own file is kept)."""
    home = Path(os.environ.setdefault("DAGSTER_HOME", str(data_dir / "dagster_home"))).resolve()
    home.mkdir(parents=True, exist_ok=True)
    config = home / "dagster.yaml"
    if not config.exists() or config.read_text() == _TELEMETRY_ONLY:
        if not INSTANCE_CONFIG.exists():
            raise FileNotFoundError(f"{INSTANCE_CONFIG} is missing: run from a checkout of fomc-qa")
        atomic_write_bytes(config, INSTANCE_CONFIG.read_bytes())
    return home


def open_instance(data_dir: Path) -> dg.DagsterInstance:
    """The persistent instance `dagster dev` and the daemon read, so the UI shows what the build did."""
    ensure_home(data_dir)
    return dg.DagsterInstance.get()
