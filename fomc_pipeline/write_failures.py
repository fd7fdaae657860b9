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
            where = f"partition {context.partition_key}: " if context.has_partition_key else ""
            raise dg.Failure(description=f"{where}{exc}", allow_retries=False) from None

    return wrapper
