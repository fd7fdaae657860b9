"""Terminal rendering of answers and search hits (rich), and their JSON forms."""

from __future__ import annotations

import json

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fomc_qa.models import Answer, SearchHit, document_label

_CONFIDENCE_STYLE = {"high": "bold green", "medium": "yellow", "low": "red", "insufficient": "bold red"}


def source_line(doc_type: str, meeting_date, section: str | None, chunk_id: str) -> str:
    """"FOMC Minutes — January 31, 2024 · Committee Policy Actions · minutes-2024-01-31#014"."""
    parts = [document_label(doc_type, meeting_date)]
    if section:
        parts.append(section)
    parts.append(chunk_id)
    return " · ".join(parts)


def answer_panel(answer: Answer) -> Panel:
    """The lead first (bold), then the evidence, one quote a line, then the confidence and the sources."""
    if answer.lead:
        body = [Text(answer.lead, style="bold")]
        if answer.evidence:
            body += [Text("\nEvidence", style="bold"), *(Text(line) for line in answer.evidence)]
        body.append(Text())
    else:
        body = [Text(answer.answer), Text()]
    confidence = Text("Confidence: ")
    confidence.append(answer.confidence, style=_CONFIDENCE_STYLE[answer.confidence])
    body.append(confidence)
    if answer.citations:
        body.append(Text("\nSources", style="bold"))
        for c in answer.citations:
            line = Text(f"[{c.n}] ", style="bold cyan")
            line.append(source_line(c.doc_type, c.meeting_date, c.section, c.chunk_id))
            line.append(f"  (relevance {c.relevance_score:.2f})", style="dim")
            body.append(line)
            body.append(Text(f"    “{c.quoted_excerpt}”", style="italic"))
    body.append(
        Text(
            f"\nretrieval {answer.retrieval_ms:.0f} ms · generation {answer.generation_ms:.0f} ms · "
            f"total {answer.total_ms:.0f} ms · answered by {answer.lm}",
            style="dim",
        )
    )
    return Panel(Group(*body), title=Text(answer.question, style="bold"), title_align="left", border_style="blue")


def hits_table(question: str, hits: list[SearchHit]) -> Table:
    table = Table(title=question, show_lines=True, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("source")
    table.add_column("score", justify="right")
    table.add_column("text")
    for h in hits:
        snippet = h.text if len(h.text) <= 300 else h.text[:297] + "…"
        table.add_row(
            str(h.rank), source_line(h.doc_type, h.meeting_date, h.section, h.chunk_id), f"{h.score:.4f}", snippet
        )
    return table


def hits_json(hits: list[SearchHit]) -> str:
    """The `search --json` contract: rank, chunk_id, doc_type, meeting_date, section, score, text."""
    keys = ("rank", "chunk_id", "doc_type", "meeting_date", "section", "score", "text")
    return json.dumps([{k: v for k, v in h.model_dump(mode="json").items() if k in keys} for h in hits], indent=2)


def doctor_table(root, diagnosis, outbox: dict | None = None) -> Table:
    """Doctor's summary: healthy and unhealthy files per kind, and the outbox's deliveries (sent / not sent)."""
    table = Table(title=f"built files under {root}", title_justify="left")
    for col in ("kind", "healthy", "unhealthy"):
        table.add_column(col, justify="left" if col == "kind" else "right")
    for kind in dict.fromkeys(f.kind for f in diagnosis.files):
        rows = [f for f in diagnosis.files if f.kind == kind]
        bad = sum(f.state != "ok" for f in rows)
        table.add_row(kind, str(len(rows) - bad), Text(str(bad), style="bold red" if bad else ""))
    if outbox and (outbox["sent"] or outbox["unsent"]):
        bad = len(outbox["unsent"])
        table.add_row("outbox", str(outbox["sent"]), Text(str(bad), style="bold red" if bad else ""))
    return table


def outbox_lines(outbox: dict) -> list[str]:
    """Each delivery not sent: pending ones are retried by the release watch, failed ones (a 4xx) are not."""
    return [f"outbox: {u['state']}: {u['meeting']} → {u['url']} after {u['attempts']} attempts ({u['last_error']})"
            for u in outbox["unsent"]]


def doctor_lines(diagnosis) -> list[str]:
    """Each unhealthy file and the commands that rebuild it, as plain lines (commands stay copyable)."""
    if diagnosis.healthy:
        return ["healthy: every file is as the build recorded it"]
    lines = [f"unhealthy: {f.path}{f' (partition {f.partition})' if f.partition else ''}: {f.state}: {f.detail}"
             for f in diagnosis.problems]
    lines.append("partitions to re-materialize: " + (", ".join(diagnosis.partitions_to_rematerialize) or "none"))
    lines += [f"fix: {fix}" for fix in dict.fromkeys(f.fix for f in diagnosis.problems)]
    return lines


def answer_json(answer: Answer) -> str:
    return answer.model_dump_json(indent=2)


def console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def timeline_table(rows: list[dict]) -> Table:
    """The policy timeline: one line per meeting, moves signed in basis points."""
    table = Table(title="FOMC policy timeline", show_lines=False)
    for name in ("date", "decision", "change", "target range", "dissents"):
        table.add_column(name)
    for r in rows:
        bp = r["change_bp"]
        change = "?" if bp is None else ("0" if bp == 0 else f"{bp:+d} bp")
        table.add_row(str(r["meeting_date"]), r["decision"], change, r["range_text"] or "", r["dissenters"] or "")
    return table
