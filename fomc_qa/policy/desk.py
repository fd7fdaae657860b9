"""The policy desk: consults the record for a question before (and beside) retrieval.

The retriever puts the record's evidence chunks first, so span questions see every meeting they
count; the program opens its answer with the record's direct sentence and cites the same chunks.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from fomc_qa.models import SearchHit
from fomc_qa.policy.answers import RecordAnswer, answer
from fomc_qa.policy.phrasing import day, matches, quote, unique_quotes
from fomc_qa.policy.record import MeetingRecord
from fomc_qa.policy.securities import answer_securities
from fomc_qa.policy.timeline import chain, cycle_span, in_span, since_extreme
from fomc_qa.question.analysis import QuestionAnalysis, QuestionIndex, RecordAsk, analyze
from fomc_qa.question.intents import parse_policy_question
from fomc_qa.question.policy_question import PolicyQuestion
from fomc_qa.question.securities import SecuritiesQuestion
from fomc_qa.text.names import STOPWORDS
from fomc_qa.text.numbers import word_number

# "the meeting right before the first cut of 2025", "the meeting after the first 2024 cut", "... the last hike",
# "two meetings before the first 2025 cut", "the meeting after liftoff"
_EVENT_NEIGHBOUR = re.compile(
    r"\b(?:(?P<count>two|three|four|2|3|4)\s+meetings|(?:the\s+)?(?:fomc\s+|policy\s+)?meeting)\s+"
    r"(?:right\s+|just\s+|immediately\s+|directly\s+)?"
    r"(?P<side>before|after|following|preceding|prior to)\s+(?:the\s+)?(?P<event>(?:(?:first|last|final|initial)\s+"
    r"(?:\d{4}\s+)?(?:rate\s+)?(?:cut|hike|increase|reduction|raise|move)s?(?:\s+(?:of|in)\s+(?:the\s+)?\d{4}"
    r"|\s+(?:of|in)\s+the\s+\w+\s+cycle)?|lift-?off))", re.IGNORECASE)

HitFor = Callable[[str], "SearchHit | None"]


@dataclass(frozen=True)
class Consultation:
    question: PolicyQuestion | SecuritiesQuestion
    answer: RecordAnswer

    @property
    def evidence(self) -> list[str]:
        """The cited chunk ids in answer order, each once."""
        return list(dict.fromkeys(q.source.chunk_id for q in self.answer.quotes if q.source.chunk_id))


class PolicyDesk:
    def __init__(self, records: list[MeetingRecord], hit_for: HitFor) -> None:
        self.records = chain(records)
        self.meetings: list[dt.date] = [r.meeting_date for r in self.records]
        self.hit_for = hit_for
        self.consult = lru_cache(maxsize=256)(self._consult)

    @property
    def question_index(self) -> QuestionIndex:
        """What questions are read against: the recorded meetings, and `dated` to name a meeting by an event."""
        return QuestionIndex(tuple(self.meetings), self.dated)

    def _consult(self, question: str | QuestionAnalysis) -> Consultation | None:
        """The record's answer to a question (an analysis; a string is analyzed against the record first)."""
        analysis = question if isinstance(question, QuestionAnalysis) else analyze(question, self.question_index)
        whole = self._consult_one(analysis.record)
        parts = self._facet_parts(analysis.record_parts)
        if whole is not None and (len(parts) < 2 or _kind(whole) not in {_kind(p) for p in parts}):
            found = whole  # the whole question's reading already joins its parts ("the first cut, and who dissented")
        else:
            found = _joined(parts) if parts else whole
        return self._with_absences(found) if found is not None and analysis.asks_absences else found

    def _with_absences(self, c: Consultation) -> Consultation:
        """"July 2025: who dissented, and which Board member was absent?": the one meeting's absent members too."""
        cited = _meetings_cited(c)
        record = next((r for r in self.records if r.key in cited), None) if len(cited) == 1 else None
        if record is None or not record.not_voting:
            return c
        names = " and ".join(record.not_voting)
        verb = "was" if len(record.not_voting) == 1 else "were"
        direct = f"{c.answer.direct} {names} {verb} absent and not voting at the {day(record.meeting_date)} meeting."
        return Consultation(c.question, RecordAnswer(direct, unique_quotes(c.answer.quotes
                                                                           + quote(record, record.vote_source))))

    def dated(self, question: str) -> str:
        """The question with a meeting it names by an event ("the meeting right before the first cut of 2025")
        named by its date instead ("the July 30, 2025 meeting"), so every rule after reads a date."""
        m = _EVENT_NEIGHBOUR.search(question)
        if not m:
            return question
        event = parse_policy_question(f"When was {m.group('event')}?", self.meetings)
        if event is None or event.intent not in ("first", "last"):
            return question
        moves = [r.meeting_date for r in in_span(self.records, set(event.meetings)) if matches(r, event)]
        if not moves:
            return question
        at = moves[0] if event.intent == "first" else moves[-1]
        later = m.group("side").lower() in ("after", "following")
        side = [d for d in self.meetings if (d > at if later else d < at)]
        steps = word_number(m.group("count")) if m.group("count") else 1
        if len(side) < steps:
            return question
        named = side[steps - 1] if later else side[-steps]
        return f"{question[:m.start()]}the {day(named)} meeting{question[m.end():]}"

    def _facet_parts(self, record_parts: tuple[RecordAsk, ...]) -> list[Consultation]:
        """For a question asking several things of one meeting ("How big was the September 2024 cut, and who
        dissented?"), the record's answer to each part it answers, in the question's order; [] unless the parts
        answered are all from that one meeting's documents, each of a different kind. Parts the record does not
        answer ("what did it signal about hikes?", "when had the Committee met to discuss it?") are left to the
        passages."""
        if len(record_parts) < 2:
            return []
        parts: list[Consultation] = []
        first_answered = False
        for i, ask in enumerate(record_parts):
            part = self._consult_one(ask)
            if part is not None and all(part.answer.direct != p.answer.direct for p in parts):
                parts.append(part)
                first_answered = first_answered or i == 0
        # one part alone answers for the question when it is the question's first ("what did the FOMC do on March 3,
        # 2020, and when had it met to discuss it?"), not a later aside ("..., and those who backed a bigger hike?")
        if not parts or (len(parts) == 1 and not first_answered) or len({_kind(p) for p in parts}) != len(parts):
            return []
        meetings = {m for p in parts for m in _meetings_cited(p)}
        one_meeting = all(len(p.question.meetings) == 1 for p in parts if isinstance(p.question, PolicyQuestion))
        return parts if len(meetings) == 1 and one_meeting else []

    def _consult_one(self, ask: RecordAsk) -> Consultation | None:
        securities = ask.securities
        if securities is not None:
            result = answer_securities(securities, self.records)
            if result is not None:
                return Consultation(securities, result)
        parsed = ask.policy
        if parsed is None:
            return None
        if parsed.cycle:
            within = set(parsed.meetings) if parsed.named_span else None
            span = cycle_span(self.records, parsed.cycle, within)
            if span and parsed.after_cycle:
                span = [d for d in self.meetings if d > span[-1]]
            elif span and parsed.intent == "peak":  # the cycle's peak held past its last move, until a move away
                later = [r for r in self.records if r.meeting_date > span[-1]]
                holds = len(list(itertools.takewhile(lambda r: r.decision == "maintain", later)))
                span = [*span, *(r.meeting_date for r in later[: holds + 1])]
            if not span:
                return None
            parsed = dataclasses.replace(parsed, meetings=tuple(span), named_span=True)
        if parsed.since_extreme:  # "since the peak": the meetings after the highest range last stood
            within = set(parsed.meetings) if parsed.named_span else None
            span = since_extreme(self.records, parsed.since_extreme, within)
            if not span:
                return None
            parsed = dataclasses.replace(parsed, meetings=tuple(span), named_span=True)
        if parsed.versus_previous:  # "smaller than the one before it": the previous move of the same kind
            at = parsed.meetings[0]
            before = [r.meeting_date for r in self.records if r.meeting_date < at and matches(r, parsed)]
            if not before:
                return None
            parsed = dataclasses.replace(parsed, meetings=(before[-1], at), named_span=True)
        before = next((r for r in reversed(self.records) if r.meeting_date < min(parsed.meetings)), None) \
            if parsed.meetings else None
        result = answer(parsed, in_span(self.records, set(parsed.meetings)), before)
        if result is not None and parsed.also_current:
            result = self._and_now(parsed, result)
        return Consultation(parsed, result) if result is not None else None

    def _and_now(self, parsed: PolicyQuestion, extreme: RecordAnswer) -> RecordAnswer:
        """"The peak, and where is it now?": the span's extreme, then the level at the latest meeting."""
        latest = self.records[-1]
        now_asked = dataclasses.replace(parsed, intent="current" if parsed.intent == "peak" else parsed.intent,
                                        edge=None, meetings=(latest.meeting_date,), named_span=False,
                                        also_current=False)
        now = answer(now_asked, [latest], self.records[-2] if len(self.records) > 1 else None)
        if now is None:
            return extreme
        return RecordAnswer(f"{extreme.direct} {now.direct}", unique_quotes([*extreme.quotes, *now.quotes]))

    def evidence_hits(self, consultation: Consultation) -> list[SearchHit]:
        return [h for h in (self.hit_for(cid) for cid in consultation.evidence) if h is not None]


