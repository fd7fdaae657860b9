"""`python -m fomc_qa`: answers, search, eval; exit codes and JSON shapes per the brief."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from fomc_qa.cli.main import EXIT_BAD_INPUT, EXIT_NO_INDEX, EXIT_OK, main


def test_answer_json_is_the_answer_record(data_env, capsys):
    assert main(
        ["What did the FOMC decide about the federal funds rate on March 15, 2020?", "--json", "--k", "5"]
    ) == EXIT_OK
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) == {
        "question", "answer", "citations", "confidence", "retrieval_ms", "generation_ms", "total_ms", "lm", "lead",
        "evidence"
    }
    assert answer["lm"] == "local/extractive" and answer["confidence"] in {"high", "medium", "low"}
    assert answer["citations"] and answer["citations"][0]["n"] == 1
    for c in answer["citations"]:
        assert f"[{c['n']}]" in answer["answer"] and 0.0 <= c["relevance_score"] <= 1.0


def test_answer_panel_shows_sources(data_env, capsys):
    assert main(["How much did the Committee lower the target range on March 15, 2020?"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "Confidence:" in out and ("minutes-2020-03-15#" in out or "statement-2020-03-15#" in out)


def test_out_of_scope_question_is_insufficient(data_env, capsys):
    assert main(["What will the price of Bitcoin be next year?", "--json"]) == EXIT_OK
    answer = json.loads(capsys.readouterr().out)
    assert answer["confidence"] == "insufficient" and answer["citations"] == []


def test_search_json_shape(data_env, capsys):
    assert main(["search", "bank stress in March 2023", "--k", "3", "--json"]) == EXIT_OK
    hits = json.loads(capsys.readouterr().out)
    assert [h["rank"] for h in hits] == [1, 2, 3]
    assert set(hits[0]) == {"rank", "chunk_id", "doc_type", "meeting_date", "section", "score", "text"}
    assert hits[0]["meeting_date"] == "2023-03-22"


def test_eval_json_with_answers(data_env, tmp_path, capsys):
    """Every fourth fixture question, all categories among them (tests/test_read_path.py checks every fixture
    question's citations with the same answerer)."""
    questions = json.loads((data_env / "eval" / "golden.json").read_text())[::4]
    assert {q["category"] for q in questions} >= {"out-of-scope", "factual", "section-specific"}
    golden = tmp_path / "golden.json"
    golden.write_text(json.dumps(questions))
    assert main(["eval", "--golden", str(golden), "--answers", "--json"]) == EXIT_OK
    report = json.loads(capsys.readouterr().out)
    for key in ("hit_rate@5", "mrr", "recall@5", "ndcg@5", "precision@5", "chunk_text_recall@5", "hit_rate@10",
                "keyword_recall", "insufficient_on_out_of_scope", "citations_verbatim"):
        assert key in report["overall"], key
    assert report["overall"]["citations_verbatim"] == 1.0
    assert report["n"] == len(report["questions"]) == len(questions)


@pytest.mark.parametrize("argv", [[""], ["   \x00\x07 "], ["x" * 2001], ["search", ""], ["what?", "--k", "0"]])
def test_bad_questions_exit_2(data_env, argv, capsys):
    assert main(argv) == EXIT_BAD_INPUT
    assert "error:" in capsys.readouterr().err


def test_unreadable_golden_file_exits_2(data_env, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["eval", "--golden", str(bad)]) == EXIT_BAD_INPUT
    assert main(["eval", "--golden", str(tmp_path / "missing.json")]) == EXIT_BAD_INPUT


def test_missing_index_exits_3_naming_the_build(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FOMC_DATA_DIR", str(tmp_path))
    assert main(["What is the target range?"]) == EXIT_NO_INDEX
    err = capsys.readouterr().err
    assert "run the pipeline first" in err and "scripts/demo.sh" in err


def test_module_entry_point_runs(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "fomc_qa", "search", "rates"], capture_output=True, text=True,
                          env={"FOMC_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1"})
    assert proc.returncode == EXIT_NO_INDEX and "run the pipeline first" in proc.stderr


def test_eval_stored_needs_one_split_and_no_answers(data_env, capsys):
    golden = data_env / "eval" / "golden.json"
    assert main(["eval", "--golden", str(golden), "--stored"]) == EXIT_BAD_INPUT
    assert main(["eval", "--golden", str(golden), "--split", "dev", "--stored", "--answers"]) == EXIT_BAD_INPUT
    assert "--stored prints one split" in capsys.readouterr().err


# Every command the CLI has, named here rather than read from the CLI, so a command left out of the help fails.
COMMANDS = ["ask", "search", "timeline", "brief", "eval", "benchmark", "doctor", "serve", "mcp", "help"]


def _pyproject_version() -> str:
    import tomllib
    from pathlib import Path

    return tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]["version"]


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["help"]])
def test_help_lists_every_command_and_the_question_form(argv, capsys):
    assert main(argv) == EXIT_OK
    out = capsys.readouterr().out
    lines = out.splitlines()
    for command in COMMANDS:
        assert any(line.startswith(f"  {command} ") for line in lines), command
    assert 'python -m fomc_qa "QUESTION"' in out and "--json" in out and "--lm" in out
    assert "ask" in out and "exit codes" in out


