"""Quality assets: the retrieval evaluation (with recall checks) and the ANN benchmark."""

import json

import dagster as dg

from fomc_pipeline.assets.index import corpus, embeddings, index_shard
from fomc_pipeline.assets.policy import policy_timeline
from fomc_pipeline.assets.ui_metadata import image_preview, rounded, table
from fomc_pipeline.resources import Storage
from fomc_qa.benchmark.choose import RECALL_FLOOR
from fomc_qa.benchmark.report import ReportFiles, read_summary
from fomc_qa.benchmark.study import NothingToMeasure, StudyOptions, run_study
from fomc_qa.config import Settings
from fomc_qa.evaluation.golden import SPLITS, load_golden, split_questions
from fomc_qa.evaluation.report import RETRIEVAL_REPORT, evaluate_retrieval, format_summary
from fomc_qa.index.embed import through_cache
from fomc_qa.index.tables import atomic_write_bytes

REPORT_FILE = RETRIEVAL_REPORT  # the read side prints it: python -m fomc_qa eval --stored

# Floors guard against regressions of the shipped retriever (a little under what it measures on
# the dev split); targets are what we aim for and report beside each check's value.
FLOORS = {"hit_rate@5": 0.90, "recall@5": 0.85, "mrr": 0.80, "chunk_text_recall@5": 0.70}
TARGETS = {"hit_rate@5": 0.95, "recall@5": 0.90, "mrr": 0.85, "chunk_text_recall@5": 0.90}
SUMMARY_METRICS = ["hit_rate@5", "recall@5", "precision@5", "ndcg@5", "mrr", "chunk_text_recall@5"]


@dg.asset(
    group_name="quality",
    deps=[corpus, policy_timeline],
    kinds={"python"},
    automation_condition=dg.AutomationCondition.eager(),
    description="Retrieval metrics (hit rate, recall, precision, NDCG at 3/5/10, MRR, chunk-text recall) of the "
    "shipped retriever on the project's golden questions, per split and category; report in data/reports/.",
)
def retrieval_eval(context: dg.AssetExecutionContext, storage: Storage) -> dg.MaterializeResult:
    from fomc_qa.answering.session import open_retriever  # here, not with the code location (import time)

    paths = storage.paths
    questions = load_golden(paths.golden)
    retriever = open_retriever(Settings.from_env(), paths=paths)
    # The questions are embedded in one batch through the embedding cache, which each search then reads: a batch is
    # faster than one text at a time, and a rebuild embeds none of them again.
    retriever.embedder = through_cache(retriever.embedder, paths.embed_cache)
    retriever.warm([q.question for q in questions])
    report = {split: evaluate_retrieval(split_questions(questions, split), retriever.search) for split in SPLITS}
    out = paths.report(REPORT_FILE)
    atomic_write_bytes(out, json.dumps(report["dev"] | {"splits": report}, indent=2, default=str).encode())
    dev = report["dev"]["overall"]
    context.log.info("dev split:\n" + format_summary(report["dev"]))
    return dg.MaterializeResult(
        metadata={
            **{f"dev_{k}": rounded(float(dev[k]), 4) for k in FLOORS},
            "dev_questions": report["dev"]["n"],
            "train_questions": report["train"]["n"],
            "test_questions": report["test"]["n"],
            **{f"{split}_hit_rate_at_5": round(float(report[split]["overall"]["hit_rate@5"]), 4) for split in SPLITS},
            "summary": table([{"split": split, "questions": report[split]["n"],
                               **{k: _number(report[split]["overall"].get(k)) for k in SUMMARY_METRICS}}
                              for split in ("train", "dev")]),
            "report": str(out),
        }
    )


def _number(value) -> float | None:
    return None if value is None else float(value)


