"""Which sentences answer: the lead, then what the question asks that the lead lacks, then near-best sentences.

`read(question, passages, encoder)` scores every passage sentence (`scoring`) and keeps the best-supported ones,
verbatim and non-redundant: the lead (`ordinal_lead`) and, when the paragraph goes on with it, the next sentence; the
items of a list it announces; for a multi-part question each part's best sentence; a sentence of each answer type
and each named meeting still missing; near-best sentences of the top passages; last, the next sentence of each
quoted minutes sentence. Pure and deterministic: ties are broken by passage and sentence order.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from fomc_qa.answering.passages import Passage
from fomc_qa.answering.reader.answer_types import CAUSE, asked_kinds
from fomc_qa.answering.reader.config import READER_CONFIG, ReaderConfig
from fomc_qa.answering.reader.named_meetings import named_meetings, ordinal_lead
from fomc_qa.answering.reader.scoring import Embedder, Sentences, sentence_table
from fomc_qa.answering.reader.sources import meeting_of, spelled_header
from fomc_qa.answering.reader.specifics import names_in_quoted_passages, unsupported_specifics
from fomc_qa.answering.reader.terms import normalize
from fomc_qa.question.dates import parse_filter
from fomc_qa.question.facets import question_facets
from fomc_qa.question.lexicon import WHY
from fomc_qa.question.subjects import subjects_of
from fomc_qa.retrieval.policy_discussion import (
    BALANCE_SHEET_JUDGED,
    BALANCE_SHEET_WOULD_DO,
    DECIDED,
    KEEPS_THE_RANGE,
    SIDE_DECISION,
    WAITS_FOR,
    WHAT_IT_WOULD_DO,
    OpenerRule,
    gives_its_reason,
)
from fomc_qa.text.names import mentions, titled_names, topic_names
from fomc_qa.text.sentences import LEANS, OPENS_ON_THE_LAST, qualifies

# A sentence opening by pointing back to the one before it ("That analysis suggested ...").
CONTINUATION = re.compile(r"^(?:This|That|These|Those|Such|It|They)\b")
# A sentence that announces a list ("The staff's briefing ... focused on three different concepts of an inflation
# range.") or opens one ("First, ...") is answered by the sentences that go on with it in its paragraph ("Second,
# ...", "Third, ..."): they are quoted with it, as one unit.
ANNOUNCES_LIST = re.compile(
    r"\b(?:two|three|four|five|six|several|a number of|the following)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:concepts|options|approaches|factors|reasons|considerations|ways|elements|steps|changes|proposals|types"
    r"|kinds|categories|scenarios|alternatives|principles|issues|questions|topics|areas|tools|channels|measures"
    r"|risks|lessons|criteria|strategies|components)\b|:\s*$|^First,", re.I)
LIST_ITEM = re.compile(r"^(?:First|Second|Third|Fourth|Fifth|Sixth|Finally|Lastly|Next|Another|In addition)\b")


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
    support_threshold: float | None = None,
    max_sentences: int | None = None,
    config: ReaderConfig = READER_CONFIG,
) -> list[Quote]:
    """Score every sentence and keep the best-supported, non-redundant ones (at most `max_sentences`, and
    `multi_part_extra` more for a question of several parts; none when the best is below `support_threshold` or
    the question names what no passage holds). `support_threshold` and `max_sentences` override `config`'s."""
    cfg = dataclasses.replace(
        config,
        support_threshold=config.support_threshold if support_threshold is None else support_threshold,
        max_sentences=config.max_sentences if max_sentences is None else max_sentences,
    )
    question = question.strip()
    if not question or unsupported_specifics(question, passages):
        return []
    table = sentence_table(question, passages, encoder, cfg)
    if table is None:
        return []
    sentences, facets, encoded, support = table
    floor = cfg.named_meeting_threshold if _names_their_meeting(question, passages) else cfg.support_threshold
    if max(support) < floor and not _judged_why(question, sentences):
        return []
    scored = [Quote(p, i, s, score) for (p, i, s), score in zip(sentences.rows, support, strict=True)]
    facet_vectors = encoded[1 : 1 + len(facets)] if len(facets) > 1 else encoded[:0]
    rank = sentences.ranking(question, support, facet_vectors)
    order = sorted(range(len(scored)), key=lambda j: (-rank[j], scored[j].passage.n, scored[j].index))
    extra = cfg.multi_part_extra if len(facets) > 1 else 0
    # the lead is chosen by support, whose bonuses say what the question names (a document, people, the first
    # meeting); the learned order ranks the sentences quoted after it
    by_support = sorted(range(len(scored)), key=lambda j: (-scored[j].score, scored[j].passage.n, scored[j].index))
    lead = ordinal_lead(question, scored, by_support, cfg.extra_margin)
    picks = _Picks(scored, order, sentences.vectors, cfg.max_sentences + extra, lead, cfg)
    _choose(picks, question, passages, sentences, facets, facet_vectors, extra)
    quotes = [scored[j] for j in picks.rows]
    return quotes if names_in_quoted_passages(question, quotes) else []


