"""Answers computed from the policy record: one direct sentence, then the Fed's own sentences.

The direct sentence states the fact in the Fed's form and in decimals and basis points ("lowered
the target range by 1/2 percentage point (50 basis points) to 4-3/4 to 5 percent (4.75%–5.00%)");
each quote after it is a record source, so the program cites it verbatim.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from fomc_qa.policy.diff import word_diff
from fomc_qa.policy.numbers import count_words, fed_fraction, percent_forms, percentage_points, range_forms
from fomc_qa.policy.preferred import preferred_phrase
from fomc_qa.policy.questions import PolicyQuestion
from fomc_qa.policy.record import RATE_LABEL, MeetingRecord, Officer, Source, StatementSentence

_VERB = {"raise": "raised", "lower": "lowered", "maintain": "kept"}
_NOUN = {"raise": "increase", "lower": "cut", "maintain": "hold", None: "move"}
_ROLE_LABEL = {"economic_activity": "economic activity", "labor_market": "the labor market",
               "inflation": "inflation", "risks": "risks and uncertainty", "forward_guidance": "forward guidance",
               "balance_sheet": "the balance sheet", "decision": "the policy decision", "votes": "the vote"}
MAX_LISTED = 12  # quotes after the direct sentence; a span of 48 meetings is summarised, not quoted whole


@dataclass(frozen=True)
class Quote:
    label: str  # "FOMC statement of September 18, 2024"
    source: Source
    note: str = ""  # e.g. what changed from the previous meeting's sentence


@dataclass(frozen=True)
class RecordAnswer:
    direct: str
    quotes: list[Quote] = field(default_factory=list)


def day(d: dt.date) -> str:
    return f"{d:%B} {d.day}, {d.year}"


def _label(record: MeetingRecord, source: Source) -> str:
    kind = "minutes" if source.document_id.startswith("minutes") else "statement"
    return f"FOMC {kind} of {day(record.meeting_date)}"


def _quote(record: MeetingRecord, source: Source | None, note: str = "") -> list[Quote]:
    return [Quote(_label(record, source), source, note)] if source is not None else []


def move_phrase(record: MeetingRecord) -> str:
    """"lowered the target range for the federal funds rate by 1/2 percentage point (50 basis
    points) to 4-3/4 to 5 percent (4.75%–5.00%)", or "kept it at ..." for a hold."""
    after = record.range_after
    target = range_forms(after) if after else "an unchanged range"
    if record.decision == "maintain" or record.change_bp == 0:
        return f"kept the target range for the federal funds rate at {target}"
    size = f" by {percentage_points(record.change_bp)}" if record.change_bp else ""
    before = f", from {range_forms(record.range_before)}," if record.range_before else ""
    return f"{_VERB[record.decision]} the target range for the federal funds rate{size}{before} to {target}"


