"""Does `dagster dev`, started offline as the README says, show an error on its Automation page?

    python scripts/check_automation_page.py [--url http://127.0.0.1:3000] [--port 3311] [--wait 90]
                                            [--screenshots /tmp/automation-page]

Without --url it starts `dagster dev` on this repo's workspace with FOMC_SOURCE_URL=snapshot (unless
FOMC_SOURCE_URL is set) and the DAGSTER_HOME / FOMC_DATA_DIR of the environment (default
data/dagster_home, data), waits for the sensor's first tick, and stops it afterwards. Then, in headless
Chromium (Debian's, as tests/test_web_page.py drives it): the Automation page and each sensor's and
schedule's page, screenshotted, their text searched for error words; and through the webserver's GraphQL:
every sensor's and schedule's recent ticks (a FAILURE is an error) and a dry run of each (what "Preview tick
result" shows; an evaluation error is an error). Prints what it saw; exit 0 clean, 1 an error shown, 2 bad
input, 3 the webserver did not come up.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
# What Dagster's UI writes when something failed: a failed tick's tag, a Python error dialog or banner.
ERROR_WORDS = re.compile(r"\b(?:Failure|Failed|Error|Traceback|Exception|Could not load)\b")
STATES = """{ repositoriesOrError { ... on RepositoryConnection { nodes { name location { name }
  sensors { name sensorState { status ticks(limit: 20) { status timestamp skipReason error { message } } } }
  schedules { name scheduleState { status ticks(limit: 20) { status timestamp skipReason error { message } } } }
} } } }"""
DRY_RUN = """mutation { %s(selectorData: {repositoryLocationName: "%s", repositoryName: "%s", %s: "%s"}, %s) {
  __typename ... on DryRunInstigationTick { evaluationResult { skipReason runRequests { runKey } error { message } } }
  ... on PythonError { message } } }"""


def graphql(url: str, query: str) -> dict:
    request = urllib.request.Request(f"{url}/graphql", data=json.dumps({"query": query}).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())["data"]


def start_dagster(port: int, log: Path) -> subprocess.Popen:
    """`dagster dev` in the repo, as the README runs it: offline unless FOMC_SOURCE_URL says otherwise."""
    env = dict(os.environ)
    env.setdefault("FOMC_SOURCE_URL", "snapshot")
    env.setdefault("DAGSTER_HOME", str(REPO / "data" / "dagster_home"))
    env.setdefault("HF_HUB_OFFLINE", "1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    print(f"starting: FOMC_SOURCE_URL={env['FOMC_SOURCE_URL']} DAGSTER_HOME={env['DAGSTER_HOME']} "
          f"dagster dev -p {port} (log {log})")
    with open(log, "w") as out:
        return subprocess.Popen([sys.executable, "-m", "dagster", "dev", "-p", str(port)], cwd=REPO, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def stop(proc: subprocess.Popen) -> None:
    """`dagster dev` and everything it started (its process group): SIGTERM, then SIGKILL after 60 s."""
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def wait_for_ticks(url: str, wait: float) -> list[dict]:
    """The repositories once every running sensor has finished a tick (or `wait` seconds have passed)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            repos = graphql(url, STATES)["repositoriesOrError"]["nodes"]
            sensors = [s for r in repos for s in r["sensors"] if s["sensorState"]["status"] == "RUNNING"]
            done = all(s["sensorState"]["ticks"] and s["sensorState"]["ticks"][0]["status"] != "STARTED"
                       for s in sensors)
            if repos and done or time.monotonic() > deadline:
                return repos
        except (OSError, KeyError, TypeError):
            if time.monotonic() > deadline:
                raise
        time.sleep(2)


