"""Shuffle two versions' judge packets of one set together, ids hidden (issue 30; data/eval/README.md, "Blind judge").

    python benchmarks/blind_mix.py SET DIR_A DIR_B OUT [--seed TEXT]

DIR_A and DIR_B hold `benchmarks/judge_packets.py` output for the same questions from two versions of the code. OUT
gets J001.md ... (A's and B's packets in a seeded shuffle, each question id replaced by its packet name), a
grades_template.json for the judge, and, in OUT's parent under maps/, SET_map.json (packet -> [version, question id]);
the map stays out of the judge's folder. `benchmarks/judge_report.py` reads the filled grades once the map renames
them back.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

GRADE_FIELDS = ("correct", "direct", "concise", "false_statements", "irrelevant_quotes", "total_quotes")


def mix(set_id: str, a: Path, b: Path, out: Path, seed: str) -> dict[str, list[str]]:
    items = [("A", p) for p in sorted(a.glob(f"{set_id}*.md"))] + [("B", p) for p in sorted(b.glob(f"{set_id}*.md"))]
    if not items or {p.stem for _, p in items if _ == "A"} != {p.stem for v, p in items if v == "B"}:
        raise ValueError(f"{a} and {b} must hold packets of the same {set_id} questions")
    random.Random(f"{seed}-{set_id}").shuffle(items)
    out.mkdir(parents=True, exist_ok=True)
    mapping, grades = {}, []
    for i, (version, path) in enumerate(items, 1):
        name = f"J{i:03d}"
        text = re.sub(rf"\b{re.escape(set_id)}\d{{3}}\b", name, path.read_text(encoding="utf-8"), flags=re.I)
        (out / f"{name}.md").write_text(text, encoding="utf-8")
        mapping[name] = [version, path.stem]
        grades.append({"id": name, **dict.fromkeys(GRADE_FIELDS), "note": ""})
    (out / "grades_template.json").write_text(json.dumps({"name": f"{set_id}_blind", "grades": grades}, indent=2)
                                              + "\n", encoding="utf-8")
    return mapping


def unmix(grades: list[dict], mapping: dict[str, list[str]], version: str) -> list[dict]:
    """One version's grades under their question ids."""
    return [{**g, "id": mapping[g["id"]][1]} for g in grades if mapping[g["id"]][0] == version]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set_id")
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", default="blind")
    args = parser.parse_args(argv)
    mapping = mix(args.set_id, args.a, args.b, args.out, args.seed)
    maps = args.out.parent / "maps"
    maps.mkdir(exist_ok=True)
    (maps / f"{args.set_id}_map.json").write_text(json.dumps(mapping, indent=1) + "\n", encoding="utf-8")
    print(f"{len(mapping)} packets -> {args.out}; map -> {maps / f'{args.set_id}_map.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
