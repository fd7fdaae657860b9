"""A run's torch threads: the cores shared among the runs executing at once, re-counted between batches."""

from __future__ import annotations

import pytest

from fomc_pipeline.runs import run_threads as rt


def test_share_divides_the_cores_among_the_runs_and_never_goes_below_one():
    assert rt.share(2, 1) == 2
    assert rt.share(2, 2) == 1
    assert rt.share(2, 3) == 1
    assert rt.share(16, 2) == 8
    assert rt.share(2, 0) == 2


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_count_follows_the_runs_but_only_every_recheck_interval(monkeypatch):
    monkeypatch.delenv(rt.ENV, raising=False)
    runs, clock, set_to = [2], Clock(), []
    threads = rt.RunThreads(lambda: runs[0], recheck_s=5, clock=clock, set_threads=set_to.append, cores_=2)
    threads()
    assert threads.threads == 1 and set_to == [1]
    runs[0] = 1  # the other run of the backfill finished
    clock.now = 4.9
    threads()
    assert set_to == [1]  # not re-counted yet
    clock.now = 5.0
    threads()
    assert threads.threads == 2 and set_to == [1, 2] and threads.changes == [1, 2]
    clock.now = 10.0
    threads()
    assert set_to == [1, 2]  # unchanged counts are not set again


def test_an_unreadable_instance_keeps_the_count_or_takes_every_core(monkeypatch):
    monkeypatch.delenv(rt.ENV, raising=False)

    def broken():
        raise RuntimeError("database is locked")

    set_to = []
    threads = rt.RunThreads(broken, set_threads=set_to.append, cores_=2)
    threads()
    assert set_to == [2]


def test_the_environment_fixes_the_count(monkeypatch):
    monkeypatch.setenv(rt.ENV, "3")
    set_to = []
    threads = rt.RunThreads(lambda: 2, set_threads=set_to.append, cores_=2)
    threads()
    assert set_to == [3]
    monkeypatch.setenv(rt.ENV, "two")
    with pytest.raises(ValueError, match="FOMC_TORCH_THREADS"):
        rt.RunThreads(lambda: 2, set_threads=set_to.append)


def test_the_encoder_calls_the_hook_before_every_batch_and_it_is_removed_after():
    import dagster as dg

    from fomc_qa.index.embed import get_encoder

    encoder = get_encoder("all-MiniLM-L6-v2", runtime="torch")
    calls = []
    with dg.DagsterInstance.ephemeral() as instance, rt.threads_shared_with_runs(encoder, instance) as threads:
        hook = encoder.before_batch
        encoder.before_batch = lambda: (calls.append(1), hook())
        encoder.batch_size, batch = 2, encoder.batch_size
        try:
            encoder.encode([f"sentence number {i}" for i in range(5)])
        finally:
            encoder.batch_size = batch
        assert threads.threads == rt.cores()  # no run started on this instance: all cores
    assert len(calls) == 3
    assert encoder.before_batch is None
