"""The answer's learned parts, as the build fitted them: the quote scorers and the confidence calibration.

`qa_program` writes both to one file beside the program (`data/programs/answer_tuning.json`, with the dev figures
before and after); the read side loads it once per session. Without the file (an index built before it, or a test
fixture) answers keep the reader's quote order and the fixed confidence rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from fomc_qa.answering.confidence import Calibration
from fomc_qa.answering.quote_scorer import QuoteScorer, QuoteScorers

TUNING_FILE = "answer_tuning.json"


@dataclass(frozen=True)
class Tuning:
    """The fitted quote scorers do two jobs: the evidence floor (always, once fitted: it sends the quotes unlikely to
    answer to the sources) and the order the lead and evidence take (`orders`: only when the build found it beats
    the rules' order out of fold by more than noise)."""

    scorers: QuoteScorers | None = None
    calibration: Calibration | None = None
    orders: bool = True

    def scorer(self, record: bool) -> QuoteScorer | None:
        """The quote scorer for an answer led by the record's line (`record`) or by the passages; None unfitted."""
        return self.scorers.for_answer(record) if self.scorers is not None else None

    def to_json(self, **figures: object) -> dict:
        return {"quote_scorer": self.scorers.to_json() if self.scorers else None, "quote_scorer_orders": self.orders,
                "confidence": self.calibration.to_json() if self.calibration else None, **figures}


NO_TUNING = Tuning()


def load_tuning(path: Path) -> Tuning:
    """The fitted parts at `path`; NO_TUNING when the file is absent. A file this code cannot read fails loudly."""
    if not path.exists():
        return NO_TUNING
    data = json.loads(path.read_text())
    return Tuning(QuoteScorers.from_json(data["quote_scorer"]) if data.get("quote_scorer") else None,
                  Calibration.from_json(data["confidence"]) if data.get("confidence") else None,
                  bool(data.get("quote_scorer_orders", True)))  # files before the flag held a scorer only if kept
