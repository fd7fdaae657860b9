"""Record answers about moves of the target range and the rates around it: decisions at named meetings and
their comparison, counts, streaks and totals over a span, first and last moves, the largest and smallest,
how long a level held, the peak, the range now or at a span's edge, administered rates, unscheduled actions."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Sequence

from fomc_qa.policy.numbers import (
    count_words,
    fed_fraction,
    fed_range,
    percent_forms,
    percentage_points,
    range_forms,
)
from fomc_qa.policy.phrasing import (
    MAX_LISTED,
    NOUN,
    VERB,
    Quote,
    RecordAnswer,
    day,
    kind_phrase,
    matches,
    move_phrase,
    moves_of,
    none_of,
    occasion,
    quote,
    sentence,
    span_phrase,
    tally,
    unique_quotes,
)
from fomc_qa.policy.record import RATE_LABEL, AdministeredRate, MeetingRecord, StatementSentence, rate_label
from fomc_qa.question.policy_question import PolicyQuestion
from fomc_qa.text.numbers import number_word
from fomc_qa.text.sentences import POINTS_BACK

_EFFECTIVE = re.compile(r"\beffective ([A-Z][a-z]+ \d{1,2}, \d{4})")


def answer_decision(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    parts, quotes = [], []
    for r in records:
        parts.append(f"at {occasion(r)} the FOMC {move_phrase(r)}")
        quotes += quote(r, r.decision_source)
        # "... about rates and the balance sheet": the statement's sentences of the roles asked about too
        quotes += [x for role in q.roles for s in r.sentences(role) for x in quote(r, s.source)]
    # "How much did the FOMC cut in July 2023?": a false premise is said first
    direct = _premise(q, records) or sentence("; ".join(parts))
    if q.why and len(records) == 1:  # "how big was the March 3, 2020 cut, and why?": the statement's reasons
        quotes = unique_quotes(quotes + _reasons(records[0]))
    if q.with_votes and len(records) == 1:  # "... and did anyone push for more?"
        direct += " " + _vote_phrase(records[0])
        quotes += [x for d in records[0].dissents for x in quote(records[0], d.source)]
    if q.yes_no and q.asks_unanimity and len(records) == 1:  # "Did everyone want the 50 basis point cut?"
        vote = _vote_phrase(records[0])
        direct = ("No: " if records[0].dissents else "Yes: ") + vote[0].lower() + vote[1:] + " " + sentence(parts[0])
    elif q.yes_no and q.direction and len(records) == 1:  # "Did the FOMC raise rates in June 2023?"
        direct = ("Yes: " if records[0].decision == q.direction else "No: ") + direct[0].lower() + direct[1:]
    elif q.yes_no and q.asks_move and len(records) == 1:  # "Did the Fed change rates in January 2025?"
        direct = ("No: " if records[0].decision == "maintain" else "Yes: ") + direct[0].lower() + direct[1:]
    return RecordAnswer(direct, quotes)


def answer_reason(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """A decision with the reasons its statement gives: the sentences that weigh the outlook and its risks
    ("The Committee has gained greater confidence that inflation is moving sustainably toward 2 percent ...")
    and the decision sentence that cites them ("In light of the progress on inflation ...")."""
    parts, quotes = [], []
    for r in records[-3:]:
        parts.append(f"at {occasion(r)} the FOMC {move_phrase(r)}")
        quotes += quote(r, r.decision_source) + _reasons(r)
    direct = _premise(q, records) or sentence("; ".join(parts))
    return RecordAnswer(direct, unique_quotes(quotes))


_DID_NOT = {"raise": "raise rates", "lower": "cut rates"}


def _premise(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> str:
    """"Why did the Fed hike in June 2023?" of a meeting that held: the premise is false, and the answer says so first
    ("The FOMC did not raise rates at the June 14, 2023 meeting: it maintained ..."); "" when it holds."""
    if not q.presumed or len(records) != 1 or records[0].decision in (None, q.presumed):
        return ""
    return sentence(f"The FOMC did not {_DID_NOT[q.presumed]} at {occasion(records[0])}: it {move_phrase(records[0])}")


# A statement sentence that gives the decision's reason ("In light of the progress on inflation ...", "Holding the
# target range steady at this meeting allows the Committee to assess ...", "has gained greater confidence"), not one
# that only describes ("The U.S. banking system is sound and resilient.").
_GIVES_REASON = re.compile(r"\bin light of\b|\bgiven\b|\bin view of\b|\ballows? the Committee to\b|\bto assess\b"
                           r"|\bgained greater confidence\b|\bjudges that\b|\bbalance of risks\b|\bin order to\b"
                           r"|\breflecting\b|\bbecause\b|\bto support\b|\bto help\b", re.I)


def _reasons(r: MeetingRecord) -> list[Quote]:
    """The statement's sentences that give the reason its decision rests on: those weighing the outlook and its
    risks, the decision's own and its guidance, when they say why (`_GIVES_REASON`); the rest describe."""
    weighing = [s for s in r.statement if s.role == "risks" or (s.role == "decision" and "risks" in s.also)
                or s.role == "forward_guidance"]
    sources = []
    for s in weighing:
        if not _GIVES_REASON.search(s.source.sentence):
            continue
        before = _antecedent(r, s)
        sources += ([before.source] if before is not None and before.source not in sources else []) + [s.source]
    return [x for source in sources for x in quote(r, source)]


