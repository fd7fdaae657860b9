"""Chunking invariants on real documents, counted with the real tokenizer."""

from __future__ import annotations

import datetime as dt

import pytest
from conftest import SNAPSHOT

from fomc_pipeline.fed.chunking import chunk_document
from fomc_pipeline.fed.pages import parse_page
from fomc_qa.index.embed import get_encoder
from fomc_qa.models import FOMCDocument, document_id
from fomc_qa.text.sentences import sentence_spans

PAGES = {
    ("minutes", "2020-04-29"): "monetarypolicy/fomcminutes20200429.htm",
    ("minutes", "2025-01-29"): "monetarypolicy/fomcminutes20250129.htm",
    ("statement", "2024-01-31"): "newsevents/pressreleases/monetary20240131a.htm",
}


@pytest.fixture(scope="module")
def provider():
    return get_encoder()


def _doc(doc_type: str, date: str, text: str | None = None, sections=()) -> FOMCDocument:
    if text is None:
        path = PAGES[(doc_type, date)]
        page = parse_page((SNAPSHOT / path).read_text(), doc_type, f"https://www.federalreserve.gov/{path}")
        text, sections = page.text, page.sections
    return FOMCDocument(
        document_id=document_id(doc_type, date), doc_type=doc_type, meeting_date=dt.date.fromisoformat(date),
        release_date=None, title="t", source_url="https://www.federalreserve.gov/x.htm", text=text,
        content_sha256="0", ingested_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC), sections=sections,
    )


@pytest.mark.parametrize("key", list(PAGES))
def test_chunks_fit_the_window_and_slice_the_text(provider, key):
    doc = _doc(*key)
    chunks = chunk_document(doc, provider.count_tokens, provider.max_tokens)
    assert [c.chunk_index for c in chunks] == list(range(len(chunks)))
    assert len({c.chunk_id for c in chunks}) == len(chunks)
    recount = provider.count_tokens([c.embedding_text() for c in chunks])
    assert [c.token_count for c in chunks] == recount
    assert max(recount) <= 256
    for c in chunks:
        assert doc.text[c.char_start:c.char_end] == c.text and c.text.strip() == c.text


def test_chunks_never_straddle_a_section_heading(provider):
    doc = _doc("minutes", "2025-01-29")
    assert len(doc.sections) >= 6
    chunks = chunk_document(doc, provider.count_tokens, provider.max_tokens)
    spans = {s.heading: (s.char_start, s.char_end) for s in doc.sections}
    for c in chunks:
        if c.section is None:
            assert c.char_end <= doc.sections[0].char_start
        else:
            start, end = spans[c.section]
            assert start <= c.char_start and c.char_end <= end
        for s in doc.sections:  # no heading line inside a chunk
            assert not (c.char_start <= s.char_start < c.char_end)
    assert {c.section for c in chunks} >= {"Staff Review of the Economic Situation", "Committee Policy Actions"}


def test_consecutive_chunks_overlap_by_whole_sentences(provider):
    chunks = chunk_document(_doc("minutes", "2025-01-29"), provider.count_tokens, provider.max_tokens)
    same_section = [(a, b) for a, b in zip(chunks, chunks[1:], strict=False) if a.section == b.section]
    overlapping = [(a, b) for a, b in same_section if b.char_start < a.char_end]
    assert len(overlapping) >= len(same_section) // 2
    for a, b in overlapping:
        assert b.char_start > a.char_start  # always progress


def test_an_over_long_sentence_is_cut_into_window_sized_pieces(provider):
    text = "Header paragraph.\n\n" + " ".join(f"word{i}" for i in range(900)) + "."
    chunks = chunk_document(_doc("statement", "2024-01-31", text), provider.count_tokens, provider.max_tokens)
    assert len(chunks) >= 4
    assert max(c.token_count for c in chunks) <= 256
    assert "word0" in chunks[0].text + chunks[1].text and "word899" in chunks[-1].text


def test_sentence_splitter_keeps_abbreviations_and_initials():
    text = "The U.S. economy grew. Jerome H. Powell spoke at 2:30 p.m. Eastern time. Rates rose!\n\nNew paragraph"
    sentences = [text[s:e] for s, e in sentence_spans(text)]
    assert sentences == [
        "The U.S. economy grew.", "Jerome H. Powell spoke at 2:30 p.m. Eastern time.", "Rates rose!", "New paragraph"
    ]
