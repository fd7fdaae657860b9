"""Balance-sheet questions answered from the record's securities levels: the purchase pace or runoff
cap in effect at a date or over a period, and when purchases or runoff began, slowed, rose or ended.

Each meeting's record holds the monthly amounts its statement and directive set, by asset class,
with the date each applies from (`fomc_pipeline.fed.securities`); the level in effect at a date is
the latest one set before it. Events are read off the levels (the first meeting whose cap is lower
than the one before it "slowed the runoff") and off the Fed's own sentences for the ends ("conclude
the reduction of its aggregate securities holdings on December 1").
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from fomc_qa.policy.phrasing import Quote, RecordAnswer, day, label, unique_quotes
from fomc_qa.policy.record import MeetingRecord, SecuritiesLevel, Source
from fomc_qa.question.securities import SecuritiesQuestion

_W = re.IGNORECASE
_ENDED = re.compile(r"\bconclude the reduction of (?:its|the Committee's) (?:aggregate )?securities holdings"
                    r"|\bbringing them to an end\b|\bend (?:its|the) net asset purchases\b", _W)
_NOUN = {"purchase_pace": "pace of purchases", "runoff_cap": "monthly cap on runoff"}
_ASSET = {"treasury": "Treasury securities", "mbs": "agency debt and agency mortgage-backed securities"}
# the purchases were of agency MBS (agency debt is in the runoff caps, not the purchases)
_PURCHASED = {**_ASSET, "mbs": "agency mortgage-backed securities"}
_AT_LEAST = re.compile(r"\bat least \$", re.I)


def _asset(level: SecuritiesLevel) -> str:
    return (_PURCHASED if level.kind == "purchase_pace" else _ASSET)[level.asset]


def _amount(level: SecuritiesLevel) -> str:
    """"at least $80 billion" as the statement says a purchase pace ("by at least $80 billion per month")."""
    at_least = "at least " if level.kind == "purchase_pace" and _AT_LEAST.search(level.source.sentence) else ""
    return f"{at_least}{_money(level.amount_bn)}"


def _levels(records: Sequence[MeetingRecord], kind: str, asset: str) -> list[tuple[SecuritiesLevel, MeetingRecord]]:
    """Every level of one kind and asset in effect order; within a meeting an amount counts once, from the
    latest date it applies from (the statement's "from $25 billion to $5 billion" is the directive's April)."""
    out = []
    for record in records:
        latest: dict[float, SecuritiesLevel] = {}
        for level in record.securities:
            if level.kind == kind and level.asset == asset:
                if level.amount_bn not in latest or level.effective > latest[level.amount_bn].effective:
                    latest[level.amount_bn] = level
        out += [(level, record) for level in latest.values()]
    return sorted(out, key=lambda pair: (pair[0].effective, pair[1].meeting_date))


def _ended(records: Sequence[MeetingRecord], kind: str) -> tuple[MeetingRecord, Source] | None:
    """The meeting (and sentence) that ended purchases or runoff, if the record has one."""
    wanted = "purchases" if kind == "purchase_pace" else "runoff"
    for record in records:
        for action in record.balance_sheet:
            if action.kind == wanted and _ENDED.search(action.source.sentence):
                return record, action.source
    return None


def _quote(record: MeetingRecord, source: Source) -> Quote:
    return Quote(label(record, source), source)


def _money(amount: float) -> str:
    return f"${amount:g} billion"


def _month_of(d: dt.date) -> str:
    """The month an amount applies from: statements say "beginning in June" or "beginning later this month", so a
    day would claim more than they do (the day of the meeting is not when purchases changed)."""
    return f"{d:%B} {d.year}"


def answer_securities(sq: SecuritiesQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    """The direct sentence and the Fed's sentences it rests on; None when the record holds no such level."""
    records = sorted(records, key=lambda r: r.meeting_date)
    if sq.ask == "level":
        return _answer_level(sq, records)
    if sq.ask == "end":
        ended = _ended(records, sq.kind)
        if ended is None:
            return None
        record, source = ended
        what = "net asset purchases" if sq.kind == "purchase_pace" else "the reduction of its securities holdings"
        direct = f"The FOMC decided at its {day(record.meeting_date)} meeting to end {what}: \"{source.sentence}\""
        quotes = [_quote(record, source)]
        later = next(((r, a.source) for r in records if r.meeting_date > record.meeting_date
                      for a in r.balance_sheet if not _ENDED.search(a.source.sentence)), None) if sq.and_then else None
        if later is not None:  # "when did runoff stop, and what replaced it?"
            direct += f" The next balance-sheet step came at the {day(later[0].meeting_date)} meeting."
            quotes.append(_quote(*later))
        return RecordAnswer(direct, quotes)
    return _answer_event(sq, records)


