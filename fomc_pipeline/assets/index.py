"""Per-meeting index assets (embeddings → index_shard) and the unpartitioned corpus over them."""

import dagster as dg
import pyarrow.parquet as pq

from fomc_pipeline.assets.ingest import chunks
from fomc_pipeline.assets.meeting_runs import report_meetings
from fomc_pipeline.assets.write_failures import fails_on_write_errors
from fomc_pipeline.partitions import meeting_backfill_policy, meetings
from fomc_pipeline.resources import Embedder, Storage
from fomc_pipeline.runs.run_threads import threads_shared_with_runs
from fomc_qa.index.integrity import corpus_manifest_fields
from fomc_qa.index.sentence_vectors import embed_sentences
from fomc_qa.index.store import INDEX_PARAMS
from fomc_qa.index.tables import atomic_write, read_records, read_table, vectors_of
from fomc_qa.index.writer import embed_chunks, write_bm25, write_catalog, write_index, write_manifest
from fomc_qa.models import DocumentChunk, embedding_text


@dg.asset(
    partitions_def=meetings,
    backfill_policy=meeting_backfill_policy,
    group_name="index",
    deps=[chunks],
    kinds={"pytorch", "parquet"},
    description="Unit-norm float32 vectors of each chunk (header + text). Vectors are cached by model "
    "and text hash, so unchanged chunks are never embedded twice. A run over several meetings embeds all "
    "their chunks in shared batches with one model load, then, while the model is loaded, the meetings' "
    "quotable sentences into the same cache, so `reader_sentences` finds them there. Torch gets this run's "
    "share of the cores (fomc_pipeline/runs/run_threads.py).",
)
@fails_on_write_errors
def embeddings(context: dg.AssetExecutionContext, storage: Storage, embedder: Embedder) -> dg.MaterializeResult:
    paths = storage.paths
    keys = list(context.partition_keys)
    records = {key: read_records(paths.partition_file("chunks", key), DocumentChunk) for key in keys}
    provider, cache = embedder.provider(), embedder.cache(paths)
    with threads_shared_with_runs(provider, context.instance) as threads:
        result = embed_chunks([c for key in keys for c in records[key]], provider, cache)
        by_meeting, offset = {}, 0
        for key in keys:
            table = result.table.slice(offset, len(records[key]))
            offset += len(records[key])
            path = paths.partition_file("embeddings", key)
            atomic_write(path, lambda tmp, table=table: pq.write_table(table, tmp, compression="zstd"))
            by_meeting[key] = {"vectors": table.num_rows, "model": embedder.model_name, "path": str(path)}
        # The reader's sentences of these meetings (reader_sentences collects them from the cache).
        texts = [c.text for key in keys for c in records[key]] if embedder.sentences else []
        sentences, _, sentences_embedded = embed_sentences(texts, provider, cache)
    metadata = report_meetings(context, by_meeting, ["vectors"])
    # The run embeds its meetings' chunks and sentences in shared batches: these counts are the run's.
    return dg.MaterializeResult(
        metadata={**metadata, "run_chunks_embedded": result.embedded,
                  "run_chunks_from_cache": result.table.num_rows - result.embedded,
                  "run_sentences": len(sentences), "run_sentences_embedded": sentences_embedded,
                  "run_torch_threads": ", ".join(map(str, threads.changes)) or "default",
                  "model": embedder.model_name}
    )


@dg.asset(
    partitions_def=meetings,
    backfill_policy=meeting_backfill_policy,
    group_name="index",
    deps=[embeddings],
    kinds={"python"},
    description="The meeting's USearch HNSW index (inner product, f16; fomc_qa.index.store.INDEX_PARAMS) keyed by "
    "deterministic 63-bit chunk keys, written atomically to data/index/shards/MEETING.usearch (MEETING: the "
    "meeting's date, YYYY-MM-DD). A question "
    "naming dates is searched within its meetings' shards.",
)
@fails_on_write_errors
def index_shard(context: dg.AssetExecutionContext, storage: Storage) -> dg.MaterializeResult:
    paths = storage.paths
    by_meeting = {}
    for key in context.partition_keys:
        table = read_table(paths.partition_file("embeddings", key))
        size = write_index(paths.shard_file(key), table.column("key").to_numpy(), vectors_of(table))
        by_meeting[key] = {"keys": table.num_rows, "bytes": size, "path": str(paths.shard_file(key))}
    return dg.MaterializeResult(
        metadata={**report_meetings(context, by_meeting, ["keys", "bytes"]),
                  "params": dg.MetadataValue.json(INDEX_PARAMS)}
    )


@dg.asset(
    group_name="index",
    deps=[dg.AssetDep(index_shard, partition_mapping=dg.AllPartitionMapping())],
    kinds={"duckdb", "python"},
    automation_condition=dg.AutomationCondition.eager(),
    description="The corpus over all materialized meetings: a DuckDB catalog of views over the Parquet "
    "partitions, one USearch index and a BM25 index over every chunk, and the manifest the query side opens, "
    "with the size and SHA-256 of every file it is built from or writes.",
)
@fails_on_write_errors
def corpus(context: dg.AssetExecutionContext, storage: Storage, embedder: Embedder) -> dg.MaterializeResult:
    paths = storage.paths
    known = sorted(context.instance.get_dynamic_partitions(meetings.name))
    ready = [p for p in known if paths.shard_file(p).exists() and paths.partition_file("embeddings", p).exists()]
    if not ready:
        raise dg.Failure(description="no meeting has been indexed yet: materialize the per-meeting assets first")
    not_ready = sorted(set(known) - set(ready))
    if not_ready:
        context.log.warning(f"{len(not_ready)} known meetings are not indexed yet: {', '.join(not_ready)}")
    table = pq.read_table([paths.partition_file("chunks", p) for p in ready])
    rows = table.select(["chunk_id", "doc_type", "meeting_date", "section", "text"]).to_pylist()
    write_bm25(paths, [r["chunk_id"] for r in rows],
               [embedding_text(r["doc_type"], r["meeting_date"], r["section"], r["text"]) for r in rows])
    vectors = pq.read_table([paths.partition_file("embeddings", p) for p in ready])
    if vectors.column("chunk_id").to_pylist() != table.column("chunk_id").to_pylist():
        raise dg.Failure(description="chunks and embeddings disagree: re-materialize the per-meeting assets")
    index_bytes = write_index(paths.merged_index, vectors.column("key").to_numpy(), vectors_of(vectors))
    counts = write_catalog(paths)
    manifest = {
        "partitions": ready,
        "chunks": table.num_rows,
        "model": embedder.model_name,
        "index_params": INDEX_PARAMS,
        "not_indexed": not_ready,
        **corpus_manifest_fields(paths, ready),
    }
    write_manifest(paths, manifest)
    return dg.MaterializeResult(
        metadata={
            "meetings": len(ready),
            "documents": counts["documents"],
            "chunks": counts["chunks"],
            "vectors": counts["embeddings"],
            "not_indexed": ", ".join(not_ready) or "none",
            "catalog": str(paths.catalog),
            "index_bytes": index_bytes,
            "index_params": dg.MetadataValue.json(INDEX_PARAMS),
        }
    )
