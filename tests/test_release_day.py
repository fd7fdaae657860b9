"""Release day through a real daemon: the clock is moved to a decision day's 1:59 pm (FOMC_WATCH_CLOCK_SHIFT_S),
the snapshot server holds the December 2025 statement (404) until the test flips its release switch, and a
loopback receiver stands in for two channels (the generic JSON webhook and a Slack one). The watch sees the
page turn 200, the daemon runs the meeting, its brief and the delivery in one run, and both payloads must say
what the meeting's record says: the decision, the new range and the dissenters. One daemon start; every wait
is bounded."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from zoneinfo import ZoneInfo

import dagster as dg
import pytest
from conftest import FIXTURE_MEETINGS, SNAPSHOT
from receiver import receiving
from waiting import poll

from fomc_pipeline.fed.calendar import statement_path
from fomc_pipeline.fed.snapshot_server import ReleaseSwitch, serve_snapshot
from fomc_pipeline.fed.watch import clock_shift_to
from fomc_pipeline.partitions import meetings
from fomc_pipeline.runs.daemon import running_daemon
from fomc_pipeline.runs.instance_home import open_instance
from fomc_qa.config import DataPaths
from fomc_qa.delivery.outbox import Outbox
from fomc_qa.policy.record import MeetingRecord

MEETING = "2025-12-10"
WAIT_S = 120


def wait(predicate, what: str, timeout_s: float = WAIT_S):
    try:
        return poll(predicate, what, timeout_s, poll_s=0.2)
    except TimeoutError as exc:
        pytest.fail(str(exc))


def release_run(instance: dg.DagsterInstance):
    runs = instance.get_runs(dg.RunsFilter(tags={"fomc/release": MEETING}))
    return runs[0] if runs else None


def test_a_release_reaches_both_channels_through_the_daemon(built, tmp_path, monkeypatch):
    data = tmp_path / "data"
    for part in ("warehouse", "cache", "index", "eval"):  # the fixture build: the meetings before this one
        shutil.copytree(built[0] / part, data / part)
    switch = ReleaseSwitch()
    switch.hold(MEETING)
    one_fifty_nine = dt.datetime(2025, 12, 10, 13, 59, tzinfo=ZoneInfo("America/New_York"))
    with serve_snapshot(SNAPSHOT, switch=switch) as site, receiving() as receiver:
        for name, value in {"FOMC_DATA_DIR": str(data), "DAGSTER_HOME": str(tmp_path / "home"),
                            "FOMC_SOURCE_URL": site, "FOMC_START_DATE": "2025-10-01",
                            "FOMC_WATCH_CLOCK_SHIFT_S": str(clock_shift_to(one_fifty_nine)),
                            "FOMC_WATCH_INTERVAL_S": "1", "FOMC_WEBHOOK_BACKOFF_S": "0.1",
                            "FOMC_WEBHOOKS": f"{receiver.url}/generic,slack:{receiver.url}/slack"}.items():
            monkeypatch.setenv(name, value)
        instance = open_instance(data)
        instance.add_dynamic_partitions(meetings.name, FIXTURE_MEETINGS)  # built before; not new to the sensor
        with running_daemon(instance, tmp_path / "home", tmp_path / "daemon.log", automation=True):
            statement = statement_path(dt.date.fromisoformat(MEETING))
            wait(lambda: switch.hits.get(statement, 0) >= 1, "the watch polls the held statement (404)")
            assert release_run(instance) is None
            published = switch.release()
            wait(lambda: len(receiver.delivered()) >= 2, "both webhooks receive the brief")
            run = wait(lambda: (r := release_run(instance)) and r.is_finished and r, "the release run finishes")
        log = (tmp_path / "daemon.log").read_text()[-3000:]
        assert run.status == dg.DagsterRunStatus.SUCCESS, log
    (generic,), (slack,) = receiver.delivered("/generic"), receiver.delivered("/slack")
    print(f"publish → webhook: {generic.at - published:.1f} s (generic), {slack.at - published:.1f} s (Slack)")
    record = MeetingRecord.model_validate_json(DataPaths(data).record_file(MEETING).read_bytes())
    brief = generic.body
    assert (brief["event"], brief["meeting"]) == ("fomc.release_brief", MEETING)
    decision = brief["decision"]
    assert (decision["action"], decision["change_bp"]) == ({"maintain": "hold"}.get(record.decision, record.decision),
                                                           record.change_bp)
    assert (decision["action"], decision["change_bp"]) == ("lower", -25)
    assert (record.range_after.low, record.range_after.high) == (3.5, 3.75)
    assert decision["range_after"] == "3-1/2 to 3-3/4 percent"
    dissenters = [d.name for d in record.dissents]
    assert [d["name"] for d in brief["vote"]["against"]] == dissenters and len(dissenters) == 3
    shown = json.dumps(slack.body, ensure_ascii=False)
    assert "Lower by 25 bp to 3-1/2 to 3-3/4 percent" in shown and all(name in shown for name in dissenters)
    assert brief["sources"]["statement"] in shown and slack.body["text"]
    assert [d.state for d in Outbox(DataPaths(data).outbox).all()] == ["sent", "sent"]
    assert len(receiver.posts) == 2  # once each, nothing repeated