def _span_phrase(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> str:
    if q.after_kind:
        return f"after the {_NOUN[q.after_kind]}s"
    if not q.named_span:
        return "in the indexed meetings"
    first, last = records[0].meeting_date, records[-1].meeting_date
    if first.year == last.year and {r.meeting_date for r in records} >= set(q.meetings) and len(q.meetings) > 2:
        return f"in {first.year}"
    return f"between {day(first)} and {day(last)}" if first != last else f"at the {day(first)} meeting"


def _matches(record: MeetingRecord, q: PolicyQuestion) -> bool:
    """Whether a meeting's move is the kind the question counts: its direction (any move when none is
    named, any decision when a range is named), its size, the range it left."""
    if q.at_range is not None:
        r = record.range_after
        if r is None or (r.low, r.high) != q.at_range:
            return False
        return q.direction is None or record.decision == q.direction
    if q.size_bp is not None and abs(record.change_bp or 0) != q.size_bp:
        return False
    return record.decision == q.direction if q.direction else record.decision != "maintain"


def _kind_phrase(q: PolicyQuestion) -> str:
    noun = _NOUN[q.direction]
    if q.size_bp is not None:
        noun = f"{q.size_bp}-basis-point {noun}"
    if q.at_range is not None:
        noun = f"{noun} at {fed_fraction(q.at_range[0])} to {fed_fraction(q.at_range[1])} percent"
    return noun


def answer_decision(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    parts, quotes = [], []
    for r in records:
        parts.append(f"at the {day(r.meeting_date)} meeting the FOMC {move_phrase(r)}")
        quotes += _quote(r, r.decision_source)
    direct = _sentence("; ".join(parts))
    if q.yes_no and q.direction and len(records) == 1:  # "Did the FOMC raise rates in June 2023?"
        direct = ("Yes: " if records[0].decision == q.direction else "No: ") + direct[0].lower() + direct[1:]
    return RecordAnswer(direct, quotes)


def answer_compare(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """The moves of the meetings a question compares, largest first when they differ."""
    sizes = {abs(r.change_bp or 0) for r in records}
    each = "; ".join(f"at the {day(r.meeting_date)} meeting the FOMC {move_phrase(r)}" for r in records)
    if len(sizes) == 1:
        size = sizes.pop()
        verdict = (f"the moves were the same size, {percentage_points(size)} each" if size else
                   "the FOMC moved the range at none of them")
        verdict = f"No: {verdict}" if q.yes_no else verdict  # "Was the July hike larger than the May one?"
    else:
        biggest = max(records, key=lambda r: abs(r.change_bp or 0))
        verdict = (f"the largest move was at the {day(biggest.meeting_date)} meeting, "
                   f"{percentage_points(biggest.change_bp or 0)}")
    return RecordAnswer(_sentence(f"{verdict}: {each}"), [x for r in records for x in _quote(r, r.decision_source)])


def answer_unscheduled(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    off_cycle = [r for r in records if r.meeting_kind != "scheduled"]
    listing = "; ".join(f"{day(r.meeting_date)} ({r.meeting_kind.replace('_', ' ')}: the FOMC {move_phrase(r)})"
                        for r in off_cycle)
    direct = (f"The FOMC took {count_words(len(off_cycle))} unscheduled actions {_span_phrase(q, records)}"
              + (f": {listing}." if off_cycle else "."))
    return RecordAnswer(direct, [q_ for r in off_cycle for q_ in _quote(r, r.decision_source)])


def answer_current(records: Sequence[MeetingRecord], edge: str | None = None) -> RecordAnswer:
    """The range now (the latest meeting), or at the end or the start of a named span."""
    r = records[-1] if edge != "start" else records[0]
    rng = range_forms(r.range_after) if r.range_after else "not restated"
    if edge == "end":
        direct = (f"After the {day(r.meeting_date)} meeting, the last of the span asked about, the target range for "
                  f"the federal funds rate was {rng}; at that meeting the FOMC {move_phrase(r)}.")
    elif edge == "start":
        before = range_forms(r.range_before) if r.range_before else "not stated in the index"
        direct = (f"Going into the {day(r.meeting_date)} meeting, the first of the span, the target range for the "
                  f"federal funds rate was {before}; at that meeting the FOMC {move_phrase(r)}.")
    else:
        direct = (f"As of {day(r.meeting_date)}, the latest meeting in the index, the target range for the federal "
                  f"funds rate is {rng}; at that meeting the FOMC {move_phrase(r)}.")
    return RecordAnswer(direct, _quote(r, r.decision_source))


def answer_extreme(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """The largest (or smallest) move of a kind in the span, and every meeting that made a move that size."""
    hits, noun, span = _moves(q, records)
    hits = [r for r in hits if r.change_bp]
    if not hits:
        return _none_of(noun, span, records)
    pick = max if q.intent == "largest" else min
    size = pick(abs(r.change_bp or 0) for r in hits)
    same = [r for r in hits if abs(r.change_bp or 0) == size]
    adjective = "largest" if q.intent == "largest" else "smallest"
    listing = "; ".join(f"at the {day(r.meeting_date)} meeting the FOMC {move_phrase(r)}" for r in same)
    times = "once" if len(same) == 1 else f"{count_words(len(same))} times"
    direct = (f"The {adjective} {noun} {span} was {percentage_points(size)}, made {times} "
              f"(of {count_words(len(hits))} {noun}s): {listing}.")
    return RecordAnswer(direct, [quote for r in same[:MAX_LISTED] for quote in _quote(r, r.decision_source)])


def answer_duration(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """How long the range stayed at a level: each unbroken run of meetings that left it there, from the
    meeting that set it to the one that moved it."""
    assert q.at_range is not None
    level = f"{fed_fraction(q.at_range[0])} to {fed_fraction(q.at_range[1])} percent"
    runs: list[list[MeetingRecord]] = []
    previous_at = False
    for r in records:
        at = r.range_after is not None and (r.range_after.low, r.range_after.high) == q.at_range
        if at and previous_at:
            runs[-1].append(r)
        elif at:
            runs.append([r])
        previous_at = at
    if not runs:
        return _none_of(f"move to {level}", _span_phrase(q, records), records)
    parts, quotes = [], []
    for run in runs:
        end = next((x for x in records if x.meeting_date > run[-1].meeting_date), None)
        until = (f"until the {day(end.meeting_date)} meeting, when the FOMC {move_phrase(end)}" if end
                 else f"through the latest meeting in the index ({day(run[-1].meeting_date)})")
        months = ((end or run[-1]).meeting_date - run[0].meeting_date).days / 30.44
        parts.append(f"from the {day(run[0].meeting_date)} meeting, when the FOMC {move_phrase(run[0])}, {until}: "
                     f"{count_words(len(run))} meeting{'s' if len(run) != 1 else ''} at that range, about "
                     f"{months:.0f} months")
        quotes += _quote(run[0], run[0].decision_source) + (_quote(end, end.decision_source) if end else [])
    direct = f"The target range stood at {range_forms(runs[0][0].range_after)} " + "; then ".join(parts) + "."
    return RecordAnswer(direct, quotes[:MAX_LISTED])


def _none_of(noun: str, span: str, records: Sequence[MeetingRecord]) -> RecordAnswer:
    return RecordAnswer(f"There was no {noun} of the target range {span} ({len(records)} meetings).",
                        _quote(records[-1], records[-1].decision_source))


def _moves(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> tuple[list[MeetingRecord], str, str]:
    """The meetings whose move the question counts, what to call such a move, and the span's phrase."""
    return [r for r in records if _matches(r, q)], _kind_phrase(q), _span_phrase(q, records)


def answer_count(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    hits, noun, span = _moves(q, records)
    if not hits:
        return _none_of(noun, span, records)
    total = sum(r.change_bp or 0 for r in hits)
    times = "time" if len(hits) == 1 else "times"
    verb = _VERB[q.direction] if q.direction else "moved"
    what = f"the target range ({noun}s)" if q.size_bp or q.at_range else "the target range"
    direct = f"The FOMC {verb} {what} {count_words(len(hits))} {times} {span}"
    if q.direction in ("raise", "lower"):
        direct += f", by {percentage_points(total)} in total"
    elif q.direction is None and total:
        direct += f", a net {_signed(total)} ({percentage_points(total)})"
    if q.at_range is None and hits and hits[-1].range_after is not None and q.direction != "maintain":
        direct += f", leaving it at {range_forms(hits[-1].range_after)}"
    listing = ", ".join(f"{day(r.meeting_date)} ({_signed(r.change_bp or 0)})" for r in hits)
    direct += f": {listing}."
    quotes = [quote for r in hits[:MAX_LISTED] for quote in _quote(r, r.decision_source)]
    return RecordAnswer(direct, quotes)


def _signed(bp: int) -> str:
    return "no change" if bp == 0 else f"{'+' if bp > 0 else '−'}{abs(bp)} bp"


def answer_ordinal(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    hits, noun, span = _moves(q, records)
    if not hits:
        return _none_of(noun, span, records)
    r = hits[0] if q.intent == "first" else hits[-1]
    direct = f"The {q.intent} {noun} {span} came at the {day(r.meeting_date)} meeting, when the FOMC {move_phrase(r)}."
    following = next((x for x in records if x.meeting_date > r.meeting_date), None)
    if q.intent == "last" and following is not None:
        direct += f" At the next meeting, {day(following.meeting_date)}, the FOMC {move_phrase(following)}."
    return RecordAnswer(direct, _quote(r, r.decision_source))


def answer_rate(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    sentences, quotes = [], []
    for name in q.rates or ("iorb",):
        parts = []
        for r in records[-MAX_LISTED:]:
            rate = r.rate(name)
            if rate is not None:
                parts.append(f"{day(r.meeting_date)}: {percent_forms(rate.percent)}")
                quotes += _quote(r, rate.source)
        label = RATE_LABEL[name]
        sentences.append(f"the {label}: " + "; ".join(parts) if parts else f"the documents do not state the {label}")
    prefix = "As of the latest meeting in the index, " if not q.named_span else ""
    return RecordAnswer(_sentence(prefix + "; ".join(sentences)), quotes)


def _dissents(record: MeetingRecord, person: str | None) -> list:
    return [d for d in record.dissents if person is None or person.lower() in d.name.lower().split()]


def _dissenter(record: MeetingRecord, dissent) -> str:
    """"Esther L. George, who preferred ... (an increase of 1/2 percentage point (50 basis points), ...)"."""
    if not dissent.preferred:
        return dissent.name
    numbers = preferred_phrase(dissent.preferred, record)
    return f"{dissent.name}, who {dissent.preferred}" + (f" ({numbers})" if numbers else "")


def _voted_with_majority(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    """A named member who did not dissent in the span but voted: what they voted for (the last three)."""
    assert q.person is not None
    voted = [(r, v) for r in records for v in r.voters_for if q.person.lower() in v.lower().replace(".", " ").split()]
    if not voted:
        return None
    name, shown = voted[-1][1], voted[-3:]
    listing = "; ".join(f"at the {day(r.meeting_date)} meeting the FOMC {move_phrase(r)}" for r, _ in shown)
    times = "" if len(voted) == 1 else f" at each of the {count_words(len(voted))} meetings where {name} voted"
    last = "" if len(voted) <= len(shown) else f"the last {count_words(len(shown))}: "
    direct = (f"{'No: ' if q.yes_no else ''}{name} did not dissent {_span_phrase(q, records)}; {name} voted for the "
              f"Committee's action{times} ({last}{listing}).")
    return RecordAnswer(direct, [quote for r, _ in shown for quote in _quote(r, r.vote_source)])


def answer_dissents(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    person = q.person if any(_dissents(r, q.person) for r in records) and q.person else None
    if q.person and person is None and q.named_span and (majority := _voted_with_majority(q, records)):
        return majority
    records = [r.model_copy(update={"dissents": _dissents(r, person)}) for r in records]
    with_dissent = [r for r in records if r.dissents]
    span = _span_phrase(q, records)
    if q.edge in ("first", "last") and with_dissent:  # "When was the last dissent?"
        return _edge_meeting(q, records, with_dissent, "dissent")
    if not with_dissent:
        r = records[-1]
        return RecordAnswer(f"No member dissented {span}; the votes were unanimous.", _quote(r, r.vote_source))
    parts, quotes = [], []
    for r in with_dissent:
        who = "; ".join(_dissenter(r, d) for d in r.dissents)
        parts.append(who if len(with_dissent) == 1 else f"{day(r.meeting_date)}: {who}")
        quotes += [q_ for d in r.dissents[:1] for q_ in _quote(r, d.source)]
    n = sum(len(r.dissents) for r in with_dissent)
    if person:
        name = with_dissent[0].dissents[0].name
        lead = f"{'Yes: ' if q.yes_no else ''}{name} dissented {count_words(n)} {'time' if n == 1 else 'times'} {span}"
    else:
        lead = f"There {'was' if n == 1 else 'were'} {count_words(n)} dissent{'s' if n != 1 else ''} {span}"
    return RecordAnswer(f"{lead}: " + "; ".join(parts) + ".", quotes[:MAX_LISTED])


def _edge_meeting(q: PolicyQuestion, records: Sequence[MeetingRecord], matching: list[MeetingRecord],
                  what: str) -> RecordAnswer:
    """The first or last meeting of the span with a dissent (or a unanimous vote), and the meeting beside it
    that broke the run: "the last unanimous decision" is best read with the dissents that followed it."""
    r = matching[0] if q.edge == "first" else matching[-1]
    who = "; ".join(_dissenter(r, d) for d in r.dissents)
    direct = f"The {q.edge} {what} {_span_phrase(q, records)} was at the {day(r.meeting_date)} meeting" + (
        f": {who}" if who else f", when the FOMC {move_phrase(r)} with every voter in favor")
    quotes = [x for d in r.dissents for x in _quote(r, d.source)] or _quote(r, r.vote_source or r.decision_source)
    neighbour = next((x for x in (records if q.edge == "last" else reversed(records))
                      if (x.meeting_date > r.meeting_date if q.edge == "last" else x.meeting_date < r.meeting_date)),
                     None)
    if neighbour is not None and what == "unanimous decision" and neighbour.dissents:
        names = [d.name for d in neighbour.dissents]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        side = 'next' if q.edge == 'last' else 'previous'
        direct += f". At the {side} meeting, {day(neighbour.meeting_date)}, {who} dissented"
        quotes += _quote(neighbour, neighbour.dissents[0].source)
    return RecordAnswer(_sentence(direct), quotes)


def answer_votes(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    unanimous = [r for r in records if not r.dissents]
    if q.edge in ("first", "last") and unanimous:  # "the last unanimous decision of 2025"
        return _edge_meeting(q, records, unanimous, "unanimous decision")
    parts, quotes = [], []
    for r in records[-MAX_LISTED:]:
        against = len(r.dissents)
        tally = f"{len(r.voters_for)}–{against}"
        who = f" ({', '.join(d.name for d in r.dissents)} against)" if against else " (unanimous)"
        alternates = [s for s in r.sentences("votes") if "alternate" in s.source.sentence.lower()]
        voted_as = "; " + " ".join(s.source.sentence for s in alternates) if alternates else ""
        parts.append(f"{day(r.meeting_date)}: {tally}{who}, voting for: {', '.join(r.voters_for)}{voted_as}")
        quotes += _quote(r, r.vote_source) + [q_ for s in alternates for q_ in _quote(r, s.source)]
    return RecordAnswer("The vote " + "; ".join(parts) + ".", quotes)


def answer_attendance(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    parts, quotes = [], []
    for r in records[-3:]:
        if r.attendance:
            parts.append(f"the minutes of the {day(r.meeting_date)} meeting list {', '.join(r.attendance)}")
            quotes += _quote(r, r.attendance_source)
    if not parts:
        return RecordAnswer(f"The minutes of the {_span_phrase(q, records)} do not list the attendance.")
    return RecordAnswer(_sentence("; ".join(parts)), quotes)


def answer_mention(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    """Where the statements use a term: the first and last statements that do (and the next, which dropped
    it), or how many did, each occurrence quoted. None when no statement in the span uses it: the minutes
    may, and ordinary retrieval reads those."""
    pattern = re.compile(rf"\b{re.escape(q.term or '')}\w*", re.IGNORECASE)

    def uses(s: StatementSentence) -> bool:  # in a sentence of the role the question names, if it names one
        return bool(pattern.search(s.source.sentence)) and (not q.roles or bool({s.role, *s.also} & set(q.roles)))

    found = [(r, next(s for s in r.statement if uses(s))) for r in records if any(uses(s) for s in r.statement)]
    if not found:
        return None
    term, span = f"“{q.term}”", _span_phrase(q, records)
    first, last = found[0], found[-1]
    if q.edge == "count":
        dates = ", ".join(day(r.meeting_date) for r, _ in found)
        direct = (f"{count_words(len(found))} of the {len(records)} statements {span} use {term}: {dates}.")
        chosen = found if len(found) <= MAX_LISTED else [*found[: MAX_LISTED // 2], *found[-MAX_LISTED // 2:]]
        return RecordAnswer(_sentence(direct), [q_ for r, s in chosen for q_ in _quote(r, s.source)])
    if q.edge == "last":
        following = next((r for r in records if r.meeting_date > last[0].meeting_date), None)
        direct = f"The last statement {span} to use {term} was that of {day(last[0].meeting_date)}"
        direct += (f"; the next, on {day(following.meeting_date)}, no longer did." if following is not None
                   else ", the latest in the span.")
        quotes = _quote(last[0], last[1].source)
        if following is not None:
            same_role = next((s for s in following.statement if s.role == last[1].role), None)
            quotes += _quote(following, same_role.source if same_role else None, "the next statement")
        return RecordAnswer(direct, quotes)
    direct = f"The first statement {span} to use {term} was that of {day(first[0].meeting_date)}"
    direct += f" ({count_words(len(found))} statements used it, the last on {day(last[0].meeting_date)})." \
        if len(found) > 1 else " (the only one that did)."
    return RecordAnswer(direct, _quote(first[0], first[1].source) + (_quote(last[0], last[1].source)
                                                                      if len(found) > 1 else []))


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
            quotes += _quote(meetings[-1], last.source)
    if not parts:
        return RecordAnswer(f"The minutes of the meetings {_span_phrase(q, records)} do not name a "
                            f"{' or '.join(q.titles)}.")
    direct = _sentence("; ".join(parts))
    if not q.named_span and len(records) == 1:
        direct = f"As of {day(records[-1].meeting_date)}, the latest meeting in the index: {direct}"
    return RecordAnswer(direct, quotes)


def answer_role(q: PolicyQuestion, records: Sequence[MeetingRecord], evolution: bool) -> RecordAnswer:
    label = " and ".join(_ROLE_LABEL.get(role, role) for role in q.roles)
    quotes: list[Quote] = []
    chosen = records if len(records) <= MAX_LISTED else [*records[: MAX_LISTED // 2], *records[-MAX_LISTED // 2:]]
    for role in q.roles:
        previous: str | None = None
        for r in chosen:
            sentences = r.sentences(role)
            text = " ".join(s.source.sentence for s in sentences)
            for i, s in enumerate(sentences):
                note = ""
                if evolution and i == len(sentences) - 1 and previous is not None:
                    note = f"change from the previous: {word_diff(previous, text)}"
                quotes += _quote(r, s.source, note)
            if sentences:
                previous = text
    span = _span_phrase(q, records)
    verb = "described" if not evolution else "changed its description of"
    direct = f"Here is how the FOMC statement {verb} {label} {span}, meeting by meeting."
    if not evolution and len(records) == 1:
        direct = f"The FOMC statement of {day(records[0].meeting_date)} described {label} as follows."
    return RecordAnswer(direct, quotes)


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else text


def after_event(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> list[MeetingRecord]:
    """The meetings a question counts from an event ("the first cut after the hiking cycle"): for a
    first, those after the first move of that kind; for a count, those after the last one."""
    moves = [r.meeting_date for r in records if r.decision == q.after_kind]
    if not moves:
        return list(records)
    start = moves[0] if q.intent == "first" else moves[-1]
    return [r for r in records if r.meeting_date > start]


def answer(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    """The record's answer to a parsed question over the chained records of its span."""
    if q.after_kind:
        records = after_event(q, records)
    if not records:
        return None
    if q.intent == "current":
        return answer_current(records, q.edge)
    if q.intent in ("largest", "smallest"):
        return answer_extreme(q, records)
    if q.intent == "duration":
        return answer_duration(q, records)
    if q.intent == "count":
        return answer_unscheduled(q, records) if q.unscheduled else answer_count(q, records)
    if q.intent in ("first", "last"):
        return answer_ordinal(q, records)
    if q.intent == "rate":
        return answer_rate(q, records)
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
    if q.intent in ("evolution", "role"):
        return answer_role(q, records, evolution=q.intent == "evolution")
    if q.intent == "compare":
        return answer_compare(q, records[-MAX_LISTED:])
    return answer_decision(q, records[-MAX_LISTED:])
