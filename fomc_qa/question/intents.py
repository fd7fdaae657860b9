"""What a policy question asks of the record: an intent, a span of meetings, and its qualifiers.

Analysts ask over spans ("how many hikes in 2022", "the last cut", "how did the description of
inflation change over 2024", "who dissented in 2025", "the current range"). Those answers are
computed from the typed record, not read off the five best passages. A question is read with
plain rules over its words: the intent from what it asks for, the span from the dates it names
(`fomc_qa.question.dates`, plus "current/latest/now" = the latest indexed meeting), the
direction of a move, the statement role or administered rate it names. A question no rule claims
is left to ordinary retrieval.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from fomc_qa.question import lexicon as lex
from fomc_qa.question.dates import asks_how_held, month_meetings, parse_filter
from fomc_qa.question.policy_question import Intent, PolicyQuestion
from fomc_qa.question.slots import (
    direction_of,
    mention_term,
    officer_titles,
    range_of,
    replacing_term,
    roles_of,
    size_of,
)
from fomc_qa.text.months import MONTH, MONTH_NUMBERS, YEAR, month_number
from fomc_qa.text.names import is_common, specific_names

_W = re.IGNORECASE


def _span(question: str, meetings: Sequence[dt.date]) -> tuple[list[dt.date], bool]:
    """The meetings the question names (a month-to-month range included; those after "the 2022-23 hikes"), else all
    of them."""
    after = lex.AFTER_YEARS_MOVES.search(question)
    if after:
        last = after.group("last") or after.group("first")
        end = int(last) if len(last) == 4 else int(after.group("first")[:2] + last)
        later = [d for d in meetings if d.year > end]
        if later:
            return later, True
    start = lex.FROM_ON.search(question)
    if start:
        first = month_meetings(list(meetings), int(start.group(2)), month_number(start.group(1)), None)
        if first:
            return [d for d in meetings if d >= min(first)], True
    m = lex.SPAN_RANGE.search(question)
    if m and not lex.CHAIN_GOES_ON.match(question, m.end()):  # "from Feb 2023 to Mar 2023 to May 2023": a list
        y0, m0 = int(m.group(2) or m.group(4)), month_number(m.group(1))
        y1, m1 = int(m.group(4)), month_number(m.group(3))
        first, last = month_meetings(list(meetings), y0, m0, None), month_meetings(list(meetings), y1, m1, None)
        start = min(first) if first else dt.date(y0, m0, 1)
        end = max(last) if last else dt.date(y1 + m1 // 12, m1 % 12 + 1, 1) - dt.timedelta(days=1)
        span = [d for d in meetings if start <= d <= end]
        if span:
            return span, True
    flt = parse_filter(question, list(meetings))
    up_to = lex.UP_TO.search(question)
    if up_to and len(flt.named_dates) == 1:  # "how had that line changed by September 2024?": everything until then
        year, month = int(up_to.group(2)), month_number(up_to.group(1))
        last = month_meetings(list(meetings), year, month, None)
        end = max(last) if last else dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)
        span = [d for d in meetings if d <= end]
        if span:
            return span, True
    present_only = len(flt.named_dates) == 1 and lex.CURRENT.fullmatch(flt.named_dates[0])
    if flt.meetings is not None and not present_only:
        return sorted(flt.meetings), True
    return sorted(meetings), False


def parse_policy_question(question: str, meetings: Sequence[dt.date]) -> PolicyQuestion | None:
    """The record intent of a question, or None when the record is not the place to answer it."""
    q = " ".join(question.split())
    meetings = sorted(meetings)
    if not meetings:
        return None
    if lex.ELSEWHERE.search(q) or asks_how_held(q):
        return None
    span, named = _span(q, meetings)
    if not named and lex.LATEST_MEETING.search(q):  # "at its last meeting": the latest indexed one
        span, named, q = [meetings[-1]], True, lex.LATEST_MEETING.sub("the meeting", q)
    intent, extra = _of_one_meeting(q, *_intent(q, named), named, span)
    cycle = lex.CYCLE.search(q)
    if cycle:
        intent, extra = _in_a_cycle(q, cycle, intent, extra)
    if intent is None:
        return None
    if cycle and named and len(span) == 1 and intent in ("reason", *lex.POINT_INTENTS):
        extra = {**extra, "cycle": None, "after_cycle": False}  # "open the easing cycle in September 2024": that move
    if intent == "compare" and len(span) < 2:  # "Was the July 2023 hike larger than usual?": that one move
        intent = "change" if extra.get("direction") else "decision"
    if intent in lex.POINT_INTENTS and len(span) > 1 and extra.get("edge") not in ("first", "last"):
        span, named = _span(re.sub(r"\b(?:after|following)\b", "at", q, flags=_W), meetings)
    as_of = None
    if not span and named and intent in ("decision", "change", "current", "rate"):
        as_of = _named_day(q)  # "the range on August 1, 2022": set at the last meeting before that day
        before = [d for d in meetings if as_of is not None and d <= as_of]
        span = before[-1:]
        if span and intent != "rate":
            intent, extra = "current", {**extra, "edge": "as_of"}
    if intent == "change" and len(span) > 1 and named:  # "By how much did rates rise from March 2022 to July 2023?"
        intent, extra = "count", {**extra, "also_size": True}
    if intent == "redline" and len(span) == 1:  # "What changed in the March 2023 statement?": against the one before
        span = [d for d in meetings if d < span[0]][-1:] + span
    if not span:
        return None
    if intent in ("first", "last", "largest", "smallest") and named and len(span) == 1 \
            and (intent in ("largest", "smallest") or not extra.get("cycle")) and re.search(rf"\b{MONTH}\b", q, _W):
        intent = "decision"  # "resume cutting in September 2025", "the jumbo cut in September 2024": that move
    if as_of is not None:
        extra["as_of"] = as_of
    event = lex.EVENT.search(q)
    if event and intent in ("first", "count") and not named:
        extra["after_kind"] = direction_of(event.group(1))
        named = True
    if intent == "current" and extra.get("edge"):
        span = [span[-1]] if extra["edge"] == "end" else [span[0]]
    elif intent == "role" and named and len(span) > 1 and (lex.SPAN_END.search(q) or lex.SPAN_START.search(q)):
        span = [span[-1]] if lex.SPAN_END.search(q) else [span[0]]  # "the guidance at the end of 2023"
    elif extra.get("edge") in ("high", "low") and lex.CURRENT.search(q):  # "peak level, and where is it now?"
        extra["also_current"] = True
    elif intent == "current" or (intent in lex.POINT_INTENTS and not named and lex.CURRENT.search(q)
                                 and extra.get("edge") not in ("first", "last")) \
            or (intent == "officer" and not named and re.search(r"\b(?:is|are)\b", q, _W)):
        span = [meetings[-1]]
    if len(span) == 1 and intent in ("compare", "change", "decision") and extra.get("direction") != "maintain" \
            and lex.PREVIOUS_MOVE.search(q):
        intent, extra = "compare", {**extra, "versus_previous": True}
    yes_no = bool(re.match(r"\s*(?:did|was|were|has|have|is|does|do)\b", q, _W))
    if yes_no and intent == "decision" and extra.get("direction") and len(span) > 1:
        intent = "count"  # "Has the Fed cut rates this year?": how many such moves, Yes or No
    peak = lex.SINCE_EXTREME.search(q)
    if peak and intent in ("count", "decision", "change", "first", "last", "largest", "smallest"):
        extra["since_extreme"] = "low" if peak.group(1).lower() in ("trough", "bottom", "low", "lows") else "high"
        intent = "count" if intent in ("decision", "change") else intent
    by_months = named and bool(re.search(rf"\b{MONTH}\b", q, _W))
    return PolicyQuestion(intent=intent, meetings=tuple(span), named_span=named, by_months=by_months, yes_no=yes_no,
                          presumed=None if yes_no or len(span) != 1 else presumed_move(q), **extra)


def _of_one_meeting(q: str, intent: Intent | None, extra: dict, named: bool,
                    span: list[dt.date]) -> tuple[Intent | None, dict]:
    """A first/last mention or a run counted within one named meeting says nothing ("the only one that did", "the
    longest run of holds was one meeting"): a quoted phrase of that statement ("the November 2022 statement added
    'sufficiently restrictive': why?") is its own text, for the passages; a why of a run ("Jan '25: why pause after
    three straight cuts?") is read again without the clause naming the event."""
    if not named or len(span) != 1:
        return intent, extra
    if intent == "mention" and extra.get("edge") != "count":
        return None, {}
    if intent == "count" and extra.get("streak") and lex.WHY.search(q):
        main = lex.EVENT_CLAUSE.sub(" ", q).strip()
        again = _intent(main, named) if main != q else (None, {})
        return again if not again[1].get("streak") else (None, {})
    return intent, extra


def _in_a_cycle(q: str, cycle: re.Match[str], intent: Intent | None, extra: dict) -> tuple[Intent | None, dict]:
    """A question naming a hiking or easing cycle: its kind of move, and for "the first cut after the 2022-23 hiking
    cycle" the meetings after the cycle, not the cycle's own."""
    after_cycle = bool(lex.AFTER.search(q[:cycle.start()]))
    kind = "raise" if cycle.group(1) else "lower"
    extra = {**extra, "cycle": kind, "after_cycle": after_cycle}
    if not after_cycle and (intent is None or intent == "current"
                            or (intent == "decision" and not extra.get("direction"))):
        rest = q[:cycle.start()] + q[cycle.end():]
        rest = lex.CYCLE_DATED.sub(" ", rest)  # "the cycle that began in 2022": which cycle, not what is asked
        intent = "last" if lex.CYCLE_END.search(rest) and not lex.CYCLE_BEGIN.search(rest) else \
            "first" if lex.CYCLE_BEGIN.search(rest) else "count"
        extra = {**extra, "also_size": intent == "count"}
    if intent in ("first", "last", "count", "largest", "smallest") and not extra.get("direction") and not after_cycle:
        extra["direction"] = kind
    return intent, extra


def presumed_move(q: str) -> str | None:
    """The one move a question takes as done at its meeting ("raise" / "lower"), or None: one named plainly, neither
    negated, hypothetical nor placed against another move (`lex.NOT_PRESUMED`)."""
    raised, cut = lex.PRESUMED_RAISE.search(q), lex.PRESUMED_CUT.search(q)
    if bool(raised) == bool(cut) or lex.NOT_PRESUMED.search(q):
        return None
    return "raise" if raised else "lower"


def _named_day(q: str) -> dt.date | None:
    """The day a question names ("August 1, 2022"), or the last day of the month it names ("in August 2022")."""
    m = re.search(rf"\b{MONTH}\s+(\d{{1,2}}),?\s+{YEAR}\b", q, _W)
    if m:
        try:
            return dt.date(int(m.group(3)), month_number(m.group(1)), int(m.group(2)))
        except ValueError:
            return None
    m = re.search(rf"\b{MONTH}\s+(?:of\s+)?{YEAR}\b", q, _W)
    if m:
        year, month = int(m.group(2)), month_number(m.group(1))
        return dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)
    return None


