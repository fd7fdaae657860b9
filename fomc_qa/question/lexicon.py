"""The question layer's vocabulary: one pattern per concept (a move up or down, a hold, a count, a first or last,
a statement role, a vote, a dissent ...), read by the intent rules in `fomc_qa.question.intents`."""

from __future__ import annotations

import re

from fomc_qa.text.months import MONTH, YEAR

_W = re.IGNORECASE

LIFT_OFF = r"lift(?:s|ed|ing)?[- ]?off"  # "liftoff", "lifted off": the first hike after a time at the lower bound

RAISE = rf"(?:rais\w*|hik\w*|increas\w*|tighten\w*|went up|go up|{LIFT_OFF}|rise|rises|risen|rose|climb\w*)"

LOWER = r"(?:cut\w*|lower\w*|reduc\w*|eas(?:e|ed|ing)|decreas\w*|went down|go down|fall|falls|fell|fallen|drop\w*)"

# "hold down", "kept up", "left out" are other verbs ("Did hurricanes hold down the jobs numbers?"), not a hold
HOLD = (r"(?:(?:hold|holds|held|holding|kept|keep\w*|leave|left|leaving)(?!\s+(?:\w+\s+)?(?:down|back|up|off|out)\b)"
        r"|pause\w*|unchanged|maintain\w*|steady|skip\w*|on hold"
        r"|(?:stand|stands|stood|standing) pat|(?:stay|stays|stayed|staying) put|(?:sit|sits|sat|sitting) tight)")

DIRECTIONS = (("raise", RAISE), ("lower", LOWER), ("maintain", HOLD))

# A move word whose subject is a market or the economy ("banks' stocks fell", "the unemployment rate had risen",
# "yields rose"), and "fall" the season ("in the fall of 2025"): not a move of the policy rate.
NOT_POLICY_MOVES = re.compile(
    r"\b(?:stocks?|equit(?:y|ies)|share prices|shares|s&p(?: 500)?|vix|yields?|spreads?|the dollar|oil|prices"
    r"|unemployment(?: rate)?|payrolls|jobless claims|gdp|output|spending|inflation|expectations|uncertainty"
    r"|risks?|pressures?|tensions|strains|volatility|(?:financial |credit )?conditions|growth|demand|wages?"
    r"|tariffs?)"
    rf"(?:\s+[\w'-]+){{0,3}}?\s+(?:{RAISE}|{LOWER})\b"
    r"|\b(?:in|during|by|over|through|since|until|into|this|last|the) (?:late |early )?fall\b"
    r"|\bfall (?:of )?(?:19|20)\d{2}\b", _W)

POLICY_RATE = re.compile(
    r"^\s*range\b|\b(?:target range|(?:the )?range(?=\s*[?,;:])|the range|(?:federal|fed) funds|ffr|policy rate"
    r"|interest rates?|rates?|benchmark rate"
    rf"|borrowing costs|hikes?|{LIFT_OFF}|rate (?:cuts?|increases?|reductions?))\b", _W)

# Rates that are data, not the policy rate: "the unemployment rate", "mortgage rates", "the inflation rate".
OTHER_RATES = re.compile(
    r"\b(?:unemployment|inflation|participation|mortgage|exchange|growth|savings?|vacancy|default|delinquency|tax"
    r"|interest on \w+ \w+|loan|deposit|credit card|treasury|bond|market|swap|term|real|neutral|natural)"
    r"[- ]rates?\b|\b(?:rate of (?:inflation|unemployment|growth))\b"
    r"|\b(?:federal|fed) funds (?:volumes?|market|trading|futures|borrowing|lending)\b", _W)  # the market

# "Was the July 2023 hike larger than the May 2023 one?": the moves of the meetings it names, side by side.
COMPARE = re.compile(r"\b(?:larger|bigger|smaller|greater|more aggressive|less aggressive|same size|as (?:large|big)"
                      r"|compar\w*|versus|vs\.?|differ\w*)\b", _W)

# "Was the Dec 2022 hike smaller than the one before it?": that move against the previous move of its kind.
PREVIOUS_MOVE = re.compile(
    r"\bthe (?:one|move|hike|cut|increase|reduction|decrease) (?:before|prior to|preceding) (?:it|that|this)\b"
    r"|\bthe (?:previous|prior|preceding) (?:one|move|hike|cut|increase|reduction|decrease"
    r"|meeting's (?:move|hike|cut))\b", _W)

MOVE = re.compile(rf"\b(?:{RAISE}|{LOWER}|{HOLD}|moves?|changes?|decisions?|actions?)\b", _W)

RATES = {
    "iorb": re.compile(r"\b(?:iorb|ioer|interest (?:rate )?(?:paid )?on (?:excess |reserve )?(?:reserves|balances)"
                       r"|(?:interest )?rates? (?:paid )?on (?:required (?:and|or) )?excess reserve(?:s| balances)"
                       r"|(?:pays?|paid|paying) on (?:excess |required )?reserve(?:s| balances)"
                       r"|(?:excess )?reserve balances? rate)\b", _W),
    "on_rrp": re.compile(r"\b(?:on rrp|rrp|reverse repo\w*|reverse repurchase)\b", _W),
    "discount_rate": re.compile(r"\b(?:discount rate|primary credit)\b", _W),
    "srf_min_bid": re.compile(r"\b(?:standing repo\w*|minimum bid rate|srf)\b", _W),
}

