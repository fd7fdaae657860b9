"""LM selection, and the offline extractive engine that is the project's default LM.

`make_lm("extractive")` needs no network and no generative model: the engine reads the
question and the numbered passages out of the prompt DSPy's adapter built, hands them to the
extractive reader (`fomc_qa.answering.reader`), and writes the reader's quotes back in the output
format the adapter parses. Any other model string goes to DSPy's own LM (lm15 natively, LiteLLM
as fallback), so compile, evaluate and save/load run the same with a hosted or self-served model.

This module is the DSPy 3.4 surface only: the engine plugs in as a custom engine object
(`complete(Request) -> Response`, `dspy.clients.engines.base.Engine`) handed to
`dspy.LM(..., engine=...)`; subclassing `BaseLM.forward` is deprecated for removal in 3.5. A saved
LM records the engine as "fomc_qa.answering.engine:ExtractiveEngine".
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import dspy
from dspy.lm15 import Message, Request, Response, TextPart, Usage, response_to_events

from fomc_qa.answering.extractive import EXTRACTIVE, EXTRACTIVE_MODEL_ID, default_embedder, is_extractive
from fomc_qa.answering.passages import PASSAGE_START, Passage, parse_passages
from fomc_qa.answering.reader import READER_CONFIG, Embedder, Quote, answer_text, read

_REASONING = "Quoted the passage sentences that best match the question, each with its passage marker."

_FIELD_HEADER = re.compile(r"^\[\[ ## (\w+) ## \]\][ \t]*$", re.M)
_XML_FIELD = re.compile(r"<(\w+)>(.*?)</\1>", re.S)
_FIELD_LIST = re.compile(r"^\s*\d+\.\s+`(\w+)`", re.M)
_OUTPUT_REQUIREMENT = re.compile(r"\n\s*Respond with (?:the corresponding output fields|a JSON object).*\Z", re.S)


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
    if is_extractive(model):
        # No response cache: the engine is cheap, and a cache keyed on the model string
        # would keep serving answers of an older engine version or another embedder.
        engine = ExtractiveEngine(embedder=embedder)
        return dspy.LM(EXTRACTIVE_MODEL_ID, engine=engine, async_engine=AsyncExtractiveEngine(engine), cache=False)
    if api_base is None and settings is not None:
        api_base = settings.lm_api_base
    import litellm

    litellm.suppress_debug_info = True  # its "Give Feedback / Get Help" banner; LMUnavailable says what failed
    kwargs: dict[str, Any] = {"temperature": 0.0}
    if api_base:
        kwargs["api_base"] = api_base
    return dspy.LM(model, **kwargs)


@dataclass(frozen=True)
class ParsedPrompt:
    """What the engine needs from a request: the current question, its passages, and
    the output fields and format the adapter will parse."""

    question: str
    passages: list[Passage]
    output_fields: list[str]
    output_format: str  # "chat" | "json" | "xml"


class ExtractiveEngine:
    """A DSPy 3.4 LM engine that answers by quoting the best-supported passage sentences.

    Deterministic: the same prompt always yields the same answer (no sampling; ties broken
    by passage and sentence order). Generation settings such as temperature are ignored.
    """

    def __init__(
        self,
        embedder: Embedder | None = None,
        support_threshold: float = READER_CONFIG.support_threshold,
        max_sentences: int = READER_CONFIG.max_sentences,
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
        """The answer text: 1..max_sentences quoted sentences with markers (`reader.answer_text`), or NO_ANSWER."""
        return answer_text(self.select(question, passages))

    def select(self, question: str, passages: Sequence[Passage]) -> list[Quote]:
        """The reader's quotes (`reader.read`) with this engine's embedder and settings."""
        return read(
            question,
            passages,
            self.embedder,
            support_threshold=self.support_threshold,
            max_sentences=self.max_sentences,
        )


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
        passages_text = next((v for v in sections.values() if PASSAGE_START.search(v)), None)
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
    first_passage = PASSAGE_START.search(text)
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
