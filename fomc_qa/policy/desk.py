"""The policy desk: consults the record for a question before (and beside) retrieval.

The retriever puts the record's evidence chunks first, so span questions see every meeting they
count; the program opens its answer with the record's direct sentence and cites the same chunks.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from fomc_qa.models import SearchHit
from fomc_qa.policy.answers import RecordAnswer, answer
from fomc_qa.policy.phrasing import Quote
from fomc_qa.policy.questions import PolicyQuestion, parse_policy_question
from fomc_qa.policy.record import MeetingRecord
from fomc_qa.policy.securities import SecuritiesQuestion, answer_securities, parse_securities_question
from fomc_qa.policy.timeline import chain, cycle_span, in_span, since_extreme
from fomc_qa.retrieval.query_filters import parse_filter
from fomc_qa.text.facets import question_facets
from fomc_qa.text.sentences import plain_question

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

    def _consult(self, question: str) -> Consultation | None:
        question = plain_question(question)
        whole = self._consult_one(question)
        parts = self._facet_parts(question)
        if whole is not None and parts and whole.question.intent not in {p.question.intent for p in parts}:
            return whole  # the whole question's reading already joins its parts ("the first cut, and who dissented")
        return _joined(parts) if parts else whole

    def _facet_parts(self, question: str) -> list[Consultation]:
        """For a question asking several things of one meeting ("How big was the September 2024 cut, and who
        dissented?"), each part's record answer, in the question's order; [] unless every part is answered from
        the record about the same single meeting, each by a different intent."""
        facets = question_facets(question, min_words=2)  # "and who dissented?" is a part
        if len(facets) < 2:
            return []
        dates = parse_filter(question, self.meetings).named_dates
        parts = []
        for facet in facets:
            missing = [d for d in dates if not parse_filter(facet, self.meetings).named_dates]
            part = self._consult_one(f"{facet} ({', '.join(missing)})" if missing else facet)
            if part is None or not isinstance(part.question, PolicyQuestion) or len(part.question.meetings) != 1:
                return []
            parts.append(part)
        if len({p.question.meetings for p in parts}) != 1 or len({p.question.intent for p in parts}) != len(parts):
            return []
        return parts

    def _consult_one(self, question: str) -> Consultation | None:
        securities = parse_securities_question(question, self.meetings)
        if securities is not None:
            result = answer_securities(securities, self.records)
            if result is not None:
                return Consultation(securities, result)
        parsed = parse_policy_question(question, self.meetings)
        if parsed is None:
            return None
        if parsed.cycle:
            within = set(parsed.meetings) if parsed.named_span else None
            span = cycle_span(self.records, parsed.cycle, within)
            if not span:
                return None
            parsed = dataclasses.replace(parsed, meetings=tuple(span), named_span=True)
        if parsed.since_extreme:  # "since the peak": the meetings after the highest range last stood
            within = set(parsed.meetings) if parsed.named_span else None
            span = since_extreme(self.records, parsed.since_extreme, within)
            if not span:
                return None
            parsed = dataclasses.replace(parsed, meetings=tuple(span), named_span=True)
        result = answer(parsed, in_span(self.records, set(parsed.meetings)))
        return Consultation(parsed, result) if result is not None else None

    def evidence_hits(self, consultation: Consultation) -> list[SearchHit]:
        return [h for h in (self.hit_for(cid) for cid in consultation.evidence) if h is not None]


def _joined(parts: list[Consultation]) -> Consultation:
    """One consultation from several: the direct sentences in order, each quote once."""
    quotes: list[Quote] = []
    for part in parts:
        quotes += [q for q in part.answer.quotes if q not in quotes]
    direct = " ".join(p.answer.direct for p in parts)
    return Consultation(parts[0].question, RecordAnswer(direct, quotes))
