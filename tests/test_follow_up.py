"""Follow-ups made standalone over the library's date parsing: pairs as analysts ask them, resolved
against the real 2023–2025 meeting calendar."""

from __future__ import annotations

import datetime as dt

import pytest

from fomc_qa.interfaces.follow_up import resolve_follow_up
from fomc_qa.question.dates import parse_filter

MEETINGS = [dt.date.fromisoformat(d) for d in (
    "2023-02-01 2023-03-22 2023-05-03 2023-06-14 2023-07-26 2023-09-20 2023-11-01 2023-12-13 "
    "2024-01-31 2024-03-20 2024-05-01 2024-06-12 2024-07-31 2024-09-18 2024-11-07 2024-12-18 "
    "2025-01-29 2025-03-19 2025-05-07 2025-06-18 2025-07-30 2025-09-17 2025-10-29 2025-12-10").split()]


@pytest.mark.parametrize(("previous", "follow_up", "resolved", "meetings"), [
    ("Who dissented in July 2025?", "And in December?", "Who dissented in December 2025?", ["2025-12-10"]),
    ("What did the FOMC decide in March 2024?", "What about May?", "What did the FOMC decide in May 2024?",
     ["2024-05-01"]),
    ("Who dissented at the July 2025 meeting?", "What did they prefer?", "What did they prefer? (July 2025)",
     ["2025-07-30"]),
    ("What did the FOMC decide in December 2025?", "And in 2023?", "What did the FOMC decide in 2023?",
     [d.isoformat() for d in MEETINGS if d.year == 2023]),
    ("What did the statement say about inflation in January 2024?", "How did the minutes describe it in September?",
     "How did the minutes describe it in September 2024?", ["2024-09-18"]),
    ("What was the target range after the June 2023 meeting?", "And after the July meeting?",
     "What was the target range after the July 2023 meeting?", ["2023-07-26"]),
    ("How did the Committee describe the labor market in November 2023?", "And in Dec. 2024?",
     "How did the Committee describe the labor market in Dec. 2024?", ["2024-12-18"]),
])
def test_follow_up_inherits_what_it_does_not_name(previous, follow_up, resolved, meetings):
    out = resolve_follow_up(follow_up, previous, MEETINGS)
    assert out == resolved
    assert sorted(d.isoformat() for d in parse_filter(out, MEETINGS).meetings) == meetings


@pytest.mark.parametrize(("previous", "follow_up"), [
    (None, "And in December?"),  # nothing to inherit from
    ("How does the FOMC set policy?", "And in December?"),  # the previous question named no date
    ("Who dissented in July 2025?", "What did the FOMC decide in March 2023?"),  # a question of its own
])
def test_standalone_questions_are_left_as_asked(previous, follow_up):
    assert resolve_follow_up(follow_up, previous, MEETINGS) == follow_up


def test_may_the_verb_is_not_a_month():
    out = resolve_follow_up("What may the Committee do next?", "Who dissented in June 2024?", MEETINGS)
    assert out == "What may the Committee do next? (June 2024)"
    assert resolve_follow_up("And in May?", "Who dissented in June 2024?", MEETINGS) == "Who dissented in May 2024?"
