"""Which balance-sheet question a question asks: the purchase pace or runoff cap at a date or over a period, or when
purchases or runoff began, slowed, rose or ended (`fomc_qa.policy.securities` answers it from the record)."""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from fomc_qa.question.facets import question_facets
from fomc_qa.text.months import MONTH, YEAR, month_number

_W = re.IGNORECASE
_ABOUT = re.compile(r"\b(?:purchas\w*|buy\w*|bought|adding(?! up)|holdings|runoff|run(?:ning)? off|roll(?:ing)? off"
                    r"|balance sheet|securities|mbs|mortgage-backed|treasur\w+|usts?|tsys?|taper\w*|redemptions?|qt|qe"
                    r"|quantitative (?:tightening|easing))\b", _W)
_RUNOFF = re.compile(r"\b(?:caps?|runoff|run(?:ning)? off|roll(?:ing)? off|redemptions?|redeem\w*|shrink\w*|qt"
                     r"|quantitative tightening|balance sheet reduction|decline of (?:its )?securities holdings"
                     r"|reduc\w* (?:its |the )?(?:securities |asset )?(?:holdings|balance sheet))\b", _W)
_PURCHASES = re.compile(r"\b(?:purchas\w*|buy\w*|bought|adding(?! up)|taper\w*|qe|quantitative easing)\b", _W)
_TREASURY = re.compile(r"\btreasur(?:y|ies)\b|\busts?\b|\btsys?\b", _W)  # "UST", "Tsys": analysts' Treasuries
_MBS = re.compile(r"\b(?:mbs|mortgage-backed|mortgage|agency)\b", _W)
_WHEN = re.compile(r"\bwhen\b|\bwhat (?:date|month|meeting)\b|\bwhich (?:date|month|meeting)\b|\bat which\b", _W)
_END = re.compile(r"(?<!-)\b(?:stop\w*|end(?:ed|s|ing)?|conclud\w*|halt\w*|finish\w*|wind down|wound down"
                  r"|came to an end)\b", _W)
_BEGIN = re.compile(r"\b(?:begin|began|begun|beginning|start\w*|initiat\w*|commenc\w*|launch\w*)\b", _W)
_SLOW = re.compile(r"\b(?:slow\w*|taper\w*|scal\w* back|reduc\w* the (?:monthly )?pace"
                   r"|(?:lower\w*|cut\w*|reduc\w*|trim\w*|decreas\w*) (?:the |its )?(?:monthly )?"
                   r"(?:cap|(?:\w+ )?(?:runoff|redemption) caps?)\b|caps? (?:on [\w ]{0,30})?(?:was |were )?"
                   r"(?:first |last )?(?:lowered|cut|reduced)\b)", _W)
_ACCELERATE = re.compile(r"\b(?:speed\w* up|sped up|accelerat\w*|faster|quicken\w*|doubl\w*)\b", _W)
_RISE = re.compile(r"\b(?:rais\w*|increas\w*|rise|rose|risen|higher|step\w* up|full (?:size|pace))\b", _W)
_LEVEL = re.compile(r"\b(?:how much|how fast|how large|what (?:was|were|is|are) the|at what (?:monthly )?pace"
                    r"|what (?:monthly )?(?:pace|cap|caps|amount)|pace|caps?|per month|monthly|a month|each month)\b",
                    _W)
_NOT_HERE = re.compile(r"\b(?:why|staff|participants?|expect\w*|projected|survey|discuss\w*|describ\w*|statement say"
                       r"|language|wording|guidance|reasons?|compar\w*|versus|vs|repo|repurchase|standing"
                       r"|minutes(?: \w+){0,4} say|section)\b", _W)
_SEASONS = {"spring": (3, 5), "summer": (6, 8), "fall": (9, 11), "autumn": (9, 11), "winter": (1, 2),
            "early": (1, 4), "mid": (5, 8), "middle of": (5, 8), "late": (9, 12), "end of": (10, 12),
            "beginning of": (1, 3), "start of": (1, 3), "first half of": (1, 6), "second half of": (7, 12)}
_SEASON = re.compile(r"\b(spring|summer|fall|autumn|winter|early|mid|middle of|late|end of|beginning of|start of"
                     rf"|first half of|second half of)[- ](?:of )?(?:the )?(?:year )?{YEAR}\b", _W)
_DAY = re.compile(rf"\b{MONTH}\s+(\d{{1,2}}),?\s+{YEAR}\b", _W)
_MONTH_YEAR = re.compile(rf"\b{MONTH}\s+(?:of\s+)?{YEAR}\b", _W)
_AT_MEETING = re.compile(r"\b(?:after|following|at|set at|decided at)\s+(?:the\s+|its\s+)?", _W)
_AND_THEN = re.compile(r"\b(?:at first|initial\w*|starting|to start)\b.*\b(?:after|then|later|subsequent\w*|next"
                       r"|full|phase\w*|step\w* up)\b", _W)
# "when did runoff stop, and what replaced it?": the balance-sheet step after the end too.
_NEXT_STEP = re.compile(r"\b(?:replac\w*|instead|after that|afterwards?|since then|came next|what next|followed"
                        r"|next step)\b", _W)




@dataclass(frozen=True)
class SecuritiesQuestion:
    ask: str  # "level", "begin", "slow", "accelerate" (a bigger step down), "rise" or "end"
    kind: str  # "purchase_pace" or "runoff_cap"
    assets: tuple[str, ...]
    start: dt.date | None  # the period asked about; None: the present (the latest level)
    end: dt.date | None
    meeting: dt.date | None = None  # "after the March 2025 meeting": what that meeting set
    and_then: bool = False  # "caps at first and after three months?", "what replaced it?": what followed too