def _choose(picks: _Picks, question: str, passages: Sequence[Passage], sentences: Sentences, facets: list[str],
            facet_vectors: np.ndarray, extra: int) -> None:
    """After the lead: its continuation and list items, each facet's sentence, missing answer types and named
    meetings, near-best sentences, and last the followers of quoted minutes sentences."""
    cfg, scored = picks.config, picks.scored
    best = scored[picks.lead]
    _add_continuation(picks, cfg.support_threshold)
    _add_enumeration(picks)
    top_passages = set(list(dict.fromkeys(scored[j].passage.n for j in picks.order))[:cfg.top_passages + extra])
    if len(facets) > 1:
        _add_facets(picks, sentences, facets, facet_vectors, top_passages)
    wide_floor = max(cfg.support_threshold, best.score - cfg.wide_margin)
    asked = asked_kinds(question)
    _add_answer_types(picks, asked, wide_floor)
    _add_named_meetings(picks, named_meetings(question, passages), wide_floor)
    _add_named_terms(picks, [name for name in topic_names(question) if name not in titled_names(question)], wide_floor)
    # the near-best margin is measured from the lead's support before its answer-type bonus: the bonus orders the
    # sentences, it does not make the rest of the answer less near
    typed = cfg.answer_type_bonus * sum(bool(kind.search(best.text)) for kind in asked)
    margin = cfg.wide_margin if extra else cfg.extra_margin
    if best.passage.is_minutes:
        margin = max(margin, cfg.discussion_margin)
        picks.max_sentences += cfg.discussion_extra
    _add_near_best(picks, max(cfg.support_threshold, best.score - typed - margin), top_passages)
    _add_followers(picks, best.score - cfg.follow_margin)
    _add_qualifications(picks)
    rate_why, balance_sheet_why = reasons_asked(question)
    after = _add_policy_reasons(picks, one_part=len(facets) <= 1) if rate_why else 1
    if balance_sheet_why:  # after the rate's reasons when both are asked ("why cut, and why end runoff?")
        _add_balance_sheet_reasons(picks, after)
    _add_antecedents(picks)


@dataclass
class _Picks:
    """The rows of `scored` chosen so far, the lead first; `order` ranks all rows best first."""

    scored: list[Quote]
    order: list[int]
    vectors: np.ndarray
    max_sentences: int
    lead: int
    config: ReaderConfig = READER_CONFIG
    rows: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.rows = [self.lead]

    def full(self) -> bool:
        return len(self.rows) >= self.max_sentences

    def repeats(self, j: int) -> bool:
        """Whether row j is chosen already or repeats a chosen sentence."""
        return j in self.rows or any(
            float(self.vectors[1 + j] @ self.vectors[1 + k]) >= self.config.duplicate_cosine
            or normalize(self.scored[j].text) == normalize(self.scored[k].text)
            for k in self.rows
        )

    def admit(self, j: int) -> bool:
        if self.full() or self.repeats(j):
            return False
        self.rows.append(j)
        return True


def _add_continuation(picks: _Picks, threshold: float) -> None:
    """The next sentence of the lead's paragraph, when on topic and the paragraph goes on with the answer: after a
    terse lead (`short_lead_words`), a sentence pointing back to it ("They concurred that ..."), or one within
    `wide_margin` of it."""
    cfg, scored, best = picks.config, picks.scored, picks.scored[picks.lead]
    after = _in_paragraph(scored, picks.lead, 1)
    if after is None:
        return
    goes_on = len(best.text.split()) < cfg.short_lead_words or CONTINUATION.match(scored[after].text) \
        or scored[after].score >= best.score - cfg.wide_margin  # the paragraph goes on with the answer
    if goes_on and scored[after].score >= threshold:
        picks.admit(after)


