"""The release-day watch on loopback, without a daemon: the window (no request outside it), the day's one
calendar read, one conditional GET per tick of the expected statement URL until the snapshot server's release
switch flips, backoff on errors, and the sensor's run request on publication."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import dagster as dg
import pytest
from conftest import SNAPSHOT

from fomc_pipeline.fed.calendar import CALENDAR_PATH, statement_path
from fomc_pipeline.fed.fetch import USER_AGENT, FedClient
from fomc_pipeline.fed.snapshot_server import ReleaseSwitch, serve_snapshot
from fomc_pipeline.fed.watch import WatchConfig, WatchConfigError, WatchState, clock_shift_to, parse_window, step

NY = ZoneInfo("America/New_York")
MEETING = "2025-12-10"
STATEMENT = statement_path(dt.date(2025, 12, 10))


def at(day: str, hhmm: str) -> WatchConfig:
    """The default window, with the clock reading `day` at `hhmm` New York time."""
    moment = dt.datetime.fromisoformat(f"{day}T{hhmm}").replace(tzinfo=NY)
    return WatchConfig(parse_window("13:58-14:30"), interval_s=10, clock_shift_s=clock_shift_to(moment))


@pytest.fixture()
def held():
    switch = ReleaseSwitch()
    switch.hold(MEETING)
    with serve_snapshot(SNAPSHOT, switch=switch) as url:
        yield switch, (lambda: FedClient(url, retries=0, timeout_s=5))


def test_window_setting():
    window = parse_window("13:58-14:30")
    assert window.contains(dt.datetime(2025, 12, 10, 19, 0, tzinfo=dt.UTC))  # 2:00 pm EST
    assert not window.contains(dt.datetime(2025, 12, 10, 19, 31, tzinfo=dt.UTC))
    for bad in ("2pm", "14:30-13:58", "25:00-26:00"):
        with pytest.raises(WatchConfigError, match="FOMC_WATCH_WINDOW"):
            parse_window(bad)
    assert WatchConfig.from_env({"FOMC_WATCH_WINDOW": "13:00-15:00", "FOMC_WATCH_INTERVAL_S": "2"}).interval_s == 2


def test_outside_the_window_no_request_is_made(held):
    switch, client = held
    state = WatchState()
    for hhmm in ["13:57", "14:31", "09:00"]:
        state, outcome = step(state, at(MEETING, hhmm), client)
        assert outcome.kind == "outside"
    assert switch.hits == {}


def test_a_decision_day_polls_once_per_tick_until_the_statement_is_out(held):
    switch, client = held
    state, outcome = step(WatchState(), at(MEETING, "13:58"), client)
    assert (outcome.kind, state.meeting, switch.hits) == ("calendar-read", MEETING, {CALENDAR_PATH: 1})
    for tick in range(1, 3):
        state, outcome = step(state, at(MEETING, "13:59"), client)
        assert outcome.kind == "waiting" and switch.hits[STATEMENT] == tick
    switch.release()
    state, outcome = step(state, at(MEETING, "14:00"), client)
    assert (outcome.kind, state.published) == ("published", MEETING)
    assert set(state.validators) == {"etag", "last-modified"}
    with client() as fed:  # the validators make the next ask a 304
        assert fed.poll(STATEMENT, state.validators).status == 304
    state, outcome = step(state, at(MEETING, "14:01"), client)
    assert outcome.kind == "done" and switch.hits[STATEMENT] == 4 and switch.hits[CALENDAR_PATH] == 1
    assert switch.agents == {USER_AGENT}


def test_a_day_without_a_meeting_reads_the_calendar_once(held):
    switch, client = held
    state = WatchState()
    for _ in range(3):
        state, outcome = step(state, at("2025-12-11", "14:00"), client)
    assert outcome.kind == "not-decision-day" and switch.hits == {CALENDAR_PATH: 1}


def test_errors_back_off():
    unreachable = lambda: FedClient("http://127.0.0.1:9", retries=0, timeout_s=1)  # noqa: E731 - a factory
    state, outcome = step(WatchState(day=MEETING, meeting=MEETING), at(MEETING, "14:00"), unreachable)
    assert outcome.kind == "error" and state.failures == 1 and "next try in 20 s" in outcome.line
    state, outcome = step(state, at(MEETING, "14:00"), unreachable)
    assert outcome.kind == "backoff" and state.failures == 1


def test_the_sensor_requests_the_release_run(held, tmp_path, monkeypatch):
    from conftest import resources_for

    from fomc_pipeline.definitions import defs
    from fomc_pipeline.release_watch import release_watch_sensor

    switch, client = held
    resources = resources_for(tmp_path, client().base_url)
    instance = dg.DagsterInstance.ephemeral()
    monkeypatch.setenv("FOMC_WATCH_CLOCK_SHIFT_S", str(at(MEETING, "12:00").clock_shift_s))
    context = dg.build_sensor_context(instance=instance, resources=resources, definitions=defs)
    assert isinstance(release_watch_sensor(context), dg.SkipReason) and switch.hits == {}
    monkeypatch.setenv("FOMC_WATCH_CLOCK_SHIFT_S", str(at(MEETING, "14:00").clock_shift_s))
    switch.release()
    for _ in range(2):  # the calendar, then the statement
        context = dg.build_sensor_context(instance=instance, resources=resources, definitions=defs,
                                          cursor=context.cursor)
        result = release_watch_sensor(context)
    (request,) = result.run_requests
    assert (request.partition_key, request.job_name, request.run_key) == (MEETING, "release_job", f"release-{MEETING}")
    assert result.dynamic_partitions_requests[0].partition_keys == [MEETING]
