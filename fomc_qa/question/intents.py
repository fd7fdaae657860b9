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
from dataclasses import dataclass

from fomc_qa.policy.numbers import fed_number
from fomc_qa.question.dates import asks_how_held, month_meetings, parse_filter
from fomc_qa.text.months import MONTH, YEAR, month_number
from fomc_qa.text.names import is_common, specific_names

Intent = str  # one of INTENTS
INTENTS = ("mention", "redline", "officer", "attendance", "dissents", "votes", "rate", "evolution", "role", "count",
           "first", "last", "largest", "smallest", "duration", "peak", "current", "compare", "reason", "change",
           "decision")

_W = re.IGNORECASE
_LIFT_OFF = r"lift(?:s|ed|ing)?[- ]?off"  # "liftoff", "lifted off": the first hike after a time at the lower bound
_RAISE = rf"(?:rais\w*|hik\w*|increas\w*|tighten\w*|went up|go up|{_LIFT_OFF}|rise|rises|risen|rose|climb\w*)"
_LOWER = r"(?:cut\w*|lower\w*|reduc\w*|eas(?:e|ed|ing)|decreas\w*|went down|go down|fall|falls|fell|fallen|drop\w*)"
_HOLD = r"(?:hold|holds|held|pause\w*|unchanged|kept|keep\w*|maintain\w*|steady|skip\w*|on hold|leave|left)"
_DIRECTIONS = (("raise", _RAISE), ("lower", _LOWER), ("maintain", _HOLD))
_POLICY_RATE = re.compile(
    r"^\s*range\b|\b(?:target range|(?:the )?range(?=\s*[?,;:])|the range|(?:federal|fed) funds|ffr|policy rate"
    r"|interest rates?|rates?|benchmark rate"
    rf"|borrowing costs|hikes?|{_LIFT_OFF}|rate (?:cuts?|increases?|reductions?))\b", _W)
# Rates that are data, not the policy rate: "the unemployment rate", "mortgage rates", "the inflation rate".
_OTHER_RATES = re.compile(
    r"\b(?:unemployment|inflation|participation|mortgage|exchange|growth|savings?|vacancy|default|delinquency|tax"
    r"|interest on \w+ \w+|loan|deposit|credit card|treasury|bond|market|swap|term|real|neutral|natural)"
    r"[- ]rates?\b|\b(?:rate of (?:inflation|unemployment|growth))\b"
    r"|\b(?:federal|fed) funds (?:volumes?|market|trading|futures|borrowing|lending)\b", _W)  # the market
# "Was the July 2023 hike larger than the May 2023 one?": the moves of the meetings it names, side by side.
_COMPARE = re.compile(r"\b(?:larger|bigger|smaller|greater|more aggressive|less aggressive|same size|as (?:large|big)"
                      r"|compar\w*|versus|vs\.?|differ\w*)\b", _W)
# "Was the Dec 2022 hike smaller than the one before it?": that move against the previous move of its kind.
_PREVIOUS_MOVE = re.compile(
    r"\bthe (?:one|move|hike|cut|increase|reduction|decrease) (?:before|prior to|preceding) (?:it|that|this)\b"
    r"|\bthe (?:previous|prior|preceding) (?:one|move|hike|cut|increase|reduction|decrease"
    r"|meeting's (?:move|hike|cut))\b", _W)
_MOVE = re.compile(rf"\b(?:{_RAISE}|{_LOWER}|{_HOLD}|moves?|changes?|decisions?|actions?)\b", _W)
_RATES = {
    "iorb": re.compile(r"\b(?:iorb|ioer|interest (?:rate )?(?:paid )?on (?:excess |reserve )?(?:reserves|balances)"
                       r"|(?:interest )?rates? (?:paid )?on (?:required (?:and|or) )?excess reserve(?:s| balances)"
                       r"|(?:pays?|paid|paying) on (?:excess |required )?reserve(?:s| balances)"
                       r"|(?:excess )?reserve balances? rate)\b", _W),
    "on_rrp": re.compile(r"\b(?:on rrp|rrp|reverse repo\w*|reverse repurchase)\b", _W),
    "discount_rate": re.compile(r"\b(?:discount rate|primary credit)\b", _W),
    "srf_min_bid": re.compile(r"\b(?:standing repo\w*|minimum bid rate|srf)\b", _W),
}
# "What technical adjustment to administered rates was made?": the rates the Board and the Desk set beside the range.
_ADMINISTERED = re.compile(r"\badministered rates?\b|\btechnical adjustments?\b", _W)
ROLE_WORDS = {
    "inflation": r"inflation|prices?",
    "labor_market": r"labou?r(?:[- ]market)?|employment|unemployment|jobs?|job gains|payrolls|hiring",
    "economic_activity": r"economic activity|(?:the )?economy|growth|activity|output|spending|gdp",
    "risks": r"risks?|uncertain\w*|outlook",
    "forward_guidance": r"guidance|future (?:policy|adjustments|path)|additional adjustments",
    "balance_sheet": r"balance sheet|asset purchases|purchases|runoff|holdings|securities",
}
_EVOLUTION = re.compile(
    r"\b(?:chang\w*|evolv\w*|evolution|shift\w*|differ\w*|compar\w*|revis\w*|progress\w*|over the course of"
    r"|over time|through(?:out)? (?:the year|\d{4})|across|from .{3,40} to)\b", _W)
_DESCRIBE = re.compile(
    r"\b(?:describ\w*|characteri[sz]\w*|assess\w*|say|said|says|word\w*|language|view|portray\w*)\b", _W)
_COUNT = re.compile(
    r"\bhow many\b|\bnumber of\b|\bwhich (?:\w+ )?(?:meetings|months|dates)\b|\bin which meetings\b"
    r"|\blist (?:the |all |every )\b|\bhow often\b|\bin total\b|\btotal\b|\bcumulative\w*|\baltogether\b"
    r"|\bhow much (?:in total|altogether|overall)\b|\bby how much (?:in total|overall|altogether)\b", _W)
# "first"/"last" as an occurrence, not an ordinal meeting ("the first meeting of 2024") or a quarter.
# "the last meeting of 2022" is a date, not an ordinal; "the last meeting in 2020-2025 at which rates were held" is.
_NOT_ORDINAL = (r"(?!\s+(?:\w+\s+)?(?:meeting|quarter|half|statement|minutes)\s+(?:of|in)\b"
                r"(?!.*\b(?:at which|in which|where|when|that)\b))")
_FIRST = re.compile(rf"\b(?:first|earliest|initial)\b{_NOT_ORDINAL}", _W)
_LIFTOFF = re.compile(rf"\b{_LIFT_OFF}\b", _W)
_LAST = re.compile(rf"\b(?:last|final|most recent(?:ly)?)\b{_NOT_ORDINAL}", _W)
# "the last meeting", "the most recent statement": the latest indexed meeting, not the last move of a kind.
_LATEST_MEETING = re.compile(
    r"\b(?:(?:the|its|their|this)\s+)?(?:last|latest|newest|most recent|final)\s+(?:fomc\s+|policy\s+)?"
    r"(?:meeting|statement|decision|minutes)\b"
    r"(?!\s+(?:of|in|for|before|prior|after|since|at|on|when|where|which|that|with|to|under|until)\b)", _W)