def _add_enumeration(picks: _Picks) -> None:
    """The items that follow a chosen sentence announcing a list, in its paragraph, in order."""
    scored = picks.scored
    for k in list(picks.rows):
        head = scored[k]
        if not ANNOUNCES_LIST.search(head.text):
            continue
        previous = head
        for j in sorted((j for j, c in enumerate(scored) if c.passage.n == head.passage.n and c.index > head.index),
                        key=lambda j: scored[j].index):
            c = scored[j]
            if c.index != previous.index + 1 or not same_paragraph(head.passage.text, previous.text, c.text):
                break
            if LIST_ITEM.match(c.text):
                picks.admit(j)
            previous = c


def _add_facets(picks: _Picks, sentences: Sentences, facets: list[str], vectors: np.ndarray,
                top_passages: set[int]) -> None:
    """For each facet, its best sentence (`facet_threshold`) from the lead's meeting or the top passages."""
    cfg, scored = picks.config, picks.scored
    lead_meeting = meeting_of(scored[picks.lead].passage)
    for facet, vector in zip(facets, vectors, strict=True):
        facet_scores = sentences.support(facet, vector)
        pool = [j for j in picks.order if scored[j].passage.n in top_passages
                or (lead_meeting and meeting_of(scored[j].passage) == lead_meeting)]
        # a facet asking for a kind of answer ("by how much") is answered by a sentence of that kind
        kinds = [kind for kind in asked_kinds(facet) if kind is not CAUSE]  # a cause has many wordings: a bonus only
        pool = [j for j in pool if all(kind.search(scored[j].text) for kind in kinds)] or pool
        pool = [j for j in pool if not picks.repeats(j)]
        if not pool:
            continue
        quoted = {normalize(scored[k].text) for k in picks.rows}  # overlapping chunks repeat sentences
        follows = {(c.passage.n, c.index + 1) for c in scored if normalize(c.text) in quoted}
        for j in pool:
            if (scored[j].passage.n, scored[j].index) in follows and CONTINUATION.match(scored[j].text):
                facet_scores[j] += cfg.continuation_bonus
        top = max(pool, key=lambda j: (facet_scores[j], -scored[j].passage.n, -scored[j].index))
        if facet_scores[top] >= cfg.facet_threshold:
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
    covered = {meeting_of(scored[k].passage) for k in picks.rows}
    for j in picks.order:
        meeting = meeting_of(scored[j].passage)
        if scored[j].score < floor:
            continue
        if meeting in named and meeting not in covered and picks.admit(j):
            covered.add(meeting)


def _add_named_terms(picks: _Picks, names: list[str], floor: float) -> None:
    """For each name the question asks about that no chosen sentence's passage spells ("... a quarter-point cut
    and an end date for QT": every sentence so far is about the cut), the best sentence at or above `floor` that
    spells it itself (not the minutes' opening that merely says "Washington")."""
    scored = picks.scored
    for name in names:
        if any(mentions(f"{spelled_header(scored[k].passage)} {scored[k].passage.text}".lower(), name)
               for k in picks.rows):
            continue
        own = next((j for j in picks.order if scored[j].score >= floor and mentions(scored[j].text.lower(), name)),
                   None)
        if own is not None:
            picks.admit(own)


def _add_near_best(picks: _Picks, floor: float, top_passages: set[int]) -> None:
    """Sentences of the top passages at or above `floor`, best first, until the answer is full."""
    for j in picks.order:
        if picks.full():
            break
        if picks.scored[j].score >= floor and picks.scored[j].passage.n in top_passages:
            picks.admit(j)


def _in_chunk(scored: list[Quote], k: int, step: int) -> int | None:
    """The row of the sentence `step` (1 after, -1 before) from row k in its chunk, if quotable."""
    at = scored[k]
    return next((j for j, c in enumerate(scored) if c.passage.n == at.passage.n and c.index == at.index + step), None)


def _in_paragraph(scored: list[Quote], k: int, step: int) -> int | None:
    """The row of the sentence `step` (1 after, -1 before) from row k in its paragraph, if quotable."""
    j = _in_chunk(scored, k, step)
    if j is None:
        return None
    at, c = scored[k], scored[j]
    return j if same_paragraph(at.passage.text, *((at.text, c.text) if step > 0 else (c.text, at.text))) else None


def _add_followers(picks: _Picks, floor: float) -> None:
    """After each chosen minutes sentence, the next sentence of its paragraph (see `follow_margin`)."""
    scored = picks.scored
    added = 0
    for k in list(picks.rows):
        if added >= picks.config.follow_max or not scored[k].passage.is_minutes:
            continue
        j = _in_paragraph(scored, k, 1)
        if j is None or scored[j].score < floor or picks.repeats(j):
            continue
        picks.rows.insert(picks.rows.index(k) + 1, j)
        added += 1


