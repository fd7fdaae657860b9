"""`python -m fomc_qa mcp`: the MCP server (official `mcp` SDK 2.x, `MCPServer`), over stdio, or
streamable HTTP on loopback with `--http PORT` (another `--host` needs
FOMC_QA_API_TOKEN, sent as a bearer token, as the HTTP API does).

Tools: search_fomc, get_document, answer, timeline, meeting_brief. Each is the shared service's operation; a
failure a client can act on (invalid query, unknown document, no materialized index, an LM that
does not answer) comes back as a tool error carrying the reason.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import sys
from collections.abc import Callable
from typing import Any, Literal, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from fomc_qa.interfaces.access import Access, exposure_refusal, guarded
from fomc_qa.interfaces.errors import ServiceError, UnknownMeeting
from fomc_qa.interfaces.records import AnswerResult, TimelineRow
from fomc_qa.interfaces.service import FOMCService
from fomc_qa.models import FOMCDocument, SearchHit

T = TypeVar("T")
INSTRUCTIONS = (
    "Answers about the Federal Reserve's FOMC statements and minutes (2020-2025), every claim with a "
    "numbered citation to a verbatim excerpt. Use `answer` for a question, `search_fomc` for passages, "
    "`get_document` for a document's full text, `timeline` for each meeting's decision and range, `meeting_brief` "
    "for one meeting's release brief (decision, vote, dissents, the redline against the previous statement)."
)


def _tool_errors(fn: Callable[..., T]) -> Callable[..., T]:
    """A service failure becomes a tool error naming its reason (and the field at fault)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs) -> T:
        try:
            return fn(*args, **kwargs)
        except ServiceError as exc:
            kind = "unknown meeting" if isinstance(exc, UnknownMeeting) else \
                {422: "invalid input", 404: "unknown document", 503: "unavailable"}.get(exc.status, "error")
            raise ToolError(f"{kind}: {exc}") from exc

    return wrapper


def build_server(service: FOMCService | None = None) -> MCPServer:
    """The MCP server over `service` (default: one over FOMC_DATA_DIR, opened on the first call)."""
    svc = service or FOMCService()
    server = MCPServer("fomc-qa", instructions=INSTRUCTIONS, version="1")

    @server.tool()
    @_tool_errors
    def search_fomc(query: str, top_k: int = 10, date_from: dt.date | None = None, date_to: dt.date | None = None,
                    doc_type: Literal["statement", "minutes"] | None = None) -> list[SearchHit]:
        """Hybrid (dense + BM25) search over FOMC statements and minutes; dates (YYYY-MM-DD) and a
        document kind narrow it. Returns ranked chunks with their ids, dates and text."""
        return svc.search(query, top_k, date_from, date_to, doc_type)

    @server.tool()
    @_tool_errors
    def get_document(document_id: str) -> FOMCDocument:
        """A document's full cleaned text and metadata, by id: `statement-YYYY-MM-DD` or `minutes-YYYY-MM-DD`
        (the meeting's last day)."""
        return svc.document(document_id)

    @server.tool()
    @_tool_errors
    def answer(question: str) -> AnswerResult:
        """A cited answer: text with [n] markers, each citation with its chunk id and verbatim excerpt,
        and a confidence (high, medium, low, or insufficient when the documents do not answer)."""
        return svc.answer(question)

    @server.tool()
    @_tool_errors
    def timeline(date_from: dt.date | None = None, date_to: dt.date | None = None) -> list[TimelineRow]:
        """Each meeting's policy decision, change in basis points, target range, administered rates and
        dissents, from the parsed policy record, between two dates (YYYY-MM-DD, both optional)."""
        return svc.timeline(date_from, date_to)

    @server.tool()
    @_tool_errors
    def meeting_brief(date: dt.date) -> dict[str, Any]:
        """One meeting's release brief (date: the meeting's last day, YYYY-MM-DD): the decision and range before
        and after, IORB and ON RRP, the vote with each dissenter's preference, balance-sheet decisions, and the
        redline against the previous statement (revised sentences with their word-level edit), every item cited
        to its chunk with the verbatim sentence; `minutes.included` says whether the minutes' roll call and
        dissent views are in. `headline` is the one-line summary."""
        return svc.brief(date).to_dict()

    return server


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m fomc_qa mcp",
                                     description="The MCP server: stdio by default, or streamable HTTP on loopback.")
    parser.add_argument("--http", type=int, metavar="PORT", help="serve streamable HTTP on HOST:PORT/mcp")
    parser.add_argument("--host", default="127.0.0.1",
                        help="interface for --http (default 127.0.0.1; any other needs FOMC_QA_API_TOKEN)")
    parser.add_argument("--lm", help="DSPy/LiteLLM model string, or 'extractive' (default: FOMC_QA_LM)")
    args = parser.parse_args(argv)
    access = Access.from_env()
    refusal = exposure_refusal(args.host, access) if args.http is not None else None
    if refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return 2
    server = build_server(FOMCService(lm=args.lm))
    if args.http is None:
        server.run("stdio")
        return 0
    import uvicorn

    # The same rule as the HTTP API: the bearer token (when set) and the per-client rate limit.
    app = guarded(server.streamable_http_app(host=args.host), access)
    uvicorn.run(app, host=args.host, port=args.http, log_level="info", timeout_graceful_shutdown=5)
    return 0
