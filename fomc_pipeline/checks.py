"""Asset checks on the per-meeting files and the corpus: they re-read what was written, so a
damaged file fails its check."""

import hashlib
import json
import warnings
from pathlib import Path

import dagster as dg
import duckdb
import numpy as np
import pyarrow.parquet as pq
from dagster._core.definitions.asset_checks.asset_check_evaluation import (
    AssetCheckEvaluation,
    AssetCheckEvaluationTargetMaterializationData,
)
from usearch.index import Index

from fomc_pipeline.assets.index import corpus, embeddings, index_shard
from fomc_pipeline.assets.ingest import chunks, documents
from fomc_pipeline.assets.policy import meeting_record, policy_timeline
from fomc_pipeline.assets.program import qa_program
from fomc_pipeline.assets.sentences import reader_sentences
from fomc_pipeline.partitions import meetings
from fomc_pipeline.resources import Embedder, Storage
from fomc_qa.answering.session import program_path
from fomc_qa.config import DataPaths
from fomc_qa.index.integrity import Diagnosis, diagnose, program_problems
from fomc_qa.index.tables import EMBED_DIM, read_records, read_table, vectors_of
from fomc_qa.models import DocumentChunk, FOMCDocument
from fomc_qa.policy.record import MeetingRecord
from fomc_qa.policy.timeline import chain_problems, load_records

# Per-partition checks are "preview" in Dagster 1.13 but work (STACK-NOTES); they are the only way
# to re-check a partition's files after the fact, so we use them and keep the load output clean.
warnings.filterwarnings("ignore", category=dg.PreviewWarning,
                        message="Specifying a partitions_def on an AssetCheckSpec")


def _result(failures: list[str], **metadata) -> dg.AssetCheckResult:
    return dg.AssetCheckResult(
        passed=not failures,
        metadata={**metadata, "failures": len(failures), "first_failures": "; ".join(failures[:5]) or "none"},
    )


def over_meetings(context: dg.AssetCheckExecutionContext, check_one):
    """Run a per-meeting check on every meeting of the run (one, or a backfill's range of several) and record
    one evaluation per meeting, on that meeting's partition. (An AssetCheckResult in a run over a range is
    recorded once, without a partition, and the UI then shows every partition of the run as skipped.)
    A failed meeting fails its own partition; a blocking check then fails the run's step."""
    if context.has_partition_key:
        yield check_one(context.partition_key)
        return
    (spec,) = context.check_specs
    for key in context.partition_keys:
        result = check_one(key)
        yield AssetCheckEvaluation(
            asset_key=spec.asset_key, check_name=spec.name, passed=result.passed, metadata=result.metadata,
            target_materialization_data=_latest_materialization(context.instance, spec.asset_key, key),
            severity=result.severity, description=result.description, blocking=spec.blocking, partition=key)
    yield dg.Output(None)


def _latest_materialization(instance: dg.DagsterInstance, asset_key: dg.AssetKey,
                            partition: str) -> AssetCheckEvaluationTargetMaterializationData | None:
    """The partition's materialization the evaluation is about (what Dagster records for a one-partition run)."""
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=asset_key, asset_partitions=[partition]), limit=1).records
    if not records:
        return None
    return AssetCheckEvaluationTargetMaterializationData(
        run_id=records[0].run_id, storage_id=records[0].storage_id, timestamp=records[0].timestamp)


@dg.asset_check(asset=documents, partitions_def=meetings, blocking=True,
                description="Every document has non-empty text, a title and a content hash that matches it.")
