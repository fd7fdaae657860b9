"""Command line: cited answers, search, the policy timeline, evaluation, the ANN benchmark, doctor, servers.

    python -m fomc_qa "question" [--json] [--k N] [--lm MODEL]   (also: python -m fomc_qa ask "question" ...)
    python -m fomc_qa search "question" [--k N] [--json]
    python -m fomc_qa timeline [--from YYYY-MM] [--to YYYY-MM] [--json]
    python -m fomc_qa brief YYYY-MM-DD [--json | --markdown]       a meeting's release brief
    python -m fomc_qa eval --golden FILE [--answers] [--json] [--split train|dev|test] [--stored]
    python -m fomc_qa benchmark [--scale N ...]
    python -m fomc_qa doctor [--json]                             verify every built file against its record
    python -m fomc_qa serve [--host 127.0.0.1] [--port 8000]     the HTTP API and web page
    python -m fomc_qa mcp [--http PORT]                           the MCP server (stdio, or HTTP on loopback)
    python -m fomc_qa help [COMMAND] | --help | -h | --version

A question is one (quoted) argument; only an argument that is exactly a command's word is the command, so
"search results for the Fed?" is a question. `ask` (or `--`) asks a question that is exactly a command's word.

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
# Every command with its one line of help, in the order the help lists them.
COMMANDS = {
    "ask": "answer a question with citations (the same as giving the question alone)",
    "search": "hybrid search: the ranked chunks for a query",
    "timeline": "the policy record per meeting: decision, change, range, dissents",
    "brief": "a meeting's release brief: decision, rates, vote, dissents, the redline, every item cited",
    "eval": "evaluate retrieval (and answers) on a golden file, or print the build's stored evaluation",
    "benchmark": "the ANN benchmark (USearch vs FAISS vs exact) outside Dagster",
    "doctor": "verify every built file's size and SHA-256 against its record",
    "serve": "the HTTP API and the web page (binds loopback unless --host says otherwise)",
    "mcp": "the MCP server (stdio, or streamable HTTP on loopback with --http PORT)",
    "help": "this help; 'help COMMAND' prints that command's options",
}
SUBCOMMANDS = {"search", "eval", "benchmark", "timeline", "doctor"}
# Commands in modules of their own, imported only when asked for (FastAPI, uvicorn and the MCP SDK stay off
# the cold start).
MODULES = {"benchmark": "fomc_qa.cli.benchmark", "timeline": "fomc_qa.cli.timeline", "doctor": "fomc_qa.cli.doctor",
           "brief": "fomc_qa.cli.brief"}
SERVERS = {"serve": "fomc_qa.interfaces.http_server", "mcp": "fomc_qa.interfaces.mcp_server"}
PROG = "python -m fomc_qa"
USAGE = f"""{PROG} "QUESTION" [--json] [--k N] [--lm MODEL]
       {PROG} COMMAND [options]        ({PROG} help COMMAND: the command's options)"""
EPILOG = f"""commands:
{chr(10).join(f"  {name:<10} {line}" for name, line in COMMANDS.items())}

A question is one argument: quote it. Only an argument that is exactly a command's word runs the command,
so a quoted question that begins with one is still a question: {PROG} "search results for the Fed?"
To ask a question that is exactly a command's word, use ask (or --): {PROG} ask "help" --json

exit codes: 0 ok; 1 an unforeseen error (one line; FOMC_QA_DEBUG=1 prints the traceback); 2 bad input or an
LM that cannot be used; 3 no materialized index, or a built file that is missing, damaged or stale (the
message names the file and the command that rebuilds it)."""


def version() -> str:
    """The installed package's version; from pyproject.toml when the package is not installed."""
    from importlib import metadata

    try:
        return metadata.version("fomc-qa")
    except metadata.PackageNotFoundError:
        import tomllib
        from pathlib import Path

        try:
            pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
            return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"


class _Version(argparse.Action):
    """`--version`: prints `fomc-qa <version>` and exits 0 (the version is read only when asked for)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0,
                         help="print the version (fomc-qa <version>) and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        print(f"fomc-qa {version()}")
        parser.exit()


def _ask_parser() -> argparse.ArgumentParser:
    """The question form's parser; its help is the whole command line's (`--help`, `-h`, `help`)."""
    parser = argparse.ArgumentParser(
        prog=PROG, usage=USAGE, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Answer a question from FOMC statements and minutes, with citations.",
    )
    parser.add_argument("question", help="the question, quoted as one argument (at most 2,000 characters)")
    parser.add_argument("--json", action="store_true", help="print the Answer record as JSON")
    parser.add_argument("--k", type=int, default=5, metavar="N", help="passages to retrieve (default 5)")
    parser.add_argument("--lm", metavar="MODEL",
                        help="DSPy/LiteLLM model string, or 'extractive' (default: FOMC_QA_LM)")
    parser.add_argument("--version", action=_Version)
    return parser


def _fail(message: str, code: int) -> int:
    """One line (or one message) on stderr, never a traceback unless FOMC_QA_DEBUG=1 asks for it."""
    if os.environ.get("FOMC_QA_DEBUG") == "1":
        traceback.print_exc()
    print(f"error: {message}", file=sys.stderr)
    return code


def _ask(argv: list[str]) -> int:
    args = _ask_parser().parse_args(argv)
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
    parser.add_argument("question", help="the query, quoted as one argument")
    parser.add_argument("--k", type=int, default=10, metavar="N", help="hits to return (default 10)")
    parser.add_argument("--json", action="store_true", help="print the hits as JSON")
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


def _help(argv: list[str]) -> int:
    """`help` prints the command line's help; `help COMMAND` that command's."""
    if not argv or argv[0] in ("ask", "help"):
        sys.stdout.write(_ask_parser().format_help())
        return EXIT_OK
    if argv[0] not in COMMANDS:
        return _fail(f"no command {argv[0]!r}; the commands: {', '.join(COMMANDS)} ({PROG} --help)", EXIT_BAD_INPUT)
    return _dispatch([argv[0], "--help"])


def _dispatch(argv: list[str]) -> int:
    """Run the command argv names; anything that is not exactly a command's word is the question form."""
    command = argv[0] if argv else None
    if command == "help":
        return _help(argv[1:])
    if command == "ask":
        return _ask(argv[1:])
    if command == "search":
        return _search(argv[1:])
    if command == "eval":
        return _eval(argv[1:])
    if command in MODULES or command in SERVERS:
        import importlib

        return importlib.import_module({**MODULES, **SERVERS}[command]).main(argv[1:])
    return _ask(argv)


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
        return _dispatch(argv)
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
