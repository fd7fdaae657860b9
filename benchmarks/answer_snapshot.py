"""Every question's answer as data, to prove a refactoring changed no answer (or list which did).

    cd CHECKOUT && FOMC_DATA_DIR=/path/to/data PYTHONPATH=$PWD python benchmarks/answer_snapshot.py OUT.json \
        [--golden data/eval/golden.json data/eval/outside_ab.json]
    python benchmarks/answer_snapshot.py --compare BEFORE.json AFTER.json

Answers each question with the command line's path (extractive reader) and writes {id: [answer, confidence, cited
chunk ids]}. Run it from each checkout with the same data (the working directory's code is imported first).
`--compare` prints how many answers differ and the ids that differ, never answer texts, and only a count for
test-split ids ("t..."), which are never read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def snapshot(out: str, golden: list[str]) -> None:
    from fomc_qa.answering.session import Session
    from fomc_qa.config import Settings

    items = [item for path in golden for item in json.loads(open(path).read())]
    session = Session.open(Settings.from_env(), lm="extractive")
    started = time.perf_counter()
    answers = {}
    for item in items:
        a = session.answer(item["question"])
        answers[item["id"]] = [a.answer, a.confidence, [c.chunk_id for c in a.citations]]
    with open(out, "w") as f:
        json.dump(answers, f, indent=0, sort_keys=True)
    print(f"{len(answers)} answers in {time.perf_counter() - started:.1f} s -> {out}")


def compare(before: str, after: str) -> int:
    a, b = json.load(open(before)), json.load(open(after))
    differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    shown = [k for k in differ if not k.startswith("t")]
    print(f"{len(differ)} of {len(a)} answers differ; ids: {' '.join(shown) or '-'}; "
          f"test split: {len(differ) - len(shown)}")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?")
    parser.add_argument("--golden", nargs="+", default=["data/eval/golden.json", "data/eval/outside_ab.json"])
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        parser.error("give OUT.json, or --compare BEFORE AFTER")
    snapshot(args.out, args.golden)
    return 0


if __name__ == "__main__":
    sys.exit(main())
