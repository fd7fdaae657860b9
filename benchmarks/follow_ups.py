"""How many follow-ups the conversation resolver turns into the intended standalone question.

    python benchmarks/follow_ups.py --set PATH [--out data/reports/follow_ups.json] [--no-answers]

PATH is a JSON list of {"id", "first", "follow_up", "intended"}. Each follow-up is resolved against its
first question and that question's answer (`fomc_qa.interfaces.follow_up.resolve_follow_up`), exactly as the
servers do: the first answer is computed with the real answer path (the library's `Session`, the extractive
reader, over FOMC_DATA_DIR's index; well under 1 s a question warm) and kept in the report; --no-answers
resolves without them.
The meeting calendar comes from the built index when there is one (FOMC_DATA_DIR's index/manifest.json);
without an index the dates are taken from the question text alone and no answer is computed.

Two comparisons, both in the report, the first on stdout:
- strict words: lower case, punctuation stripped, stop words dropped, the remaining content words compared in
  any order as multisets; an item counts when the shared words are at least 90% of the longer side;
- dates as meetings: the same, but the date phrases are compared as the meetings they name (parse_filter over
  the calendar, which must be equal) and left out of the words, with the words every question here implies
  ("FOMC", "meeting", "Fed", "Committee"): "in April 2020" and "at the April 2020 FOMC meeting" name one meeting.
Each item's resolved text, both overlaps and the verdicts go to the report file, not to stdout.
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
IMPLIED = frozenset("fomc meeting meetings fed committee".split())
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


def first_answers(items: list[dict], data_dir: Path) -> dict[str, str]:
    """Each first question's answer text through the real answer path (the library's Session, as
    `python -m fomc_qa ask` answers, with the extractive reader); nothing is written under data_dir."""
    import dataclasses

    from fomc_qa.answering.session import Session
    from fomc_qa.config import Settings

    session = Session.open(dataclasses.replace(Settings.from_env(), data_dir=data_dir), lm="extractive")
    return {item["id"]: session.answer(item["first"]).answer for item in items}


def dates_as_meetings(resolved: str, intended: str, meetings: list[dt.date]) -> float:
    """The word overlap without date phrases and implied words, 0 when the two name different meetings."""
    from fomc_qa.question.dates import parse_filter

    a, b = parse_filter(resolved, meetings), parse_filter(intended, meetings)
    if a.meetings != b.meetings:
        return 0.0

    def words(text: str, named: tuple[str, ...]) -> Counter[str]:
        for phrase in named:
            text = text.lower().replace(phrase, " ")
        return Counter({w: n for w, n in content_words(text).items() if w not in IMPLIED})

    x, y = words(resolved, a.named_dates), words(intended, b.named_dates)
    longest = max(sum(x.values()), sum(y.values()))
    return 1.0 if longest == 0 else sum((x & y).values()) / longest


def run(items: list[dict], meetings: list[dt.date], answers: dict[str, str]) -> list[dict]:
    from fomc_qa.interfaces.follow_up import resolve_follow_up

    rows = []
    for item in items:
        resolved = resolve_follow_up(item["follow_up"], item["first"], meetings, answers.get(item["id"]))
        score = overlap(resolved, item["intended"])
        by_meeting = dates_as_meetings(resolved, item["intended"], meetings)
        rows.append({"id": item["id"], "first": item["first"], "first_answer": answers.get(item["id"]),
                     "follow_up": item["follow_up"], "intended": item["intended"], "resolved": resolved,
                     "overlap": round(score, 3), "resolved_as_intended": score >= THRESHOLD,
                     "overlap_dates_as_meetings": round(by_meeting, 3),
                     "resolved_as_intended_dates_as_meetings": by_meeting >= THRESHOLD})
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", required=True, type=Path, help="JSON list of {id, first, follow_up, intended}")
    parser.add_argument("--out", type=Path, default=REPO / "data" / "reports" / "follow_ups.json")
    parser.add_argument("--no-answers", action="store_true", help="resolve without the first questions' answers")
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
    answers = first_answers(items, data_dir) if meetings is not None and not args.no_answers else {}
    rows = run(items, meetings or [], answers)
    resolved = sum(r["resolved_as_intended"] for r in rows)
    by_meeting = sum(r["resolved_as_intended_dates_as_meetings"] for r in rows)
    share = resolved / len(rows) if rows else 0.0
    report = {"set": str(args.set), "items": len(rows), "resolved_as_intended": resolved, "share": round(share, 4),
              "resolved_as_intended_dates_as_meetings": by_meeting, "threshold": THRESHOLD, "calendar": source,
              "first_answers": "computed (extractive reader)" if answers else "not used", "results": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"follow-ups resolved as intended: {resolved}/{len(rows)} ({share:.1%}); calendar from {source}")
    print(f"with dates compared as meetings: {by_meeting}/{len(rows)}; first answers: {report['first_answers']}")
    print(f"per-item resolved questions: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
