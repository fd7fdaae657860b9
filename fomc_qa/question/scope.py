"""What the statements and minutes can answer, as one rule that can be explained to a user.

The documents record FOMC facts as of each meeting: decisions, rates the Fed administers, the
balance sheet, votes, and what the Committee, its participants and its staff said. They do not
record today's data or prices, another economy's statistics, or anyone's private life. So:

1. a request for advice or for a person's private affairs is out of scope;
2. a question about the present ("current", "now", "today") is in scope only when its subject is
   an FOMC fact (the range, the rates, the balance sheet, a vote, the statement): "the current
   target range" is the latest meeting's range, "China's current GDP growth" is not on record;
3. a question about the future (the next or an upcoming meeting, what the Fed or the economy "will" do,
   a request to predict or forecast, a year after the index) is out unless it asks what the documents
   said ("What did participants expect for inflation next year?" in a named meeting's minutes stays);
4. a statistic of another economy, or another central bank's decision or vote, is out unless the
   question asks what the documents said about it ("What did the minutes say about China's economy
   in 2020?" stays answerable);
5. a market price or index level (the S&P 500's close, Bitcoin, a stock) is out unless the question
   asks what the documents said about it ("how did the manager describe equity prices?") or how it moved over a
   recorded month ("what happened to the VIX after SVB failed in March 2023?", which the minutes' review reports);
6. a meeting outside the indexed ones ("the December 2018 meeting", "the March 2019 statement") is out,
   and so is a year outside them, unless the question asks what the documents said about it ("What did
   the minutes say about the 2017-19 runoff?" stays answerable);
7. another body's acts are out unless the question asks what the documents said about them: the Board's bank
   regulation and supervision (stress tests, capital rules and surcharges, the SLR, enforcement), and Congress's or
   the Senate's (bills, votes, confirmations). The FOMC does not decide them, so its records do not hold them
   ("Which banks failed the 2024 stress test?" is out; "What did participants say about bank capital?" stays);
8. the weather ("Was it snowing in Washington on the day of the decision?") is out unless the question asks what the
   documents said about it or its economic effects ("Did hurricanes distort the October 2024 payrolls?" stays);
9. a counterfactual ("If the FOMC had hiked 75 bp instead, would inflation have peaked earlier?") is out unless it
   asks what the documents said: the records hold what was decided and said, not what another decision would have
   done ("What size of increase would some participants have favored, according to the minutes?" stays);
10. what an official said outside the meeting's documents (a press conference, a speech, testimony, an interview)
   is out unless the question asks what the statement or minutes said ("What did the minutes say about the Chair's
   press conference?" stays).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from fomc_qa.question.dates import NEIGHBOUR, month_meetings, parse_filter
from fomc_qa.question.lexicon import QUOTED
from fomc_qa.question.shorthand import plain_question
from fomc_qa.text.months import month_number

_W = re.IGNORECASE
_PRESENT = re.compile(
    r"\b(?:current(?:ly)?|now|today(?:'s)?|right now|at the moment|presently|at present|as of today"
    r"|this (?:week|month|morning|year)|so far this year|year[- ]to[- ]date|yesterday|last (?:week|month|quarter)"
    r"|real[- ]time|live)\b", _W)
_FOMC_SUBJECT = re.compile(
    r"\b(?:fomc|fed(?:'s)?|federal reserve|committee(?:'s)?|federal funds|fed funds|target range|policy rate"
    r"|policy stance|stance of (?:monetary )?policy|monetary policy|iorb|ioer|reserve balances|reverse repo\w*|rrp"
    r"|discount rate|primary credit|balance sheet|holdings|runoff|asset purchases|statement|minutes|vot\w+"
    r"|dissent\w*|members?|participants|chair|governors?|guidance|decisions?|meetings?|interest rates?"
    r"|rate (?:hikes?|cuts?|increases?|decreases?)|rates"
    r"|(?:easing|tightening|hiking|cutting) (?:cycle|campaign))\b", _W)
# Rates the FOMC does not set: "current mortgage rates" are market data, not FOMC records.
_MARKET_RATE = re.compile(
    r"\b(?:mortgage|bond|treasury|deposit|savings|loan|exchange|swap|libor|sofr|market|credit card|prime|cd)"
    r"(?: interest)? rates?\b|\byields?\b|\beffective (?:federal|fed) funds\b|\beffr\b|\bsofr\b|\bprinting\b", _W)
_FUTURE = (
    r"^\s*(?:will|is|are) (?:the )?(?:fed|fomc|federal reserve|committee)\b.*\b(?:next|upcoming|coming|future)\b"
    r"|\b(?:next|upcoming|coming) (?:fomc |policy )?meeting\b|\bwill the (?:fed|fomc|federal reserve|committee)\b"
    r"|\bwho will\b|\bnext (?:fed )?(?:vice )?chair\b|\bsuccessor\b"
    r"|\b(?:going to|will|set to|expected to|likely to|poised to)\s+(?:succeed|replace|take over|become|be named"
    r"|be nominated|be appointed)\b|\bwill\b.*\b(?:in|by|during) (?:{future})\b"
    r"|\b(?:going to|expected to|likely to) (?:cut|raise|hike|lower|hold)\b.*\b(?:next|{future})\b")
# "In July 2024, what did most expect for the next meeting?": a future seen from a recorded meeting, in the past
# tense, is what the documents said then.
# A meeting the question picks out by what happened there ("the last meeting whose statement called inflation
# transitory", "the first meeting at which ...") is recorded too: "What replaced that language at the next meeting?"
_RECORDED_PAST = (
    r"^(?!.*\b(?:will|going to)\b)(?=.*\b(?:{recorded})\b|.*\b(?:last|first|final) (?:fomc )?(?:meeting|statement)"
    r" (?:whose|where|at which|in which|that|to)\b)"  # "when did the 2022 statement say purchases would end"
    r".*\b(?:did|was|were|had|expected|anticipated|foresaw|decided|happened|came|took|previewed|replaced)\b")
# The asker's own forecast request: "Predict the funds rate in 2027", "What will inflation be next year?",
# "Is a recession coming in 2026?" (out unless the question asks what the documents said).
_FORECAST = (
    r"^\s*(?:please )?(?:predict|forecast|project|estimate|guess)\b"
    r"|\b(?:what|how(?: \w+)?|when|where|which) will\b|\bwill there be\b"
    r"|\b(?:in|by|during|for|through) (?:{future})\b|\bcoming in (?:{future})\b")
_FOREIGN = re.compile(
    r"\b(?:china|chinese|japan(?:ese)?|euro ?(?:area|zone)|europe(?:an)?|germany|german|france|french|italy"
    r"|united kingdom|uk|britain|british|canada|canadian|mexico|mexican|india|indian|brazil|russia|korea"
    r"|australia|switzerland|swiss|ecb|boj|bank of (?:england|japan|canada)|pboc)\b", _W)
_STATISTIC = re.compile(
    r"\b(?:gdp|growth rate|inflation rate|unemployment rate|policy rate|interest rate|stock market"
    r"|yields?(?! curve control)|exchange rate|currency|prices?|deficit|debt|population)\b", _W)
_REPORTED = re.compile(
    r"\b(?:say|said|says|describ\w*|discuss\w*|(?<!treasury )(?<!year )(?<!bill )not(?:e|ed)|view\w*|assess\w*"
    r"|mention\w*|according to|report\w*"
    r"|characteri\w*|minutes|statement|staff|participants|members|committee"
    r"|look\w* (?:at|into)|consider\w*|examin\w*|stud(?:y|ied)|review\w*|weigh\w*|flag\w*|cit(?:e|ed)|debat\w*"
    r"|deliberat\w*|talk\w* (?:about|of)|comment\w*|address\w*|touch\w* on|br(?:ing|ought) up|warn\w*"
    r"|highlight\w*|point\w* to|acknowledg\w*)\b", _W)
_OTHER_CENTRAL_BANK = re.compile(
    r"\b(?:ecb|european central bank|boj|bank of (?:england|japan|canada|korea)|pboc|people's bank of china|snb"
    r"|swiss national bank|reserve bank of (?:australia|india|new zealand)|bundesbank|governing council"
    r"|monetary policy committee|riksbank|norges bank|banxico|rbi|rba|rbnz|boe|bcb|sarb|bank of mexico"
    r"|(?:people's )?bank of china)\b", _W)
_DECISION_OR_VOTE = re.compile(r"\b(?:decid\w*|decision|vot\w*|oppos\w*|dissent\w*|cut|hike|rais\w*|lower\w*|"
                               r"rate|rates)\b", _W)
_MARKET_LEVEL = re.compile(
    r"\b(?:s&p ?500|s&p|dow jones|dow|nasdaq|russell 2000|vix|bitcoin|ethereum|crypto\w*|gold price|price of gold"
    r"|oil price|price of oil|stock price|share price|closing (?:level|price)|closed at|close of trading|trading at"
    r"|market cap\w*|(?:yields?|prices?|index|level|stocks?|shares?|dollar)\s+clos\w+|clos(?:e|ed|ing)\s+(?:on|at)"
    r"|(?:at|by) the (?:market )?close|market close|end[- ]of[- ]day|intraday"
    r"|(?:yields?|stocks?|equities|prices?|dollar|index|spreads?|markets?)\b[^.?]{0,60}\b(?:on|in|during) the"
    r" (?:afternoon|morning|hours?|minutes) (?:of|after))\b",
    _W)
# Asking what the FOMC's documents said (about the ECB, about equity prices), not for the fact itself.
_SPEECH = (r"say|said|says|describ\w*|discuss\w*|not(?:e|ed)|view\w*|mention\w*|report\w*|talk\w* (?:about|of)"
           r"|comment\w*|address\w*|touch\w* on|br(?:ing|ought) up|warn\w*|highlight\w*|acknowledg\w*")
_ASKS_DOCUMENTS = re.compile(r"\b(?:minutes|statement|staff|participants|fomc|committee|manager|desk|fed)\b.{0,60}"
                             rf"\b(?:{_SPEECH})\b"
                             r"|\b(?:say|said|describ\w*|discuss\w*|not(?:e|ed)|mention\w*)\b.{0,60}"
                             r"\b(?:minutes|statement|staff|participants|fomc|committee)\b"
                             r"|\b(?:according to|per|in|from) (?:the )?(?:fed's |fomc's |federal reserve's )?"
                             r"(?:minutes|statements?|manager's report)\b", _W)
_PRIVATE = re.compile(
    r"\b(?:should|could|can|must) (?:i|we|you) (?:buy|sell|short|invest|purchase)\b"
    r"|\b(?:what|which) (?:\w+ ){0,3}(?:to buy|to sell|to short|to invest in)\b"
    r"|\binvestment advice\b|\bshould (?:i|we)\b|\b(?:is it|would it be) (?:a )?(?:good|wise|smart)\b"
    r"|\bmy (?:mortgage|savings|portfolio|money|investments?|loans?|debts?|retirement|401\(?k\)?|house|home|car|"
    r"credit|stocks?|bonds?|deposits?|job)\b"
    r"|\b(?:personal|private|his|her) (?:net worth|wealth|fortune|finances|salary|income|portfolio|investments"
    r"|life|family|health|address|phone)\b"
    r"|\b(?:married|wife|husband|spouse|children|kids|birthday|hobbies|favou?rite|hometown|religio\w*)\b"
    r"|\bhow old\b|\b(?:his|her) age\b|\bwhere (?:was|is) \w+(?: \w+)? born\b|\bpolitical party\b"
    r"|\b(?:go|went) to (?:college|school|university)\b|\b(?:law|graduate|business|medical|high) school\b"
    r"|\balma mater\b|\b(?:graduat\w*|(?:a |his |her )?degrees?) (?:from|in)\b|\b(?:stud(?:y|ied)|educated) at\b"
    r"|\bgrow up\b|\bgrew up\b|\bborn\b|\bbiograph\w*|\b(?:university|college|school)\b.{0,40}\battend\w*"
    r"|\battend\w* (?:college|university|school)\b"
    r"|\bshould (?:a|an|someone|somebody|people|one|investors?|savers?|retirees?|households?|consumers?"
    r"|borrowers?|(?:home)?buyers?|homeowners?|families|businesses)\b|\bhow much (?:\w+ ){0,3}should\b"
    r"|\bis (?:now|this|it) (?:a |the )?(?:good|bad|right|wrong) time to\b"
    r"|\bbest (?:way|time|place) to (?:invest|save|buy|sell|borrow)\b|\bsalar(?:y|ies) (?:of|as|for)\b"
    r"|\bhow much (?:does|did|is|was) (?:\w+ ){1,4}(?:paid|earn|make)\b"
    r"|\b(?:eat|eats|ate|lunch|dinner|breakfast|drinks?|wears?|wore|vacation\w*|pets?|dogs?|sleeps?|slept|gym"
    r"|hobby)\b|\bwhere (?:does|did) \w+(?: \w+)? live\b", _W)
# A named person's possessions ("Jerome Powell's net worth"); "household net worth" stays in scope.
_PERSONS = re.compile(
    r"\b[A-Z][a-z]+(?:'s|’s) (?:net worth|wealth|fortune|salary|income|portfolio|investments|stock(?! prices?\b))"
    r"|\b(?!(?:Fed|Committee|Board|System|Reserve|Desk|Treasury|Bank|Government)\b)[A-Z][a-z]+(?:'s|’s) "
    r"(?:[a-z]+ ){1,2}(?:net worth|wealth|fortune|salary|pay|compensation)\b")
# Rule 8: the weather on a day.
_WEATHER = re.compile(r"\b(?:snow\w*|rain(?:s|ed|ing|fall|y)?|weather|temperatures?|sunny|cloudy|storm\w*|hurricanes?"
                      r"|heat ?waves?|blizzards?|umbrella)\b", _W)
# Weather as an economic factor ("did hurricanes distort the October 2024 payrolls?") is what the staff reviews report.
_WEATHER_EFFECT = re.compile(r"\b(?:payrolls?|employment|jobs?|hiring|claims|data|activity|spending|production|output"
                             r"|gdp|inflation|prices|sales|distort\w*|affect\w*|effects?|disrupt\w*|impact\w*"
                             r"|damp\w*|boost\w*|weigh\w*)\b", _W)
# Rule 9: a counterfactual premise ("If the FOMC had hiked 75 bp instead ...", "what would have happened if ...").
_COUNTERFACTUAL = re.compile(
    r"^\s*(?:if|suppose|supposing|imagine|assuming)\b[^?]{0,120}\bhad\b|^\s*had (?:the )?(?:fed|fomc|committee)\b"
    r"|\bwhat if\b|\bwhat would (?:have )?happen\w*\b|\bhypothetical(?:ly)?\b|\bcounterfactual\b", _W)


# The Summary of Economic Projections is its own release, not in the index: its figures ("the median dot for 2026")
# are not on record here, though the minutes discuss the projections in words.
# Rule 10: what officials said outside the meeting's documents (a press conference, a speech, testimony, an
# interview) is not indexed, unless the question asks what the statement or minutes said about it.
_OTHER_SPEECH = re.compile(
    r"\b(?:press|news) conferences?\b|\bpressers?\b|\bpress briefings?\b|\bspeech(?:es)?\b|\btestimony\b"
    r"|\btestif\w+|\binterviews?\b|\b(?:told|remarks to|said to|briefed|spoke to) (?:the )?(?:reporters|journalists"
    r"|the press|the media)\b|\bq ?& ?a\b|\bquestion-and-answer\b"
    r"|\bop-?eds?\b|\bpodcasts?\b|\bjackson hole\b|\bhumphrey[- ]hawkins\b|\bsemiannual monetary policy report\b", _W)
# "the minutes", "the statement", "the postmeeting statement": the documents; not "his opening statement at the
# press conference" nor "the post-meeting presser"
_NAMES_DOCUMENTS = re.compile(r"\bminutes\b|(?<!opening )\bstatements?\b", _W)
_SEP_FIGURE = re.compile(
    r"\b(?:dot plot|dots?|median (?:fomc |participants?(?:'s|')? )?(?:dot|projection)s?)\b"
    r"|\b(?:summary of economic projections|sep)\b.{0,60}\b(?:median|projected (?:path|level))\b"
    r"|\bmedian\b.{0,80}\bin the (?:\w+ \d{4} )?(?:summary of economic projections|sep)\b", _W)


# "What happened to the VIX after SVB failed in March 2023?": how a market moved over a recorded month is what the
# minutes' review of financial developments reports; a level on a day ("where did the S&P 500 close on March 16,
# 2020?") or today's is a price, not an FOMC record.
_MARKET_MOVE = re.compile(r"\b(?:happen\w*|mov(?:e|ed|es|ing)|react\w*|respond\w*|r[io]se|rising|fell|fall\w*"
                          r"|jump\w*|surg\w*|spik\w*|declin\w*|drop\w*|plung\w*|soar\w*|rall(?:y|ied)|sell-?off"
                          r"|swing\w*)\b", _W)
_ON_A_DAY = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b"
                       r"|\bclosing (?:level|price)|\bclosed at|\bclose of trading|\btrading at"
                       r"|\bclos(?:e|ed|ing)\s+(?:on|at)\b"
                       r"|\b(?:at|by) the (?:market )?close\b|\bmarket close\b|\bend[- ]of[- ]day\b|\bintraday\b"
                       r"|\b(?:on|in|during) the (?:afternoon|morning|hours?|minutes) (?:of|after)\b", _W)
# "after Silicon Valley Bank failed": a move anchored to a past event, as the minutes report it, not today's level.
_PAST_EVENT = re.compile(r"\b(?:after|following|when|once)\s+(?:[\w'&.-]+\s+){1,5}?"
                         r"(?:failed|collapsed|blew up|went under|broke|began|started|ended|hit|struck|invaded"
                         r"|was announced|were announced)\b", _W)
_HOW_FAR = re.compile(r"\bhow (?:high|low|far|much)\b[^?]*\b(?:did|had)\b|\b(?:did|had)\b[^?]*\bhow (?:high|low|far)\b"
                      r"|\bhow (?:high|low|far) did\b", _W)
_RECORDED_DATE = (r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{{1,2}},?\s+)?"
                  r"(?:{recorded})\b")


# Rule 7: the Board's regulation and supervision of banks, and the legislature's acts.
_REGULATION = re.compile(
    r"\bstress[- ]tests?\b|\bstress capital buffers?\b|\bcapital (?:requirements?|rules?|surcharges?|buffers?"
    r"|plans?)\b|\bsurcharges?\b|\bbasel\b|\b(?:final|proposed) rules?\b|\brulemaking\b"
    r"|\b(?:supplementary )?leverage ratio\b|\bslr\b|\benforcement actions?\b|\bconsent orders?\b|\bccar\b"
    r"|\b(?:living wills?|resolution plans?)\b|\bsupervisory (?:ratings?|findings|letters?)\b"
    r"|\bbank (?:examinations?|exams?)\b", _W)
_LEGISLATURE = re.compile(
    r"\b(?:senate|house of representatives|congress(?:ional)?|lawmakers|legislators?)\b.{0,60}"
    r"\b(?:vot\w*|confirm\w*|pass\w*|approv\w*|bills?|enact\w*|hearings?|appropriat\w*)\b"
    r"|\b(?:vot\w*|confirm\w*|pass\w*|approv\w*|bills?|enact\w*)\b.{0,60}"
    r"\b(?:senate|house of representatives|congress(?:ional)?|lawmakers|legislators?)\b", _W)


@dataclass(frozen=True)
class _Eras:
    """Rules 2 and 3's patterns that name years, filled with the index's: "recorded" years are those of the indexed
    meetings, "future" ones come after the last (without an index, this year and later)."""

    future: re.Pattern[str]
    recorded_past: re.Pattern[str]
    forecast: re.Pattern[str]
    recorded_date: re.Pattern[str]


@lru_cache(maxsize=8)
def _eras(first: int, last: int) -> _Eras:
    years = {"recorded": "|".join(str(y) for y in range(first, last + 1)),
             "future": "|".join(str(y) for y in range(last + 1, 2100))}
    return _Eras(*(re.compile(p.format(**years), _W) for p in (_FUTURE, _RECORDED_PAST, _FORECAST, _RECORDED_DATE)))


def _eras_of(meetings: Sequence[dt.date]) -> _Eras:
    if meetings:
        return _eras(min(meetings).year, max(meetings).year)
    this_year = dt.date.today().year
    return _eras(this_year - 100, this_year - 1)


# "Oct 2025: why did the FOMC decide to end QT on Dec 1, and where will agency MBS paydowns be reinvested?": what a
# recorded meeting decided or announced for later is in its statement, however the question's tense runs.
_DECIDED_THEN = re.compile(r"\b(?:decid\w*|decision|announc\w*|plan(?:s|ned)?|intend\w*|agreed)\b", _W)


def _plan_of_record(question: str, eras: _Eras, meetings: Sequence[dt.date]) -> bool:
    """The question asks what a recorded meeting decided for later ("where will ... be reinvested?"), naming that
    meeting and no year after the index."""
    last = max(meetings).year if meetings else dt.date.today().year - 1
    later = any(int(y) > last for y in re.findall(r"\b(20\d\d)\b", question))
    return bool(eras.recorded_date.search(question)) and bool(_DECIDED_THEN.search(question)) and not later


def out_of_scope(question: str, meetings: Sequence[dt.date] = ()) -> str | None:
    """The reason the documents cannot answer the question, or None when they may. Which years are past and which
    are future comes from the indexed `meetings`; what the question quotes is the documents' words, not its own."""
    question = QUOTED.sub("the phrase", plain_question(question))  # the documents' words: their "will" is no future
    eras = _eras_of(meetings)
    if _SEP_FIGURE.search(question) and not _ASKS_DOCUMENTS.search(question):
        return "the Summary of Economic Projections' figures are a separate release, not in the index"
    if _OTHER_SPEECH.search(question) and not _NAMES_DOCUMENTS.search(question):
        return ("press conferences, speeches, testimony and interviews are not in the index, which holds the FOMC's "
                "statements and minutes")
    if _PRIVATE.search(question) or _PERSONS.search(question):
        return "advice or private matters are not FOMC records"
    future = eras.future.search(question) and not eras.recorded_past.search(question)
    if future or (eras.forecast.search(question) and not _ASKS_DOCUMENTS.search(question)
                  and not _plan_of_record(question, eras, meetings)):
        return "the documents record past meetings, not future decisions"
    # "May 2025 staff outlook: what were tariffs expected to do to inflation this year?": "this year" is the named
    # meeting's, so a question that names a recorded month or year is not about today
    present = _PRESENT.search(question) and not eras.recorded_date.search(question)
    if present and (not _FOMC_SUBJECT.search(question) or _MARKET_RATE.search(question)):
        return "today's data and prices are not FOMC records; the index holds what the FOMC said at its meetings"
    reported = _REPORTED.search(question)
    if _FOREIGN.search(question) and _STATISTIC.search(question) and not reported:
        return "another economy's statistics are not FOMC records"
    other_bank = _OTHER_CENTRAL_BANK.search(question) and _DECISION_OR_VOTE.search(question)
    if other_bank and not _ASKS_DOCUMENTS.search(question):
        return "another central bank's decisions and votes are not FOMC records"
    recorded_move = (eras.recorded_date.search(question) or _PAST_EVENT.search(question)) \
        and (_MARKET_MOVE.search(question) or _HOW_FAR.search(question)) and not _ON_A_DAY.search(question)
    if _MARKET_LEVEL.search(question) and not reported and not recorded_move:
        return "market prices and index levels are not FOMC records"
    if (_REGULATION.search(question) or _LEGISLATURE.search(question)) and not reported:
        return "bank regulation and supervision, and Congress's acts, are not FOMC decisions"
    if _WEATHER.search(question) and not reported and not _WEATHER_EFFECT.search(question):
        return "the weather is not an FOMC record"
    if _COUNTERFACTUAL.search(question) and not _ASKS_DOCUMENTS.search(question):
        return "the documents record what was decided and said, not what another decision would have done"
    return None


