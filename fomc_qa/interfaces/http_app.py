"""The HTTP API (FastAPI): cited answers (also streamed as server-sent events), search, documents,
the policy timeline, a meeting's release brief, conversations, health, and the web page at `/`.

Errors are JSON with a reason and never a stack trace: 422 names the field, 404 an unknown
document or conversation, 413 a body over 16 KiB, 503 a missing index (naming the build command)
or an LM that does not answer (naming the model).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Literal

from fastapi import FastAPI, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from fomc_qa.interfaces.access import Access, AccessGuard
from fomc_qa.interfaces.body_limit import BodyLimit
from fomc_qa.interfaces.conversations import CONVERSATION_ID_PATTERN, Message
from fomc_qa.interfaces.errors import ServiceError, UnknownConversation
from fomc_qa.interfaces.http_schemas import AnswerRequest, ErrorBody
from fomc_qa.interfaces.messages import error_message, sentence, without_input
from fomc_qa.interfaces.records import AnswerResult, Health, TimelineRow
from fomc_qa.interfaces.service import FOMCService
from fomc_qa.models import DOCUMENT_ID_PATTERN, FOMCDocument, SearchHit

log = logging.getLogger("fomc_qa.api")

_ERRORS = {
    401: {"model": ErrorBody, "description": "FOMC_QA_API_TOKEN is set and the request has no valid bearer token"},
    404: {"model": ErrorBody, "description": "Unknown document or conversation"},
    413: {"model": ErrorBody, "description": "Request body over 16 KiB"},
    429: {"model": ErrorBody, "description": "Over the per-client rate limit (FOMC_QA_RATE_LIMIT a minute)"},
    503: {"model": ErrorBody, "description": "No materialized index (the build command is named), or the LM is "
                                             "unavailable"},
}
# Each server-sent event: its name, and its data as one line of JSON.
_EVENT = {"type": "object", "required": ["event", "data"],
          "properties": {"event": {"enum": ["hits", "answer", "citations", "sources", "done", "error"]},
                         "data": {"type": "string", "contentMediaType": "application/json"}}}
_STREAM = {"content": {"text/event-stream": {"schema": _EVENT}},
           "description": "Events `hits` (retrieval), `answer`, `citations`, `sources` (each cited "
                          "document's page on the Fed's site), then `done`; or `error`."}


def create_app(service: FOMCService | None = None, access: Access | None = None) -> FastAPI:
    """The app over `service` (default: one over FOMC_DATA_DIR), which it opens once at startup, behind
    `access` (default: from the environment: token, rate limit, CORS origins)."""
    svc = service or FOMCService()
    access = access or Access.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await run_in_threadpool(svc.warm)
        yield

    app = FastAPI(title="fomc-qa", version="1", lifespan=lifespan, responses=_ERRORS, docs_url=None,
                  redoc_url=None, description="Cited answers from FOMC statements and minutes.")
    _guard(app, access)
    _error_handlers(app)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> HTMLResponse:
        return HTMLResponse(files("fomc_qa.interfaces").joinpath("static/index.html").read_text(encoding="utf-8"))

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    def docs() -> HTMLResponse:
        """The API reference, rendered from /openapi.json by a page with no outside assets (works offline)."""
        return HTMLResponse(files("fomc_qa.interfaces").joinpath("static/docs.html").read_text(encoding="utf-8"))

    @app.get("/healthz", response_model=Health)
    def healthz() -> Health:
        """The corpus, the models and the index version the server answers from."""
        return svc.health()

    @app.post("/v1/answer", response_model=AnswerResult)
    def answer(body: AnswerRequest) -> AnswerResult:
        """A cited answer; a follow-up in a conversation is resolved against the question before it (its dates,
        pronouns and ellipses). A conversation_id the server did not hand out is 404."""
        return svc.answer(body.question, body.k, body.conversation_id, body.selected_text)

    @app.post("/v1/answer/stream", response_class=StreamingResponse, responses={200: _STREAM})
    async def answer_stream(body: AnswerRequest) -> StreamingResponse:
        """The same answer as server-sent events: the retrieval hits first, then the answer, then the citations."""
        await run_in_threadpool(svc.session)
        await run_in_threadpool(svc.previous_question, body.conversation_id)  # 404 before the stream opens
        return StreamingResponse(_events(svc, body), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    @app.get("/v1/search", response_model=list[SearchHit])
    def search(
        query: str = Query(min_length=1, max_length=8000),
        top_k: int = Query(10, ge=1, le=100),
        date_from: dt.date | None = None,
        date_to: dt.date | None = None,
        doc_type: Literal["statement", "minutes"] | None = None,
    ) -> list[SearchHit]:
        """Hybrid (dense + BM25) search, optionally narrowed to dates and a document kind."""
        return svc.search(query, top_k, date_from, date_to, doc_type)

    @app.get("/v1/documents/{document_id}", response_model=FOMCDocument)
    def document(document_id: str = Path(pattern=DOCUMENT_ID_PATTERN, max_length=40)) -> FOMCDocument:
        """A document's full cleaned text and metadata."""
        return svc.document(document_id)

    @app.get("/v1/timeline", response_model=list[TimelineRow])
    def timeline(date_from: dt.date | None = None, date_to: dt.date | None = None) -> list[TimelineRow]:
        """Each meeting's decision, change, range, rates and dissents, from the policy record."""
        return svc.timeline(date_from, date_to)

    _brief_route(app, svc)

    @app.get("/v1/conversations/{conversation_id}", response_model=list[Message])
    def conversation(conversation_id: str = Path(pattern=CONVERSATION_ID_PATTERN)) -> list[Message]:
        """The conversation's kept messages (the last 10), oldest first."""
        messages = svc.conversations.messages(conversation_id)
        if not messages:
            raise UnknownConversation("There is no conversation with this id.", "conversation_id")
        return messages

    return app


