"""Record answers about votes: dissents (by member, tallied, the first or last, what a dissenter preferred in
numbers), a member who voted with the majority, the tally of each vote, attendance, the Committee's officers."""

from __future__ import annotations

import re
from collections.abc import Sequence

from fomc_qa.policy.numbers import count_words
from fomc_qa.policy.phrasing import (
    MAX_LISTED,
    RecordAnswer,
    day,
    move_phrase,
    occasion,
    quote,
    sentence,
    span_phrase,
    tally,
    unique_quotes,
)
from fomc_qa.policy.preferred import committee_move, preferred_move, preferred_words
from fomc_qa.policy.record import MeetingRecord, Officer
from fomc_qa.question.policy_question import PolicyQuestion


def _dissents(record: MeetingRecord, person: str | None) -> list:
    return [d for d in record.dissents if person is None or person.lower() in d.name.lower().split()]

def _on_side(record: MeetingRecord, dissent, side: str | None) -> bool:
    """Whether a dissent wanted an easier ("easier") or tighter ("tighter") target range than the decision's; any
    dissent when no side is asked. A dissent about something else (the balance sheet) is on neither side."""
    if side is None:
        return True
    move = preferred_move(dissent.preferred or "", record)
    if move is None:
        return False
    return move.change_bp < (record.change_bp or 0) if side == "easier" else move.change_bp > (record.change_bp or 0)


def _dissenters(record: MeetingRecord, dissents: Sequence) -> str:
    """Who wanted what, in numbers where the words give a target-range move: "Stephen I. Miran preferred a cut of
    1/2 percentage point, to 3-1/4 to 3-1/2 percent; Austan D. Goolsbee and Jeffrey R. Schmid preferred no change,
    at 3-3/4 to 4 percent". Dissenters who wanted the same move are named together; without numbers, the
    statement's own words."""
    wants: dict[str, list[str]] = {}
    for d in dissents:
        words = preferred_words(d.preferred or "", record)
        wants.setdefault(f"preferred {words}" if words else (d.preferred or "dissented"), []).append(d.name)
    return "; ".join(f"{' and '.join(names)} {want}" for want, names in wants.items())


def _committee(record: MeetingRecord, dissents: Sequence) -> str:
    """What the Committee did, beside dissents that wanted another target range ("the Committee held the range");
    "" when none did (a dissent about guidance or the balance sheet)."""
    numbered = any(preferred_words(d.preferred or "", record) for d in dissents)
    return f"the Committee {committee_move(record)}" if numbered else ""


