"""The build's progress line: meetings and steps done of total, and an ETA from the pace so far."""

from fomc_pipeline.runs.backfill import Progress


def test_eta_follows_the_pace_of_steps_and_stops_when_done():
    halfway = Progress(meetings_done=25, meetings_total=50, steps_done=150, steps_total=300, downstream_done=[],
                       downstream_total=5, runs={"STARTED": 1, "SUCCESS": 1}, elapsed_s=120.0)
    assert halfway.eta_s == 120.0
    assert halfway.line() == ("[   120 s] meetings 25/50 (steps 150/300, ETA 120 s); downstream 0/5; "
                              "runs: 1 started, 1 success")
    fresh = Progress(0, 50, 0, 300, [], 5, {}, 3.0)
    assert fresh.eta_s is None and fresh.line().endswith("runs: none yet")
    done = Progress(50, 50, 300, 300, ["corpus"], 5, {"SUCCESS": 2}, 400.0)
    assert done.eta_s is None and "downstream 1/5" in done.line()
    assert halfway.state() != done.state()
