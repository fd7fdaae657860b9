"""Everything a query needs, opened once per process: corpus, embedder, retriever, LM, program."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import dspy

from fomc_qa.config import DataPaths, Settings
from fomc_qa.index.embed import get_encoder
from fomc_qa.answering.engine import make_lm
from fomc_qa.answering.program import FOMCAnswerer, load_program
from fomc_qa.retrieval.retrieve import Reranker, RetrievalConfig, Retriever
from fomc_qa.index.store import Corpus

PROGRAM_FILE = "qa_program.json"


def open_retriever(settings: Settings, config: RetrievalConfig = RetrievalConfig(), paths: DataPaths | None = None) -> Retriever:
    """The retriever over the materialized corpus, queried with the model that built it."""
    corpus = Corpus(paths or settings.paths)
    provider = get_encoder(corpus.manifest.get("model") or settings.embed_model)
    reranker = Reranker(settings.reranker) if settings.reranker else None
    return Retriever(corpus, provider, config=config, reranker=reranker)


def program_path(paths: DataPaths) -> Path:
    return paths.programs / PROGRAM_FILE


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
        path = program_path(retriever.corpus.paths)
        if path.exists():
            program = load_program(retriever.search, path, k=k)
        else:
            program = FOMCAnswerer(retriever.search, k=k)
        return cls(settings, retriever, model, program, path.exists())