# "stopped raising" is the last raise; "began cutting" the first cut.
_STOPPED = re.compile(r"\b(?:stop\w*|end\w*|halt\w*|conclud\w*|finish\w*|paus\w*)\s+(?:its\s+|the\s+)?"
                      r"(?:rais|hik|cut|lower|eas|tighten)\w*", _W)
_STARTED = re.compile(r"\b(?:start\w*|begin\w*|began|begun|commenc\w*|resum\w*|initiat\w*|kick\w* off)\s+"
                      r"(?:to\s+)?(?:its\s+|the\s+)?(?:rais|hik|cut|lower|eas|tighten)\w*", _W)
_AFTER = re.compile(r"\b(?:after|following|since|post|once)\s+(?:the\s+|its\s+|that\s+)?(?:[\w'’–—-]+\s+){0,3}$", _W)
# "the tightening cycle that began in 2022": the run of moves one way, holds included, until the first
# move the other way; the question's dates name where the cycle started, not where it ends.
_CYCLE = re.compile(
    r"\b(?:(tightening|hiking|rate[- ]hik\w*|rate[- ]increase|firming)|(easing|cutting|rate[- ]cut\w*|loosening"
    r"|rate[- ]reduction))\s+(?:cycle|campaign|phase|spree)\b", _W)
_CYCLE_DATED = re.compile(r"\b(?:that|which)\s+(?:began|begun|started|commenced|kicked off)\s+(?:in|on|at|with)\s+"
                          r"(?:the\s+)?(?:\w+\s+){0,2}?(?:19|20)\d\d\b", _W)
_CYCLE_BEGIN = re.compile(r"\b(?:begin|began|begun|start\w*|kick\w* off|commenc\w*)\b", _W)
_CYCLE_END = re.compile(r"\b(?:end|ended|ending|conclud\w*|finish\w*|stop\w*|peak\w*)\b", _W)
_MEETINGS_HELD = re.compile(r"\bhow many (?:\w+ )?(?:fomc |policy |scheduled )?meetings\b"
                            r"|\bnumber of (?:fomc )?meetings\b"
                            r"|\bhow (?:many times|often) did (?:the )?(?:fomc|committee|fed) meet\b", _W)
_HOLD_MEETINGS = re.compile(r"\b(?:hold|held|have|had)\s+(?:in|during|over|between|from|since|that|this|last|each|per"
                            r"|a year|\d{4})\b|\b(?:hold|held|have|had)\s*\??$", _W)  # meetings held, not rates
# "Why did the FOMC cut in September 2024?": the statement gives the Committee's reasons beside its decision;
# what participants or the staff argued is the minutes' (left to the passages).
_WHY = re.compile(r"\bwhy\b|\breasons?\b|\brationale\b|\bjustif\w*|\bwhat (?:prompted|led|drove|motivated|was behind)\b"
                  r"|\bexplain\w*", _W)
_OTHERS_VIEWS = re.compile(r"\b(?:participants?|members?|staff|minutes|dissent\w*|argu\w*|discuss\w*|desk|manager"
                           r"|survey\w*|respondents?)\b", _W)
_ORDINAL_WORD = r"(?:first|earliest|last|latest|final|most recent(?:ly)?)"
_VOTE_ORDINAL = re.compile(rf"\b{_ORDINAL_WORD}\s+(?:[\w-]+\s+){{0,2}}?(?:dissent\w*|unanim\w*|vote)"
                           rf"|\b(?:dissent\w*|unanim\w*)\b.{{0,25}}\b{_ORDINAL_WORD}\b", _W)
_MOVE_ORDINAL = re.compile(rf"\b{_ORDINAL_WORD}\s+(?:[\w'-]+\s+){{0,3}}?(?:cut|hike|increase|move|reduction|raise)\w*",
                           _W)
# Questions about other central banks' policy ("the exception to the easing trend among foreign central banks"):
# not the FOMC's record, though they use its words.
_ELSEWHERE = re.compile(
    r"\b(?:foreign|other|overseas|global|emerging[- ]market|advanced[- ]economy)\s+(?:central banks?|policymakers)\b"
    r"|\bcentral banks\b|\b(?:ecb|boj|boe|pboc|snb|rba|european central bank|bank of (?:england|japan|canada|korea"
    r"|mexico)|central bank of \w+|reserve bank of \w+|people's bank of china|swiss national bank)\b", _W)
# "... and did anyone push for more?": the move, and the vote that shows who wanted another one.
_ANYONE_ELSE = re.compile(r"\b(?:any(?:one|body)|any (?:member|participant|official|voter)s?|who)\b.{0,40}"
                          r"\b(?:prefer\w*|favou?r\w*|want\w*|push\w*|argu\w*|call\w*|press\w*|dissent\w*|object\w*)\b",
                          _W)
_SINCE_EXTREME = re.compile(r"\b(?:since|after|from|off)\s+(?:the\s+|its\s+)?(?:\w+\s+)?"
                            r"(peak|top|high|highs|trough|bottom|low|lows)\b", _W)
_AVERAGE = re.compile(r"\b(?:average|mean|typical)\s+(?:size|move|hike|cut|increase|step)", _W)
_STREAK = re.compile(r"\b(?:consecutive(?:ly)?|in a row|straight|successive|back[- ]to[- ]back|streak)\b", _W)
_MOST = re.compile(r"\bmost (?:often|frequently|times|dissents)\b|\bthe most\b(?!\s+recent)"
                   r"|\b(?:dissent\w*|vot\w* (?:against|no))\s+most\b"
                   r"|\bmore than (?:once|anyone)\b", _W)
# "the peak fed funds rate", "the lowest the range went": the highest (lowest) range of a span, and how long it held
_PEAK = re.compile(r"\b(?:peak\w*|highest|lowest|trough|top(?:ped out)?)\b"
                   r"|\b(?:maximum|minimum)\s+(?:target\s+|policy\s+)?(?:range|rate|level)\b", _W)
_LARGEST = re.compile(r"\b(?:biggest|largest|greatest|steepest|sharpest|most aggressive|jumbo)\b", _W)
_SMALLEST = re.compile(r"\b(?:smallest|least|mildest)\b", _W)
_DURATION = re.compile(r"\bhow long\b|\bfor how many (?:months|years)\b", _W)
# "at the end of 2023": the range the span's last meeting left; "at the start of 2022": the one its first met.
_SPAN_END = re.compile(r"\b(?:at|by) the (?:end|close) of\b|\byear[- ]end\b|\bend of (?:the year|\d{4})\b", _W)
_SPAN_START = re.compile(r"\b(?:at|by) the (?:start|beginning|outset) of\b|\bgoing into\b|\bentering\b", _W)
_CURRENT = re.compile(
    r"\b(?:current\w*|now|today|at present|presently|latest|newest|most recent(?:ly)?|as of (?:now|today)|these days"
    r"|right now|as it stands|stand(?:s)? now|at the moment)\b", _W)
