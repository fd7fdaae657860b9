"""Bounded polling, shared by the daemon tests and the benchmarks that drive a live daemon."""

from __future__ import annotations

import time


def poll(predicate, what: str, timeout_s: float, poll_s: float = 2.0):
    """Call `predicate` until it returns something truthy and return that; TimeoutError naming `what`
    after `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"not within {timeout_s:.0f} s: {what}")
        time.sleep(poll_s)
