"""The reader's sentence table: the asset through materialize(), the lookup encoder beneath it, and the
answers with and without it."""

from __future__ import annotations

import dataclasses
import shutil

import dagster as dg
import numpy as np
import pyarrow.parquet as pq
import pytest

from fomc_pipeline.assets.sentences import reader_sentences
from fomc_qa.answering.session import Session
from fomc_qa.config import DataPaths, Settings
from fomc_qa.index.embed import get_encoder
from fomc_qa.index.integrity import load_manifest
from fomc_qa.index.sentence_vectors import SentenceTable, TableEncoder, corpus_sentences, write_sentence_table
from fomc_qa.text.sentences import quotable

QUESTIONS = [
    "What did the FOMC decide on March 15, 2020?",
    "How did the Committee describe inflation in March 2023?",
    "What did participants say about the labor market in October 2025?",
]


def _chunk_texts(paths: DataPaths) -> list[str]:
    partitions = load_manifest(paths)["partitions"]
    return pq.read_table([paths.partition_file("chunks", p) for p in partitions], columns=["text"]).column(
        "text").to_pylist()


def test_corpus_sentences_are_the_quotable_ones_once_each_in_order():
    texts = ["The Committee decided to lower the target range. Jerome H. Powell, Chair",
             "The Committee decided to lower the target range. Inflation has eased over the past year."]
    assert corpus_sentences(texts) == ["The Committee decided to lower the target range.",
                                       "Inflation has eased over the past year."]
    assert not quotable("Jerome H. Powell, Chair")