def _dissent_side(q: str) -> str | None:
    easier, tighter = bool(lex.EASIER.search(q)), bool(lex.TIGHTER.search(q))
    return "easier" if easier and not tighter else "tighter" if tighter and not easier else None


def _person(q: str) -> str | None:
    """The surname of the first name the question gives (`fomc_qa.text.names`), for votes and dissents."""
    names = specific_names(q)
    if names:
        return names[0].split()[-1].capitalize()
    # a name that opens a sentence ("Mester voted no ...") is not told from a capitalized word by its case
    opening = re.findall(r"(?:^|[.?!]\s+)([A-Z][a-z]+)\b", q)
    return next((w for w in opening if not is_common(w) and w.lower() not in lex.VERBS_AND_NOUNS), None)


def _asks_first_and_last(q: str) -> bool:
    """"When did 'X' enter the statement, and when was it last used?": one part asks for the first, another for the
    last ("when did it first drop X" asks for one edge)."""
    parts = re.split(r",?\s+and\s+|[?;]\s*", q)
    return any(lex.MENTION_FIRST.search(a) and not lex.MENTION_LAST.search(a) for a in parts) and \
        any(lex.MENTION_LAST.search(b) and not lex.MENTION_FIRST.search(b) for b in parts)


def _intent(q: str, named: bool) -> tuple[Intent | None, dict]:
    """Rules in order of specificity; each names what it needs from the question."""
    q = lex.ALL_AGREED.sub("unanimously backed", lex.NO_DISSENT.sub("unanimous", q))
    replacing = replacing_term(q)  # a change between two quoted terms is about wording, named or not
    wording = lex.STATEMENT_WORDS.search(q) or replacing
    term = (replacing or mention_term(q)) if wording and not re.search(r"\bminutes\b", q, _W) else None
    if term:
        kind = ("first" if replacing else "count" if lex.MENTION_COUNT.search(q) else "both" if _asks_first_and_last(q)
                else "last" if lex.MENTION_LAST.search(q) else "first" if lex.MENTION_FIRST.search(q) else None)
        if kind:
            rest = re.sub(re.escape(term), " ", q, flags=_W)
            return "mention", {"term": term, "edge": kind, "roles": roles_of(rest)}
    titles = officer_titles(q)
    if titles and (lex.WHO.search(q) or lex.TOOK_OFFICE.search(q)) and not lex.DISSENT.search(q):
        return "officer", {"titles": titles}
    if lex.ATTEND.search(q) or lex.PERSON_AT_MEETING.search(q):
        return "attendance", {"person": None if lex.WHO.search(q) else _person(q)}
    main = lex.EVENT_CLAUSE.sub("", q).strip() or q  # "... unanimous, before the string of dissents began"
    edge = ("first" if lex.FIRST.search(main) or re.search(r"\bnext (?:dissent|unanim)", q, _W)  # "the next dissent"
            else "last" if lex.LAST.search(main) else None)  # "the last dissent"
    asks_vote = lex.DISSENT.search(main) or re.search(r"\bunanim\w*", main, _W)  # "..., and was it unanimous?"
    if asks_vote and (lex.MOVE_ORDINAL.search(main) or lex.LIFTOFF.search(main)) and not lex.VOTE_ORDINAL.search(main):
        intent, extra = _move_intent(q, named)  # "the year's first cut, and who dissented at it?"
        if intent in ("first", "last"):
            return intent, {**extra, "with_votes": True}
    if asks_vote and named and (lex.SIZE.search(main) or re.search(r"\branges?\b", main, _W)) \
            and not lex.VOTE_ORDINAL.search(main) and not lex.COMPARE.search(main) \
            and not (lex.DISSENT.search(main) and lex.PREFERENCE.search(main)):
        # "Nov 2024: size, range, unanimous?"; not "what hike size and range did the dissenter prefer?" (the
        # dissenter's size, below)
        intent, extra = _move_intent(q, named)
        if intent in ("decision", "change"):  # "Was the September 2024 cut unanimous?": Yes or No is the vote's
            return intent, {**extra, "with_votes": True, "asks_unanimity": bool(re.search(r"\bunanim\w*", main, _W))}
    if lex.DISSENT.search(main):
        most = bool(lex.MOST.search(q))
        side = _dissent_side(q)
        by_meeting = most and bool(re.search(r"\b(?:which|what) (?:[\w-]+ ){0,2}?(?:meeting|decision)s?\b", q, _W))
        return "dissents", {"person": None if most else _person(main), "also_size": bool(lex.COUNT.search(q)),
                            "edge": None if most else edge, "most": most, "by_meeting": by_meeting,
                            "dissent_side": side}
    person = _person(q)
    if person and lex.PREFERENCE.search(q) and not lex.DISCUSSION.search(q):  # "What did Esther George want instead?"
        return "dissents", {"person": person}
    # "the March 23, 2020 notation-vote statement" names a document, not a question about the vote; a vote on a
    # facility, a program or the Desk's transactions is the minutes' (the record holds the policy action's)
    if lex.VOTE.search(re.sub(r"\bnotation[- ]vot\w*", " ", q, flags=_W)) and not lex.DISCUSSION.search(q) \
            and not lex.OTHER_VOTES.search(q):
        unanimous = bool(re.search(r"\bunanim\w*", q, _W))
        return "votes", {"person": person, "edge": edge if unanimous else None,
                         "unanimous": unanimous and bool(lex.COUNT.search(q)), "asks_unanimity": unanimous}
    rates = tuple(name for name, pattern in lex.RATES.items() if pattern.search(q)) \
        or (("iorb", "on_rrp") if lex.ADMINISTERED.search(q) else ())
    # the reader gives the why
    if rates and lex.RATE_LEVEL.search(q) and not lex.DISCUSSION.search(lex.WHY.sub(" ", q)):
        also = bool(re.search(r"\b(?:target range|federal funds|fed funds|what range|how big)\b", q, _W))
        return "rate", {"rates": rates, "with_decision": also, **_rate_ordinal(q)}
    roles = tuple(r for r in roles_of(q) if r != "balance_sheet")
    statement_talk = bool(re.search(r"\bstatements?\b|\bdescri\w*|\bcharacteri\w*|\blanguage\b|\bwording\b|\bread\b",
                                    q, _W))
    # The record holds the statement's sentences; a question about the minutes' discussion is the passages'.
    about_minutes = re.search(r"\bminutes\b", q, _W) and not re.search(r"\bstatements?\b", q, _W)
    if about_minutes or lex.DISCUSSION.search(q) and not re.search(r"\bstatements?\b", q, _W):
        roles = ()
    # Forward guidance exists only as statement language: its evolution needs no "statement" named.
    statement_talk = statement_talk or "forward_guidance" in roles
    redline = (named and re.search(r"\bstatements?\b", q, _W) and not about_minutes and not lex.DISCUSSION.search(q)
               and not lex.BALANCE_SHEET.search(q) and not lex.POLICY_RATE.search(lex.OTHER_RATES.sub(" ", q)))
    if redline and roles and lex.REDLINE_EDITS.search(q):  # "what guidance was dropped and what replaced it?"
        return "redline", {"roles": roles, "edits": _edits_asked(q), "topic": _redline_topic(q)}
    if roles and lex.EVOLUTION.search(q) and (statement_talk or lex.DESCRIBE.search(q)):
        return "evolution", {"roles": roles}
    if roles and statement_talk and (lex.DESCRIBE.search(q) or named or lex.CURRENT.search(q)) \
            and not lex.DISCUSSION.search(q):
        return "role", {"roles": roles}
    if redline and not roles and lex.REDLINE.search(q):
        # "What changed in the statement from February to March 2023?"
        return "redline", {"edits": _edits_asked(q), "topic": _redline_topic(q)}
    return _move_intent(q, named)


