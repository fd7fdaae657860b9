"""Who and what a question asks about, beside the kind of answer it asks for: the speaker whose report it wants (the
staff, the manager, participants, members), a dissent, the Desk's operations, an administered rate, the minutes'
housekeeping. Read once with the rest of the question (`fomc_qa.question.analysis.analyze`); compose and the quote
scorer read these fields, never the question's text.

Each row of SUBJECT_RULES is a subject with the questions that must read so (`examples`) and look-alikes that must
not (`near_misses`); `tests/test_question_layer.py` runs them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from fomc_qa.question.lexicon import (
    ADMINISTERED,
    BALANCE_SHEET,
    DESK_ASKED,
    DISSENT,
    MOVE,
    POLICY_RATE,
    QUOTED,
    RATES,
    SIZE,
    STATEMENT_EDIT,
)


class Speaker(StrEnum):
    """Whose words a question asks for: each is reported by its own part of the minutes."""

    STAFF = "staff"
    MANAGER = "manager"
    PARTICIPANTS = "participants"
    MEMBERS = "members"


@dataclass(frozen=True)
class SubjectRule:
    subject: str  # a Speaker, or the name of a Subjects flag
    pattern: re.Pattern[str]
    examples: tuple[str, ...]
    near_misses: tuple[str, ...] = ()


_ANY_RATE = re.compile("|".join(f"(?:{rate.pattern})" for rate in (ADMINISTERED, *RATES.values())), re.I)
# a size asked is a rate move's unless the balance sheet follows in the same sentence ("by how much did participants
# want to slow runoff?" asks the runoff's size); a move verb whose object is the balance sheet ("cut the monthly
# Treasury redemption cap", "the decision to end runoff", "reduce the pace of asset purchases") moves no rate
_BALANCE_SHEET_OBJECT = (rf"(?!\s+(?:(?!and\b|or\b|rates?\b|the target\b)[\w$'’-]+\s+){{0,4}}?"
                         rf"(?:{BALANCE_SHEET.pattern}|caps?\b))")
_MOVE = re.compile(rf"{MOVE.pattern}{_BALANCE_SHEET_OBJECT}|(?:{SIZE.pattern})(?![^?.;]*(?:{BALANCE_SHEET.pattern}))"
                   rf"|{POLICY_RATE.pattern}", re.I)

# In the order compose ranks the sections the speakers name (the staff's before the manager's).
SUBJECT_RULES: tuple[SubjectRule, ...] = (
    SubjectRule(Speaker.STAFF, re.compile(r"\bstaff\b", re.I),
                ("What did the staff say about the risks to inflation in October 2025?",),
                ("What did participants say about the labor market?",)),
    SubjectRule(Speaker.MANAGER, re.compile(r"\bmanager\b|\bthe desk\b|\bsoma\b", re.I),
                ("What did the SOMA manager report about repo rates?", "What did the Desk report in March 2023?"),
                ("What did the staff project for growth?",)),
    SubjectRule(Speaker.PARTICIPANTS, re.compile(r"(?<!market )\bparticipants\b", re.I),
                ("What did participants judge about the pace of runoff?",),
                ("What did the manager report?", "What did market participants expect for runoff in 2022?")),
    SubjectRule(Speaker.MEMBERS, re.compile(r"\bmembers\b|\bdecid\w+|\bvot\w+", re.I),
                ("What did the Committee decide in June 2022?", "Who voted against the cut?"),
                ("Why did the Fed pause in June 2023?",)),
    SubjectRule("dissent", DISSENT, ("Who dissented in December 2024?", "Who voted against the hike?"),
                ("Who voted for the hike?",)),
    SubjectRule("desk", DESK_ASKED, ("What did the directive tell the Desk about reinvestments?",
                                     "How fast was the runoff in 2023?"),
                ("Why did the Fed cut in September 2024?",)),
    SubjectRule("rates", _ANY_RATE, ("What was the IORB rate after the July 2023 hike?",
                                     "What technical adjustment was made in June 2021?"),
                ("What was the target range after the July 2023 hike?",)),
    SubjectRule("balance_sheet", BALANCE_SHEET, ("Why did the Fed slow the runoff in 2024?",
                                                 "What drove the taper's doubling in December 2021?"),
                ("Why did the Fed cut in September 2024?", "What did the directive tell the Desk about repo?")),
    # a rate move or the policy rate: the Committee's decision, whose reasons are its own
    SubjectRule("move", _MOVE, ("What drove the 75 basis point hike?", "Why did the Fed hold in July 2024?",
                                "How big was the June 2022 move?"),
                ("Who dissented in December 2024?", "What did the staff see as the risks to inflation?",
                 "March 2024 balance sheet discussion: by how much did participants want to slow runoff?",
                 "Mar '25: why cut the monthly Treasury redemption cap to $5bn?",
                 "Why did the Committee decide to end runoff on December 1?")),
    SubjectRule("markets", re.compile(r"\bmarkets?\b|\bsurvey\w*|\bpric(?:ed|ing)\b|\bdealers?\b|\brespondents?\b"
                                      r"|\byields?\b|\bfutures\b|\bforward curve\b|\binvestors?\b", re.I),
                ("What did markets expect for the June 2022 decision?", "What did the Desk survey show?"),
                ("Why did the Committee hike 75 basis points in June 2022?",
                 "What did most participants expect for cuts later in 2025?")),  # the participants' expectation
    # the participants who wanted otherwise: "did anyone argue for more?", "how close a call was it?"
    SubjectRule("minority", re.compile(r"(?:\b(?:did|were there|was there)\s+(?:any(?:one|body)?|some(?:one)?)\b"
                                       r"|\bwere there (?:participants|members) who\b)(?![^?.]*\bvot)"
                                       r"[^?.]{0,40}?\b(?:argu|push|favou?r|prefer|want"
                                       r"|call|back|support|consider|lean)\w*"
                                       r"|\bclose (?:a )?call\b|\bfinely balanced\b|\bcould have (?:backed|supported)\b"
                                       r"|\bbroke ranks\b|\bholdouts?\b"
                                       r"|\b(?:those|the (?:participants|members|ones)) (?:who|that) (?:had )?(?:wanted"
                                       r"|favou?red|preferred|argued|pushed|backed)\b", re.I),
                ("Why only 25 basis points, and did anyone argue for a bigger move?",
                 "Did any participants argue for holding instead?", "How close a call was it?",
                 "What was the case made by those who could have backed a hold?",
                 "Were there participants who favored a larger increase?",
                 "June 2023 skip: why hold, and what case did those who wanted another hike make?"),
                ("Did the Committee consider other tools?", "Why did the Fed hold rates in July 2024?",
                 "What did most participants expect for cuts later in 2025?", "Did the Fed cut in September 2024?",
                 "By how much did participants want to slow runoff?",  # what they wanted, not who wanted otherwise
                 "Did anyone not vote in favor?",  # a dissent
                 "Why did the participants who supported the cut think it was appropriate?")),  # the majority
    # the statement's wording edited: why it was is the members' agreement in the minutes' policy action
    SubjectRule("wording", STATEMENT_EDIT,
                ('Why was "transitory" dropped from the statement in December 2021?',
                 "Why did the Committee add language on the cumulative tightening of policy in November 2022?",
                 "In January 2021, why did the Committee stop saying the crisis posed considerable risks?",
                 "Why did the statement drop the line saying inflation would return to 2 percent?",
                 "Why did the statement switch to saying inflation factors were 'expected to be' transitory?",
                 "Why was the 'greater confidence' language removed in November 2024?"),
                ("Why did the Fed drop rates by 50 basis points in March 2020?",
                 "Why did the Committee add to its holdings of Treasury securities?",
                 "Why did the Fed remove policy accommodation in 2022, according to the statement?",
                 "Why did the Fed stop the runoff in 2025?", "What changed in the March 2023 statement?",
                 "Why did the Fed's balance sheet drop in 2022?",
                 "Why did the Fed drop rates, in the Committee's view?",
                 "How did the staff build the autoworkers' strike into its projection, and why did inflation drop?",
                 "Which piece of the employment language did participants want to revisit?")),
    SubjectRule("housekeeping", re.compile(r"\badjourn\w*|\bnext meeting\b|\bnotation vote\b|\bapprov\w* the minutes\b",
                                           re.I),
                ("When was the next meeting scheduled after January 2024?", "Was the meeting adjourned early?"),
                ("What did the minutes say about the meeting's outlook?",)),
)
_WORD = re.compile(r"\w+")
# "what PCE inflation did the staff project for 2023?", "where did they see it in 2022?": the years a projection is
# asked for (not "what did they say about inflation in 2022?", which asks no projection)
_PROJECTS = re.compile(r"\b(?:project|forecast|expect|see|saw|pencil|path)\w*", re.I)
_YEAR = re.compile(r"\b(20\d\d)\b")


def _projection_years(text: str) -> frozenset[int]:
    return frozenset(int(y) for y in _YEAR.findall(text)) if _PROJECTS.search(text) else frozenset()


@dataclass(frozen=True)
class Subjects:
    """What one question (or one part of it) asks about."""

    speakers: tuple[Speaker, ...] = ()  # in SUBJECT_RULES order
    dissent: bool = False
    desk: bool = False  # the Desk's operations, the balance sheet, facilities: the directive's business
    rates: bool = False  # an administered rate (IORB, ON RRP, the primary credit rate) or "administered rates"
    housekeeping: bool = False  # the minutes' procedure: adjournment, the next meeting, approving the minutes
    markets: bool = False  # what markets, dealers or survey respondents expected or priced
    minority: bool = False  # the participants who wanted otherwise, or how close a call the decision was
    balance_sheet: bool = False  # purchases, holdings, runoff, reinvestments: a decision with reasons of its own
    move: bool = False  # a rate move, its size or the policy rate: the Committee's decision
    wording: bool = False  # the statement's wording edited (a phrase dropped, added, replaced)
    words: frozenset[str] = frozenset()  # its words as typed, for a name an answer's quote gives ("Bowman")
    # the documents' words it quotes, lower case ("what was the new 'extent and timing' wording meant to signal?"):
    # a sentence holding them is asked about, whatever else it is (the standing guidance, procedure)
    phrases: tuple[str, ...] = ()
    projection_years: frozenset[int] = frozenset()  # the years it asks a projection for (`_projection_years`)

    @property
    def balance_sheet_decision(self) -> bool:
        """A balance-sheet decision asked about, not beside a rate move or a dissent ("Mar '25: why cut the monthly
        Treasury redemption cap?"): its reasons are the participants' own (retrieval, the reader and the why lead
        read this)."""
        return self.balance_sheet and not (self.move or self.dissent)


def subjects_of(text: str) -> Subjects:
    """The subjects of a question (or a part), by SUBJECT_RULES."""
    found = {rule.subject for rule in SUBJECT_RULES if rule.pattern.search(text)}
    return Subjects(speakers=tuple(speaker for speaker in Speaker if speaker in found),
                    dissent="dissent" in found, desk="desk" in found, rates="rates" in found,
                    housekeeping="housekeeping" in found, markets="markets" in found, minority="minority" in found,
                    balance_sheet="balance_sheet" in found, move="move" in found,
                    wording="wording" in found,
                    words=frozenset(_WORD.findall(text)),
                    phrases=tuple(m.group(1).strip().lower() for m in QUOTED.finditer(text)),
                    projection_years=_projection_years(text))
