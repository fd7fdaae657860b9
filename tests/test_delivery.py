"""Webhook delivery through the disk outbox, on loopback: the payloads, the configuration, retries (5xx, 5xx,
200 gives one delivery), a permanent 4xx, and a process killed between writing and sending (the restart sends
once, a second restart nothing)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from receiver import receiving

from fomc_qa.delivery.outbox import CRASH_ENV, Outbox, RetryPolicy, deliver_release, delivery_id, due_meetings
from fomc_qa.delivery.payloads import EVENT, slack_payload
from fomc_qa.delivery.webhooks import WebhookConfigError, configured_webhooks, parse_webhooks

CITE = {"chunk_id": "statement-2025-12-10-0001", "document": "statement", "date": "2025-12-10", "quote": "q"}
BRIEF = {
    "meeting": "2025-12-10",
    "headline": "FOMC lowers the target range by 25 bp to 3-1/2 to 3-3/4 percent; 9-3 vote",
    "decision": {"action": "lower", "change_bp": -25, "range_before": "3-3/4 to 4 percent",
                 "range_after": "3-1/2 to 3-3/4 percent", "sentence": "the Committee decided to lower",
                 "citation": CITE},
    "vote": {"for": ["Jerome H. Powell", "John C. Williams"], "tally": "9-3", "against": [
        {"name": "Stephen I. Miran", "preference": "preferred to lower by 1/2", "preferred_change_bp": -50,
         "sentence": "s", "citation": CITE},
        {"name": "Austan D. Goolsbee", "preference": "preferred no change", "sentence": "s", "citation": CITE}]},
    "redline": {"previous": "2025-10-29",
                "added": [{"sentence": "In considering the extent and timing", "citation": CITE}],
                "removed": [],
                "revised": [{"before": "a", "after": "b", "edit": [["-", "a"], ["+", "b"]], "summary": "“a” → “b”",
                             "citation": CITE}]},
    "sources": {"statement": "https://www.federalreserve.gov/newsevents/pressreleases/monetary20251210a.htm",
                "minutes": None},
}
FAST = RetryPolicy(attempts=4, backoff_s=0.01, timeout_s=5)


def test_payloads_carry_the_brief():
    slack = slack_payload(BRIEF)
    text = json.dumps(slack["blocks"], ensure_ascii=False)
    assert "Lower by 25 bp to 3-1/2 to 3-3/4 percent" in text
    assert "Stephen I. Miran (preferred a 50 bp cut)" in text and "Goolsbee (preferred no change)" in text
    assert "Revised: “a” → “b”" in text and "Added: In considering" in text
    assert BRIEF["sources"]["statement"] in text and slack["text"].startswith(BRIEF["headline"])


def test_webhook_configuration(tmp_path):
    hooks = parse_webhooks("http://127.0.0.1:9/a, slack:http://127.0.0.1:9/b,https://hooks.slack.com/services/T/B/x")
    assert [h.format for h in hooks] == ["json", "slack", "slack"]
    assert hooks[1].url == "http://127.0.0.1:9/b"
    listed = tmp_path / "hooks.yaml"
    listed.write_text("webhooks:\n  - http://127.0.0.1:9/c\n  - {url: 'http://127.0.0.1:9/d', format: slack}\n")
    found = configured_webhooks({"FOMC_WEBHOOKS": "http://127.0.0.1:9/a", "FOMC_WEBHOOKS_FILE": str(listed)})
    assert [(h.url[-1], h.format) for h in found] == [("a", "json"), ("c", "json"), ("d", "slack")]
    with pytest.raises(WebhookConfigError, match="not an http"):
        parse_webhooks("ftp://example")
    listed.write_text("webhooks: {url: 1}")
    with pytest.raises(WebhookConfigError, match="expected a list"):
        configured_webhooks({"FOMC_WEBHOOKS_FILE": str(listed)})


def test_5xx_5xx_200_is_one_delivery_and_never_twice(tmp_path):
    outbox = Outbox(tmp_path / "outbox")
    with receiving() as receiver:
        receiver.script["/json"] = [503, 500]
        hooks = parse_webhooks(f"{receiver.url}/json,slack:{receiver.url}/slack")
        first = deliver_release(outbox, "2025-12-10", BRIEF, hooks, FAST)
        assert [(d.state, d.attempts) for d in first] == [("sent", 3), ("sent", 1)]
        assert [p.status for p in receiver.posts if p.path == "/json"] == [503, 500, 200]
        (json_post,) = receiver.delivered("/json")
        assert json_post.body == {"event": EVENT, **BRIEF}
        assert json_post.headers["X-FOMC-Delivery-Id"] == delivery_id("2025-12-10", f"{receiver.url}/json")
        deliver_release(outbox, "2025-12-10", BRIEF, hooks, FAST)  # a re-run: both are sent already
        assert len(receiver.delivered()) == 2 and len(receiver.posts) == 4
    assert outbox.summary()["sent"] == 2 and not outbox.summary()["unsent"]


def test_a_failing_webhook_is_kept_and_reported(tmp_path):
    outbox = Outbox(tmp_path / "outbox")
    with receiving() as receiver:
        receiver.script["/down"] = [503] * 4
        receiver.script["/gone"] = [404]
        hooks = parse_webhooks(f"{receiver.url}/down,{receiver.url}/gone")
        down, gone = deliver_release(outbox, "2025-12-10", BRIEF, hooks, FAST)
        assert (down.state, down.attempts, down.last_error) == ("pending", 4, "HTTP 503")
        assert (gone.state, gone.attempts, gone.last_status) == ("failed", 1, 404)
        assert due_meetings(outbox, down.next_attempt_at + 1) == ["2025-12-10"]
        down, gone = deliver_release(outbox, "2025-12-10", BRIEF, hooks, FAST)  # the retry: 200 now, 404 not re-sent
        assert (down.state, gone.state) == ("sent", "failed")
        assert [p.path for p in receiver.posts].count("/gone") == 1
    assert {u["state"] for u in outbox.summary()["unsent"]} == {"failed"}


SENDER = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from fomc_qa.delivery.outbox import Outbox, RetryPolicy, deliver_release
    from fomc_qa.delivery.webhooks import parse_webhooks
    outbox, brief, hooks = Path(sys.argv[1]), json.loads(sys.argv[2]), parse_webhooks(sys.argv[3])
    done = deliver_release(Outbox(outbox), "2025-12-10", brief, hooks, RetryPolicy(backoff_s=0.01))
    print(json.dumps([d.state for d in done]))
""")


