"""The fomc-qa Dagster code location: thin assets over fomc_qa and fomc_pipeline.fed functions."""
