"""One reading of a question, made once and handed down typed: `analyze(question, index) -> QuestionAnalysis`.

The answer flow calls `analyze` once per question; the policy desk, the retriever and the reader take the analysis
and read its fields, never the question string again. A multi-part question's parts are read here too, each with the
question's dates and names, so a part is never re-read below either.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fomc_qa.question.asks import Ask, ask_of
from fomc_qa.question.dates import QueryFilter, parse_filter, with_question_dates
from fomc_qa.question.facets import facet_query, question_facets
from fomc_qa.question.intents import parse_policy_question
from fomc_qa.question.policy_question import PolicyQuestion
from fomc_qa.question.scope import out_of_scope, outside_the_index
from fomc_qa.question.securities import SecuritiesQuestion, parse_securities_question
from fomc_qa.question.shorthand import plain_question
from fomc_qa.question.subjects import Subjects, subjects_of
from fomc_qa.text.glossary import expand
from fomc_qa.text.names import topic_names

# "the March 19, 2020 notation vote", "intermeeting": what was done between meetings, recorded in the next minutes
_BETWEEN_MEETINGS = re.compile(r"\bnotation[- ]vot\w*|\bintermeeting\b|\bbetween meetings\b", re.I)
_ABSENT = re.compile(r"\b(?:absent|not voting|missed the meeting|did not attend|didn't attend|not present)\b"
                     # "was anyone missing?", not "what data were participants missing?"
                     r"|\b(?:was|were) (?:anyone|anybody|someone|any (?:member|voter)s?) missing\b"
                     r"|\b(?:did not|didn't) vote\b(?!\s+(?:for|against|to|on)\b)", re.I)  # "who did not vote?"


@dataclass(frozen=True)
class QuestionIndex:
    """What a question is read against: the indexed meetings, and the record's way of naming a meeting by an event
    ("the meeting right before the first cut of 2025" -> "the July 30, 2025 meeting"; the policy desk's `dated`)."""

    meetings: tuple[dt.date, ...] = ()
    name_event: Callable[[str], str] | None = field(default=None, compare=False)


NO_INDEX = QuestionIndex()


@dataclass(frozen=True)
class Scope:
    """Whether the statements and minutes can answer the question; `reason` says why not."""

    reason: str | None = None
    period: bool = False  # the reason is a period outside the indexed meetings, not the subject

    @property
    def answerable(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class RecordAsk:
    """What the policy record is asked, read off one text: a policy question and a balance-sheet question."""

    text: str
    policy: PolicyQuestion | None
    securities: SecuritiesQuestion | None


@dataclass(frozen=True)
class Part:
    """One part of a (multi-part) question: as asked, as searched (with the question's dates and names), and the
    kind of answer it asks for."""

    text: str
    named: str  # with the question's names it leaves out ("... his view? (Miran)")
    query: str  # ... and the question's dates
    ask: Ask
    search: QuestionAnalysis | None = None  # the query's own reading, to search for this part (multi-part only)
    subjects: Subjects = Subjects()  # whom and what this part asks about (the staff, a dissent, a rate)


@dataclass(frozen=True)
class QuestionAnalysis:
    asked: str  # as the user typed it
    plain: str  # shorthand and terse dates spelled out ("Dec 24 mtg" -> "December 2024 meeting")
    dated: str  # a meeting named by an event named by its date instead
    index: QuestionIndex = field(compare=False, repr=False)
    scope: Scope
    filter: QueryFilter  # the meetings, document kinds and dates named, over index.meetings
    record: RecordAsk  # the whole question's record ask
    parts: tuple[Part, ...]  # the parts that ask different things (one for most questions)
    record_parts: tuple[RecordAsk, ...]  # the parts the record may answer one by one ("..., and who dissented?")
    expanded: str  # analysts' jargon spelled in the Committee's words, for searching (`fomc_qa.text.glossary`)
    names: tuple[str, ...]  # the names it asks about ("China", "Credit Suisse")
    expanded_names: tuple[str, ...]  # ... as the expanded text spells them
    between_meetings: bool  # asks what was done between meetings (a notation vote, an intermeeting action)
    asks_absences: bool  # asks who was absent ("..., and which Board member was absent?")
    subjects: Subjects  # whom and what it asks about: a speaker's report, a dissent, the Desk, a rate
    # each name asked about with its search (the Committee's words for it and the question's dates): the passages
    # closest to the whole question may all miss it ("... and an end date for QT?")
    name_searches: tuple[tuple[str, QuestionAnalysis], ...] = ()

    @property
    def asks(self) -> tuple[Ask, ...]:
        return tuple(p.ask for p in self.parts)


def analyze(question: str, index: QuestionIndex = NO_INDEX) -> QuestionAnalysis:
    """The one reading of `question` against `index` that every later step uses."""
    return _read(question, index, search_parts=True)


def _read(question: str, index: QuestionIndex, search_parts: bool) -> QuestionAnalysis:
    """A reading; with `search_parts`, each part of a multi-part question is read as a search query too."""
    plain = plain_question(question)
    dated = index.name_event(plain) if index.name_event is not None else plain
    meetings = list(index.meetings)
    expanded = expand(plain)
    names = tuple(topic_names(plain))
    return QuestionAnalysis(
        asked=question,
        plain=plain,
        dated=dated,
        index=index,
        scope=_scope(plain, index),
        filter=parse_filter(dated, meetings),
        record=_record_ask(dated, index.meetings),
        parts=_parts(plain, index, search_parts),
        record_parts=_record_parts(dated, index.meetings),
        expanded=expanded,
        names=names,
        expanded_names=tuple(topic_names(expanded)),
        between_meetings=bool(_BETWEEN_MEETINGS.search(plain)),
        asks_absences=bool(_ABSENT.search(dated)),
        subjects=subjects_of(plain),
        name_searches=_name_searches(names, plain, index) if search_parts else (),
    )


def _name_searches(names: tuple[str, ...], plain: str,
                   index: QuestionIndex) -> tuple[tuple[str, QuestionAnalysis], ...]:
    """Each name the question asks about, read as a search for it alone: its glossary words and the question's
    dates ("qt" -> "qt (reduce its holdings of Treasury securities ...) (october 2025)")."""
    return tuple((name, _read(with_question_dates(expand(name), plain), index, search_parts=False)) for name in names)


def _parts(plain: str, index: QuestionIndex, search_parts: bool) -> tuple[Part, ...]:
    facets = question_facets(plain)
    parts = []
    for text in facets:
        named = facet_query(text, plain)
        query = with_question_dates(named, plain)
        search = _read(query, index, search_parts=False) if search_parts and len(facets) > 1 else None
        parts.append(Part(text, named, query, ask_of(text), search, subjects_of(text)))
    return tuple(parts)


def _scope(plain: str, index: QuestionIndex) -> Scope:
    reason = out_of_scope(plain, index.meetings)
    if reason is not None:
        return Scope(reason)
    if index.meetings:
        period = outside_the_index(plain, index.meetings)
        if period is not None:
            return Scope(period, period=True)
    return Scope()


def _record_ask(text: str, meetings: Sequence[dt.date]) -> RecordAsk:
    return RecordAsk(text, parse_policy_question(text, meetings), parse_securities_question(text, meetings))


def _record_parts(dated: str, meetings: Sequence[dt.date]) -> tuple[RecordAsk, ...]:
    """Each part of a multi-part question ("How big was the September 2024 cut, and who dissented?") with the
    question's dates, read for the record; () for a one-part question."""
    facets = question_facets(dated, min_words=2)  # "and who dissented?" is a part
    if len(facets) < 2:
        return ()
    return tuple(_record_ask(with_question_dates(f, dated), meetings) for f in facets)