# What the Desk is told to do (the directive, its purchases, repo and reinvestments) is asked about.
DESK_ASKED = re.compile(r"\b(?:directive|desk|soma|repo\w*|reinvest\w*|purchas\w*|runoff|run-off|balance[- ]sheet"
                        r"|holdings|securities|treasur\w*|bills?|mbs|reserves?|liquidity|swap\w*|facilit\w*|qt|qe"
                        r"|taper\w*|roll\w* over|redemptions?|caps?)\b", _W)

# "What technical adjustment to administered rates was made?": the rates the Board and the Desk set beside the range.
ADMINISTERED = re.compile(r"\badministered rates?\b|\btechnical adjustments?\b", _W)

ROLE_WORDS = {
    "inflation": r"inflation|prices?",
    "labor_market": r"labou?r(?:[- ]market)?|employment|unemployment|jobs?|job gains|payrolls|hiring",
    "economic_activity": r"economic activity|(?:the )?economy|growth|activity|output|spending|gdp",
    "risks": r"risks?|uncertain\w*|outlook",
    "forward_guidance": r"guidance|future (?:policy|adjustments|path)|additional adjustments"
                        r"|(?:tightening|easing|firming|hawkish|dovish)[- ]bias",
    "balance_sheet": r"balance sheet|asset purchases|purchases|runoff|holdings|securities",
}

# Guidance about the purchases is the statement's balance-sheet sentence ("... at least $80 billion per month ... until
# substantial further progress ..."), not its forward guidance on the rate: "the asset purchase guidance", "QE
# guidance", "guidance on the pace of its asset purchases". Near misses: "the guidance on the policy rate", "forward
# guidance", "guidance ... and what happened to the taper" (the guidance is not the purchases').
PURCHASE_GUIDANCE = re.compile(
    r"\b(?:(?:asset|securities)[- ]purchases?|purchases?|qe|balance[- ]sheet) guidance\b"
    r"|\bguidance (?:on|for|about|regarding) (?:the |its )?(?:(?:monthly )?pace of (?:its |the )?)?"
    r"(?:(?:asset|securities|treasury|mbs) )?purchases\b", _W)

EVOLUTION = re.compile(
    r"\b(?:chang\w*|evolv\w*|evolution|shift\w*|differ\w*|compar\w*|revis\w*|progress\w*|over the course of"
    r"|over time|through(?:out)? (?:the year|\d{4})|across|from .{3,40} to)\b", _W)

DESCRIBE = re.compile(
    r"\b(?:describ\w*|characteri[sz]\w*|assess\w*|say|said|says|word\w*|language|view|portray\w*)\b", _W)

COUNT = re.compile(
    r"\bhow many\b|\bnumber of\b|\bwhich (?:\w+ )?(?:meetings|months|dates)\b|\bin which meetings\b"
    r"|^\s*count (?:the|all|every|up)\b"  # "Count the 75 basis point rate increases ... in 2022."
    r"|\blist (?:the |all |every )\b|\bhow often\b|\bin total\b|\btotal\b|\bcumulative\w*|\baltogether\b"
    r"|\bhow much (?:in total|altogether|overall)\b|\bby how much (?:in total|overall|altogether)\b", _W)

# "first"/"last" as an occurrence, not an ordinal meeting ("the first meeting of 2024") or a quarter.
# "the last meeting of 2022" is a date, not an ordinal; "the last meeting in 2020-2025 at which rates were held" is.
NOT_ORDINAL = (r"(?!\s+(?:\w+\s+)?(?:meeting|quarter|half|statement|minutes)\s+(?:of|in)\b"
                r"(?!.*\b(?:at which|in which|where|when|that)\b))")

FIRST = re.compile(rf"\b(?:first|earliest|initial)\b{NOT_ORDINAL}", _W)

LIFTOFF = re.compile(rf"\b{LIFT_OFF}\b", _W)

LAST = re.compile(rf"\b(?:last|final|most recent(?:ly)?)\b{NOT_ORDINAL}", _W)

# "the last meeting", "the most recent statement": the latest indexed meeting, not the last move of a kind.
LATEST_MEETING = re.compile(
    r"\b(?:(?:the|its|their|this)\s+)?(?:last|latest|newest|most recent|final)\s+(?:fomc\s+|policy\s+)?"
    r"(?:meeting|statement|decision|minutes)\b"
    r"(?!\s+(?:of|in|for|before|prior|after|since|at|on|when|where|which|whose|that|with|to|under|until)\b)", _W)

# "stopped raising" is the last raise; "began cutting" the first cut.
STOPPED = re.compile(r"\b(?:stop\w*|end\w*|halt\w*|conclud\w*|finish\w*|paus\w*)\s+(?:its\s+|the\s+)?"
                      r"(?:rais|hik|cut|lower|eas|tighten)\w*", _W)

