"""How many of the Committee a minutes sentence speaks for: the conclusion of a discussion ("A substantial majority of
participants ...", "Participants agreed ...") or a few participants' view ("A couple of participants remarked ...").

A discussion question ("where did participants come down on a standing repo facility?") is answered by the first
kind; the minutes often open a paragraph with the second. Each row of CONSENSUS_RULES is a weight (+1 the majority,
-1 a few) with sentences that must read so (`examples`) and look-alikes that must not (`near_misses`);
`tests/test_consensus.py` runs them. The reader's sentence model reads `speaks_for` as a feature.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# An opening clause before the subject ("Against this backdrop, ", "In their discussion of ..., ").
_OPENING = r"^(?:[^,.]{0,80}, )?"


@dataclass(frozen=True)
class ConsensusRule:
    weight: int  # +1: speaks for most of the Committee; -1: for a few of it
    pattern: re.Pattern[str]
    examples: tuple[str, ...]
    near_misses: tuple[str, ...] = ()


CONSENSUS_RULES: tuple[ConsensusRule, ...] = (
    ConsensusRule(1, re.compile(
        _OPENING + r"(?:all|most|many|almost all|nearly all|the vast majority of|a (?:substantial |large |clear )?"
        r"majority of)\s+(?:of (?:the |these )?)?(?:participants|members)\b"
        r"|" + _OPENING + r"(?:participants|members) (?:generally |broadly )?(?:agreed|concurred|judged|noted|observed"
        r"|assessed|saw|viewed|expected|indicated|supported|anticipated)\b", re.I),
        ("In their discussion of a standing repo facility, a substantial majority of participants favored it.",
         "Against this backdrop, almost all participants agreed that it was appropriate to raise the target range.",
         "Participants generally noted that their judgments reflected a shift in the balance of risks.",
         "Members agreed to remove the reference to additional policy firming."),
        ("A few participants noted that inflation could prove persistent.",
         "Participants discussed the outlook for inflation.",
         "The staff judged that the risks to inflation were tilted to the upside.")),
    ConsensusRule(-1, re.compile(
        _OPENING + r"(?:a couple of|a few|one|some|several|two|three|a minority of)\s+(?:other )?"
        r"(?:participants|members|others)\b", re.I),
        ("A couple of participants remarked that most of the benefits could be realized otherwise.",
         "Some participants indicated that they favored raising the target range 25 basis points.",
         "However, several participants observed that risks remained."),
        ("Most participants judged that 50 basis point increases would likely be appropriate.",
         "One of the staff's alternative scenarios featured weaker growth.")),
)


def speaks_for(sentence: str) -> int:
    """The first matching rule's weight: +1 for the majority's view, -1 for a few participants', 0 otherwise."""
    return next((rule.weight for rule in CONSENSUS_RULES if rule.pattern.search(sentence)), 0)