def test_the_asset_embeds_every_quotable_sentence_with_the_models_vectors(built):
    paths = DataPaths(built[0])
    table = SentenceTable.read(paths.sentence_vectors)
    sentences = corpus_sentences(_chunk_texts(paths))
    assert list(table.rows) == sentences and len(sentences) > 100
    encoder = get_encoder(load_manifest(paths)["model"])
    assert table.model == encoder.name
    sample = sentences[:: max(1, len(sentences) // 20)]
    expected = encoder.encode(sample)
    got = table.vectors[[table.rows[s] for s in sample]]
    assert np.abs(got - expected).max() < 1e-5


def test_rematerializing_embeds_nothing_and_writes_the_same_table(built):
    data_dir, instance, resources = built
    paths = DataPaths(data_dir)
    before = SentenceTable.read(paths.sentence_vectors)
    result = dg.materialize([reader_sentences], instance=instance, resources=resources)
    assert result.success
    meta = result.asset_materializations_for_node("reader_sentences")[0].metadata
    assert meta["embedded"].value == 0 and meta["from_cache"].value == meta["sentences"].value
    after = SentenceTable.read(paths.sentence_vectors)
    assert list(after.rows) == list(before.rows) and np.array_equal(after.vectors, before.vectors)


def test_answers_are_the_same_with_and_without_the_table(built, tmp_path):
    data_dir = built[0]
    bare = tmp_path / "data"
    shutil.copytree(data_dir, bare, ignore=shutil.ignore_patterns("cache", "conversations"))
    DataPaths(bare).sentence_vectors.unlink()
    settings = dataclasses.replace(Settings.from_env(), lm="extractive")
    with_table = Session.open(dataclasses.replace(settings, data_dir=data_dir))
    without = Session.open(dataclasses.replace(settings, data_dir=bare))
    for question in QUESTIONS:
        a, b = with_table.answer(question), without.answer(question)
        assert (a.answer, a.citations, a.confidence) == (b.answer, b.citations, b.confidence), question
    looked_up = with_table.retriever.embedder
    assert looked_up.looked_up > 0 and looked_up.embedded < looked_up.looked_up
    assert without.retriever.embedder.looked_up == 0


def test_lookups_and_misses_give_the_encoders_vectors(built, tmp_path):
    paths = DataPaths(built[0])
    encoder = get_encoder(load_manifest(paths)["model"])
    known = list(SentenceTable.read(paths.sentence_vectors).rows)[:3]
    texts = [known[0], "A question the table has never seen?", known[2]]
    wrapped = TableEncoder(encoder, paths.sentence_vectors)
    assert np.abs(wrapped.encode(texts) - encoder.encode(texts)).max() < 1e-5
    assert (wrapped.looked_up, wrapped.embedded) == (2, 1)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other model"])
def test_an_unusable_table_is_warned_about_and_answers_stay_right(built, tmp_path, capsys, damage):
    paths = DataPaths(built[0])
    encoder = get_encoder(load_manifest(paths)["model"])
    path = tmp_path / "sentences.arrow"
    if damage == "garbage":
        path.write_bytes(b"\x00not an arrow file" * 50)
    elif damage == "truncated":
        data = paths.sentence_vectors.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    else:
        table = SentenceTable.read(paths.sentence_vectors)
        write_sentence_table(path, "another/model", list(table.rows), table.vectors)
    wrapped = TableEncoder(encoder, path)
    texts = ["The Committee decided to maintain the target range.", "Inflation remained elevated."]
    assert np.abs(wrapped.encode(texts) - encoder.encode(texts)).max() < 1e-5
    assert wrapped.looked_up == 0 and wrapped.embedded == 2
    err = capsys.readouterr().err
    assert str(path) in err and "embedded per answer" in err
    wrapped.encode(texts)
    assert capsys.readouterr().err == "", "the warning is given once"


@pytest.mark.parametrize("damage", ["missing", "garbage"])
def test_doctor_names_a_missing_or_damaged_table_and_its_command(built, tmp_path, damage):
    from fomc_qa.index.integrity import diagnose

    copy = tmp_path / "data"
    shutil.copytree(built[0], copy, ignore=shutil.ignore_patterns("cache", "conversations"))
    paths = DataPaths(copy)
    assert {f.kind: f.state for f in diagnose(paths).files}["sentence table"] == "ok"
    if damage == "missing":
        paths.sentence_vectors.unlink()
    else:
        paths.sentence_vectors.write_bytes(b"not an arrow file")
    status = next(f for f in diagnose(paths).files if f.kind == "sentence table")
    assert status.state == ("missing" if damage == "missing" else "unreadable")
    assert "--select reader_sentences" in status.fix


def test_the_meeting_runs_embed_the_sentences_so_the_table_embeds_none(built):
    """`embeddings` puts its meetings' quotable sentences in the cache while the model is loaded, so the
    first `reader_sentences` after them (the fixture's) embedded nothing."""
    _, instance, _ = built
    first_table = instance.fetch_materializations(dg.AssetKey("reader_sentences"), limit=1, ascending=True).records
    meta = first_table[0].asset_materialization.metadata
    assert meta["sentences"].value > 100 and meta["embedded"].value == 0
    first_by_meeting = {}
    for record in instance.fetch_materializations(dg.AssetKey("embeddings"), limit=1000, ascending=True).records:
        first_by_meeting.setdefault(record.partition_key, record.asset_materialization.metadata)
    assert len(first_by_meeting) == 3
    # The fixture's meetings were materialized one after another: each embedded the sentences the cache lacked.
    assert sum(m["run_sentences_embedded"].value for m in first_by_meeting.values()) == meta["sentences"].value
    assert all(m["run_sentences"].value >= m["run_sentences_embedded"].value > 0 for m in first_by_meeting.values())


def test_what_the_cache_lacks_the_table_embeds_itself(built, tmp_path):
    """A cache that lost vectors since the meetings' runs (or never held them): the asset embeds what it
    lacks with the model, and takes the rest from the cache. Every tenth sentence is dropped, not the whole
    cache: the same code path, at a tenth of the model's time."""
    import sqlite3

    from fomc_qa.index.embed import text_hash

    data_dir, instance, resources = built
    data = tmp_path / "data"
    shutil.copytree(data_dir, data, ignore=shutil.ignore_patterns("conversations"))
    before = SentenceTable.read(DataPaths(data).sentence_vectors)
    embedder = resources["embedder"]
    dropped = list(before.rows)[::10]
    with sqlite3.connect(embedder.cache(DataPaths(data)).path) as db:
        gone = db.executemany("DELETE FROM vectors WHERE key = ?",
                              [(text_hash(embedder.model_name, t),) for t in dropped]).rowcount
    assert gone == len(dropped) > 10
    from conftest import resources_for

    result = dg.materialize([reader_sentences], instance=instance,
                            resources=resources_for(data, resources["fed"].base_url))
    meta = result.asset_materializations_for_node("reader_sentences")[0].metadata
    assert meta["embedded"].value == len(dropped) and meta["sentences"].value == len(before.rows)
    after = SentenceTable.read(DataPaths(data).sentence_vectors)
    assert list(after.rows) == list(before.rows)
    assert np.abs(after.vectors - before.vectors).max() < 1e-5