STARTED = re.compile(r"\b(?:start\w*|begin\w*|began|begun|commenc\w*|resum\w*|initiat\w*|kick\w* off)\s+"
                      r"(?:to\s+)?(?:its\s+|the\s+)?(?:rais|hik|cut|lower|eas|tighten)\w*", _W)

AFTER = re.compile(r"\b(?:after|following|since|post|once)\s+(?:the\s+|its\s+|that\s+)?(?:[\w'’–—-]+\s+){0,3}$", _W)

# "the tightening cycle that began in 2022": the run of moves one way, holds included, until the first
# move the other way; the question's dates name where the cycle started, not where it ends.
CYCLE = re.compile(
    r"\b(?:(tightening|hiking|rate[- ]hik\w*|rate[- ]increase|firming)|(easing|cutting|rate[- ]cut\w*|loosening"
    r"|rate[- ]reduction))\s+(?:cycle|campaign|phase|spree)\b", _W)

CYCLE_DATED = re.compile(r"\b(?:that|which)\s+(?:began|begun|started|commenced|kicked off)\s+(?:in|on|at|with)\s+"
                          r"(?:the\s+)?(?:\w+\s+){0,2}?(?:19|20)\d\d\b", _W)

CYCLE_BEGIN = re.compile(r"\b(?:begin|began|begun|start\w*|kick\w* off|commenc\w*)\b", _W)

CYCLE_END = re.compile(r"\b(?:end|ended|ending|conclud\w*|finish\w*|stop\w*|peak\w*)\b", _W)

MEETINGS_HELD = re.compile(r"\bhow many (?:\w+ )?(?:fomc |policy |scheduled )?meetings\b"
                            r"|\bnumber of (?:fomc )?meetings\b"
                            r"|\bhow (?:many times|often) did (?:the )?(?:fomc|committee|fed) meet\b", _W)

HOLD_MEETINGS = re.compile(r"\b(?:hold|held|have|had)\s+(?:in|during|over|between|from|since|that|this|last|each|per"
                            r"|a year|\d{4})\b|\b(?:hold|held|have|had)\s*\??$", _W)  # meetings held, not rates

# "Why did the FOMC cut in September 2024?": the statement gives the Committee's reasons beside its decision;
# what participants or the staff argued is the minutes' (left to the passages). The one "why" pattern: the Ask table's
# WHY row (fomc_qa.question.asks, with its examples and near misses) reads with it too.
WHY = re.compile(r"\bwhy\b|\breason(?:s|ing)?\b|\brationale\b|\bexplanations?\b|\bexplain\w*|\bon what basis\b"
                 r"|\bthinking behind\b|\bjustif\w*"
                 r"|\bwhat (?:prompted|led|drove|pushed|stopped|kept|held back|motivated|caused|was behind)\b"
                 r"|\bwhat held (?:them|it|the (?:fed|fomc|committee)|policymakers|officials|members"
                 r"|participants) back\b"
                 r"|\bgrounds\b|\bmotivat\w+|(?:\b(?:the|its|their)|['’]s) case for\b"
                 r"|\btip(?:ped|s)? the (?:balance|scales)\b"
                 r"|\bwhat (?:tipped|convinced|persuaded|made)\b(?= (?:the |its )?(?:fed|fomc|committee|policymakers"
                 r"|officials|members|participants|majority)\b)", _W)

OTHERS_VIEWS = re.compile(r"\b(?:participants?|members?|staff|minutes|dissent\w*|argu\w*|discuss\w*|desk|manager"
                           r"|survey\w*|respondents?)\b", _W)

ORDINAL_WORD = r"(?:first|earliest|last|latest|final|most recent(?:ly)?)"

VOTE_ORDINAL = re.compile(rf"\b{ORDINAL_WORD}\s+(?:[\w-]+\s+){{0,2}}?(?:dissent\w*|unanim\w*|vote)"
                           rf"|\b(?:dissent\w*|unanim\w*)\b.{{0,25}}\b{ORDINAL_WORD}\b", _W)

MOVE_ORDINAL = re.compile(rf"\b{ORDINAL_WORD}\s+(?:[\w'-]+\s+){{0,3}}?(?:cut|hike|increase|move|reduction|raise)\w*",
                           _W)

# Questions about other central banks' policy ("the exception to the easing trend among foreign central banks"):
# not the FOMC's record, though they use its words.
ELSEWHERE = re.compile(
    r"\b(?:foreign|other|overseas|global|emerging[- ]market|advanced[- ]economy)\s+(?:central banks?|policymakers)\b"
    r"|\bcentral banks\b|\b(?:ecb|boj|boe|pboc|snb|rba|european central bank|bank of (?:england|japan|canada|korea"
    r"|mexico)|central bank of \w+|reserve bank of \w+|people's bank of china|swiss national bank)\b", _W)

