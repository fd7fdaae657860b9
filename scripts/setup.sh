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
  .venv/bin/python -m pip install --quiet --upgrade pip
  # torch==2.13.0 is the CPU wheel on this project's machines; pyproject pins the same version.
  .venv/bin/python -m pip install --quiet "torch==2.13.0" -e ".[dev]"
  echo "$want" > "$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
export HF_HUB_OFFLINE=1 TOKENIZERS_PARALLELISM=false DAGSTER_HOME="${DAGSTER_HOME:-$PWD/data/dagster_home}"
mkdir -p "$DAGSTER_HOME"
