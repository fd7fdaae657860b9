"""Which quotes may lead the answer to a "why": the first rule of `WHY_LEADS` that keeps any of them decides.

A why is answered by the Committee's reason, and the reader's first quote is often not it: the decision restated, the
staff's outlook, the standing guidance. In order of preference: for a why about the statement's own words, the
minutes' sentence about that edit (`edited`); for a balance-sheet decision, its own reasons (`balance sheet`); the
participants' judgement of the decision when it carries its reason (`judged`), the participants' reading of the
economy that opens their discussion (`considered`), what they said the decision would do, right after a judgement
that cannot lead (`would do`), a reason from the document kind the question names (`named`), any of the deciders'
reasons (`reasons`), any of the deciders' sentences but the bare decision (`deciders`). Each rule has an example it
keeps and a near miss it does not (`tests/test_compose.py` runs them).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from fomc_qa.answering.quotes import Quote
from fomc_qa.answering.reasons import gives_the_deciders_reason, states_the_deciders_reason
from fomc_qa.question.analysis import QuestionAnalysis
from fomc_qa.question.lexicon import BALANCE_SHEET
from fomc_qa.question.subjects import Subjects
from fomc_qa.retrieval.policy_discussion import (
    BALANCE_SHEET_JUDGED,
    BALANCE_SHEET_WOULD_DO,
    CONSIDERS,
    DECIDED,
    REASON_CLAUSE,
    WAITS_FOR,
    WHAT_IT_WOULD_DO,
    gives_its_reason,
)
from fomc_qa.text.sentences import DECISION, LEANS

# the statement's words spoken of in the minutes ("... to remove the reference to "transitory" factors ... in the
# postmeeting statement", "the statement should be updated to reflect ...")
_STATEMENT_WORDS = re.compile(r"\b(?:post-?meeting|policy) statement\b|\bthe statement\b|\breference to\b"
                              r"|\b(?:language|wording|phrase)\b", re.I)
# ... or, of a balance-sheet decision, what they saw ("conditions indicated that it would soon be appropriate")
_JUDGED_WITH_REASON = re.compile(rf"{REASON_CLAUSE.pattern}|\bindicated that\b|\bwarranted\b", re.I)


@dataclass(frozen=True)
class WhyAsked:
    """What the rules read of the question: its analysis, the answer's quotes (for the sentence after one), whom the
    leading part asks about, whether it asks about a dissent, and the document kinds it names (else the minutes)."""

    analysis: QuestionAnalysis
    quotes: list[Quote]
    subjects: Subjects
    dissent: bool
    kinds: frozenset[str]


def follower(quotes: list[Quote], lead: Quote) -> Quote | None:
    """The sentence right after the lead's in the answer when it goes on with it ("They also noted ..."), or says
    what the participants' decision would do (the next chunk may hold it: the reader quotes it right after)."""
    at = quotes.index(lead)
    nxt = quotes[at + 1] if at + 1 < len(quotes) else None
    if nxt is None:
        return None
    judged_and_would_do = ((DECIDED, WHAT_IT_WOULD_DO), (BALANCE_SHEET_JUDGED, BALANCE_SHEET_WOULD_DO))
    if any(judged.pattern.search(lead.text) and would_do.pattern.search(nxt.text)
           for judged, would_do in judged_and_would_do) and nxt.label in ("", lead.label):
        return nxt
    return nxt if nxt.marks == lead.marks and LEANS.match(nxt.text) else None


def _minutes_asked(asked: WhyAsked, q: Quote) -> bool:
    return "minutes" in asked.kinds and "FOMC minutes" in q.label


def _edit_explained(asked: WhyAsked, q: Quote) -> bool:
    """For a why about the statement's edit ("why was 'transitory' dropped?"), the minutes' sentence about that
    edit: the members' agreement to change the statement's words, with its reason."""
    return asked.subjects.wording and "FOMC minutes" in q.label and bool(_STATEMENT_WORDS.search(q.text))