# "... by at least $80 billion per month ... until substantial further progress has been made toward the Committee's
# maximum employment and price stability goals": the condition a pace is set for, which the lead states with it.
_UNTIL = re.compile(r"\buntil [^.;]+")


def _answer_level(sq: SecuritiesQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    parts, quotes, conditions = [], [], []
    for asset in sq.assets:
        levels = _levels(records, sq.kind, asset)
        starts_late = False  # no amount was in effect when the period began
        if sq.meeting is not None:
            chosen = [pair for pair in levels if pair[1].meeting_date == sq.meeting][-1:]
        else:
            end = sq.end or dt.date.max
            before = [pair for pair in levels if pair[0].effective <= (sq.start or end)][-1:]
            during = [pair for pair in levels if sq.start and sq.start < pair[0].effective <= end]
            # what a meeting of the period decided for later ("beginning in June", decided in May) is its news
            decided = [pair for pair in levels
                       if sq.start and sq.start <= pair[1].meeting_date <= end < pair[0].effective]
            chosen = _changes(before + during + decided)
            if chosen and before and chosen[0] == before[0]:  # cite the period's own restatement of the amount
                restated = [pair for pair in during if pair[0].amount_bn == before[0][0].amount_bn]
                if restated and all(restated[0][0].effective <= pair[0].effective for pair in chosen[1:]):
                    chosen[0] = restated[0]
            starts_late = bool(during) and not before
            if not chosen:  # "the caps adopted in May 2022": what a meeting of the period set for later
                chosen = _changes([pair for pair in levels if sq.start and sq.start <= pair[1].meeting_date <= end])
        if not chosen:
            continue
        phrase = f"{_asset(chosen[0][0])}: {_amount(chosen[0][0])} a month"
        # a start the meeting set ahead ("beginning in June"), not the month of a meeting restating the pace
        if starts_late and chosen[0][0].effective.replace(day=1) != chosen[0][1].meeting_date.replace(day=1):
            phrase += f" from {_month_of(chosen[0][0].effective)}"
        for (was, _), (level, _) in zip(chosen, chosen[1:], strict=False):
            phrase += f", then {_money(level.amount_bn)}{_step(was.amount_bn, level.amount_bn)} from " \
                      f"{_month_of(level.effective)}"
        parts.append(f"{phrase} (per {_set_at(chosen[-1])})"
                     + (_next_change(sq, records, chosen[-1][0]) if sq.and_then else ""))
        conditions += [m.group(0) for m in [_UNTIL.search(chosen[-1][0].source.sentence)] if m]
        for _, record in chosen:  # every sentence of the meeting that sets this amount ("initially ... then")
            quotes += [_quote(record, level.source) for level in record.securities
                       if level.kind == sq.kind and level.asset == asset]
    if not parts:
        return None
    when = _when(sq)
    ended = _ended(records, sq.kind)
    note = ""
    if ended and sq.meeting is None and (sq.end or dt.date.max) > ended[0].meeting_date:
        note = f" The FOMC decided on {day(ended[0].meeting_date)}: \"{ended[1].sentence}\""
        quotes.append(_quote(*ended))
    latest = records[-1] if records else None
    newer = [a.source for a in latest.balance_sheet] if latest and sq.start is None and sq.meeting is None else []
    if newer and latest.meeting_date > max(r.meeting_date for _, r in _levels(records, sq.kind, sq.assets[0])
                                           or [(None, latest)]):
        # the present is the latest meeting: what it decided about holdings, whatever it set no amount for
        note += f" At the latest meeting in the index, {day(latest.meeting_date)}: \"{newer[0].sentence}\""
        quotes += [_quote(latest, source) for source in newer]
    until = f", {conditions[0]}" if conditions else ""  # the same condition for both assets, said once
    direct = f"The {_NOUN[sq.kind]} {when}: " + "; ".join(parts) + until + "." + note
    return RecordAnswer(direct, unique_quotes(quotes))


def _answer_event(sq: SecuritiesQuestion, records: Sequence[MeetingRecord]) -> RecordAnswer | None:
    """The first meeting that began, slowed or raised the pace or cap, for any of the assets asked about."""
    found: list[tuple[SecuritiesLevel, MeetingRecord, float | None]] = []
    for asset in sq.assets:
        previous: float | None = None
        step: float | None = None  # the last monthly step down, for "accelerate"
        for level, record in _levels(records, sq.kind, asset):
            if sq.start and level.effective < sq.start:
                previous, step = level.amount_bn, (previous - level.amount_bn if previous is not None else None)
                continue
            if sq.ask == "begin" and previous is None:
                found.append((level, record, None))
                break
            down = previous - level.amount_bn if previous is not None else None
            if previous is not None and ((sq.ask == "slow" and level.amount_bn < previous)
                                         or (sq.ask == "rise" and level.amount_bn > previous)
                                         or (sq.ask == "accelerate" and step and down and down > step)):
                found.append((level, record, previous))
                break
            previous, step = level.amount_bn, down if down else step
    if not found:
        return None
    first_meeting = min(record.meeting_date for _, record, _ in found)
    found = [f for f in found if f[1].meeting_date == first_meeting]
    record = found[0][1]
    changes = "; ".join(
        f"{_asset(level)} {'from ' + _money(before) + ' to ' if before is not None else 'at '}"
        f"{_money(level.amount_bn)} a month{_step(before, level.amount_bn)} from {_month_of(level.effective)}"
        f"{_next_change(sq, records, level)}"
        for level, _, before in found)
    verb = {"begin": "began", "slow": "first lowered", "rise": "first raised",
            "accelerate": "first sped up the reduction of"}[sq.ask]
    noun = "purchases" if sq.kind == "purchase_pace" else "runoff"
    if sq.ask == "begin":
        lead = f"The FOMC decided at its {day(record.meeting_date)} meeting to begin {noun}"
    else:
        lead = f"The FOMC {verb} the {_NOUN[sq.kind]} at its {day(record.meeting_date)} meeting"
    quotes = [_quote(record, a.source) for a in record.balance_sheet]
    quotes += [_quote(rec, level.source) for level, rec, _ in found]
    return RecordAnswer(f"{lead}: {changes}.", unique_quotes(quotes)[:6])


def _step(before: float | None, after: float) -> str:
    """" (down $10 billion)": the size of the step, which is what "by how much" asks."""
    if before is None or before == after:
        return ""
    return f" ({'down' if after < before else 'up'} {_money(abs(before - after))})"


def _next_change(sq: SecuritiesQuestion, records: Sequence[MeetingRecord], level: SecuritiesLevel) -> str:
    """", then $60 billion from September 2022": where the amount went next, so the start of a program
    comes with its first step."""
    later = [pair for pair in _levels(records, sq.kind, level.asset) if pair[0].effective > level.effective
             and pair[0].amount_bn != level.amount_bn]
    if not later:
        return ""
    step, record = later[0]
    return f", then {_money(step.amount_bn)}{_step(level.amount_bn, step.amount_bn)} from {_month_of(step.effective)}" \
           f" (per {_set_at(later[0])})"


def _changes(pairs: list[tuple[SecuritiesLevel, MeetingRecord]]) -> list[tuple[SecuritiesLevel, MeetingRecord]]:
    """The levels over a period, a restated amount dropped (only changes remain)."""
    out: list[tuple[SecuritiesLevel, MeetingRecord]] = []
    for pair in pairs:
        if not out or pair[0].amount_bn != out[-1][0].amount_bn:
            out.append(pair)
    return out


def _set_at(pair: tuple[SecuritiesLevel, MeetingRecord]) -> str:
    level, record = pair
    return "the " + label(record, level.source).removeprefix("FOMC ")


def _when(sq: SecuritiesQuestion) -> str:
    if sq.meeting is not None:
        return f"set at the {day(sq.meeting)} meeting"
    if sq.start is None:
        return "most recently set"
    if sq.start == dt.date.min:
        return "from start to finish" if sq.end in (None, dt.date.max) else f"through {day(sq.end)}"
    if sq.end == dt.date.max:
        return f"from {day(sq.start)} on"
    if sq.start == sq.end:
        return f"on {day(sq.start)}"
    if sq.start.month == 1 and sq.end and sq.end.month == 12 and sq.start.year == sq.end.year:
        return f"during {sq.start.year}"
    if sq.end and sq.start.year == sq.end.year and sq.start.month == sq.end.month:
        return f"in {sq.start:%B} {sq.start.year}"
    return f"between {day(sq.start)} and {day(sq.end)}" if sq.end else f"from {day(sq.start)}"