def test_killed_between_writing_and_sending_the_restart_delivers_once(tmp_path):
    outbox = tmp_path / "outbox"
    with receiving() as receiver:
        hooks = f"{receiver.url}/json,slack:{receiver.url}/slack"
        run = [sys.executable, "-c", SENDER, str(outbox), json.dumps(BRIEF), hooks]
        killed = subprocess.run(run, env={**os.environ, CRASH_ENV: "written"}, capture_output=True, timeout=60)
        assert killed.returncode == -signal.SIGKILL
        assert not receiver.posts and {d.state for d in Outbox(outbox).all()} == {"pending"}
        for _ in range(2):  # the restart sends both; a second restart sends nothing
            restarted = subprocess.run(run, capture_output=True, text=True, timeout=60, check=True)
            assert json.loads(restarted.stdout) == ["sent", "sent"]
        assert sorted(p.path for p in receiver.posts) == ["/json", "/slack"]


def test_doctor_reports_the_outbox(tmp_path, monkeypatch, capsys):
    from fomc_qa.cli import doctor

    outbox = Outbox(tmp_path / "outbox")
    with receiving() as receiver:
        receiver.script["/gone"] = [410]
        deliver_release(outbox, "2025-12-10", BRIEF, parse_webhooks(f"{receiver.url}/ok,{receiver.url}/gone"), FAST)
    monkeypatch.setenv("FOMC_DATA_DIR", str(tmp_path))
    doctor.main(["--json"])
    reported = json.loads(capsys.readouterr().out)["outbox"]
    assert (reported["sent"], reported["failed"]) == (1, 1) and reported["unsent"][0]["last_error"] == "HTTP 410"
    doctor.main([])
    shown = capsys.readouterr().out
    assert "outbox" in shown and f"outbox: failed: 2025-12-10 → {receiver.url}/gone after 1 attempts" in shown