def documents_have_text(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    return over_meetings(context, lambda key: check_documents(storage.paths, key))


def check_documents(paths: DataPaths, key: str) -> dg.AssetCheckResult:
    docs = read_records(paths.partition_file("documents", key), FOMCDocument)
    failures = [d.document_id for d in docs
                if not d.text.strip() or not d.title or hashlib.sha256(d.text.encode()).hexdigest() != d.content_sha256]
    if not docs:
        failures.append("no documents")
    return _result(failures, documents=len(docs), min_chars=min((len(d.text) for d in docs), default=0))


@dg.asset_check(asset=chunks, partitions_def=meetings, blocking=True,
                description="Chunks fit the model window, have unique ids, and their offsets slice the document "
                "text exactly.")
def chunks_are_consistent(
    context: dg.AssetCheckExecutionContext, storage: Storage, embedder: Embedder
) -> dg.AssetCheckResult:
    window = embedder.provider().max_tokens
    return over_meetings(context, lambda key: check_chunks(storage.paths, key, window))


def check_chunks(paths: DataPaths, key: str, window: int) -> dg.AssetCheckResult:
    records = read_records(paths.partition_file("chunks", key), DocumentChunk)
    texts = {d.document_id: d.text for d in read_records(paths.partition_file("documents", key), FOMCDocument)}
    failures = []
    ids = [c.chunk_id for c in records]
    if len(set(ids)) != len(ids):
        failures.append("duplicate chunk ids")
    failures += [f"{c.chunk_id}: {c.token_count} tokens > {window}" for c in records if c.token_count > window]
    failures += [f"{c.chunk_id}: offsets do not slice its document" for c in records
                 if texts.get(c.document_id, "")[c.char_start:c.char_end] != c.text]
    for doc_id in texts:
        indexes = [c.chunk_index for c in records if c.document_id == doc_id]
        if indexes != list(range(len(indexes))) or not indexes:
            failures.append(f"{doc_id}: chunk indexes not 0..n-1")
    return _result(failures, chunks=len(records), max_tokens=max((c.token_count for c in records), default=0),
                   window=window)


@dg.asset_check(asset=embeddings, partitions_def=meetings, blocking=True,
                description="One finite, unit-norm, 384-d vector per chunk, keyed like the chunk.")
def embeddings_are_unit_vectors(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    return over_meetings(context, lambda key: check_embeddings(storage.paths, key))


def check_embeddings(paths: DataPaths, key: str) -> dg.AssetCheckResult:
    table = read_table(paths.partition_file("embeddings", key))
    chunk_ids = read_table(paths.partition_file("chunks", key)).column("chunk_id").to_pylist()
    vectors = vectors_of(table)
    norms = np.linalg.norm(vectors, axis=1)
    failures = []
    if table.column("chunk_id").to_pylist() != chunk_ids:
        failures.append(f"{table.num_rows} vectors for {len(chunk_ids)} chunks (or out of order)")
    if vectors.shape[1] != EMBED_DIM:
        failures.append(f"dimension {vectors.shape[1]}")
    if not np.isfinite(vectors).all():
        failures.append("non-finite values")
    if len(norms) and np.abs(norms - 1).max() > 1e-3:
        failures.append(f"norms off unit by up to {np.abs(norms - 1).max():.4f}")
    return _result(failures, vectors=table.num_rows,
                   max_norm_error=float(np.abs(norms - 1).max()) if len(norms) else 0.0)


@dg.asset_check(asset=index_shard, partitions_def=meetings, blocking=True,
                description="The shard file opens, holds one key per chunk, and every chunk finds itself as its "
                "own top hit.")
def shard_finds_itself(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    return over_meetings(context, lambda key: check_shard(storage.paths, key))


def check_shard(paths: DataPaths, key: str) -> dg.AssetCheckResult:
    table = read_table(paths.partition_file("embeddings", key))
    return check_index(paths.shard_file(key), table.column("key").to_numpy(), vectors_of(table))


def check_index(path: Path, keys: np.ndarray, vectors: np.ndarray) -> dg.AssetCheckResult:
    """The USearch file at `path` opens, holds one key per vector, and every vector is its own top hit."""
    try:
        index = Index.restore(str(path), view=True)
        if index is None:
            raise ValueError("not a USearch index file")
    except Exception as exc:
        return _result([f"index {path} is unreadable: {exc}"], keys=0, chunks=len(keys))
    failures = []
    if len(index) != len(keys):
        failures.append(f"{len(index)} keys for {len(keys)} chunks")
    top = np.asarray(index.search(vectors, 1, threads=1).keys).reshape(-1)
    misses = int((top != keys).sum())
    if misses:
        failures.append(f"{misses} chunks do not find themselves first")
    return _result(failures, keys=len(index), chunks=len(keys), self_hit_rate=1 - misses / max(len(keys), 1))


@dg.asset_check(asset=corpus, blocking=True,
                description="The index over all meetings holds one key per chunk and every chunk finds itself first.")
def index_finds_every_chunk(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    paths = storage.paths
    manifest = json.loads(paths.manifest.read_text())
    table = pq.read_table([paths.partition_file("embeddings", p) for p in manifest["partitions"]])
    return check_index(paths.merged_index, table.column("key").to_numpy(), vectors_of(table))


# A check runs after every asset whose files it reads, when they are in its run: the catalog is rewritten by
# policy_timeline, the sentence table is written by reader_sentences, both after the corpus. Without these deps
# a check on the corpus could run between them and read a file its run had not written yet (issue 31).
CATALOG_WRITERS = [policy_timeline]
DOCTOR_READS = [reader_sentences, policy_timeline]


@dg.asset_check(asset=corpus, additional_deps=CATALOG_WRITERS,
                description="No source URL is ingested twice and every chunk is indexed once (read after "
                "policy_timeline, which rewrites the catalog, when both are in the run).")
def corpus_is_unique(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    with duckdb.connect(str(storage.paths.catalog), read_only=True) as con:
        dup_urls = con.execute("SELECT source_url FROM documents GROUP BY 1 HAVING count(*) > 1").fetchall()
        dup_chunks = con.execute("SELECT chunk_id FROM chunks GROUP BY 1 HAVING count(*) > 1").fetchall()
        n_docs, n_chunks = con.execute(
            "SELECT (SELECT count(*) FROM documents), (SELECT count(*) FROM chunks)"
        ).fetchone()
    failures = [f"duplicate url {u}" for (u,) in dup_urls] + [f"duplicate chunk {c}" for (c,) in dup_chunks]
    return _result(failures, documents=n_docs, chunks=n_chunks)


@dg.asset_check(asset=corpus, additional_deps=DOCTOR_READS,
                description="Every file the corpus recorded in its manifest still has the size and "
                "SHA-256 it was written with, the catalog opens and the reader's sentence table opens: the check "
                "`python -m fomc_qa doctor` runs. It runs after reader_sentences and policy_timeline when they "
                "are in its run, since it reads what they write.")
def corpus_files_intact(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    return diagnosis_result(diagnose(storage.paths))


@dg.asset_check(asset=qa_program, description="The compiled program still has the size and SHA-256 recorded beside it.")
def program_is_intact(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    problems = program_problems(storage.paths, program_path(storage.paths), hashes=True)
    return _result([f"{p.path}: {p.state}: {p.detail}; fix: {p.fix}" for p in problems])


def diagnosis_result(diagnosis: Diagnosis) -> dg.AssetCheckResult:
    return _result([f"{f.path}: {f.state}: {f.detail}" for f in diagnosis.problems], files=len(diagnosis.files),
                   partitions_to_rematerialize=", ".join(diagnosis.partitions_to_rematerialize) or "none",
                   fixes=dg.MetadataValue.md("\n".join(f"- `{fix}`" for fix in
                                                       dict.fromkeys(f.fix for f in diagnosis.problems)) or "none"))


@dg.asset_check(asset=meeting_record, partitions_def=meetings, blocking=True,
                description="The record has a decision with its sentence, as many voters as names in the vote "
                "sentence, and every source sentence is a verbatim substring of the chunk it names.")
def record_is_grounded(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    return over_meetings(context, lambda key: check_record(storage.paths, key))


def check_record(paths: DataPaths, key: str) -> dg.AssetCheckResult:
    try:
        record = MeetingRecord.model_validate_json(paths.record_file(key).read_bytes())
    except (OSError, ValueError) as exc:
        return _result([f"record {paths.record_file(key)} is unreadable: {str(exc).splitlines()[0]}"])
    texts = {c.chunk_id: c.text for c in read_records(paths.partition_file("chunks", key), DocumentChunk)}
    return _result(record_problems(record, texts), decision=record.decision, sources=len(record.sources()),
                   voters=len(record.voters_for) + len(record.dissents))


def record_problems(record: MeetingRecord, chunk_texts: dict[str, str]) -> list[str]:
    """What makes a record untrustworthy: an ungrounded sentence, a vote that does not add up."""
    failures = []
    for source in record.sources():
        text = chunk_texts.get(source.chunk_id or "")
        if text is None or source.sentence not in text:
            failures.append(f"not verbatim in {source.chunk_id}: {source.sentence[:60]!r}")
    names = [*record.voters_for, *(d.name for d in record.dissents)]
    if record.vote_source is None or not names:
        failures.append("no vote parsed")
    else:
        named_in = [(n, record.vote_source.sentence) for n in record.voters_for]
        named_in += [(d.name, d.source.sentence) for d in record.dissents]
        failures += [f"voter {n} not named in the vote sentence"
                     for n, sentence in named_in if n.split()[-1] not in sentence]
        if len(set(names)) != len(names):
            failures.append("a voter is listed twice")
    return failures


@dg.asset_check(asset=policy_timeline, blocking=True,
                description="The ranges chain: each meeting's range before is the previous meeting's range after, a "
                "stated change equals the difference, and each decision's direction matches the move.")
def ranges_chain(context: dg.AssetCheckExecutionContext, storage: Storage) -> dg.AssetCheckResult:
    records = load_records(storage.paths.policy_records)
    problems = chain_problems(records)
    return _result(problems, meetings=len(records))


per_partition_checks = [documents_have_text, chunks_are_consistent, embeddings_are_unit_vectors, shard_finds_itself,
                        record_is_grounded]
corpus_checks = [corpus_is_unique, index_finds_every_chunk, corpus_files_intact, ranges_chain]
program_checks = [program_is_intact]