def _rate_ordinal(q: str) -> dict:
    if lex.PEAK.search(q):
        return {"edge": "low" if re.search(r"\b(?:lowest|minimum|trough)\b", q, _W) else "high"}
    edge = "first" if lex.FIRST.search(q) else "last" if lex.LAST.search(q) else None
    if edge is None or not lex.RATE_CHANGE.search(q):
        return {}
    level, direction = lex.RATE_FROM.search(q), direction_of(q)
    found = {"edge": edge, "direction": direction if direction in ("raise", "lower") else None}
    if level:
        found["rate_from"] = 0.0 if level.group(1) else float(level.group(2))
    return found


def _redline_topic(q: str) -> tuple[str, ...]:
    """What a redline question asks about, as words an edited sentence would say: the question's words less those
    saying how it asks (`lexicon.REDLINE_ASKING`), dates and numbers ("the 'additional policy firming' sentence" ->
    additional, policy, firming)."""
    words = re.findall(r"[a-z][a-z'-]+", q.lower())
    return tuple(dict.fromkeys(w.strip("'") for w in words if w.strip("'") not in lex.REDLINE_ASKING
                               and w not in MONTH_NUMBERS and len(w) > 2))


def _edits_asked(q: str) -> str | None:
    """Which edits a redline question asks for first: "removed" ("what was dropped") or "added" ("what was new",
    "what replaced it"), "both" ("what did it drop, and what replaced it?"), None for neither."""
    removed = re.search(r"\b(?:dropp?\w*|remov\w*|delet\w*|no longer|cut out|struck)\b", q, _W)
    added = re.search(r"\b(?:add\w*|new|showed up|appear\w*|introduc\w*|insert\w*|replac\w*|instead"
                      r"|in (?:its|their) place|took (?:its|their) place)\b", q, _W)
    return "both" if removed and added else "removed" if removed else "added" if added else None


