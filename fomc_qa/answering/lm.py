"""LM selection, and the offline extractive engine that is the project's default LM.

`make_lm("extractive")` needs no network and no generative model: the engine reads the
question and the numbered passages out of the prompt DSPy's adapter built, scores every
passage sentence against the question, and answers with the best-supported sentences quoted
verbatim, each followed by its passage marker. Any other model string goes to DSPy's own
LM (lm15 natively, LiteLLM as fallback), so compile, evaluate and save/load run the same
with a hosted or self-served model.

The engine plugs into DSPy 3.4 as a custom engine object (`complete(Request) -> Response`,
`dspy.clients.engines.base.Engine`) handed to `dspy.LM(..., engine=...)`; subclassing
`BaseLM.forward` is deprecated for removal in 3.5.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import dspy
import numpy as np
from dspy.lm15 import Message, Request, Response, TextPart, Usage, response_to_events

from fomc_qa.answering.facets import question_facets
from fomc_qa.text.glossary import expand
from fomc_qa.text.lexical import stem
from fomc_qa.models import DOC_TYPE_LABEL
from fomc_qa.retrieval.query_filters import asks_for_first, parse_filter, reference_dates
from fomc_qa.text.sentences import split_sentences

EXTRACTIVE = "extractive"
EXTRACTIVE_MODEL_ID = "local/extractive"

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
LEXICAL_WEIGHT = 0.2
RANK_PRIOR = 0.03
# Expected answer types. A "how much / to what level / where did it move" question is answered by
# the sentence with the number (the decision), not by the discussion around it; a "who" question
# by the sentence naming people; a "when / on what date" question by one carrying a date. The
# bonus is added to sentences of that type only, so it reorders on-topic sentences without lifting
# an off-topic one over the threshold by itself (it is below the 0.45-0.6 on-topic band's width).
ANSWER_TYPE_BONUS = 0.1
# Further sentences must score within EXTRA_MARGIN of the best one, come from one of the
# TOP_PASSAGES best passages, and not repeat a chosen sentence (cosine >= DUPLICATE_COSINE).
# Before them, within the wider WIDE_MARGIN of the best: for each answer type the question asks
# for that the best sentence lacks ("Who were they, and how did their guidance differ?"), the
# best sentence of that type; and for a question naming several meetings ("between the January
# 2022 and June 2022 meetings"), the best sentence of each named meeting, so every document it
# compares is quoted. MAX_SENTENCES leaves room for a comparison of up to four meetings.
MAX_SENTENCES = 4
EXTRA_MARGIN = 0.12
WIDE_MARGIN = 0.25
TOP_PASSAGES = 3
DUPLICATE_COSINE = 0.9
MIN_SENTENCE_WORDS = 5  # words of two or more letters: drops attendance lines ("Jerome H. Powell, Chair")
# Procedural sentences of the minutes name dates and meetings, so they match date-heavy
# questions, yet answer nothing; they are scored BOILERPLATE_PENALTY lower, which only a
# question about the procedure itself ("when was the next meeting scheduled?") overcomes.
BOILERPLATE_PENALTY = 0.4
_BOILERPLATE = re.compile(
    r"^(?:The meeting adjourned|By notation vote completed|It was agreed that the next meeting"
    r"|Voting for (?:this|the)\b|A joint meeting of the Federal Open Market Committee|Attendance\b|Secretary's note)",
    re.I,
)
_QUANTITY_QUESTION = re.compile(
    r"\bhow (?:much|many|far|high|low|large|big)\b|\bby how\b|\bto what\b|\bwhat (?:\w+ )?(?:size|amount)\b"
    r"|\bwhere (?:did|had|has|was|were|is|does|do|would)\b"
    r"|\b(?:levels?|ranges?|pace|caps?|limits?|minimum|maximum|reductions?|increases?|decreases?)\b",
    re.I,
)
_QUANTITY = re.compile(
    r"\$\s?\d|\d(?:[\d,./\-\u2011]*\d)?\*?\s*(?:percent|percentage points?|basis points?|billion|million|trillion)\b"
    r"|\b\d+(?:[-\u2011]\d+)?/\d+\b"
)
_PERSON_QUESTION = re.compile(r"^\s*who\b|\bwho (?:was|were|dissented|voted)\b|\bwhich (?:members?|governors?|presidents?)\b|\bdissent", re.I)
_PERSON = re.compile(r"\b[A-Z][a-z]+ [A-Z]\. [A-Z][a-z]+\b|\bVoting against\b")
_DATE_QUESTION = re.compile(r"^\s*when\b|\bwhat date\b|\bwhich (?:month|day|date)\b|\bstarting in which\b", re.I)
_DATE = re.compile(
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}\b"
    r"|\b(?:beginning|starting|effective) in (?:January|February|March|April|May|June|July|August|September|October|November|December)\b"
)
# "When did a statement first mention X?" (fomc_qa.retrieval.query_filters.asks_for_first) is answered by the
# earliest meeting that says X, not by the best-matching later repetition; "the last increase" by
# the latest. Among sentences within EXTRA_MARGIN of the best, such a question leads with the
# earliest (latest) meeting's.
_LAST = re.compile(r"\b(?:last|final|most recent)\b(?! (?:\w+ )?(?:meeting|quarter|half|year|month|week)\b)", re.I)
_ANSWER_TYPES = ((_QUANTITY_QUESTION, _QUANTITY), (_PERSON_QUESTION, _PERSON), (_DATE_QUESTION, _DATE))
# A question asking two things ("To what level did the Board raise the rate, and by how much was
# this technical adjustment?", fomc_qa.answering.facets) gets, for each facet the chosen sentences do not
# already hold, its own best sentence: scored like the whole question but against the facet alone,
# from the lead's meeting or the TOP_PASSAGES, and at least FACET_THRESHOLD.
FACET_THRESHOLD = 0.45
# The sentence right after a chosen one that opens by pointing back to it ("That analysis
# suggested ...") often holds what a second facet asks for; it scores CONTINUATION_BONUS higher
# for facets.
CONTINUATION_BONUS = 0.1
# A terse lead announces what its paragraph goes on to say ("The manager next considered the
# recent behavior of Treasury yields.", "The U.S. banking system is sound and resilient."): the
# next sentence of the same paragraph is quoted with it when on topic (at least the threshold).
SHORT_LEAD_WORDS = 12
_CONTINUATION = re.compile(r"^(?:This|That|These|Those|Such|It|They)\b")

NO_ANSWER = "The passages do not contain the answer to this question."
_REASONING = "Quoted the passage sentences that best match the question, each with its passage marker."

_FIELD_HEADER = re.compile(r"^\[\[ ## (\w+) ## \]\][ \t]*$", re.M)
_XML_FIELD = re.compile(r"<(\w+)>(.*?)</\1>", re.S)
_FIELD_LIST = re.compile(r"^\s*\d+\.\s+`(\w+)`", re.M)
_OUTPUT_REQUIREMENT = re.compile(r"\n\s*Respond with (?:the corresponding output fields|a JSON object).*\Z", re.S)
_PASSAGE_START = re.compile(r"^[ \t]*\[(\d{1,3})\][ \t]*", re.M)
_PASSAGE_HEADER = re.compile(r"^\(([^\n]*?\d{4}-\d{2}-\d{2}[^\n]*?)\)\s+")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TOKEN = re.compile(r"[a-z0-9]+(?:[-/.][a-z0-9]+)*")
_MONTHS = "january february march april may june july august september october november december".split()
_COMMON_NAMES = frozenset(
    _MONTHS
    + "monday tuesday wednesday thursday friday saturday sunday fed fomc federal reserve open market committee"
    " chair chairman vice governor governors president presidents bank banks board system minutes statement statements"
    " treasury treasuries compare two three".split()
)
_STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be been before being below between both
    but by can could did do does doing during each few for from further had has have having how i if in into is it
    its itself just me more most my no nor not of off on once only or other our out over own same should so some such
    than that the their them then there these they this those through to too under until up very was we were what
    when where which while who whom why will with would you your fomc committee federal reserve fed say said
    tell describe explain according""".split()
)


