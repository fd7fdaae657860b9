"""Re-run `compose` on captured inputs (benchmarks/compose_inputs.py) and print the form figures, in seconds.

    FOMC_DATA_DIR=data python benchmarks/compose_replay.py IN.pkl [MORE.pkl ...] [--save RUN.json] [--against OLD.json]

Golden dev questions are composed with quote scorers fitted without their fold (5 folds, as `qa_program` reports
them); any other captured question (a read outside set) with scorers fitted on all of train and dev. The floor and
order follow the build's tuning file (`answer_tuning.json`). Prints, per group (train and dev from a file whose name
holds "golden", any other file's questions by their set's id): keywords over the whole answer, in the lead, median
words, mean quotes and quote precision; `--against` also counts the questions whose lead or whole-answer keywords
went up or down against a saved run. The test split never reaches this script (compose_inputs refuses it).
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from fomc_qa.answering.compose import compose
from fomc_qa.answering.quote_fit import Example, fit_scorers
from fomc_qa.answering.quotes import quote_views
from fomc_qa.answering.tuning import TUNING_FILE, load_tuning
from fomc_qa.config import Settings
from fomc_qa.evaluation.form import answer_words, quote_precision, quoted_passages
from fomc_qa.evaluation.metrics import keyword_recall

FOLDS = 5


def _example(row: dict) -> Example:
    return Example(row["analysis"], row["raw"], row["record_direct"], tuple(
        tuple(k) if isinstance(k, list) else k for k in row["keywords"]))


def replay(rows: list[dict], orders: bool) -> dict[str, dict]:
    """Each answered row's lead, text and figures, composed as the build would with out-of-fold scorers."""
    golden = [r for r in rows if r["analysis"] is not None and r["keywords"] and r["group"] in ("train", "dev")]
    dev = [r for r in golden if r["split"] == "dev"]
    every = fit_scorers([_example(r) for r in golden], quote_views)
    fold_of = {r["id"]: i % FOLDS for i, r in enumerate(dev)}
    fitted = [fit_scorers([_example(r) for r in golden if fold_of.get(r["id"]) != f], quote_views)
              for f in range(FOLDS)]
    out = {}
    for r in rows:
        if r["analysis"] is None or not r["keywords"]:
            continue
        scorers = fitted[fold_of[r["id"]]] if r["id"] in fold_of else every
        e = _example(r)
        c = compose(e.analysis, e.raw, e.record_direct, scorers.for_answer(bool(e.record_direct)), order=orders)
        keywords = list(e.keywords)
        quotes = quoted_passages(c.text)
        out[r["id"]] = {"group": r["group"], "lead": c.lead, "text": c.text,
                        "whole": keyword_recall(c.text, keywords) or 0.0,
                        "lead_kr": keyword_recall(c.lead, keywords) or 0.0,
                        "words": answer_words(c.text), "quotes": len(quotes),
                        "qprec": quote_precision(quotes, r["fragments"], keywords)}
    return out


def report(run: dict[str, dict], against: dict[str, dict] | None) -> None:
    groups = defaultdict(list)
    for i, v in run.items():
        groups[v["group"]].append((i, v))
    for name in sorted(groups, key=lambda g: (g not in ("train", "dev"), g)):
        items = groups[name]
        vals = [v for _, v in items]
        qp = [v["qprec"] for v in vals if v["qprec"] is not None]
        line = (f"{name:6} n={len(vals):4} whole {statistics.mean(v['whole'] for v in vals):.4f} "
                f"lead {statistics.mean(v['lead_kr'] for v in vals):.4f} "
                f"words {statistics.median(v['words'] for v in vals):5.1f} "
                f"quotes {statistics.mean(v['quotes'] for v in vals):.2f} qprec {statistics.mean(qp) if qp else 0:.3f}")
        if against:
            old = [(v, against[i]) for i, v in items if i in against]
            changed = sum(v["text"] != o["text"] for v, o in old)
            up = sum(v["lead_kr"] > o["lead_kr"] for v, o in old)
            down = sum(v["lead_kr"] < o["lead_kr"] for v, o in old)
            wup = sum(v["whole"] > o["whole"] for v, o in old)
            wdown = sum(v["whole"] < o["whole"] for v, o in old)
            line += f" | changed {changed} lead +{up}/-{down} whole +{wup}/-{wdown}"
        print(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", type=Path)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--against", type=Path)
    args = parser.parse_args()
    rows = []
    for path in args.inputs:
        try:
            with path.open("rb") as f:
                batch = pickle.load(f)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            print(f"compose_replay: cannot read {path} ({exc}); write it with benchmarks/compose_inputs.py",
                  file=sys.stderr)
            return 2
        rows += [{**r, "group": r["split"] if "golden" in path.name else r["id"][:2]} for r in batch]
    tuning = load_tuning(Settings.from_env().paths.programs / TUNING_FILE)
    run = replay(rows, tuning.orders)
    report(run, json.loads(args.against.read_text()) if args.against else None)
    if args.save:
        args.save.write_text(json.dumps(run))
    return 0


if __name__ == "__main__":
    sys.exit(main())
