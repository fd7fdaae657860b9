"""How many follow-ups the conversation resolver turns into the intended standalone question.

    python benchmarks/follow_ups.py --set PATH [--out data/reports/follow_ups.json]

PATH is a JSON list of {"id", "first", "follow_up", "intended"}. Each follow-up is resolved against
its first question (`fomc_qa.interfaces.follow_up.resolve_follow_up`), exactly as the servers do. The
resolver reads only the previous question, never its answer, so no answer is computed and no model
is loaded. The meeting calendar comes from the built index when there is one (FOMC_DATA_DIR's
index/manifest.json); without an index the dates are taken from the question text alone (years
written out; a bare month takes the previous question's year), which is what the resolver does then.

"Resolved" is a normalized comparison: lower case, punctuation stripped, stop words dropped, and the
remaining content words compared in any order as multisets; an item counts when the shared words are
at least 90% of the longer side. Only the totals go to stdout; each item's resolved text, its overlap
and the verdict go to the report file.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
THRESHOLD = 0.9
STOP_WORDS = frozenset(
    "a an the of in at on to for by from with about and or but as is are was were be been being do does did "
    "what which who whom whose when where why how that this these those it its they them their there than then "
    "so any some s".split())
_TOKEN = re.compile(r"[a-z0-9]+")


def content_words(text: str) -> Counter[str]:
    """The text's words, lower-cased with punctuation stripped, without stop words."""
    return Counter(t for t in _TOKEN.findall(text.lower().replace("'s", "")) if t not in STOP_WORDS)


def overlap(resolved: str, intended: str) -> float:
    """Shared content words over the longer side's count (1.0 when both have none)."""
    a, b = content_words(resolved), content_words(intended)
    longest = max(sum(a.values()), sum(b.values()))
    return 1.0 if longest == 0 else sum((a & b).values()) / longest


def meetings_from_index(data_dir: Path) -> list[dt.date] | None:
    """The built index's meeting dates, or None when no index is built there."""
    manifest = data_dir / "index" / "manifest.json"
    if not manifest.exists():
        return None
    partitions = json.loads(manifest.read_text()).get("partitions", [])
    return sorted(dt.date.fromisoformat(p) for p in partitions)


def run(items: list[dict], meetings: list[dt.date]) -> list[dict]:
    from fomc_qa.interfaces.follow_up import resolve_follow_up

    rows = []
    for item in items:
        resolved = resolve_follow_up(item["follow_up"], item["first"], meetings)
        score = overlap(resolved, item["intended"])
        rows.append({"id": item["id"], "first": item["first"], "follow_up": item["follow_up"],
                     "intended": item["intended"], "resolved": resolved, "overlap": round(score, 3),
                     "resolved_as_intended": score >= THRESHOLD})
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", required=True, type=Path, help="JSON list of {id, first, follow_up, intended}")
    parser.add_argument("--out", type=Path, default=REPO / "data" / "reports" / "follow_ups.json")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    items = json.loads(args.set.read_text(encoding="utf-8"))
    missing = [i for i, item in enumerate(items) if not {"id", "first", "follow_up", "intended"} <= set(item)]
    if missing:
        print(f"error: items {missing[:5]} lack one of id, first, follow_up, intended", file=sys.stderr)
        return 2
    data_dir = Path(os.environ.get("FOMC_DATA_DIR", REPO / "data"))
    meetings = meetings_from_index(data_dir)
    source = f"the index at {data_dir}" if meetings is not None else "the question text only (no index built)"
    rows = run(items, meetings or [])
    resolved = sum(r["resolved_as_intended"] for r in rows)
    share = resolved / len(rows) if rows else 0.0
    report = {"set": str(args.set), "items": len(rows), "resolved_as_intended": resolved, "share": round(share, 4),
              "threshold": THRESHOLD, "calendar": source, "results": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"follow-ups resolved as intended: {resolved}/{len(rows)} ({share:.1%}); calendar from {source}")
    print(f"per-item resolved questions: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
