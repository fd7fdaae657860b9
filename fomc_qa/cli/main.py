"""Command line: cited answers, search, evaluation and the ANN benchmark.

    python -m fomc_qa "question" [--json] [--k N] [--lm MODEL]
    python -m fomc_qa search "question" [--k N] [--json]
    python -m fomc_qa eval --golden FILE [--answers] [--json] [--split train|dev|test] [--stored]
    python -m fomc_qa timeline [--from YYYY-MM] [--to YYYY-MM] [--json]
    python -m fomc_qa benchmark [--scale N ...]
    python -m fomc_qa doctor [--json]                             verify every built file against its record
    python -m fomc_qa serve [--host 127.0.0.1] [--port 8000]     the HTTP API and web page
    python -m fomc_qa mcp [--http PORT]                           the MCP server (stdio, or HTTP on loopback)

Exit codes: 0 ok, 1 an unforeseen error (one line; FOMC_QA_DEBUG=1 prints the traceback), 2 bad input
or an LM that cannot be used, 3 no materialized index, or a damaged or stale built file (the message
names the file and the command that rebuilds it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_NO_INDEX = 0, 1, 2, 3
SUBCOMMANDS = {"search", "eval", "benchmark", "timeline", "doctor"}
# Long-running servers, imported only when asked for (FastAPI, uvicorn and the MCP SDK stay off the cold start).
SERVERS = {"serve": "fomc_qa.interfaces.http_server", "mcp": "fomc_qa.interfaces.mcp_server"}


def _fail(message: str, code: int) -> int:
    """One line (or one message) on stderr, never a traceback unless FOMC_QA_DEBUG=1 asks for it."""
    if os.environ.get("FOMC_QA_DEBUG") == "1":
        traceback.print_exc()
    print(f"error: {message}", file=sys.stderr)
    return code


def _ask(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fomc_qa", description="Answer a question from FOMC statements and minutes, with citations."
    )
    parser.add_argument("question")
    parser.add_argument("--json", action="store_true", help="print the Answer record as JSON")
    parser.add_argument("--k", type=int, default=5, help="passages to retrieve (default 5)")
    parser.add_argument("--lm", help="DSPy/LiteLLM model string, or 'extractive' (default: FOMC_QA_LM)")
    args = parser.parse_args(argv)
    from fomc_qa.answering.session import Session
    from fomc_qa.cli.render import answer_json, answer_panel, console
    from fomc_qa.config import Settings
    from fomc_qa.models import check_k, clean_question

    question = clean_question(args.question)
    check_k(args.k)
    session = Session.open(Settings.from_env(), lm=args.lm, k=args.k)
    answer = session.answer(question)
    if args.json:
        print(answer_json(answer))
    else:
        console().print(answer_panel(answer))
        if not session.compiled:
            console(stderr=True).print("[dim]note: no compiled program found; answering with the uncompiled one[/dim]")
    return EXIT_OK


def _search(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m fomc_qa search", description="Hybrid search over the index.")
    parser.add_argument("question")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from fomc_qa.answering.session import open_retriever
    from fomc_qa.cli.render import console, hits_json, hits_table
    from fomc_qa.config import Settings
    from fomc_qa.models import check_k, clean_question

    question = clean_question(args.question)
    check_k(args.k)
    hits = open_retriever(Settings.from_env()).search(question, args.k)
    if args.json:
        print(hits_json(hits))
    else:
        console().print(hits_table(question, hits))
    return EXIT_OK


def _eval(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fomc_qa eval", description="Evaluate retrieval (and answers) on a golden file."
    )
    parser.add_argument("--golden", required=True)
    parser.add_argument("--answers", action="store_true", help="also answer every question and score the answers")
    parser.add_argument("--split", choices=["train", "dev", "test"], help="only this split of the golden file")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--lm", help="LM for --answers (default: FOMC_QA_LM)")
    parser.add_argument("--stored", action="store_true",
                        help="print the retrieval evaluation the last build recorded (data/reports/) for --split, "
                             "instead of running it again; refused if the golden file has changed since")
    args = parser.parse_args(argv)
    from fomc_qa.answering.session import Session, open_retriever
    from fomc_qa.config import DataPaths, Settings
    from fomc_qa.evaluation.golden import GoldenFileError, load_golden, split_questions
    from fomc_qa.evaluation.report import (
        RETRIEVAL_REPORT,
        evaluate_answers,
        evaluate_retrieval,
        format_summary,
        merge_reports,
        stored_split,
    )

    questions = load_golden(args.golden)
    if args.split:
        questions = split_questions(questions, args.split)
    settings = Settings.from_env()
    if args.stored:
        if args.answers or not args.split:
            raise GoldenFileError("--stored prints one split's retrieval evaluation: give --split, without --answers")
        report = stored_split(DataPaths(settings.data_dir).report(RETRIEVAL_REPORT), questions, args.split)
        print(json.dumps(report, indent=2, default=str) if args.json else format_summary(report))
        return EXIT_OK
    if args.answers:
        session = Session.open(settings, lm=args.lm)
        retriever = session.retriever
    else:
        retriever = open_retriever(settings)
    report = evaluate_retrieval(questions, retriever.search)
    if args.answers:
        answers = evaluate_answers(
            questions, session.answer, retriever.corpus.chunk_text
        )
        report = merge_reports(report, answers)
    print(json.dumps(report, indent=2, default=str) if args.json else format_summary(report))
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # LiteLLM otherwise fetches its model price list over the network at import, warning when offline.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from fomc_qa.answering.lm_errors import LMUnavailable
    from fomc_qa.evaluation.golden import GoldenFileError
    from fomc_qa.index.store import BUILD_COMMAND, IndexMissing
    from fomc_qa.models import BadQuestion
    from fomc_qa.policy.timeline import RecordsMissing

    try:
        if argv and argv[0] == "benchmark":
            from fomc_qa.cli.benchmark import main as benchmark_main

            return benchmark_main(argv[1:])
        if argv and argv[0] == "timeline":
            from fomc_qa.cli.timeline import main as timeline_main

            return timeline_main(argv[1:])
        if argv and argv[0] in SERVERS:
            import importlib

            return importlib.import_module(SERVERS[argv[0]]).main(argv[1:])
        if argv and argv[0] == "doctor":
            from fomc_qa.cli.doctor import main as doctor_main

            return doctor_main(argv[1:])
        if argv and argv[0] in SUBCOMMANDS:
            return {"search": _search, "eval": _eval}[argv[0]](argv[1:])
        return _ask(argv)
    except (BadQuestion, GoldenFileError, LMUnavailable) as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    except (IndexMissing, RecordsMissing) as exc:
        message = str(exc) if isinstance(exc, IndexMissing) else f"{exc}: run the pipeline first: {BUILD_COMMAND}"
        return _fail(message, EXIT_NO_INDEX)
    except SystemExit as exc:  # argparse: usage errors are bad input
        return EXIT_OK if exc.code in (0, None) else EXIT_BAD_INPUT
    except Exception as exc:  # unforeseen: one line, and the place to look
        from fomc_qa.index.integrity import first_line

        return _fail(f"{first_line(exc)} (FOMC_QA_DEBUG=1 shows the traceback; python -m fomc_qa doctor checks "
                     "the built files)", EXIT_FAILED)
