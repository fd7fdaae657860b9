"""Capture what `compose` receives for each golden question, so lead and quote choices can be tuned offline.

    FOMC_DATA_DIR=data python benchmarks/compose_inputs.py OUT.pkl [--golden data/eval/golden.json] [--splits train,dev]

Answers each question with the command line's path (extractive reader) and keeps, per question, the analysis, the
raw answer text (the record's lines and the reader's quotes with [n] markers), the record's direct sentence and the
retrieved hits' meeting, document kind, section and relevance, with the question's id, split, keywords and
fragments. `compose` can then be re-run on these inputs in milliseconds. The test split is refused: it is never
tuned on.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pickle
import sys
import time

from fomc_qa.question.analysis import NO_INDEX


def portable(analysis):
    """The analysis without the index it was read over (a live vector index does not pickle)."""
    parts = tuple(dataclasses.replace(p, search=portable(p.search) if p.search else None) for p in analysis.parts)
    names = tuple((name, portable(search)) for name, search in analysis.name_searches)
    return dataclasses.replace(analysis, index=NO_INDEX, parts=parts, name_searches=names)


def capture(out: str, golden: list[str], splits: set[str]) -> None:
    from fomc_qa.answering import flow
    from fomc_qa.answering.session import Session
    from fomc_qa.config import Settings

    items = [i for path in golden for i in json.loads(open(path).read()) if i.get("split") in splits]
    session = Session.open(Settings.from_env(), lm="extractive")
    seen: list = []
    original = flow.compose

    def recording(analysis, raw, record_direct="", scorer=None, **options):
        seen.append((portable(analysis), raw, record_direct))
        return original(analysis, raw, record_direct, scorer, **options)

    flow.compose = recording
    rows, started = [], time.perf_counter()
    for item in items:
        seen.clear()
        answer = session.answer(item["question"])
        analysis, raw, direct = seen[0] if seen else (None, "", "")
        rows.append({"id": item["id"], "split": item["split"], "question": item["question"],
                     "keywords": item.get("expected_answer_keywords") or [],
                     "fragments": item.get("relevant_text_fragments") or [],
                     "category": item.get("category"), "kind": item.get("kind"),
                     "analysis": analysis, "raw": raw, "record_direct": direct,
                     "answer": answer.answer, "lead": answer.lead, "confidence": answer.confidence})
    flow.compose = original
    with open(out, "wb") as f:
        pickle.dump(rows, f)
    print(f"{len(rows)} questions in {time.perf_counter() - started:.1f} s -> {out}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--golden", nargs="+", default=["data/eval/golden.json"])
    parser.add_argument("--splits", default="train,dev")
    args = parser.parse_args()
    splits = set(args.splits.split(","))
    if "test" in splits:
        print("the test split is never tuned on", file=sys.stderr)
        return 2
    capture(args.out, args.golden, splits)
    return 0


if __name__ == "__main__":
    sys.exit(main())
