"""How the question layer reads one question, as plain data: the regression record of
tests/test_question_readings.py (intent and slots, date filter, scope verdict, parts, subjects)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

from fomc_qa.question.dates import parse_filter
from fomc_qa.question.facets import question_facets
from fomc_qa.question.intents import parse_policy_question
from fomc_qa.question.scope import out_of_scope, outside_the_index
from fomc_qa.question.securities import parse_securities_question
from fomc_qa.question.shorthand import plain_question
from fomc_qa.question.subjects import subjects_of

FROZEN = Path(__file__).parent / "fixtures" / "question_readings.json"
QUESTION_FILES = ("data/eval/golden.json", "data/eval/outside_ab.json")


def _plain(value):
    """A reading's value as JSON: dates as ISO strings, sets sorted, dataclasses as their non-default fields."""
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if getattr(value, f.name) != f.default}
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def reading(question: str, meetings: list[dt.date]) -> dict:
    plain = plain_question(question)
    flt = parse_filter(plain, meetings)
    return {
        "plain": plain,
        "out_of_scope": out_of_scope(plain, meetings),
        "outside_the_index": outside_the_index(plain, meetings),
        "policy": _plain(parse_policy_question(plain, meetings)),
        "securities": _plain(parse_securities_question(plain, meetings)),
        "filter": {"meetings": _plain(flt.meetings), "doc_types": _plain(flt.doc_types),
                   "named_dates": list(flt.named_dates)},
        "parts": question_facets(plain),
        "record_parts": question_facets(plain, min_words=2),
        "subjects": _plain(dataclasses.replace(subjects_of(plain), words=frozenset())),
    }


def questions(root: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for name in QUESTION_FILES:
        for item in json.loads((root / name).read_text()):
            found[item["id"]] = item["question"]
    return found


def freeze(root: Path) -> None:
    """Write the readings of today's code (over the snapshot's 50 meetings) as the frozen record."""
    import csv

    with (root / "data/snapshot/MANIFEST.csv").open() as f:
        dates = sorted({row["meeting_date"] for row in csv.DictReader(f) if row["meeting_date"]})
    meetings = [dt.date.fromisoformat(d) for d in dates]
    readings = {qid: reading(q, meetings) for qid, q in questions(root).items()}
    FROZEN.write_text(json.dumps({"meetings": dates, "readings": readings}, indent=1, sort_keys=True,
                                 ensure_ascii=False) + "\n")


if __name__ == "__main__":
    freeze(Path(__file__).parent.parent)
