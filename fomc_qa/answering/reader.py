"""The offline extractive reader: from a question and numbered passages to the sentences that answer it.

`read(question, passages, encoder)` scores every passage sentence against the question and keeps the
best-supported ones, verbatim; `answer_text(quotes)` renders them as the answer, each quotation led
by its source and followed by its passage marker. Pure and deterministic (ties broken by passage and
sentence order), with no DSPy: `fomc_qa.answering.engine` wraps it as the project's default LM.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from fomc_qa.answering.sentence_model import SentenceView, feature_matrix, load_model
from fomc_qa.models import DOC_TYPE_LABEL
from fomc_qa.question.dates import asks_for_first, asks_how_held, parse_filter, reference_dates
from fomc_qa.question.facets import question_facets
from fomc_qa.retrieval.sections import named_sections
from fomc_qa.text.glossary import expand
from fomc_qa.text.lexical import stem
from fomc_qa.text.names import (
    COMMON_NAMES,
    MONTHS,
    STOPWORDS,
    mentions,
    specific_names,
    spelled_acronyms,
    titled_names,
    topic_names,
)
from fomc_qa.text.sentences import quotable, split_sentences

# Sentence support = cosine(sentence, question with its jargon spelled in the Committee's words,
# fomc_qa.text.glossary) + LEXICAL_WEIGHT * weighted share of the question's content terms found in
# the sentence or its passage header (so a date or a document type named in the question favours
# the matching meeting's passages) + RANK_PRIOR / passage_number (the retriever's order, which
# already fused lexical and date evidence, breaks near-ties) + ANSWER_TYPE_BONUS when the
# sentence carries the kind of thing the question asks for (below). Measured with
# all-MiniLM-L6-v2 over minutes paragraphs of 2020-2025: sentences that answer the question score
# about 0.6-1.0, on-topic sentences that do not answer it 0.45-0.6, off-topic ones 0.15-0.35. The
# threshold therefore rejects off-topic questions; near-topic ones are left to the program's
# retrieval floor.
SUPPORT_THRESHOLD = 0.45
# Sentences are read in the order of support + LEARNED_WEIGHT * the sentence model's logit
# (`fomc_qa.answering.sentence_model`); thresholds and margins stay on the support scale.
LEARNED_WEIGHT = 1.0
LEXICAL_WEIGHT = 0.2
RANK_PRIOR = 0.03
# Expected answer types. A "how much / to what level / where did it move" question is answered by
# the sentence with the number (the decision), not by the discussion around it; a "who" question
# by the sentence naming people; a "when / on what date" question by one carrying a date. The
# bonus is added to sentences of that type only, so it reorders on-topic sentences without lifting
# an off-topic one over the threshold by itself (it is below the 0.45-0.6 on-topic band's width).
ANSWER_TYPE_BONUS = 0.1
# A name the question asks about ("China", "Credit Suisse", `fomc_qa.text.names.topic_names`) is its subject:
# sentences that spell it score NAME_BONUS higher than sentences around it that do not.
NAME_BONUS = 0.1
# A question that names one kind of document ("in the March 2023 statement", "per the minutes") is answered
# from it: sentences of that kind's passages score DOC_TYPE_BONUS higher (the minutes repeat the statement's
# topics in other words, so without it a minutes sentence can outrank the statement's own).
DOC_TYPE_BONUS = 0.1
# A question naming a minutes section ("the special topic on the Standing Repo Facility", "the manager's review",
# `fomc_qa.retrieval.sections`) is answered from it: that section's sentences score SECTION_BONUS higher (the same
# program is mentioned in other sections, in sentences that name it more often than they answer the question).
SECTION_BONUS = 0.1
# Further sentences must score within EXTRA_MARGIN of the best one, come from one of the
# TOP_PASSAGES best passages, and not repeat a chosen sentence (cosine >= DUPLICATE_COSINE).
# Before them, within the wider WIDE_MARGIN of the best: for each answer type the question asks
# for that the best sentence lacks ("Who were they, and how did their guidance differ?"), the
# best sentence of that type; and for a question naming several meetings ("between the January
# 2022 and June 2022 meetings"), the best sentence of each named meeting, so every document it
# compares is quoted. MAX_SENTENCES leaves room for a comparison of up to four meetings and, after a lead that
# restates a multi-part question, for the sentences that answer its parts. 2026-11-24, widening 4 / 0.12 to
# 6 / 0.18 on two outside sets measured before reading: keyword_recall 0.788 -> 0.846 and 0.899 -> 0.907.
MAX_SENTENCES = 6
EXTRA_MARGIN = 0.18
WIDE_MARGIN = 0.25
TOP_PASSAGES = 3
DUPLICATE_COSINE = 0.9
# A question asking several things (`question_facets`) is answered at greater length: a part's answer is near the best
# for that part, not for the whole question, so near-best sentences come within WIDE_MARGIN (not EXTRA_MARGIN), and up
# to MULTI_PART_EXTRA more of them from as many more passages. 2026-11-25, with the parts split at "and over what",
# ", what ...": dev keyword_recall 0.918 -> 0.927 (median answer 260 -> 295 words), outside sets b+c 0.876 -> 0.884.
MULTI_PART_EXTRA = 2
# A minutes discussion answers across its paragraph ("Participants noted ... They also observed ... Some
# participants cautioned ..."), not in one sentence: an answer led by a minutes sentence quotes near-best sentences
# within DISCUSSION_MARGIN of the lead, and up to DISCUSSION_EXTRA more of them. 2026-11-25, margin 0.3, dev
# out-of-fold (with the sentence model): section questions 0.842 -> 0.859, overall 0.925 -> 0.930, median answer
# 289 -> 301 words. 2026-11-26, margin 0.3 -> 0.4 and two more sentences: dev out of fold 0.9267 -> 0.9352 (section
# 0.856 -> 0.882), median answer 299 -> 346 words; outside sets g and i (unread) 0.913 -> 0.918 and 0.926 -> 0.935.
DISCUSSION_MARGIN = 0.4
DISCUSSION_EXTRA = 2
# A minutes paragraph states a point and goes on with its reason, its extent or who held the other view: a quoted
# minutes sentence brings the next sentence of its paragraph when that one is within FOLLOW_MARGIN of the lead's
# support, quoted right after it (at most FOLLOW_MAX such sentences per answer, beyond MAX_SENTENCES). 2026-11-26, dev
# out of fold 0.9446 -> 0.9514 (section questions 0.894 -> 0.907; margin 0.2: 0.9456, 0.35: 0.9482, 0.7 and 1.0:
# 0.9519), median answer 348 -> 382 words; outside set aa (never read, not fitted on) 0.862 -> 0.887. Two more
# near-best sentences instead (DISCUSSION_EXTRA 4) gave 0.9486 at 374 words.
FOLLOW_MARGIN = 0.5
FOLLOW_MAX = 6
# Procedural sentences of the minutes name dates and meetings, so they match date-heavy
# questions, yet answer nothing (a notation vote approving the previous minutes is one; one approving the framework
# statement or an officer is not); they are scored BOILERPLATE_PENALTY lower, which only a
# question about the procedure itself ("when was the next meeting scheduled?") overcomes.
BOILERPLATE_PENALTY = 0.4
_BOILERPLATE = re.compile(
    r"^(?:The meeting adjourned|By notation vote completed\b[^.]*\bapproved the minutes\b"
    r"|It was agreed that the next meeting"
    r"|Voting for (?:this|the)\b|A joint meeting of the Federal Open Market Committee|Attendance\b"
    r"|Secretary's note|Attended\b|The Federal Open Market Committee is referenced as|Elected as an Alternate\b"
    r"|Committee organizational documents are available)",  # the last four: the minutes' footnotes
    re.I,
)
# The minutes' opening sentence ("A joint meeting ... was held by videoconference on ...") answers a question about how
# a meeting was held (`asks_how_held`), so it is not penalized then.
_OPENING = re.compile(r"^A joint meeting of the Federal Open Market Committee", re.I)
_QUANTITY_QUESTION = re.compile(
    r"\bhow (?:much|many|far|high|low|large|big)\b|\bby how\b|\bto what\b|\bwhat (?:\w+ )?(?:size|amount)\b"
    r"|\bwhere (?:did|had|has|was|were|is|does|do|would)\b"
    r"|\b(?:levels?|ranges?|pace|caps?|limits?|minimum|maximum|reductions?|increases?|decreases?)\b",
    re.I,
)
_QUANTITY = re.compile(
    r"\$\s?\d"
    r"|\d(?:[\d,./\-\u2011]*\d)?\*?\s*(?:percent|percentage points?|basis points?|billion|million|trillion)\b"
    r"|\b\d+(?:[-\u2011]\d+)?/\d+\b"
    r"|\b(?:roughly|about|around|approximately|nearly|by|in)\s+(?:one[- ])?half\b|\bby (?:a|one)[- ](?:third|quarter)\b"
    r"|\bdoubl\w+|\bhalv\w+"  # "slowing the pace of runoff by roughly half"
)
_PERSON_QUESTION = re.compile(
    r"^\s*who\b|\bwho (?:was|were|dissented|voted|abstained|objected)\b"
    r"|\bwhich (?:members?|governors?|presidents?|officials?)\b|\bdissent|\babstain", re.I
)
_PERSON = re.compile(r"\b[A-Z][a-z]+ [A-Z]\. [A-Z][a-z]+\b|\bVoting against\b"
                     r"|\b(?:Governor|President|Chair|Vice Chair|Chairman)\s+[A-Z][a-z]+")
_DATE_QUESTION = re.compile(r"^\s*when\b|\bwhat date\b|\bwhich (?:month|day|date)\b|\bstarting in which\b", re.I)
_MONTH_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
_DATE = re.compile(rf"\b(?:{_MONTH_NAMES}) \d{{1,2}}\b|\b(?:beginning|starting|effective) in (?:{_MONTH_NAMES})\b")
# "When did a statement first mention X?" (fomc_qa.question.dates.asks_for_first) is answered by the
# earliest meeting that says X, not by the best-matching later repetition; "the last increase" by
# the latest. Among sentences within EXTRA_MARGIN of the best, such a question leads with the
# earliest (latest) meeting's.
_LAST = re.compile(r"\b(?:last|final|most recent)\b(?! (?:\w+ )?(?:meeting|quarter|half|year|month|week)\b)", re.I)
# "What caused the early-August selloff?", "why did volumes drop?": a sentence that gives a cause.
_CAUSE_QUESTION = re.compile(r"\bwhat (?:caused|drove|triggered|prompted|led to|explain\w*|was behind)\b|\bwhy\b"
                             r"|\bwhat (?:\w+ )?(?:reasons?|factors?|drivers?)\b|\battribut\w*", re.I)
_CAUSE = re.compile(r"\b(?:the )?result(?:ed)? (?:of|from)\b|\bbecause\b|\breflect\w*|\bdue to\b|\bdriven by\b"
                    r"|\battribut\w*|\bowing to\b|\binduced\b|\bcaused by\b|\bprompted by\b|\bin response to\b"
                    r"|\bstemm\w* from\b|\bled to\b", re.I)
_ANSWER_TYPES = ((_QUANTITY_QUESTION, _QUANTITY), (_PERSON_QUESTION, _PERSON), (_DATE_QUESTION, _DATE),
                 (_CAUSE_QUESTION, _CAUSE))
# A question asking two things ("To what level did the Board raise the rate, and by how much was
# this technical adjustment?", fomc_qa.question.facets) gets, for each facet the chosen sentences do not
# already hold, its own best sentence: scored like the whole question but against the facet alone,
# from the lead's meeting or the TOP_PASSAGES, and at least FACET_THRESHOLD.
FACET_THRESHOLD = 0.45
# The sentence right after a chosen one that opens by pointing back to it ("That analysis
# suggested ...") often holds what a second facet asks for; it scores CONTINUATION_BONUS higher
# for facets.
CONTINUATION_BONUS = 0.1
# A terse lead announces what its paragraph goes on to say ("The manager next considered the
# recent behavior of Treasury yields.", "The U.S. banking system is sound and resilient."): the
# next sentence of the same paragraph is quoted with it when on topic (at least the threshold); so is a
# next sentence that points back to the lead, or that scores within WIDE_MARGIN of it (dev 0.915 -> 0.924).
SHORT_LEAD_WORDS = 12
_CONTINUATION = re.compile(r"^(?:This|That|These|Those|Such|It|They)\b")

NO_ANSWER = "The passages do not contain the answer to this question."

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TOKEN = re.compile(r"[a-z0-9]+(?:[-/.][a-z0-9]+)*")
_NAME = re.compile(r"\b[A-Z][A-Za-z]*[a-z][A-Za-z]*\b")
_DOC_KIND = {label.lower(): kind for kind, label in DOC_TYPE_LABEL.items()}


class Embedder(Protocol):
    """Anything with `encode(texts) -> (n, d) float32 array of unit vectors`."""

    def encode(self, texts: list[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class Passage:
    """One numbered passage: its marker, header and text (header removed)."""

    n: int
    header: str
    text: str


@dataclass(frozen=True)
class Quote:
    """A sentence chosen to answer the question: its passage, position there, text and support score."""

    passage: Passage
    index: int  # position of the sentence within its passage
    text: str
    score: float


def read(
    question: str,
    passages: Sequence[Passage],
    encoder: Embedder,
    *,
    support_threshold: float = SUPPORT_THRESHOLD,
    max_sentences: int = MAX_SENTENCES,
) -> list[Quote]:
    """Score every sentence and keep the best-supported, non-redundant ones (at most `max_sentences`, and
    MULTI_PART_EXTRA more for a question of several parts;
    none when the best is below `support_threshold` or the question names what no passage holds):
    the lead (see `_ordinal_lead`) and, if it is terse, the next sentence of its paragraph; then one
    for each facet of a multi-part question (`question_facets`), missing answer types and named
    meetings, then near-best sentences; last, the sentence after each quoted minutes sentence (`_add_followers`)."""
    question = question.strip()
    if not question or _unsupported_specifics(question, passages):
        return []
    table = _sentence_table(question, passages, encoder)
    if table is None:
        return []
    sentences, facets, encoded, support = table
    rows = sentences.rows
    if max(support) < support_threshold:
        return []
    scored = [Quote(p, i, s, score) for (p, i, s), score in zip(rows, support, strict=True)]
    rank = sentences.ranking(question, support, encoded[1 : 1 + len(facets)] if len(facets) > 1 else encoded[:0])
    order = sorted(range(len(scored)), key=lambda j: (-rank[j], scored[j].passage.n, scored[j].index))
    extra = MULTI_PART_EXTRA if len(facets) > 1 else 0
    # the lead is chosen by support, whose bonuses say what the question names (a document, people, the first
    # meeting); the learned order ranks the sentences quoted after it
    by_support = sorted(range(len(scored)), key=lambda j: (-scored[j].score, scored[j].passage.n, scored[j].index))
    picks = _Picks(scored, order, sentences.vectors, max_sentences + extra, _ordinal_lead(question, scored, by_support))
    best = scored[picks.lead]
    _add_continuation(picks, support_threshold)
    _add_enumeration(picks)
    top_passages = set(list(dict.fromkeys(scored[j].passage.n for j in order))[:TOP_PASSAGES + extra])
    if len(facets) > 1:
        _add_facets(picks, sentences, facets, encoded[1 : 1 + len(facets)], top_passages)
    wide_floor = max(support_threshold, best.score - WIDE_MARGIN)
    asked = _asked_kinds(question)
    _add_answer_types(picks, asked, wide_floor)
    _add_named_meetings(picks, _named_meetings(question, passages), wide_floor)
    # the near-best margin is measured from the lead's support before its answer-type bonus: the bonus orders the
    # sentences, it does not make the rest of the answer less near
    typed = ANSWER_TYPE_BONUS * sum(bool(kind.search(best.text)) for kind in asked)
    margin = WIDE_MARGIN if extra else EXTRA_MARGIN
    if "minutes" in best.passage.header.lower():
        margin = max(margin, DISCUSSION_MARGIN)
        picks.max_sentences += DISCUSSION_EXTRA
    _add_near_best(picks, max(support_threshold, best.score - typed - margin), top_passages)
    _add_followers(picks, best.score - FOLLOW_MARGIN)
    quotes = [scored[j] for j in picks.rows]
    return quotes if _names_in_quoted_passages(question, quotes) else []


def _sentence_table(question: str, passages: Sequence[Passage], encoder: Embedder
                    ) -> tuple[_Sentences, list[str], np.ndarray, list[float]] | None:
    """The passages' quotable sentences with their vectors, the question's facets, the encoded queries (row 0 the
    question, then each facet of a multi-part question) and each sentence's support; None without a sentence."""
    rows = [(p, i, s) for p in passages for i, s in enumerate(split_sentences(p.text)) if quotable(s)]
    if not rows:
        return None
    facets = [facet_query(f, question) for f in question_facets(question)]
    queries = [expand(question), *[expand(f) for f in facets]] if len(facets) > 1 else [expand(question)]
    encoded = np.asarray(encoder.encode([*queries, *[s for _, _, s in rows]]), dtype=np.float32)
    sentences = _Sentences(rows, np.concatenate([encoded[:1], encoded[len(queries) :]]))
    return sentences, facets, encoded[: len(queries)], sentences.support(question, sentences.vectors[0])