def _voted_with_majority(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    """A named member who did not dissent in the span but voted: what they voted for (the last three)."""
    assert q.person is not None
    voted = [(r, v) for r in records for v in r.voters_for if q.person.lower() in v.lower().replace(".", " ").split()]
    if not voted:
        return None
    name, shown = voted[-1][1], voted[-3:]
    listing = "; ".join(f"at {occasion(r)} the FOMC {move_phrase(r)}" for r, _ in shown)
    times = "" if len(voted) == 1 else f" at each of the {count_words(len(voted))} meetings where {name} voted"
    last = "" if len(voted) <= len(shown) else f"the last {count_words(len(shown))}: "
    direct = (f"{'No: ' if q.yes_no else ''}{name} did not dissent {span_phrase(q, records)}; {name} voted for the "
              f"Committee's action{times} ({last}{listing}).")
    return RecordAnswer(direct, [x for r, _ in shown for x in quote(r, r.vote_source)])

def _dissent_tally(q: PolicyQuestion, records: Sequence[MeetingRecord],
                   with_dissent: list[MeetingRecord]) -> RecordAnswer:
    """Dissents counted by member, most first, each with the meetings."""
    by_name: dict[str, list[MeetingRecord]] = {}
    for r in with_dissent:
        for d in r.dissents:
            by_name.setdefault(d.name, []).append(r)
    ranked = sorted(by_name.items(), key=lambda item: (-len(item[1]), item[1][0].meeting_date))
    parts = [f"{name} {count_words(len(rs))} {'time' if len(rs) == 1 else 'times'} "
             f"({', '.join(day(r.meeting_date) for r in rs)})" for name, rs in ranked]
    top = len(ranked[0][1])
    leaders = [name for name, rs in ranked if len(rs) == top]
    lead = (f"{leaders[0]} dissented most often" if len(leaders) == 1 else
            f"{' and '.join(leaders)} dissented most often, equally")
    quotes = [x for r in with_dissent for d in r.dissents if d.name in leaders for x in quote(r, d.source)]
    return RecordAnswer(f"{lead} {span_phrase(q, records)}: " + "; ".join(parts) + ".", quotes[:MAX_LISTED])

def _most_dissented_meetings(q: PolicyQuestion, records: Sequence[MeetingRecord],
                             with_dissent: list[MeetingRecord]) -> RecordAnswer:
    """The meetings of the span with the most dissents (ties named together), then the others by count."""
    ranked = sorted(with_dissent, key=lambda r: (-len(r.dissents), r.meeting_date))
    top = len(ranked[0].dissents)
    leaders = [r for r in ranked if len(r.dissents) == top]
    lead = " and ".join(f"the {day(r.meeting_date)} meeting" for r in leaders)
    verb = "had" if len(leaders) == 1 else "each had"
    rest = [f"{day(r.meeting_date)}: {count_words(len(r.dissents))}" for r in ranked[len(leaders):]][:MAX_LISTED]
    direct = (f"{lead[0].upper()}{lead[1:]} {verb} the most dissents {span_phrase(q, records)}, {count_words(top)} ("
              + "; ".join(", ".join(d.name for d in r.dissents) for r in leaders) + ")"
              + (f"; then {'; '.join(rest)}." if rest else "."))
    return RecordAnswer(direct, [x for r in leaders for d in r.dissents[:1] for x in quote(r, d.source)])


def answer_dissents(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    person = q.person if any(_dissents(r, q.person) for r in records) and q.person else None
    if q.person and person is None and q.named_span and (majority := _voted_with_majority(q, records)):
        return majority
    records = [r.model_copy(update={"dissents": [d for d in _dissents(r, person) if _on_side(r, d, q.dissent_side)]})
               for r in records]
    with_dissent = [r for r in records if r.dissents]
    span = span_phrase(q, records)
    if q.edge in ("first", "last") and with_dissent:  # "When was the last dissent?"
        return _edge_meeting(q, records, with_dissent, "dissent")
    if q.most and q.by_meeting and with_dissent:  # "Which meeting had the most dissents?"
        return _most_dissented_meetings(q, records, with_dissent)
    if q.most and with_dissent:  # "Who dissented most often in 2025?"
        return _dissent_tally(q, records, with_dissent)
    if not with_dissent and q.dissent_side:
        r = records[-1]
        wanted = "lower" if q.dissent_side == "easier" else "higher"
        return RecordAnswer(f"No member dissented for a {wanted} target range than the Committee's {span}.",
                            quote(r, r.vote_source))
    if not with_dissent:
        r = records[-1]
        return RecordAnswer(f"No member dissented {span}; the votes were unanimous.", quote(r, r.vote_source))
    parts, quotes = [], []
    for r in with_dissent:
        who, theirs = _dissenters(r, r.dissents), _committee(r, r.dissents)
        parts.append(who if len(with_dissent) == 1 else
                     f"{day(r.meeting_date)}{f' ({theirs})' if theirs else ''}: {who}")
        shown = r.dissents if len(with_dissent) == 1 else r.dissents[:1]  # one meeting: each dissent and its reasons
        quotes += [x for d in shown for source in (d.source, d.elaboration if len(with_dissent) == 1 else None)
                   for x in quote(r, source)]
    n = sum(len(r.dissents) for r in with_dissent)
    if person:
        name = with_dissent[0].dissents[0].name
        lead = f"{'Yes: ' if q.yes_no else ''}{name} dissented {count_words(n)} {'time' if n == 1 else 'times'} {span}"
    else:
        side = {"easier": " for a lower target range than the Committee's", "tighter": " for a higher target range "
                "than the Committee's"}.get(q.dissent_side or "", "")
        lead = f"There {'was' if n == 1 else 'were'} {count_words(n)} dissent{'s' if n != 1 else ''}{side} {span}"
    if len(with_dissent) == 1 and not person:  # one meeting's dissents: the vote they made ("a 9–2 vote")
        lead += f" in a {tally(with_dissent[0])} vote"
    if len(with_dissent) == 1 and (theirs := _committee(with_dissent[0], with_dissent[0].dissents)):
        lead += f", where {theirs}"
    return RecordAnswer(f"{lead}: " + "; ".join(parts) + ".", unique_quotes(quotes)[:MAX_LISTED])

def _edge_meeting(q: PolicyQuestion, records: Sequence[MeetingRecord], matching: list[MeetingRecord],
                  what: str) -> RecordAnswer:
    """The first or last meeting of the span with a dissent (or a unanimous vote), and the meeting beside it
    that broke the run: "the last unanimous decision" is best read with the dissents that followed it."""
    r = matching[0] if q.edge == "first" else matching[-1]
    who, theirs = _dissenters(r, r.dissents), _committee(r, r.dissents)
    direct = f"The {q.edge} {what} {span_phrase(q, records)} was at the {day(r.meeting_date)} meeting" + (
        f"{f', where {theirs}' if theirs else ''}: {who}" if who
        else f", when the FOMC {move_phrase(r)} with every voter in favor")
    quotes = [x for d in r.dissents for x in quote(r, d.source)] or quote(r, r.vote_source or r.decision_source)
    neighbour = next((x for x in (records if q.edge == "last" else reversed(records))
                      if (x.meeting_date > r.meeting_date if q.edge == "last" else x.meeting_date < r.meeting_date)),
                     None)
    if neighbour is not None and what == "unanimous decision" and neighbour.dissents:
        names = [d.name for d in neighbour.dissents]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        side = 'next' if q.edge == 'last' else 'previous'
        direct += f". At the {side} meeting, {day(neighbour.meeting_date)}, {who} dissented"
        quotes += quote(neighbour, neighbour.dissents[0].source)
    return RecordAnswer(sentence(direct), quotes)

def answer_votes(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    unanimous = [r for r in records if not r.dissents]
    if q.edge in ("first", "last") and unanimous:  # "the last unanimous decision of 2025"
        return _edge_meeting(q, records, unanimous, "unanimous decision")
    if q.unanimous and len(records) > 1:  # "Which meetings in 2025 had no dissents?", "how many were unanimous?"
        return _unanimous_meetings(q, records, unanimous)
    if q.yes_no and q.asks_unanimity and len(records) == 1:  # "Was the July 2023 decision unanimous?"
        r = records[0]
        who = f", {' and '.join(d.name for d in r.dissents)} against" if r.dissents else " (unanimous)"
        return RecordAnswer(f"{'No' if r.dissents else 'Yes'}: the vote on {day(r.meeting_date)} was "
                            f"{tally(r)}{who}.",
                            [x for d in r.dissents for x in quote(r, d.source)] or quote(r, r.vote_source))
    parts, quotes = [], []
    for r in records[-MAX_LISTED:]:
        who = f" ({', '.join(d.name for d in r.dissents)} against)" if r.dissents else " (unanimous)"
        alternates = [s for s in r.sentences("votes") if "alternate" in s.source.sentence.lower()]
        voted_as = "; " + " ".join(s.source.sentence.rstrip(".") for s in alternates) if alternates else ""
        parts.append(f"{day(r.meeting_date)}: {tally(r)}{who}, voting for: {', '.join(r.voters_for)}{voted_as}")
        quotes += quote(r, r.vote_source) + [q_ for s in alternates for q_ in quote(r, s.source)]
    return RecordAnswer(("The vote on " if len(parts) == 1 else "The votes: ") + "; ".join(parts) + ".", quotes)

def _unanimous_meetings(q: PolicyQuestion, records: Sequence[MeetingRecord],
                        unanimous: Sequence[MeetingRecord]) -> RecordAnswer:
    span = span_phrase(q, records)
    named = ", ".join(day(r.meeting_date) for r in unanimous)
    direct = f"{count_words(len(unanimous)).capitalize()} of the {len(records)} meetings {span} were unanimous" + \
        (f": {named}" if unanimous else "")
    others = [r for r in records if r.dissents]
    if others:
        direct += "; dissents at " + "; ".join(f"{day(r.meeting_date)} ({', '.join(d.name for d in r.dissents)})"
                                              for r in others)
    return RecordAnswer(direct + ".", [x for r in unanimous[:MAX_LISTED] for x in quote(r, r.vote_source)])

def answer_attendance(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    one = _attended(q.person, records[0]) if q.person and len(records) == 1 else None
    if one is not None:
        return one
    parts, quotes = [], []
    for r in records[-3:]:
        if r.attendance:
            parts.append(f"the minutes of the {day(r.meeting_date)} meeting list {', '.join(r.attendance)}")
            quotes += quote(r, r.attendance_source)
    if not parts:
        return RecordAnswer(f"The minutes of the {span_phrase(q, records)} do not list the attendance.")
    return RecordAnswer(sentence("; ".join(parts)), quotes)

def _attended(surname: str, r: MeetingRecord) -> RecordAnswer | None:
    """Whether one person attended the meeting: listed present by the minutes, or absent and not voting; None for
    a name neither list holds (the whole attendance answers then)."""
    def named(names: Sequence[str]) -> str | None:
        return next((n for n in names if n.split()[-1].lower() == surname.lower()), None)
    when = f"the {day(r.meeting_date)} meeting"
    absent = named(r.not_voting)
    if absent:
        return RecordAnswer(f"No: {absent} was absent and not voting at {when}.", quote(r, r.vote_source))
    present = named([*r.attendance, *r.other_presidents])
    if present:
        return RecordAnswer(f"Yes: the minutes list {present} among those present at {when}.",
                            quote(r, r.attendance_source))
    return None

def _canonical_title(title: str) -> str:
    title = re.sub(r"^(Vice )?Chair(?:man|woman)$", r"\1Chair", title)
    return "Manager, System Open Market Account" if title.startswith("Manager pro tem") else title

def answer_officer(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """Who held each title the question names, in runs of meetings ("John C. Williams was Vice Chair at
    the 8 meetings from ... to ..."), each run cited at its last meeting."""
    parts, quotes = [], []
    for title in q.titles:
        runs: list[tuple[str, str, list[MeetingRecord], Officer]] = []  # name, title as written, meetings, last
        for r in records:
            for officer in (o for o in r.officers if _canonical_title(o.title) == title):
                if runs and runs[-1][0] == officer.name:
                    runs[-1][2].append(r)
                    runs[-1] = (officer.name, runs[-1][1], runs[-1][2], officer)
                else:
                    runs.append((officer.name, officer.title, [r], officer))
        for name, written, meetings, last in runs[-MAX_LISTED:]:
            when = (f"at the {day(meetings[0].meeting_date)} meeting" if len(meetings) == 1 else
                    f"at the {count_words(len(meetings))} meetings from {day(meetings[0].meeting_date)} to "
                    f"{day(meetings[-1].meeting_date)}")
            parts.append(f"{name} was {written} {when}")
            quotes += quote(meetings[-1], last.source)
    if not parts:
        return RecordAnswer(f"The minutes of the meetings {span_phrase(q, records)} do not name a "
                            f"{' or '.join(q.titles)}.")
    direct = sentence("; ".join(parts))
    if not q.named_span and len(records) == 1:
        direct = f"As of {day(records[-1].meeting_date)}, the latest meeting in the index: {direct}"
    return RecordAnswer(direct, quotes)
