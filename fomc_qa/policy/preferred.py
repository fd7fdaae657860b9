"""The move a dissenter preferred, as numbers: the statement words it "preferred to lower the target range
... by 1/4 percentage point" or "to reduce the target range ... to 1/2 to 3/4 percent"; an analyst asks
"what did she favor?" and wants the size in basis points and the range in decimals, beside the
Committee's own move."""

from __future__ import annotations

import re
from dataclasses import dataclass

from fomc_qa.policy.numbers import percentage_points, range_forms
from fomc_qa.policy.record import MeetingRecord, RateRange
from fomc_qa.text.numbers import fed_number

_W = re.IGNORECASE
_NUMBER = r"\d+(?:-\d/\d)?|\d/\d|\d+\.\d+"
_SIZE = re.compile(rf"\bby ({_NUMBER}) percentage points?", _W)
_RANGE = re.compile(rf"\b({_NUMBER})(?: percent)? to ({_NUMBER}) percent", _W)
_DIRECTION = (("raise", re.compile(r"\b(?:raise|increase|tighten)", _W)),
              ("lower", re.compile(r"\b(?:lower|reduce|cut|decrease)", _W)),
              ("maintain", re.compile(r"\b(?:maintain|no change|keep|leave)", _W)))
_NOUN = {"raise": "an increase", "lower": "a cut"}


@dataclass(frozen=True)
class PreferredMove:
    direction: str  # raise / lower / maintain
    change_bp: int  # signed
    range_after: RateRange | None


def preferred_move(preferred: str, record: MeetingRecord) -> PreferredMove | None:
    """The target-range move the words describe, measured from the range before the meeting; None when
    they are not about the target range (forward guidance, the balance sheet) or give no number."""
    preferred = preferred[max(0, preferred.lower().rfind("prefer")):]  # "supported X but preferred Y": Y
    if "target range" not in preferred.lower():
        return None
    direction = next((name for name, pattern in _DIRECTION if pattern.search(preferred)), None)
    before = record.range_before
    size, stated = _SIZE.search(preferred), _RANGE.search(preferred)
    if direction == "maintain":
        return PreferredMove("maintain", 0, before)
    if direction is None or not (size or (stated and before)):
        return None
    sign = 1 if direction == "raise" else -1
    if size:
        change = sign * round(fed_number(size.group(1)) * 100)
    else:
        change = round((fed_number(stated.group(1)) - before.low) * 100)
    if stated:
        after = RateRange(low=fed_number(stated.group(1)), high=fed_number(stated.group(2)), text=stated.group(0))
    elif before is not None:
        low, high = before.low + change / 100, before.high + change / 100
        after = RateRange(low=low, high=high, text=f"{low} to {high} percent")
    else:
        after = None
    return PreferredMove(direction, change, after)


def preferred_words(preferred: str, record: MeetingRecord) -> str:
    """The move the words prefer, in numbers: "a cut of 1/4 percentage point (25 basis points), to 4 to 4-1/4
    percent (4.00%–4.25%)", "no change, at 3/4 to 1 percent (0.75%–1.00%)"; "" when they give no target-range move
    or the Committee's own (Kashkari's "maintain the current target range until core inflation has reached 2
    percent" is about guidance). The size is in the Fed's form with its basis points, as a move's is."""
    move = preferred_move(preferred, record)
    if move is None or move.change_bp == (record.change_bp or 0):
        return ""  # the Committee's own move: the dissent is about something else (its guidance, the balance sheet)
    if move.change_bp == 0:
        return "no change" + (f", at {range_forms(move.range_after)}" if move.range_after else "")
    size = percentage_points(move.change_bp)
    to = f", to {range_forms(move.range_after)}" if move.range_after is not None else ""
    return f"{_NOUN[move.direction]} of {size}{to}"


def committee_move(record: MeetingRecord) -> str:
    """What the Committee did to the range, beside a dissent: "held the range", "lowered the range by 25 basis
    points"."""
    committee = record.change_bp or 0
    return ("held the range" if committee == 0 else
            f"{'raised' if committee > 0 else 'lowered'} the range by {abs(committee)} basis points")


def preferred_phrase(preferred: str, record: MeetingRecord) -> str:
    """"a cut of 25 basis points, to 4 to 4-1/4 percent (4.00%–4.25%); the Committee held the range", or "" when
    the words give no target-range move."""
    what = preferred_words(preferred, record)
    return f"{what}; the Committee {committee_move(record)}" if what else ""