def instigator_errors(url: str, repos: list[dict]) -> list[str]:
    """Failed ticks and failed dry runs, one line each; prints every instigator's latest tick and dry run."""
    errors = []
    for repo in repos:
        location, name = repo["location"]["name"], repo["name"]
        for kind, items, state, mutation, key, extra in (
                ("sensor", repo["sensors"], "sensorState", "sensorDryRun", "sensorName", "cursor: null"),
                ("schedule", repo["schedules"], "scheduleState", "scheduleDryRun", "scheduleName",
                 f"timestamp: {time.time():.0f}")):
            for item in items:
                ticks = item[state]["ticks"]
                latest = ticks[0] if ticks else None
                print(f"{kind} {item['name']}: {item[state]['status']}; latest tick: "
                      + (f"{latest['status']} ({latest['skipReason'] or 'no skip reason'})" if latest else "none"))
                errors += [f"{kind} {item['name']}: tick {t['status']}: {(t['error'] or {}).get('message', '')}"
                           .splitlines()[0] for t in ticks if t["status"] == "FAILURE"]
                if item["name"] == "refresh_downstream":  # an automation-condition sensor has no dry run
                    continue
                dry = graphql(url, DRY_RUN % (mutation, location, name, key, item["name"], extra))[mutation]
                result = dry.get("evaluationResult") or {}
                error = dry.get("message") or (result.get("error") or {}).get("message")
                print("  dry run: " + (f"ERROR {error.splitlines()[0]}" if error else
                                        f"{len(result.get('runRequests') or [])} run requests; "
                                        f"skip reason: {result.get('skipReason')}"))
                if error:
                    errors.append(f"{kind} {item['name']}: dry run: {error.splitlines()[0]}")
    return errors


def page_errors(url: str, screenshots: Path) -> list[str]:
    """The Automation page and every sensor's and schedule's page in Chromium: error words they show."""
    from playwright.sync_api import sync_playwright

    screenshots.mkdir(parents=True, exist_ok=True)
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(f"{url}/automation")
        page.wait_for_selector("text=new_meeting_sensor", timeout=60_000)
        links = sorted({h for h in page.eval_on_selector_all("a", "els => els.map(e => e.getAttribute('href'))")
                        if h and re.search(r"/(?:sensors|schedules)/[^/]+$", h)})
        for path in ["/automation", *links]:
            page.goto(f"{url}{path}")
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(2000)
            skip = page.get_by_role("button", name="Skip")  # Dagster's newsletter dialog on a fresh instance
            if skip.count():
                skip.first.click()
            text = page.inner_text("main") if page.locator("main").count() else page.inner_text("body")
            shot = screenshots / (path.strip("/").replace("/", "_") + ".png")
            page.screenshot(path=str(shot), full_page=True)
            found = sorted(set(ERROR_WORDS.findall(text)))
            lines = [line.strip() for line in text.splitlines() if line.strip()]
            print(f"page {path}: {'ERROR ' + ', '.join(found) if found else 'no error shown'}; screenshot {shot}")
            print("  shows: " + " | ".join(lines[:40])[:600])
            errors += [f"page {path}: shows {word!r}" for word in found]
        browser.close()
    return errors


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running Dagster webserver (else one is started offline)")
    parser.add_argument("--port", type=int, default=3311)
    parser.add_argument("--wait", type=float, default=90, help="seconds to wait for the sensors' first ticks")
    parser.add_argument("--screenshots", type=Path, default=Path("/tmp/automation-page"))
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"error: no browser at {CHROMIUM}; run bash scripts/browser.sh", file=sys.stderr)
        return 2
    proc = None if args.url else start_dagster(args.port, args.screenshots.with_suffix(".dagster.log"))
    url = (args.url or f"http://127.0.0.1:{args.port}").rstrip("/")
    try:
        try:
            repos = wait_for_ticks(url, args.wait)
        except OSError as exc:
            print(f"error: the Dagster webserver at {url} did not answer: {exc}", file=sys.stderr)
            return 3
        errors = instigator_errors(url, repos) + page_errors(url, args.screenshots)
    finally:
        if proc is not None:
            stop(proc)
    print("\n".join(["errors:", *errors]) if errors else "no error on the Automation page, its sensors or schedules")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
