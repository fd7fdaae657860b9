"""The reader's sentence vectors over the whole corpus, so an answer embeds only its question."""

import time

import dagster as dg
import pyarrow.parquet as pq

from fomc_pipeline.assets.index import corpus
from fomc_pipeline.assets.write_failures import fails_on_write_errors
from fomc_pipeline.resources import Embedder, Storage
from fomc_pipeline.runs.run_threads import threads_shared_with_runs
from fomc_qa.index.embed import cached_vectors, embed_with_cache
from fomc_qa.index.integrity import load_manifest
from fomc_qa.index.sentence_vectors import corpus_sentences, write_sentence_table


@dg.asset(
    group_name="index",
    deps=[corpus],
    kinds={"pytorch", "arrow"},
    automation_condition=dg.AutomationCondition.eager(),
    description="Every quotable sentence of the indexed chunks with its vector, embedded once through the "
    "embedding cache into data/index/sentences.arrow (an Arrow file the read side memory-maps): the "
    "extractive reader looks sentences up there instead of embedding some 35 of them per answer. The "
    "meetings' `embeddings` runs put their sentences in the cache, so this step embeds only what the cache "
    "lacks (nothing after a build).",
)
@fails_on_write_errors
def reader_sentences(context: dg.AssetExecutionContext, storage: Storage, embedder: Embedder) -> dg.MaterializeResult:
    paths = storage.paths
    partitions = load_manifest(paths)["partitions"]
    texts = pq.read_table([paths.partition_file("chunks", p) for p in partitions], columns=["text"])
    started = time.perf_counter()
    sentences, cache = corpus_sentences(texts.column("text").to_pylist()), embedder.cache(paths)
    # After the meetings' runs every sentence is cached, and the model is not even loaded.
    vectors, embedded = cached_vectors(embedder.model_name, sentences, cache), 0
    if vectors is None:
        provider = embedder.provider()
        with threads_shared_with_runs(provider, context.instance):
            vectors, embedded = embed_with_cache(provider, sentences, cache)
    size = write_sentence_table(paths.sentence_vectors, embedder.model_name, sentences, vectors)
    context.log.info(f"{len(sentences)} sentences, {embedded} embedded, the rest from the cache")
    return dg.MaterializeResult(
        metadata={
            "sentences": len(sentences),
            "embedded": embedded,
            "from_cache": len(sentences) - embedded,
            "seconds": round(time.perf_counter() - started, 2),
            "bytes": size,
            "path": str(paths.sentence_vectors),
        }
    )
