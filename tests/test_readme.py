"""The README says what the tool does: every `python -m fomc_qa` command and flag it shows exists, the command list it
quotes is the one `--help` prints, and every document it links to is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fomc_qa.cli.main import COMMANDS, main

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()
CODE = "\n".join(re.findall(r"```(?:bash|sh)?\n(.*?)```", README, re.S))
COMMAND_LINES = [line.split("#", 1)[0].strip() for line in CODE.splitlines()
                 if line.split("#", 1)[0].strip().split("; ")[-1].startswith("python -m fomc_qa")]


def _help(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_the_readme_shows_commands():
    assert len(COMMAND_LINES) >= 10


@pytest.mark.parametrize("line", COMMAND_LINES)
def test_every_command_and_flag_the_readme_shows_exists(line, capsys):
    words = line.split("; ")[-1].split()[3:]  # after "python -m fomc_qa"
    command = words[0] if words and words[0] in COMMANDS else None
    text = _help(capsys, "help", command) if command else _help(capsys, "--help")
    for flag in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", " ".join(words)):
        assert flag in text, f"{line}: {flag} is not an option of {command or 'the question form'}"


def test_the_command_list_the_readme_quotes_is_the_one_help_prints(capsys):
    def commands(lines: list[str]) -> list[str]:
        return [line for line in lines if re.match(r"^  \w+ {2,}", line) and line.split()[0] in COMMANDS]

    printed = commands(_help(capsys, "--help").splitlines())
    quoted = commands(CODE.splitlines())
    assert printed and quoted == printed


def test_every_document_the_readme_links_to_exists():
    links = re.findall(r"\]\(((?!https?:|#)[^)#]+)", README)
    assert links
    missing = [link for link in links if not (ROOT / link).exists()]
    assert not missing, missing