def candidate_features(question: str, passages: Sequence[Passage], encoder: Embedder
                       ) -> tuple[list[str], np.ndarray] | None:
    """Every quotable sentence of the passages with its `sentence_model.FEATURES` row, as the reader ranks them
    (for fitting the model: `scripts/fit_sentence_model.py`); None without a sentence."""
    table = _sentence_table(question.strip(), passages, encoder)
    if table is None:
        return None
    sentences, facets, encoded, support = table
    facet_vectors = encoded[1 : 1 + len(facets)] if len(facets) > 1 else encoded[:0]
    return [s for _, _, s in sentences.rows], sentences.features(question.strip(), support, facet_vectors)


def answer_text(quotes: Sequence[Quote]) -> str:
    """The answer: the quoted sentences with their markers, or NO_ANSWER.

    Each quotation is led by its source ("FOMC statement of May 4, 2022: “...” [3]"), so
    the answer says when and where it was said; consecutive quotations of one document
    share the lead.
    """
    if not quotes:
        return NO_ANSWER
    parts: list[str] = []
    previous = None
    for c in quotes:
        source = source_label(c.passage.header)
        if not source:
            parts.append(f"{c.text} [{c.passage.n}]")
            continue
        quote = f"\u201c{c.text}\u201d [{c.passage.n}]"
        parts.append(quote if source == previous else f"{source}: {quote}")
        previous = source
    return " ".join(parts)