_SIZE = re.compile(r"\bby how much\b|\bhow (?:much|big|large)\b|\bsize\b|\bbasis points?\b|\bbps?\b|\bmagnitude\b", _W)
# "Kugler at the Jul 2025 meeting?", "Was Logan at the June 2024 meeting?": whether that person attended.
_PERSON_AT_MEETING = re.compile(r"^\s*(?:was|were|is)?\s*[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+)?\s+(?:at|in)\s+"
                                r"(?:the\s+)?(?:\w+\s+){1,3}meeting\s*\?\s*$")
_ATTEND = re.compile(r"\b(?:attend\w*|present at|participat\w* in the meeting|who was at|who were at)\b", _W)
# "When did the statement first call inflation 'transitory'?", "... stop saying ...", "how many statements
# mentioned ...": the occurrences of a term in the statements' sentences over a span. The term is what the
# question quotes, or what follows "the word/phrase", "describe ... as", "mention/refer to".
_QUOTED = re.compile(r"(?<![A-Za-z])[\"“‘']([^\"”’']{2,60})[\"”’'](?![A-Za-z])")  # not the apostrophes of "wasn't"
_TERM_AFTER = re.compile(
    r"\b(?:(?:mention\w*|refer\w*\s+to|us(?:e|ed|ing))\s+(?:the\s+)?(?:(?:word|term|phrase|expression)s?\s+)?"
    r"|the\s+(?:word|term|phrase|expression)s?\s+"
    r"|(?:describ\w*|characteri[sz]\w*)\s+(?:\w+\s+){1,3}?as\s+"
    r"|call\w*\s+(?:\w+\s+){1,3}?(?=[\w-]+\s*(?:[?.]|$))"
    r"|(?:say\w*|said|stat\w*)\s+(?:that\s+)?(?:[\w.]+\s+){1,4}?(?:was|is|were|are|would be|will be|remained"
    r"|remains|had been|has been)\s+)"
    # "... was sound and resilient?": a last "and <word>" belongs to the term; elsewhere "and" ends it
    r"(?P<term>[a-z][\w-]*(?:\s+(?:and\s+(?=(?!(?:when|why|how|where|who|what|which)\b)[a-z][\w-]*\s*[?.]?\s*$))?"
    r"[a-z][\w-]*){0,3}?)\s*(?:[?.,;]"
    r"|\s+(?:in|at|for|from|during|between|and(?!\s+(?!(?:when|why|how|where|who|what|which)\b)[a-z][\w-]*\s*[?.]?"
    r"\s*$)|or|after|before|since|until|to)\b|$)", _W)
_MENTION_FIRST = re.compile(r"\b(?:first|start\w*|begin\w*|began|introduc\w*|earliest|enter(?:ed|s)?|added"
                            r"|show(?:s|ed)? up)\b", _W)
_MENTION_LAST = re.compile(r"\b(?:last|stop\w*|drop\w*|remov\w*|no longer|ceas\w*|abandon\w*|retire\w*"
                           r"|latest|final)\b", _W)
_MENTION_COUNT = re.compile(r"\bhow many\b|\bhow often\b|\b(?:which|what) (?:statements|meetings)\b|\bnumber of\b",
                            _W)
_STATEMENT_WORDS = re.compile(r"\bstatements?\b|\bdescrib\w*|\bcall\w*|\bwording\b|\blanguage\b"
                              r"|\b(?:word|term|phrase)\b|\bmention\w*|\bsay(?:ing)?\b|\bsaid\b|\bappear\w*", _W)


# "'ongoing increases' -> 'some additional policy firming': which meeting switched?", "when did the statement go
# from 'X' to 'Y'": a change of wording between two quoted terms asks when the new one first appeared.
_TRANSITION = re.compile(r"\s*(?:->|→|=>|—>|\bto\b|\bbecame\b|\bgave way to\b|\b(?:was )?replaced by\b"
                         r"|\bturned into\b|\bchanged to\b|\bswitched to\b)\s*", _W)
_REPLACED = re.compile(r"\s*(?:\breplaced\b|\bsuperseded\b|\btook the place of\b|\binstead of\b)\s*", _W)


def replacing_term(text: str) -> str | None:
    """The newer of two quoted terms the question says one replaced the other with, lower-case, or None."""
    quoted = list(_QUOTED.finditer(text))
    for older, newer in zip(quoted, quoted[1:], strict=False):
        between = text[older.end():newer.start()]
        if _TRANSITION.fullmatch(between):
            return newer.group(1).strip().lower()
        if _REPLACED.fullmatch(between):
            return older.group(1).strip().lower()
    return None


def mention_term(text: str) -> str | None:
    """The term a question asks the statements' wording about, lower-case, or None."""
    replacing = replacing_term(text)
    if replacing:
        return replacing
    quoted = _QUOTED.search(text)
    if quoted:
        return quoted.group(1).strip().lower()
    after = _TERM_AFTER.search(text)
    return after.group("term").strip().lower() if after else None


# "Who was Vice Chair", "who chaired", "who ran the Desk": the Committee's officers as the minutes title them.
_OFFICER_TITLES = (
    ("Vice Chair", r"vice[- ]chair\w*"),
    ("Chair", r"(?<!vice )(?<!vice-)chair(?:man|woman|person)?\b|chaired"),
    ("Deputy Secretary", r"deputy secretary"),
    ("Assistant Secretary", r"assistant secretar\w*"),
    ("Secretary", r"(?<!deputy )(?<!assistant )secretary"),
    ("Deputy General Counsel", r"deputy general counsel"),
    ("General Counsel", r"(?<!deputy )general counsel"),
    ("Economist", r"(?<!associate )economists?\b(?! (?:at|from|in|with)\b)"),
    ("Deputy Manager, System Open Market Account", r"deputy (?:soma |desk )?manager"),
    ("Manager, System Open Market Account",
     r"(?<!deputy )(?:soma |desk )?manager(?: pro tem)?(?! of (?:the )?division)|ran the desk"
     r"|(?:head|manager) of the desk"),
)
_WHO = re.compile(r"\bwho\b|\bname (?:of )?the\b|\bwhich (?:person|official)\b", _W)
# "When did Joshua Gallin become Secretary?", "when did X take over from Y as manager?": answered by the runs of
# meetings at which each holder held the title.
_TOOK_OFFICE = re.compile(r"\b(?:when|since when|as of when|which meeting|what meeting)\b.{0,80}\b(?:becom\w*|became"
                          r"|take over|took over|tak\w+ over|start\w*|beg[ai]n\w*|assum\w*|named|appointed|selected"
                          r"|elected|chosen|succeed\w*|replac\w*|step\w* down|left|leave)\b", _W)


def officer_titles(text: str) -> tuple[str, ...]:
    """The Committee titles a question names, canonical as the minutes write them."""
    found = [(m.start(), title) for title, words in _OFFICER_TITLES
             if (m := re.search(rf"\b(?:{words})", text, _W))]
    return tuple(title for _, title in sorted(found))


# What a named member wanted instead: in the record, a dissenter's preferred action.
_PREFERENCE = re.compile(r"\b(?:prefer\w*|favou?r(?:ed|s)?|wanted|want\w* instead|instead|push\w* for|advocat\w*"
                         r"|would have liked)\b", _W)
