"""The README's HTTP API and MCP server, walked against the real app over the built fixture: every endpoint its
table lists exists with that method and those query parameters, every field it names is in a real response (or
request body), every curl example it shows answers as it says, and its MCP tools are the server's, with the same
parameters."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import anyio
import pytest
from fastapi.testclient import TestClient
from mcp import Client

from fomc_qa import models
from fomc_qa.interfaces import http_schemas, records
from fomc_qa.interfaces.http_app import create_app
from fomc_qa.interfaces.mcp_server import build_server

README = (Path(__file__).parent.parent / "README.md").read_text()
HTTP = README.split("### HTTP API", 1)[1].split("\n### ", 1)[0]
MCP = README.split("### MCP server", 1)[1].split("\n### ", 1)[0]
# "| `POST /v1/answer` | what it takes and returns |"; a row may list several endpoints.
ROWS = [(re.findall(r"`(GET|POST) (/[^`\s]*)`", first), what)
        for first, what in re.findall(r"^\| (`(?:GET|POST) [^|]+) \| (.+) \|$", HTTP, re.M)]
ENDPOINTS = [(method, target, what) for pairs, what in ROWS for method, target in pairs]
CURLS = [line.replace("\\\n", " ") for line in re.findall(r"^curl (?:[^\n]*\\\n)*[^\n]*$", HTTP, re.M)]
TOOLS = re.findall(r"`(\w+)\(([^)]*)\)`", MCP.split("Tools (", 1)[1].split("\n\n", 1)[0], re.S)
ANSWER = "What did the FOMC decide at its October 2025 meeting?"


@pytest.fixture(scope="module")
def client(fomc_service):
    with TestClient(create_app(fomc_service)) as c:
        yield c


@pytest.fixture(scope="module")
def ids(client) -> dict[str, str]:
    """Real values for the path parameters the README writes as {name}."""
    answered = client.post("/v1/answer", json={"question": ANSWER}).json()
    hit = client.get("/v1/search", params={"query": "federal funds rate", "top_k": 1}).json()[0]
    return {"conversation_id": answered["conversation_id"], "document_id": hit["document_id"],
            "date": hit["meeting_date"]}


def _fields(braces: str) -> set[str]:
    """The names in a README field list: `{"question", "k": 5, "x"?}` or `{a, b, c}`."""
    return set(re.findall(r'"?([a-z_]+)"?\s*(?:[:?,}]|$)', braces.strip("{}") + ","))


def _keys(value) -> set[str]:
    """Every key anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _events(text: str) -> list[tuple[str, object]]:
    blocks = [dict(line.split(": ", 1) for line in b.splitlines()) for b in text.strip().split("\n\n")]
    return [(b["event"], json.loads(b["data"])) for b in blocks]


def test_the_readme_lists_the_endpoints_curls_and_tools():
    assert len(ENDPOINTS) >= 10 and len(CURLS) >= 3 and len(TOOLS) >= 4


@pytest.mark.parametrize(("method", "target", "what"), ENDPOINTS, ids=[f"{m} {t}" for m, t, _ in ENDPOINTS])
def test_every_endpoint_exists_with_its_method_parameters_and_fields(client, ids, method, target, what):
    path, _, query = target.partition("?")
    routes = {(m, r.path) for r in client.app.routes for m in getattr(r, "methods", ())}
    assert (method, path) in routes, f"README: {method} {path} is not a route of the app"
    params = [p.split("=")[0] for p in query.split("&") if p]
    if params:
        declared = {p["name"] for p in client.app.openapi()["paths"][path][method.lower()]["parameters"]}
        assert set(params) <= declared, f"{path}: the README's {set(params) - declared} are not parameters"
    body = re.search(r"body `(\{[^`]*\})`", what)
    if body:
        assert _fields(body.group(1)) <= set(http_schemas.AnswerRequest.model_fields)
    url = re.sub(r"\{(\w+)\}", lambda m: ids[m.group(1)], path)
    params_given = {"query": "inflation"} if "query" in params else None
    r = client.request(method, url, params=params_given, json={"question": ANSWER} if method == "POST" else None)
    assert r.status_code == 200, f"{method} {url}: {r.status_code} {r.text[:200]}"
    if r.headers["content-type"].startswith("text/event-stream"):
        seen = {name for name, _ in _events(r.text)}
        listed = set(re.findall(r"`([a-z_]+)`", what))
        otherwise = set(re.findall(r"\(or `([a-z_]+)`\)", what))
        declared = set(client.app.openapi()["paths"][path]["post"]["responses"]["200"]["content"]
                       ["text/event-stream"]["schema"]["properties"]["event"]["enum"])
        assert listed - otherwise == seen and otherwise <= declared
        return
    named = set().union(*(_fields(b) for b in re.findall(r"`(\{[^`]*\})`", what.split("→")[-1])),
                        re.findall(r"`([a-z_]+)`", re.sub(r"`\{[^`]*\}`", "", what.split("→")[-1])))
    if named:
        got = _keys(r.json())
        assert named <= got, f"{method} {path}: the README names {named - got}, not in the response"
    for record in re.findall(r"`([A-Z]\w+)` record", what):
        assert hasattr(models, record) or hasattr(records, record), f"no record {record}"


def test_every_curl_example_answers_as_the_readme_says(client):
    """Each curl line run against the app: its body, its jq fields, and the output the README prints after it."""
    conversation = None
    for line in CURLS:
        words = shlex.split(line.split(" | jq ")[0])
        path = "/" + next(w for w in words if w.startswith("localhost:")).split("/", 1)[1]
        body = json.loads(words[words.index("-d") + 1].replace("<id from above>", conversation or ""))
        r = client.post(path, json=body)
        assert r.status_code == 200, f"{line}: {r.status_code} {r.text[:200]}"
        if path.endswith("/stream"):
            assert [name for name, _ in _events(r.text)][-1] == "done"
            continue
        result = r.json()
        conversation = result["conversation_id"]
        if " | jq " in line:
            for field in line.split(" | jq ")[1].strip("' ").split(","):
                value = result
                for key in field.strip().lstrip(".").split("."):
                    assert key in value, f"{line}: {field} is not in the response"
                    value = value[key]
        printed = re.search(re.escape(line.splitlines()[-1]) + r"\n# (\".*\")$", HTTP.replace("\\\n", " "), re.M)
        if printed:
            jq = line.split(" | jq ")[1].strip()
            assert json.dumps(result[jq.lstrip(".")]) == printed.group(1), line


def test_the_mcp_tools_the_readme_lists_are_the_servers(fomc_service):
    async def listed():
        async with Client(build_server(fomc_service)) as c:
            return {t.name: t.input_schema for t in (await c.list_tools()).tools}

    schemas = anyio.run(listed)
    assert {name for name, _ in TOOLS} == set(schemas)
    for name, args in TOOLS:
        params = [a.strip() for a in args.split(",") if a.strip()]
        names = {re.match(r"\w+", p).group(0) for p in params}
        required = {p for p in params if re.fullmatch(r"\w+", p)}
        schema = schemas[name]
        assert names == set(schema["properties"]), f"{name}: README {names}, server {set(schema['properties'])}"
        assert required == set(schema.get("required", [])), name
        for p in params:
            if "=" in p:
                key, default = p.split("=")
                assert schema["properties"][key]["default"] == json.loads(default), f"{name}: {key}"
