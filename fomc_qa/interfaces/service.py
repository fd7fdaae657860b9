"""The one service behind the HTTP API and the MCP server: the corpus, the model and the program
opened once per process, and every request validated the library's way.

A missing index does not stop the process: each call tries to open it again and, until it exists,
fails with IndexUnavailable naming the build command, so a server started before the build serves
once the build is done.
"""

from __future__ import annotations

import contextvars
import datetime as dt
import hashlib
import sys
import threading
from collections.abc import Callable

from fomc_qa.answering.extractive import EXTRACTIVE_MODEL_ID, ExtractiveAnswerer, is_extractive
from fomc_qa.answering.session import Session, build_program
from fomc_qa.brief.release_brief import BriefFilesMissing, MeetingNotIndexed, ReleaseBrief, brief_for
from fomc_qa.config import Settings
from fomc_qa.index.store import BUILD_COMMAND, IndexMissing
from fomc_qa.interfaces.conversations import ConversationStore, new_conversation_id, valid_conversation_id
from fomc_qa.interfaces.documents import read_document
from fomc_qa.interfaces.errors import (
    IndexUnavailable,
    InvalidInput,
    ModelUnavailable,
    ServiceError,
    UnknownConversation,
    UnknownMeeting,
)
from fomc_qa.interfaces.follow_up import resolve_follow_up
from fomc_qa.interfaces.records import AnswerResult, CorpusInfo, Health, ModelInfo, TimelineRow
from fomc_qa.models import (
    DOC_TYPES,
    Answer,
    BadQuestion,
    FOMCDocument,
    SearchHit,
    check_k,
    clean_question,
    document_label,
)
from fomc_qa.policy.timeline import RecordsMissing, load_records, rows_between, timeline_rows

OnHits = Callable[[list[SearchHit]], None]
LM_HELP = "set FOMC_QA_LM to a DSPy/LiteLLM model string, or 'extractive' (README: Switching the LM)"


def question_of(raw: str, field: str = "question") -> str:
    """The library's question rules (non-empty, at most 2,000 characters) as an InvalidInput naming the field."""
    try:
        return clean_question(raw)
    except BadQuestion as exc:
        raise InvalidInput(f"{field}: {exc}", field) from exc


def count_of(k: int, field: str) -> int:
    try:
        check_k(k, field)
    except BadQuestion as exc:
        raise InvalidInput(str(exc), field) from exc
    return k


def check_span(date_from: dt.date | None, date_to: dt.date | None) -> None:
    if date_from and date_to and date_to < date_from:
        raise InvalidInput(f"date_to {date_to} is before date_from {date_from}", "date_to")


