"""Whose reason a quote gives, for a why: the Committee's (its statement, the participants' policy discussion, its
policy action), or another's — the staff's outlook, the manager's market report, a dissenter's preference — or none
(the statement's standing guidance about what comes next)."""

from __future__ import annotations

import re

from fomc_qa.answering.quote_scorer import SECTION_OF
from fomc_qa.answering.quotes import Quote
from fomc_qa.question.analysis import QuestionAnalysis
from fomc_qa.question.subjects import Speaker, Subjects
from fomc_qa.retrieval.policy_discussion import SIDE_DECISION
from fomc_qa.text.sentences import GIVES_REASON

# minutes sections that report others' views or facts: the staff's, the manager's (the Desk's), the notes
REPORTERS = re.compile(r"Staff|Financial Markets|Open Market Operations|Footnotes|Attendance")
REPORTED_BY = (Speaker.STAFF, Speaker.MANAGER)  # the speakers those sections report
# ... and a sentence of theirs in another section (a special topic's staff briefing: "The staff also noted that if
# the Committee preferred ...")
REPORTER_SAYS = re.compile(r"^(?:[A-Z][\w ,-]{0,60}?,\s+)?the (?:staff|manager|Desk)\b", re.I)
DISSENTERS_VIEW = re.compile(r"\b(?:Governor|President|Mr\.|Ms\.) (?P<name>[A-Z][a-z]+) (?:preferred|dissented|voted)\b"
                             r"|\bvot(?:ed|ing) against\b"
                             # unnamed: "One of these dissenting members preferred that the Committee retain ..."
                             r"|\bdissenting (?:members?|participants?)\b")
# The view of the participants (or members: "A couple of members preferred to lower ...") who wanted otherwise, or
# how close the call was: what a question asking "did anyone argue for more?" or "how close a call was it?"
# (`Subjects.minority`) is answered by.
MINORITY_VIEW = re.compile(r"\b(?:a few|a couple|some|several|one|a number|two|three|a minority)(?: of)?"
                           r"(?: (?:these|those|the))? (?:participants?|members?)\b[^.]{0,200}?"
                           r"\b(?:favou?red|preferred|could have supported|would have (?:preferred|supported|favou?red"
                           r"|considered)|plausible case|merit in|argued for|stated that they favou?red)\b"
                           r"|\bfinely balanced\b|\bclose call\b", re.I)
# The case those participants made ("The participants favoring a 25 basis point increase noted that the labor market
# remained very tight ..."): what "what did those who wanted another hike argue?" asks, beyond that they wanted it.
MINORITY_CASE = re.compile(r"^(?:The|Those) participants (?:who )?(?:favou?r|prefer|support|want)\w*\b[^.]{0,120}?"
                           r"\b(?:noted|pointed|cited|argued|observed|remarked|judged|emphasi[sz]ed)\b", re.I)
# The statement's standing guidance ("..., the Committee will carefully assess incoming data, the evolving outlook,
# and the balance of risks"), said at every meeting since 2023: what comes next, never why this meeting decided.
STANDING_GUIDANCE = re.compile(r"\bwill (?:continue to )?(?:carefully )?assess (?:incoming data|additional information)"
                               r"|\bwould carefully assess incoming data\b")


def dissent_asked(asked: Subjects, quotes: list[Quote]) -> bool:
    """The question (or the part of it `asked` reads) asks about a dissent, or names a dissenter the quotes name
    ("why did Governor Bowman prefer a smaller cut?")."""
    if asked.dissent:
        return True
    names = {m.group("name") for q in quotes for m in DISSENTERS_VIEW.finditer(q.text) if m.group("name")}
    return bool(names & asked.words)


def _unasked_dissent(analysis: QuestionAnalysis, q: Quote) -> bool:
    """A dissenter's preference ("Governor Miran preferred to lower ... by 1/2 percentage point") the question does
    not ask about."""
    return bool(DISSENTERS_VIEW.search(q.text)) and not dissent_asked(analysis.subjects, [q])


def gives_the_deciders_reason(analysis: QuestionAnalysis, q: Quote) -> bool:
    """A why's reason is the Committee's, not what the staff's outlook or the manager's market report says unless
    the question asks about them, nor a dissenter's preference unless the dissent is asked about."""
    if _unasked_dissent(analysis, q):
        return False
    if reporters_asked(analysis):
        return True
    return not REPORTERS.search(q.label.partition("(")[2]) and not REPORTER_SAYS.match(q.text)


def states_the_deciders_reason(analysis: QuestionAnalysis, q: Quote) -> bool:
    """The quote gives a reason ("In light of inflation developments ..., the Committee decided ...") and it is the
    deciders' (`gives_the_deciders_reason`)."""
    return bool(GIVES_REASON.search(q.text)) and gives_the_deciders_reason(analysis, q)


def reporters_asked(analysis: QuestionAnalysis) -> bool:
    """The question asks what the staff or the manager reported."""
    return any(speaker in REPORTED_BY for speaker in analysis.subjects.speakers)


# The sections reporting what the deciders (participants, members) said: those of the speakers not in REPORTED_BY.
DECIDERS_SECTIONS = tuple(section for speaker, section in SECTION_OF.items() if speaker not in REPORTED_BY)


def not_the_deciders_reason(analysis: QuestionAnalysis, q: Quote) -> bool:
    """Beside a why's answer, a quote that is nobody's reason for it: the standing guidance (what comes next), a
    dissenter's preference the question does not ask about, the securities decision beside the rate's
    (`SIDE_DECISION`) unless the balance sheet is asked about, or, beside a why of a policy decision the record holds,
    the staff's or the manager's sentence when neither is asked about (blind judges: "staff sentence padding"). A
    why of what markets did ("why did fed funds volumes drop?") is answered by their reports."""
    decision = analysis.record.policy is not None or analysis.record.securities is not None
    return (bool(STANDING_GUIDANCE.search(q.text)) or _unasked_dissent(analysis, q)
            or (bool(SIDE_DECISION.pattern.search(q.text)) and not analysis.subjects.desk)
            or (decision and not (reporters_asked(analysis) or gives_the_deciders_reason(analysis, q))))
