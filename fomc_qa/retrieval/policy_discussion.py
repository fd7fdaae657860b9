"""Where a meeting's minutes give the Committee's reasons: the participants' policy discussion.

Every set of minutes ends its participants' views with their discussion of the decision, opened by one of a few
stock sentences ("In their consideration of monetary policy at this meeting, participants ...", or in 2021-2024
"Against this backdrop" / "Amid these economic conditions", "all participants agreed that it was appropriate to ...").
That paragraph is where "why did they hike / pause / slow down" is answered; a search inside the participants' views
ranks the outlook paragraphs around it ("inflation", "risks") as high. `opens_policy_discussion` finds its opening;
`tests/test_retrieve.py` runs every rule's examples and near misses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class OpenerRule:
    pattern: re.Pattern[str]
    examples: tuple[str, ...]
    near_misses: tuple[str, ...] = ()


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


OPENERS: tuple[OpenerRule, ...] = (
    OpenerRule(_rx(r"\bin (?:their|its) consideration of (?:the stance of )?monetary policy\b"),
               ("In their consideration of monetary policy at this meeting, participants judged that it would be "
                "appropriate to maintain the target range.",
                "In their consideration of the stance of monetary policy, participants noted that the economy had "
                "made substantial further progress."),
               ("In their discussion of monetary policy for this meeting, members agreed that recent indicators "
                "pointed to modest growth.",)),
    OpenerRule(_rx(r"\b(?:against this backdrop|amid these (?:economic )?conditions|in light of current economic "
                   r"conditions)\b[^.]{0,300}?\bparticipants\b[^.]{0,60}?\b(?:agreed|judged|supported|concurred"
                   r"|favou?red)\b[^.]{0,60}?\b(?:appropriate|acceptable|warranted)\b"),
               ("Against this backdrop, almost all participants agreed that it was appropriate to raise the target "
                "range by 75 basis points.",
                "Against this backdrop, and in consideration of the significant cumulative tightening in the stance of "
                "monetary policy and the lags with which policy affects economic activity and inflation, almost all "
                "participants judged it appropriate or acceptable to maintain the target range.",
                "Amid these economic conditions, all participants judged it appropriate to maintain the target range.",
                "In light of current economic conditions and their implications for the outlook for economic activity "
                "and inflation, as well as the balance of risks, all participants judged it appropriate to maintain "
                "the target range."),
               ("Against this backdrop, participants noted that inflation remained elevated.",
                "Against this backdrop, the staff judged that the risks to the outlook were skewed to the downside.",
                "In light of the progress on inflation, the Committee decided to lower the target range.")),
)


def opens_policy_discussion(text: str) -> bool:
    """Does this passage hold the sentence that opens the participants' discussion of the decision?"""
    return any(rule.pattern.search(text) for rule in OPENERS)