class Embedder(Protocol):
    """Anything with `encode(texts) -> (n, d) float32 array of unit vectors`."""

    def encode(self, texts: list[str]) -> np.ndarray: ...


def default_embedder() -> Embedder:
    """The process-wide bundled MiniLM (`fomc_qa.index.embed.get_encoder`), shared with the retriever."""
    from fomc_qa.index.embed import get_encoder

    return get_encoder()


def make_lm(model: str | None = None, api_base: str | None = None, embedder: Embedder | None = None) -> dspy.LM:
    """The LM named by `model` (default: FOMC_QA_LM, else "extractive").

    "extractive" is the local deterministic engine (`embedder` injects its sentence
    embedder). Anything else is a DSPy/LiteLLM model string such as "openai/gpt-4o-mini",
    "anthropic/claude-...", "ollama_chat/llama3.1", or "openai/<name>" with `api_base` for an
    OpenAI-compatible server (vLLM); `api_base` defaults to FOMC_QA_LM_API_BASE. Hosted models
    run at temperature 0 so answers are reproducible.
    """
    from fomc_qa.config import Settings

    settings = Settings.from_env() if model is None or api_base is None else None
    model = (model or (settings.lm if settings else None) or EXTRACTIVE).strip()
    if model in (EXTRACTIVE, EXTRACTIVE_MODEL_ID):
        # No response cache: the engine is cheap, and a cache keyed on the model string
        # would keep serving answers of an older engine version or another embedder.
        engine = ExtractiveEngine(embedder=embedder)
        return dspy.LM(EXTRACTIVE_MODEL_ID, engine=engine, async_engine=AsyncExtractiveEngine(engine), cache=False)
    if api_base is None and settings is not None:
        api_base = settings.lm_api_base
    kwargs: dict[str, Any] = {"temperature": 0.0}
    if api_base:
        kwargs["api_base"] = api_base
    return dspy.LM(model, **kwargs)


