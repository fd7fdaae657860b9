#!/usr/bin/env bash
# Install (if needed), lint, and run the test suite: offline, on a few meetings of the bundled snapshot.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ruff check .
python -m pytest -q "$@"