def _count_qualifiers(q: str, qualifiers: dict) -> dict:
    """A count's qualifiers: the total too when asked, a run or an average; "the total reduction from the 1-1/2 to
    1-3/4 percent range" names where the total starts, not which moves count."""
    total = bool(re.search(r"\btotal\b|\bcumulative\w*", q, _W))
    if total and qualifiers["at_range"] and lex.FROM_RANGE.search(q):
        qualifiers = {**qualifiers, "at_range": None, "from_range": False}
    return {**qualifiers, "also_size": bool(lex.SIZE.search(q)) or total, "streak": bool(lex.STREAK.search(q)),
            "average": bool(lex.AVERAGE.search(q))}


def _about_policy_rate(q: str) -> bool:
    """Whether the question names the policy rate, not only another rate ("the unemployment rate") or an administered
    one ("a single interest rate on reserve balances")."""
    rest = lex.OTHER_RATES.sub(" ", q)
    for pattern in lex.RATES.values():
        rest = pattern.sub(" ", rest)
    return bool(lex.POLICY_RATE.search(rest))


def _reported(q: str) -> bool:
    """Whether what the question asks is a minutes speaker's report (`lex.REPORTED_BY`): named in its opening
    clause ("Per the manager's report, ..."), or in every clause that names a move or the policy rate ("How many
    hikes were there in 2022, and what did the staff forecast?" still asks the record for the count)."""
    if lex.REPORTED_BY.search(re.split(r"[,:]", q, maxsplit=1)[0]):
        return True
    clauses = re.split(r"[?;]|,?\s+and\s+", q)
    return any(lex.REPORTED_BY.search(c) for c in clauses) \
        and all(lex.REPORTED_BY.search(c) or not (lex.MOVE.search(c) or _about_policy_rate(c)) for c in clauses)


