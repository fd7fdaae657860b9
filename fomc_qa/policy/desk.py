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
from fomc_qa.policy.questions import PolicyQuestion, parse_policy_question
from fomc_qa.policy.record import MeetingRecord
from fomc_qa.policy.securities import SecuritiesQuestion, answer_securities, parse_securities_question
from fomc_qa.policy.timeline import chain, cycle_span, in_span, since_extreme
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
