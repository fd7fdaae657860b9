"""Run tooling: the build (`python -m fomc_pipeline.runs.build`), the backfill it launches and waits for, the
daemon it starts, the instance it records in, and each run's share of the cores."""
