"""The Dagster code location: assets, checks, resources, sensors and schedules of fomc-qa."""

import dagster as dg

from fomc_pipeline.assets.brief import release_brief
from fomc_pipeline.assets.index import corpus, embeddings, index_shard
from fomc_pipeline.assets.ingest import chunks, documents, raw_pages
from fomc_pipeline.assets.policy import meeting_record, policy_timeline
from fomc_pipeline.assets.program import qa_program
from fomc_pipeline.assets.quality import ann_benchmark, retrieval_checks, retrieval_eval, shipped_index_recall
from fomc_pipeline.assets.sentences import reader_sentences
from fomc_pipeline.automation import (
    REFRESH_INTERVAL_S,
    SENSOR_STATUS,
    meeting_job,
    monthly_backfill,
    new_meeting_sensor,
)
from fomc_pipeline.checks import corpus_checks, per_partition_checks, program_checks
from fomc_pipeline.release_watch import delivery_job, release_delivery, release_job, release_watch_sensor
from fomc_pipeline.resources import Embedder, FedSite, LanguageModel, Storage

per_meeting_assets = [raw_pages, documents, chunks, embeddings, index_shard, meeting_record]
downstream = [corpus, reader_sentences, policy_timeline, retrieval_eval, qa_program, ann_benchmark]
# Per meeting again, after the corpus: a meeting's brief cites its chunks and compares with the meeting before.
brief_assets = [release_brief]
release = [release_delivery]
all_checks = [*per_partition_checks, *corpus_checks, *retrieval_checks, shipped_index_recall, *program_checks]

refresh_downstream = dg.AutomationConditionSensorDefinition(
    "refresh_downstream",
    target=dg.AssetSelection.assets(corpus, reader_sentences, policy_timeline, retrieval_eval, qa_program),
    default_status=SENSOR_STATUS,
    minimum_interval_seconds=REFRESH_INTERVAL_S,
    description="Rebuilds the corpus, the reader's sentence table, the policy timeline, the retrieval evaluation "
    "and the answering program once new meeting shards land. It leaves out ann_benchmark: that measures the index "
    "configuration, not the content (a new meeting adds ~2% of the vectors), and costs about two minutes of both "
    "cores, so it runs with the build or from the UI.",
)

defs = dg.Definitions(
    assets=[*per_meeting_assets, *downstream, *brief_assets, *release],
    asset_checks=all_checks,
    jobs=[meeting_job, release_job, delivery_job],
    sensors=[new_meeting_sensor, refresh_downstream, release_watch_sensor],
    schedules=[monthly_backfill],
    # Every run, the UI's backfills included, executes its steps in its own process: one import of
    # the code location and one model load per run (README, "Operations").
    executor=dg.in_process_executor,
    resources={"fed": FedSite(), "storage": Storage(), "embedder": Embedder(), "lm": LanguageModel()},
)