def _metric_check(metric: str):
    @dg.asset_check(
        asset=retrieval_eval,
        name=f"{metric.replace('@', '_at_')}_floor",
        blocking=metric == "recall@5",
        description=f"Dev-split {metric} of the shipped retriever is at least {FLOORS[metric]}.",
    )
    def _check(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
        report = json.loads(storage.paths.report(REPORT_FILE).read_text())
        value = float(report["overall"][metric])
        by_category = {
            c: round(float(v[metric]), 4) for c, v in report["by_category"].items() if v.get(metric) is not None
        }
        return dg.AssetCheckResult(
            passed=value >= FLOORS[metric],
            metadata={metric: rounded(value, 4), "floor": FLOORS[metric], "target": TARGETS[metric],
                      "meets_target": value >= TARGETS[metric], "by_category": dg.MetadataValue.json(by_category)},
        )

    return _check


retrieval_checks = [_metric_check(m) for m in FLOORS]


class BenchmarkConfig(dg.Config):
    """The study's options (fomc_qa.benchmark.study.StudyOptions) as the launchpad shows them.

    The defaults are the main build's quick grid: one build per family with the shipped USearch
    configuration among them, enough to answer which index and parameters ship and to hold them to
    the recall floor, in seconds. The full sweep and the scale study are a configured
    materialization (grid "full", scale [10000, 100000, 1000000]) or `benchmarks/ann_benchmark.py`.
    """

    grid: str = "small"  # "full": every family and parameter (minutes)
    scale: list[int] = []  # synthetic corpus sizes for the scale study (none by default)
    budget_s: float = 600.0  # time box per scale size
    holdout: int = 300  # chunk vectors held back as queries
    rounds: int = 3  # interleaved timing rounds on the real corpus
    seed: int = 0

    def options(self) -> StudyOptions:
        return StudyOptions(grid=self.grid, scale=tuple(self.scale), budget_s=self.budget_s, holdout=self.holdout,
                            rounds=self.rounds, seed=self.seed, embed_model=Settings.from_env().embed_model)


@dg.asset(
    group_name="quality",
    # It reads the meetings' vectors and shard files, not the corpus: a backfill runs it in a run of its own
    # (its backfill policy differs from the other downstream assets', so Dagster does not group them), beside
    # the corpus's run, on the other core (README, "Operations").
    deps=[dg.AssetDep(embeddings, partition_mapping=dg.AllPartitionMapping()),
          dg.AssetDep(index_shard, partition_mapping=dg.AllPartitionMapping())],
    backfill_policy=dg.BackfillPolicy.single_run(),
    kinds={"python"},
    description="USearch HNSW vs FAISS HNSW/IVF vs exact search on the real chunk vectors (queries: the embedded "
    "golden questions and held-back chunks; truth: exact search) and shards vs one merged index: by default a "
    "quick grid that checks the shipped index; configured with grid=full and scale sizes, the full sweep and a "
    "scale study on synthetic corpora grown from the real vectors. Report, Parquet and plot in data/reports/.",
)
def ann_benchmark(context: dg.AssetExecutionContext, config: BenchmarkConfig,
                  storage: Storage) -> dg.MaterializeResult:
    try:
        report = run_study(storage.paths, config.options())
    except NothingToMeasure as exc:
        raise dg.Failure(description=f"the benchmark found nothing to measure: {exc}") from exc
    return dg.MaterializeResult(
        metadata={
            **benchmark_figures(report.summary),
            "head_to_head": table(head_to_head_rows(report.summary), digits=4),
            "recall_vs_latency": image_preview(report.files.plot),
            "report": dg.MetadataValue.path(str(report.files.markdown)),
        }
    )


MIB = 2**20
READING = ("`<family>_p50_over_shipped_p50` is that family's fastest setting at equal or better recall@10, its "
           "median latency divided by the shipped index's: above 1, the shipped index is that many times faster. "
           "Latencies are per query, in milliseconds; memory in MiB.")


def benchmark_figures(summary: dict) -> dict:
    """The headline figures, each label saying its unit and, for a ratio, which way it divides."""
    shipped = summary["shipped"]
    figures = {
        "shipped_config": shipped["label"],
        "shipped_recall_at_10": rounded(float(shipped["recall_at_10"]), 4),
        "shipped_p50_ms": rounded(float(shipped["latency_ms_p50"]), 4),
        "shipped_p99_ms": rounded(float(shipped["latency_ms_p99"]), 4),
        **({"shipped_memory_mib": rounded(shipped["memory_bytes"] / MIB, 2)} if shipped.get("memory_bytes") else {}),
        **{f"{family}_p50_over_shipped_p50": rounded(float(v["p50_ratio"]), 4)
           for family, v in summary["versus"].items() if v.get("p50_ratio")},
    }
    return {**figures, "how_to_read": dg.MetadataValue.md(READING)}


def head_to_head_rows(summary: dict) -> list[dict]:
    """The shipped index and, per rival family, the fastest setting at equal or better recall@10, with its
    p50 divided by the shipped index's (1.0 on the shipped row; above 1, the shipped index is faster)."""
    def row(role: str, r: dict, ratio: float | None) -> dict:
        memory = r.get("memory_bytes")
        return {"role": role, "config": r["label"], "recall_at_10": r["recall_at_10"], "p50_ms": r["latency_ms_p50"],
                "p99_ms": r["latency_ms_p99"], "memory_mib": None if memory is None else memory / MIB,
                "p50_over_shipped_p50": ratio}

    return [row("shipped", summary["shipped"], 1.0),
            *(row(f"fastest {family} at equal recall", v["rival"], v["p50_ratio"])
              for family, v in summary["versus"].items())]


@dg.asset_check(asset=ann_benchmark,
                description=f"The shipped index configuration reaches recall@10 >= {RECALL_FLOOR} "
                            "against exact search.")
def shipped_index_recall(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    summary = read_summary(ReportFiles.of(storage.paths))
    recall = float(summary["shipped"]["recall_at_10"])
    return dg.AssetCheckResult(passed=recall >= summary["recall_floor"],
                               metadata={"recall_at_10": rounded(recall, 4), "floor": summary["recall_floor"],
                                         "shipped": summary["shipped"]["label"]})