def _judged(asked: WhyAsked, q: Quote) -> bool:
    """The participants' judgement of the decision with its reason, in a clause or in the sentence after it."""
    if not DECIDED.pattern.search(q.text) or asked.dissent or not _minutes_asked(asked, q):
        return False
    after = follower(asked.quotes, q) if q in asked.quotes else None
    return gives_its_reason(q.text) or (after is not None and bool(WHAT_IT_WOULD_DO.pattern.search(after.text)))


def _would_do(asked: WhyAsked, q: Quote) -> bool:
    """What the participants said the decision would do, right after their judgement of it in the answer, when that
    judgement cannot lead ("Against this backdrop, all participants agreed ..." leans on the sentence before it)."""
    if not WHAT_IT_WOULD_DO.pattern.search(q.text) or asked.dissent or not _minutes_asked(asked, q) \
            or q not in asked.quotes:
        return False
    at = asked.quotes.index(q)
    judged = asked.quotes[at - 1] if at else None
    return judged is not None and judged.label == q.label and bool(DECIDED.pattern.search(judged.text))


def _balance_sheet_judged(asked: WhyAsked, q: Quote) -> bool:
    """For a why of a balance-sheet decision, not the rate's: the participants' reason for it, what they said the
    change would do or their judgement of it with its reason ("... the recent tightening in money market conditions
    indicated that it would soon be appropriate to end balance sheet runoff")."""
    if not asked.subjects.balance_sheet_decision or asked.dissent or not _minutes_asked(asked, q):
        return False
    return bool(BALANCE_SHEET_WOULD_DO.pattern.search(q.text)) or (
        bool(BALANCE_SHEET_JUDGED.pattern.search(q.text)) and bool(_JUDGED_WITH_REASON.search(q.text)))


def _considered(asked: WhyAsked, q: Quote) -> bool:
    """The participants' reading of the economy opening their discussion of the decision (not a dissenter's, not the
    minority's)."""
    return bool(CONSIDERS.pattern.search(q.text)) and not (asked.dissent or asked.subjects.minority) \
        and _minutes_asked(asked, q)


def _reason(asked: WhyAsked, q: Quote) -> bool:
    """A sentence giving a reason (or what a hold waits for) that is the deciders'."""
    return states_the_deciders_reason(asked.analysis, q) \
        or (bool(WAITS_FOR.search(q.text)) and gives_the_deciders_reason(asked.analysis, q))


def _named(asked: WhyAsked, q: Quote) -> bool:
    """A reason from the document kind the question names ("how did the statement justify ...")."""
    return _reason(asked, q) and any(f"FOMC {kind}" in q.label for kind in asked.kinds)


def _deciders(asked: WhyAsked, q: Quote) -> bool:
    """Any sentence of the deciders but the bare decision."""
    return gives_the_deciders_reason(asked.analysis, q) and not DECISION.search(q.text)


@dataclass(frozen=True)
class LeadRule:
    name: str
    keeps: Callable[[WhyAsked, Quote], bool]
    first_only: bool  # the best such quote alone, not every one
    example: tuple[str, str]  # (label, text) of a quote it keeps, asked `asked`
    near_miss: tuple[str, str]
    asked: str = "Why did the FOMC raise rates in June 2022?"
    before: tuple[str, str] | None = None  # (label, text) of the quote right before the example in the answer


