"""The quotes answering a multi-part question's further parts ("..., and what condition was attached?"), and whose
quotes a question (or a part of it) asks for: the staff's, the manager's, the participants'."""

from __future__ import annotations

import re

from fomc_qa.answering.content_words import GENERIC
from fomc_qa.answering.content_words import content as _content
from fomc_qa.answering.content_words import focus as _focus
from fomc_qa.answering.filler import is_filler
from fomc_qa.answering.leaning import told_with
from fomc_qa.answering.quote_scorer import SECTION_OF
from fomc_qa.answering.quotes import Quote, day_of
from fomc_qa.answering.reasons import MINORITY_CASE, MINORITY_VIEW, REPORTED_BY, gives_the_deciders_reason
from fomc_qa.question.analysis import Part, QuestionAnalysis
from fomc_qa.question.asks import Ask
from fomc_qa.question.subjects import Speaker, Subjects
from fomc_qa.text.consensus import speaks_for
from fomc_qa.text.months import MONTH

# Who is asked about, not what: speakers_own already keeps the speaker's quotes ("what did the manager pro tem report
# about the Fed's net income?" is answered by the net income sentence, not by "the manager pro tem indicated ...").
_SPEAKER_WORDS = _content("manager pro tem deputy desk staff participants members report reported briefing")
ELLIPTIC = 2  # a further part with fewer content words than this ("and until when?") borrows the question's
MINORITY_SAYS = 2  # "did anyone argue for more?": the minority's view counts as two of the part's words
FIGURE_SAYS = 2  # "..., and what PCE inflation did they project?": a figure counts as two of the part's words
# A figure a "how much" part asks for (a percent, an amount, basis points), not a date's digits.
_FIGURE = re.compile(r"\d+(?:\.\d+)?(?:-\d+/\d+)? percent|\$\d|\d+ basis points?|\d/\d percentage point")
# When a further "when" part's thing starts or ends ("Beginning on December 1, reinvest ...", "implemented beginning in
# December", "conclude the reduction ... on December 1"), not a date that only places the sentence ("at the time of
# the November 4-5 meeting").
_STARTS = re.compile(rf"\b(?:beginning|starting|effective|commencing|as of|until)(?: on| in)? {MONTH}\b"
                     rf"|\bon {MONTH} \d{{1,2}}\b", re.I)


_RELATIVE_YEAR = {"this year": 0, "next year": 1}


def _says_the_year(years: frozenset[int], q: Quote) -> bool:
    """Whether the quote gives a figure for a year a part asks a projection for (`Subjects.projection_years`: "what
    PCE inflation did the staff project for 2023?"): the year written out, or "this year" / "next year" in the minutes
    of a meeting that year / the year before ("... was projected to be 3.1 percent this year", in the May 2023
    minutes)."""
    if not years or not _FIGURE.search(q.text):
        return False
    day = day_of(q)
    held = int(day[-4:]) if day else None
    text = q.text.lower()
    return any(str(y) in text for y in years) or (held is not None and any(
        phrase in text and held + ahead in years for phrase, ahead in _RELATIVE_YEAR.items()))


def speakers_own(asked: Subjects, quotes: list[Quote], among: list[Quote] | None = None) -> list[Quote]:
    """Of the quotes, those from the section reporting the speaker a question (or a part of it: `asked`) names (the
    staff's outlook when the staff is asked, the manager's report when the manager is), when any of the answer's
    quotes (`among`, by default these) is: the participants' view of the same thing is another speaker's. All of
    them when it names neither or no quote is theirs. Participants speak in every other section: a question about
    them leaves out the staff's and the manager's ("how were participants split on cuts?" is not the staff's
    forecast)."""
    named = [SECTION_OF[speaker] for speaker in asked.speakers if speaker in REPORTED_BY]
    others = not named and Speaker.PARTICIPANTS in asked.speakers  # theirs: any section but the reporters'
    sections = named or ([SECTION_OF[speaker] for speaker in REPORTED_BY] if others else [])
    theirs = [q for q in (quotes if among is None else among)
              if any(s.search(q.label.partition("(")[2]) for s in sections) != others]
    return [q for q in quotes if q in theirs] if theirs else quotes


def unanswered_parts(analysis: QuestionAnalysis) -> list[Part]:
    """The parts of a multi-part question the record does not answer ("..., and what condition was attached?"), and
    those asking what the participants who wanted otherwise said ("..., and what case did those who wanted another
    hike make?"): the record holds votes, not the minority's case. A further part the record reads as no more than the
    decision of a meeting an earlier part asks why of ("Dec 2022: why downshift to a 50 bp hike, and what factors would
    guide the pace of further increases?") asks something the decision's line does not say."""
    if len(analysis.parts) < 2 or len(analysis.record_parts) != len(analysis.parts):
        return []
    unanswered, explained = [], set()
    for p, ask in zip(analysis.parts, analysis.record_parts, strict=True):
        again = ask.policy is not None and ask.policy.intent == "decision" and ask.policy.meetings in explained
        if (ask.policy is None and ask.securities is None) or p.subjects.minority or again:
            unanswered.append(p)
        if ask.policy is not None and p.ask is Ask.WHY:
            explained.add(ask.policy.meetings)
    return unanswered