def _kind(c: Consultation) -> str:
    return c.question.intent if isinstance(c.question, PolicyQuestion) else f"securities {c.question.ask}"


def _meetings_cited(c: Consultation) -> set[str]:
    """The meeting dates of the documents a consultation cites ("statement-2024-09-18" -> "2024-09-18")."""
    return {q.source.document_id.partition("-")[2] for q in c.answer.quotes}


_DECIMAL_FORM = re.compile(r"\s*\(\d+\.\d+%[–-]\d+\.\d+%\)")  # " (5.00%–5.25%)": a range said again
_WORD = re.compile(r"[a-z0-9][a-z0-9/'–-]*")


def _said(text: str) -> set[str]:
    """A record sentence's words less function words, figures kept whole ("11–1", "5-1/4"): the answering layer's
    stemmed content words drop them, and the policy layer does not import it."""
    return {w for w in _WORD.findall(_DECIMAL_FORM.sub("", text).lower()) if w not in STOPWORDS}


def _joined(parts: list[Consultation]) -> Consultation:
    """One consultation from several: the direct sentences in order, less one that another part's sentence says
    already ("The FOMC did not raise rates at the June 14, 2023 meeting: it maintained the target range ... at 5 to
    5-1/4 percent." then "At the June 14, 2023 meeting the FOMC maintained the target range ... 5 to 5-1/4 percent":
    blind judges, "the lead repeats the decision"), each quote once."""
    said = [_said(p.answer.direct) for p in parts]
    kept: list[str] = []
    told: set[str] = set()
    for i, p in enumerate(parts):
        if said[i] <= told or any(said[i] < later for later in said[i + 1:]):
            continue  # said already, or a later part says it and more
        kept.append(p.answer.direct)
        told |= said[i]
    direct = " ".join(kept)
    quotes = unique_quotes([q for p in parts for q in p.answer.quotes])
    return Consultation(parts[0].question, RecordAnswer(direct, quotes))
