"""What the minutes add to a brief once they are indexed (about three weeks after the statement): their roll call
of the policy vote and each dissenter's view as the record took it from the minutes' dissent paragraphs."""

from __future__ import annotations

from fomc_qa.brief.citations import Chunks
from fomc_qa.policy.record import MeetingRecord, Source
from fomc_qa.text.sentences import split_sentences

# The minutes' section that records the policy vote ("Committee Policy Action", plural since 2022), and how its
# roll-call lines begin.
POLICY_SECTION = "Committee Policy Action"
ROLL_CALL = ("Voting for this action", "Voting against this action", "Absent and not voting")


def vote_details(record: MeetingRecord, chunks: Chunks) -> list[dict]:
    """The minutes' roll-call lines of the policy vote, each once, in the minutes' order."""
    if record.minutes_id is None:
        return []
    seen: set[str] = set()
    found = []
    for chunk_id, text, section in chunks.of_document(record.minutes_id):
        if not (section or "").startswith(POLICY_SECTION):
            continue
        for sentence in split_sentences(text):
            if sentence.startswith(ROLL_CALL) and sentence not in seen:
                seen.add(sentence)
                source = Source(sentence=sentence, document_id=record.minutes_id, chunk_id=chunk_id)
                found.append({"sentence": sentence, "citation": chunks.cite(source).to_dict()})
    return found


def dissent_reasons(record: MeetingRecord, chunks: Chunks) -> list[dict]:
    """Each dissenter's view in the minutes' words (the record's elaboration: the dissent paragraph where the
    minutes have one, else their roll-call line)."""
    return [{"name": d.name, "reason": d.elaboration.sentence, "citation": chunks.cite(d.elaboration).to_dict()}
            for d in record.dissents
            if d.elaboration is not None and d.elaboration.document_id == record.minutes_id]


def minutes_part(record: MeetingRecord, chunks: Chunks) -> dict:
    """The brief's `minutes`: whether they are included, their release date (None where the page
    gives none), vote details, dissent reasons."""
    info = chunks.documents.get(record.minutes_id or "")
    if info is None:
        return {"included": False, "date": None, "vote_details": [], "dissent_reasons": []}
    released = info.release_date.isoformat() if info.release_date else None
    return {"included": True, "date": released, "vote_details": vote_details(record, chunks),
            "dissent_reasons": dissent_reasons(record, chunks)}