_DISSENT = re.compile(r"\b(?:dissent\w*|vot\w* against|vot\w* no|no votes?|opposed|objected)\b", _W)
_VOTE = re.compile(r"\b(?:vot\w*|unanim\w*|split decision)\b", _W)  # "easing tally" counts moves, not votes
_DECISION = re.compile(r"\b(?:decid\w*|decision|do|did|action|set|move|announce\w*)\b", _W)
_SPAN_RANGE = re.compile(
    rf"\b(?:between|from)\s+(?:the\s+|its\s+)?{MONTH}\s+(?:\d{{1,2}},?\s+)?{YEAR}?\s*(?:meeting\s+)?"
    rf"(?:and|to|through|until)\s+(?:the\s+)?{MONTH}\s+(?:\d{{1,2}},?\s+)?{YEAR}", _W)


# Qualifiers of a move: its size ("75-basis-point hikes", "half-point cuts") and the range it left.
_SIZE_WORDS = {"quarter": 25, "half": 50, "three quarter": 75, "full": 100}
_SIZE_BP = re.compile(
    r"\b(\d{2,3})[- ]?(?:basis[- ]point|bps?\b|bp\b)|\b(three[- ]quarter|quarter|half|full)[- ](?:percentage[- ])?point"
    r"|\b(\d/\d|\d\.\d\d?)[- ](?:percentage[- ])?point", _W)
_RANGE_IN_Q = re.compile(
    r"\b(\d+(?:\.\d+|-\d/\d)?|\d/\d)\s*(?:%|percent)?\s*(?:to|-|–)\s*(\d+(?:\.\d+|-\d/\d)?|\d/\d)\s*(?:%|percent)"
    r"|\b(0|\d+(?:\.\d+|-\d/\d))\s*(?:to|-|–)\s*(\d+(?:\.\d+|-\d/\d)|\d/\d)\b(?![\d/])", _W)  # "0 to 1/4", "5.25-5.5"
# "liftoff from the zero lower bound", "the first cut off 5-1/4 to 5-1/2 percent": the range a move left
_FROM_RANGE = re.compile(r"\b(?:from|off|away from|above)\s+(?:the\s+)?(?:(?:zero|effective)\s+lower\s+bound|elb|zlb"
                         r"|zero|\d)", _W)
_NEAR_ZERO = re.compile(r"\b(?:near|at|close to) zero\b|\b(?:zero|effective) lower bound\b|\bzlb\b|\belb\b", _W)
# Point-in-time intents: "after the July 2023 hike, what IORB ...?" asks about that meeting, not the next.
# An administered rate's level is asked for, not a discussion of the facility.
# "rate" asks a level, except in "the rate cut" (the policy move named beside a facility: "besides the rate cut, what
# did the Committee decide about standing repo operations?").
_RATE_LEVEL = re.compile(r"\b(?:rates?(?!\s+(?:cuts?|hikes?|increases?|reductions?|decisions?|moves?)\b)|iorb|ioer"
                         r"|percent|level|set|adjust\w*|moved?|changed?)\b", _W)
_POINT_INTENTS = ("rate", "decision", "change", "votes", "dissents", "attendance", "officer", "role")


# "the first cut after the hiking cycle": the clause after "after/since/before" names the event the
# question counts from, not the move it asks about.
_EVENT_CLAUSE = re.compile(r"^\s*(?:after|since|following|once|before|until|prior to)\b[^,]*,"
                           r"|\b(?:after|since|following|once|before|until|prior to)\b[^,:;?]*", _W)
_EVENT = re.compile(rf"\b(?:after|since|following)\s+(?:the\s+|its\s+|a\s+)?(?:\w+\s+){{0,2}}?"
                    rf"(?:run of\s+|series of\s+)?({_RAISE}|{_LOWER}|{_HOLD})\b", _W)


# "the zero lower bound" is a level, not a move lower
_LOWER_BOUND = re.compile(r"\b(?:(?:zero|effective)\s+)?lower\s+bound\b|\b(?:elb|zlb)\b", _W)


def direction_of(text: str) -> str | None:
    """The kind of move a question asks about ("hikes", "cuts", "holds"): the one named outside the
    clause it counts from, if exactly one kind is named there."""
    main = _EVENT_CLAUSE.sub("", _LOWER_BOUND.sub("the floor", text)).strip() or text
    found = _directions(main)
    return found[0] if len(found) == 1 else None


def _directions(text: str) -> list[str]:
    found = [name for name, pattern in _DIRECTIONS if re.search(rf"\b{pattern}\b", text, _W)]
    explicit_hold = re.search(r"\b(?:hold|held|pause\w*|unchanged|steady)\b", text, _W)
    if "maintain" in found and len(found) > 1 and not explicit_hold:
        found.remove("maintain")  # "keep raising" is a raise
    return found


@dataclass(frozen=True)
class PolicyQuestion:
    intent: Intent
    meetings: tuple[dt.date, ...]  # the span, in date order
    named_span: bool  # the question named dates (else: every indexed meeting, or the latest for "current")
    direction: str | None = None  # raise / lower / maintain, for counts and first/last
    roles: tuple[str, ...] = ()  # statement roles, for evolution and role questions
    rates: tuple[str, ...] = ()  # administered rates
    also_size: bool = False  # a count that also asks for the total size
    after_kind: str | None = None  # "after the hiking cycle": the span starts after the last move of this kind
    size_bp: int | None = None  # "75-basis-point hikes": only moves of this size
    at_range: tuple[float, float] | None = None  # "held at 5-1/4 to 5-1/2 percent": only meetings that left this range
    from_range: bool = False  # "liftoff from the zero lower bound": at_range is the range a move left, not set
    rate_from: float | None = None  # "the ON RRP rate's first move off 0.00%": the level an administered rate left
    person: str | None = None  # a surname the question names, for votes and dissents
    unscheduled: bool = False  # a count of unscheduled meetings and notation votes
    edge: str | None = None  # "end" / "start" / "as_of": the range at the end or the start of a named span, or on a
    # day without a meeting (`as_of`); for a
    # mention: "first" / "last" / "both" / "count"; for dissents and unanimous votes: "first" / "last"
    yes_no: bool = False  # "Did the FOMC raise ...?": the answer opens with Yes or No
    titles: tuple[str, ...] = ()  # Committee officers' titles, for officer questions
    term: str | None = None  # the wording a mention question searches the statements for
    cycle: str | None = None  # "the tightening cycle": the span is the cycle of moves of this kind (the desk finds it)
    after_cycle: bool = False  # "after the hiking cycle": the span is every meeting after that cycle
    meetings_held: bool = False  # a count of the meetings themselves ("How many meetings did the FOMC hold in 2023?")
    streak: bool = False  # a count of moves in a row: the longest run ("How many consecutive holds?")
    most: bool = False  # dissents tallied by member ("Who dissented most often?")
    by_meeting: bool = False  # ... or by meeting ("Which meeting had the most dissents?")
    dissent_side: str | None = None  # "easier" / "tighter": dissents for a lower / higher range than the decision's
    why: bool = False  # a move asked about with its reasons ("the first cut of 2024, and what justified it?")
    as_of: dt.date | None = None  # a day between meetings ("the range on August 1, 2022"); span: the meeting before
    with_votes: bool = False  # a move asked about with its dissents ("the first cut of 2025, and who dissented?")
    with_decision: bool = False  # administered rates asked with the move ("how big was the cut, where did IOER go?")
    since_extreme: str | None = None  # "since the peak" ("high") / "since the trough" ("low"): the desk finds the span
    average: bool = False  # a count that also asks the average size of the moves
    asks_move: bool = False  # "Did the Fed change rates in January 2025?": whether it moved at all (Yes / No)
    edits: str | None = None  # a redline's edits asked for first: "removed" ("what was dropped") or "added"
    unanimous: bool = False  # "Which 2025 meetings had no dissents?": the span's unanimous decisions, listed
    versus_previous: bool = False  # "smaller than the one before it": against the previous move of its kind (the desk)
    also_current: bool = False  # "the peak, and where is it now?": the latest level follows the span's extreme

    @property
    def role(self) -> str | None:
        return self.roles[0] if self.roles else None

    @property
    def rate(self) -> str | None:
        return self.rates[0] if self.rates else None


