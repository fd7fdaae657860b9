"""One dynamic partition per FOMC meeting, keyed by the meeting's last day (YYYY-MM-DD), and how a
backfill groups meetings into runs."""

import os
import warnings

import dagster as dg

# BackfillPolicy is "beta" in Dagster 1.13; it is how a backfill batches partitions into few runs.
warnings.filterwarnings("ignore", category=dg.BetaWarning, message="Parameter `backfill_policy`")

meetings = dg.DynamicPartitionsDefinition(name="fomc_meetings")

# A backfill runs up to this many meetings per run: each run starts one process, loads the model
# once and embeds its meetings' chunks in shared batches. Chosen by measurement (README, "Operations").
# FOMC_MEETINGS_PER_RUN overrides it (read where the code location loads: the daemon's and the runs' environment).
MEETINGS_PER_RUN = int(os.environ.get("FOMC_MEETINGS_PER_RUN", 25))

meeting_backfill_policy = dg.BackfillPolicy.multi_run(max_partitions_per_run=MEETINGS_PER_RUN)
