"""Answers computed from the policy record: one direct sentence, then the Fed's own sentences.

`answer` sends a parsed question to the module that knows its kind: moves of the range (`moves`), votes
(`votes`), the statements' wording (`wording`); all phrase their answers alike (`phrasing`).
"""

from __future__ import annotations

from collections.abc import Sequence

from fomc_qa.policy.moves import (
    after_event,
    answer_compare,
    answer_count,
    answer_current,
    answer_decision,
    answer_duration,
    answer_extreme,
    answer_ordinal,
    answer_peak,
    answer_rate,
    answer_reason,
    answer_unscheduled,
)
from fomc_qa.policy.phrasing import MAX_LISTED, Quote, RecordAnswer
from fomc_qa.policy.record import MeetingRecord
from fomc_qa.policy.votes import answer_attendance, answer_dissents, answer_officer, answer_votes
from fomc_qa.policy.wording import answer_mention, answer_redline, answer_role
from fomc_qa.question.policy_question import PolicyQuestion

__all__ = ["Quote", "RecordAnswer", "answer"]


def answer(q: PolicyQuestion, records: Sequence[MeetingRecord],
           before: MeetingRecord | None = None) -> RecordAnswer | None:
    """The record's answer to a parsed question over the chained records of its span (`before`: the meeting
    preceding the span, for what moved since)."""
    if q.after_kind:
        records = after_event(q, records)
    if not records:
        return None
    if q.intent == "current":
        return answer_current(records, q.edge, q.as_of)
    if q.intent in ("largest", "smallest"):
        return answer_extreme(q, records)
    if q.intent == "duration":
        return answer_duration(q, records)
    if q.intent == "peak":
        return answer_peak(q, records)
    if q.intent == "count":
        return answer_unscheduled(q, records) if q.unscheduled else answer_count(q, records)
    if q.intent in ("first", "last"):
        return answer_ordinal(q, records)
    if q.intent == "rate":
        return answer_rate(q, records, before)
    if q.intent == "dissents":
        return answer_dissents(q, records)
    if q.intent == "votes":
        return answer_votes(q, records)
    if q.intent == "attendance":
        return answer_attendance(q, records)
    if q.intent == "officer":
        return answer_officer(q, records)
    if q.intent == "mention":
        return answer_mention(q, records)
    if q.intent == "redline":
        return answer_redline(q, records) if len(records) > 1 else None
    if q.intent in ("evolution", "role"):
        return answer_role(q, records, evolution=q.intent == "evolution")
    if q.intent == "reason":
        return answer_reason(q, records[-MAX_LISTED:])
    if q.intent == "compare":
        return answer_compare(q, records[-MAX_LISTED:])
    return answer_decision(q, records[-MAX_LISTED:])