_MONTH_NAMED = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", _W)


def _beyond_the_ends(q: str, meetings: list[dt.date]) -> str | None:
    """"The meeting after December 2025" when December 2025 is the last indexed meeting (or before the first)."""
    m = re.search(NEIGHBOUR, q)
    if not m:
        return None
    anchor = sorted(month_meetings(meetings, int(m.group(5)), month_number(m.group(3)),
                                    int(m.group(4)) if m.group(4) else None))
    after = m.group(2) in ("after", "following")
    if anchor and ((after and max(anchor) == meetings[-1]) or (not after and min(anchor) == meetings[0])):
        end = "latest" if after else "earliest"
        return f"the {end} indexed meeting is {anchor[-1] if after else anchor[0]:%B %Y}; the one {m.group(2)} it is " \
               f"not in the index"
    return None


def outside_the_index(question: str, meetings: Sequence[dt.date]) -> str | None:
    """Rule 6: why the question's dates lie outside the indexed meetings, or None. Only dates before the
    first indexed year or after the last count: a month with no meeting inside the span is a question
    about that span, which retrieval answers."""
    meetings = sorted(meetings)
    if not meetings:
        return None
    beyond = _beyond_the_ends(question.lower(), meetings)
    if beyond:
        return beyond
    flt = parse_filter(question, list(meetings))
    first, last = meetings[0], meetings[-1]
    # "What did the December 2015 statement say about the first hike since 2006?": every meeting it names is outside
    # the index, whatever span a "since" clause adds
    named_meetings = [int(y) for named in flt.named_dates if _MONTH_NAMED.match(named)
                      for y in re.findall(r"(?:19|20)\d\d", named)]
    if named_meetings and not any(first.year <= y <= last.year for y in named_meetings):
        return f"the index holds the FOMC meetings from {first:%B %Y} to {last:%B %Y}"
    if not flt.names_unindexed_period:
        return None
    years = {int(y) for named in flt.named_dates for y in re.findall(r"(?:19|20)\d\d", named)}
    if not years or any(first.year <= y <= last.year for y in years):
        return None
    names_a_meeting = any(_MONTH_NAMED.match(named) for named in flt.named_dates)
    if not names_a_meeting and _ASKS_DOCUMENTS.search(question):
        return None
    return f"the index holds the FOMC meetings from {first:%B %Y} to {last:%B %Y}"
