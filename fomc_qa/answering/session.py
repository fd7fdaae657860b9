"""Everything a query needs, opened once per process: corpus, embedder, retriever, LM, program."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import dspy

from fomc_qa.answering.engine import make_lm
from fomc_qa.answering.program import FOMCAnswerer, Retrieve, load_program
from fomc_qa.config import DataPaths, Settings
from fomc_qa.index.embed import get_encoder
from fomc_qa.index.integrity import first_line, fix_for, program_problems, raise_for, sidecar_path
from fomc_qa.index.store import BUILD_COMMAND, Corpus, IndexMissing
from fomc_qa.policy.desk import PolicyDesk
from fomc_qa.policy.timeline import RecordsMissing, load_records
from fomc_qa.retrieval.retrieve import Reranker, RetrievalConfig, Retriever

PROGRAM_FILE = "qa_program.json"


def open_retriever(
    settings: Settings, config: RetrievalConfig = RetrievalConfig(), paths: DataPaths | None = None
) -> Retriever:
    """The retriever over the materialized corpus, queried with the model that built it, with the
    policy record's desk when the pipeline wrote one."""
    corpus = Corpus(paths or settings.paths)
    provider = get_encoder(corpus.manifest.get("model") or settings.embed_model)
    reranker = Reranker(settings.reranker) if settings.reranker else None
    return Retriever(corpus, provider, config=config, reranker=reranker, desk=open_desk(corpus))


def open_desk(corpus: Corpus) -> PolicyDesk | None:
    """The policy desk over the chained records; None (with a warning) for an index built before them."""
    path = corpus.paths.policy_records
    if not path.exists():
        print(f"warning: {path} is missing, so span questions (counts, current, first/last) are answered from "
              f"passages only; rebuild: {BUILD_COMMAND}", file=sys.stderr)
        return None
    try:
        records = load_records(path)
    except RecordsMissing as exc:
        raise IndexMissing(f"{exc}; rebuild: {BUILD_COMMAND}") from exc
    return PolicyDesk(records, corpus.hit_for)


def program_path(paths: DataPaths) -> Path:
    return paths.programs / PROGRAM_FILE


def open_program(retrieve: Retrieve, retriever: Retriever, path: Path, k: int) -> FOMCAnswerer:
    """The compiled program, its size checked against the record qa_program wrote beside it; a damaged
    one names itself and the command that recompiles it."""
    paths = retriever.corpus.paths
    raise_for(program_problems(paths, path, hashes=False))
    try:
        return load_program(retrieve, path, k=k, desk=retriever.desk)
    except Exception as exc:  # DSPy's JSON reader and state loader raise many kinds on a damaged file
        raise IndexMissing(f"{path} is unreadable ({first_line(exc)}); fix: {fix_for(paths, 'program', None)}") from exc


@dataclass
class Session:
    settings: Settings
    retriever: Retriever
    lm: dspy.BaseLM
    program: FOMCAnswerer
    compiled: bool

    @classmethod
    def open(cls, settings: Settings, lm: str | None = None, k: int = 5, paths: DataPaths | None = None) -> Session:
        retriever = open_retriever(settings, paths=paths)
        model = make_lm(lm or settings.lm, settings.lm_api_base, embedder=retriever.embedder)
        program, compiled = build_program(retriever.search, retriever, k)
        return cls(settings, retriever, model, program, compiled)


def build_program(retrieve: Retrieve, retriever: Retriever, k: int) -> tuple[FOMCAnswerer, bool]:
    """The answering program over `retrieve`, with the compiled state the pipeline saved when there is
    one (checked against its integrity record); also says whether there was."""
    path = program_path(retriever.corpus.paths)
    if path.exists() or sidecar_path(path).exists():  # a recorded program that is gone is damage
        return open_program(retrieve, retriever, path, k), True
    return FOMCAnswerer(retrieve, k=k, desk=retriever.desk), False
