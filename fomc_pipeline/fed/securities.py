"""The monthly securities amounts a meeting sets: purchase paces and runoff caps, by asset class.

The statement words changes ("reducing the monthly redemption cap on Treasury securities from $60
billion to $25 billion"); the domestic policy directive in the minutes restates every amount in effect
("... that exceeds a cap of $60 billion per month"), with the month it starts ("Beginning on June 1",
"Starting in the calendar month of September", "maturing in May"). Only the statement and the
minutes' policy-action section are read: surveys and projections elsewhere in the minutes are not
decisions.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from fomc_qa.policy.record import SecuritiesLevel, Source
from fomc_qa.text.months import MONTH, month_number

_AMOUNT = r"\$(\d+(?:\.\d+)?) billion"
_PACE = re.compile(rf"\bby at least {_AMOUNT} (?:per month|a month|each month)")
_TREASURY_PACE = re.compile(rf"\bholdings of Treasury securities by at least {_AMOUNT}")
_MBS_PACE = re.compile(rf"\b(?:mortgage-backed securities|MBS) by at least {_AMOUNT}")
_CAP = re.compile(r"\bcaps?\b")
_FROM_TO = re.compile(rf"\bfrom {_AMOUNT} to {_AMOUNT}")
_TREASURY = re.compile(r"\bTreasury securities\b")
_AGENCY = re.compile(r"\bagency (?:debt|mortgage-backed|MBS)\b|\bmortgage-backed securities\b")
_STARTING = re.compile(rf"\b(?:Beginning|Starting|beginning|starting)(?: on| in)?(?: the calendar months? of)? {MONTH}"
                       r"(?: (\d{1,2})\b)?", re.I)
_DURING = re.compile(rf"\b(?:maturing|received) in (?:the calendar months? of )?{MONTH}", re.I)


def securities_levels(meeting: dt.date, sentences: Iterable[tuple[str, Source]]) -> list[SecuritiesLevel]:
    """The purchase paces and runoff caps the sentences set, each once, in order of mention."""
    levels: dict[tuple, SecuritiesLevel] = {}
    for text, source in sentences:
        effective = _effective(meeting, text)
        for asset, kind, amount in _amounts(text):
            key = (asset, kind, amount, effective)
            levels.setdefault(key, SecuritiesLevel(asset=asset, kind=kind, amount_bn=amount, effective=effective,
                                                   source=source))
    return list(levels.values())


def _amounts(text: str) -> list[tuple[str, str, float]]:
    if _PACE.search(text):
        out = [("treasury", "purchase_pace", float(m.group(1))) for m in _TREASURY_PACE.finditer(text)][:1]
        return out + [("mbs", "purchase_pace", float(m.group(1))) for m in _MBS_PACE.finditer(text)][:1]
    cap = _CAP.search(text)
    if cap is None or "billion" not in text:
        return []
    asset = _first_asset(text)
    if asset is None:
        return []
    changed = _FROM_TO.search(text)
    if changed:
        return [(asset, "runoff_cap", float(changed.group(2)))]
    after = re.search(_AMOUNT, text[cap.end():])
    return [(asset, "runoff_cap", float(after.group(1)))] if after else []


def _first_asset(text: str) -> str | None:
    """The asset class the sentence is about: the one its cap is on ("cap on agency debt ..."), else the
    first one it names ("Roll over ... Treasury securities", "Reinvest into agency MBS ...")."""
    on = re.search(r"\bcap on (Treasury|agency)", text)
    if on:
        return "treasury" if on.group(1) == "Treasury" else "mbs"
    t, a = _TREASURY.search(text), _AGENCY.search(text)
    if t and (not a or t.start() < a.start()):
        return "treasury"
    return "mbs" if a else None


def _effective(meeting: dt.date, text: str) -> dt.date:
    """When the amount applies: the month (and day) the sentence names, in the meeting's year or the
    next ("Beginning in January" at a December meeting), never before the meeting itself."""
    m = _STARTING.search(text) or _DURING.search(text)
    if m is None:
        return meeting
    month = month_number(m.group(1))
    day = int(m.group(2)) if m.re is _STARTING and m.group(2) else 1
    year = meeting.year + (1 if month < meeting.month else 0)
    try:
        return max(meeting, dt.date(year, month, day))
    except ValueError:
        return meeting
