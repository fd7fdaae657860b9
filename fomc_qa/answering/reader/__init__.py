"""The offline extractive reader: from a question and its passages to the sentences that answer it.

`read(question, passages, encoder)` scores every passage sentence against the question and keeps the
best-supported ones, verbatim (`selection`, scored by `scoring`); `answer_text(quotes)` renders them as the
answer, each quotation led by its source and followed by its passage marker (`rendering`). Its knobs are
`ReaderConfig` (`config`). Pure and deterministic (ties broken by passage and sentence order), with no DSPy:
`fomc_qa.answering.engine` wraps it as the project's default LM.
"""

from fomc_qa.answering.passages import Passage
from fomc_qa.answering.reader.config import READER_CONFIG, ReaderConfig
from fomc_qa.answering.reader.rendering import NO_ANSWER, answer_text
from fomc_qa.answering.reader.scoring import Embedder, candidate_features
from fomc_qa.answering.reader.selection import Quote, read
from fomc_qa.answering.reader.sources import source_label

__all__ = ["NO_ANSWER", "READER_CONFIG", "Embedder", "Passage", "Quote", "ReaderConfig", "answer_text",
           "candidate_features", "read", "source_label"]
