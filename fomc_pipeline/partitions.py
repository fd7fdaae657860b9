"""One dynamic partition per FOMC meeting, keyed by the meeting's last day (YYYY-MM-DD)."""

import dagster as dg

meetings = dg.DynamicPartitionsDefinition(name="fomc_meetings")
