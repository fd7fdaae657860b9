"""A write that fails (full disk, no permission, read-only filesystem) fails its asset with one line,
the path and the reason; the traceback goes to the run's event log (debug level), not the terminal."""

from __future__ import annotations

import functools
import traceback

import dagster as dg

from fomc_qa.index.tables import WriteFailed


def fails_on_write_errors(fn):
    """Wrap an asset body: WriteFailed becomes a dg.Failure whose description is its one line."""

    @functools.wraps(fn)
    def wrapper(context, *args, **kwargs):
        try:
            return fn(context, *args, **kwargs)
        except WriteFailed as exc:
            context.log.debug("".join(traceback.format_exception(exc)))
            raise dg.Failure(description=f"{_where(context)}{exc}", allow_retries=False) from None

    return wrapper


def _where(context) -> str:
    """The run's partitions: one meeting, or a backfill's range of several (the path names the meeting)."""
    if context.has_partition_key:
        return f"partition {context.partition_key}: "
    if context.has_partition_key_range:
        keys = context.partition_keys
        return f"partitions {keys[0]}…{keys[-1]} ({len(keys)} meetings): "
    return ""
