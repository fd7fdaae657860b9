"""The release brief through every surface over the built fixture: the CLI's JSON, the HTTP API's and the MCP tool's
are the same brief (the CLI and the API the same bytes), and a bad date or a day without a meeting is one sentence."""

from __future__ import annotations

import json

import anyio
import pytest
from fastapi.testclient import TestClient
from mcp import Client

from fomc_qa.cli.main import EXIT_BAD_INPUT, EXIT_OK, main
from fomc_qa.interfaces.http_app import create_app
from fomc_qa.interfaces.mcp_server import build_server

MEETING = "2025-10-29"  # the fixture's meeting with dissents on both sides


@pytest.fixture(scope="module")
def client(fomc_service):
    with TestClient(create_app(fomc_service)) as c:
        yield c


def mcp_brief(service, date: str):
    async def run():
        async with Client(build_server(service), read_timeout_seconds=60) as c:
            return await c.call_tool("meeting_brief", {"date": date})

    return anyio.run(run)


def test_cli_api_and_mcp_give_the_same_brief(client, fomc_service, data_env, capsys):
    assert main(["brief", MEETING, "--json"]) == EXIT_OK
    printed = capsys.readouterr().out
    r = client.get(f"/v1/meetings/{MEETING}/brief")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.content == printed.encode()
    tool = mcp_brief(fomc_service, MEETING)
    assert not tool.is_error
    assert json.loads(printed) == tool.structured_content == json.loads(tool.content[0].text)
    brief = json.loads(printed)
    assert brief["decision"]["action"] == "lower" and brief["decision"]["change_bp"] == -25
    assert brief["decision"]["range_after"] == "3-3/4 to 4 percent"
    assert {a["name"]: a["preferred_change_bp"] for a in brief["vote"]["against"]} == {
        "Stephen I. Miran": -50, "Jeffrey R. Schmid": 0}
    assert brief["headline"] == "FOMC lowers the target range by 25 bp to 3-3/4 to 4 percent; 10-2 vote"
    markdown = client.get(f"/v1/meetings/{MEETING}/brief", params={"format": "markdown"})
    assert markdown.headers["content-type"].startswith("text/markdown")
    assert main(["brief", MEETING, "--markdown"]) == EXIT_OK and capsys.readouterr().out == markdown.text
    assert main(["brief", MEETING]) == EXIT_OK and brief["headline"] in " ".join(capsys.readouterr().out.split())


def test_a_day_without_a_meeting_and_a_bad_date_are_one_sentence(client, fomc_service, data_env, capsys):
    missing = client.get("/v1/meetings/2025-10-30/brief")
    assert missing.status_code == 404 and missing.json()["detail"].startswith("no indexed FOMC meeting on 2025-10-30")
    bad = client.get("/v1/meetings/2025-10-32/brief")
    assert bad.status_code == 422 and bad.json()["message"] == "date: It must be a date, YYYY-MM-DD."
    capsys.readouterr()  # the HTTP client's log lines
    assert main(["brief", "2025-10-30"]) == EXIT_BAD_INPUT
    assert capsys.readouterr().err.startswith("error: no indexed FOMC meeting on 2025-10-30 (the nearest")
    assert main(["brief", "October 2025"]) == EXIT_BAD_INPUT
    assert "is not a date (expected YYYY-MM-DD" in capsys.readouterr().err
    tool = mcp_brief(fomc_service, "2025-10-30")
    assert tool.is_error and "unknown meeting: no indexed FOMC meeting on 2025-10-30" in tool.content[0].text