@dataclass(frozen=True)
class Passage:
    """One numbered passage of the prompt: its marker, header and text (header removed)."""

    n: int
    header: str
    text: str


@dataclass(frozen=True)
class ParsedPrompt:
    """What the engine needs from a request: the current question, its passages, and
    the output fields and format the adapter will parse."""

    question: str
    passages: list[Passage]
    output_fields: list[str]
    output_format: str  # "chat" | "json" | "xml"


@dataclass(frozen=True)
class _Candidate:
    passage: Passage
    index: int  # position of the sentence within its passage
    text: str
    score: float


class ExtractiveEngine:
    """A DSPy 3.4 LM engine that answers by quoting the best-supported passage sentences.

    Deterministic: the same prompt always yields the same answer (no sampling; ties broken
    by passage and sentence order). Generation settings such as temperature are ignored.
    """

    def __init__(
        self,
        embedder: Embedder | None = None,
        support_threshold: float = SUPPORT_THRESHOLD,
        max_sentences: int = MAX_SENTENCES,
    ) -> None:
        self._embedder = embedder
        self.support_threshold = float(support_threshold)
        self.max_sentences = int(max_sentences)

    @property
    def embedder(self) -> Embedder:
        return self._embedder if self._embedder is not None else default_embedder()

    def complete(self, request: Request) -> Response:
        prompt = parse_prompt(request)
        answer = self.answer(prompt.question, prompt.passages)
        text = format_outputs(prompt, answer)
        return Response(
            id=None,
            model=request.model,
            message=Message.assistant(TextPart(text)),
            finish_reason="stop",
            usage=Usage(),
        )

    def stream(self, request: Request):
        """One-shot stream of the complete answer, so DSPy streaming works with this engine too."""
        return response_to_events(self.complete(request))

    def close(self) -> None:
        """Nothing to release: the embedder is shared."""

    def dump_state(self) -> dict[str, Any]:
        """Settings only (the embedder is an environment fact), so an LM using it can be saved."""
        return {"support_threshold": self.support_threshold, "max_sentences": self.max_sentences}

    @classmethod
    def load_state(cls, state: dict[str, Any]) -> ExtractiveEngine:
        return cls(**state)

    def answer(self, question: str, passages: Sequence[Passage]) -> str:
        """The answer text: 1..max_sentences quoted sentences with markers, or NO_ANSWER.

        Each quotation is led by its source ("FOMC statement of May 4, 2022: “...” [3]"), so
        the answer says when and where it was said; consecutive quotations of one document
        share the lead.
        """
        chosen = self.select(question, passages)
        if not chosen:
            return NO_ANSWER
        parts: list[str] = []
        previous = None
        for c in chosen:
            source = source_label(c.passage.header)
            if not source:
                parts.append(f"{c.text} [{c.passage.n}]")
                continue
            quote = f"\u201c{c.text}\u201d [{c.passage.n}]"
            parts.append(quote if source == previous else f"{source}: {quote}")
            previous = source
        return " ".join(parts)

    def select(self, question: str, passages: Sequence[Passage]) -> list[_Candidate]:
        """Score every sentence and keep the best-supported, non-redundant ones: the lead (see
        `_ordinal_lead`) and, if it is terse, the next sentence of its paragraph; then one for each
        facet of a multi-part question (`question_facets`), missing answer types and named
        meetings, then near-best sentences."""
        question = question.strip()
        if not question or _unsupported_specifics(question, passages):
            return []
        sentences = [(p, i, s) for p in passages for i, s in enumerate(split_sentences(p.text)) if _long_enough(s)]
        if not sentences:
            return []
        facets = [facet_query(f, question) for f in question_facets(question)]
        queries = [expand(question), *[expand(f) for f in facets]] if len(facets) > 1 else [expand(question)]
        texts = [s for _, _, s in sentences]
        encoded = np.asarray(self.embedder.encode([*queries, *texts]), dtype=np.float32)
        vectors = np.concatenate([encoded[:1], encoded[len(queries) :]])  # row 0: the question; 1 + j: sentence j
        sentence_terms = [_terms(s) | _terms(_expand_header(p.header)) for p, _, s in sentences]

        def support(query: str, query_vector: np.ndarray) -> list[float]:
            q_terms = _weighted_terms(query)
            wanted_here = _asked_kinds(query)
            scores = []
            for (passage, _, sentence), cosine, terms in zip(sentences, vectors[1:] @ query_vector, sentence_terms,
                                                              strict=True):
                score = float(cosine) + LEXICAL_WEIGHT * _coverage(q_terms, terms) + RANK_PRIOR / max(passage.n, 1)
                score += ANSWER_TYPE_BONUS * sum(bool(kind.search(sentence)) for kind in wanted_here)
                if _BOILERPLATE.match(sentence):
                    score -= BOILERPLATE_PENALTY
                scores.append(round(score, 6))
            return scores

        wanted = _asked_kinds(question)
        scored = [_Candidate(p, i, s, score) for (p, i, s), score in zip(sentences, support(question, vectors[0]), strict=True)]
        order = sorted(range(len(scored)), key=lambda j: (-scored[j].score, scored[j].passage.n, scored[j].index))
        if scored[order[0]].score < self.support_threshold:
            return []
        lead = _ordinal_lead(question, scored, order)
        best = scored[lead]
        chosen_rows = [lead]

        def repeats(j: int, rows: list[int]) -> bool:
            return j in rows or any(
                float(vectors[1 + j] @ vectors[1 + k]) >= DUPLICATE_COSINE
                or _normalize(scored[j].text) == _normalize(scored[k].text)
                for k in rows
            )

        def admit(j: int) -> bool:
            if len(chosen_rows) >= self.max_sentences or repeats(j, chosen_rows):
                return False
            chosen_rows.append(j)
            return True

        if len(best.text.split()) < SHORT_LEAD_WORDS:
            after = next((j for j, c in enumerate(scored) if c.passage.n == best.passage.n and c.index == best.index + 1
                          and _same_paragraph(best.passage.text, best.text, c.text)), None)
            if after is not None and scored[after].score >= self.support_threshold:
                admit(after)
        passage_rank = list(dict.fromkeys(scored[j].passage.n for j in order))
        top_passages = set(passage_rank[:TOP_PASSAGES])
        if len(facets) > 1:
            lead_meeting = _meeting_of(best.passage)
            for f, facet in enumerate(facets):
                facet_scores = support(facet, encoded[1 + f])
                pool = [j for j in order if scored[j].passage.n in top_passages
                        or (lead_meeting and _meeting_of(scored[j].passage) == lead_meeting)]
                # a facet asking for a kind of answer ("by how much") is answered by a sentence of that kind
                kinds = _asked_kinds(facet)
                pool = [j for j in pool if all(kind.search(scored[j].text) for kind in kinds)] or pool
                pool = [j for j in pool if not repeats(j, chosen_rows)]
                if not pool:
                    continue
                quoted = {_normalize(scored[k].text) for k in chosen_rows}  # overlapping chunks repeat sentences
                follows = {(c.passage.n, c.index + 1) for c in scored if _normalize(c.text) in quoted}
                for j in pool:
                    if (scored[j].passage.n, scored[j].index) in follows and _CONTINUATION.match(scored[j].text):
                        facet_scores[j] += CONTINUATION_BONUS
                top = max(pool, key=lambda j: (facet_scores[j], -scored[j].passage.n, -scored[j].index))
                if facet_scores[top] >= FACET_THRESHOLD:
                    admit(top)
        wide_floor = max(self.support_threshold, best.score - WIDE_MARGIN)
        for kind in wanted:
            if not any(kind.search(scored[k].text) for k in chosen_rows):
                typed = next((j for j in order if kind.search(scored[j].text)), None)
                if typed is not None and scored[typed].score >= wide_floor:
                    admit(typed)
        named = _named_meetings(question, passages)
        if len(named) > 1:
            covered = {_meeting_of(scored[k].passage) for k in chosen_rows}
            for j in order:
                meeting = _meeting_of(scored[j].passage)
                if scored[j].score < wide_floor:
                    break
                if meeting in named and meeting not in covered and admit(j):
                    covered.add(meeting)
        floor = max(self.support_threshold, best.score - EXTRA_MARGIN)
        for j in order:
            if scored[j].score < floor or len(chosen_rows) >= self.max_sentences:
                break
            if scored[j].passage.n in top_passages:
                admit(j)
        return [scored[j] for j in chosen_rows]


