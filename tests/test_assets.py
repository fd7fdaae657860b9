"""Each per-meeting asset and the corpus through Dagster's materialize(), on a few real meetings."""

from __future__ import annotations

import dagster as dg
import pyarrow.parquet as pq
import pytest
from conftest import FIXTURE_MEETINGS

from fomc_pipeline import definitions as d
from fomc_pipeline.checks import check_embeddings, check_shard
from fomc_qa.config import DataPaths
from fomc_qa.index.embed import get_encoder


def _table(data_dir, table, key):
    return pq.read_table(DataPaths(data_dir).partition_file(table, key))


def test_every_table_has_one_file_per_partition(built):
    data_dir = built[0]
    for table in ("raw_pages", "documents", "chunks", "embeddings"):
        files = sorted(p.stem for p in (data_dir / "warehouse" / table).glob("*.parquet"))
        assert files == sorted(FIXTURE_MEETINGS)
    assert sorted(p.stem for p in (data_dir / "index" / "shards").glob("*.usearch")) == sorted(FIXTURE_MEETINGS)


def test_documents_follow_the_id_contract(built):
    docs = _table(built[0], "documents", "2023-03-22").to_pylist()
    assert sorted(d["document_id"] for d in docs) == ["minutes-2023-03-22", "statement-2023-03-22"]
    minutes = next(d for d in docs if d["doc_type"] == "minutes")
    assert minutes["source_url"] == "https://www.federalreserve.gov/monetarypolicy/fomcminutes20230322.htm"
    assert "Staff Review of the Economic Situation" in [s["heading"] for s in minutes["sections"]]
    statement = next(d for d in docs if d["doc_type"] == "statement")
    assert str(statement["release_date"]) == "2023-03-22"
    assert "4-3/4 to 5 percent" in statement["text"]


def test_chunk_ids_and_embedding_keys(built):
    chunks = _table(built[0], "chunks", "2023-03-22")
    emb = _table(built[0], "embeddings", "2023-03-22")
    ids = chunks.column("chunk_id").to_pylist()
    assert ids[0] == "minutes-2023-03-22#000" and emb.column("chunk_id").to_pylist() == ids
    assert max(chunks.column("token_count").to_pylist()) <= 256
    assert all(0 < k < 2**63 for k in emb.column("key").to_pylist())


def test_materialization_metadata_tells_the_story(built):
    _, instance, _ = built
    event = instance.get_latest_materialization_event(dg.AssetKey("chunks"))
    meta = event.asset_materialization.metadata
    assert meta["chunks"].value > 0 and meta["max_tokens"].value <= meta["window"].value == 256
    corpus_meta = instance.get_latest_materialization_event(dg.AssetKey("corpus")).asset_materialization.metadata
    assert corpus_meta["meetings"].value == len(FIXTURE_MEETINGS)
    assert corpus_meta["documents"].value == 6  # two per meeting


def test_per_partition_checks_passed(built):
    _, instance, _ = built
    for check in d.per_partition_checks:
        for key in check.check_keys:
            record = instance.event_log_storage.get_latest_asset_check_execution_by_key([key])[key]
            assert record.status.value == "SUCCEEDED", key


def test_rematerializing_a_partition_replaces_it_and_embeds_nothing(built):
    data_dir, instance, resources = built
    key = "2020-03-15"
    before = _table(data_dir, "chunks", key).column("chunk_id").to_pylist()
    provider = get_encoder()
    calls = provider.calls
    result = dg.materialize(d.per_meeting_assets, partition_key=key, instance=instance, resources=resources)
    assert result.success
    assert provider.calls == calls, "an unchanged partition must not call the model"
    assert result.asset_materializations_for_node("embeddings")[0].metadata["run_chunks_embedded"].value == 0
    after = _table(data_dir, "chunks", key).column("chunk_id").to_pylist()
    assert after == before and len(set(after)) == len(after)
    assert len(list((data_dir / "warehouse" / "chunks").glob("*"))) == len(FIXTURE_MEETINGS)  # no temp files left


def test_corrupted_shard_fails_its_check(built, tmp_path):
    import shutil

    data_dir, instance, resources = built
    key = "2025-10-29"
    shard = DataPaths(data_dir).shard_file(key)
    backup = tmp_path / "shard.bak"
    shutil.copy(shard, backup)
    try:
        shard.write_bytes(shard.read_bytes()[:200])
        evaluation = check_shard(DataPaths(data_dir), key)
        assert not evaluation.passed
        assert "unreadable" in evaluation.metadata["first_failures"].value
    finally:
        shutil.copy(backup, shard)


def test_embedding_check_detects_non_unit_vectors(built, tmp_path):
    import pyarrow as pa
    import pyarrow.compute as pc

    data_dir, instance, resources = built
    key = "2025-10-29"
    path = DataPaths(data_dir).partition_file("embeddings", key)
    original = path.read_bytes()
    try:
        table = pq.read_table(path)
        flat = pc.multiply(table.column("vector").combine_chunks().flatten(), pa.scalar(2.0, pa.float32()))
        doubled = table.set_column(2, "vector", pa.FixedSizeListArray.from_arrays(flat, 384))
        pq.write_table(doubled, path)
        evaluation = check_embeddings(DataPaths(data_dir), key)
        assert not evaluation.passed and "norms off unit" in evaluation.metadata["first_failures"].value
    finally:
        path.write_bytes(original)


@pytest.mark.parametrize("table", ["documents", "chunks", "embeddings"])
def test_duckdb_catalog_queries_the_partitions(built, table):
    import duckdb

    with duckdb.connect(str(DataPaths(built[0]).catalog), read_only=True) as con:
        n = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    assert n == sum(_table(built[0], table, k).num_rows for k in FIXTURE_MEETINGS)


def test_corpus_checks_pass_through_materialize(built):
    data_dir, instance, resources = built
    result = dg.materialize([d.corpus, *d.corpus_checks], instance=instance, resources=resources)
    assert result.success
    evaluations = {e.check_name: e for e in result.get_asset_check_evaluations()}
    assert set(evaluations) == {"corpus_is_unique", "index_finds_every_chunk", "corpus_files_intact"}
    assert all(e.passed for e in evaluations.values())
    assert evaluations["index_finds_every_chunk"].metadata["self_hit_rate"].value == 1.0


def test_index_check_fails_when_a_chunk_is_missing(built, tmp_path):
    from fomc_pipeline.checks import check_index
    from fomc_qa.index.store import Corpus
    from fomc_qa.index.writer import write_index

    corpus = Corpus(DataPaths(built[0]))
    keys, vectors = corpus.table.keys, corpus.table.vectors
    path = tmp_path / "all.usearch"
    write_index(path, keys[1:], vectors[1:])
    evaluation = check_index(path, keys, vectors)
    assert not evaluation.passed
    assert "keys for" in evaluation.metadata["first_failures"].value
    assert check_index(tmp_path / "missing.usearch", keys, vectors).metadata["keys"].value == 0
