"""The new-meeting sensor and the monthly backfill schedule, against a calendar that grows."""

from __future__ import annotations

import datetime as dt

import dagster as dg
import pytest
from conftest import SNAPSHOT
from sites import Route, calendar_without, serve

from fomc_pipeline.automation import monthly_backfill, new_meeting_sensor, plan_backfill
from fomc_pipeline.fed.calendar import CALENDAR_PATH, parse_calendar
from fomc_pipeline.partitions import meetings
from fomc_pipeline.resources import FedSite, Storage
from fomc_qa.config import DataPaths
from fomc_qa.index.tables import read_table, write_rows


@pytest.fixture()
def site():
    with serve(SNAPSHOT) as s:
        yield s


def _evaluate(site, instance):
    context = dg.build_sensor_context(
        instance=instance, resources={"fed": FedSite(base_url=site.url, start_date="2025-01-01")}
    )
    return new_meeting_sensor(context)


def test_sensor_adds_only_newly_listed_published_meetings(site):
    later = {"2025-10-29", "2025-12-10"}
    site.routes[CALENDAR_PATH] = Route(body=calendar_without(SNAPSHOT, later))
    with dg.DagsterInstance.ephemeral() as instance:
        first = _evaluate(site, instance)
        added = first.dynamic_partitions_requests[0].partition_keys
        assert sorted(added) == ["2025-01-29", "2025-03-19", "2025-05-07", "2025-06-18", "2025-07-30", "2025-09-17"]
        assert sorted(r.partition_key for r in first.run_requests) == sorted(added)
        instance.add_dynamic_partitions(meetings.name, added)

        site.routes.pop(CALENDAR_PATH)  # the full calendar: two more meetings, and 2026-27 not yet published
        second = _evaluate(site, instance)
        assert sorted(second.dynamic_partitions_requests[0].partition_keys) == sorted(later)
        assert sorted(r.partition_key for r in second.run_requests) == sorted(later)
        assert {r.run_key for r in second.run_requests} == {f"meeting-{k}" for k in later}
        instance.add_dynamic_partitions(meetings.name, sorted(later))

        third = _evaluate(site, instance)
        assert isinstance(third, dg.SkipReason)


def _closed_port_url() -> str:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}"


@pytest.mark.parametrize("where", ["broken calendar", "offline"])
def test_a_tick_that_cannot_read_the_calendar_is_skipped_with_one_line_naming_cause_and_fix(site, where, tmp_path):
    """`dagster dev` offline: the Automation page shows a skipped tick with one line, not a traceback."""
    site.routes[CALENDAR_PATH] = Route(status=500)
    url = site.url if where == "broken calendar" else _closed_port_url()
    fed = FedSite(base_url=url, retries=1, backoff_s=0.01, start_date="2025-01-01")
    with dg.DagsterInstance.ephemeral() as instance:
        result = new_meeting_sensor(dg.build_sensor_context(instance=instance, resources={"fed": fed}))
    (tmp_path / "home").mkdir()
    instance = dg.DagsterInstance.local_temp(tempdir=str(tmp_path / "home"))
    with dg.build_schedule_context(instance=instance, scheduled_execution_time=dt.datetime(2026, 1, 1, 6),
                                   resources={"fed": fed, "storage": Storage(data_dir=str(tmp_path))}) as context:
        scheduled = monthly_backfill(context)
    for skipped in (result, scheduled):
        assert isinstance(skipped, dg.SkipReason)
        line = skipped.skip_message
        assert "\n" not in line and "Traceback" not in line
        assert line.startswith(f"cannot read the FOMC calendar from {url} (FOMC_SOURCE_URL): GET ")
        assert ("HTTP 500" in line) if where == "broken calendar" else ("attempts" in line)
        assert "fix:" in line and "FOMC_SOURCE_URL=snapshot" in line


def test_fomc_source_url_snapshot_points_the_sensor_at_the_bundled_snapshot(monkeypatch):
    """`FOMC_SOURCE_URL=snapshot dagster dev`: the sensor reads the bundled snapshot, served on loopback."""
    monkeypatch.setenv("FOMC_SOURCE_URL", "snapshot")
    monkeypatch.setenv("FOMC_START_DATE", "2025-06-01")
    fed = FedSite()
    assert fed.client().base_url.startswith("http://127.0.0.1:")
    with dg.DagsterInstance.ephemeral() as instance:
        result = new_meeting_sensor(dg.build_sensor_context(instance=instance, resources={"fed": fed}))
    assert sorted(result.dynamic_partitions_requests[0].partition_keys) == [
        "2025-06-18", "2025-07-30", "2025-09-17", "2025-10-29", "2025-12-10"]