def size_of(text: str) -> int | None:
    """The size of move a question names, in basis points."""
    m = _SIZE_BP.search(text)
    if not m:
        return None
    if m.group(1):
        return int(m.group(1))
    if m.group(2):
        return _SIZE_WORDS[m.group(2).lower().replace("-", " ")]
    points = fed_number(m.group(3)) if "/" in m.group(3) else float(m.group(3))
    return round(points * 100)


def range_of(text: str) -> tuple[float, float] | None:
    m = _RANGE_IN_Q.search(text)
    if m:
        low, high = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return fed_number(low), fed_number(high)
    return (0.0, 0.25) if _NEAR_ZERO.search(text) else None


def roles_of(text: str) -> tuple[str, ...]:
    """The statement roles a question names, in the order it names them."""
    found = []
    for role, words in ROLE_WORDS.items():
        m = re.search(rf"\b(?:{words})\b", text, _W)
        if m:
            found.append((m.start(), role))
    return tuple(role for _, role in sorted(found))


def role_of(text: str) -> str | None:
    roles = roles_of(text)
    return roles[0] if roles else None


# "starting in March 2022", "beginning with the March 2022 meeting": that meeting and every one after it.
_CHAIN_GOES_ON = re.compile(rf"\s*(?:,\s*)?(?:to|then|->|=>|→)\s+(?:the\s+)?{MONTH}\b", _W)
_FROM_ON = re.compile(rf"\b(?:starting|beginning|commencing)\s+(?:in\s+|with\s+(?:the\s+)?|at\s+(?:the\s+)?)?"
                      rf"{MONTH}\s+(?:\d{{1,2}},?\s+)?{YEAR}(?!\s+(?:\w+\s+)?(?:to|through|until|and)\b)", _W)


# "by September 2024", "up to March 2023": a span from the first indexed meeting through that month.
_UP_TO = re.compile(rf"\b(?:by|up to|up until)\s+(?:the\s+)?{MONTH}\s+{YEAR}\b", _W)


def _span(question: str, meetings: Sequence[dt.date]) -> tuple[list[dt.date], bool]:
    """The meetings the question names (a month-to-month range included), else all of them."""
    start = _FROM_ON.search(question)
    if start:
        first = month_meetings(list(meetings), int(start.group(2)), month_number(start.group(1)), None)
        if first:
            return [d for d in meetings if d >= min(first)], True
    m = _SPAN_RANGE.search(question)
    if m and not _CHAIN_GOES_ON.match(question, m.end()):  # "from Feb 2023 to Mar 2023 to May 2023": a list
        y0, m0 = int(m.group(2) or m.group(4)), month_number(m.group(1))
        y1, m1 = int(m.group(4)), month_number(m.group(3))
        first, last = month_meetings(list(meetings), y0, m0, None), month_meetings(list(meetings), y1, m1, None)
        start = min(first) if first else dt.date(y0, m0, 1)
        end = max(last) if last else dt.date(y1 + m1 // 12, m1 % 12 + 1, 1) - dt.timedelta(days=1)
        span = [d for d in meetings if start <= d <= end]
        if span:
            return span, True
    flt = parse_filter(question, list(meetings))
    up_to = _UP_TO.search(question)
    if up_to and len(flt.named_dates) == 1:  # "how had that line changed by September 2024?": everything until then
        year, month = int(up_to.group(2)), month_number(up_to.group(1))
        last = month_meetings(list(meetings), year, month, None)
        end = max(last) if last else dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)
        span = [d for d in meetings if d <= end]
        if span:
            return span, True
    present_only = len(flt.named_dates) == 1 and _CURRENT.fullmatch(flt.named_dates[0])
    if flt.meetings is not None and not present_only:
        return sorted(flt.meetings), True
    return sorted(meetings), False


def parse_policy_question(question: str, meetings: Sequence[dt.date]) -> PolicyQuestion | None:
    """The record intent of a question, or None when the record is not the place to answer it."""
    q = " ".join(question.split())
    meetings = sorted(meetings)
    if not meetings:
        return None
    if _ELSEWHERE.search(q) or asks_how_held(q):
        return None
    span, named = _span(q, meetings)
    if not named and _LATEST_MEETING.search(q):  # "at its last meeting": the latest indexed one
        span, named, q = [meetings[-1]], True, _LATEST_MEETING.sub("the meeting", q)
    intent, extra = _intent(q, named)
    cycle = _CYCLE.search(q)
    # "the first cut after the 2022-23 hiking cycle": the meetings after the cycle, not the cycle's own
    after_cycle = cycle is not None and bool(_AFTER.search(q[:cycle.start()]))
    if cycle:
        kind = "raise" if cycle.group(1) else "lower"
        extra = {**extra, "cycle": kind, "after_cycle": after_cycle}
        if not after_cycle and (intent is None or intent == "current"
                                or (intent == "decision" and not extra.get("direction"))):
            rest = q[:cycle.start()] + q[cycle.end():]
            rest = _CYCLE_DATED.sub(" ", rest)  # "the cycle that began in 2022": which cycle, not what is asked
            intent = "last" if _CYCLE_END.search(rest) and not _CYCLE_BEGIN.search(rest) else \
                "first" if _CYCLE_BEGIN.search(rest) else "count"
            extra = {**extra, "also_size": intent == "count"}
        if intent in ("first", "last", "count", "largest", "smallest") and not extra.get("direction") \
                and not after_cycle:
            extra["direction"] = kind
    if intent is None:
        return None
    if intent == "compare" and len(span) < 2:  # "Was the July 2023 hike larger than usual?": that one move
        intent = "change" if extra.get("direction") else "decision"
    if intent in _POINT_INTENTS and len(span) > 1 and extra.get("edge") not in ("first", "last"):
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
    if as_of is not None:
        extra["as_of"] = as_of
    event = _EVENT.search(q)
    if event and intent in ("first", "count") and not named:
        extra["after_kind"] = direction_of(event.group(1))
        named = True
    if intent == "current" and extra.get("edge"):
        span = [span[-1]] if extra["edge"] == "end" else [span[0]]
    elif intent == "role" and named and len(span) > 1 and (_SPAN_END.search(q) or _SPAN_START.search(q)):
        span = [span[-1]] if _SPAN_END.search(q) else [span[0]]  # "the guidance at the end of 2023"
    elif extra.get("edge") in ("high", "low") and _CURRENT.search(q):  # "peak level, and where is it now?"
        extra["also_current"] = True
    elif intent == "current" or (intent in _POINT_INTENTS and not named and _CURRENT.search(q)
                                 and extra.get("edge") not in ("first", "last")) \
            or (intent == "officer" and not named and re.search(r"\b(?:is|are)\b", q, _W)):
        span = [meetings[-1]]
    if len(span) == 1 and intent in ("compare", "change", "decision") and extra.get("direction") != "maintain" \
            and _PREVIOUS_MOVE.search(q):
        intent, extra = "compare", {**extra, "versus_previous": True}
    yes_no = bool(re.match(r"\s*(?:did|was|were|has|have|is|does|do)\b", q, _W))
    if yes_no and intent == "decision" and extra.get("direction") and len(span) > 1:
        intent = "count"  # "Has the Fed cut rates this year?": how many such moves, Yes or No
    peak = _SINCE_EXTREME.search(q)
    if peak and intent in ("count", "decision", "change", "first", "last", "largest", "smallest"):
        extra["since_extreme"] = "low" if peak.group(1).lower() in ("trough", "bottom", "low", "lows") else "high"
        intent = "count" if intent in ("decision", "change") else intent
    return PolicyQuestion(intent=intent, meetings=tuple(span), named_span=named, yes_no=yes_no, **extra)


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


