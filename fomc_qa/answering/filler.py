"""Quotations that do not help an answer, whatever it asks: the Board's votes on administered rates when no rate is
asked, the minutes' procedure and housekeeping, the standing guidance or an unasked dissenter's preference beside a
why, and another meeting's sentence when the question names one meeting. `compose` leaves them to the sources list;
blind judges counted each of them irrelevant (docs/evaluation.md)."""

from __future__ import annotations

import datetime as dt
import re

from fomc_qa.answering.quotes import LABEL, Quote
from fomc_qa.answering.reasons import not_the_deciders_reason
from fomc_qa.question.analysis import QuestionAnalysis
from fomc_qa.question.asks import Ask
from fomc_qa.question.lexicon import RATES
from fomc_qa.question.subjects import Speaker
from fomc_qa.text.sentences import HOUSEKEEPING

RECORDED_WITHIN = 30  # days: scheduled meetings are about six weeks apart, an unscheduled one's minutes sooner

# The Board's votes and the administered rates' settings: the IORB (before July 2021 "the interest rate paid on
# required and excess reserve balances"), the discount rate, the ON RRP rate and its technical adjustments.
_ADMINISTERED_VOTE = re.compile(r"\bBoard of Governors of the Federal Reserve System voted\b"
                                r"|\bthe Board (?:also )?voted\b"
                                rf"|{RATES['iorb'].pattern}|{RATES['discount_rate'].pattern}"
                                r"|\boffering rate\b.*\bovernight reverse repurchase"
                                r"|\brate offered at the (?:ON RRP|overnight reverse repurchase)"
                                r"|\btechnical adjustment\b", re.I)
# The Committee's instructions to the Desk ("the Committee directs the Desk to continue purchasing Treasury bills",
# "... authorize and direct the Federal Reserve Bank of New York ... to execute transactions in the SOMA"): the
# directive's business, no reason for a rate decision and no answer to a question that asks nothing of the Desk.
_DIRECTS_THE_DESK = re.compile(r"\bdirects? the (?:Open Market )?Desk\b|\bauthorize and direct the Federal Reserve "
                               r"Bank of New York\b", re.I)
# What markets, dealers or the Desk's survey respondents expected ("policy-sensitive rates suggested that a 75 basis
# point increase ... was widely expected"): the manager's report, no answer to what the Committee decided or why
# unless the manager or the markets are asked (blind judges: "market-expectation lines" as padding).
_MARKETS_EXPECTED = re.compile(r"\bpolicy-sensitive\b|\b(?:survey )?respondents?\b|\bmarket-implied\b"
                               r"|(?<!as )\bmarket participants (?:expected|anticipated|appeared|viewed)\b"
                               r"|\bwidely expected\b"
                               r"|\bmarket-based measures of (?:the )?(?:expected )?policy\b"
                               r"|\bmarket-based indicators\b[^.]{0,80}\b(?:target range|federal funds rate|policy)\b",
                               re.I)
# the minutes' housekeeping (text.sentences.HOUSEKEEPING) answers nothing unless asked ("when was the next meeting?")
_HOUSEKEEPING = re.compile(rf"^(?:{HOUSEKEEPING})", re.I)
_PROCEDURE = re.compile(r"^(?:Members agreed that the Committee seeks to achieve maximum employment"
                        r"|Members agreed that, in assessing the appropriate stance"
                        r"|The Committee would be prepared to adjust the stance"
                        r"|In assessing the appropriate stance of monetary policy, the Committee will continue"
                        r"|The Committee's assessments will take into account a wide range of information"
                        r"|The Committee is strongly committed to returning inflation"
                        r"|The Committee seeks to achieve maximum employment and inflation at the rate of 2 percent)")


def is_filler(analysis: QuestionAnalysis, q: Quote) -> bool:
    """A quotation that does not help: an administered-rate vote when rates (or that rate) are not asked, procedure,
    the standing guidance or a dissenter's preference beside a why of the Committee's decision, or another meeting's
    sentence when the question names one meeting. A sentence holding words the question quotes is asked about."""
    subjects = analysis.subjects
    if off_meeting(analysis, q):
        return True
    if quotes_asked_words(analysis, q):  # "what was the new 'extent and timing' wording meant to signal?"
        return False
    if _PROCEDURE.match(q.text):
        return True
    if _HOUSEKEEPING.match(q.text) and not subjects.housekeeping:
        return True
    if Ask.WHY in analysis.asks and not_the_deciders_reason(analysis, q):
        return True
    if _MARKETS_EXPECTED.search(q.text) and not (subjects.markets or Speaker.MANAGER in subjects.speakers):
        return True
    if _DIRECTS_THE_DESK.search(q.text) and not subjects.desk:
        return True
    named = analysis.record.policy.rates if analysis.record.policy else ()
    if named and _ADMINISTERED_VOTE.search(q.text):  # the primary credit rate asked: the IORB vote is another rate's
        return not any(RATES[name].search(q.text) for name in named)
    return not subjects.rates and bool(_ADMINISTERED_VOTE.search(q.text))


def quotes_asked_words(analysis: QuestionAnalysis, q: Quote) -> bool:
    """The quote holds words the question quotes from the documents (`Subjects.phrases`): it is what is asked about."""
    text = q.text.lower()
    return any(phrase in text for phrase in analysis.subjects.phrases)


def off_meeting(analysis: QuestionAnalysis, q: Quote) -> bool:
    """A quote from another meeting than the one the question names (not one between meetings). The minutes of a
    meeting within RECORDED_WITHIN days after it still count: they record an unscheduled meeting's action (the March
    3, 2020 cut is in the March 15 minutes)."""
    named = analysis.filter.meetings
    m = LABEL.match(q.label)
    if not named or len(named) != 1 or m is None or analysis.between_meetings:
        return False
    (meeting,) = named
    day = dt.datetime.strptime(m.group("day"), "%B %d, %Y").date()
    later_minutes = m.group("kind") == "minutes" and 0 < (day - meeting).days <= RECORDED_WITHIN
    return day != meeting and not later_minutes
