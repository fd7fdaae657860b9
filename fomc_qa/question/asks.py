"""What one part of a question asks for: the kind of answer a lead sentence must give.

An ordered rule table (first match wins), each row with questions it must read that way (`examples`) and questions
that look alike but must not (`near_misses`); `tests/test_question_layer.py` runs every row's examples and near misses.
A part that matches no row asks "what".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from fomc_qa.question.lexicon import WHY


class Ask(StrEnum):
    WHY = "why"
    COMPARE = "compare"
    EVOLUTION = "evolution"
    SHARE = "share"
    HOW_MANY = "how many"
    HOW_MUCH = "how much"
    WHEN = "when"
    WHO = "who"
    LIST = "list"
    WHAT = "what"


@dataclass(frozen=True)
class AskRule:
    ask: Ask
    pattern: re.Pattern[str]
    examples: tuple[str, ...]
    near_misses: tuple[str, ...] = ()


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# Whom a share is of: participants (a count of members is a vote's).
SHARE_OF = r"(?:of (?:the |these )?)?(?:\w+ )?(?:participants|policymakers|officials)\b"
SHARE_ASKED = _rx(rf"\bhow many {SHARE_OF}|\bwhat (?:share|proportion|fraction) {SHARE_OF}"
                  r"|\bhow (?:broad|broadly|widely|widespread|divided|split|united)\b|\bhow much support\b")

ASK_RULES: tuple[AskRule, ...] = (
    AskRule(Ask.WHY,
            WHY,
            ("Why did the Fed pause in June 2023?", "What reasons did the minutes give for slowing the hikes?",
             "What prompted the emergency cut in March 2020?", "What justified the first cut of 2024?",
             "What pushed the FOMC to a 75 bp hike in June 2022?", "What was the Committee's case for a 50 bp hike?",
             "July 2024 hold: what stopped the Committee from cutting?",
             "Esther George dissented in June 2022: what was her reasoning?",
             "What explanation did the minutes give for slowing the pace of runoff?",
             "Dec 2024: what were Hammack's grounds for dissenting against the cut?",
             "Sept 2025 cut - what tipped the Committee toward easing?",
             "What convinced the FOMC to hold in June 2023?",
             "March 2022 liftoff was only 25 bp though many wanted more. What held them back?"),
            ("What did the staff say about the risks to inflation?", "When did the Fed pause?",
             "What made up most of the Desk's purchases in 2020?",
             "What did the Committee decide about the case of a bank in stress?",
             "By how many basis points did the Fed cut in September 2024?")),
    AskRule(Ask.COMPARE,
            _rx(r"\bcompar\w*|\bversus\b|\bvs\.?(?=\s)|\bdiffer\w*|\b(?:bigger|larger|smaller|greater|higher|lower"
                r"|faster|slower) than\b|\bsame (?:size|as)\b|\bas (?:large|big) as\b"),
            ("Was the December 2022 hike smaller than the one before it?",
             "How did the January 2022 statement differ from December 2021's?",
             "Compare the May 2022 and June 2022 decisions."),
            ("How big was the December 2022 hike?", "What did the January 2022 statement say about inflation?")),
    AskRule(Ask.EVOLUTION,
            _rx(r"\bhow (?:did|has|have|had)\b.{0,80}\b(?:chang|evolv|shift|develop)(?:e|ed)?\b"
                r"|\bevol\w+|\bover time\b"
                r"|\bacross (?:the )?(?:\w+ )?(?:meetings|statements|minutes)\b|\bfrom one meeting to the next\b"),
            ("How did the statement's description of inflation change through 2021?",
             "How did the Committee's view of the labor market evolve over 2022?"),
            ("What changed in the statement in March 2022?", "Why did the Fed change rates in March 2022?",
             "How did the staff deal with possible changes to trade and other government policies in its December "
             "2024 projection?", "How did participants read financial developments in March 2023?")),
    # what share of the Committee held a view: the minutes answer "A majority of participants judged ...", not a count
    AskRule(Ask.SHARE,
            SHARE_ASKED,
            ("Sep 2023 minutes: how many participants saw another hike as likely?",
             "How divided were participants over the December 2025 cut?",
             "how broad was support among participants for the half-point cut?",
             "how widely was that preference shared per the minutes?"),
            ("How many members dissented in 2022?", "How many FOMC members voted against the December 2025 decision?",
             "How wide was the target range?", "How much did the Fed cut in 2025?")),
    AskRule(Ask.HOW_MANY,
            _rx(r"\bhow many\b|\bnumber of\b|\bhow often\b|\bhow many times\b|\bcount\b"),
            ("How many times did the Fed cut in 2025?", "What was the number of dissents in 2022?"),
            ("How much did the Fed cut in 2025?", "Who dissented most often?")),
    AskRule(Ask.HOW_MUCH,
            _rx(r"\bhow (?:much|big|large|high|low|far|fast)\b|\bby what\b|\bwhat (?:size|level|range|pace|rate"
                r"|amount|cap)\b|\bwhat (?:daily|weekly|monthly) pace\b|\bto what (?:level|range)\b"
                r"|\bwhere did\b.{0,40}\b(?:go|move|stand|end)\b"
                # a forecast's figure: "what PCE inflation did they project for 2022?"
                r"|\bwhat (?:[\w-]+ ){0,3}(?:inflation|growth|unemployment|gdp)(?: rate)? "
                r"(?:did|does|do|was|were|would)\b[^?]{0,40}?\b(?:project|forecast|expect|see|pencil)\w*"
                # a step's size, asked last: "..., and what was the new monthly reduction?"
                r"|\bwhat (?:was|were|is) the (?:new |revised )?(?:monthly |weekly )?(?:reduction|increase|decrease"
                r"|cut|hike|step)s?\s*\??\s*$"),
            ("How much did the Fed raise rates in June 2022?", "What range did the Committee set in July 2023?",
             "How fast was the Treasury runoff in 2023?", "Where did the target range end 2024?",
             "and what PCE inflation did they project for 2022?", "What core PCE inflation did the staff forecast?",
             "and at what monthly pace?", "and what was the new monthly reduction?"),
            ("How many hikes were there in 2022?", "Why did the Fed raise rates in June 2022?",
             "What was the reduction in purchases meant to signal?",
             "What did the staff say about inflation in 2022?", "What inflation risks did the staff see?")),
    AskRule(Ask.WHEN,
            _rx(r"^\s*(?:and\s+)?(?:since\s+)?when\b|\bwhat (?:date|day|month|meeting)\b|\bwhich (?:date|day|month"
                r"|meeting)\b|\bin what (?:month|year)\b|\bat which meeting\b"
                r"|^\s*(?:and\s+)?(?:effective|starting|beginning) when\b"),
            ("When did the Fed last raise rates?", "At which meeting did runoff begin?",
             "Which meeting first mentioned the coronavirus?",
             "effective when, and where were agency MBS paydowns to be reinvested afterward?"),
            ("What did the Committee decide when it met in March 2020?", "Who dissented in June 2022?",
             "What became effective when runoff ended?")),
    AskRule(Ask.WHO,
            _rx(r"^\s*(?:and\s+)?who(?:m|se)?\b|\bwhich (?:members?|participants?|officials?|governors?|presidents?"
                r"|voters?|dissenters?)\b|\bname the\b"),
            ("Who dissented at the July 2025 meeting?", "Which members voted against the June 2022 action?"),
            ("What did the dissenters prefer?", "How many members dissented in 2022?")),
    AskRule(Ask.LIST,
            _rx(r"^\s*list\b|\blist (?:the|all|every|each)\b|\bwhich (?:meetings|statements|decisions)\b"
                r"|\bwhat were (?:all|each of) the\b"),
            ("List the meetings in 2022 with a 75 basis point hike.", "Which meetings in 2025 had no dissents?"),
            ("Which meeting had the most dissents?", "What did the 2025 statements say about tariffs?")),
)


def ask_of(part: str) -> Ask:
    """The kind of answer one part of a question asks for: the first rule of ASK_RULES that matches, else WHAT."""
    return next((rule.ask for rule in ASK_RULES if rule.pattern.search(part)), Ask.WHAT)