_VIEWS = "FOMC minutes of June 15, 2022 (Participants' Views on Current Conditions and the Economic Outlook)"
_STATEMENT = "FOMC statement of June 15, 2022"
_STAFF = "FOMC minutes of June 15, 2022 (Staff Economic Outlook)"
WHY_LEADS: tuple[LeadRule, ...] = (
    LeadRule("edited", _edit_explained, True,
             ("FOMC minutes of June 15, 2022 (Committee Policy Actions)",
              "Members agreed that the postmeeting statement should no longer say that inflation would return to 2 "
              "percent, in light of the greater uncertainty."),
             (_VIEWS, "Participants noted that inflation remained elevated, reflecting supply and demand imbalances."),
             "Why did the June 2022 statement drop the line saying inflation would return to 2 percent?"),
    LeadRule("balance sheet", _balance_sheet_judged, True,
             ("FOMC minutes of March 19, 2025 (Participants' Views on Current Conditions and the Economic Outlook)",
              "Some participants noted that a slower pace of runoff would also help guard against reserve scarcity "
              "emerging with little advance notice during a period of potentially rapid increase in the TGA."),
             ("FOMC minutes of March 19, 2025 (Participants' Views on Current Conditions and the Economic Outlook)",
              "Almost all participants supported a slowing of the pace of runoff at this meeting."),
             "Mar '25: why cut the monthly Treasury redemption cap to $5bn?"),
    LeadRule("judged", _judged, True,
             (_VIEWS, "Against this backdrop, and in consideration of the significant cumulative tightening, almost "
                      "all participants agreed that it was appropriate to raise the target range 75 basis points."),
             (_VIEWS, "Almost all participants agreed that it was appropriate to raise the target range 75 basis "
                      "points.")),
    LeadRule("considered", _considered, True,
             (_VIEWS, "In their consideration of the appropriate stance of monetary policy, participants concurred "
                      "that the near-term inflation outlook had deteriorated."),
             (_STATEMENT, "In their consideration of the appropriate stance of monetary policy, participants "
                          "concurred that the near-term inflation outlook had deteriorated.")),
    LeadRule("would do", _would_do, True,
             (_VIEWS, "Participants observed that a slowing in the pace of rate increases at this meeting would better "
                      "allow the Committee to assess the economy's progress."),
             (_VIEWS, "Participants observed that the labor market would remain tight."),
             before=(_VIEWS, "Against this backdrop, all participants agreed that it was appropriate to raise the "
                             "target range for the federal funds rate 50 basis points at this meeting.")),
    LeadRule("named", _named, False,
             (_VIEWS, "Participants noted that inflation remained elevated, reflecting supply and demand imbalances."),
             (_STATEMENT, "Inflation remains elevated, reflecting supply and demand imbalances.")),
    LeadRule("reasons", _reason, False,
             (_STATEMENT, "Inflation remains elevated, reflecting supply and demand imbalances."),
             (_STAFF, "The staff projection for inflation was higher, reflecting supply and demand imbalances.")),
    LeadRule("deciders", _deciders, False,
             (_STATEMENT, "The Committee is strongly committed to returning inflation to its 2 percent objective."),
             (_STATEMENT, "The Committee decided to raise the target range for the federal funds rate to 1-1/2 to "
                          "1-3/4 percent.")),
)


_POLICY_RATE_TEXT = re.compile(r"\btarget range\b|\bfederal funds rate\b", re.I)


def on_the_balance_sheet(subjects: Subjects, usable: list[Quote]) -> list[Quote]:
    """For a why about the balance sheet and not a rate move ("why did most participants want to slow runoff
    fairly soon?"), the quotes less those about the target range alone ("all participants judged ... it was
    appropriate to maintain the target range ..."): that judgement is another decision's reason. All of them when
    none is left."""
    if not subjects.balance_sheet or subjects.move:
        return usable
    own = [q for q in usable if not _POLICY_RATE_TEXT.search(q.text) or BALANCE_SHEET.search(q.text)]
    return own or usable


def why_leads(asked: WhyAsked, usable: list[Quote]) -> list[Quote]:
    """The usable quotes the first rule that keeps any keeps (the best one alone for a `first_only` rule); all of
    them when no rule keeps one."""
    usable = on_the_balance_sheet(asked.subjects, usable)
    for rule in WHY_LEADS:
        kept = [q for q in usable if rule.keeps(asked, q)]
        if kept:
            return kept[:1] if rule.first_only else kept
    return usable