# "... and did anyone push for more?": the move, and the vote that shows who wanted another one.
ANYONE_ELSE = re.compile(r"\b(?:any(?:one|body)|any (?:member|participant|official|voter)s?|who)\b.{0,40}"
                          r"\b(?:prefer\w*|favou?r\w*|want\w*|push\w*|argu\w*|call\w*|press\w*|dissent\w*|object\w*)\b",
                          _W)

SINCE_EXTREME = re.compile(r"\b(?:since|after|from|off)\s+(?:the\s+|its\s+)?(?:\w+\s+)?"
                            r"(peak|top|high|highs|trough|bottom|low|lows)\b", _W)

AVERAGE = re.compile(r"\b(?:average|mean|typical)\s+(?:size|move|hike|cut|increase|step)", _W)

STREAK = re.compile(r"\b(?:consecutive(?:ly)?|in a row|straight|successive|back[- ]to[- ]back|streak)\b", _W)

MOST = re.compile(r"\bmost (?:often|frequently|times|dissents)\b|\bthe most\b(?!\s+recent)"
                   r"|\b(?:dissent\w*|vot\w* (?:against|no))\s+most\b"
                   r"|\bmore than (?:once|anyone)\b", _W)

# "the peak fed funds rate", "the lowest the range went": the highest (lowest) range of a span, and how long it held
PEAK = re.compile(r"\b(?:peak\w*|highest|lowest|trough|top(?:ped out)?)\b"
                   r"|\b(?:maximum|minimum)\s+(?:target\s+|policy\s+)?(?:range|rate|level)\b", _W)

LARGEST = re.compile(r"\b(?:biggest|largest|greatest|steepest|sharpest|most aggressive|jumbo)\b", _W)

SMALLEST = re.compile(r"\b(?:smallest|least|mildest)\b", _W)

DURATION = re.compile(r"\bhow long\b|\bfor how many (?:months|years)\b", _W)

# "at the end of 2023": the range the span's last meeting left; "at the start of 2022": the one its first met.
SPAN_END = re.compile(r"\b(?:at|by) the (?:end|close) of\b|\byear[- ]end\b|\bend of (?:the year|\d{4})\b", _W)

SPAN_START = re.compile(r"\b(?:at|by) the (?:start|beginning|outset) of\b|\bgoing into\b|\bentering\b", _W)

CURRENT = re.compile(
    r"\b(?:current\w*|now|today|at present|presently|latest|newest|most recent(?:ly)?|as of (?:now|today)|these days"
    r"|right now|as it stands|stand(?:s)? now|at the moment)\b", _W)

# A move the question takes as done at its meeting ("How big was the June 2023 hike?", "Why did the Fed cut in January
# 2025?"): an analyst's noun or verb for a raise or a cut of rates, not negated or hypothetical. Near misses: "Why did
# the FOMC skip a hike", "not raising rates", "How close did it come to cutting", "Why not pause", "the lower and upper
# bounds", "where did it leave the target range", "the last hike before the September 2024 cut" (a second move),
# "what did it signal about rate hikes" (a future move).
PRESUMED_RAISE = re.compile(r"\b(?:hike[sd]?|hiking|rate (?:increase|rise)s?|raised? (?:interest )?rates"
                            r"|(?:raise|increase)d? the (?:target )?range|tighten(?:ed|ing)?)\b", _W)
PRESUMED_CUT = re.compile(r"\b(?:cut(?:s|ting)?|rate (?:reduction|decrease)s?|lower(?:ed)? (?:interest )?rates"
                          r"|(?:lower|reduce)d? the (?:target )?range|eas(?:ed|ing) (?:policy|rates))\b", _W)
NOT_PRESUMED = re.compile(r"\b(?:skip\w*|not|no|never|without|instead of|rather than|come to|close to|consider\w*"
                          r"|debate\w*|would have|could have|pause\w*|hold\w*|held|before|after|since|until|next"
                          r"|first|last|previous|prior|following|signal\w*|expect\w*|anticipat\w*|future|further"
                          r"|additional|more|plan\w*|guidance|odds|would|could|should|might|may)\b|n't\b", _W)

# "Sept 2022 75bp", "the half-point cut": a move named by its size alone.
MOVE_SIZE = re.compile(r"\b\d+(?:\.\d+)?\s?(?:bps?|basis[- ]points?)\b|\b(?:quarter|half)[- ]point\b", _W)

SIZE = re.compile(r"\bby how much\b|\bhow (?:much|big|large)\b|\bsize\b|\bbasis points?\b|\bbps?\b|\bmagnitude\b", _W)
# ... asked in words, not said ("75 basis point moves" names a size, it does not ask one)
SIZE_ASKED = re.compile(r"\bby how much\b|\bhow (?:much|big|large)\b|\bsize\b|\bmagnitude\b", _W)

# "Kugler at the Jul 2025 meeting?", "Was Logan at the June 2024 meeting?": whether that person attended.
PERSON_AT_MEETING = re.compile(r"^\s*(?:was|were|is)?\s*[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+)?\s+(?:at|in)\s+"
                                r"(?:the\s+)?(?:\w+\s+){1,3}meeting\s*\?\s*$")