def test_backfill_plans_missing_partitions_and_incomplete_minutes(tmp_path):
    calendar = (SNAPSHOT / CALENDAR_PATH.lstrip("/")).read_text()
    listed = [m for m in parse_calendar(calendar) if m.meeting_date.year == 2025]
    paths = DataPaths(tmp_path)
    keys = [m.key for m in listed]
    # 2025-12-10 was fetched before its minutes were published: raw pages hold the statement only.
    write_rows(paths.partition_file("raw_pages", "2025-12-10"), "raw_pages", [{
        "meeting_date": dt.date(2025, 12, 10), "doc_type": "statement", "source_url": "https://x/y.htm", "status": 200,
        "html": "<html></html>", "bytes": 13, "sha256": "0", "listed_release_date": None,
        "fetched_at": dt.datetime(2025, 12, 10, tzinfo=dt.UTC)}])
    materialized = set(keys) - {"2025-03-19"}
    assert plan_backfill(listed, set(keys), materialized, paths) == ["2025-03-19", "2025-12-10"]


def test_monthly_schedule_requests_runs_for_unmaterialized_partitions(site, tmp_path):
    # A schedule context needs an instance with a ref (an ephemeral one has none).
    (tmp_path / "home").mkdir()
    instance = dg.DagsterInstance.local_temp(tempdir=str(tmp_path / "home"))
    instance.add_dynamic_partitions(meetings.name, ["2025-01-29", "2025-03-19"])
    # Exited, so the instance the context opens from its ref leaves no current defs-state storage behind.
    with dg.build_schedule_context(
        instance=instance,
        scheduled_execution_time=dt.datetime(2026, 12, 1, 6, 0),
        resources={
            "fed": FedSite(base_url=site.url, start_date="2025-01-01"), "storage": Storage(data_dir=str(tmp_path)),
        },
    ) as context:
        requests = list(monthly_backfill(context))
    assert sorted(r.partition_key for r in requests) == ["2025-01-29", "2025-03-19"]
    assert all(r.run_key.startswith("backfill-2026-12-") for r in requests)


def test_minutes_published_later_are_picked_up_by_the_monthly_backfill(site, built, tmp_path):
    """Three weeks after the statement the minutes appear; the next monthly tick re-runs the meeting. The
    meeting is one of the fixture build's, whose embedding cache the data dir starts with: what is tested is
    the schedule, not the encoder."""
    from conftest import resources_for, seed_embedding_cache

    from fomc_pipeline import definitions as d

    key, minutes = "2025-10-29", "/monetarypolicy/fomcminutes20251029.htm"
    calendar = (SNAPSHOT / CALENDAR_PATH.lstrip("/")).read_text()
    site.routes[CALENDAR_PATH] = Route(body=calendar.replace(f'href="{minutes}"', 'href="#"').encode())
    site.routes[minutes] = Route(status=404)
    (tmp_path / "home").mkdir()
    seed_embedding_cache(built[0], tmp_path / "data")
    instance = dg.DagsterInstance.local_temp(tempdir=str(tmp_path / "home"))
    instance.add_dynamic_partitions(meetings.name, [key])
    resources = resources_for(tmp_path / "data", site.url)
    assert dg.materialize(d.per_meeting_assets, partition_key=key, instance=instance,
                          resources=resources).success
    assert "minutes" not in read_table(DataPaths(tmp_path / "data").partition_file("raw_pages", key)).column(
        "doc_type").to_pylist()

    def tick(month: int):
        with dg.build_schedule_context(
            instance=instance, scheduled_execution_time=dt.datetime(2026, month, 1, 6, 0),
            resources={"fed": FedSite(base_url=site.url, start_date="2025-10-01"),
                       "storage": Storage(data_dir=str(tmp_path / "data"))}) as context:
            return monthly_backfill(context)

    assert isinstance(tick(1), dg.SkipReason)  # statement only, and the calendar links no minutes yet
    site.routes.clear()  # the minutes are published and linked
    requests = list(tick(2))
    assert [(r.partition_key, r.run_key) for r in requests] == [(key, f"backfill-2026-02-{key}")]
    assert dg.materialize(d.per_meeting_assets, partition_key=key, instance=instance,
                          resources=resources).success
    assert isinstance(tick(3), dg.SkipReason)


def test_the_schedule_is_previewed_by_the_cli(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    from fomc_pipeline.runs.instance_home import INSTANCE_CONFIG

    (tmp_path / "dagster.yaml").write_text(INSTANCE_CONFIG.read_text())
    dagster = str(Path(sys.executable).parent / "dagster")
    preview = subprocess.run([dagster, "schedule", "preview", "-m", "fomc_pipeline.definitions"],
                             env={**os.environ, "DAGSTER_HOME": str(tmp_path)}, capture_output=True, text=True,
                             timeout=180, check=True)
    assert "monthly_backfill (add)" in preview.stdout
