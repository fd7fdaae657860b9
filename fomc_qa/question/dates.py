"""Dates and document types named in a question, resolved to the meetings they point at.

"September 2024", "in 2022", "between 2021 and 2023", "since 2024", "the first meeting of 2023",
"March 15, 2020", "after the March 15, 2020 meeting" (counting from it), "current/latest/now" (the
latest indexed meeting), "the minutes", "the statement": each narrows the first retrieval pass to the
matching meetings' shards. The retriever always runs a second, unfiltered pass after it, so a wrong
guess costs ranking, never recall.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from fomc_qa.text.months import MONTH, YEAR, month_number

_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "sixth": 5, "seventh": 6,
             "eighth": 7, "last": -1, "final": -1}


# "current", "latest", "now": with no date named, the latest indexed meeting is the present.
_PRESENT = re.compile(r"\b(?:current(?:ly)?|latest|newest|most recent(?:ly)?|now|today|at present|presently)\b")


@dataclass(frozen=True)
class QueryFilter:
    meetings: frozenset[dt.date] | None = None  # None: no date named
    doc_types: frozenset[str] | None = None  # None: both kinds
    named_dates: tuple[str, ...] = field(default=())  # what the question named, for explanations
    sections: frozenset[str] | None = None  # minutes sections the question names (fomc_qa.retrieval.sections)

    @property
    def active(self) -> bool:
        return self.meetings is not None or self.doc_types is not None

    @property
    def names_unindexed_period(self) -> bool:
        """The question names a date, and no indexed meeting falls in it (e.g. "2015")."""
        return self.meetings is not None and not self.meetings


def month_meetings(meetings: list[dt.date], year: int, month: int, day: int | None) -> set[dt.date]:
    """Meetings in a month, or, given a day, the meeting ending on it or within two days after
    ("April 30, 2024" is the first day of the meeting that ended May 1). A month with no meeting
    ending in it holds the meeting that began in it ("the January 2023 meeting" ended February 1)."""
    in_month = {m for m in meetings if m.year == year and m.month == month}
    if day is None:
        if in_month:
            return in_month
        first_next = dt.date(year + month // 12, month % 12 + 1, 1)
        return {m for m in meetings if dt.timedelta(0) <= m - first_next <= dt.timedelta(1)}
    try:
        target = dt.date(year, month, day)
    except ValueError:
        return in_month
    return {m for m in meetings if dt.timedelta(0) <= m - target <= dt.timedelta(2)} or in_month


# "When did the FOMC first hold rates after the run of hikes that began in March 2022?" and "After
# the March 15, 2020 meeting, on what date did ...?" ask about the meetings after the date, not the
# one it names. A date after "after/following/since/began in" is read so when the question asks
# for a first/next occurrence or a count ("how many meetings after ..."), when the clause opens the question, or after
# "since"; "the range
# after the November 2022 meeting" is the range decided at that meeting.
# "first", not "the first meeting of 2023" (an ordinal meeting, above) or "the first quarter".
_FIRST_OCCURRENCE = re.compile(r"\b(?:first|next|earliest)\b(?!\s+(?:\w+\s+)?(?:meeting|quarter|half)\b)")
_BOUND = re.compile(
    rf"(?:^|\b)(after|following|since|(?:that |which )?(?:began|begun|started|starting|beginning) in)\s+(?:the\s+)?"
    rf"(?:[a-z]+(?:'s|’s)?\s+){{0,3}}?{MONTH}\s+(?:(\d{{1,2}}),?\s+)?{YEAR}(?:\s+(?:fomc\s+)?meeting)?"
)  # "after Esther George's June 2022 dissent": up to three words may stand before the date


def _bounds(q: str) -> Iterator[re.Match[str]]:
    """The "after <date>" phrases of a (lower-case) question that count from a date."""
    for m in _BOUND.finditer(q):
        opens = q[: m.start()].strip() == "" and not (_THAT_MEETINGS_MOVE.match(q, m.end())
                                                       and not _COUNTED_RUN.search(q))
        if opens or m.group(1) == "since" or _FIRST_OCCURRENCE.search(q) \
                or _COUNTED_RUN.search(q[: m.start()]):  # "how many meetings in a row after the July 2023 hike"
            yield m


# "After the July 2022 75bp hike, where did participants see ...?": the meeting of that move, whose minutes report
# what was said after it was decided (a first/next occurrence or a count still counts from it).
_THAT_MEETINGS_MOVE = re.compile(r"\s+(?:\d+\s?(?:bps?|basis[- ]points?)\s+|(?:quarter|half)[- ]point\s+)?"
                                 r"(?:rate\s+)?(?:hike|increase|raise|cut|reduction|decision|move)\s*,")


NEIGHBOUR = (rf"\b(?:the\s+)?(meeting|statement|decision|minutes)s?\s+(?:right\s+|immediately\s+|just\s+"
              rf"|directly\s+)?(after|following|before|preceding|prior to)\s+(?:the\s+|its\s+)?{MONTH}\s+"
              rf"(?:(\d{{1,2}}),?\s+)?{YEAR}")


_COUNTED_RUN = re.compile(r"\b(?:how many|consecutive|in a row|straight|number of|how long)\b")
# "Before the FOMC resumed cutting in September 2025, what was the last hold?": the meetings before that month.
_OPENING_BEFORE = re.compile(rf"^\s*(?:before|prior to|ahead of)\s+(?:[a-z'’]+\s+){{0,8}}?{MONTH}\s+"
                             rf"(?:(\d{{1,2}}),?\s+)?{YEAR}\s*,")


def _upper_bound(q: str, meetings: list[dt.date]) -> tuple[set[dt.date], str] | None:
    """The meetings before the date of a clause the (lower-case) question opens with, and that clause."""
    m = _OPENING_BEFORE.search(q)
    if not m or re.search(YEAR, q[m.end():]):  # "Before the September 2024 cut, how many holds in 2024?": that year
        return None
    day = int(m.group(2)) if m.group(2) else None
    anchor = month_meetings(meetings, int(m.group(3)), month_number(m.group(1)), day)
    end = min(anchor) if anchor else dt.date(int(m.group(3)), month_number(m.group(1)), 1)
    before = {d for d in meetings if d < end}
    return (before, m.group(0)) if before else None


def reference_dates(question: str) -> list[str]:
    """The phrases naming a date the question counts from ("after the march 15, 2020 meeting",
    lower case): the answer lies after that date, so passages need not mention it."""
    return [m.group(0) for m in _bounds(question.lower())]


def counts_from_a_date(question: str) -> bool:
    """Whether the question asks what happened after a date it names ("After the March 15, 2020
    meeting, on what date did ...?"): its answer is the earliest such event."""
    return bool(reference_dates(question))


def asks_for_first(question: str) -> bool:
    """Whether the answer is the earliest occurrence of something ("When did a statement first
    mention ...?", "At which meeting did the FOMC first hold after ...?", "After <date>, when ...?")."""
    return bool(_FIRST_OCCURRENCE.search(question.lower())) or counts_from_a_date(question)


def _lower_bound(q: str, meetings: list[dt.date]) -> tuple[set[dt.date], str] | None:
    """The meetings after a reference date the question counts from, and the phrase naming it."""
    for m in _bounds(q):
        day = int(m.group(3)) if m.group(3) else None
        anchor = month_meetings(meetings, int(m.group(4)), month_number(m.group(2)), day)
        if not anchor:
            continue
        inclusive = m.group(1) == "since" or m.group(1).endswith(" in")  # "the cycle that began in September 2024"
        start = min(anchor) if inclusive else max(anchor)
        return {d for d in meetings if d > start or (inclusive and d == start)}, m.group(0)
    return None


# "In the June 2022 minutes, what did the staff forecast for total and core PCE inflation in 2022?", "Per the December
# 2023 minutes, did participants expect cuts in 2024?", "... in the June 2025 minutes, how were views split on cutting
# later in 2025?": a bare year up to 8 words after a forecast word (or "later"), in a question
# that already names its meeting, is the horizon of a projection in that meeting's documents, not a span to search.
_HORIZON_CUE = re.compile(
    r"\b(?:expect\w*|forecast\w*|project\w*|anticipat\w*|outlook|predict\w*|foresaw|foresee\w*|see|saw|seen"
    r"|pencil+ed|penciled|path|median|for|later|rest of|remainder of)\b(?:\W+[\w'-]+){0,7}?\W+$")


# "May 2025 minutes: why did real GDP fall in Q1 2025?": a quarter, half, season or end of a year is the data's
# period, not a span of meetings ("the fall 2025 shutdown ... at its October 2025 meeting", "its September 2023
# projection ... PCE inflation at the end of 2023").
_DATA_PERIOD = re.compile(r"\b(?:q[1-4]|[1-4]q|h[12]|(?:first|second|third|fourth|1st|2nd|3rd|4th|final|last)\s+"
                          r"(?:quarter|half)(?:\s+of)?|(?:early|mid|late|spring|summer|fall|autumn|winter|end)"
                          r"(?:\s+of)?)\W+$")
# "... what were its 2023 projections?": a year naming a forecast's horizon from the words after it.
# Also a data series ("what 2023 core PCE inflation did the staff project?").
_HORIZON_NOUN = re.compile(r"\s*(?:projections?|projected|forecasts?|outlook|estimates?|median|dots?|path|sep"
                           r"|(?:core |headline |total |real )?(?:pce|cpi|inflation|gdp|growth|unemployment)"
                           r")\b")


# "What did the staff's December 2021 projection show for PCE inflation ... and in 2022?": a year after the named
# meeting's, anywhere after a projection or forecast is asked about, is that forecast's horizon.
_FORECAST_ASKED = re.compile(r"\b(?:projections?|projected|forecasts?|outlook|sep|dots?)\b", re.I)


def _is_horizon(text: str, year: re.Match[str], named_meetings: list[dt.date]) -> bool:
    """Whether a bare year (or a run of years: "for 2022-23") is a projection's horizon or a data period, in a
    question that already names a meeting by its month: a quarter or half of any year ("Q4 2024"), or a year not
    before that meeting's that a forecast word leads up to."""
    if not named_meetings:
        return False
    before = text[max(0, year.start() - 80): year.start()]
    if _DATA_PERIOD.search(before):
        return True
    first_year = int(re.search(YEAR, year.group(0)).group(1))
    if first_year < min(named_meetings).year:
        return False
    return bool(_HORIZON_CUE.search(before) or _HORIZON_NOUN.match(text[year.end():])
                or (first_year > min(named_meetings).year and _FORECAST_ASKED.search(text[: year.start()])))


# "the 2025 framework review", "the 2020 strategy", "2020-era elements": a year naming a review, its framework or an
# era, not a span of meetings, beside a meeting named by its month.
_NAMES_A_REVIEW = re.compile(r"\s*(?:monetary policy\s+)?(?:framework|strateg\w*|policy review|review|-era|era"
                             r"|elements?)\b")


# "the 2023 debt ceiling deal", "the 2024 presidential election": "the" and a year before a noun that is not the
# Committee's own (meetings, statements, hikes, ...) name an event; near miss "the 2022 hikes" is a span.
_EVENT_YEAR_BEFORE = re.compile(r"\b(?:the|a|an)\s+$")
_EVENT_YEAR_AFTER = re.compile(r"\s+(?!(?:fomc|policy|rate|meetings?|statements?|minutes|decisions?|hikes?|cuts?|"
                               r"increases?|moves?|votes?|dissents?|holds?|pauses?|cycle|tightening|easing|runoff|"
                               r"and|to|through|or)\b)[a-z]")


def _names_an_event(text: str, year: re.Match[str]) -> bool:
    return bool(_EVENT_YEAR_BEFORE.search(text[max(0, year.start() - 10): year.start()])
                and _EVENT_YEAR_AFTER.match(text[year.end():]))


_POLICY_DOCUMENT = re.compile(
    r"\bthe (?:(?:19|20)\d\d (?:consensus |strategy |framework )?|consensus |revised |framework |strategy )"
    r"statement\b(?! (?:of|in|on) \w+ \d)"
    r"|\bstatement (?:on|regarding) (?:longer-run|monetary policy implementation|principles|the longer)[\w -]*")


# "Was the June 2020 meeting held by videoconference?": how a meeting was held is the minutes' opening sentence, not a
# decision to hold rates (fomc_qa.question.intents) nor procedure to play down (fomc_qa.answering.reader).
_MEETING_FORMAT = re.compile(r"\b(?:held|conducted|convened|take place|took place)\b.{0,30}\b(?:by|via|over|on)\s+"
                             r"(?:video\w*|conference call|phone|teleconferenc\w*|zoom)\b|\bvideo or\b"
                             r"|\bor (?:by )?video|\bin[- ]person\b|\bvirtual(?:ly)?\b|\bremote(?:ly)?\b"
                             r"|\bheld in the offices\b", re.IGNORECASE)


def asks_how_held(question: str) -> bool:
    """Whether the question asks how or where a meeting was held (by videoconference, in person)."""
    return bool(_MEETING_FORMAT.search(question))


@dataclass
class _DateReading:
    """A question's date phrases read so far: the meetings chosen, the phrases named, and the text still unread (each
    phrase is consumed once, so "the March 2024 meeting" is not read again as "2024")."""

    q: str
    meetings: list[dt.date]
    chosen: set[dt.date] = field(default_factory=set)
    named: list[str] = field(default_factory=list)
    consumed: str = ""

    def take(self, phrase: str, dates: set[dt.date], consume: bool = True) -> None:
        self.chosen |= dates
        self.named.append(phrase)
        if consume:
            self.consumed = self.consumed.replace(phrase, " ")


def parse_filter(question: str, meetings: list[dt.date]) -> QueryFilter:
    """Resolve the dates and document kinds a question names against the indexed meetings."""
    # "the 2020 statement", "the consensus statement", "the Statement on Longer-Run Goals": a policy document known
    # by its name, not a meeting's statement, and its year is not a span of meetings ("the 2022 statements" is).
    q = _POLICY_DOCUMENT.sub(" ", question.lower())
    r = _DateReading(q, sorted(meetings), consumed=q)
    neighbour = _read_neighbour(r)
    bound = (_lower_bound(q, r.meetings) or _upper_bound(q, r.meetings)) if not neighbour else None
    if bound is not None:
        r.take(bound[1], bound[0])
    _read_months(r)
    by_month = sorted(r.chosen) if bound is None else []  # the meetings named by their month or day
    _read_years(r, by_month)
    if bound is None:
        _read_compared_month(r)
    _read_relative(r)
    wants_minutes = bool(re.search(r"\bminutes\b", q))
    wants_statement = bool(re.search(r"\b(statement|press release|post-meeting)\b", q))
    doc_types = None
    if wants_minutes != wants_statement:
        doc_types = frozenset({"minutes"} if wants_minutes else {"statement"})
    return QueryFilter(
        meetings=frozenset(r.chosen) if r.named else None,
        doc_types=doc_types,
        named_dates=tuple(r.named),
    )


def _read_neighbour(r: _DateReading) -> bool:
    """"the meeting right after the September 2024 cut": the one meeting next to a dated one."""
    neighbour = re.search(NEIGHBOUR, r.consumed)
    if neighbour and neighbour.group(0).split()[0].rstrip("s") != neighbour.group(0).split()[0] \
            and _COUNTED_RUN.search(r.consumed):
        return False  # "how many consecutive meetings after the July 2023 hike": all of them, counted
    if not neighbour:
        return False
    anchor = month_meetings(r.meetings, int(neighbour.group(5)), month_number(neighbour.group(3)),
                            int(neighbour.group(4)) if neighbour.group(4) else None)
    after = neighbour.group(2) in ("after", "following")
    side = [d for d in r.meetings if (d > max(anchor) if after else d < min(anchor))] if anchor else []
    if side:
        r.take(neighbour.group(0), {side[0] if after else side[-1]})
    return True


# "the March, May and June 2025 statements", "from May to June to July 2024", "Feb -> Mar -> May 2023": each month
# listed, one year.
_LISTED_MONTHS = (rf"\b{MONTH}(?:\s*(?:,\s*(?:and\s+|then\s+)?|\band\b|&|\bto\b|\bthen\b|->|=>|→)\s*(?:the\s+)?"
                  rf"{MONTH}){{2,}}\s+(?:of\s+)?{YEAR}\b")
# "September-December 2024", "from March 2022 through July 2023": every meeting of the months in between.
_MONTH_RANGE = (rf"\b(?:from\s+(?:the\s+)?)?{MONTH}(?:\s+{YEAR})?\s*(?:->|=>|→|-|–|—|\bto\b|\bthrough\b|\bthru\b"
                rf"|\buntil\b)\s*(?:the\s+)?{MONTH}\s+(?:of\s+)?{YEAR}\b")
# "Once the FOMC began cutting in September 2024, how many cuts did it make through the December 2024 meeting?": a
# month the count starts in and the month it runs through, apart in the question, are a range like "September-
# December 2024" (only where the question counts or totals: "what did they say in September 2024 about cuts through
# December 2024?" names two meetings).
_THROUGH_SPAN = (rf"\b(?:in|since|from|starting|started|began|begun|beginning)\s+(?:the\s+)?{MONTH}\s+(?:of\s+)?"
                 rf"{YEAR}\b(?P<mid>[^?]{{0,120}}?)\b(?:through|thru|until|up to|up until)\s+(?:the\s+)?{MONTH}\s+"
                 rf"(?:of\s+)?{YEAR}\b")
_COUNTS = re.compile(r"\bhow (?:many|much)\b|\btotal\b|\bin all\b|\bcumulative\w*\b|\badd(?:ing|ed)? up\b")
# "the January and March 2024 statements": both months of the year named once.
_MONTH_PAIR = rf"\b{MONTH}\s*(?:,|and|&|or|vs\.?|versus)\s*(?:the\s+)?{MONTH}\s+(?:of\s+)?{YEAR}\b"
# "the last meeting of 2022" is a date; "the last meeting in 2022 at which ..." or "... in 2020-2025" is a span
# "the unscheduled early-March 2020 meeting" is March 3, not the month's three actions: a part of a month narrows its
# meetings by day (all of them when none falls in it: "late January 2023" ended February 1).
_PART_OF_MONTH = rf"\b(early|mid|late)[-\s]+{MONTH}\s+(?:of\s+)?{YEAR}\b"
_MONTH_PARTS = {"early": (1, 10), "mid": (11, 20), "late": (21, 31)}
_ORDINAL_MEETING = (rf"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|last|final)\s+"
                    rf"(?:fomc\s+|policy\s+|scheduled\s+)?meeting\s+(?:of|in)\s+{YEAR}\b(?!\s*[-–/]\s*\d)"
                    rf"(?!.*\b(?:at which|in which|where|when|that)\b)")


def _months_span(meetings: list[dt.date], start_year: int, start_month: str, end_year: int,
                 end_month: str) -> set[dt.date] | None:
    """The meetings from the first day of one month through the last day of another; None when the end comes
    first."""
    start = dt.date(start_year, month_number(start_month), 1)
    last = month_number(end_month)
    end = dt.date(end_year + last // 12, last % 12 + 1, 1)
    return {d for d in meetings if start <= d < end} if start < end else None


def _read_months(r: _DateReading) -> None:
    """Days, listed months, month ranges, month pairs, parts of a month, months and ordinal meetings of a year, in
    that order."""
    m: re.Match[str]
    for m in re.finditer(rf"\b{MONTH}\s+(\d{{1,2}})(?:\s*[-–]\s*\d{{1,2}})?,?\s+{YEAR}\b", r.consumed):
        r.take(m.group(0), month_meetings(r.meetings, int(m.group(3)), month_number(m.group(1)), int(m.group(2))))
    for m in re.finditer(_LISTED_MONTHS, r.consumed):
        year = int(re.search(YEAR, m.group(0)).group(1))
        months = re.findall(MONTH, m.group(0))
        listed = [month_meetings(r.meetings, year, month_number(month), None) for month in months]
        r.take(m.group(0), set().union(*listed))
    for m in re.finditer(_MONTH_RANGE, r.consumed):
        end_year = int(m.group(4))
        start_year = int(m.group(2)) if m.group(2) else end_year
        span = _months_span(r.meetings, start_year, m.group(1), end_year, m.group(3))
        if span is not None:
            r.take(m.group(0), span)
    for m in re.finditer(_THROUGH_SPAN, r.consumed):
        if not _COUNTS.search(r.q) or re.search(rf"\b{MONTH}\b", m.group("mid")):
            continue
        span = _months_span(r.meetings, int(m.group(2)), m.group(1), int(m.group(5)), m.group(4))
        if span is not None:  # each date phrase read once; the words between them are the question's
            r.take(m.string[m.start(1):m.end(2)], span)
            r.take(m.string[m.start(4):m.end(5)], set())
    for m in re.finditer(_MONTH_PAIR, r.consumed):
        pair = [month_meetings(r.meetings, int(m.group(3)), month_number(month), None) for month in m.group(1, 2)]
        r.take(m.group(0), set().union(*pair))
    for m in re.finditer(_PART_OF_MONTH, r.consumed):
        month = month_meetings(r.meetings, int(m.group(3)), month_number(m.group(2)), None)
        lo, hi = _MONTH_PARTS[m.group(1)]
        r.take(m.group(0), {d for d in month if lo <= d.day <= hi} or month)
    for m in re.finditer(rf"\b{MONTH}\s+(?:of\s+)?{YEAR}\b", r.consumed):
        r.take(m.group(0), month_meetings(r.meetings, int(m.group(2)), month_number(m.group(1)), None))
    for m in re.finditer(_ORDINAL_MEETING, r.consumed):
        in_year = [d for d in r.meetings if d.year == int(m.group(2))]
        idx = _ORDINALS[m.group(1)]
        r.take(m.group(0), {in_year[idx]} if in_year and -len(in_year) <= idx < len(in_year) else set())


def _read_years(r: _DateReading, by_month: list[dt.date]) -> None:
    """Year ranges ("2022-23" is 2022 through 2023), years counted from ("since 2024"), then bare years."""
    ranges = list(re.finditer(rf"\b(?:between|from)\s+{YEAR}\s+(?:and|to|through)\s+{YEAR}\b"
                              rf"|\b{YEAR}\s*[-–/]\s*((?:19|20)?\d\d)\b", r.consumed))
    for m in ranges:
        if _is_horizon(r.consumed, m, by_month):
            continue  # "June 2021 staff outlook: what path did it project for 2022-23?"
        years = [int(y) if len(y) == 4 else int(m.group(3)[:2] + y) for y in m.groups() if y]
        lo, hi = min(years), max(years)
        r.take(m.group(0), {d for d in r.meetings if lo <= d.year <= hi})
    for m in re.finditer(rf"\b(since|after|before|prior to)\s+{YEAR}\b", r.consumed):
        year = int(m.group(2))
        if m.group(1) == "since":
            r.take(m.group(0), {d for d in r.meetings if d.year >= year})
        elif m.group(1) == "after":
            r.take(m.group(0), {d for d in r.meetings if d.year > year})
        else:
            r.take(m.group(0), {d for d in r.meetings if d.year < year})
    for m in re.finditer(rf"\b{YEAR}\b", r.consumed):
        if by_month and (_NAMES_A_REVIEW.match(r.consumed[m.end():]) or _names_an_event(r.consumed, m)):
            continue  # "the 2025 framework review kicked off in January 2025": a name, not that year's meetings
        if not _is_horizon(r.consumed, m, by_month):
            r.take(m.group(0), {d for d in r.meetings if d.year == int(m.group(1))}, consume=False)


# "Sept 2023 staff outlook: why was it revised up versus July?": a revision is told in the later meeting's minutes,
# against the earlier forecast; the month compared with is not a meeting asked about.
_REVISED = re.compile(r"\b(?:revis\w*|upgrad\w*|downgrad\w*|marked (?:up|down))\b")


_COMPARED_MONTH = (rf"\b(?:than|vs\.?|versus|and|or|with)\s+(?:the\s+|in\s+)?{MONTH}(?:'s|’s)?"
                   rf"(?=\s*(?:[?,.;]|$|(?:one|meeting|statement|minutes|hike|cut|move|decision)\b))")


def _read_compared_month(r: _DateReading) -> None:
    """"Was the Nov 2022 hike bigger than Dec's?": a bare month compared with one dated meeting is that month's
    meeting nearest to it, on either side ("Jan 2021 forecast: stronger than December's?" is December 2020); with a
    year's meetings, that year's; never a revision's (`_REVISED`)."""
    years = {int(y) for n in r.named for y in re.findall(YEAR, n)}
    if len(years) != 1 or _REVISED.search(r.q):
        return
    (year,) = years
    if len(r.chosen) != 1:  # "the 2025 statements vs Jul": of that year
        for m in re.finditer(_COMPARED_MONTH, r.consumed):
            r.take(m.group(0), month_meetings(r.meetings, year, month_number(m.group(1)), None), consume=False)
        return
    (anchor,) = r.chosen
    for m in re.finditer(_COMPARED_MONTH, r.consumed):
        month = month_number(m.group(1))
        candidates = [month_meetings(r.meetings, y, month, None) for y in (year - 1, year, year + 1)]
        nearest = min((c for c in candidates if c), default=set(),
                      key=lambda c: abs((min(c) - anchor).days))
        r.take(m.group(0), nearest, consume=False)


def _read_relative(r: _DateReading) -> None:
    """"... What was decided at the next meeting?" after one dated meeting; "this year", "now" with no date named."""
    q, meetings = r.q, r.meetings
    step = re.search(r"\b(?:at|in|by)\s+the\s+(next|following|previous|prior|preceding)\s+(?:fomc\s+|policy\s+)?"
                     r"meeting\b", q)
    expecting = re.search(r"\b(?:expect\w*|anticipat\w*|foresaw|foresee\w*|plan\w*|signal\w*)\b[^.?!]*$",
                          q[: step.start()]) if step else None
    if step and len(r.chosen) == 1 and not expecting:
        (only,) = r.chosen
        later = step.group(1) in ("next", "following")
        side = [d for d in meetings if (d > only if later else d < only)]
        if side:
            r.take(step.group(0), {side[0] if later else side[-1]}, consume=False)
    relative = re.search(r"\b(this|last|previous|past) year\b", q)  # "this year": the latest indexed meeting's
    if not r.named and meetings and relative:
        year = meetings[-1].year - (0 if relative.group(1) == "this" else 1)
        r.chosen, r.named = {d for d in meetings if d.year == year}, [relative.group(0)]
    if not r.named and meetings and _PRESENT.search(q):
        r.chosen, r.named = {meetings[-1]}, [_PRESENT.search(q).group(0)]


def with_question_dates(part: str, question: str) -> str:
    """A part of a multi-part question ("who dissented?") with the dates the whole question names and the part
    leaves out ("who dissented? (september 2024)"), so it is read against the same meetings."""
    missing = [d for d in parse_filter(question, []).named_dates if d not in part.lower()]
    return f"{part} ({', '.join(missing)})" if missing else part
