"""The question layer's readings of every golden and outside question, frozen: a rule change shows exactly which
questions it reads differently. After an intended change, refreeze with `python tests/question_readings.py`
and review the diff of tests/fixtures/question_readings.json."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from question_readings import FROZEN, questions, reading

ROOT = Path(__file__).parent.parent


def test_every_question_reads_as_frozen():
    frozen = json.loads(FROZEN.read_text())
    meetings = [dt.date.fromisoformat(m) for m in frozen["meetings"]]
    asked = questions(ROOT)
    assert set(asked) == set(frozen["readings"]), "questions added or removed: refreeze"
    changed = {}
    for qid, question in asked.items():
        now = reading(question, meetings)
        was = frozen["readings"][qid]
        diff = {key: (was.get(key), now[key]) for key in now if was.get(key) != now[key]}
        if diff:
            changed[qid] = diff
    assert not changed, f"{len(changed)} questions read differently: " + json.dumps(
        dict(list(changed.items())[:5]), default=str)[:4000]