class AsyncExtractiveEngine:
    """The async counterpart DSPy requires for `acall`/`asyncify`: the sync engine in a worker thread."""

    def __init__(self, engine: ExtractiveEngine | None = None) -> None:
        self.engine = engine or ExtractiveEngine()

    async def complete(self, request: Request) -> Response:
        import asyncio

        return await asyncio.to_thread(self.engine.complete, request)

    async def stream(self, request: Request):
        for event in response_to_events(await self.complete(request)):
            yield event

    async def aclose(self) -> None:
        """Nothing to release."""

    def dump_state(self) -> dict[str, Any]:
        return self.engine.dump_state()

    @classmethod
    def load_state(cls, state: dict[str, Any]) -> AsyncExtractiveEngine:
        return cls(ExtractiveEngine.load_state(state))


def parse_prompt(request: Request) -> ParsedPrompt:
    """Find the current question and passages in a request built by a DSPy adapter.

    Only the last user message is read (earlier user/assistant pairs are few-shot demos
    or history); ChatAdapter/JSONAdapter `[[ ## field ## ]]` sections and XMLAdapter tags
    are understood, with a plain-text fallback ("Question: ..." and `[n]` lines).
    """
    system = _system_text(request)
    user_texts = [m.text or "" for m in request.messages if m.role == "user"]
    current = user_texts[-1] if user_texts else "\n\n".join(m.text or "" for m in request.messages)
    current = _OUTPUT_REQUIREMENT.sub("", current)
    sections = _sections(current)
    question = sections.get("question")
    passages_text = sections.get("passages") or sections.get("context")
    if passages_text is None:
        passages_text = next((v for v in sections.values() if _PASSAGE_START.search(v)), None)
    if question is None:
        others = [v for k, v in sections.items() if v is not passages_text and k != "passages"]
        question = others[0] if others else _plain_question(current)
    if passages_text is None:
        passages_text = current
    return ParsedPrompt(
        question=" ".join(question.split()),
        passages=parse_passages(passages_text),
        output_fields=_output_fields(system),
        output_format=_output_format(request, system),
    )