def _brief_route(app: FastAPI, svc: FOMCService) -> None:
    """GET /v1/meetings/{date}/brief: the brief's JSON as the CLI prints it (the same bytes), or its Markdown."""

    @app.get("/v1/meetings/{date}/brief", response_class=Response, responses={
        200: {"content": {"application/json": {"schema": {"type": "object"}}, "text/markdown": {}},
              "description": "The brief: JSON (keys sorted, the same bytes as `python -m fomc_qa brief DATE --json`), "
                             "or Markdown with format=markdown"},
        404: {"model": ErrorBody, "description": "No indexed meeting on that date"}})
    def brief(date: dt.date, format: Literal["json", "markdown"] = "json") -> Response:  # noqa: A002 (the query's name)
        """A meeting's release brief: decision and range, IORB and ON RRP, the vote with each dissenter's preference,
        balance-sheet decisions and the redline against the previous statement, every item cited to its chunk."""
        release = svc.brief(date)
        if format == "markdown":
            return Response(release.to_markdown(), media_type="text/markdown; charset=utf-8")
        return Response(release.to_json(), media_type="application/json")


def _guard(app: FastAPI, access: Access) -> None:
    """The middleware, outermost last."""
    # The last added is the outermost: CORS (when configured) answers a preflight, the guard checks the
    # rate and the token, and only then is a body read.
    app.add_middleware(BodyLimit)
    app.add_middleware(AccessGuard, access=access)
    if access.cors_origins:
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(access.cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type"])


def _error_handlers(app: FastAPI) -> None:
    """Every error as JSON with a reason: 422 as sentences naming the field, never a stack trace."""

    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> JSONResponse:
        if exc.status == 422:  # the same shape as FastAPI's own validation errors
            field = exc.field or "request"
            message = sentence(field, str(exc))
            detail = [{"loc": ["request", field], "msg": message.split(": ", 1)[1], "type": "value_error"}]
            return JSONResponse({"detail": detail, "message": message}, status_code=422)
        return JSONResponse(ErrorBody(detail=str(exc), field=exc.field).model_dump(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        raw = jsonable_encoder(exc.errors(), custom_encoder={Exception: str})
        messages = [error_message(_field(e["loc"]), e["type"], e["msg"]) for e in raw]
        errors = [without_input(e, m) for e, m in zip(raw, messages, strict=True)]
        message = " ".join(messages)
        return JSONResponse({"detail": errors, "message": message}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400:  # a body that is not even text (invalid UTF-8): malformed JSON, so 422
            detail = [{"loc": ["body"], "msg": "The body is not valid JSON.", "type": "json_invalid"}]
            return JSONResponse({"detail": detail, "message": "body: The body is not valid JSON."},
                                status_code=422)
        return JSONResponse({"detail": str(exc.detail), "field": None}, status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return JSONResponse({"detail": "internal error (see the server log)", "field": None}, status_code=500)


def _field(loc: list) -> str:
    """The request field an error is about ("question", "top_k"), else where it is ("body")."""
    return ".".join(str(p) for p in loc[1:] if isinstance(p, str)) or str(loc[0])


def sse(event: str, data) -> str:
    """One server-sent event with a JSON payload."""
    return f"event: {event}\ndata: {json.dumps(jsonable_encoder(data))}\n\n"


async def _events(svc: FOMCService, body: AnswerRequest):
    """Runs the answer in a worker thread; its retrieval hits are sent the moment they exist."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()

    def on_hits(hits: list[SearchHit]) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, ("hits", hits))

    async def run() -> None:
        try:
            result = await run_in_threadpool(svc.answer, body.question, body.k, body.conversation_id,
                                             body.selected_text, on_hits)
            queue.put_nowait(("result", result))
        except ServiceError as exc:
            queue.put_nowait(("error", {"detail": str(exc), "field": exc.field, "status": exc.status}))
        except Exception:
            log.exception("unhandled error while streaming an answer")
            queue.put_nowait(("error", {"detail": "internal error (see the server log)", "field": None,
                                        "status": 500}))

    task = asyncio.create_task(run())
    try:
        while True:
            kind, item = await queue.get()
            if kind == "hits":
                yield sse("hits", item)
            elif kind == "error":
                yield sse("error", item)
                return
            else:
                answer = item.answer
                yield sse("answer", {"conversation_id": item.conversation_id,
                                     "resolved_question": item.resolved_question,
                                     **answer.model_dump(mode="json", exclude={"citations"})})
                yield sse("citations", answer.citations)
                urls = await run_in_threadpool(svc.source_urls, [c.document_id for c in answer.citations])
                yield sse("sources", urls)
                yield sse("done", {"conversation_id": item.conversation_id})
                return
    finally:
        await task