# Capitalized words that open questions and are not names.
_VERBS_AND_NOUNS = frozenset("was were is are has have had does list give name compare summarize describe explain "
                             "according per under since after before during inflation rates rate policy".split())


# "Who dissented in favor of a larger cut?", "hawkish dissents": dissents for more easing or for less.
_EASIER = re.compile(
    r"\b(?:larger|bigger|deeper|steeper|more aggressive|faster|half[- ]point|50[- ]?(?:bp|basis[- ]point))\s+"
    r"(?:rate\s+)?(?:cuts?|reductions?|easing)\b|\bmore easing\b|\bdovish\w*|\b(?:for|favou?r\w*|wanted|preferr\w*"
    r"|push\w* for|argu\w* for)\s+(?:a\s+|an\s+)?(?:rate\s+)?(?:cuts?|reductions?|lower\w*|eas\w*)\b", _W)
_TIGHTER = re.compile(
    r"\b(?:smaller|shallower)\s+(?:rate\s+)?(?:cuts?|reductions?)\b|\bhawkish\w*|\b(?:larger|bigger)\s+(?:rate\s+)?"
    r"(?:hikes?|increases?)\b|\b(?:for|favou?r\w*|wanted|preferr\w*|push\w* for|argu\w* for)\s+(?:a\s+|an\s+|no\s+)?"
    r"(?:rate\s+)?(?:hikes?|increases?|rais\w*|tighten\w*|holds?|hold\w*|pause|change)\b", _W)


def _dissent_side(q: str) -> str | None:
    easier, tighter = bool(_EASIER.search(q)), bool(_TIGHTER.search(q))
    return "easier" if easier and not tighter else "tighter" if tighter and not easier else None


def _person(q: str) -> str | None:
    """The surname of the first name the question gives (`fomc_qa.text.names`), for votes and dissents."""
    names = specific_names(q)
    if names:
        return names[0].split()[-1].capitalize()
    # a name that opens a sentence ("Mester voted no ...") is not told from a capitalized word by its case
    opening = re.findall(r"(?:^|[.?!]\s+)([A-Z][a-z]+)\b", q)
    return next((w for w in opening if not is_common(w) and w.lower() not in _VERBS_AND_NOUNS), None)


def _asks_first_and_last(q: str) -> bool:
    """"When did 'X' enter the statement, and when was it last used?": one part asks for the first, another for the
    last ("when did it first drop X" asks for one edge)."""
    parts = re.split(r",?\s+and\s+|[?;]\s*", q)
    return any(_MENTION_FIRST.search(a) and not _MENTION_LAST.search(a) for a in parts) and \
        any(_MENTION_LAST.search(b) and not _MENTION_FIRST.search(b) for b in parts)


# "meetings with no dissenting votes", "decided without dissent", "nobody dissented": unanimous decisions
_NO_DISSENT = re.compile(r"\b(?:no|zero|without(?: a| any)?)\s+dissent\w*(?:\s+votes?)?\b"
                         r"|\b(?:no ?one|nobody|no members?)\s+dissented\b", _W)


