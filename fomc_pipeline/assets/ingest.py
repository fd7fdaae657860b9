"""Per-meeting ingestion assets: raw_pages → documents → chunks."""

import datetime as dt

import dagster as dg

from fomc_pipeline.assets.meeting_runs import report_meetings
from fomc_pipeline.assets.write_failures import fails_on_write_errors
from fomc_pipeline.fed.chunking import chunk_document
from fomc_pipeline.fed.ingestion import build_document, fetch_meeting_pages, find_meetings
from fomc_pipeline.partitions import meeting_backfill_policy, meetings
from fomc_pipeline.resources import Embedder, FedSite, Storage
from fomc_qa.index.tables import read_records, read_table, write_records, write_rows
from fomc_qa.models import FOMCDocument


@dg.asset(
    partitions_def=meetings,
    backfill_policy=meeting_backfill_policy,
    group_name="ingest",
    kinds={"python", "parquet"},
    description="The meeting's statement and minutes pages as fetched over HTTP from FOMC_SOURCE_URL "
    "(the Fed's site, or the bundled snapshot served on loopback). A page not published yet is noted, not an error.",
)
@fails_on_write_errors
def raw_pages(context: dg.AssetExecutionContext, fed: FedSite, storage: Storage) -> dg.MaterializeResult:
    by_meeting = {}
    with fed.client() as client:
        listed = find_meetings(client, list(context.partition_keys))
        for key in context.partition_keys:
            pages = fetch_meeting_pages(client, listed[key])
            path = storage.paths.partition_file("raw_pages", key)
            write_rows(path, "raw_pages", pages.rows)
            by_meeting[key] = {
                "pages": len(pages.rows),
                "doc_types": ", ".join(r["doc_type"] for r in pages.rows),
                "not_yet_published": ", ".join(pages.missing) or "none",
                "html_bytes": sum(r["bytes"] for r in pages.rows),
                "source_urls": dg.MetadataValue.md("\n".join(f"- {r['source_url']}" for r in pages.rows)),
                "path": str(path),
            }
    return dg.MaterializeResult(metadata=report_meetings(context, by_meeting, ["pages", "html_bytes"]))


@dg.asset(
    partitions_def=meetings,
    backfill_policy=meeting_backfill_policy,
    group_name="ingest",
    deps=[raw_pages],
    kinds={"python", "parquet"},
    description="Cleaned FOMCDocument records: article text with paragraphs kept, minutes section "
    "headings recognised, navigation and footnote back-links removed. A malformed page fails the partition.",
)
@fails_on_write_errors
def documents(context: dg.AssetExecutionContext, storage: Storage) -> dg.MaterializeResult:
    paths = storage.paths
    ingested_at = dt.datetime.now(dt.UTC)
    by_meeting = {}
    for key in context.partition_keys:
        rows = read_table(paths.partition_file("raw_pages", key)).to_pylist()
        docs = [build_document(row, ingested_at) for row in rows]
        path = paths.partition_file("documents", key)
        write_records(path, "documents", docs)
        by_meeting[key] = {
            "documents": len(docs),
            "statements": sum(d.doc_type == "statement" for d in docs),
            "minutes": sum(d.doc_type == "minutes" for d in docs),
            "characters": sum(len(d.text) for d in docs),
            "sections": sum(len(d.sections) for d in docs),
            "preview": dg.MetadataValue.md("\n\n".join(f"**{d.title}**\n\n> {d.text[:300]}…" for d in docs)),
            "path": str(path),
        }
    return dg.MaterializeResult(
        metadata=report_meetings(context, by_meeting, ["documents", "statements", "minutes", "characters", "sections"])
    )


@dg.asset(
    partitions_def=meetings,
    backfill_policy=meeting_backfill_policy,
    group_name="ingest",
    deps=[documents],
    kinds={"python", "parquet"},
    description="Sentence-aware chunks that fit the embedding model's window (counted with its own "
    "tokenizer), with overlap, never straddling a section heading; verbatim slices of the document text.",
)
@fails_on_write_errors
def chunks(context: dg.AssetExecutionContext, storage: Storage, embedder: Embedder) -> dg.MaterializeResult:
    paths = storage.paths
    provider = embedder.provider()
    by_meeting = {}
    for key in context.partition_keys:
        docs = read_records(paths.partition_file("documents", key), FOMCDocument)
        records = [c for d in docs for c in chunk_document(d, provider.count_tokens, provider.max_tokens)]
        path = paths.partition_file("chunks", key)
        write_records(path, "chunks", records)
        tokens = [c.token_count for c in records]
        by_meeting[key] = {
            "chunks": len(records),
            "max_tokens": max(tokens),
            "mean_tokens": round(sum(tokens) / len(tokens), 1),
            "window": provider.max_tokens,
            "sections": len({c.section for c in records if c.section}),
            "preview": dg.MetadataValue.md(f"`{records[0].chunk_id}`\n\n> {records[0].text[:400]}"),
            "path": str(path),
        }
    return dg.MaterializeResult(metadata=report_meetings(context, by_meeting, ["chunks"]))