class FOMCService:
    """Answers, searches, documents and the timeline over one data dir; safe to share between threads."""

    def __init__(self, settings: Settings | None = None, lm: str | None = None,
                 session: Session | None = None) -> None:
        """`session`, when given, is an already open one over the same data dir (tests reuse one corpus)."""
        self.settings = settings or Settings.from_env()
        self.lm_name = lm or self.settings.lm
        self.conversations = ConversationStore(self.settings.paths.conversations)
        self._session: Session | None = session
        self._records: list | None = None
        self._answerers: dict[int, Callable[[str], Answer]] = {}
        self._open_lock = threading.Lock()
        self._programs_lock = threading.Lock()
        # One answer at a time: the program, the retriever's last filter and DSPy's context are per
        # process, and two CPU-bound answers on this machine's cores are no faster than one after the other.
        self._answer_lock = threading.Lock()
        self._on_hits: contextvars.ContextVar[OnHits | None] = contextvars.ContextVar("on_hits", default=None)

    # -- opening -----------------------------------------------------------------------------------

    def session(self) -> Session:
        """The session, opened on first use (and again after a failed open)."""
        if self._session is not None:
            return self._session
        with self._open_lock:
            if self._session is None:
                try:
                    self._session = Session.open(self.settings, lm=self.lm_name)
                except (IndexMissing, RecordsMissing) as exc:
                    raise IndexUnavailable(_index_message(exc)) from exc
        return self._session

    def warm(self) -> bool:
        """Open everything now (at server start); False, with the reason on stderr, when no index exists yet."""
        try:
            self.session()
            return True
        except IndexUnavailable as exc:
            print(f"warning: {exc}", file=sys.stderr)
            return False

    def _answerer(self, k: int) -> Callable[[str], Answer]:
        """question -> Answer retrieving k passages (one per k asked for, built on first use): the extractive
        reader directly, as the CLI answers, or the DSPy program for any other LM."""
        with self._programs_lock:
            if k not in self._answerers:
                session = self.session()
                if is_extractive(self.lm_name):
                    retriever = session.retriever
                    self._answerers[k] = ExtractiveAnswerer(self._retrieve, retriever.embedder, k=k,
                                                            desk=retriever.desk).answer
                else:
                    from fomc_qa.answering.program import answer_question

                    program = build_program(self._retrieve, session.retriever, k)[0]
                    self._answerers[k] = lambda question: answer_question(program, question, session.lm)
            return self._answerers[k]

    def _retrieve(self, question: str, k: int) -> list[SearchHit]:
        """The program's retrieval, handing its hits to the caller that streams them as they come."""
        hits = self.session().retriever.search(question, k)
        publish = self._on_hits.get()
        if publish is not None:
            publish(hits)
        return hits

    # -- operations --------------------------------------------------------------------------------

    def answer(self, question: str, k: int = 5, conversation_id: str | None = None,
               selected_text: str | None = None, on_hits: OnHits | None = None) -> AnswerResult:
        """A cited answer. With a conversation (an id an earlier answer returned), a follow-up is resolved
        against the previous question and its answer (dates, pronouns, ellipses; a person the answer named);
        with a highlighted passage, the question is about that passage (its meeting and document)."""
        question = question_of(question)
        count_of(k, "k")
        selection = question_of(selected_text, "selected_text") if selected_text and selected_text.strip() else None
        session = self.session()
        previous = self.previous_question(conversation_id)
        cid = conversation_id or new_conversation_id()
        context = self._selection_context(selection) if selection else previous
        previous_answer = self.conversations.last_answer(cid) if previous and not selection else None
        resolved = resolve_follow_up(question, context, session.retriever.corpus.meetings, previous_answer)
        if selection:
            resolved = f'{resolved} Passage: "{selection}"'
        answerer = self._answerer(k)
        with self._answer_lock:
            token = self._on_hits.set(on_hits)
            try:
                result = answerer(resolved)
            except Exception as exc:
                if is_extractive(self.lm_name):
                    raise
                raise ModelUnavailable(f"the LM {self.lm_name!r} did not answer ({type(exc).__name__}: "
                                       f"{str(exc).splitlines()[0][:200] if str(exc) else ''}); {LM_HELP}") from exc
            finally:
                self._on_hits.reset(token)
        self.conversations.add_turn(cid, question, resolved, result.answer)
        return AnswerResult(conversation_id=cid, resolved_question=resolved, answer=result)

    def previous_question(self, conversation_id: str | None) -> str | None:
        """The standalone form of the conversation's last question; UnknownConversation for an id the
        store does not hold (a conversation starts with a question asked without an id)."""
        if conversation_id is None:
            return None
        if not valid_conversation_id(conversation_id):
            raise InvalidInput("conversation_id must be 1 to 64 letters, digits, '-' or '_'", "conversation_id")
        previous = self.conversations.last_question(conversation_id)
        if previous is None:
            raise UnknownConversation("There is no conversation with this id (it may have been started on "
                                      "another server); ask without conversation_id to start one.",
                                      "conversation_id")
        return previous

    def _selection_context(self, selection: str) -> str:
        """What a highlighted passage says about the question's dates: the document it was taken from
        when it is a passage of the corpus, else the passage itself (its own dates, if any)."""
        table = self.session().retriever.corpus.table
        needle = " ".join(selection.split())
        for text, kind, meeting in zip(table.text, table.doc_type, table.meeting_date, strict=True):
            if needle in " ".join(text.split()):
                return f"the {document_label(kind, meeting)}"
        return selection

    def search(self, query: str, top_k: int = 10, date_from: dt.date | None = None, date_to: dt.date | None = None,
               doc_type: str | None = None) -> list[SearchHit]:
        """Hybrid search; explicit dates and a document kind narrow the ranked list (ranks renumbered)."""
        query = question_of(query, "query")
        count_of(top_k, "top_k")
        check_span(date_from, date_to)
        if doc_type is not None and doc_type not in DOC_TYPES:
            raise InvalidInput(f"doc_type must be one of {', '.join(DOC_TYPES)}, not {doc_type!r}", "doc_type")
        retriever = self.session().retriever
        narrowed = date_from or date_to or doc_type
        fetch = min(len(retriever.corpus.table), max(200, top_k * 20)) if narrowed else top_k
        with self._answer_lock:
            hits = retriever.search(query, fetch)
        kept = [h for h in hits if (date_from is None or h.meeting_date >= date_from)
                and (date_to is None or h.meeting_date <= date_to) and (doc_type is None or h.doc_type == doc_type)]
        return [h.model_copy(update={"rank": i}) for i, h in enumerate(kept[:top_k], start=1)]

    def document(self, doc_id: str) -> FOMCDocument:
        corpus = self.session().retriever.corpus
        return read_document(corpus.paths, list(corpus.manifest.get("partitions", [])), doc_id)

    def source_urls(self, doc_ids: list[str]) -> dict[str, str]:
        """Each cited document's page on the Fed's site (a document that cannot be read is left out)."""
        urls = {}
        for doc_id in dict.fromkeys(doc_ids):
            try:
                urls[doc_id] = str(self.document(doc_id).source_url)
            except ServiceError:
                continue
        return urls

    def timeline(self, date_from: dt.date | None = None, date_to: dt.date | None = None) -> list[TimelineRow]:
        check_span(date_from, date_to)
        if self._records is None:
            try:
                self._records = load_records(self.settings.paths.policy_records)
            except RecordsMissing as exc:
                raise IndexUnavailable(_index_message(exc)) from exc
        return [TimelineRow.model_validate(r) for r in rows_between(timeline_rows(self._records), date_from, date_to)]

    def brief(self, meeting: dt.date) -> ReleaseBrief:
        """The meeting's release brief, read from the files each time (a meeting's run or its minutes update it)."""
        try:
            return brief_for(meeting, self.settings.data_dir)
        except MeetingNotIndexed as exc:
            raise UnknownMeeting(exc.reason, "date") from exc
        except BriefFilesMissing as exc:
            raise IndexUnavailable(_index_message(exc)) from exc

    def _lm_id(self, session: Session) -> str:
        """The model id answers carry (DSPy is imported only for an LM other than the extractive reader)."""
        if is_extractive(self.lm_name):
            return EXTRACTIVE_MODEL_ID
        from fomc_qa.answering.program import lm_id

        return lm_id(session.program, session.lm)

    def health(self) -> Health:
        session = self.session()
        corpus = session.retriever.corpus
        manifest = corpus.paths.manifest.read_bytes()
        return Health(
            status="ok",
            corpus=CorpusInfo(data_dir=str(corpus.paths.root), meetings=len(corpus.meetings),
                              first_meeting=corpus.meetings[0], last_meeting=corpus.meetings[-1],
                              chunks=len(corpus.table)),
            model=ModelInfo(embedding=str(corpus.manifest.get("model") or self.settings.embed_model),
                            lm=self._lm_id(session), compiled_program=session.compiled),
            index_version=hashlib.sha256(manifest).hexdigest()[:16],
        )


def _index_message(exc: Exception) -> str:
    message = str(exc)
    return message if BUILD_COMMAND in message else f"{message}: run the pipeline first: {BUILD_COMMAND}"