def _add_qualifications(picks: _Picks) -> None:
    """After each chosen minutes sentence, the next sentence of its paragraph when it turns it (`qualifies`: "A number
    of these participants indicated, however, that ..."), whatever its support: the minutes' point is both."""
    scored = picks.scored
    for k in list(picks.rows):
        j = _in_paragraph(scored, k, 1) if scored[k].passage.is_minutes else None
        if j is not None and j not in picks.rows and not picks.repeats(j) and qualifies(scored[j].text):
            picks.rows.insert(picks.rows.index(k) + 1, j)


def _names_their_meeting(question: str, passages: Sequence[Passage]) -> bool:
    """The question names one date, and the best passage is of the meeting it names."""
    meetings = sorted({dt.date.fromisoformat(m) for m in map(meeting_of, passages) if m})
    found = parse_filter(question, meetings)
    best = meeting_of(passages[0]) if passages else None
    return len(found.named_dates) == 1 and bool(found.meetings) and best in {d.isoformat() for d in found.meetings}


def _judged_why(question: str, sentences: Sentences) -> bool:
    """A why whose passages hold the participants' judgement of a decision (`DECIDED`): answered even when no
    sentence reaches the support threshold, as shorthand ("Dec 2022 downshift to 50bp: why?") shares few words with
    the minutes' reasons; the retriever has searched the meeting's policy discussion for it."""
    return bool(WHY.search(question)) and any(p.is_minutes and DECIDED.pattern.search(s) for p, _, s in sentences.rows)


def _add_policy_reasons(picks: _Picks, one_part: bool) -> int:
    """For a why: the participants' judgement of the decision in the minutes' policy discussion (`DECIDED`, the
    best-supported one) and, when it goes on to say what the action would do (`WHAT_IT_WOULD_DO`, in the same paragraph
    or at the start of the next chunk), that sentence, right after the answer's first sentence: the reasons are worded
    unlike the question ("Jul 23 hike - rationale?"), so the support scores rank them low; of a one-part why, a
    judgement of a hold with no reason of its own brings what the Committee waits for. Returns the place after them
    (after the first sentence when there are none)."""
    scored = picks.scored
    decided = [j for j, c in enumerate(scored) if c.passage.is_minutes and DECIDED.pattern.search(c.text)]
    if not decided:
        return 1
    def says_what_it_would_do(k: int) -> int | None:
        nxt = _in_paragraph(scored, k, 1)
        nxt = nxt if nxt is not None else _next_chunk_opening(scored, k)
        if nxt is not None and SIDE_DECISION.pattern.search(scored[nxt].text):  # the securities decision beside it
            nxt = _next_sentence(scored, nxt)
        return nxt if nxt is not None and WHAT_IT_WOULD_DO.pattern.search(scored[nxt].text) else None

    # the best-supported, and of a sentence quoted twice (chunks overlap by a sentence) the copy followed by its reason
    j = max(decided, key=lambda k: (round(scored[k].score, 3), says_what_it_would_do(k) is not None, -k))
    nxt = says_what_it_would_do(j)
    block = [j] if nxt is None else [j, nxt]
    if nxt is None and one_part and not gives_its_reason(scored[j].text):  # other parts need the places
        block = _bare_judgement_reasons(scored, j)
    at = 0 if picks.rows and picks.rows[0] == j else 1
    picks.rows = [k for k in picks.rows if k not in block]
    picks.rows[at:at] = block
    return at + len(block)


def _bare_judgement_reasons(scored: list[Quote], j: int) -> list[int]:
    """For the participants' judgement of a hold that gives no reason of its own (June 2025: "All participants viewed
    it as appropriate to maintain the target range ..."), what the Committee waits for (`WAITS_FOR`: "... well
    positioned to wait for more clarity ..."), the best-supported such minutes sentence, after it."""
    waits = [k for k, c in enumerate(scored) if c.passage.is_minutes and WAITS_FOR.search(c.text) and k != j] \
        if KEEPS_THE_RANGE.search(scored[j].text) else []
    return [j] if not waits else [j, max(waits, key=lambda k: (round(scored[k].score, 3), -k))]


def asks_balance_sheet_reasons(question: str) -> bool:
    """A why of a balance-sheet decision and not of a rate move or a dissent ("Mar '25: why cut the monthly Treasury
    redemption cap?"): its reasons are the participants' own, not their judgement of the target range."""
    return bool(WHY.search(question)) and subjects_of(question).balance_sheet_decision


