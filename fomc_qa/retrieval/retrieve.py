"""Hybrid, date-aware retrieval: dense (USearch) and lexical (BM25) candidates fused by reciprocal
rank, first within the minutes section, meetings and document kinds the question names, then over
everything.

Every choice here is measured by `benchmarks/retrieval.py` (one ablation row per switch of
RetrievalConfig).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from fomc_qa.index.embed import EmbeddingProvider
from fomc_qa.index.store import Corpus
from fomc_qa.models import SearchHit
from fomc_qa.policy.desk import PolicyDesk
from fomc_qa.question.analysis import QuestionAnalysis, QuestionIndex, analyze
from fomc_qa.question.asks import Ask
from fomc_qa.question.dates import QueryFilter, parse_filter
from fomc_qa.question.shorthand import plain_question
from fomc_qa.question.subjects import Subjects
from fomc_qa.retrieval.policy_discussion import opens_policy_discussion
from fomc_qa.retrieval.sections import named_sections
from fomc_qa.text.glossary import expand
from fomc_qa.text.names import mentions

RRF_K = 60  # the constant of Cormack et al.; flat enough that both lists matter
REASON_SECTIONS = ("committee policy action", "participants' views")
DISCUSSION_SECTION = "participants' views"
# A balance-sheet decision's reasons may be a section of their own ("Special Topic: Balance Sheet Issues", October and
# December 2025; "Plans for Reducing the Size of the Balance Sheet", March 2022).
BALANCE_SHEET_SECTION = "balance sheet"
# A dissenter's reasons, an administered rate's, the balance sheet's: paragraphs of their own, found by the search.
FOLLOWING_MEETING_DAYS = 60  # scheduled FOMC meetings are at most about seven weeks apart
# Actions taken between meetings (notation votes) are recorded in the next meeting's minutes.


@dataclass(frozen=True)
class RetrievalConfig:
    dense: bool = True
    lexical: bool = True
    date_filter: bool = True
    candidates: int = 50
    rrf_k: int = RRF_K
    per_document: int = 2  # at most this many chunks of one document before others get a turn
    expand_jargon: bool = True  # see fomc_qa.text.glossary
    interleave_meetings: bool = True  # a question naming 2-4 meetings gets each one's best evidence in turn
    fusion: str = "rrf"  # "rrf" (rank-based) or "convex" (weighted cosine + normalized BM25)
    dense_weight: float = 0.6  # for "convex"
    # A question naming a minutes section ("the staff review of the financial situation") gets
    # that section's best `section_hits` chunks of the named meetings first (fomc_qa.retrieval.sections);
    # the rest of the list is filled as before, so a statement it also needs keeps its place.
    section_filter: bool = True
    section_hits: int = 3
    # A question the policy record answers (a span's decisions, a role's sentences over meetings,
    # the latest meeting for "current") gets the record's cited chunks first (fomc_qa.policy.desk).
    policy_record: bool = True
    # A name the question specifies ("China", "Credit Suisse", "Miran") that the top k lack gets the
    # best-ranked candidate that spells it into the top k: dense vectors blur names, and a reader
    # cannot quote what it is not shown (fomc_qa.text.names).
    cover_names: bool = True
    # The meeting the record's answer rests on gets this many places after the record's own chunks.
    record_meeting_hits: int = 2
    # A "why" of one meeting's decision gets that meeting's policy discussion first: the minutes' Committee Policy
    # Action and the participants' views (which end with their discussion of the decision) hold the reasons, for
    # `reason_hits` places.
    reason_hits: int = 2
    # ... searched from the paragraph that opens the participants' policy discussion on (fomc_qa.retrieval
    # .policy_discussion): the outlook paragraphs before it share a why's words but not its reasons.
    policy_discussion: bool = True


def _asks_own_reasons(analysis: QuestionAnalysis) -> bool:
    """The why asks for reasons of their own (a dissenter's, the balance sheet's, an administered rate's), not the
    Committee's for its rate decision. In a question of several parts, the part that asks why decides ("what drove
    the 75 basis point hike, and who voted against it?" asks the Committee's), unless it names neither a move nor
    such a subject ("Jul '25 dissents: who, what did they want, and on what reasoning?"): then the whole question."""
    whys = [p.subjects for p in analysis.parts if p.ask is Ask.WHY] if len(analysis.parts) > 1 else []
    if any(_own_decision(subjects) for subjects in whys):
        return True
    if any(subjects.move for subjects in whys):
        return False
    return _own_decision(analysis.subjects)


def _own_decision(subjects: Subjects) -> bool:
    """A dissent, the balance sheet or an administered rate: a decision whose reasons are not the rate's."""
    return subjects.dissent or subjects.balance_sheet or subjects.rates


def reciprocal_rank_fusion(rankings: list[list[int]], k: int = RRF_K) -> list[tuple[int, float]]:
    """Fuse ranked lists of ids: score(id) = sum over lists of 1 / (k + rank)."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, 1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def _passes(flt: QueryFilter | None) -> list[QueryFilter | None]:
    """Narrowest first: the named meetings and document kind, the named meetings of any kind, then
    everything. A kind the named meetings lack ("the minutes" of a notation vote) falls through."""
    if flt is None or not flt.active:
        return [None]
    passes: list[QueryFilter | None] = []
    if flt.sections:
        passes.append(QueryFilter(meetings=flt.meetings, doc_types=frozenset({"minutes"}), sections=flt.sections))
        flt = replace(flt, sections=None)
    passes.append(flt)
    if flt.doc_types is not None and flt.meetings is not None:
        passes.append(QueryFilter(meetings=flt.meetings, named_dates=flt.named_dates))
    passes.append(None)
    return passes


def _diversify(ranked: list[tuple[int, float]], document_of: list[str], cap: int) -> list[tuple[int, float]]:
    """Keep the order, but let no document hold more than `cap` places before every other
    document has had its turn: a statement is not drowned by fifty chunks of its minutes."""
    if cap <= 0:
        return ranked
    counts: dict[str, int] = {}
    head, tail = [], []
    for row, score in ranked:
        doc = document_of[row]
        counts[doc] = counts.get(doc, 0) + 1
        (head if counts[doc] <= cap else tail).append((row, score))
    return head + tail


def _interleave(ranked: list[tuple[int, float]], meeting_of: list) -> list[tuple[int, float]]:
    """Round-robin over meetings, each in its own order: comparisons need both sides early."""
    queues: dict = {}
    for item in ranked:
        queues.setdefault(meeting_of[item[0]], []).append(item)
    out: list[tuple[int, float]] = []
    lists = list(queues.values())
    for i in range(max((len(q) for q in lists), default=0)):
        out.extend(q[i] for q in lists if i < len(q))
    return out


def _cover_names(ordered: list[tuple[int, float]], names: list[str], k: int,
                 text_within: Callable[[int], str | None]) -> list[tuple[int, float]]:
    """Move, for each name no top-k row spells, the best-ranked row that does into the last free top-k
    place (behind every row the earlier names brought in), keeping everything else in order. Only rows
    within the question's dates and document kind count (`text_within` gives their lower-case text, None
    for the others): a name the named statement lacks is context ("issued after Silicon Valley Bank
    failed"), not what to quote."""
    if not names or len(ordered) <= k:
        return ordered
    out = list(ordered)
    slot = k - 1

    def spells(row: int, name: str) -> bool:
        text = text_within(row)
        return text is not None and mentions(text, name)

    for name in names:
        if slot < 0 or any(spells(row, name) for row, _ in out[:k]):
            continue
        found = next((i for i in range(k, len(out)) if spells(out[i][0], name)), None)
        if found is not None:
            row, score = out.pop(found)
            out.insert(slot, (row, max(score, out[slot][1])))
            slot -= 1
    return out


class Reranker:
    """Optional cross-encoder (FOMC_QA_RERANKER): rescoring the fused candidates pairwise."""

    def __init__(self, model: str) -> None:
        from sentence_transformers import CrossEncoder

        self.name = model
        self._model = CrossEncoder(model, device="cpu")

    def rerank(self, question: str, texts: list[str]) -> list[float]:
        return [float(s) for s in self._model.predict([(question, t) for t in texts])]


class Retriever:
    def __init__(
        self,
        corpus: Corpus,
        embedder: EmbeddingProvider,
        config: RetrievalConfig = RetrievalConfig(),
        reranker: Reranker | None = None,
        desk: PolicyDesk | None = None,
    ) -> None:
        self.corpus = corpus
        self.embedder = embedder
        self.config = config
        self.reranker = reranker
        self.desk = desk
        self.last_filter: QueryFilter | None = None

    @property
    def question_index(self) -> QuestionIndex:
        """What a question searched here is read against: the record's (the same meetings) or the corpus's."""
        return self.desk.question_index if self.desk is not None else QuestionIndex(tuple(self.corpus.meetings))

    def analyze(self, question: str) -> QuestionAnalysis:
        """A search string's reading against this index (the answer flow hands the retriever its own analysis)."""
        return analyze(question, self.question_index)

    def _record_evidence(self, question: QuestionAnalysis) -> list[int]:
        """Rows of the chunks the policy record cites for this question (a span question's meetings,
        each meeting's decision or statement sentence), which lead the ranking."""
        if self.desk is None or not self.config.policy_record:
            return []
        consultation = self.desk.consult(question)
        if consultation is None:
            return []
        rows = (self.corpus.row_of_chunk.get(cid) for cid in consultation.evidence)
        return [r for r in rows if r is not None]

    def _filter(self, analysis: QuestionAnalysis) -> QueryFilter:
        """The analysis's date filter, read over this corpus's meetings (an analysis read against other meetings,
        e.g. a record that lacks one, is filtered here again)."""
        if list(analysis.index.meetings) == self.corpus.meetings:
            return analysis.filter
        return parse_filter(analysis.dated, self.corpus.meetings)

    def _records_meeting(self, flt: QueryFilter | None, evidence: list[int]) -> QueryFilter | None:
        """When the record's answer rests on one meeting ("the first cut of 2024" is September 18, 2024), the rest
        of the question ("and what did the Committee say justified it?") is likely about that meeting: a pass over
        it goes first, for `record_meeting_hits` places (a misread question costs those places, not the list)."""
        meetings = {self.corpus.table.meeting_date[row] for row in evidence}
        if len(meetings) != 1 or flt is None or (flt.meetings is not None and not meetings <= flt.meetings):
            return None
        if flt.meetings is not None and flt.meetings == meetings:
            return None  # the question's own first pass already is that meeting
        return QueryFilter(meetings=frozenset(meetings), doc_types=flt.doc_types)

    def _reasons(self, analysis: QuestionAnalysis, flt: QueryFilter | None, evidence: list[int]) -> QueryFilter | None:
        """For a "why" of one meeting's decision (the record's answer rests on that meeting, or the question names
        it), a pass over that meeting's policy discussion: the sections in REASON_SECTIONS. None otherwise."""
        if Ask.WHY not in analysis.asks \
                or (flt is not None and flt.doc_types is not None and "minutes" not in flt.doc_types):
            return None  # "how did the statement justify it?" asks the statement
        one_named = flt is not None and flt.meetings is not None and len(flt.meetings) == 1
        if analysis.record.policy is None and not (one_named and flt.sections is None
                                               and (analysis.subjects.move or analysis.subjects.balance_sheet)):
            # a why the record does not read asks one meeting's decision when it names it and a move or a
            # balance-sheet decision ("Mar '25: why cut the monthly Treasury redemption cap?")
            return None
        meetings = {self.corpus.table.meeting_date[row] for row in evidence}
        if len(meetings) != 1 and one_named:
            meetings = set(flt.meetings)
        if len(meetings) != 1:
            return None
        titles = set().union(*(self.corpus.minutes_sections.get(m, set()) for m in meetings))
        markers = REASON_SECTIONS
        if analysis.subjects.balance_sheet:  # its own section, and alone (no rate move, no dissent) only the
            # deciders' views: the policy action states the decision and the directive, which other passes find
            own = analysis.subjects.balance_sheet_decision
            markers = ((DISCUSSION_SECTION,) if own else REASON_SECTIONS) + (BALANCE_SHEET_SECTION,)
        sections = frozenset(t for t in titles if any(marker in t.lower() for marker in markers))
        if not sections:
            return None
        return QueryFilter(meetings=frozenset(meetings), doc_types=frozenset({"minutes"}), sections=sections)

    def _discussion(self, flt: QueryFilter) -> frozenset[int] | None:
        """The rows of the reason pass's meeting that can hold the Committee's reasons: its participants' views from
        the paragraph that opens their policy discussion on (`opens_policy_discussion`), and its policy action. None
        when the minutes have no such opening (the pass then searches both sections whole)."""
        t = self.corpus.table
        rows = [r for r, (meeting, kind, section) in enumerate(zip(t.meeting_date, t.doc_type, t.section, strict=True))
                if meeting in flt.meetings and kind == "minutes" and section in flt.sections]
        views = sorted(r for r in rows if DISCUSSION_SECTION in t.section[r].lower())
        start = next((r for r in views if opens_policy_discussion(t.text[r])), None)
        if start is None:
            return None
        return frozenset(r for r in rows if r >= start or DISCUSSION_SECTION not in t.section[r].lower())

    def _following(self, flt: QueryFilter | None) -> dt.date | None:
        """The meeting right after the filter's last (FOLLOWING_MEETING_DAYS), whose minutes record what was done
        in between; None without one."""
        if flt is None or not flt.meetings:
            return None
        last = max(flt.meetings)
        after = next((m for m in self.corpus.meetings if m > last), None)
        return after if after is not None and (after - last).days <= FOLLOWING_MEETING_DAYS else None

    def _within(self, flt: QueryFilter | None, after: dt.date | None) -> Callable[[int], str | None]:
        """A row's lower-case text if the row is within the filter's meetings and document kind, else None. The
        minutes of `after`, the meeting after the question's span (`_following`), count as within: they record what
        was done between the meetings (a swap line set up by notation vote on March 19, 2020 is in the April
        minutes)."""
        t = self.corpus.table

        def text(row: int) -> str | None:
            if flt is not None and flt.meetings is not None and t.meeting_date[row] not in flt.meetings \
                    and not (t.meeting_date[row] == after and t.doc_type[row] == "minutes"):
                return None
            if flt is not None and flt.doc_types is not None and t.doc_type[row] not in flt.doc_types:
                return None
            return t.text[row].lower()

        return text

    def _pass(self, question: str, query: np.ndarray, n: int, flt: QueryFilter | None) -> list[tuple[int, float]]:
        meetings = set(flt.meetings) if flt and flt.meetings is not None else None
        doc_types = flt.doc_types if flt else None
        sections = flt.sections if flt else None
        rankings = []
        # Over-fetch when a kind or section is named: no predicate in USearch.
        fetch = n * 3 if doc_types or sections else n
        if self.config.dense:
            rankings.append([r for r, _ in self.corpus.dense_search(query, fetch, meetings)])
        if self.config.lexical:
            rankings.append([r for r, _ in self.corpus.lexical_search(question, fetch, meetings)])

        if self.config.fusion == "convex":
            fused = self._convex(question, query, {r for ranking in rankings for r in ranking})
        else:
            fused = reciprocal_rank_fusion(rankings, self.config.rrf_k)
        if doc_types:
            fused = [(r, s) for r, s in fused if self.corpus.table.doc_type[r] in doc_types]
        if sections:
            fused = [(r, s) for r, s in fused if self.corpus.table.section[r] in sections]
        return fused

    def _convex(self, question: str, query: np.ndarray, candidates: set[int]) -> list[tuple[int, float]]:
        """Rescore the candidate union exactly: w * cosine + (1 - w) * BM25 / max BM25."""
        if not candidates:
            return []
        rows = np.fromiter(sorted(candidates), dtype=np.int64)
        cosine = self.corpus.table.vectors[rows] @ query
        lexical = self.corpus.lexical_scores(question)[rows] if self.config.lexical else np.zeros(len(rows))
        top = float(lexical.max()) if len(lexical) else 0.0
        lexical = lexical / top if top > 0 else lexical
        w = self.config.dense_weight if self.config.lexical else 1.0
        w = w if self.config.dense else 0.0
        scores = w * cosine + (1 - w) * lexical
        order = np.argsort(-scores, kind="stable")
        return [(int(rows[i]), float(scores[i])) for i in order]

    def warm(self, questions: Sequence[str]) -> None:
        """Embed the queries of many questions in one batch (with a caching embedder, the searches that follow
        read them): an evaluation's questions, not one text at a time."""
        plain = [plain_question(q) for q in questions]
        self.embedder.encode([expand(q) if self.config.expand_jargon else q for q in plain])

    def search(self, question: QuestionAnalysis | str, k: int = 5) -> list[SearchHit]:
        analysis = question if isinstance(question, QuestionAnalysis) else self.analyze(question)
        question = analysis.plain  # "Dec 24", "mtg": the spelling every step reads
        evidence = self._record_evidence(analysis)
        flt = self._filter(analysis) if self.config.date_filter else None
        records_meeting = self._records_meeting(flt, evidence)
        following = self._following(flt)
        if following is not None and analysis.between_meetings:  # "the March 19, 2020 notation vote"
            flt = replace(flt, meetings=flt.meetings | {following})
        if flt is not None and flt.meetings and self.config.section_filter:
            titles = set().union(*(self.corpus.minutes_sections.get(m, set()) for m in flt.meetings))
            flt = replace(flt, sections=named_sections(question, titles) or None)
        names = analysis.names
        if self.config.expand_jargon:
            question, names = analysis.expanded, analysis.expanded_names
        query = self.embedder.encode([question])[0]
        n = max(self.config.candidates, k)
        self.last_filter = flt
        reasons = self._reasons(analysis, flt, evidence) if self.config.reason_hits else None
        passes = ([reasons] if reasons else []) + ([records_meeting] if records_meeting else []) + _passes(flt)
        ordered: list[tuple[int, float]] = [(row, float(len(passes) + 1)) for row in evidence]
        seen: set[int] = set(evidence)
        for offset, pass_filter in enumerate(passes):
            fused = _diversify(self._pass(question, query, n, pass_filter), self.corpus.table.document_id,
                               self.config.per_document)
            if pass_filter is not None and pass_filter.meetings and 2 <= len(pass_filter.meetings) <= 4 \
                    and self.config.interleave_meetings:
                fused = _interleave(fused, self.corpus.table.meeting_date)
            if pass_filter is not None and pass_filter.sections:
                fused = fused[: self.config.section_hits]
            if pass_filter is records_meeting and records_meeting is not None:
                fused = fused[: self.config.record_meeting_hits]
            if pass_filter is reasons and reasons is not None:
                region = self._discussion(reasons) if self.config.policy_discussion else None
                fused = [rs for rs in fused if region is None or rs[0] in region]
                if region and not _asks_own_reasons(analysis):  # the Committee's reasons: its discussion's opening
                    sections = self.corpus.table.section
                    opening = [r for r in sorted(region)[:2] if DISCUSSION_SECTION in sections[r].lower()]
                    fused = [(r, 1.0) for r in opening] + [rs for rs in fused if rs[0] not in opening]
                fused = fused[: self.config.reason_hits]
            for row, score in fused:
                if row not in seen:
                    seen.add(row)
                    # Earlier (narrower) passes rank ahead: +1 per pass lifts them above any later score.
                    ordered.append((row, score + (len(passes) - 1 - offset)))
        if self.config.cover_names:
            ordered = _cover_names(ordered, list(names), k, self._within(flt, following))
        if self.reranker and ordered:
            head = ordered[: max(k * 4, 20)]
            scores = self.reranker.rerank(question, [self.corpus.table.text[r] for r, _ in head])
            ordered = (sorted(zip([r for r, _ in head], scores, strict=False), key=lambda rs: -rs[1])
                       + ordered[len(head):])
        top = ordered[:k]
        cosine = self.corpus.table.vectors[[r for r, _ in top]] @ query if top else np.zeros(0)
        t = self.corpus.table
        return [
            SearchHit(
                rank=i + 1,
                chunk_id=t.chunk_id[row],
                document_id=t.document_id[row],
                doc_type=t.doc_type[row],
                meeting_date=t.meeting_date[row],
                section=t.section[row],
                text=t.text[row],
                score=float(score),
                relevance=float(np.clip(cos, 0.0, 1.0)),
            )
            for i, ((row, score), cos) in enumerate(zip(top, cosine, strict=True))
        ]
