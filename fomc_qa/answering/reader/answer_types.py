"""What kind of answer a question asks for, and the sentences that carry it.

A "how much / to what level / where did it move" question is answered by the sentence with the number (the
decision), not by the discussion around it; a "who" question by the sentence naming people; a "when / on what
date" question by one carrying a date; a "why / what caused" question by one giving a cause; a "how many
participants / how divided" question by one saying what share of the Committee held a view. Each kind is a pair of
patterns: one the question matches, one an answering sentence matches (`ANSWER_TYPES`, `asked_kinds`).
"""

from __future__ import annotations

import re

from fomc_qa.question.asks import SHARE_ASKED, SHARE_OF
from fomc_qa.text.consensus import CONSENSUS_RULES

# "How many participants saw another hike as likely?", "how divided were they?" (`SHARE_ASKED`): the minutes answer
# with a share of the Committee ("A majority of participants judged ..."), not a figure.
SHARE = re.compile("|".join(f"(?:{rule.pattern.pattern})" for rule in CONSENSUS_RULES), re.I)
QUANTITY_QUESTION = re.compile(
    rf"\bhow (?:much(?! support\b)|many(?! {SHARE_OF})|far|high|low|large|big)\b"
    r"|\bby how\b|\bto what\b|\bwhat (?:\w+ )?(?:size|amount)\b"
    r"|\bwhere (?:did|had|has|was|were|is|does|do|would)\b"
    r"|\b(?:levels?|ranges?|pace|caps?|limits?|minimum|maximum|reductions?|increases?|decreases?)\b",
    re.I,
)
QUANTITY = re.compile(
    r"\$\s?\d"
    r"|\d(?:[\d,./\-\u2011]*\d)?\*?\s*(?:percent|percentage points?|basis points?|billion|million|trillion)\b"
    r"|\b\d+(?:[-\u2011]\d+)?/\d+\b"
    r"|\b(?:roughly|about|around|approximately|nearly|by|in)\s+(?:one[- ])?half\b|\bby (?:a|one)[- ](?:third|quarter)\b"
    r"|\bdoubl\w+|\bhalv\w+"  # "slowing the pace of runoff by roughly half"
)
PERSON_QUESTION = re.compile(
    r"^\s*who\b|\bwho (?:was|were|dissented|voted|abstained|objected)\b"
    r"|\bwhich (?:members?|governors?|presidents?|officials?)\b|\bdissent|\babstain", re.I
)
PERSON = re.compile(r"\b[A-Z][a-z]+ [A-Z]\. [A-Z][a-z]+\b|\bVoting against\b"
                    r"|\b(?:Governor|President|Chair|Vice Chair|Chairman)\s+[A-Z][a-z]+")
DATE_QUESTION = re.compile(r"^\s*when\b|\bwhat date\b|\bwhich (?:month|day|date)\b|\bstarting in which\b", re.I)
_MONTH_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE = re.compile(rf"\b(?:{_MONTH_NAMES}) \d{{1,2}}\b|\b(?:beginning|starting|effective) in (?:{_MONTH_NAMES})\b")
# "What caused the early-August selloff?", "why did volumes drop?": a sentence that gives a cause.
CAUSE_QUESTION = re.compile(r"\bwhat (?:caused|drove|triggered|prompted|led to|explain\w*|was behind)\b|\bwhy\b"
                            r"|\bwhat (?:\w+ )?(?:reasons?|factors?|drivers?)\b|\battribut\w*", re.I)
CAUSE = re.compile(r"\b(?:the )?result(?:ed)? (?:of|from)\b|\bbecause\b|\breflect\w*|\bdue to\b|\bdriven by\b"
                   r"|\battribut\w*|\bowing to\b|\binduced\b|\bcaused by\b|\bprompted by\b|\bin response to\b"
                   r"|\bstemm\w* from\b|\bled to\b", re.I)
ANSWER_TYPES = ((QUANTITY_QUESTION, QUANTITY), (PERSON_QUESTION, PERSON), (DATE_QUESTION, DATE),
                (CAUSE_QUESTION, CAUSE), (SHARE_ASKED, SHARE))
# "When did a statement first mention X?" (fomc_qa.question.dates.asks_for_first) is answered by the
# earliest meeting that says X, not by the best-matching later repetition; "the last increase" by the latest
# (`selection.ordinal_lead`).
LAST = re.compile(r"\b(?:last|final|most recent)\b(?! (?:\w+ )?(?:meeting|quarter|half|year|month|week)\b)", re.I)


def asked_kinds(question: str) -> list[re.Pattern[str]]:
    """The answer types (ANSWER_TYPES) a question or facet asks for, as patterns an answering sentence matches."""
    return [kind for asks, kind in ANSWER_TYPES if asks.search(question)]