def reasons_asked(question: str) -> tuple[bool, bool]:
    """Whose reasons a why asks for, by its parts: the rate decision's, a balance-sheet decision's, or both ("Oct
    2025: why cut another 25bp, and why end balance sheet runoff on December 1?")."""
    if not WHY.search(question):
        return False, False
    parts = [p for p in question_facets(question) if WHY.search(p)] or [question]
    balance_sheet = [asks_balance_sheet_reasons(p) for p in parts]
    if asks_balance_sheet_reasons(question) and len(parts) == 1:
        return False, True
    return not all(balance_sheet), any(balance_sheet)


def _add_balance_sheet_reasons(picks: _Picks, after: int) -> None:
    """For a why of a balance-sheet decision: the participants' judgement of it (`BALANCE_SHEET_JUDGED`, the
    best-supported) and what they said the change would do (`BALANCE_SHEET_WOULD_DO`, the best two), at place `after`
    (right after the answer's first sentence), as `_add_policy_reasons` does for the rate's."""
    scored = picks.scored

    def best(rule: OpenerRule, n: int) -> list[int]:
        found = [j for j, c in enumerate(scored) if c.passage.is_minutes and rule.pattern.search(c.text)]
        found.sort(key=lambda k: (-round(scored[k].score, 3), k))
        chosen: list[int] = []
        for k in found:  # of a sentence quoted twice (chunks overlap by a sentence), one copy
            if all(normalize(scored[k].text) != normalize(scored[c].text) for c in chosen):
                chosen.append(k)
        return chosen[:n]

    block = best(BALANCE_SHEET_JUDGED, 1) + best(BALANCE_SHEET_WOULD_DO, 2)
    if not block:
        return
    at = 0 if picks.rows and picks.rows[0] in block else after
    before = picks.rows[:at]
    picks.rows = [k for k in picks.rows if k not in block and not any(
        normalize(scored[k].text) == normalize(scored[b].text) for b in block)]
    at = len([k for k in picks.rows if k in before])
    picks.rows[at:at] = block


def _next_sentence(scored: list[Quote], k: int) -> int | None:
    """The row of the sentence after row k in the document, in its chunk or opening the next one."""
    here = _in_chunk(scored, k, 1)
    return here if here is not None else _next_chunk_opening(scored, k)


def _next_chunk_opening(scored: list[Quote], k: int) -> int | None:
    """The row of the first sentence of the chunk after row k's, when the last sentence of k's chunk is k (a
    paragraph the chunker split goes on there)."""
    at = scored[k].passage
    doc, _, number = at.chunk_id.rpartition("#")
    if not doc or not number.isdigit() or any(c.passage.n == at.n and c.index > scored[k].index for c in scored):
        return None
    following = f"{doc}#{int(number) + 1:0{len(number)}d}"
    opening = [j for j, c in enumerate(scored) if c.passage.chunk_id == following and c.index <= 1]
    opening.sort(key=lambda j: scored[j].index)
    if opening and normalize(scored[opening[0]].text) == normalize(scored[k].text):  # the chunks' shared sentence
        opening = opening[1:]
    return opening[0] if opening else None


def _add_antecedents(picks: _Picks) -> None:
    """Before each chosen minutes sentence that opens on the one before it ("Against this backdrop, almost all
    participants agreed ...") or leans on it for its subject (`LEANS`: "They also discussed how this relative timing
    might differ ..."), that sentence: it holds the reason the chosen one rests on, or says who "they" are (at most
    follow_max new ones). One chosen already moves there, so that the two read in the documents' order."""
    scored = picks.scored
    added = 0
    for k in list(picks.rows):
        text = scored[k].text
        if not scored[k].passage.is_minutes or not (OPENS_ON_THE_LAST.match(text) or LEANS.match(text)):
            continue
        j = _in_paragraph(scored, k, -1)
        if j is None:
            continue
        if j in picks.rows:
            if picks.rows.index(j) > picks.rows.index(k):
                picks.rows.remove(j)
                picks.rows.insert(picks.rows.index(k), j)
            continue
        if added >= picks.config.follow_max or picks.repeats(j):
            continue
        picks.rows.insert(picks.rows.index(k), j)
        added += 1


def same_paragraph(text: str, first: str, second: str) -> bool:
    """Whether `second` follows `first` in `text` without a line break between them."""
    start = text.find(first)
    end = text.find(second, start + len(first)) if start >= 0 else -1
    return end >= 0 and "\n" not in text[start + len(first) : end]
