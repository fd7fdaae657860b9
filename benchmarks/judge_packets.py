"""Packets for a blind judge of answers (issue 30; protocol in data/eval/README.md, "Blind judge").

    python benchmarks/judge_packets.py --golden FILE [--split dev] [--ids ad001 ad002 ...] --out DIR

Answers each question the way the command line does (Session.open(Settings.from_env(), lm="extractive").answer)
and writes DIR/<id>.md for each: the question, what a correct answer holds (the reference fragments and expected
keywords; for an out-of-scope question, that a correct answer declines and says why), and the answer as a user
sees it, its sources listed by document and date only (never chunk ids). Also DIR/manifest.json (which questions,
from which file and commit: no answers) and DIR/grades_template.json, the grades file benchmarks/judge_report.py
reads, to be filled in by the judge. Test-split questions are never packed: the judge sees dev and outside sets only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from fomc_qa.evaluation.golden import OUT_OF_SCOPE, load_golden
from fomc_qa.models import Answer, GoldenQuestion, document_label

LM = "extractive"
GRADE_FIELDS = ("correct", "direct", "concise", "false_statements", "irrelevant_quotes", "total_quotes")
# A chunk id ("minutes-2024-01-31#014") must not reach the judge, even inside an answer's text.
_CHUNK_ID = re.compile(r"\b(statement|minutes)-(\d{4}-\d{2}-\d{2})#\d+\b")
DECLINE_NOTE = (
    "This question cannot be answered from the FOMC's statements and minutes (it is out of scope). "
    "A correct answer declines: it says the documents do not answer it and why, and states no answer of its own."
)


def _keyword(keyword: str | Sequence[str]) -> str:
    return f"“{keyword}”" if isinstance(keyword, str) else " or ".join(f"“{a}”" for a in keyword)


def _no_chunk_ids(text: str) -> str:
    return _CHUNK_ID.sub(lambda m: document_label(m.group(1), dt.date.fromisoformat(m.group(2))), text)


def reference_lines(question: GoldenQuestion, decline_reason: str | None = None) -> list[str]:
    """What a correct answer holds: fragments and keywords, or the out-of-scope note."""
    if question.category == OUT_OF_SCOPE:
        lines = [DECLINE_NOTE]
        if decline_reason:
            lines += ["", f"Why it is out of scope (the question author's note): {decline_reason}."]
        return lines
    lines = ["Passages of the documents that answer it (verbatim):", ""]
    lines += [f"> {fragment}" for fragment in question.relevant_text_fragments] or ["> (none given)"]
    lines += ["", "Expected in a correct answer (where one keyword has alternatives, any one counts):", ""]
    lines += [f"- {_keyword(k)}" for k in question.expected_answer_keywords]
    return lines


def answer_lines(answer: Answer) -> list[str]:
    """The answer as the user reads it, then its sources by document and date (no chunk ids, no scores)."""
    lines = [_no_chunk_ids(answer.answer.strip()), "", f"Confidence: {answer.confidence}"]
    if answer.citations:
        lines += ["", "Sources:"]
        lines += [f"[{c.n}] {document_label(c.doc_type, c.meeting_date)}" for c in answer.citations]
    return lines


def packet(question: GoldenQuestion, answer: Answer, decline_reason: str | None = None) -> str:
    lines = [f"# Question {question.id}", "", question.question, "", "## What a correct answer holds", ""]
    lines += reference_lines(question, decline_reason)
    lines += ["", "## The answer to grade", ""]
    lines += answer_lines(answer)
    return "\n".join(lines) + "\n"


def select(
    questions: Sequence[GoldenQuestion], split: str | None, ids: Sequence[str] | None
) -> list[GoldenQuestion]:
    """The questions to pack: of `split` (when given) and `ids` (when given), never the test split."""
    if split == "test":
        raise ValueError("the blind judge never sees the test split (data/eval/README.md, \"Blind judge\")")
    chosen = [q for q in questions if q.split != "test" and (split is None or q.split == split)]
    if ids:
        known = {q.id for q in chosen}
        missing = [i for i in ids if i not in known]
        if missing:
            raise ValueError(f"not among the selected non-test questions: {', '.join(missing)}")
        chosen = [q for q in chosen if q.id in set(ids)]
    if not chosen:
        raise ValueError("no questions selected")
    return chosen


def _decline_reasons(path: Path) -> dict[str, str]:
    """The authors' decline_reason notes, read from the raw file (the record model may not hold them)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(item["id"]): str(item["decline_reason"]) for item in data
            if isinstance(item, dict) and item.get("decline_reason")}


def _commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True,
                             cwd=Path(__file__).resolve().parent)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()


def write_packets(
    questions: Sequence[GoldenQuestion],
    answer: Callable[[str], Answer],
    out: Path,
    reasons: Mapping[str, str] | None = None,
    about: Mapping[str, Any] | None = None,
) -> list[Path]:
    """One packet per question in `out`, plus manifest.json and grades_template.json."""
    reasons = reasons or {}
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for q in questions:
        path = out / f"{q.id}.md"
        path.write_text(packet(q, answer(q.question), reasons.get(q.id)), encoding="utf-8")
        paths.append(path)
    manifest = {**(about or {}), "lm": LM, "ids": [q.id for q in questions]}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    template = {"name": out.name, "grades": [{"id": q.id, **dict.fromkeys(GRADE_FIELDS), "note": ""}
                                             for q in questions]}
    (out / "grades_template.json").write_text(json.dumps(template, indent=2) + "\n", encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write one blind-judge packet per question.")
    parser.add_argument("--golden", required=True, type=Path)
    parser.add_argument("--split", choices=["train", "dev"], help="only this split (never test)")
    parser.add_argument("--ids", nargs="+", help="only these question ids")
    parser.add_argument("--out", required=True, type=Path, help="directory for the packets")
    args = parser.parse_args(argv)
    try:
        questions = select(load_golden(args.golden), args.split, args.ids)
    except ValueError as exc:
        print(f"judge_packets: {exc}", file=sys.stderr)
        return 2
    from fomc_qa.answering.session import Session
    from fomc_qa.config import Settings

    session = Session.open(Settings.from_env(), lm=LM)
    about = {"golden": str(args.golden), "split": args.split, "commit": _commit(),
             "written": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
    paths = write_packets(questions, session.answer, args.out, _decline_reasons(args.golden), about)
    print(f"wrote {len(paths)} packets to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
