"""Confidence that means something: the share of dev answers of the same kind that were right.

An answer's kind is its `signature`: where its lead comes from (the policy record, by what the record was asked, or
passages, by how relevant the best one is), whether the question has several parts, and whether it asks why. The
`qa_program` asset counts, over the dev split (each question scored by a table fitted without its fold), how often
answers of each signature held every expected keyword, and writes the table (`data/programs/confidence.json`).
An answer is "high" only where the question has one part and its signature was right at least HIGH of the time
over at least HIGH_SEEN answers; "medium" where the signature's share, at its lower 95 % bound, is at least MEDIUM; a
signature seen fewer than MIN_SEEN times takes its coarser signature's (the record's intent dropped, then the parts
and the "why", then all).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fomc_qa.models import Confidence

HIGH = 0.95
HIGH_SEEN = 30
MEDIUM = 0.75
MIN_SEEN = 12
HIGH_MAX_PARTS = 1  # "high" only for a question of one part
Z = 1.645  # a one-sided 95 % bound
RELEVANCE_BANDS = (0.45, 0.6)  # a passage answer's best relevance: below, between, above


def wilson_lower(right: int, seen: int, z: float = Z) -> float:
    """The lower end of the Wilson score interval for `right` of `seen`."""
    p = right / seen
    centre = p + z * z / (2 * seen)
    spread = z * math.sqrt(p * (1 - p) / seen + z * z / (4 * seen * seen))
    return (centre - spread) / (1 + z * z / seen)


@dataclass(frozen=True)
class Signals:
    """What an answer rests on, as far as its confidence goes."""

    record_intent: str | None  # the record's answer kind ("decision", "dissents", ...); None: passages only
    parts: int
    why: bool
    best_relevance: float = 0.0

    def signatures(self) -> tuple[str, ...]:
        """From the finest to the coarsest."""
        shape = f"{'several' if self.parts > 1 else 'one'}{'+why' if self.why else ''}"
        if self.record_intent is not None:  # the shape before the intent: a "why" is riskier than its intent
            return (f"record:{self.record_intent}:{shape}", f"record:{shape}", f"record:{self.record_intent}",
                    "record", "all")
        band = sum(self.best_relevance >= b for b in RELEVANCE_BANDS)
        return (f"passage:{band}:{shape}", f"passage:{shape}", f"passage:{band}", "passage", "all")


@dataclass(frozen=True)
class Calibration:
    """Per signature: answers seen and answers right, on the dev split."""

    seen: dict[str, int] = field(default_factory=dict)
    right: dict[str, int] = field(default_factory=dict)

    @classmethod
    def fit(cls, outcomes: Iterable[tuple[Signals, bool]]) -> Calibration:
        seen: dict[str, int] = {}
        right: dict[str, int] = {}
        for signals, correct in outcomes:
            for s in signals.signatures():
                seen[s] = seen.get(s, 0) + 1
                right[s] = right.get(s, 0) + int(correct)
        return cls(dict(sorted(seen.items())), dict(sorted(right.items())))

    def signature(self, signals: Signals) -> str | None:
        """The finest of the answer's signatures seen MIN_SEEN times."""
        return next((s for s in signals.signatures() if self.seen.get(s, 0) >= MIN_SEEN), None)

    def share(self, signals: Signals) -> float | None:
        """The share right of the answer's signature at its lower confidence bound (Wilson, one sided, Z): 27 of 27
        right is not yet 100 %, and a level should hold on questions never seen."""
        s = self.signature(signals)
        return wilson_lower(self.right[s], self.seen[s]) if s is not None else None

    def level(self, signals: Signals) -> Confidence:
        """"high" for a one-part answer whose signature was right HIGH of HIGH_SEEN or more times (a lower bound at
        0.9 admitted next to none: a fifth of dev held out, 34 of 35 is below it; docs/evaluation.md, sixteenth
        round); an answer to a question of several parts at most "medium": each part is another chance to miss, and
        the dev split, tuned on, hides it (fifteenth round); "medium" by the share's lower bound."""
        s = self.signature(signals)
        if s is None:
            return "low"
        seen, right = self.seen[s], self.right[s]
        if signals.parts <= HIGH_MAX_PARTS and seen >= HIGH_SEEN and right >= HIGH * seen:
            return "high"
        return "medium" if wilson_lower(right, seen) >= MEDIUM else "low"

    def to_json(self) -> dict:
        return {"high": HIGH, "high_seen": HIGH_SEEN, "medium": MEDIUM, "min_seen": MIN_SEEN, "seen": self.seen,
                "right": self.right}

    @classmethod
    def from_json(cls, data: dict) -> Calibration:
        return cls({k: int(v) for k, v in data["seen"].items()}, {k: int(v) for k, v in data["right"].items()})


def load_calibration(path: Path) -> Calibration | None:
    """The build's table, or None (confidence then follows `grounding.confidence_for`'s fixed rule)."""
    return Calibration.from_json(json.loads(path.read_text())) if path.exists() else None


def reliability(levels: Sequence[tuple[Confidence, bool]]) -> dict[str, dict[str, float]]:
    """Share right per confidence level: what the docs' reliability table and the asset's metadata show."""
    table: dict[str, dict[str, float]] = {}
    for level in ("high", "medium", "low"):
        outcomes = [ok for lv, ok in levels if lv == level]
        table[level] = {"n": len(outcomes), "right": round(sum(outcomes) / len(outcomes), 4) if outcomes else 0.0}
    return table