@dataclass
class _Sentences:
    """The passages' quotable sentences (passage, position, text) and their vectors
    (row 0: the question; 1 + j: sentence j)."""

    rows: list[tuple[Passage, int, str]]
    vectors: np.ndarray
    terms: list[set[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.terms = [_terms(s) | _terms(_expand_header(p.header)) for p, _, s in self.rows]

    @functools.cached_property
    def acronyms(self) -> list[set[str]]:
        """Each sentence's spelled-out acronyms ("Bank Term Funding Program" -> btfp), for the name bonus."""
        return [spelled_acronyms(s) for _, _, s in self.rows]

    def ranking(self, question: str, support: list[float], facet_vectors: np.ndarray) -> list[float]:
        """The order to read sentences in: the learned ensemble's logit (`sentence_model`), or the support
        itself without a shipped model."""
        model = load_model()
        if model is None:
            return support
        logits = model.score(self.features(question, support, facet_vectors))
        return [round(s + LEARNED_WEIGHT * float(x), 6) for s, x in zip(support, logits, strict=True)]

    def features(self, question: str, support: list[float], facet_vectors: np.ndarray) -> np.ndarray:
        """`sentence_model.FEATURES` of every sentence."""
        cosine = self.vectors[1:] @ self.vectors[0]
        facet = (self.vectors[1:] @ facet_vectors.T).max(axis=1) if len(facet_vectors) else cosine
        asked = _terms(question)
        weighted = _weighted_terms(question)
        per_passage: dict[int, int] = {}
        for passage, _, _ in self.rows:
            per_passage[passage.n] = per_passage.get(passage.n, 0) + 1
        views = []
        for j, (passage, index, sentence) in enumerate(self.rows):
            terms = _terms(sentence)
            views.append(SentenceView(
                passage=passage.n, index=index, sentences_in_passage=per_passage[passage.n],
                words=len(sentence.split()), minutes="minutes" in passage.header.lower(), support=support[j],
                cosine=float(cosine[j]), coverage=_coverage(weighted, terms), facet_cosine=float(facet[j]),
                novelty=len(terms - asked) / max(len(terms), 1),
                question_density=len(asked & terms) / max(len(terms), 1), quantity=bool(_QUANTITY.search(sentence))))
        return feature_matrix(views)

    def support(self, query: str, query_vector: np.ndarray) -> list[float]:
        """Each sentence's support for `query` (see SUPPORT_THRESHOLD)."""
        q_terms = _weighted_terms(query)
        wanted_here = _asked_kinds(query)
        names = topic_names(query)
        kinds = parse_filter(query, []).doc_types or frozenset()
        sections = named_sections(query, {_section_of(p) for p, _, _ in self.rows})
        asks_format = asks_how_held(query)
        scores = []
        for j, ((passage, _, sentence), cosine, terms) in enumerate(zip(self.rows, self.vectors[1:] @ query_vector,
                                                                         self.terms, strict=True)):
            score = float(cosine) + LEXICAL_WEIGHT * _coverage(q_terms, terms) + RANK_PRIOR / max(passage.n, 1)
            score += ANSWER_TYPE_BONUS * sum(bool(kind.search(sentence)) for kind in wanted_here)
            if names and any(mentions(sentence.lower(), name) or name in self.acronyms[j] for name in names):
                score += NAME_BONUS
            if _DOC_KIND.get(passage.header.split(",")[0].strip().lower()) in kinds:
                score += DOC_TYPE_BONUS
            if sections and _section_of(passage) in sections:
                score += SECTION_BONUS
            if _BOILERPLATE.match(sentence) and not (asks_format and _OPENING.match(sentence)):
                score -= BOILERPLATE_PENALTY
            scores.append(round(score, 6))
        return scores


@dataclass
class _Picks:
    """The rows of `scored` chosen so far, the lead first; `order` ranks all rows best first."""

    scored: list[Quote]
    order: list[int]
    vectors: np.ndarray
    max_sentences: int
    lead: int
    rows: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.rows = [self.lead]

    def full(self) -> bool:
        return len(self.rows) >= self.max_sentences

    def repeats(self, j: int) -> bool:
        """Whether row j is chosen already or repeats a chosen sentence."""
        return j in self.rows or any(
            float(self.vectors[1 + j] @ self.vectors[1 + k]) >= DUPLICATE_COSINE
            or _normalize(self.scored[j].text) == _normalize(self.scored[k].text)
            for k in self.rows
        )

    def admit(self, j: int) -> bool:
        if self.full() or self.repeats(j):
            return False
        self.rows.append(j)
        return True


def _add_continuation(picks: _Picks, threshold: float) -> None:
    """The next sentence of the lead's paragraph, when on topic and the paragraph goes on with the answer: after a
    terse lead (SHORT_LEAD_WORDS), a sentence pointing back to it ("They concurred that ..."), or one within
    WIDE_MARGIN of it."""
    scored, best = picks.scored, picks.scored[picks.lead]
    after = _next_in_paragraph(scored, picks.lead)
    if after is None:
        return
    goes_on = len(best.text.split()) < SHORT_LEAD_WORDS or _CONTINUATION.match(scored[after].text) \
        or scored[after].score >= best.score - WIDE_MARGIN  # the paragraph goes on with the answer
    if goes_on and scored[after].score >= threshold:
        picks.admit(after)


# A sentence that announces a list ("The staff's briefing ... focused on three different concepts of an inflation
# range.") or opens one ("First, ...") is answered by the sentences that go on with it in its paragraph ("Second,
# ...", "Third, ..."): they are quoted with it, as one unit.
_ANNOUNCES_LIST = re.compile(
    r"\b(?:two|three|four|five|six|several|a number of|the following)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:concepts|options|approaches|factors|reasons|considerations|ways|elements|steps|changes|proposals|types"
    r"|kinds|categories|scenarios|alternatives|principles|issues|questions|topics|areas|tools|channels|measures"
    r"|risks|lessons|criteria|strategies|components)\b|:\s*$|^First,", re.I)
_LIST_ITEM = re.compile(r"^(?:First|Second|Third|Fourth|Fifth|Sixth|Finally|Lastly|Next|Another|In addition)\b")


def _add_enumeration(picks: _Picks) -> None:
    """The items that follow a chosen sentence announcing a list, in its paragraph, in order."""
    scored = picks.scored
    for k in list(picks.rows):
        head = scored[k]
        if not _ANNOUNCES_LIST.search(head.text):
            continue
        previous = head
        for j in sorted((j for j, c in enumerate(scored) if c.passage.n == head.passage.n and c.index > head.index),
                        key=lambda j: scored[j].index):
            c = scored[j]
            if c.index != previous.index + 1 or not _same_paragraph(head.passage.text, previous.text, c.text):
                break
            if _LIST_ITEM.match(c.text):
                picks.admit(j)
            previous = c


def _add_facets(picks: _Picks, sentences: _Sentences, facets: list[str], vectors: np.ndarray,
                top_passages: set[int]) -> None:
    """For each facet, its best sentence (FACET_THRESHOLD) from the lead's meeting or the top passages."""
    scored = picks.scored
    lead_meeting = _meeting_of(scored[picks.lead].passage)
    for facet, vector in zip(facets, vectors, strict=True):
        facet_scores = sentences.support(facet, vector)
        pool = [j for j in picks.order if scored[j].passage.n in top_passages
                or (lead_meeting and _meeting_of(scored[j].passage) == lead_meeting)]
        # a facet asking for a kind of answer ("by how much") is answered by a sentence of that kind
        kinds = [kind for kind in _asked_kinds(facet) if kind is not _CAUSE]  # a cause has many wordings: a bonus only
        pool = [j for j in pool if all(kind.search(scored[j].text) for kind in kinds)] or pool
        pool = [j for j in pool if not picks.repeats(j)]
        if not pool:
            continue
        quoted = {_normalize(scored[k].text) for k in picks.rows}  # overlapping chunks repeat sentences
        follows = {(c.passage.n, c.index + 1) for c in scored if _normalize(c.text) in quoted}
        for j in pool:
            if (scored[j].passage.n, scored[j].index) in follows and _CONTINUATION.match(scored[j].text):
                facet_scores[j] += CONTINUATION_BONUS
        top = max(pool, key=lambda j: (facet_scores[j], -scored[j].passage.n, -scored[j].index))
        if facet_scores[top] >= FACET_THRESHOLD:
            picks.admit(top)


def _add_answer_types(picks: _Picks, wanted: list[re.Pattern[str]], floor: float) -> None:
    """For each answer type asked for that no chosen sentence carries, the best sentence of that type."""
    scored = picks.scored
    for kind in wanted:
        if not any(kind.search(scored[k].text) for k in picks.rows):
            typed = next((j for j in picks.order if kind.search(scored[j].text) and scored[j].score >= floor), None)
            if typed is not None:
                picks.admit(typed)


def _add_named_meetings(picks: _Picks, named: set[str], floor: float) -> None:
    """For a question naming several meetings, the best sentence of each one not yet quoted."""
    if len(named) <= 1:
        return
    scored = picks.scored
    covered = {_meeting_of(scored[k].passage) for k in picks.rows}
    for j in picks.order:
        meeting = _meeting_of(scored[j].passage)
        if scored[j].score < floor:
            continue
        if meeting in named and meeting not in covered and picks.admit(j):
            covered.add(meeting)


def _add_near_best(picks: _Picks, floor: float, top_passages: set[int]) -> None:
    """Sentences of the top passages at or above `floor`, best first, until the answer is full."""
    for j in picks.order:
        if picks.full():
            break
        if picks.scored[j].score >= floor and picks.scored[j].passage.n in top_passages:
            picks.admit(j)


def _next_in_paragraph(scored: list[Quote], k: int) -> int | None:
    """The row of the sentence after row k in its paragraph, if quotable."""
    head = scored[k]
    return next((j for j, c in enumerate(scored) if c.passage.n == head.passage.n and c.index == head.index + 1
                 and _same_paragraph(head.passage.text, head.text, c.text)), None)


def _add_followers(picks: _Picks, floor: float) -> None:
    """After each chosen minutes sentence, the next sentence of its paragraph (see FOLLOW_MARGIN)."""
    scored = picks.scored
    added = 0
    for k in list(picks.rows):
        if added >= FOLLOW_MAX or "minutes" not in scored[k].passage.header.lower():
            continue
        j = _next_in_paragraph(scored, k)
        if j is None or scored[j].score < floor or picks.repeats(j):
            continue
        picks.rows.insert(picks.rows.index(k) + 1, j)
        added += 1


def _unsupported_specifics(question: str, passages: Sequence[Passage]) -> set[str]:
    """Years and names the question specifies that no passage mentions (text or header), except
    the year of a date the question counts from ("the first hold after the hikes that began in
    March 2022" is answered by a 2023 passage).

    A question about a period the passages do not cover ("in December 2019" over 2020-2025
    documents) or about an entity they never name ("Wells Fargo", "Bitcoin") cannot be
    answered by them, however similar a sentence looks. Names and their spellings are
    `fomc_qa.text.names`'.
    """
    text = " ".join(f"{_expand_header(p.header)} {p.text}" for p in passages)
    available, acronyms = text.lower(), spelled_acronyms(text)
    counted_from = " ".join(reference_dates(question))  # "after the hikes that began in March 2022"
    years = re.compile(r"\b(?:19|20)\d{2}\b")
    specifics = set(years.findall(question)) - set(years.findall(counted_from))
    names = set(specific_names(question)) - set(titled_names(question))
    return {term for term in specifics | names if not mentions(available, term) and term not in acronyms}


def _names_in_quoted_passages(question: str, quotes: Sequence[Quote]) -> bool:
    """Whether the passages the answer quotes spell a name the question asks about, if it names any: a
    passage that merely mentions "Washington" does not make a sentence beside it an answer about Washington."""
    names = [name for name in topic_names(question) if name not in titled_names(question)]
    quoted = " ".join(f"{_expand_header(q.passage.header)} {q.passage.text}" for q in quotes)
    acronyms = spelled_acronyms(quoted)
    return not names or any(mentions(quoted.lower(), name) or name in acronyms for name in names)


def question_names(question: str) -> list[str]:
    """The names a question uses (people, banks, facilities), in order: a facet that says "he"
    or "it" still means them ("Stephen Miran dissented ... What reasons do the minutes give for
    his view?")."""
    return list(dict.fromkeys(w for w in _NAME.findall(question) if w.lower() not in COMMON_NAMES | STOPWORDS))


def facet_query(facet: str, question: str) -> str:
    """The facet with the question's names it lacks appended, so it is scored in context."""
    missing = [n for n in question_names(question) if n.lower() not in facet.lower()]
    return f"{facet} ({' '.join(missing)})" if missing else facet


def _asked_kinds(question: str) -> list[re.Pattern[str]]:
    """The answer types (_ANSWER_TYPES) a question or facet asks for, as patterns an answering
    sentence matches."""
    return [kind for asks, kind in _ANSWER_TYPES if asks.search(question)]


def _same_paragraph(text: str, first: str, second: str) -> bool:
    """Whether `second` follows `first` in `text` without a line break between them."""
    start = text.find(first)
    end = text.find(second, start + len(first)) if start >= 0 else -1
    return end >= 0 and "\n" not in text[start + len(first) : end]


def _norm_token(token: str) -> str:
    """Words Snowball-stemmed like BM25's ("preferred" meets "prefer"); numbers kept as written."""
    return token if any(ch.isdigit() for ch in token) or not token.isalpha() else stem(token)


def _terms(text: str) -> set[str]:
    return {_norm_token(t) for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS}


def _weighted_terms(text: str) -> dict[str, float]:
    """Content terms of the question; numbers (rates, years) count double, being the most specific."""
    return {t: (2.0 if any(ch.isdigit() for ch in t) else 1.0) for t in _terms(text)}


def _coverage(weighted: dict[str, float], terms: set[str]) -> float:
    total = sum(weighted.values())
    return sum(w for t, w in weighted.items() if t in terms) / total if total else 0.0


def _expand_header(header: str) -> str:
    """Spell a header's ISO date as year, month name and day so "January 2024" can match it."""

    def spell(match: re.Match[str]) -> str:
        year, month, day = match.group(1), int(match.group(2)), int(match.group(3))
        return f"{year} {MONTHS[month - 1] if 1 <= month <= 12 else ''} {day}"

    return re.sub(r"(\d{4})-(\d{2})-(\d{2})", spell, header)


def _normalize(text: str) -> str:
    return " ".join(_TOKEN.findall(text.lower()))


def source_label(header: str) -> str:
    """How an answer names a passage's source: "FOMC statement of May 4, 2022", or for minutes
    with their section, "FOMC minutes of May 4, 2022 (Committee Policy Action)"; "" for a
    header without a date."""
    parts = [p.strip() for p in header.split(",")]
    dates = [i for i, p in enumerate(parts) if _ISO_DATE.fullmatch(p)]
    if not dates:
        return ""
    i = dates[0]
    year, month, day = (int(x) for x in parts[i].split("-"))
    kind = _DOC_KIND.get(", ".join(parts[:i]).lower(), "")
    label = f"FOMC {kind}" if kind else ", ".join(parts[:i]) or "FOMC document"
    label = f"{label} of {MONTHS[month - 1].capitalize()} {day}, {year}"
    section = ", ".join(parts[i + 1 :])
    return f"{label} ({section})" if section else label


def _ordinal_lead(question: str, scored: list[Quote], order: list[int]) -> int:
    """The row to lead with: the best, or for a "first"/"last" question (or one counting from a
    date, "After the March 15, 2020 meeting, when did ...?") the earliest/latest meeting's
    sentence among those within EXTRA_MARGIN of the best."""
    first, last = asks_for_first(question), bool(_LAST.search(question))
    if first == last:
        return order[0]
    near = [j for j in order
            if scored[j].score >= scored[order[0]].score - EXTRA_MARGIN and _meeting_of(scored[j].passage)]
    if not near:
        return order[0]
    pick = min if first else max
    target = pick(_meeting_of(scored[j].passage) for j in near)
    return next(j for j in near if _meeting_of(scored[j].passage) == target)


def _section_of(passage: Passage) -> str:
    """The minutes section in a passage header ("Special Topic: The Standing Repo Facility"), or ""."""
    parts = [p.strip() for p in passage.header.split(",")]
    dated = next((i for i, p in enumerate(parts) if _ISO_DATE.fullmatch(p)), None)
    return ", ".join(parts[dated + 1 :]) if dated is not None else ""


def _meeting_of(passage: Passage) -> str:
    """The meeting date (ISO) in a passage header, or "" without one."""
    match = _ISO_DATE.search(passage.header)
    return match.group(0) if match else ""


def _named_meetings(question: str, passages: Sequence[Passage]) -> set[str]:
    """The passages' meetings a question names in two or more separate dates ("the January 2022
    and June 2022 meetings"); empty for a question naming one date or one period ("in 2021")."""
    meetings = sorted({dt.date.fromisoformat(m) for m in map(_meeting_of, passages) if m})
    found = parse_filter(question, meetings)
    if len(found.named_dates) < 2:
        return set()
    return {d.isoformat() for d in found.meetings or ()}