def _intent(q: str, named: bool) -> tuple[Intent | None, dict]:
    """Rules in order of specificity; each names what it needs from the question."""
    q = _NO_DISSENT.sub("unanimous", q)
    replacing = replacing_term(q)  # a change between two quoted terms is about wording, named or not
    wording = _STATEMENT_WORDS.search(q) or replacing
    term = (replacing or mention_term(q)) if wording and not re.search(r"\bminutes\b", q, _W) else None
    if term:
        kind = ("first" if replacing else "count" if _MENTION_COUNT.search(q) else "both" if _asks_first_and_last(q)
                else "last" if _MENTION_LAST.search(q) else "first" if _MENTION_FIRST.search(q) else None)
        if kind:
            rest = re.sub(re.escape(term), " ", q, flags=_W)
            return "mention", {"term": term, "edge": kind, "roles": roles_of(rest)}
    titles = officer_titles(q)
    if titles and (_WHO.search(q) or _TOOK_OFFICE.search(q)) and not _DISSENT.search(q):
        return "officer", {"titles": titles}
    if _ATTEND.search(q) or _PERSON_AT_MEETING.search(q):
        return "attendance", {"person": None if _WHO.search(q) else _person(q)}
    main = _EVENT_CLAUSE.sub("", q).strip() or q  # "... unanimous, before the string of dissents began"
    edge = ("first" if _FIRST.search(main) or re.search(r"\bnext (?:dissent|unanim)", q, _W)  # "the next dissent"
            else "last" if _LAST.search(main) else None)  # "the last dissent"
    asks_vote = _DISSENT.search(main) or re.search(r"\bunanim\w*", main, _W)  # "..., and was it unanimous?"
    if asks_vote and (_MOVE_ORDINAL.search(main) or _LIFTOFF.search(main)) and not _VOTE_ORDINAL.search(main):
        intent, extra = _move_intent(q, named)  # "the year's first cut, and who dissented at it?"
        if intent in ("first", "last"):
            return intent, {**extra, "with_votes": True}
    if asks_vote and named and (_SIZE.search(main) or re.search(r"\branges?\b", main, _W)) \
            and not _VOTE_ORDINAL.search(main) and not _COMPARE.search(main):  # "Nov 2024: size, range, unanimous?"
        intent, extra = _move_intent(q, named)
        if intent in ("decision", "change"):
            return intent, {**extra, "with_votes": True}
    if _DISSENT.search(main):
        most = bool(_MOST.search(q))
        side = _dissent_side(q)
        by_meeting = most and bool(re.search(r"\b(?:which|what) (?:[\w-]+ ){0,2}?(?:meeting|decision)s?\b", q, _W))
        return "dissents", {"person": None if most else _person(main), "also_size": bool(_COUNT.search(q)),
                            "edge": None if most else edge, "most": most, "by_meeting": by_meeting,
                            "dissent_side": side}
    person = _person(q)
    if person and _PREFERENCE.search(q) and not _DISCUSSION.search(q):  # "What did Esther George want instead?"
        return "dissents", {"person": person}
    # "the March 23, 2020 notation-vote statement" names a document, not a question about the vote; a vote on a
    # facility, a program or the Desk's transactions is the minutes' (the record holds the policy action's)
    if _VOTE.search(re.sub(r"\bnotation[- ]vot\w*", " ", q, flags=_W)) and not _DISCUSSION.search(q) \
            and not _OTHER_VOTES.search(q):
        unanimous = bool(re.search(r"\bunanim\w*", q, _W))
        return "votes", {"person": person, "edge": edge if unanimous else None,
                         "unanimous": unanimous and bool(_COUNT.search(q))}
    rates = tuple(name for name, pattern in _RATES.items() if pattern.search(q)) \
        or (("iorb", "on_rrp") if _ADMINISTERED.search(q) else ())
    if rates and _RATE_LEVEL.search(q) and not _DISCUSSION.search(_WHY.sub(" ", q)):  # the reader gives the why
        also = bool(re.search(r"\b(?:target range|federal funds|fed funds|what range|how big)\b", q, _W))
        return "rate", {"rates": rates, "with_decision": also, **_rate_ordinal(q)}
    roles = tuple(r for r in roles_of(q) if r != "balance_sheet")
    statement_talk = bool(re.search(r"\bstatements?\b|\bdescri\w*|\bcharacteri\w*|\blanguage\b|\bwording\b|\bread\b",
                                    q, _W))
    # The record holds the statement's sentences; a question about the minutes' discussion is the passages'.
    about_minutes = re.search(r"\bminutes\b", q, _W) and not re.search(r"\bstatements?\b", q, _W)
    if about_minutes or _DISCUSSION.search(q) and not re.search(r"\bstatements?\b", q, _W):
        roles = ()
    # Forward guidance exists only as statement language: its evolution needs no "statement" named.
    statement_talk = statement_talk or "forward_guidance" in roles
    redline = (named and re.search(r"\bstatements?\b", q, _W) and not about_minutes and not _DISCUSSION.search(q)
               and not _BALANCE_SHEET.search(q) and not _POLICY_RATE.search(_OTHER_RATES.sub(" ", q)))
    if redline and roles and _REDLINE_EDITS.search(q):  # "what guidance was dropped and what replaced it?"
        return "redline", {"roles": roles, "edits": _edits_asked(q)}
    if roles and _EVOLUTION.search(q) and (statement_talk or _DESCRIBE.search(q)):
        return "evolution", {"roles": roles}
    if roles and statement_talk and (_DESCRIBE.search(q) or named or _CURRENT.search(q)) and not _DISCUSSION.search(q):
        return "role", {"roles": roles}
    if redline and not roles and _REDLINE.search(q):
        return "redline", {"edits": _edits_asked(q)}  # "What changed in the statement from February to March 2023?"
    return _move_intent(q, named)


# "ON RRP rate - first move off 0.00%?", "IORB peak this cycle, set when?": an administered rate's first or last change
# (from a level, when one is named), or its highest or lowest level, over the span.
_RATE_CHANGE = re.compile(r"\b(?:mov\w*|chang\w*|adjust\w*|rais\w*|increas\w*|hik\w*|cut\w*|lower\w*|reduc\w*"
                          r"|decreas\w*|set)\b", _W)
_RATE_FROM = re.compile(r"\b(?:from|off|above)\s+(?:(zero)\b|(\d+(?:\.\d+)?)\s*(?:%|percent))", _W)


def _rate_ordinal(q: str) -> dict:
    if _PEAK.search(q):
        return {"edge": "low" if re.search(r"\b(?:lowest|minimum|trough)\b", q, _W) else "high"}
    edge = "first" if _FIRST.search(q) else "last" if _LAST.search(q) else None
    if edge is None or not _RATE_CHANGE.search(q):
        return {}
    level, direction = _RATE_FROM.search(q), direction_of(q)
    found = {"edge": edge, "direction": direction if direction in ("raise", "lower") else None}
    if level:
        found["rate_from"] = 0.0 if level.group(1) else float(level.group(2))
    return found


# "What changed in the March 2023 statement?", "what replaced the paragraph ...", "how did the wording differ": the
# redline from one statement to the next.
_REDLINE = re.compile(r"\b(?:chang\w*|differ\w*|replac\w*|dropp\w*|drop|added|add|remov\w*|revis\w*|edit\w*|tweak\w*"
                      r"|redline|compar\w*|went from|new (?:language|wording|sentences?|paragraph))\b", _W)
# Edits, not a description's evolution: the whole redline, the role's changes first.
_REDLINE_EDITS = re.compile(
    r"\b(?:replac\w*|dropp\w*|drop|added|remov\w*|redline|went from|showed up|appeared|no longer"
    r"|new (?:\w+ )?(?:language|wording|sentences?|phrases?|paragraph)|(?:was|were)n'?t in|(?:was|were) not in)\b", _W)


def _edits_asked(q: str) -> str | None:
    """Which edits a redline question asks for first: "removed" ("what was dropped") or "added" ("what was new")."""
    removed = re.search(r"\b(?:dropp?\w*|remov\w*|delet\w*|no longer|cut out|struck)\b", q, _W)
    added = re.search(r"\b(?:add\w*|new|showed up|appear\w*|introduc\w*|insert\w*)\b", q, _W)
    return "removed" if removed and not added else "added" if added and not removed else None


_OTHER_VOTES = re.compile(r"\b(?:facilit\w*|srf|fima|swap lines?|programs?|authoriz\w*|ratif\w*|transactions"
                          r"|guidelines|rules|consensus statement|longer-run goals)\b", _W)
# Questions about what was discussed or expected, not what was decided: left to the passages.
_DISCUSSION = re.compile(
    r"\b(?:staff|participants?|members? (?:noted|discussed|argued|said|judged|saw)|discuss\w*|argu\w*|why|reason\w*"
    r"|expect\w*|projections?|forecast\w*|survey|market[- ]implied|ois|futures|case for|consider\w*|concern\w*"
    r"|needed|need|manager(?:'s)?|desk|report\w*|recommend\w*|debat\w*|views?)\b", _W)
_BALANCE_SHEET = re.compile(r"\b(?:purchases?|holdings|runoff|balance sheet|securities|mbs|treasur\w+|taper\w*|qt|qe|"
                            r"quantitative (?:tightening|easing)|"
                            r"redemptions?|reinvest\w*)\b", _W)