def _antecedent(r: MeetingRecord, s: StatementSentence) -> StatementSentence | None:
    """The sentence a reason points back to ("However, the coronavirus poses evolving risks to economic activity."
    before "In light of these risks ..."): the one before it in its paragraph; None when it points nowhere."""
    at = r.statement.index(s)
    before = r.statement[at - 1] if at and POINTS_BACK.search(s.source.sentence) else None
    return before if before is not None and before.paragraph == s.paragraph else None


def answer_compare(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """The moves of the meetings a question compares, largest first when they differ."""
    sizes = {abs(r.change_bp or 0) for r in records}
    each = "; ".join(f"at {occasion(r)} the FOMC {move_phrase(r)}" for r in records)
    if len(sizes) == 1:
        size = sizes.pop()
        verdict = (f"the moves were the same size, {percentage_points(size)} each" if size else
                   "the FOMC moved the range at none of them")
        verdict = f"No: {verdict}" if q.yes_no else verdict  # "Was the July hike larger than the May one?"
    else:
        biggest = max(records, key=lambda r: abs(r.change_bp or 0))
        verdict = (f"the largest move was at the {day(biggest.meeting_date)} meeting, "
                   f"{percentage_points(biggest.change_bp or 0)}")
    return RecordAnswer(sentence(f"{verdict}: {each}"), [x for r in records for x in quote(r, r.decision_source)])

def answer_unscheduled(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    off_cycle = [r for r in records if r.meeting_kind != "scheduled"]
    listing = "; ".join(f"{day(r.meeting_date)} ({r.meeting_kind.replace('_', ' ')}: the FOMC {move_phrase(r)})"
                        for r in off_cycle)
    direct = (f"The FOMC took {count_words(len(off_cycle))} unscheduled actions {span_phrase(q, records)}"
              + (f": {listing}." if off_cycle else "."))
    return RecordAnswer(direct, [q_ for r in off_cycle for q_ in quote(r, r.decision_source)])

def answer_current(records: Sequence[MeetingRecord], edge: str | None = None,
                   as_of: dt.date | None = None) -> RecordAnswer:
    """The range now (the latest meeting), at the end or the start of a named span, or on a day between meetings."""
    r = records[-1] if edge != "start" else records[0]
    rng = range_forms(r.range_after) if r.range_after else "not restated"
    if edge == "as_of" and as_of is not None:
        month_end = (as_of + dt.timedelta(days=1)).day == 1  # "in August 2023": through the month's end
        when = f"In {as_of:%B} {as_of.year}" if month_end else f"On {day(as_of)}"
        direct = (f"{when} the target range for the federal funds rate was {rng}, as set at the "
                  f"{day(r.meeting_date)} meeting, when the FOMC {move_phrase(r)}.")
    elif edge == "end":
        direct = (f"After the {day(r.meeting_date)} meeting, the last of the span asked about, the target range for "
                  f"the federal funds rate was {rng}; at that meeting the FOMC {move_phrase(r)}.")
    elif edge == "start":
        before = range_forms(r.range_before) if r.range_before else "not stated in the index"
        direct = (f"Going into the {day(r.meeting_date)} meeting, the first of the span, the target range for the "
                  f"federal funds rate was {before}; at that meeting the FOMC {move_phrase(r)}.")
    else:
        direct = (f"As of {day(r.meeting_date)}, the latest meeting in the index, the target range for the federal "
                  f"funds rate is {rng}; at that meeting the FOMC {move_phrase(r)}.")
    return RecordAnswer(direct, quote(r, r.decision_source))

def answer_extreme(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """The largest (or smallest) move of a kind in the span, and every meeting that made a move that size."""
    hits, noun, span = moves_of(q, records)
    hits = [r for r in hits if r.change_bp]
    if not hits:
        return none_of(noun, span, records)
    pick = max if q.intent == "largest" else min
    size = pick(abs(r.change_bp or 0) for r in hits)
    same = [r for r in hits if abs(r.change_bp or 0) == size]
    adjective = "largest" if q.intent == "largest" else "smallest"
    listing = "; ".join(f"at {occasion(r)} the FOMC {move_phrase(r)}" for r in same)
    times = "once" if len(same) == 1 else f"{count_words(len(same))} times"
    direct = (f"The {adjective} {noun} {span} was {percentage_points(size)}, made {times} "
              f"(of {count_words(len(hits))} {kind_phrase(q, plural=True)}): {listing}.")
    return RecordAnswer(direct, [x for r in same[:MAX_LISTED] for x in quote(r, r.decision_source)])

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
        return none_of(f"move to {level}", span_phrase(q, records), records)
    parts, quotes = [], []
    for run in runs:
        end = next((x for x in records if x.meeting_date > run[-1].meeting_date), None)
        until = (f"until the {day(end.meeting_date)} meeting, when the FOMC {move_phrase(end)}" if end
                 else f"through the latest meeting in the index ({day(run[-1].meeting_date)})")
        months = ((end or run[-1]).meeting_date - run[0].meeting_date).days / 30.44
        parts.append(f"from the {day(run[0].meeting_date)} meeting, when the FOMC {move_phrase(run[0])}, {until}: "
                     f"{count_words(len(run))} meeting{'s' if len(run) != 1 else ''} at that range, about "
                     f"{months:.0f} months{_in_years(months)}")
        quotes += quote(run[0], run[0].decision_source) + (quote(end, end.decision_source) if end else [])
    direct = f"The target range stood at {range_forms(runs[0][0].range_after)} " + "; then ".join(parts) + "."
    return RecordAnswer(direct, quotes[:MAX_LISTED])

def _in_years(months: float) -> str:
    """" (two years)" for a run of about 24 months, " (about 1-1/2 years)" for 18; "" under a year."""
    if months < 11.5:
        return ""
    halves = round(months / 6)
    if halves % 2:
        return f" ({halves // 2}-1/2 years)"
    return f" ({number_word(halves // 2)} year{'s' if halves > 2 else ''})"


def answer_meetings_held(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """How many meetings the span holds, scheduled and not, each with its date."""
    off = [r for r in records if r.meeting_kind != "scheduled"]
    kinds = f" ({count_words(len(records) - len(off))} scheduled, {count_words(len(off))} unscheduled)" if off else ""
    listing = ", ".join(day(r.meeting_date) + ("" if r.meeting_kind == "scheduled" else
                                                f" ({r.meeting_kind.replace('_', ' ')})") for r in records)
    direct = f"The FOMC held {count_words(len(records))} meetings{kinds} {span_phrase(q, records)}: {listing}."
    return RecordAnswer(direct, [x for r in records[:MAX_LISTED] for x in quote(r, r.decision_source)])

def answer_streak(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """The longest run of consecutive meetings that made the kind of move asked about, and what ended it."""
    runs: list[list[MeetingRecord]] = []
    for r in records:
        if matches(r, q):
            if runs and runs[-1][-1] is records[records.index(r) - 1]:
                runs[-1].append(r)
            else:
                runs.append([r])
    noun, span = kind_phrase(q), span_phrase(q, records)
    if not runs:
        return none_of(noun, span, records)
    noun = kind_phrase(q, plural=True)
    run = max(runs, key=len)
    end = next((x for x in records if x.meeting_date > run[-1].meeting_date), None)
    until = (f"; the run ended at the {day(end.meeting_date)} meeting, when the FOMC {move_phrase(end)}" if end
             else "; the run lasts through the last meeting of the span")
    meetings = "meeting" if len(run) == 1 else "meetings in a row"
    direct = (f"The longest run of {noun} {span} was {count_words(len(run))} {meetings}, from "
              f"{day(run[0].meeting_date)} to {day(run[-1].meeting_date)}{until}.")
    quotes = quote(run[0], run[0].decision_source) + quote(run[-1], run[-1].decision_source)
    return RecordAnswer(direct, quotes + (quote(end, end.decision_source) if end else []))

def answer_peak(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    """The highest (lowest) target range of the span, and each run of meetings that held it."""
    ranged = [r for r in records if r.range_after is not None]
    pick = min if q.edge == "low" else max
    level = pick(ranged, key=lambda r: (r.range_after.low, r.range_after.high)).range_after
    held = answer_duration(dataclasses.replace(q, at_range=(level.low, level.high)), records)
    word = "lowest" if q.edge == "low" else "highest"
    return RecordAnswer(f"The {word} target range {span_phrase(q, records)} was {range_forms(level)}. "
                        + held.direct, held.quotes)

def answer_count(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    if q.meetings_held:
        return answer_meetings_held(q, records)
    if q.streak:
        return answer_streak(q, records)
    hits, noun, span = moves_of(q, records)
    if not hits:
        answer = none_of(noun, span, records)
        direct = "No: " + answer.direct[0].lower() + answer.direct[1:] if q.yes_no else answer.direct
        return RecordAnswer(direct, answer.quotes)
    every = moves_of(dataclasses.replace(q, size_bp=None), records)[0] if q.size_bp and q.direction else hits
    if len(every) > len(hits):  # "how many 75 bp hikes?" among hikes of other sizes
        return _sized_count(q, hits, every, span)
    total = sum(r.change_bp or 0 for r in hits)
    times = "time" if len(hits) == 1 else "times"
    verb = VERB[q.direction] if q.direction else "moved"
    what = f"the target range ({kind_phrase(q, plural=True)})" if q.size_bp or q.at_range else "the target range"
    direct = f"The FOMC {verb} {what} {count_words(len(hits))} {times} {span}"
    if q.direction in ("raise", "lower"):
        sizes = {abs(r.change_bp or 0) for r in hits}
        each = f"each by {percentage_points(sizes.pop())}, " if len(hits) > 1 and len(sizes) == 1 and 0 not in sizes \
            else "by "  # "75-basis-point hikes" in the Fed's form too
        direct += f", {each}{percentage_points(total)} in total"
    elif q.direction is None and total:
        direct += f", a net {_signed(total)} ({percentage_points(total)})"
    if q.at_range is None and hits and hits[-1].range_after is not None and q.direction != "maintain":
        direct += f", leaving it at {range_forms(hits[-1].range_after)}"
    held = q.direction == "maintain"
    listing = ", ".join(f"{day(r.meeting_date)} ({_held_at(r) if held else _signed(r.change_bp or 0)})" for r in hits)
    direct += f": {listing}."
    if q.average and q.direction in ("raise", "lower"):
        direct += f" The average {NOUN[q.direction]} was {abs(total) / len(hits):g} basis points."
    if q.yes_no:
        direct = "Yes: " + direct[0].lower() + direct[1:]
    quotes = [x for r in hits[:MAX_LISTED] for x in quote(r, r.decision_source)]
    return RecordAnswer(direct, quotes)


def _sized_count(q: PolicyQuestion, hits: list[MeetingRecord], every: list[MeetingRecord], span: str) -> RecordAnswer:
    """"How many 75 bp hikes in 2022?": the moves of that size among all the span's moves of that direction, and the
    range the last of all left ("four hikes of 75 basis points ... leaving it at 3-3/4 to 4 percent" would name where
    the last 75 bp hike left it, not where the year ended)."""
    total = sum(r.change_bp or 0 for r in every)
    times = "time" if len(every) == 1 else "times"
    direct = (f"The FOMC {VERB[q.direction]} the target range {count_words(len(every))} {times} {span}, by "
              f"{percentage_points(total)} in total")
    if every[-1].range_after is not None:
        direct += f", leaving it at {range_forms(every[-1].range_after)}"
    each = " each" if len(hits) > 1 else ""
    items = ", ".join(f"{day(r.meeting_date)} ({_signed(r.change_bp or 0)}"
                      + (f", to {fed_range(r.range_after)})" if r.range_after is not None else ")") for r in hits)
    direct += (f"; {count_words(len(hits))} of them {'were' if len(hits) > 1 else 'was'} by "
               f"{percentage_points(q.size_bp)}{each}: {items}.")
    if q.yes_no:
        direct = "Yes: " + direct[0].lower() + direct[1:]
    return RecordAnswer(direct, [x for r in hits[:MAX_LISTED] for x in quote(r, r.decision_source)])


def _held_at(r: MeetingRecord) -> str:
    """"at 5-1/4 to 5-1/2 percent": where a hold left the range (what "no change" alone does not say)."""
    return f"at {fed_range(r.range_after)}" if r.range_after is not None else "no change"


def _signed(bp: int) -> str:
    """"+75 basis points": spelled out, as the statements and analysts' notes write it."""
    return "no change" if bp == 0 else f"{'+' if bp > 0 else '−'}{abs(bp)} basis points"

def answer_ordinal(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer:
    hits, noun, span = moves_of(q, records)
    if not hits:
        return none_of(noun, span, records)
    r = hits[0] if q.intent == "first" else hits[-1]
    direct = f"The {q.intent} {noun} {span} came at the {day(r.meeting_date)} meeting, when the FOMC {move_phrase(r)}."
    following = next((x for x in records if x.meeting_date > r.meeting_date), None)
    if q.intent == "last" and following is not None:
        direct += f" At the next meeting, {day(following.meeting_date)}, the FOMC {move_phrase(following)}."
    reasons = _reasons(r) if q.why else []  # quoted after the decision: the answer's lead says the best of them
    votes: list[Quote] = []
    if q.with_votes:
        direct += " " + _vote_phrase(r)
        votes = [x for d in r.dissents for x in quote(r, d.source)] or quote(r, r.vote_source)
    return RecordAnswer(direct, unique_quotes(quote(r, r.decision_source) + reasons + votes))


def _vote_phrase(r: MeetingRecord) -> str:
    """"Stephen I. Miran dissented, preferring ..." or "The vote was unanimous (12-0).", for one meeting."""
    if not r.dissents:
        return f"The vote was unanimous ({tally(r)})."
    who = "; ".join(f"{d.name}" + (f", who {d.preferred}" if d.preferred else "") for d in r.dissents)
    return f"The vote was {tally(r)}; voting against: {who}."

def answer_rate_ordinal(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    """An administered rate's highest or lowest level over the span (when it was set, how long it held), or its first
    or last change (from a level, up or down, when the question says)."""
    name = q.rate or "iorb"
    series = [(r, r.rate(name)) for r in records if r.rate(name) is not None]
    if not series:
        return None
    label = rate_label(name, series[0][0].meeting_date, series[-1][0].meeting_date)
    span = span_phrase(q, records)
    if q.edge in ("high", "low"):
        pick = max if q.edge == "high" else min
        level = pick(rate.percent for _, rate in series)
        held = [(r, rate) for r, rate in series if rate.percent == level]
        (first, first_rate), (last, last_rate) = held[0], held[-1]
        word = "highest" if q.edge == "high" else "lowest"
        direct = (f"The {word} {label} {span} was {percent_forms(first_rate)}, set at the "
                  f"{day(first.meeting_date)} meeting")
        if last is first:
            return RecordAnswer(direct + ".", quote(first, first_rate.source))
        direct += f" and kept through the {day(last.meeting_date)} meeting."
        return RecordAnswer(direct, quote(first, first_rate.source) + quote(last, last_rate.source))
    changes = [(before, after) for before, after in zip(series, series[1:], strict=False)
               if after[1].percent != before[1].percent
               and (q.rate_from is None or before[1].percent == q.rate_from)
               and (q.direction is None or (after[1].percent > before[1].percent) == (q.direction == "raise"))]
    if not changes:
        return None
    (_, old), (meeting, new) = changes[0] if q.edge == "first" else changes[-1]
    moved = "raised" if new.percent > old.percent else "lowered"
    direct = (f"The {q.edge} change in the {label} {span} came at the {day(meeting.meeting_date)} meeting, which "
              f"{moved} it from {percent_forms(old)} to {percent_forms(new)}.")
    return RecordAnswer(direct, quote(meeting, new.source))


def answer_rate(q: PolicyQuestion, records: Sequence[MeetingRecord],
                before: MeetingRecord | None = None) -> RecordAnswer | None:
    """Each administered rate the question names at the span's meetings, with its move from the meeting before
    ("0.15 percent (0.15%), raised 5 basis points from 0.10 percent"): a rate can move while the range holds."""
    if q.edge in ("high", "low", "first", "last"):
        return answer_rate_ordinal(q, records)
    stating = [i for i, r in enumerate(records) if any(r.rate(name) for name in q.rates or ("iorb",))]
    if len(stating) == 1 and not q.with_decision:  # one meeting set them: one sentence
        at = stating[0]
        return _rates_at(q, records[at], records[at - 1] if at else before)
    sentences, quotes, absent = [], [], []
    shown = records[-MAX_LISTED:]
    for name in q.rates or ("iorb",):
        parts = []
        previous = records[len(records) - len(shown) - 1] if len(records) > len(shown) else before
        for r in shown:
            rate = r.rate(name)
            if rate is not None:
                parts.append(f"{day(r.meeting_date)}: {percent_forms(rate)}{_rate_move(rate, previous, name, r)}")
                quotes += quote(r, rate.source)
            previous = r
        label = rate_label(name, shown[0].meeting_date, shown[-1].meeting_date) if shown else RATE_LABEL[name]
        if parts:
            sentences.append(f"the {label}: " + "; ".join(parts))
        else:
            absent.append(label)
    if absent:
        sentences.append(_not_stated(" or the ".join(absent), shown)
                         or "; ".join(f"the documents do not state the {label}" for label in absent))
    prefix = "As of the latest meeting in the index, " if not q.named_span else ""
    direct = sentence(prefix + "; ".join(sentences))
    if q.with_decision:  # "how big was the cut, and where did IOER go?"
        moves = [r for r in records[-3:]]
        direct = sentence("; ".join(f"at {occasion(r)} the FOMC {move_phrase(r)}" for r in moves)) \
            + " " + direct
        quotes = [x for r in moves for x in quote(r, r.decision_source)] + quotes
    return RecordAnswer(direct, quotes)

def _rates_at(q: PolicyQuestion, r: MeetingRecord, before: MeetingRecord | None) -> RecordAnswer:
    """The administered rates a question names at one meeting, in one sentence: "At the March 15, 2020 meeting the
    interest rate on reserve balances was 0.10 percent, lowered 100 basis points from 1.10 percent, and the
    primary credit rate (the discount rate) 0.25 percent"."""
    set_at, missing, quotes = [], [], []
    for name in q.rates or ("iorb",):
        rate = r.rate(name)
        if rate is None:
            missing.append(rate_label(name, r.meeting_date))
            continue
        verb = "was " if not set_at else ""
        moved = _rate_move(rate, before, name, r)
        set_at.append(f"the {rate_label(name, r.meeting_date)} {verb}{percent_forms(rate)}{_effective(rate)}{moved}")
        quotes += quote(r, rate.source)
    said = (f"At the {day(r.meeting_date)} meeting " + ", and ".join(set_at)) if set_at else ""
    lacking = (_not_stated(" or the ".join(missing), [r])
               or f"the documents of the {day(r.meeting_date)} meeting do not state the {' or the '.join(missing)}") \
        if missing else ""
    return RecordAnswer(sentence("; ".join(x for x in (said, lacking) if x)), quotes)


def _not_stated(label: str, records: list[MeetingRecord]) -> str | None:
    """What to say of a rate the record lacks at meetings with no minutes of their own (an unscheduled meeting's
    move): their statements do not state it, and the next meeting's minutes report the Board's votes ("the documents
    do not state the IOER" was false for March 3, 2020: the March 15 minutes give 1.10 percent)."""
    if not records or any(r.minutes_id is not None or r.meeting_kind == "scheduled" for r in records):
        return None
    days = ", ".join(day(r.meeting_date) for r in records)
    said = "statement does" if len(records) == 1 else "statements do"
    return (f"the {days} {said} not state the {label}; the Board's votes beside a move between scheduled meetings "
            "are reported in the next meeting's minutes")


def _effective(rate: AdministeredRate) -> str:
    """", effective December 11, 2025" when the Board's vote names the day the rate took effect (the day after the
    meeting, as a rule): an analyst asking "IORB after the December meeting" wants that day; "" otherwise."""
    m = _EFFECTIVE.search(rate.source.sentence)
    return f", effective {m.group(1)}" if m else ""


def _rate_move(rate: AdministeredRate, previous: MeetingRecord | None, name: str, r: MeetingRecord) -> str:
    """", raised 5 basis points from 0.10 percent" when the rate moved since the meeting before; "" otherwise. A
    move of the reserve or ON RRP rate other than the range's is a technical adjustment, and says where it set the
    rate in the range ("..., 5 basis points more than the target range (a technical adjustment, to the bottom of the
    target range)"): what an analyst asking about it wants to know."""
    before = previous.rate(name) if previous is not None else None
    if before is None or round(rate.percent - before.percent, 4) == 0:
        return ""
    bp = round((rate.percent - before.percent) * 100)
    moved = f", {'raised' if bp > 0 else 'lowered'} {abs(bp)} basis points from {percent_forms(before)}"
    extra = bp - (r.change_bp or 0)
    if name not in TECHNICAL or r.change_bp is None or extra == 0 or r.range_after is None:
        return moved
    than = " while the target range held" if not r.change_bp else \
        f", {abs(extra)} basis points {'more' if extra * bp > 0 else 'less'} than the target range"
    above = round((rate.percent - r.range_after.low) * 100)
    where = "the bottom of the target range" if above == 0 else f"{above} basis points above the bottom of the range"
    return f"{moved}{than} (a technical adjustment, to {where})"


TECHNICAL = ("iorb", "on_rrp")  # the rates the Committee sets against the range's bottom


def after_event(q: PolicyQuestion, records: Sequence[MeetingRecord]) -> list[MeetingRecord]:
    """The meetings a question counts from an event ("the first cut after the hiking cycle"): for a
    first, those after the first move of that kind; for a count, those after the last one."""
    moves = [r.meeting_date for r in records if r.decision == q.after_kind]
    if not moves:
        return list(records)
    start = moves[0] if q.intent == "first" else moves[-1]
    return [r for r in records if r.meeting_date > start]
