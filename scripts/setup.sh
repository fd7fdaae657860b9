#!/usr/bin/env bash
# Create .venv and install fomc-qa with its dev extras (idempotent: skipped when pyproject.toml
# is unchanged since the last successful install). Sourced by demo.sh and test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.fomc-qa-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  # torch==2.13.0 is the CPU wheel on this project's machines; pyproject pins the same version.
  # (pip's notes about local index folders that do not exist are noise; errors still fail the script.)
  .venv/bin/python -m pip install --quiet --upgrade pip 2>&1 | { grep -v "^WARNING: Location" || true; }
  .venv/bin/python -m pip install --quiet "torch==2.13.0" -e ".[dev]" 2>&1 | { grep -v "^WARNING: Location" || true; }
  echo "$want" > "$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
export HF_HUB_OFFLINE=1 TOKENIZERS_PARALLELISM=false DAGSTER_HOME="${DAGSTER_HOME:-$PWD/data/dagster_home}"
mkdir -p "$DAGSTER_HOME"
# The project's instance config (run queue, run monitoring); a dagster.yaml of your own is kept
# (the telemetry-only file earlier versions wrote is replaced).
cfg="$DAGSTER_HOME/dagster.yaml"
if [ ! -f "$cfg" ] || [ "$(cat "$cfg")" = "$(printf 'telemetry:\n  enabled: false')" ]; then
  cp deploy/dagster.yaml "$cfg.tmp" && mv "$cfg.tmp" "$cfg"
fi
# The Postgres test needs PostgreSQL 15 (Debian's postgresql-15); install it when missing and we may.
if [ ! -x /usr/lib/postgresql/15/bin/initdb ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
fi
