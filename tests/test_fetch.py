"""HTTP behaviour against a loopback server: retries, timeouts, clear failures, truncated pages."""

from __future__ import annotations

import dagster as dg
import pytest
from conftest import SNAPSHOT
from sites import Route, serve

from fomc_pipeline.fed.fetch import USER_AGENT, FedClient, FetchError
from fomc_pipeline.fed.ingestion import find_meeting

STATEMENT = "/newsevents/pressreleases/monetary20240131a.htm"
MINUTES = "/monetarypolicy/fomcminutes20240131.htm"


@pytest.fixture()
def site():
    with serve(SNAPSHOT) as s:
        yield s


def test_fetches_a_page_with_a_descriptive_user_agent(site):
    with FedClient(site.url) as client:
        page = client.get(STATEMENT)
    assert page.found and "Federal Reserve issues FOMC statement" in page.text
    assert site.user_agents[-1] == USER_AGENT and "fomc-qa" in USER_AGENT


def test_404_is_an_answer_not_an_error(site):
    with FedClient(site.url, retries=0) as client:
        page = client.get("/monetarypolicy/fomcminutes20300101.htm")
        assert not page.found and page.status == 404
        with pytest.raises(FetchError, match="fomcminutes20300101.htm.*404"):
            client.get_page("/monetarypolicy/fomcminutes20300101.htm")


def test_retries_5xx_with_backoff_then_succeeds(site):
    site.routes[STATEMENT] = Route(status=503, fail_times=2)
    with FedClient(site.url, retries=3, backoff_s=0.01) as client:
        assert client.get(STATEMENT).found
    assert site.hits[STATEMENT] == 3


def test_persistent_500_fails_naming_url_and_status(site):
    site.routes[STATEMENT] = Route(status=500)
    with FedClient(site.url, retries=2, backoff_s=0.01) as client, pytest.raises(FetchError) as err:
        client.get(STATEMENT)
    assert site.url + STATEMENT in str(err.value) and "HTTP 500" in str(err.value) and "3 attempts" in str(err.value)
    assert site.hits[STATEMENT] == 3


def test_hanging_server_times_out_and_names_url(site):
    site.routes[STATEMENT] = Route(delay_s=2.0)
    with FedClient(site.url, timeout_s=0.2, retries=1, backoff_s=0.01) as client, pytest.raises(FetchError) as err:
        client.get(STATEMENT)
    assert "timed out" in str(err.value) and STATEMENT in str(err.value)


def test_other_client_errors_fail_at_once(site):
    site.routes[STATEMENT] = Route(status=403)
    with FedClient(site.url, retries=3, backoff_s=0.01) as client, pytest.raises(FetchError, match="HTTP 403"):
        client.get(STATEMENT)
    assert site.hits[STATEMENT] == 1


def test_production_links_are_rewritten_to_the_mirror(site):
    client = FedClient(site.url)
    assert client.url_for("https://www.federalreserve.gov" + MINUTES) == site.url + MINUTES
    assert client.url_for(MINUTES) == site.url + MINUTES


def _run_ingest(site, tmp_path, key="2024-01-31"):
    from fomc_pipeline.assets.ingest import documents, raw_pages
    from fomc_pipeline.partitions import meetings
    from fomc_pipeline.resources import Embedder, FedSite, Storage

    resources = {"fed": FedSite(base_url=site.url, retries=1, backoff_s=0.01),
                 "storage": Storage(data_dir=str(tmp_path)), "embedder": Embedder()}
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(meetings.name, [key])
        return dg.materialize([raw_pages, documents], partition_key=key, instance=instance, resources=resources,
                              raise_on_error=False)


def test_truncated_page_fails_its_partition_with_a_message(site, tmp_path):
    html = (SNAPSHOT / MINUTES.lstrip("/")).read_bytes()
    site.routes[MINUTES] = Route(body=html[: int(len(html) * 0.6)])
    result = _run_ingest(site, tmp_path)
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    assert "documents" in failure.step_key
    assert "fomcminutes20240131.htm" in failure.event_specific_data.error.to_string()
    assert not (tmp_path / "warehouse" / "documents" / "2024-01-31.parquet").exists()


def test_server_errors_fail_raw_pages_naming_the_url(site, tmp_path):
    site.routes[STATEMENT] = Route(status=500)
    result = _run_ingest(site, tmp_path)
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    assert failure.step_key == "raw_pages"
    assert "monetary20240131a.htm" in failure.event_specific_data.error.to_string()


def test_finding_a_meeting_fetches_only_the_pages_that_can_list_it(site):
    with FedClient(site.url) as client:
        recent = find_meeting(client, "2024-01-31")
    assert recent.meeting_date.isoformat() == "2024-01-31"
    assert set(site.hits) == {"/monetarypolicy/fomccalendars.htm"}
    site.hits.clear()
    with FedClient(site.url) as client:
        assert find_meeting(client, "2020-03-15").meeting_date.isoformat() == "2020-03-15"
    assert set(site.hits) == {"/monetarypolicy/fomccalendars.htm", "/monetarypolicy/fomchistorical2020.htm"}