ATTEND = re.compile(r"\b(?:attend\w*|present at|participat\w* in the meeting|who was at|who were at)\b", _W)

# "When did the statement first call inflation 'transitory'?", "... stop saying ...", "how many statements
# mentioned ...": the occurrences of a term in the statements' sentences over a span. The term is what the
# question quotes, or what follows "the word/phrase", "describe ... as", "mention/refer to".
# The quoted words less the punctuation the quotation carries ("... will be appropriate," is no statement's phrase);
# not the apostrophes of "wasn't".
QUOTED = re.compile(r"(?<![A-Za-z])[\"“‘']([^\"”’']{2,60}?)[,.;:]?[\"”’'](?![A-Za-z])")

TERM_AFTER = re.compile(
    r"\b(?:(?:mention\w*|refer\w*\s+to|us(?:e|ed|ing)|list(?:s|ed|ing)?(?!\s+as\b))\s+(?:the\s+)?"
    r"(?:(?:word|term|phrase|expression)s?\s+)?"
    r"|the\s+(?:word|term|phrase|expression)s?\s+"
    r"|(?:describ\w*|characteri[sz]\w*)\s+(?:\w+\s+){1,3}?as\s+"
    r"|call\w*\s+(?:\w+\s+){1,3}?(?=[\w-]+\s*(?:[?.]|$))"
    r"|(?:say\w*|said|stat\w*)\s+(?:that\s+)?(?:[\w.]+\s+){1,4}?(?:was|is|were|are|would be|will be|remained"
    r"|remains|had been|has been)\s+)"
    # "... was sound and resilient?": a last "and <word>" belongs to the term; elsewhere "and" ends it
    r"(?P<term>[a-z][\w-]*(?:\s+(?:and\s+(?=(?!(?:when|why|how|where|who|what|which)\b)[a-z][\w-]*\s*[?.]?\s*$))?"
    r"[a-z][\w-]*){0,3}?)\s*(?:[?.,;]"
    r"|\s+(?:in|at|for|from|during|between|among|and(?!\s+(?!(?:when|why|how|where|who|what|which)\b)[a-z][\w-]*\s*[?.]?"
    r"\s*$)|or|after|before|since|until|to)\b|$)", _W)

MENTION_FIRST = re.compile(r"\b(?:first|start\w*|begin\w*|began|introduc\w*|earliest|enter(?:ed|s)?|added"
                            r"|show(?:s|ed)? up)\b", _W)

MENTION_LAST = re.compile(r"\b(?:last|stop\w*|drop\w*|remov\w*|no longer|ceas\w*|abandon\w*|retire\w*"
                           r"|latest|final)\b", _W)

MENTION_COUNT = re.compile(r"\bhow many\b|\bhow often\b|\b(?:which|what) (?:statements|meetings)\b|\bnumber of\b",
                            _W)

STATEMENT_WORDS = re.compile(r"\bstatements?\b|\bdescrib\w*|\bcall\w*|\bwording\b|\blanguage\b"
                              r"|\b(?:word|term|phrase)\b|\bmention\w*|\bsay(?:ing)?\b|\bsaid\b|\bappear\w*", _W)

# "'ongoing increases' -> 'some additional policy firming': which meeting switched?", "when did the statement go
# from 'X' to 'Y'": a change of wording between two quoted terms asks when the new one first appeared.
TRANSITION = re.compile(r"\s*(?:->|→|=>|—>|\bto\b|\bbecame\b|\bgave way to\b|\b(?:was )?replaced by\b"
                         r"|\bturned into\b|\bchanged to\b|\bswitched to\b)\s*", _W)

REPLACED = re.compile(r"\s*(?:\breplaced\b|\bsuperseded\b|\btook the place of\b|\binstead of\b)\s*", _W)