_ANY_MOVE = re.compile(r"\b(?:chang\w*|mov\w*|adjust\w*|alter\w*|act)\b", _W)
_ASKS_DECISION = re.compile(r"\bwhat did (?:the )?(?:fed|fomc|committee|federal reserve|they|it) (?:do|decide)\b"
                           r"|\bdecisions?\b|\bdecided?\b|\bactions?\b", _W)
_FOMC = re.compile(r"\b(?:fed|fomc|committee|federal reserve)\b", _W)
# Balance-sheet documents other than the statement ("the balance sheet principles", "the Plans for Reducing ...", "the
# directive"): what they say is in the minutes' passages, not in the statement's balance-sheet sentences.
_OTHER_DOCUMENT = re.compile(r"\b(?:principles|plans? for|directives?|implementation note)\b", _W)
_UNSCHEDULED = re.compile(r"\b(?:unscheduled|emergency|intermeeting|inter-meeting|notation votes?|off-cycle)\b", _W)


def _about_policy_rate(q: str) -> bool:
    """Whether the question names the policy rate, not only another rate ("the unemployment rate") or an administered
    one ("a single interest rate on reserve balances")."""
    rest = _OTHER_RATES.sub(" ", q)
    for pattern in _RATES.values():
        rest = pattern.sub(" ", rest)
    return bool(_POLICY_RATE.search(rest))


def _move_intent(q: str, named: bool) -> tuple[Intent | None, dict]:
    """Counts, first/last, current, size and decision questions about the target range (or, for a
    balance-sheet question, the statement's balance-sheet sentences)."""
    about_rate = _about_policy_rate(q)
    direction = direction_of(q)
    names_range = re.search(r"\b(?:target range|federal funds|fed funds|policy rate|ffr|range)\b", q, _W)
    if named and about_rate and _BALANCE_SHEET.search(q) and (_ASKS_DECISION.search(q) or names_range) \
            and not _DISCUSSION.search(q):
        return "decision", {"direction": direction, "roles": ("balance_sheet",)}  # "about rates and the balance sheet"
    if _BALANCE_SHEET.search(q) and not re.search(r"\b(?:federal funds|fed funds|target range|policy rate)\b", q, _W):
        about_minutes = re.search(r"\bminutes\b", q, _W) and not re.search(r"\bstatements?\b", q, _W)
        if _DISCUSSION.search(q) or about_minutes or _OTHER_DOCUMENT.search(q) or not (named or _CURRENT.search(q)):
            return None, {}
        return ("evolution" if _EVOLUTION.search(q) else "role"), {"roles": ("balance_sheet",)}
    if _UNSCHEDULED.search(q) and not _DISCUSSION.search(q):
        lists = _COUNT.search(q) or re.search(r"\b(?:when|which)\b", q, _W) or not named
        if lists:  # "How many emergency moves were there in 2020?", "When were the unscheduled meetings?"
            return "count", {"unscheduled": True}
        q = _UNSCHEDULED.sub(" ", q)  # "the March 15, 2020 emergency meeting: the range?": that meeting's decision
        about_rate = _about_policy_rate(q)
    holds_meetings = direction is None or (direction == "maintain" and _HOLD_MEETINGS.search(q))
    if _MEETINGS_HELD.search(q) and holds_meetings and not (about_rate or range_of(q) or _DISCUSSION.search(q)):
        return "count", {"meetings_held": True}
    asks_why = bool(_WHY.search(q)) and not _OTHERS_VIEWS.search(q) and not any(p.search(q) for p in _RATES.values())
    if named and _ASKS_DECISION.search(q) and asks_why and not (about_rate or direction):
        return "reason", {}  # "What did the Fed decide in Sept 2025 and why?": the statement's reasons beside it
    if named and _ASKS_DECISION.search(q) and not _DISCUSSION.search(q) and not (about_rate or direction):
        return "decision", {}
    # a move word with no rate named, in a question about a discussion ("when did the staff drop that call?"), is not
    # a policy move
    if not (about_rate or (direction and _MOVE.search(q) and not _DISCUSSION.search(_WHY.sub(" ", q)))):
        return None, {}
    # A range in the clause a question counts from qualifies a hold ("After reaching 5.25-5.5%, how many meetings
    # did it hold there?"), not a move away from it ("After the March 2020 move to the ELB, when was liftoff?").
    main = _EVENT_CLAUSE.sub("", q).strip() or q
    at_range = range_of(main) or (range_of(q) if direction in (None, "maintain") else None)
    qualifiers = {"direction": direction, "size_bp": size_of(q), "at_range": at_range, "why": asks_why,
                  "with_votes": bool(_ANYONE_ELSE.search(q)),
                  "from_range": bool(at_range and direction in ("raise", "lower") and _FROM_RANGE.search(main))}
    if _PEAK.search(q) and (about_rate or _DURATION.search(q)) and direction in (None, "maintain") \
            and not _DISCUSSION.search(q):  # "How long did the Fed hold at the peak?" too
        return "peak", {"edge": "low" if re.search(r"\b(?:lowest|minimum|trough)\b", q, _W) else "high"}
    if named and _COMPARE.search(q) and not _DISCUSSION.search(q) and len(parse_filter(q, []).named_dates) >= 2:
        return "compare", {"direction": direction}  # moves the question names by two dates or more
    if _DURATION.search(q) and qualifiers["at_range"] is not None:
        return "duration", {"at_range": qualifiers["at_range"]}
    if _COUNT.search(q) or _STREAK.search(q) or _AVERAGE.search(q):
        return "count", {**qualifiers, "also_size": bool(_SIZE.search(q) or re.search(r"\btotal\b", q, _W)),
                         "streak": bool(_STREAK.search(q)), "average": bool(_AVERAGE.search(q))}
    if _LARGEST.search(q) or _SMALLEST.search(q):
        return ("largest" if _LARGEST.search(q) else "smallest"), qualifiers
    if _STARTED.search(main) or _FIRST.search(q) or (_LIFTOFF.search(main) and not _LAST.search(q)):
        return "first", qualifiers
    if _STOPPED.search(main) or _LAST.search(q) or (direction and re.search(r"\blatest\b", q, _W)):
        return "last", qualifiers
    edge = "end" if _SPAN_END.search(q) else "start" if _SPAN_START.search(q) else None
    if edge and named and about_rate and not direction and not _DISCUSSION.search(q):
        return "current", {"edge": edge}
    if _CURRENT.search(q) and not named and not _DISCUSSION.search(q):
        return "current", {}
    if not named:
        return None, {}
    if _SIZE.search(q) and direction:
        return "change", {"direction": direction, "with_votes": qualifiers["with_votes"], "why": asks_why}
    if asks_why:
        return "reason", {"direction": direction}  # the statement's reasons for its decision
    if _DISCUSSION.search(q):
        return None, {}
    if direction and _PREVIOUS_MOVE.search(q):  # "the September 2024 cut against the previous cut": moves compared
        return "compare", {"direction": direction}
    if about_rate or (direction and _FOMC.search(q)):
        return "decision", {"direction": direction, "with_votes": qualifiers["with_votes"],
                            "asks_move": not direction and bool(_ANY_MOVE.search(q))}
    return None, {}