def parse_passages(text: str) -> list[Passage]:
    """`[n] (header) text` blocks; a block runs until the next marker at a line start."""
    starts = list(_PASSAGE_START.finditer(text))
    passages: list[Passage] = []
    seen: set[int] = set()
    for i, match in enumerate(starts):
        n = int(match.group(1))
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        body = text[match.end() : end].strip()
        header = ""
        head = _PASSAGE_HEADER.match(body)
        if head:
            header, body = head.group(1), body[head.end() :]
        if body and n not in seen:
            seen.add(n)
            passages.append(Passage(n=n, header=header, text=body))
    return passages


def format_outputs(prompt: ParsedPrompt, answer: str) -> str:
    """The completion in the format the request's adapter parses back into output fields."""
    fields = prompt.output_fields or ["answer"]
    answer_field = "answer" if "answer" in fields else fields[-1]
    values = {f: (_REASONING if f in ("reasoning", "rationale") and f != answer_field else answer) for f in fields}
    if prompt.output_format == "json":
        return json.dumps(values, ensure_ascii=False)
    if prompt.output_format == "xml":
        return "\n".join(f"<{f}>{html.escape(v, quote=False)}</{f}>" for f, v in values.items())
    body = "\n\n".join(f"[[ ## {f} ## ]]\n{v}" for f, v in values.items())
    return f"{body}\n\n[[ ## completed ## ]]"


