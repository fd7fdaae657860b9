"""Everything a query needs, opened once per process: corpus, embedder, retriever, LM, program.

The default LM, the offline extractive reader, answers without DSPy (`fomc_qa.answering.extractive`);
DSPy, the LM stack and the compiled program are imported and loaded only for another LM.
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from fomc_qa.answering.extractive import ExtractiveAnswerer, is_extractive
from fomc_qa.answering.tuning import NO_TUNING, TUNING_FILE, Tuning, load_tuning
from fomc_qa.config import DataPaths, Settings
from fomc_qa.index.embed import get_encoder
from fomc_qa.index.integrity import first_line, fix_for, program_problems, raise_for, sidecar_path
from fomc_qa.index.sentence_vectors import TableEncoder
from fomc_qa.index.store import BUILD_COMMAND, Corpus, IndexMissing
from fomc_qa.models import Answer
from fomc_qa.policy.desk import PolicyDesk
from fomc_qa.policy.timeline import RecordsMissing, load_records
from fomc_qa.retrieval.retrieve import Reranker, RetrievalConfig, Retriever

if TYPE_CHECKING:
    import dspy

    from fomc_qa.answering.program import FOMCAnswerer, Retrieve

PROGRAM_FILE = "qa_program.json"


def open_retriever(
    settings: Settings, config: RetrievalConfig = RetrievalConfig(), paths: DataPaths | None = None
) -> Retriever:
    """The retriever over the materialized corpus, queried with the model that built it (its sentence
    vectors looked up in the pipeline's table), with the policy record's desk when the pipeline wrote one."""
    corpus = Corpus(paths or settings.paths)
    provider = TableEncoder(get_encoder(corpus.manifest.get("model") or settings.embed_model),
                            corpus.paths.sentence_vectors)
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


def tuning_path(paths: DataPaths) -> Path:
    return paths.programs / TUNING_FILE


@functools.cache
def _tuning_at(path: Path, stamp: tuple[int, int]) -> Tuning:
    return load_tuning(path)


def open_tuning(paths: DataPaths) -> Tuning:
    """The quote scorer and confidence table the build fitted (read once per file version); none before a build
    wrote them. An unreadable file is damage: exit 3 with the command that refits it."""
    path = tuning_path(paths)
    if not path.exists():
        return NO_TUNING
    stat = path.stat()
    try:
        return _tuning_at(path, (stat.st_mtime_ns, stat.st_size))
    except (ValueError, KeyError, TypeError) as exc:
        raise IndexMissing(f"{path} is unreadable ({first_line(exc)}); fix: {fix_for(paths, 'program', None)}") from exc


def check_program(retriever: Retriever, path: Path) -> bool:
    """Whether the pipeline saved a compiled program. One its record names that is gone, of the wrong size
    or of another hash is damage (exit 3, naming the file and the command that recompiles it), whichever
    LM answers; the program is a few KB, so hashing it costs the start-up nothing measurable."""
    recorded = path.exists() or sidecar_path(path).exists()
    if recorded:
        raise_for(program_problems(retriever.corpus.paths, path, hashes=True))
    return recorded


def open_program(retrieve: Retrieve, retriever: Retriever, path: Path, k: int) -> FOMCAnswerer:
    """The compiled program; an unreadable one names itself and the command that recompiles it."""
    from fomc_qa.answering.program import load_program

    try:
        return load_program(retrieve, path, k=k, desk=retriever.desk, tuning=open_tuning(retriever.corpus.paths))
    except Exception as exc:  # DSPy's JSON reader and state loader raise many kinds on a damaged file
        paths = retriever.corpus.paths
        raise IndexMissing(f"{path} is unreadable ({first_line(exc)}); fix: {fix_for(paths, 'program', None)}") from exc


def build_program(retrieve: Retrieve, retriever: Retriever, k: int) -> tuple[FOMCAnswerer, bool]:
    """The answering program over `retrieve`, with the compiled state the pipeline saved when there is
    one; also says whether there was."""
    from fomc_qa.answering.program import FOMCAnswerer

    path = program_path(retriever.corpus.paths)
    if check_program(retriever, path):
        return open_program(retrieve, retriever, path, k), True
    return FOMCAnswerer(retrieve, k=k, desk=retriever.desk, tuning=open_tuning(retriever.corpus.paths)), False


@dataclass
class Session:
    settings: Settings
    retriever: Retriever
    lm_name: str
    k: int = 5
    compiled: bool = False  # the pipeline's compiled program is there (for the extractive reader it changes nothing)

    @classmethod
    def open(cls, settings: Settings, lm: str | None = None, k: int = 5, paths: DataPaths | None = None) -> Session:
        retriever = open_retriever(settings, paths=paths)
        compiled = check_program(retriever, program_path(retriever.corpus.paths))
        return cls(settings, retriever, (lm or settings.lm).strip(), k, compiled)

    @property
    def program_file(self) -> Path:
        return program_path(self.retriever.corpus.paths)

    @functools.cached_property
    def lm(self) -> dspy.BaseLM:
        from fomc_qa.answering.engine import make_lm

        return make_lm(self.lm_name, self.settings.lm_api_base, embedder=self.retriever.embedder)

    @functools.cached_property
    def program(self) -> FOMCAnswerer:
        """The compiled DSPy program over this retriever (the uncompiled one when none was saved)."""
        return build_program(self.retriever.search, self.retriever, self.k)[0]

    @functools.cached_property
    def _extractive(self) -> ExtractiveAnswerer:
        return ExtractiveAnswerer(self.retriever.search, self.retriever.embedder, k=self.k, desk=self.retriever.desk,
                                  tuning=open_tuning(self.retriever.corpus.paths))

    def answer(self, question: str) -> Answer:
        """The Answer record for one question: the extractive reader directly, any other LM through DSPy."""
        if is_extractive(self.lm_name):
            return self._extractive.answer(question)
        from fomc_qa.answering.program import answer_question

        return answer_question(self.program, question, self.lm)
