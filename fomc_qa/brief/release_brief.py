"""The release brief of one meeting: what a desk wants within a minute of 2:00 pm (the decision and the new range,
the administered rates, the vote with each dissenter's preference, the balance-sheet decisions and the redline
against the previous statement), every item cited to its chunk with the verbatim sentence.

Built from the policy record and the chunk files only (no prose is parsed here), so the same data give the same
brief, byte for byte (`to_json`). When the meeting's minutes are indexed the brief adds their roll call and the
dissenters' views, and says so (`minutes.included`)."""

from __future__ import annotations

import copy
import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from fomc_qa.brief.citations import Chunks
from fomc_qa.brief.errors import BriefFilesMissing, BriefUnavailable, MeetingNotIndexed
from fomc_qa.brief.markdown import brief_markdown
from fomc_qa.brief.meetings import record_and_previous
from fomc_qa.brief.minutes import minutes_part
from fomc_qa.config import DataPaths, Settings
from fomc_qa.policy.diff import word_diff, word_edits
from fomc_qa.policy.numbers import fed_fraction
from fomc_qa.policy.preferred import preferred_move
from fomc_qa.policy.record import MeetingRecord, RateRange
from fomc_qa.policy.wording import statement_changes

__all__ = ["BriefFilesMissing", "BriefUnavailable", "MeetingNotIndexed", "ReleaseBrief", "brief_for"]

ACTION = {"lower": "lower", "raise": "raise", "maintain": "hold"}
HEADLINE_VERB = {"lower": "lowers", "raise": "raises", "hold": "holds"}
BRIEF_RATES = ("iorb", "on_rrp")


@dataclass(frozen=True)
class ReleaseBrief:
    """One meeting's brief; every part is JSON-ready (strings, numbers, lists, dicts)."""

    meeting: str
    headline: str
    decision: dict
    rates: dict
    vote: dict
    balance_sheet: list
    redline: dict
    minutes: dict
    sources: dict

    def to_dict(self) -> dict:
        """A copy of the brief as one dict, every level's keys sorted."""
        return _sorted({"meeting": self.meeting, "headline": self.headline, "decision": self.decision,
                        "rates": self.rates, "vote": self.vote, "balance_sheet": self.balance_sheet,
                        "redline": self.redline, "minutes": self.minutes, "sources": self.sources})

    def to_json(self) -> str:
        """The brief as JSON, byte-identical for the same data."""
        return json.dumps(self.to_dict(), sort_keys=True, indent=2, ensure_ascii=False) + "\n"

    def to_markdown(self) -> str:
        return brief_markdown(self.to_dict())


def brief_for(meeting: dt.date, data_dir: Path | None = None) -> ReleaseBrief:
    """The brief of the meeting that ended on `meeting`, from the files under `data_dir` (default FOMC_DATA_DIR).
    MeetingNotIndexed when the index holds no meeting that day; BriefFilesMissing when its files are missing
    or stale."""
    paths = DataPaths(data_dir) if data_dir is not None else Settings.from_env().paths
    record, previous = record_and_previous(paths, meeting)
    chunks = Chunks(paths, [r.meeting_date for r in (previous, record) if r is not None])
    documents = chunks.documents
    if record.statement_id not in documents:
        raise BriefFilesMissing(f"{paths.partition_file('documents', record.key)}: no {record.statement_id}; "
                                f"re-materialize documents for {record.key}")
    minutes_doc = documents.get(record.minutes_id or "")
    vote = _vote(record, chunks)
    decision = _decision(record, chunks)
    return ReleaseBrief(
        meeting=record.key,
        headline=_headline(decision, vote["tally"]),
        decision=decision,
        rates={name: _rate(record, name, chunks) for name in BRIEF_RATES},
        vote=vote,
        balance_sheet=[{"kind": b.kind, "sentence": b.source.sentence, "citation": chunks.cite(b.source).to_dict()}
                       for b in record.balance_sheet],
        redline=_redline(previous, record, chunks),
        minutes=minutes_part(record, chunks),
        sources={"statement": documents[record.statement_id].url,
                 "minutes": minutes_doc.url if minutes_doc else None},
    )


def range_text(r: RateRange | None) -> str | None:
    """"3-1/2 to 3-3/4 percent": the Fed's form with plain hyphens (its pages mix in non-breaking ones)."""
    return f"{fed_fraction(r.low)} to {fed_fraction(r.high)} percent" if r is not None else None


def _decision(record: MeetingRecord, chunks: Chunks) -> dict:
    return {"action": ACTION[record.decision], "change_bp": record.change_bp,
            "range_before": range_text(record.range_before), "range_after": range_text(record.range_after),
            "sentence": record.decision_source.sentence, "citation": chunks.cite(record.decision_source).to_dict()}


def _headline(decision: dict, tally: str | None) -> str:
    """"FOMC lowers the target range by 25 bp to 3-1/2 to 3-3/4 percent; 9-3 vote"."""
    action, bp, after = decision["action"], decision["change_bp"], decision["range_after"]
    line = f"FOMC {HEADLINE_VERB[action]} the target range"
    if action != "hold" and bp:
        line += f" by {abs(bp)} bp"
    if after:
        line += f" {'at' if action == 'hold' else 'to'} {after}"
    return line + (f"; {tally} vote" if tally else "")


def _rate(record: MeetingRecord, name: str, chunks: Chunks) -> dict | None:
    rate = record.rate(name)
    if rate is None:
        return None
    return {"rate": rate.percent, "sentence": rate.source.sentence, "citation": chunks.cite(rate.source).to_dict()}


def _vote(record: MeetingRecord, chunks: Chunks) -> dict:
    against = []
    for d in record.dissents:
        move = preferred_move(d.preferred or "", record)
        against.append({"name": d.name, "preference": d.preferred,
                        "preferred_change_bp": move.change_bp if move is not None else None,
                        "sentence": d.source.sentence, "citation": chunks.cite(d.source).to_dict()})
    tally = f"{len(record.voters_for)}-{len(record.dissents)}" if record.voters_for else None
    vote_source = record.vote_source
    return {"for": list(record.voters_for), "against": against, "tally": tally,
            "sentence": vote_source.sentence if vote_source else None,
            "citation": chunks.cite(vote_source).to_dict() if vote_source else None}


def _redline(previous: MeetingRecord | None, record: MeetingRecord, chunks: Chunks) -> dict:
    """The statement's changes from the previous indexed meeting's: added, removed, and revised with the edit."""
    out: dict = {"previous": previous.key if previous else None, "added": [], "removed": [], "revised": []}
    for kind, was, now in statement_changes(previous, record) if previous else []:
        if kind == "revised":
            out["revised"].append({
                "role": now.role, "before": was.source.sentence, "after": now.source.sentence,
                "edit": [list(e) for e in word_edits(was.source.sentence, now.source.sentence)],
                "summary": word_diff(was.source.sentence, now.source.sentence),
                "citation": chunks.cite(now.source).to_dict(),
                "before_citation": chunks.cite(was.source).to_dict()})
        else:
            s = now if kind == "added" else was
            out[kind].append({"role": s.role, "sentence": s.source.sentence,
                              "citation": chunks.cite(s.source).to_dict()})
    return out


def _sorted(value):
    """A deep copy with every dict's keys in sorted order (lists keep theirs)."""
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list | tuple):
        return [_sorted(v) for v in value]
    return copy.copy(value)