def part_quotes(analysis: QuestionAnalysis, quotes: list[Quote], chosen: list[Quote],
                record_quotes: tuple[str, ...] | None = None) -> list[Quote]:
    """For each further part of a multi-part question (each part the record leaves unanswered, when it answers
    the question), the quotation that shares most of its own content words (at least two, beyond `GENERIC` and the
    speaker's: a quote sharing only "participants" and "rate" with it answers nothing asked), so the lead answers
    every part. A part of fewer than ELLIPTIC words of its own asks about the question's topic; a part asking why
    takes the deciders' reason, not the staff's briefing; one asking who wanted otherwise, the minority's view
    (`MINORITY_VIEW`: "A few participants stated that they favored raising ... 50 basis points") with their case
    (`MINORITY_CASE`: "The participants favoring a 25 basis point increase noted that ..."); one asking for a
    figure (`Ask.HOW_MUCH`), a sentence giving one ("... to slow to 2.6 percent in 2022"); one naming a year, a figure
    for that year ("... where did they see PCE inflation in 2022?": "... slightly below 2 percent in 2022", or "this
    year" in that year's minutes); and a further part asking
    when (`Ask.WHEN`), a sentence saying when its thing starts (`_STARTS`: "Beginning on December 1, reinvest ...").
    Beside the record (`record_quotes`: its own quotes), an elliptic part no quote answers ("Which meeting's statement
    was the first to mention vaccinations, and how did it frame them?") is answered by the record's first quote: the
    sentence of the meeting its line names."""
    found: list[Quote] = []
    taken = {q.text for q in chosen}
    record = record_quotes is not None
    for part in unanswered_parts(analysis) if record else analysis.parts[1:]:
        words = _content(part.text) - GENERIC - _SPEAKER_WORDS  # its own words, not every question's or a speaker's
        elliptic = record and len(_focus(part.text)) < ELLIPTIC
        if elliptic:  # "..., and why was it adjusted?": the record's topic
            words |= _focus(analysis.plain)
        usable = [q for q in quotes if q.text not in taken and told_with(quotes, q, chosen)
                  and not is_filler(analysis, q)
                  and (part.ask is not Ask.WHY or gives_the_deciders_reason(analysis, q))]
        candidates = speakers_own(part.subjects, usable, among=quotes)
        years = part.subjects.projection_years if part.ask is not Ask.WHY else frozenset()
        scored = [(len(words & _content(q.text)) + (_minority_says(q) if part.subjects.minority else 0)
                   + (FIGURE_SAYS if part.ask is Ask.HOW_MUCH and _FIGURE.search(q.text) else 0)
                   + (FIGURE_SAYS if _says_the_year(years, q) else 0)
                   + (FIGURE_SAYS if part.ask is Ask.SHARE and speaks_for(q.text) else 0)
                   + (FIGURE_SAYS if part.ask is Ask.WHEN and part is not analysis.parts[0] and _STARTS.search(q.text)
                      else 0),
                   q.score, -quotes.index(q), q) for q in candidates]
        overlap, _, _, best = max(scored, key=lambda s: s[:3]) if scored else (0, 0, 0, None)
        # "how did it frame them?" (not "..., and how close was it?" beside a why: the minority's view says that)
        said = elliptic and part.ask is Ask.WHAT and not part.subjects.minority and Ask.WHY not in analysis.asks
        if overlap < 2 and said:
            best = next((q for q in usable if q.text in (record_quotes or ())), None)
        if best is not None and (overlap >= 2 or said):
            found.append(best)
            taken.add(best.text)
        if part.subjects.minority and found and _minority_says(found[-1]):  # who wanted it, and their case
            other = MINORITY_VIEW if MINORITY_CASE.search(found[-1].text) else MINORITY_CASE
            also = next((q for q in candidates if q.text not in taken and other.search(q.text)), None)
            if also is not None:
                found.insert(len(found) - 1 if other is MINORITY_VIEW else len(found), also)
                taken.add(also.text)
    return found


def _minority_says(q: Quote) -> int:
    """What a quote counts for beside a part asking about those who wanted otherwise: their case most (the other
    follows it), then that they wanted it."""
    return MINORITY_SAYS + 1 if MINORITY_CASE.search(q.text) else MINORITY_SAYS if MINORITY_VIEW.search(q.text) else 0