def _system_text(request: Request) -> str:
    system = request.system
    if system is None:
        return ""
    if isinstance(system, str):
        return system
    return "\n".join(getattr(part, "text", "") or "" for part in system)


def _sections(text: str) -> dict[str, str]:
    headers = list(_FIELD_HEADER.finditer(text))
    if headers:
        return {
            h.group(1): text[h.end() : headers[i + 1].start() if i + 1 < len(headers) else len(text)].strip()
            for i, h in enumerate(headers)
        }
    return {name: html.unescape(value).strip() for name, value in _XML_FIELD.findall(text)}


def _plain_question(text: str) -> str:
    labelled = re.findall(r"(?im)^\s*question\s*:\s*(.+)$", text)
    if labelled:
        return labelled[-1]
    first_passage = _PASSAGE_START.search(text)
    return text[: first_passage.start()] if first_passage else text


def _output_fields(system: str) -> list[str]:
    start = system.find("Your output fields are:")
    if start < 0:
        return []
    end = system.find("All interactions will be structured", start)
    return _FIELD_LIST.findall(system[start : end if end >= 0 else len(system)])


def _output_format(request: Request, system: str) -> str:
    if request.config.response_format is not None or "Outputs will be a JSON object" in system:
        return "json"
    if "[[ ## completed ## ]]" not in system and re.search(r"<(\w+)>\s*\{\1\}\s*</\1>", system):
        return "xml"
    return "chat"


def _unsupported_specifics(question: str, passages: Sequence[Passage]) -> set[str]:
    """Years and names the question specifies that no passage mentions (text or header), except
    the year of a date the question counts from ("the first hold after the hikes that began in
    March 2022" is answered by a 2023 passage).

    A question about a period the passages do not cover ("in December 2019" over 2020-2025
    documents) or about an entity they never name ("Wells Fargo", "Bitcoin") cannot be
    answered by them, however similar a sentence looks. Names are capitalized words after
    the question's first word, minus calendar words and the Fed's own vocabulary, which
    the documents spell differently ("the Fed", "Reserve Bank presidents"); a plural name is
    found by its singular too ("Treasuries" in "Treasury securities").
    """
    available = " ".join(f"{_expand_header(p.header)} {p.text}" for p in passages).lower()
    counted_from = " ".join(reference_dates(question))  # "after the hikes that began in March 2022"
    specifics = set(re.findall(r"\b(?:19|20)\d{2}\b", question)) - set(re.findall(r"\b(?:19|20)\d{2}\b", counted_from))
    for sentence in re.split(r"(?<=[.?!])\s+", question.strip()):
        for word in re.findall(r"\b[A-Z][A-Za-z&]*[A-Za-z]\b", sentence)[1:]:
            if word.lower() not in _COMMON_NAMES and word.lower() not in _STOPWORDS:
                specifics.add(word.lower())
    return {term for term in specifics if not any(re.search(rf"\b{re.escape(form)}\b", available) for form in _singulars(term))}


