#!/usr/bin/env bash
# The main job end to end on the bundled snapshot: install, build every partition and the
# downstream assets (recorded in the Dagster instance `dagster dev` shows), print the
# evaluation summary, answer a sample question, and list every asset check of the build.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if ! python -m fomc_pipeline.runs.build --snapshot "$@"; then
  echo
  python -m fomc_pipeline.runs.checks_report || true  # which check stopped the build, if one did
  exit 1
fi
echo
echo "== Retrieval evaluation (dev split, as the build's retrieval_eval asset recorded it) =="
python -m fomc_qa eval --golden data/eval/golden.json --split dev --stored
echo
echo "== Sample question =="
python -m fomc_qa "Who dissented at the July 2025 meeting, and what did they prefer?"
echo
python -m fomc_pipeline.runs.checks_report
