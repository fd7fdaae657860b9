"""Sentence-aware chunking that fits the embedding model's window exactly.

Chunks are verbatim slices of the cleaned document text (so citations can quote them), packed
sentence by sentence up to the model's token window, with a sentence-level overlap, and never
across a section heading. Token counts come from the model's own tokenizer and cover the text as
it is embedded (header included), so no chunk is ever silently truncated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fomc_qa.models import DocumentChunk, FOMCDocument, chunk_id, embedding_text
from fomc_qa.text.sentences import sentence_spans

TokenCounter = Callable[[Sequence[str]], list[int]]  # counts with special tokens included

SPECIAL_TOKENS = 2  # [CLS] and [SEP] for BERT-family models
class ChunkingError(ValueError):
    pass


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    tokens: int  # content tokens, without special tokens


def _split_long(text: str, span: tuple[int, int], budget: int, count: TokenCounter) -> list[_Span]:
    """A sentence longer than the window is cut at word boundaries into window-sized pieces."""
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text[span[0] : span[1]])]
    words = [(span[0] + s, span[0] + e) for s, e in words]
    word_tokens = [max(n - SPECIAL_TOKENS, 0) for n in count([text[s:e] for s, e in words])]
    pieces: list[_Span] = []
    piece_start, used = words[0][0], 0
    last_end = words[0][1]
    for (s, e), n in zip(words, word_tokens, strict=False):
        if used and used + n > budget:
            pieces.append(_Span(piece_start, last_end, used))
            piece_start, used = s, 0
        used += n
        last_end = e
    pieces.append(_Span(piece_start, last_end, used))
    return pieces


def _segments(doc: FOMCDocument) -> list[tuple[str | None, int, int]]:
    """(section, start, end) spans: the text before the first heading, then each section's body
    without its heading line (the heading travels in every chunk's header instead)."""
    if not doc.sections:
        return [(None, 0, len(doc.text))]
    segments: list[tuple[str | None, int, int]] = []
    first = doc.sections[0].char_start
    if first > 0:
        segments.append((None, 0, first))
    for section in doc.sections:
        body_start = section.char_start + len(section.heading)
        segments.append((section.heading, body_start, section.char_end))
    return segments


def _pack(spans: list[_Span], budget: int, overlap: int) -> list[tuple[int, int]]:
    """Greedy packing of sentence spans into windows, carrying trailing sentences as overlap."""
    groups: list[tuple[int, int]] = []
    i = 0
    while i < len(spans):
        used, j = 0, i
        while j < len(spans) and (j == i or used + spans[j].tokens <= budget):
            used += spans[j].tokens
            j += 1
        groups.append((i, j))
        if j >= len(spans):
            break
        back, carried = j, 0
        while back - 1 > i and carried + spans[back - 1].tokens <= overlap:
            back -= 1
            carried += spans[back].tokens
        i = back
    return groups


def chunk_document(
    doc: FOMCDocument,
    count_tokens: TokenCounter,
    max_tokens: int = 256,
    overlap_tokens: int = 40,
) -> list[DocumentChunk]:
    """Chunk one document; every chunk's embedding text fits `max_tokens`, checked by the tokenizer."""
    budget_slack = 0
    for _ in range(4):
        chunks = _chunk_once(doc, count_tokens, max_tokens, overlap_tokens, budget_slack)
        counts = count_tokens([c.embedding_text() for c in chunks])
        over = max((n - max_tokens for n in counts), default=0)
        if over <= 0:
            return [c.model_copy(update={"token_count": n}) for c, n in zip(chunks, counts, strict=False)]
        budget_slack += over + 2
    raise ChunkingError(f"{doc.document_id}: could not fit chunks into {max_tokens} tokens")


def _chunk_once(
    doc: FOMCDocument, count_tokens: TokenCounter, max_tokens: int, overlap_tokens: int, slack: int
) -> list[DocumentChunk]:
    text = doc.text
    chunks: list[DocumentChunk] = []
    for section, start, end in _segments(doc):
        sentences = sentence_spans(text, start, end)
        if not sentences:
            continue
        header_tokens = count_tokens([embedding_text(doc.doc_type, doc.meeting_date, section, "")])[0]
        budget = max_tokens - header_tokens - slack
        if budget < 32:
            raise ChunkingError(f"{doc.document_id}: header leaves no room in a {max_tokens}-token window")
        sentence_tokens = [n - SPECIAL_TOKENS for n in count_tokens([text[s:e] for s, e in sentences])]
        spans: list[_Span] = []
        for (s, e), n in zip(sentences, sentence_tokens, strict=False):
            spans.extend(_split_long(text, (s, e), budget, count_tokens) if n > budget else [_Span(s, e, n)])
        for i, j in _pack(spans, budget, overlap_tokens):
            c_start, c_end = spans[i].start, spans[j - 1].end
            index = len(chunks)
            chunks.append(
                DocumentChunk(
                    chunk_id=chunk_id(doc.document_id, index),
                    document_id=doc.document_id,
                    doc_type=doc.doc_type,
                    meeting_date=doc.meeting_date,
                    chunk_index=index,
                    section=section,
                    text=text[c_start:c_end],
                    char_start=c_start,
                    char_end=c_end,
                    token_count=sum(sp.tokens for sp in spans[i:j]) + header_tokens,
                )
            )
    if not chunks:
        raise ChunkingError(f"{doc.document_id}: no text to chunk")
    return chunks
