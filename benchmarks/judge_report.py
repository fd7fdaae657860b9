"""Aggregate a blind judge's grades of answers (issue 30; protocol in data/eval/README.md, "Blind judge").

    python benchmarks/judge_report.py GRADES.json [--out-dir data/reports]

GRADES.json is {"name": "...", "grades": [...]} or a bare list of grades (the name is then the file's stem).
One grade per question:

    {"id": "ad001", "correct": 0-2, "direct": 0|1, "concise": 0-2, "false_statements": N,
     "irrelevant_quotes": N, "total_quotes": N, "set": "ad" (optional), "note": "..." (optional)}

A question's set is its "set" field, else its id's leading letters ("ad001" -> "ad"). Per set and overall:
the share fully correct (correct = 2), the share direct, the mean concise grade, the irrelevant-quote share
(irrelevant quotes over all quotes, pooled) and the total of false statements. Prints a table and writes
data/reports/judge_<name>.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

REPORTS = Path(__file__).resolve().parents[1] / "data" / "reports"
# Each graded field and its allowed range (None: no upper bound).
FIELDS: dict[str, tuple[int, int | None]] = {
    "correct": (0, 2),
    "direct": (0, 1),
    "concise": (0, 2),
    "false_statements": (0, None),
    "irrelevant_quotes": (0, None),
    "total_quotes": (0, None),
}
COLUMNS: tuple[tuple[str, str], ...] = (
    ("fully correct", "fully_correct"),
    ("direct", "direct"),
    ("concise", "concise"),
    ("irrelevant quotes", "irrelevant_quote_share"),
    ("false statements", "false_statements"),
)


def question_set(grade: Mapping[str, Any]) -> str:
    """The grade's "set" field, else the letters its id starts with."""
    if grade.get("set"):
        return str(grade["set"])
    match = re.match(r"[A-Za-z]+", str(grade["id"]))
    return match.group(0) if match else "other"


def _check(grade: Any, where: str) -> dict[str, Any]:
    if not isinstance(grade, dict) or "id" not in grade:
        raise ValueError(f"{where}: a grade must be an object with an id")
    for field, (low, high) in FIELDS.items():
        value = grade.get(field)
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
            bound = f"{low}-{high}" if high is not None else f"an integer >= {low}"
            raise ValueError(f"{where} (id {grade['id']!r}): {field} must be {bound}, got {value!r}")
    if grade["irrelevant_quotes"] > grade["total_quotes"]:
        raise ValueError(f"{where} (id {grade['id']!r}): irrelevant_quotes exceeds total_quotes")
    return grade


def load_grades(path: str | Path) -> tuple[str, list[dict[str, Any]]]:
    """The report's name and the checked grades; ValueError names the offending grade."""
    path = Path(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    name, grades = (data.get("name") or path.stem, data.get("grades")) if isinstance(data, dict) else (path.stem, data)
    if not isinstance(grades, list) or not grades:
        raise ValueError(f"{path}: expected a non-empty list of grades")
    rows = [_check(g, f"{path}: grade {i}") for i, g in enumerate(grades)]
    ids = [g["id"] for g in rows]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{path}: a question is graded twice")
    return str(name), rows


def summarize(grades: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    n = len(grades)
    quotes = sum(g["total_quotes"] for g in grades)
    return {
        "n": n,
        "fully_correct": sum(g["correct"] == 2 for g in grades) / n,
        "direct": sum(g["direct"] for g in grades) / n,
        "concise": sum(g["concise"] for g in grades) / n,
        "irrelevant_quote_share": sum(g["irrelevant_quotes"] for g in grades) / quotes if quotes else None,
        "false_statements": sum(g["false_statements"] for g in grades),
    }


def aggregate(grades: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Summaries per set (sorted by name), then "overall"."""
    sets = sorted({question_set(g) for g in grades})
    out = {s: summarize([g for g in grades if question_set(g) == s]) for s in sets}
    out["overall"] = summarize(grades)
    return out


def _cell(key: str, value: Any) -> str:
    if value is None:
        return "-"
    if key == "false_statements":
        return str(value)
    return f"{value:.2f}" if key == "concise" else f"{value:.3f}"


def table_rows(summary: Mapping[str, Mapping[str, Any]]) -> list[list[str]]:
    header = ["set", "n"] + [label for label, _ in COLUMNS]
    return [header] + [[name, str(v["n"])] + [_cell(k, v[k]) for _, k in COLUMNS] for name, v in summary.items()]


def format_table(summary: Mapping[str, Mapping[str, Any]]) -> str:
    rows = table_rows(summary)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
             for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def write_report(name: str, summary: Mapping[str, Mapping[str, Any]], out_dir: Path = REPORTS) -> Path:
    rows = table_rows(summary)
    md = [f"# Blind judge: {name}", "",
          "Grades by a blind judge (protocol: data/eval/README.md, \"Blind judge\"). fully correct: share graded 2; "
          "direct: share graded 1; concise: mean of 0-2; irrelevant quotes: irrelevant over all quotes; false "
          "statements: total.", ""]
    md.append("| " + " | ".join(rows[0]) + " |")
    md.append("|" + " --- |" * len(rows[0]))
    md += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"judge_{name}.md"
    path.write_text("\n".join(md) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Aggregate a blind judge's grades.")
    parser.add_argument("grades", help="GRADES.json")
    parser.add_argument("--out-dir", type=Path, default=REPORTS, help="where judge_<name>.md goes (data/reports)")
    args = parser.parse_args(argv)
    try:
        name, grades = load_grades(args.grades)
    except (OSError, ValueError) as exc:
        print(f"judge_report: {exc}", file=sys.stderr)
        return 2
    summary = aggregate(grades)
    print(format_table(summary))
    print(f"wrote {write_report(name, summary, args.out_dir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
