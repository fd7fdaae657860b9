#!/usr/bin/env bash
# Install (if needed), lint, and run the test suite: offline, on a few meetings of the bundled snapshot.
# The web page's browser test runs Debian's chromium, installed by scripts/browser.sh; here its absence
# is a failure, not a skip.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
bash scripts/browser.sh
export FOMC_QA_REQUIRE_BROWSER=1
ruff check .
# Two workers (FOMC_TEST_WORKERS; 0 runs in one process), each taking whole test modules, so a module's fixtures are
# built once.
python -m pytest -q -n "${FOMC_TEST_WORKERS:-2}" --dist loadfile "$@"
