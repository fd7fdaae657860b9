"""Why an answer declines, in one or two sentences a reader can act on.

The question layer's scope rule gives the reason for what the documents cannot hold (a press conference, the SEP's
numbers, another central bank, a meeting after the last indexed one); a question in scope that no passage bears on
says so, naming what it asks about that none of the closest passages mentions ("ISM").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from fomc_qa.answering.grounding import INSUFFICIENT_ANSWER
from fomc_qa.question.analysis import QuestionAnalysis
from fomc_qa.text.names import mentions


def decline_text(analysis: QuestionAnalysis, read: Sequence[str] = ()) -> str:
    """Why the answer declines, in one or two sentences: the scope rule's reason, or that nothing indexed bears on
    the question (naming what it asks about that no passage `read` mentions: "ISM"); with a meeting the question
    names that is indexed, where its documents can be asked about."""
    reason = analysis.scope.reason
    if reason is None:
        text = " ".join(read).lower()
        unmentioned = [_as_asked(name, analysis.asked) for name in analysis.names if not mentions(text, name)]
        if unmentioned:
            return (f"{INSUFFICIENT_ANSWER} Declined: none of the statement or minutes passages closest to it "
                    f"mentions {' or '.join(unmentioned)}.")
        return f"{INSUFFICIENT_ANSWER} No indexed passage bears on it closely enough to quote."
    text = f"{INSUFFICIENT_ANSWER} Declined: {reason}."
    named = sorted(analysis.filter.meetings or ())
    if named and not analysis.scope.period and len(named) <= 2:
        days = " and ".join(f"{d:%B} {d.day}, {d.year}" for d in named)
        text += f" The statement and minutes of the {days} meeting{'s' if len(named) > 1 else ''} are indexed: " \
                "ask what they say."
    return text


def _as_asked(name: str, asked: str) -> str:
    """A name as the question spells it ("ism" -> "ISM")."""
    m = re.search(re.escape(name), asked, re.I)
    return m.group(0) if m else name
