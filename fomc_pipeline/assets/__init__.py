"""Asset definitions, grouped by stage: ingest, index, quality, answering."""