def _assets(q: str) -> tuple[str, ...]:
    """The holdings asked about: those the question names, or, when its first part asks about the caps or the pace
    naming none ("How did the May 2024 decision change the runoff caps, and what happens to MBS paydowns above the
    cap?"), both."""
    first = question_facets(q, min_words=2)[0]
    if first != q and (_RUNOFF.search(first) or _PURCHASES.search(first)) \
            and not (_TREASURY.search(first) or _MBS.search(first)):
        return ("treasury", "mbs")
    return tuple(a for a, p in (("treasury", _TREASURY), ("mbs", _MBS)) if p.search(q)) or ("treasury", "mbs")


def parse_securities_question(question: str, meetings: Sequence[dt.date]) -> SecuritiesQuestion | None:
    """The securities question a question asks, or None when it is not one (left to the other rules)."""
    q = " ".join(question.split())
    if not _ABOUT.search(q) or _NOT_HERE.search(q) or re.search(r"\b(?:federal funds|target range)\b", q, _W):
        return None
    runoff, purchases = bool(_RUNOFF.search(q)), bool(_PURCHASES.search(q))
    if not (runoff or purchases):
        return None
    kind = "runoff_cap" if runoff and not re.search(r"\btaper\w*\b", q, _W) else "purchase_pace"
    assets = _assets(q)
    asks_when = bool(_WHEN.search(q))
    if asks_when and _END.search(q):
        ask = "end"
    elif (asks_when or re.search(r"\bhow much\b|\bby how much\b", q, _W)) and _ACCELERATE.search(q):
        # "speed up the taper", "how much faster did the taper get": a bigger monthly step down in purchases
        ask = "accelerate" if kind == "purchase_pace" else "rise"
    elif (asks_when or re.search(r"\bfirst\b", q, _W)) and _SLOW.search(q):
        ask = "slow"
    elif asks_when and _BEGIN.search(q) and not _SLOW.search(q):
        ask = "begin"
    elif asks_when and _RISE.search(q):
        ask = "rise"
    elif _LEVEL.search(q):
        ask = "level"
    else:
        return None
    start, end, meeting = _period(q, meetings)
    and_then = bool(_AND_THEN.search(q)) or (ask == "end" and bool(_NEXT_STEP.search(q)))
    return SecuritiesQuestion(ask, kind, assets, start, end, meeting, and_then)


# "from the May 2024 decision to the end of runoff", "start to finish": a span left open at one end runs to the
# record's first or last level.
_TO_THE_END = re.compile(r"\b(?:through|to|until|till|up to)\s+(?:the\s+|its\s+)?(?:very\s+)?(?:end|finish|conclusion"
                         r"|present|latest|last)\b|\bto date\b|\bstart to (?:finish|end)\b|\bfrom start\b", _W)
_FROM_THE_START = re.compile(r"\bfrom (?:the\s+)?(?:very\s+)?(?:start|beginning|outset|launch)\b"
                             r"(?! of (?:the )?(?:year )?\d)|\bstart to (?:finish|end)\b|\bfrom start\b", _W)


def _period(q: str, meetings: Sequence[dt.date]) -> tuple[dt.date | None, dt.date | None, dt.date | None]:
    """The calendar period the question names, and the meeting when it names one ("after the March 2025
    meeting", "at the May 1, 2024 meeting"). Several dates ("from mid-2024 through 2025") make one span from the
    first's start to the last's end; a span left open ("to the end of runoff", "start to finish") runs to the
    record's ends."""
    found: list[tuple[dt.date, dt.date, dt.date | None]] = []
    rest = q
    for m in _DAY.finditer(rest):
        d = dt.date(int(m.group(3)), month_number(m.group(1)), int(m.group(2)))
        found.append((d, d, d if d in meetings else None))
    rest = _DAY.sub(" ", rest)
    for m in _SEASON.finditer(rest):
        first, last = _SEASONS[m.group(1).lower()]
        year = int(m.group(2))
        found.append((dt.date(year, first, 1), dt.date(year, last, calendar.monthrange(year, last)[1]), None))
    rest = _SEASON.sub(" ", rest)
    for m in _MONTH_YEAR.finditer(rest):
        year, month = int(m.group(2)), month_number(m.group(1))
        start, end = dt.date(year, month, 1), dt.date(year, month, calendar.monthrange(year, month)[1])
        in_month = [d for d in meetings if start <= d <= end]
        at_meeting = re.search(rf"{_AT_MEETING.pattern}{re.escape(m.group(0))}\s+(?:fomc\s+)?meeting", q, _W)
        found.append((in_month[-1], in_month[-1], in_month[-1]) if at_meeting and in_month else (start, end, None))
    rest = _MONTH_YEAR.sub(" ", rest)
    found += [(dt.date(int(y), 1, 1), dt.date(int(y), 12, 31), None) for y in re.findall(rf"\b{YEAR}\b", rest)]
    open_end, open_start = bool(_TO_THE_END.search(q)), bool(_FROM_THE_START.search(q))
    if not found:
        return (dt.date.min, dt.date.max, None) if open_end and open_start else (None, None, None)
    if len(found) == 1 and not (open_end or open_start):
        return found[0]
    start, end = min(f[0] for f in found), max(f[1] for f in found)
    if len(found) == 1:
        start, end = (dt.date.min if open_start else start), (dt.date.max if open_end else end)
    return start, end, None
