"""The answer an analyst reads in ten seconds: a lead that answers, then at most three quotes that carry it.

The record's direct sentence and the reader's (or an LM's) quoted sentences arrive as one text with [n] markers;
`compose` turns it into a `Composed` answer: the lead (plain sentences: the record's fact in clean prose, and for a
question the record does not answer, or a "why" it does not explain, the best quoted sentence attributed to its
document; then a quote saying what the question asks about and the lead does not), then the evidence (the quotes
that help, at most MAX_QUOTES beside the record's lead and PASSAGE_EVIDENCE beside a lead that quotes the passages,
more only for a list or an evolution, one per meeting). Quotes that do not help are left to the sources list: the
Board's votes on administered rates unless rates are asked, procedure, a sentence that leans on one not quoted
("They also ..."), a quote the record's line already says (the line cites it), one saying no word the lead and the
quotes before it do not (a record line keeps one as its proof), and, with a fitted scorer, a quote it finds unlikely
to answer that says nothing the lead leaves out.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from fomc_qa.answering.citing import MARK, cite_after_line, cite_items
from fomc_qa.answering.content_words import GENERIC, adds, repeats, restated, retells, said_in
from fomc_qa.answering.content_words import content as _content
from fomc_qa.answering.content_words import focus as _focus
from fomc_qa.answering.filler import is_filler, off_meeting
from fomc_qa.answering.leaning import after_antecedents, antecedent, pointed_to, stands, told_with
from fomc_qa.answering.parts import part_quotes, speakers_own, unanswered_parts
from fomc_qa.answering.prose import clean_prose
from fomc_qa.answering.quote_scorer import QuoteScorer, quote_features
from fomc_qa.answering.quotes import LABEL, Quote, day_of, quotes_of, views_of
from fomc_qa.answering.reasons import (
    DECIDERS_SECTIONS,
    REPORTERS,
    dissent_asked,
    gives_the_deciders_reason,
    reporters_asked,
    states_the_deciders_reason,
)
from fomc_qa.answering.telling import attributed, directive_told, evidence_lines, names_source, roll_call_told
from fomc_qa.answering.why_lead import WhyAsked, follower, why_leads
from fomc_qa.question.analysis import QuestionAnalysis
from fomc_qa.question.asks import Ask
from fomc_qa.retrieval.policy_discussion import DECIDED, WAITS_FOR, WHAT_IT_WOULD_DO, gives_its_reason
from fomc_qa.text.consensus import speaks_for
from fomc_qa.text.sentences import DECISION, GIVES_REASON, LEANS, SETS_SCENE

# Words of the ask's form, not its subject ("by how much in total did the range fall that month?", "size of the
# hike?"): a quote sharing them ("... 2.7 percent over the 12 months ... total labor compensation", "the Plans for
# Reducing the Size of the Federal Reserve's Balance Sheet") says nothing the question asks about. Not "many": "why
# did many settle for 25 bp?" asks about the many participants.
_FORM = frozenset(_content("much total size month months year years week weeks day days time times often long"))
MAX_QUOTES = 3
EVIDENCE_LOG_ODDS = 0.0  # the fitted scorer's floor (even odds) for an evidence quote adding no asked-about word
PASSAGE_EVIDENCE = 2  # beside a lead told from the passages, which already quotes three of their sentences
LEAD_SENTENCES = 3  # a passage lead: the best sentence and the next two that stand on their own
LEAD_WORDS = 150  # ... and one more (LEAD_MORE) while the lead's sentences stay within this many words
LEAD_MORE = 1
PADDING_LOG_ODDS = -2.0  # a further lead sentence below these odds (about 1 in 8) needs a word of the question
LEAD_CHOICES = 3  # the reader's first quotes that may lead (by what of the question they say)
UNTOLD_WORDS = 2  # a quote joins the lead when it says this many question words the lead lacks
MAX_LISTED = 8  # a list or an evolution: PER_MEETING quotes per meeting, up to this many
PER_MEETING = 2  # a meeting's line and the sentence the question asks about beside it
ITEMIZED = ("count", "decisions", "unanimous", "list", "mention")  # record intents whose line lists its meetings


_STATES_MOVE = re.compile(r"\b(?:raised|lowered|maintained) the target range\b")
_HELD = re.compile(r"\bmaintained the target range\b")


@dataclass(frozen=True)
class Composed:
    lead: str
    evidence: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n\n".join(p for p in (self.lead, "\n".join(self.evidence)) if p)


def compose(analysis: QuestionAnalysis, raw: str, record_direct: str = "",
            scorer: QuoteScorer | None = None, floor: bool = True, order: bool = True) -> Composed:
    """The lead and the evidence of a raw answer (the record's lines first when `record_direct` is given). With a
    fitted `scorer` the lead and the evidence take the quotes most likely to answer (unless `order` is off: the
    build found its order no better than the rules'), else the answer's first, and (unless `floor` is off:
    `quote_fit` judges the scorer's order alone) the evidence keeps what carries the lead."""
    quotes = _past_the_scene(quotes_of(raw))
    if quotes and all(off_meeting(analysis, q) for q in quotes):
        analysis = _reported_later(analysis)
    likely: dict[int, float] = {}  # each quote's log-odds by its place, for the evidence floor
    if scorer is not None and quotes:
        scores = scorer.score(quote_features(analysis, views_of(quotes)))
        likely = {q.place: float(s) for q, s in zip(quotes, scores, strict=True)}
        if order:
            quotes = [dataclasses.replace(q, score=likely[q.place]) for q in quotes]
    own = _own_words(raw, record_direct)
    leads = [clean_prose(record_direct)] if record_direct else ([clean_prose(own)] if own else [])
    chosen: list[Quote] = []
    unsaid = 0  # chosen quotes the lead leaves unsaid (a judgement restating the record's line)
    if not leads or _why_unexplained(analysis, record_direct):
        lead_quote = _lead_quote(analysis, quotes, prefer_cause=bool(record_direct))
        if lead_quote is not None:
            after, before = follower(quotes, lead_quote), pointed_to(quotes, lead_quote)
            if _restates_the_line(lead_quote, after, record_direct):  # the line has the decision: its reason
                leads.append(attributed(after))
                unsaid, before = 1, None
            else:
                leads.append(attributed(lead_quote, after, before=before))
            chosen += [q for q in (before, lead_quote, after) if q is not None]
            other = _other_documents_reason(analysis, quotes, chosen, bool(_HELD.search(record_direct))) \
                if record_direct else None
            if other is not None and adds(other, leads):  # "in light of these risks, ...": with which risks
                named = pointed_to(quotes, other)
                named = named if named not in chosen else None
                leads.append(attributed(other, before=named, same_source=names_source(" ".join(leads), other)))
                chosen += [q for q in (named, other) if q is not None]
    if not record_direct or unanswered_parts(analysis):
        parts = part_quotes(analysis, quotes, chosen, _record_quotes(raw) if record_direct else None)
        retold: list[Quote] = []  # saying the lead again in other words: told, in neither the lead nor the evidence
        for part in parts or _second(analysis, quotes, chosen, unsaid):
            if adds(part, leads) and not retells(part, leads):
                leads.append(attributed(part, same_source=bool(chosen) and chosen[-1].label == part.label))
                chosen.append(part)
            elif adds(part, leads):
                retold.append(part)
        chosen += retold
    cap = MAX_LISTED if _lists(analysis) else MAX_QUOTES if record_direct else PASSAGE_EVIDENCE
    record_quotes = _record_quotes(raw) if record_direct else ()
    lead = " ".join(" ".join(leads).split())  # one paragraph: no line break in a lead
    evidence = [q for q in _evidence(analysis, quotes, chosen, cap, record_quotes) if not roll_call_told(q, lead)]
    evidence = [q for q in _speakers_evidence(analysis, evidence, chosen) if not directive_told(q, lead)]
    for asked in _asked_apart(analysis):
        told = _told_beside(asked, lead, [q for q in evidence if not retells(q, [lead])])
        if told is not None and adds(told, [lead]):  # the lead leaves out what the question asks: a quote says it
            lead = f"{lead} {attributed(told, same_source=names_source(lead, told))}"
            evidence.remove(told)
    if scorer is not None and floor and not _lists(analysis):
        evidence = _carrying(analysis, lead, evidence, record_quotes, likely, bool(record_direct))
    if _counted(analysis, record_direct):  # the line's own items prove it; a part it leaves is in the lead
        evidence = [q for q in evidence if q.text in record_quotes]
    line = " ".join(clean_prose(record_direct).split())
    if record_direct and not _lists(analysis):  # the record's line says these already: it cites them itself
        said = [q for q in evidence if not q.note and (said_in(q, lead) or _decision_beside_why(analysis, q, line))]
        evidence = [q for q in evidence if q not in said]
        lead = cite_after_line(lead, line, said)
    # a quote saying nothing the lead and the quotes before it do not: its marker says it (an evolution's line tells
    # each meeting's sentence whole; an itemized list's items cite their own quotes, below)
    if not _lists(analysis) or (record_direct and not _itemized(analysis)):
        kept = _saying_more(lead, evidence, bool(record_direct))
        lead = cite_after_line(lead, line, [q for q in evidence if q not in kept]) if record_direct else lead
        evidence = kept
    if record_direct and _itemized(analysis) and len(evidence) > MAX_QUOTES:  # "seven hikes: March 16 [6], ..."
        lead, evidence = cite_items(lead, line, evidence[MAX_QUOTES:]), evidence[:MAX_QUOTES]
    if record_direct and not evidence and not MARK.search(lead):  # every quote left: the line still cites them
        lead = cite_after_line(lead, line, [q for q in quotes if q.text in record_quotes])
    return Composed(lead, evidence_lines(evidence))


def _past_the_scene(quotes: list[Quote]) -> list[Quote]:
    """The quotes less those opening a part of the minutes by its topic (`SETS_SCENE`: "The manager then turned to a
    discussion of standing repo operations ..."), which restate what is asked; all of them when none says more."""
    said = [q for q in quotes if not SETS_SCENE.match(q.text)]
    return said if said else quotes


def _ranked(quotes: list[Quote]) -> list[Quote]:
    """Best-scored first; in the answer's order among equals (all of them without a scorer)."""
    return sorted(quotes, key=lambda q: -q.score)


def _record_quotes(raw: str) -> tuple[str, ...]:
    """The record's own quotes: those of the raw answer's first paragraph, after its line."""
    return tuple(q.text for q in quotes_of(raw.split("\n\n", 1)[0]))


def _own_words(raw: str, record_direct: str) -> str:
    """What the answer says in its own words before its first quotation (an LM's lead), less the record's line."""
    head = raw.split("\u201c", 1)[0] if "\u201c" in raw else raw
    head = LABEL.sub("", head).replace(record_direct, "")
    return " ".join(head.replace(":", " ").split()) if re.search(r"[a-z]{3}", head) else ""


def _why_unexplained(analysis: QuestionAnalysis, record_direct: str) -> bool:
    """The question asks why (or what was said about it) and the record's line states only the fact."""
    return bool(record_direct) and Ask.WHY in analysis.asks and not GIVES_REASON.search(record_direct)


def _lead_quote(analysis: QuestionAnalysis, quotes: list[Quote], prefer_cause: bool) -> Quote | None:
    """The quotation to lead with: of the reader's first LEAD_CHOICES that stand on their own (for a "why",
    the participants' judgement with what the action would do, else those that give a reason, from the document kind
    the question names or else the minutes; never the bare decision, which restates what is asked about), the one that
    says most of what the question asks about, the reader's first among equals (with a fitted scorer, its best). The
    reader's first often sets the scene ("Participants began a discussion of ..."), the next says what they concluded.
    A why's filler (`is_filler`: the standing guidance, an unasked dissenter's preference) is never among them; a part
    asking what share of the Committee held a view leads with the share said (`_sharing`)."""
    first = analysis.parts[0] if len(analysis.parts) > 1 else None  # the other parts follow
    asked, subjects = (first.text, first.subjects) if first else (analysis.plain, analysis.subjects)
    usable = _ranked(speakers_own(subjects, [q for q in quotes
                                              if stands(quotes, q) and not is_filler(analysis, q)]))
    if prefer_cause or Ask.WHY in analysis.asks:
        # "how did the statement justify ...": its own reasons; "why was 'transitory' dropped from the statement?":
        # the members' agreement on the edit, in the minutes
        kinds = frozenset({"minutes"} if subjects.wording else analysis.filter.doc_types or {"minutes"})
        usable = why_leads(WhyAsked(analysis, quotes, subjects, dissent_asked(subjects, usable), kinds), usable)
    share = (first or analysis.parts[0]).ask is Ask.SHARE
    if share:
        usable = _sharing(usable)
    if share or any(q.score for q in usable):  # a fitted scorer (or the share said) has ranked them
        return usable[0] if usable else None
    focus = _focus(asked)
    return max(usable[:LEAD_CHOICES], key=lambda q: (len(focus & _content(q.text)), -q.place), default=None)


def _sharing(usable: list[Quote]) -> list[Quote]:
    """For a part asking what share of the Committee held a view ("how many participants still saw another hike as
    likely?"), the quotes saying a share, the majority's ("A majority of participants judged ...") before a few
    participants' ("Several participants commented ...", often a further part's answer), each in the scorer's order;
    all of them when none says a share."""
    shares = [q for q in usable if speaks_for(q.text)]
    return sorted(shares, key=lambda q: speaks_for(q.text) < 0) if shares else usable


def _restates_the_line(judged: Quote, after: Quote | None, record_direct: str) -> bool:
    """The participants' judgement of the decision ("Against this backdrop, all participants agreed that it was
    appropriate to raise the target range ... 50 basis points at this meeting ...") beside a record line stating the
    move, when it gives no reason of its own (no "in consideration of the significant cumulative tightening ...") and
    the next sentence, standing on its own ("They assessed ..." does not), says what the action would do: that
    sentence is the answer, the judgement repeats the line."""
    return (after is not None and not LEANS.match(after.text) and bool(_STATES_MOVE.search(record_direct))
            and bool(DECIDED.pattern.search(judged.text)) and bool(WHAT_IT_WOULD_DO.pattern.search(after.text))
            and not gives_its_reason(judged.text))


def _other_documents_reason(analysis: QuestionAnalysis, quotes: list[Quote], chosen: list[Quote],
                            held: bool = False) -> Quote | None:
    """For a "why" the record's line does not explain, the best reason of the other document: the statement gives
    the Committee's reason in a clause ("In light of the progress on inflation and the balance of risks, ..."), the
    minutes the discussion behind it; an analyst asking why reads both. Beside a hold (`held`), what the Committee
    waits for comes first (`WAITS_FOR`), in either document ("they would want to see further progress on
    inflation" is the minutes'). With a fitted scorer, only a reason it scores more likely than not to
    answer, or what a hold waits for."""
    if Ask.WHY not in analysis.asks or analysis.filter.doc_types or not chosen:
        return None
    have = {m.group("kind") for q in chosen if (m := LABEL.match(q.label))}
    taken = {q.text for q in chosen}
    candidates = [q for q in speakers_own(analysis.subjects, quotes) if q.text not in taken
                  and not LEANS.match(q.text) and not is_filler(analysis, q) and gives_the_deciders_reason(analysis, q)]
    reasons = _ranked([q for q in candidates if (GIVES_REASON.search(q.text) or (held and WAITS_FOR.search(q.text)))
                       and (m := LABEL.match(q.label)) is not None and m.group("kind") not in have])
    waits = [q for q in _ranked(candidates) if held and WAITS_FOR.search(q.text)]  # from either document
    if waits:
        return waits[0]
    best = reasons[0] if reasons else None
    scored = any(q.score for q in quotes)  # a fitted scorer: only a reason it finds likely to answer
    return best if best is not None and (best.score > 0 or not scored) else None


def _asked_apart(analysis: QuestionAnalysis) -> list[str]:
    """What `_told_beside` looks for: the question, then each of its further parts on its own (one quote may say
    the first part's words and leave the second's out)."""
    return [analysis.plain, *(p.text for p in analysis.parts[1:])]


def _told_beside(asked: str, lead: str, evidence: list[Quote]) -> Quote | None:
    """Of the evidence, the quote that says what the question asks about and the lead (the record's line, or the
    passages' best sentences) does not: the one sharing most (and at least UNTOLD_WORDS) of the question's content
    words the lead leaves out ("..., and until when?": "until substantial further progress has been made"), or one
    of them that is not `GENERIC` ("who abstained?": "Governor Miran ... abstained"), so the lead answers every
    part: blind judges found the answer "only in a quote below the lead". The ask's form words (`_FORM`) do not
    count."""
    untold = _focus(asked) - _content(lead) - _FORM
    scored = [(len(untold & _content(q.text)), len((untold - GENERIC) & _content(q.text)), -q.place, q)
              for q in evidence if not LEANS.match(q.text)]
    best = max(scored, key=lambda s: s[:3], default=None)
    return best[3] if best is not None and (best[0] >= UNTOLD_WORDS or best[1] >= 1) else None


def _carrying(analysis: QuestionAnalysis, lead: str, evidence: list[Quote], record_quotes: tuple[str, ...],
              likely: dict[int, float], record: bool) -> list[Quote]:
    """The evidence that carries the lead: the record's own quotes (its line cites through them), a quote the fitted
    scorer finds plausibly answering (log-odds at least EVIDENCE_LOG_ODDS), and one saying a word of the question the
    lead leaves out ("abstained" beside a lead that names no one). The rest go to the sources: blind judges found
    them off the point (docs/evaluation.md: the floor at even odds halves the irrelevant quotes again). Beside a lead
    told from the passages, which says the words every question shares already, only a word beyond those counts
    (`GENERIC`: a third of such quotes held no keyword), or, for a why, the deciders' reason ("In light of inflation
    developments ..., the Committee decided ...": docs/answering.md, twenty-fifth round)."""
    untold = _focus(analysis.plain) - _content(lead) - (set() if record else GENERIC | _FORM)
    why = not record and Ask.WHY in analysis.asks
    return [q for q in evidence if q.text in record_quotes or likely.get(q.place, 0.0) >= EVIDENCE_LOG_ODDS
            or untold & _content(q.text)
            or (why and states_the_deciders_reason(analysis, q))]


def _saying_more(lead: str, evidence: list[Quote], record: bool) -> list[Quote]:
    """The evidence less each quote `restated` by the lead and the quotes kept before it (a sentence with a note, the
    redline's, always stays); beside a `record` line that cites nothing yet, the first quote stays as its proof."""
    kept: list[Quote] = []
    proof = record and not MARK.search(lead)  # the record's line cites nothing yet: the first quote saying it proves it
    for q in evidence:
        if q.note or proof or not (restated(q, lead, kept)
                                   or (not record and retells(q, [lead, *(k.text for k in kept)]))):
            kept.append(q)
            proof = False
    return kept


def _bare_decision(analysis: QuestionAnalysis, q: Quote) -> bool:
    """The decision's own sentence beside a why: it restates what is asked about, it gives no reason."""
    return Ask.WHY in analysis.asks and bool(DECISION.search(q.text)) and not GIVES_REASON.search(q.text)


def _decision_beside_why(analysis: QuestionAnalysis, q: Quote, line: str) -> bool:
    """A why's quote of the decision the record's line states ("... the Committee decided to raise the target range
    to ..."): the question asks for the reason, the line has the decision, so the quote proves nothing asked (blind
    judges counted it irrelevant)."""
    return Ask.WHY in analysis.asks and bool(_STATES_MOVE.search(line)) and bool(DECISION.search(q.text))


def _counted(analysis: QuestionAnalysis, record_direct: str) -> bool:
    """The record's line counts the target range's moves and lists each with its citation ("lowered the target range
    two times ...: March 3, 2020 (-50 basis points), March 15, 2020 (-100 basis points)"), and no why is asked: the
    reader's other quotes (reserve requirements, the guidance on future adjustments) prove nothing it says (blind
    judges: "irrelevant quotes")."""
    policy = analysis.record.policy
    return (policy is not None and policy.intent == "count" and "target range" in record_direct
            and Ask.WHY not in analysis.asks)


def _itemized(analysis: QuestionAnalysis) -> bool:
    """The record's line lists the meetings it counts or names, each with what happened there ("seven times in
    2022: March 16, 2022 (+25 basis points), ..."): each item can carry its own citation."""
    policy = analysis.record.policy
    return policy is not None and policy.intent in ITEMIZED


def _second(analysis: QuestionAnalysis, quotes: list[Quote], chosen: list[Quote], unsaid: int = 0) -> list[Quote]:
    """For a one-part question answered from passages, the next sentences that stand on their own (up to
    LEAD_SENTENCES in the lead, and LEAD_MORE beyond while the lead stays within LEAD_WORDS: short sentences leave
    room for the reader's next one): a discussion is rarely one sentence, and an answer's detail left to the evidence
    is an answer the lead does not give (docs/answering.md, "The composed answer"). Not a sentence sharing no
    question word that the fitted scorer finds very unlikely to answer ("They also say that the PDF version of these
    Minutes was unchanged"). A sentence leaning on one the lead tells joins only after it, and a picked sentence's
    continuation ("A number of these participants indicated, however, ...") always goes with it (`leaning`)."""
    taken = {q.text for q in chosen}
    rest = _ranked(speakers_own(analysis.subjects, [q for q in quotes if q.text not in taken
                                                     and not is_filler(analysis, q)
                                                     and not _bare_decision(analysis, q)], among=quotes))
    if not chosen or _lists(analysis):
        return []
    if any(q.score for q in quotes):  # fitted: a sentence it finds very unlikely and off the question is padding
        asked = _focus(analysis.plain) - GENERIC
        rest = [q for q in rest if q.score >= PADDING_LOG_ODDS or asked & _content(q.text)]
    picked: list[Quote] = []
    for q in rest:  # best first; a leaning sentence once the sentence it leans on is told
        if len(picked) < max(LEAD_SENTENCES - len(chosen) + unsaid, 1) and told_with(quotes, q, chosen + picked):
            picked.append(q)
    words = sum(len(q.text.split()) for q in chosen + picked)
    for q in [q for q in rest if q not in picked and told_with(quotes, q, chosen + picked)][:LEAD_MORE]:
        words += len(q.text.split())
        if words > LEAD_WORDS:
            break
        picked.append(q)
    # a picked sentence's continuation ("A number of these participants indicated, however, that ...") goes with it
    picked += [q for q in rest if q not in picked and LEANS.match(q.text) and antecedent(quotes, q) in picked]
    return after_antecedents(quotes, picked)


def _reported_later(analysis: QuestionAnalysis) -> QuestionAnalysis:
    """The analysis with no meeting to keep quotes to, when none of the reader's quotes is of the meeting the question
    names: what happened after a meeting is reported in the next one's minutes ("the first use of the standing repo
    facility at the September 2024 quarter-end" is in the November 7, 2024 minutes), and those quotes are the answer."""
    return dataclasses.replace(analysis, filter=dataclasses.replace(analysis.filter, meetings=None))


def _lists(analysis: QuestionAnalysis) -> bool:
    """A question asking for a list, a count or how something evolved: one quote per meeting, not three."""
    policy = analysis.record.policy
    listed = policy is not None and policy.intent in ("evolution", "mention", "list", "decisions", "unanimous", "count")
    return listed or Ask.LIST in analysis.asks or Ask.EVOLUTION in analysis.asks


def _evidence(analysis: QuestionAnalysis, quotes: list[Quote], chosen: list[Quote], cap: int,
              record_quotes: tuple[str, ...] = ()) -> list[Quote]:
    """The quotes that carry the lead: the best `cap` of those that help (each sentence once, a leaning sentence
    only beside the one it leans on), in the answer's order, less those that repeat another and, beside a lead
    that quotes passages already, those sharing no word with the question (the record's own quotes always stay)."""
    eligible: list[Quote] = []
    # each sentence once; an itemized list's like sentences of different meetings are different items (each hold)
    key = (lambda q: (q.text, day_of(q))) if _itemized(analysis) else (lambda q: q.text)
    seen = {key(q) for q in chosen}
    for q in quotes:
        leans = bool(LEANS.match(q.text))
        follows = leans and (before := antecedent(quotes, q)) is not None and (before in eligible or before in chosen)
        filler = is_filler(analysis, q) and not _wording_asked(analysis, q)
        if not (key(q) in seen or filler or (leans and not follows)):
            eligible.append(q)
            seen.add(key(q))
    kept: list[Quote] = []
    focus = _focus(analysis.plain)
    listed = _lists(analysis)
    best = _per_meeting(eligible, cap, PER_MEETING * len(analysis.parts)) if listed else _ranked(eligible)[:cap]
    for q in sorted(best, key=lambda q: q.place):
        # beside a lead that quotes the passages already, a quote sharing no word with the question is padding
        padding = chosen and not _lists(analysis) and q.text not in record_quotes and not focus & _content(q.text)
        if not repeats(q, kept + chosen) and not padding:
            kept.append(q)
    return kept


def _wording_asked(analysis: QuestionAnalysis, q: Quote) -> bool:
    """The quote holds the wording the question asks about ("... still listed readings on public health ..."): the
    standing sentence that is filler beside any other question is the answer to this one."""
    policy = analysis.record.policy
    return policy is not None and bool(policy.term) and policy.term.lower() in q.text.lower()


def _per_meeting(quotes: list[Quote], cap: int, each: int) -> list[Quote]:
    """A list's or an evolution's quotes over several meetings: at most `each` of a meeting, best first (up to
    `cap`): a meeting's line, not every sentence of it. Of one meeting ("what did the March 23, 2020 statement
    change?"), the best `cap`: its items are the list."""
    taken: dict[str | None, int] = {}
    best: list[Quote] = []
    for q in _ranked(quotes):
        if taken.get(day_of(q), 0) < each and len(best) < cap:
            best.append(q)
            taken[day_of(q)] = taken.get(day_of(q), 0) + 1
    return best if len(taken) > 1 else _ranked(quotes)[:cap]


def _speakers_evidence(analysis: QuestionAnalysis, evidence: list[Quote], chosen: list[Quote]) -> list[Quote]:
    """The evidence less the deciders' sections (participants' views, the policy action) when the question asks
    what the staff or the manager reported and some quote is from their section: theirs is the answer; less the
    staff's and the manager's when it asks what participants said (`speakers_own`)."""
    if not reporters_asked(analysis):
        return speakers_own(analysis.subjects, evidence, among=chosen + evidence)
    if not any(REPORTERS.search(q.label.partition("(")[2]) for q in chosen + evidence):
        return evidence
    return [q for q in evidence if not any(s.search(q.label.partition("(")[2]) for s in DECIDERS_SECTIONS)]