def test_help_is_the_same_however_asked(capsys):
    outputs = []
    for argv in (["--help"], ["-h"], ["help"], ["help", "ask"]):
        assert main(argv) == EXIT_OK
        outputs.append(capsys.readouterr().out)
    assert len(set(outputs)) == 1


@pytest.mark.parametrize("command", ["search", "timeline", "brief", "eval", "benchmark", "doctor", "serve", "mcp"])
def test_help_command_prints_that_commands_help(command, capsys):
    assert main(["help", command]) == EXIT_OK
    out = capsys.readouterr().out
    assert out.startswith(f"usage: python -m fomc_qa {command} ")


def test_help_of_an_unknown_command_exits_2(capsys):
    assert main(["help", "nonsense"]) == EXIT_BAD_INPUT
    assert "no command 'nonsense'" in capsys.readouterr().err


def test_version_comes_from_the_package_metadata(capsys):
    from importlib import metadata

    assert main(["--version"]) == EXIT_OK
    assert capsys.readouterr().out == f"fomc-qa {metadata.version('fomc-qa')}\n"


def test_version_falls_back_to_pyproject(monkeypatch, capsys):
    from importlib import metadata

    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert main(["--version"]) == EXIT_OK
    assert capsys.readouterr().out == f"fomc-qa {_pyproject_version()}\n"


def test_module_help_and_version_exit_0(tmp_path):
    env = {"FOMC_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1"}
    helped = subprocess.run([sys.executable, "-m", "fomc_qa", "--help"], capture_output=True, text=True, env=env)
    assert helped.returncode == EXIT_OK and "  doctor " in helped.stdout and not helped.stderr
    versioned = subprocess.run([sys.executable, "-m", "fomc_qa", "--version"], capture_output=True, text=True, env=env)
    assert versioned.returncode == EXIT_OK and versioned.stdout.startswith("fomc-qa ")


def test_a_question_starting_with_a_command_word_is_a_question(data_env, capsys):
    question = "Search the March 15, 2020 statement: how much did the Committee lower the target range?"
    assert main([question.lower(), "--json"]) == EXIT_OK  # "search the march ...": not the search command
    answer = json.loads(capsys.readouterr().out)
    assert answer["question"] == question.lower() and answer["citations"]
    question = "timeline question: how much did the Committee lower the target range on March 15, 2020?"
    assert main([question, "--json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["question"] == question


@pytest.mark.parametrize("argv", [["ask", "help", "--json"], ["--json", "--", "help"]])
def test_ask_or_double_dash_asks_a_command_word(data_env, argv, capsys):
    assert main(argv) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["question"] == "help"
