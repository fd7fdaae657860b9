"""What an outside question author reads, and the check their file must pass (issue 30; data/eval/README.md).

    python benchmarks/outside_authoring.py docs OUT_DIR          # the cleaned documents, one text file each
    python benchmarks/outside_authoring.py verify FILE.json --docs OUT_DIR

`docs` writes `statement_YYYY-MM-DD.txt` / `minutes_YYYY-MM-DD.txt` for every statement and minutes page of the
bundled snapshot, cleaned by the project's parser (`fomc_pipeline.fed.pages.parse_page`): paragraphs separated by
blank lines, a minutes file ending with its headings after "== SECTIONS (minutes headings) ==". An author reads
only these and the question format, never the code, the other sets or the tool's answers.

`verify` holds an author's file to the golden file's rules against those texts: every field; an id of the file's
prefix; out-of-scope questions empty, with a `decline_reason`; each fragment 8-25 words, verbatim inside one
paragraph of a relevant document, without non-breaking or soft hyphens, and under a listed heading when in minutes;
each keyword (or one of its alternatives) in a relevant document, unless every alternative is a derived number;
each section a heading of a relevant minutes document. Prints each problem and "N questions, M with problems";
exit 1 when M > 0.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = ROOT / "data" / "snapshot"
SECTIONS = "\n\n== SECTIONS (minutes headings) ==\n"
CATEGORIES = {"factual", "section-specific", "temporal", "cross-document", "out-of-scope"}
FIELDS = ("id", "question", "category", "kind", "expected_answer_keywords", "relevant_documents",
          "relevant_sections", "relevant_text_fragments", "difficulty", "split")
# A count or total the author derived ("three", "175 basis points") need not be in the documents.
DERIVED = re.compile(r"^(?:\d+(?:\.\d+)?%?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
                     r"fourteen|fifteen|twenty|once|twice|[\d.,/ -]+ (?:basis points|percentage points?|bp|times|"
                     r"meetings|cuts|hikes|increases))$", re.I)


def write_docs(out: Path, snapshot: Path = SNAPSHOT) -> int:
    from fomc_pipeline.fed.pages import parse_page

    out.mkdir(parents=True, exist_ok=True)
    written = 0
    with (snapshot / "MANIFEST.csv").open() as f:
        for row in csv.DictReader(f):
            if row["doc_type"] not in ("statement", "minutes"):
                continue
            html = (snapshot / row["path"]).read_text(encoding="utf-8", errors="replace")
            page = parse_page(html, row["doc_type"], "https://" + row["path"])
            text = page.text
            if row["doc_type"] == "minutes":
                text += SECTIONS + "\n".join(s.heading for s in page.sections)
            (out / f"{row['doc_type']}_{row['meeting_date']}.txt").write_text(text + "\n", encoding="utf-8")
            written += 1
    return written


def _document(docs: Path, kind: str, date: str) -> tuple[str, list[str], list[tuple[str | None, str]]] | None:
    """A document's text, its headings, and each paragraph with the heading it sits under."""
    path = docs / f"{kind}_{date}.txt"
    if not path.exists():
        return None
    body, _, listed = path.read_text(encoding="utf-8").partition(SECTIONS)
    headings = [h for h in listed.strip().split("\n") if h]
    spans, current = [], None
    for paragraph in (p.strip() for p in body.split("\n\n")):
        if paragraph in headings:
            current = paragraph
        if paragraph:
            spans.append((current, paragraph))
    return body, headings, spans


def problems(question: dict, prefix: str, docs: Path) -> list[str]:
    """What is wrong with one question (empty when nothing is)."""
    missing = [f"missing field {f}" for f in FIELDS if f not in question]
    if missing:
        return missing
    found = []
    if not re.fullmatch(re.escape(prefix) + r"\d{3}", question["id"]):
        found.append(f"id {question['id']!r} is not {prefix}NNN")
    if question["category"] not in CATEGORIES:
        found.append(f"category {question['category']!r} is not one of {sorted(CATEGORIES)}")
    if question["split"] != "dev":
        found.append("split must be dev")
    if question["difficulty"] not in ("easy", "medium", "hard"):
        found.append("difficulty must be easy, medium or hard")
    if question["category"] == "out-of-scope":
        if any(question[f] for f in ("expected_answer_keywords", "relevant_documents", "relevant_sections",
                                     "relevant_text_fragments")):
            found.append("an out-of-scope question has no keywords, documents, sections or fragments")
        if not str(question.get("decline_reason", "")).strip():
            found.append("an out-of-scope question needs a decline_reason")
        return found
    read = []
    for d in question["relevant_documents"]:
        document = _document(docs, d.get("type", ""), d.get("date", ""))
        if document is None:
            found.append(f"no document {d}")
        else:
            read.append((d["type"], document))
    if not read:
        return found + ["no relevant documents"]
    text = "\n".join(body for _, (body, _, _) in read).lower()
    if not question["expected_answer_keywords"]:
        found.append("no keywords")
    for keyword in question["expected_answer_keywords"]:
        alternatives = [keyword] if isinstance(keyword, str) else keyword
        if not alternatives or not all(isinstance(a, str) and a.strip() for a in alternatives):
            found.append(f"bad keyword {keyword!r}")
        elif not any(a.lower() in text for a in alternatives) and not all(DERIVED.match(a.strip())
                                                                           for a in alternatives):
            found.append(f"keyword {keyword!r} is in no relevant document (a derived number only as number words)")
    if not question["relevant_text_fragments"]:
        found.append("no fragments")
    headings = {h for _, (_, listed, _) in read for h in listed}
    found += [f"section {s!r} is not a heading of a relevant minutes document"
              for s in question["relevant_sections"] if s not in headings]
    for fragment in question["relevant_text_fragments"]:
        words = len(fragment.split())
        if not 8 <= words <= 25:
            found.append(f"fragment of {words} words (8-25): {fragment[:50]!r}")
        if "\u2011" in fragment or "\u00ad" in fragment:
            found.append(f"fragment holds a non-breaking or soft hyphen: {fragment[:50]!r}")
        homes = [(kind, heading) for kind, (_, _, spans) in read for heading, p in spans if fragment in p]
        if not homes:
            found.append(f"fragment not verbatim inside one paragraph of a relevant document: {fragment[:60]!r}")
        found += [f"fragment sits under {heading!r}, not in relevant_sections" for kind, heading in homes
                  if kind == "minutes" and heading and question["relevant_sections"]
                  and heading not in question["relevant_sections"]]
    return found


def verify(path: Path, docs: Path) -> int:
    questions = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(questions, list) or not questions:
        print("the file must hold a non-empty JSON list")
        return 1
    prefix = re.match(r"[A-Za-z]+", str(questions[0].get("id", "X"))).group(0)
    bad, seen = 0, set()
    for q in questions:
        found = problems(q, prefix, docs) + (["duplicate id"] if q.get("id") in seen else [])
        seen.add(q.get("id"))
        bad += bool(found)
        for problem in found:
            print(f"{q.get('id')}: {problem}")
    print(f"{len(questions)} questions, {bad} with problems")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("docs")
    d.add_argument("out", type=Path)
    v = sub.add_parser("verify")
    v.add_argument("file", type=Path)
    v.add_argument("--docs", type=Path, required=True, help="the folder `docs` wrote")
    args = parser.parse_args(argv)
    if args.command == "docs":
        print(f"{write_docs(args.out)} documents -> {args.out}")
        return 0
    return verify(args.file, args.docs)


if __name__ == "__main__":
    sys.exit(main())