# "Who was Vice Chair", "who chaired", "who ran the Desk": the Committee's officers as the minutes title them.
OFFICER_TITLES = (
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

WHO = re.compile(r"\bwho\b|\bname (?:of )?the\b|\bwhich (?:person|official)\b", _W)

# "When did Joshua Gallin become Secretary?", "when did X take over from Y as manager?": answered by the runs of
# meetings at which each holder held the title.
TOOK_OFFICE = re.compile(r"\b(?:when|since when|as of when|which meeting|what meeting)\b.{0,80}\b(?:becom\w*|became"
                          r"|take over|took over|tak\w+ over|start\w*|beg[ai]n\w*|assum\w*|named|appointed|selected"
                          r"|elected|chosen|succeed\w*|replac\w*|step\w* down|left|leave)\b", _W)

# What a named member wanted instead: in the record, a dissenter's preferred action.
PREFERENCE = re.compile(r"\b(?:prefer\w*|favou?r(?:ed|s)?|wanted|want\w* instead|instead|push\w* for|advocat\w*"
                         r"|would have liked)\b", _W)

# "Which voter would have preferred a smaller increase?" asks for a dissent too; which participants preferred one
# asks the discussion.
DISSENT = re.compile(r"\b(?:dissent\w*|vot\w* against|vot\w* no|no votes?|opposed|objected"
                     r"|(?:voter|voting member)s?\b(?:\s+\w+){0,3}?\s+preferr\w*)\b", _W)

VOTE = re.compile(r"\b(?:vot\w*|unanim\w*|split decision)\b", _W)  # "easing tally" counts moves, not votes

DECISION = re.compile(r"\b(?:decid\w*|decision|do|did|action|set|move|announce\w*)\b", _W)

SPAN_RANGE = re.compile(
    rf"\b(?:between|from)\s+(?:the\s+|its\s+)?{MONTH}\s+(?:\d{{1,2}},?\s+)?{YEAR}?\s*(?:meeting\s+)?"
    rf"(?:and|to|through|until)\s+(?:the\s+)?{MONTH}\s+(?:\d{{1,2}},?\s+)?{YEAR}", _W)

# Qualifiers of a move: its size ("75-basis-point hikes", "half-point cuts") and the range it left.
SIZE_WORDS = {"quarter": 25, "half": 50, "three quarter": 75, "full": 100}

SIZE_BP = re.compile(
    r"\b(\d{2,3})[- ]?(?:basis[- ]point|bps?\b|bp\b)|\b(three[- ]quarter|quarter|half|full)[- ](?:percentage[- ])?point"
    r"|\b(\d/\d|\d\.\d\d?)[- ](?:percentage[- ])?point", _W)

RANGE_IN_Q = re.compile(
    r"\b(\d+(?:\.\d+|-\d/\d)?|\d/\d)\s*(?:%|percent)?\s*(?:to|-|–)\s*(\d+(?:\.\d+|-\d/\d)?|\d/\d)\s*(?:%|percent)"
    r"|\b(0|\d+(?:\.\d+|-\d/\d))\s*(?:to|-|–)\s*(\d+(?:\.\d+|-\d/\d)|\d/\d)\b(?![\d/])", _W)  # "0 to 1/4", "5.25-5.5"

# "liftoff from the zero lower bound", "the first cut off 5-1/4 to 5-1/2 percent": the range a move left
FROM_RANGE = re.compile(r"\b(?:from|off|away from|above)\s+(?:the\s+)?(?:(?:zero|effective)\s+lower\s+bound|elb|zlb"
                         r"|zero|\d)", _W)

NEAR_ZERO = re.compile(r"\b(?:near|at|close to) zero\b|\b(?:zero|effective) lower bound\b|\bzlb\b|\belb\b", _W)

# Point-in-time intents: "after the July 2023 hike, what IORB ...?" asks about that meeting, not the next.
# An administered rate's level is asked for, not a discussion of the facility.
# "rate" asks a level, except in "the rate cut" (the policy move named beside a facility: "besides the rate cut, what
# did the Committee decide about standing repo operations?").
RATE_LEVEL = re.compile(r"\b(?:rates?(?!\s+(?:cuts?|hikes?|increases?|reductions?|decisions?|moves?)\b)|iorb|ioer"
                         r"|percent|level|set(?!\s+up\b)|adjust\w*|moved?|changed?)\b", _W)  # "set up" a facility

POINT_INTENTS = ("rate", "decision", "change", "votes", "dissents", "attendance", "officer", "role")

# "the first cut after the hiking cycle": the clause after "after/since/before" names the event the
# question counts from, not the move it asks about.
EVENT_CLAUSE = re.compile(r"^\s*(?:after|since|following|once|before|until|prior to)\b[^,]*,"
                           r"|\b(?:after|since|following|once|before|until|prior to)\b[^,:;?]*", _W)

EVENT = re.compile(rf"\b(?:after|since|following)\s+(?:the\s+|its\s+|a\s+)?(?:\w+\s+){{0,2}}?"
                    rf"(?:run of\s+|series of\s+)?({RAISE}|{LOWER}|{HOLD})\b", _W)

# "the zero lower bound" is a level, not a move lower
LOWER_BOUND = re.compile(r"\b(?:(?:zero|effective)\s+)?lower\s+bound\b|\b(?:elb|zlb)\b", _W)

# "starting in March 2022", "beginning with the March 2022 meeting": that meeting and every one after it.
CHAIN_GOES_ON = re.compile(rf"\s*(?:,\s*)?(?:to|then|->|=>|→)\s+(?:the\s+)?{MONTH}\b", _W)

FROM_ON = re.compile(rf"\b(?:starting|beginning|commencing)\s+(?:in\s+|with\s+(?:the\s+)?|at\s+(?:the\s+)?)?"
                      rf"{MONTH}\s+(?:\d{{1,2}},?\s+)?{YEAR}(?!\s+(?:\w+\s+)?(?:to|through|until|and)\b)", _W)

# "the first cut after the 2022-23 hikes", "following the 2020 cuts": the moves of those years are the event; the
# question asks about the meetings after them ("after the 2022-23 tightening cycle" is CYCLE's).
AFTER_YEARS_MOVES = re.compile(rf"\b(?:after|following|since)\s+(?:the|its)\s+(?P<first>20\d\d)(?:\s*[-–]\s*"
                               rf"(?P<last>(?:20)?\d\d))?\s+(?:rate\s+)?(?:{RAISE}|{LOWER})\b(?!\s+cycles?\b)", _W)

# "by September 2024", "up to March 2023": a span from the first indexed meeting through that month.
UP_TO = re.compile(rf"\b(?:by|up to|up until)\s+(?:the\s+)?{MONTH}\s+{YEAR}\b", _W)

# Capitalized words that open questions and are not names.
VERBS_AND_NOUNS = frozenset("was were is are has have had does list give name compare summarize describe explain "
                             "according per under since after before during inflation rates rate policy".split())

# "Who dissented in favor of a larger cut?", "hawkish dissents": dissents for more easing or for less. A size is a
# side only as what a dissenter wanted ("who wanted a 50bp cut?"), not the decision's ("the easing cycle started with
# a 50 basis point cut: who voted against it?").
_PREFERRED = r"\b(?:for|favou?r\w*(?:\s+of)?|wanted|preferr\w*|push\w* for|argu\w* for)\s+(?:a\s+|an\s+)?"
EASIER = re.compile(
    r"\b(?:larger|bigger|deeper|steeper|more aggressive|faster)\s+(?:rate\s+)?(?:cuts?|reductions?|easing)\b"
    r"|\b(?:smaller|less)\s+(?:rate\s+)?(?:hikes?|increases?)\b"
    rf"|{_PREFERRED}(?:half[- ]point|50[- ]?(?:bp|basis[- ]point))\s+(?:rate\s+)?(?:cuts?|reductions?)\b"
    rf"|\bmore easing\b|\bdovish\w*|{_PREFERRED}(?:rate\s+)?(?:cuts?|reductions?|lower\w*|eas\w*)\b", _W)

TIGHTER = re.compile(
    r"\b(?:smaller|shallower)\s+(?:rate\s+)?(?:cuts?|reductions?)\b|\bhawkish\w*|\b(?:larger|bigger)\s+(?:rate\s+)?"
    r"(?:hikes?|increases?)\b|\b(?:for|favou?r\w*|wanted|preferr\w*|push\w* for|argu\w* for)\s+(?:a\s+|an\s+|no\s+)?"
    r"(?:rate\s+)?(?:hikes?|increases?|rais\w*|tighten\w*|holds?|hold\w*|pause|change)\b", _W)

# "meetings with no dissenting votes", "decided without dissent", "nobody dissented": unanimous decisions
# "Did everyone on the Committee want a 50 basis point cut?", "Did all members support it?": whether the vote was
# unanimous (read as "unanimous").
ALL_AGREED = re.compile(
    r"\b(?:every(?:one|body)|every member|all (?:the )?(?:members|voters|policymakers|officials)"
    r"|the (?:whole|entire) committee)(?: (?:on|of) the committee)?\s+(?:want\w*|support\w*|favou?r\w*|agree\w*"
    r"|back\w*|vote\w* for)\b", _W)

NO_DISSENT = re.compile(r"\b(?:no|zero|without(?: a| any)?)\s+dissent\w*(?:\s+votes?)?\b"
                         r"|\b(?:no ?one|nobody|no members?)\s+dissented\b", _W)

# "ON RRP rate - first move off 0.00%?", "IORB peak this cycle, set when?": an administered rate's first or last change
# (from a level, when one is named), or its highest or lowest level, over the span.
RATE_CHANGE = re.compile(r"\b(?:mov\w*|chang\w*|adjust\w*|rais\w*|increas\w*|hik\w*|cut\w*|lower\w*|reduc\w*"
                          r"|decreas\w*|set)\b", _W)

RATE_FROM = re.compile(r"\b(?:from|off|above)\s+(?:(zero)\b|(\d+(?:\.\d+)?)\s*(?:%|percent))", _W)

# "What changed in the March 2023 statement?", "what replaced the paragraph ...", "how did the wording differ": the
# redline from one statement to the next.
REDLINE = re.compile(r"\b(?:chang\w*|differ\w*|replac\w*|dropp\w*|drop|added|add|remov\w*|revis\w*|edit\w*|tweak\w*"
                      r"|redline|compar\w*|went from|new (?:language|wording|sentences?|paragraph))\b", _W)

# A redline question's words that say how it asks, not what about: what is left ("additional policy firming",
# "public health", "reserves") names the edit it asks for, which the answer tells first.
REDLINE_ASKING = frozenset(
    "what which how did does do was were is are the a an in of to from and or vs versus between compared with than "
    "statement statements language wording sentence sentences phrase phrases word words paragraph text change changed "
    "changes changing replaced replace drop dropped added add new removed remove revised edit edits redline went "
    "showed show up appeared appear wasn't weren't not no longer that it its fomc fed committee say said says about "
    "one one-word single make made guidance".split())

# Edits, not a description's evolution: the whole redline, the role's changes first.
REDLINE_EDITS = re.compile(
    r"\b(?:replac\w*|dropp\w*|drop|added|remov\w*|redline|went from|showed up|appeared|no longer"
    r"|new (?:\w+ )?(?:language|wording|sentences?|phrases?|paragraph)|(?:was|were)n'?t in|(?:was|were) not in)\b", _W)

# The statement's own wording edited ("why was 'transitory' dropped from the statement?", "why did the Committee add
# language on the cumulative tightening?", "why did it stop saying the crisis posed considerable risks?"): an edit and
# the words edited, not a rate dropped or holdings added to.
_EDIT = r"(?:dropp\w*|drop|add(?:ed|ing)?|remov\w*|replac\w*|delet\w*|reword\w*|revis(?:e|ed|ing|ions?))"
_QUOTED = r"(?:\"[^\"?]{1,80}\"|“[^”?]{1,80}”|‘[^’?]{1,80}’|(?<!\w)'[^'?]{1,80}'(?!\w))"
_EDITED = (r"(?:\b(?:language|wording|phrase|phrasing|line|words?|reference|sentence|clause|characteri[sz]ation)\b"
           r"|[\"“‘]|(?<!\w)'(?=\w))")
STATEMENT_EDIT = re.compile(
    rf"\b{_EDIT}\b[^?.;]{{0,50}}?(?:{_EDITED}|\b(?:from|in|into) (?:the|its) (?:\w+ )?statement\b)"
    r"|\badd(?:ed|ing)?\b[^?.;]{0,50}?\bto (?:the|its) statement\b"
    rf"|(?:{_EDITED}|{_QUOTED})[^?.;]{{0,40}}?\b{_EDIT}\b"
    r"|\b(?:stop\w*|ceas\w*|no longer) (?:saying|say|said|using|describing|referring|mentioning)\b"
    r"|\bswitch\w* (?:to|from) (?:saying|describing)\b", _W)

OTHER_VOTES = re.compile(r"\b(?:facilit\w*|srf|fima|swap lines?|programs?|authoriz\w*|ratif\w*|transactions"
                          r"|guidelines|rules|consensus statement|longer-run goals)\b", _W)

# Questions about what was discussed or expected, not what was decided: left to the passages.
DISCUSSION = re.compile(
    r"\b(?:staff|participants?|members? (?:noted|discussed|argued|said|judged|saw)|discuss\w*|argu\w*|why|reason\w*"
    r"|expect\w*|projections?|forecast\w*|survey|market[- ]implied|ois|futures|case for|consider\w*|concern\w*"
    r"|needed|need|manager(?:'s)?|desk|report\w*|recommend\w*|debat\w*|views?)\b", _W)

BALANCE_SHEET = re.compile(r"\b(?:purchases?|holdings|runoff|balance sheet|securities|mbs|treasur\w+|taper\w*|qt|qe|"
                            r"quantitative (?:tightening|easing)|"
                            r"redemptions?|reinvest\w*)\b", _W)

ANY_MOVE = re.compile(r"\b(?:chang\w*|mov\w*|adjust\w*|alter\w*|act)\b", _W)
# "the move" as a noun: with a size asked ("what size was that move?"), the policy move of the meeting named
A_MOVE = re.compile(r"\bmoves?\b(?!\s+(?:to|into|toward|from)\b)", _W)

_DECIDERS = r"(?:the )?(?:fed|fomc|committee|federal reserve|they|it)"
ASKS_DECISION = re.compile(rf"\bwhat did {_DECIDERS} (?:do|decide)\b"
                           # "Jan 2025 FOMC: did they move, and ...?", not "did the Fed move too slowly?"
                           rf"|\bdid {_DECIDERS} (?:move|act)(?=\s*(?:[?,;:]|$|(?:at|in|on)\b))"
                           r"|\bdecisions?\b|\bdecided?\b|\bactions?\b", _W)

FOMC = re.compile(r"\b(?:fed|fomc|committee|federal reserve)\b", _W)

# Balance-sheet documents other than the statement ("the balance sheet principles", "the Plans for Reducing ...", "the
# directive"): what they say is in the minutes' passages, not in the statement's balance-sheet sentences.
OTHER_DOCUMENT = re.compile(r"\b(?:principles|plans? for|directives?|implementation note)\b", _W)

# What a minutes speaker reported, discussed or favored ("According to the manager, what moved market pricing toward 75
# basis point hikes?", "what size of increase would some participants have favored?"): the minutes' passages answer,
# not the record of moves (participants discuss; members vote, and the record holds their votes).
REPORTED_BY = re.compile(
    r"\bparticipants?\b|\b(?:according to|per|in) the (?:manager|desk|staff)\b|\b(?:manager|desk|staff)'s\b"
    r"|\bthe (?:manager|desk|staff) (?:said|reported|noted|described|discussed|expected|saw)\b"
    r"|\b(?:manager|desk|staff) (?:briefing|report|review|presentation|survey|outlook|forecast)s?\b", _W)

# ("the intermeeting period" is the time between meetings, not an action taken in it)
UNSCHEDULED = re.compile(r"\b(?:unscheduled|emergency|inter-?meeting(?! period)|notation votes?|off-cycle)\b", _W)