def _asks_the_moves_size(q: str) -> bool:
    """"how big was the move?": the size of the policy move, not one a member wanted, nor a discussion's."""
    return bool(lex.SIZE_ASKED.search(q) and lex.A_MOVE.search(q)) and not (
        lex.DISCUSSION.search(q) or lex.PREFERENCE.search(q) or re.search(r"\bwant\w*\b", q, _W))


def _move_intent(q: str, named: bool) -> tuple[Intent | None, dict]:
    """Counts, first/last, current, size and decision questions about the target range (or, for a
    balance-sheet question, the statement's balance-sheet sentences)."""
    if _reported(q):
        return None, {}
    about_rate = _about_policy_rate(q)
    direction = direction_of(q)
    names_range = re.search(r"\b(?:target range|federal funds|fed funds|policy rate|ffr|range)\b", q, _W)
    if named and about_rate and lex.BALANCE_SHEET.search(q) and (lex.ASKS_DECISION.search(q) or names_range) \
            and not lex.DISCUSSION.search(q):
        return "decision", {"direction": direction, "roles": ("balance_sheet",)}  # "about rates and the balance sheet"
    if lex.BALANCE_SHEET.search(q) \
            and not re.search(r"\b(?:federal funds|fed funds|target range|policy rate)\b", q, _W):
        about_minutes = re.search(r"\bminutes\b", q, _W) and not re.search(r"\bstatements?\b", q, _W)
        if lex.DISCUSSION.search(q) or about_minutes or lex.OTHER_DOCUMENT.search(q) \
                or not (named or lex.CURRENT.search(q)):
            return None, {}
        return ("evolution" if lex.EVOLUTION.search(q) else "role"), {"roles": ("balance_sheet",)}
    if lex.UNSCHEDULED.search(q) and not (lex.DISCUSSION.search(q) or lex.OTHER_VOTES.search(q)):
        lists = lex.COUNT.search(q) or re.search(r"\b(?:when|which)\b", q, _W) or not named
        if lists:  # "How many emergency moves were there in 2020?", "When were the unscheduled meetings?"
            return "count", {"unscheduled": True}
        q = lex.UNSCHEDULED.sub(" ", q)  # "the March 15, 2020 emergency meeting: the range?": that meeting's decision
        about_rate = _about_policy_rate(q)
    holds_meetings = direction is None or (direction == "maintain" and lex.HOLD_MEETINGS.search(q))
    if lex.MEETINGS_HELD.search(q) and holds_meetings and not (about_rate or range_of(q) or lex.DISCUSSION.search(q)):
        return "count", {"meetings_held": True}
    asks_why = bool(lex.WHY.search(q)) and not lex.OTHERS_VIEWS.search(q) \
        and not any(p.search(q) for p in lex.RATES.values())
    sized = lex.MOVE_SIZE.search(q) and not _person(q)  # "Sept 2022 75bp", not "Miran's reasons for wanting 50bp"
    if named and (lex.ASKS_DECISION.search(q) or sized) and asks_why and not (about_rate or direction):
        return "reason", {}  # "What did the Fed decide in Sept 2025 and why?", "Sept 2022 75bp - rationale?"
    if named and lex.ASKS_DECISION.search(q) and not lex.DISCUSSION.search(q) and not (about_rate or direction):
        return "decision", {}
    if named and not (about_rate or direction or asks_why) and _asks_the_moves_size(q):
        return "decision", {"asks_move": True}  # "..., and what size was that move?": the decision's line says it
    # a move word with no rate named in a discussion ("when did the staff drop that call?") is no policy move
    if not (about_rate or (direction and lex.MOVE.search(q) and not lex.DISCUSSION.search(lex.WHY.sub(" ", q)))):
        return None, {}
    # A range in the clause a question counts from qualifies a hold ("After reaching 5.25-5.5%, how many meetings
    # did it hold there?"), not a move away from it ("After the March 2020 move to the ELB, when was liftoff?").
    main = lex.EVENT_CLAUSE.sub("", q).strip() or q
    at_range = range_of(main) or (range_of(q) if direction in (None, "maintain") else None)
    qualifiers = {"direction": direction, "size_bp": size_of(q), "at_range": at_range, "why": asks_why,
                  "with_votes": bool(lex.ANYONE_ELSE.search(q)),
                  "from_range": bool(at_range and direction in ("raise", "lower") and lex.FROM_RANGE.search(main))}
    if lex.PEAK.search(q) and (about_rate or lex.DURATION.search(q)) and direction in (None, "maintain") \
            and not lex.DISCUSSION.search(q):  # "How long did the Fed hold at the peak?" too
        return "peak", {"edge": "low" if re.search(r"\b(?:lowest|minimum|trough)\b", q, _W) else "high"}
    if named and lex.COMPARE.search(q) and not lex.DISCUSSION.search(q) and len(parse_filter(q, []).named_dates) >= 2:
        return "compare", {"direction": direction}  # moves the question names by two dates or more
    if lex.DURATION.search(q) and qualifiers["at_range"] is not None:
        return "duration", {"at_range": qualifiers["at_range"]}
    if lex.COUNT.search(q) or lex.STREAK.search(q) or lex.AVERAGE.search(q):
        return "count", _count_qualifiers(q, qualifiers)
    if lex.LARGEST.search(q) or lex.SMALLEST.search(q):
        return ("largest" if lex.LARGEST.search(q) else "smallest"), qualifiers
    if lex.STARTED.search(main) or lex.FIRST.search(q) or (lex.LIFTOFF.search(main) and not lex.LAST.search(q)):
        return "first", qualifiers
    if lex.STOPPED.search(main) or lex.LAST.search(q) or (direction and re.search(r"\blatest\b", q, _W)):
        return "last", qualifiers
    edge = "end" if lex.SPAN_END.search(q) else "start" if lex.SPAN_START.search(q) else None
    if edge and named and about_rate and not direction and not lex.DISCUSSION.search(q):
        return "current", {"edge": edge}
    if lex.CURRENT.search(q) and not named and not lex.DISCUSSION.search(q):
        return "current", {}
    if not named:
        return None, {}
    if lex.SIZE.search(q) and direction:
        return "change", {"direction": direction, "with_votes": qualifiers["with_votes"], "why": asks_why}
    if asks_why:
        return "reason", {"direction": direction}  # the statement's reasons for its decision
    if lex.DISCUSSION.search(q):
        return None, {}
    if direction and lex.PREVIOUS_MOVE.search(q):  # "the September 2024 cut against the previous cut": moves compared
        return "compare", {"direction": direction}
    if about_rate or (direction and lex.FOMC.search(q)):
        return "decision", {"direction": direction, "with_votes": qualifiers["with_votes"],
                            "asks_move": not direction and bool(lex.ANY_MOVE.search(q))}
    return None, {}