_NAME = re.compile(r"\b[A-Z][A-Za-z]*[a-z][A-Za-z]*\b")


def question_names(question: str) -> list[str]:
    """The names a question uses (people, banks, facilities), in order: a facet that says "he"
    or "it" still means them ("Stephen Miran dissented ... What reasons do the minutes give for
    his view?")."""
    return list(dict.fromkeys(w for w in _NAME.findall(question) if w.lower() not in _COMMON_NAMES | _STOPWORDS))


def facet_query(facet: str, question: str) -> str:
    """The facet with the question's names it lacks appended, so it is scored in context."""
    missing = [n for n in question_names(question) if n.lower() not in facet.lower()]
    return f"{facet} ({' '.join(missing)})" if missing else facet


def _singulars(word: str) -> list[str]:
    """The word and the singular forms it may be a plural of ("treasuries" -> "treasury")."""
    forms = [word]
    if word.endswith("ies") and len(word) > 4:
        forms.append(word[:-3] + "y")
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        forms.append(word[:-1])
    return forms


def _asked_kinds(question: str) -> list[re.Pattern[str]]:
    """The answer types (_ANSWER_TYPES) a question or facet asks for, as patterns an answering
    sentence matches."""
    return [kind for asks, kind in _ANSWER_TYPES if asks.search(question)]


def _same_paragraph(text: str, first: str, second: str) -> bool:
    """Whether `second` follows `first` in `text` without a line break between them."""
    start = text.find(first)
    end = text.find(second, start + len(first)) if start >= 0 else -1
    return end >= 0 and "\n" not in text[start + len(first) : end]


def _long_enough(sentence: str) -> bool:
    return len(re.findall(r"[A-Za-z]{2,}", sentence)) >= MIN_SENTENCE_WORDS


def _norm_token(token: str) -> str:
    """Words Snowball-stemmed like BM25's ("preferred" meets "prefer"); numbers kept as written."""
    return token if any(ch.isdigit() for ch in token) or not token.isalpha() else stem(token)


def _terms(text: str) -> set[str]:
    return {_norm_token(t) for t in _TOKEN.findall(text.lower()) if t not in _STOPWORDS}


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
        return f"{year} {_MONTHS[month - 1] if 1 <= month <= 12 else ''} {day}"

    return re.sub(r"(\d{4})-(\d{2})-(\d{2})", spell, header)


def _normalize(text: str) -> str:
    return " ".join(_TOKEN.findall(text.lower()))


_DOC_KIND = {label.lower(): kind for kind, label in DOC_TYPE_LABEL.items()}


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
    label = f"{label} of {_MONTHS[month - 1].capitalize()} {day}, {year}"
    section = ", ".join(parts[i + 1 :])
    return f"{label} ({section})" if section else label


def _ordinal_lead(question: str, scored: list[_Candidate], order: list[int]) -> int:
    """The row to lead with: the best, or for a "first"/"last" question (or one counting from a
    date, "After the March 15, 2020 meeting, when did ...?") the earliest/latest meeting's
    sentence among those within EXTRA_MARGIN of the best."""
    first, last = asks_for_first(question), bool(_LAST.search(question))
    if first == last:
        return order[0]
    near = [j for j in order if scored[j].score >= scored[order[0]].score - EXTRA_MARGIN and _meeting_of(scored[j].passage)]
    if not near:
        return order[0]
    pick = min if first else max
    target = pick(_meeting_of(scored[j].passage) for j in near)
    return next(j for j in near if _meeting_of(scored[j].passage) == target)


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
