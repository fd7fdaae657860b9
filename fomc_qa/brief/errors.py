"""Why a meeting has no brief: a date the index holds no meeting for, or built files that are missing or damaged."""

from __future__ import annotations


class BriefUnavailable(Exception):
    """No brief for this meeting; `reason` says why in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MeetingNotIndexed(BriefUnavailable):
    """The index holds no meeting on that date (not a meeting day, or a meeting not built yet): bad input, 404."""


class BriefFilesMissing(BriefUnavailable):
    """No policy record at all, or a record or chunk file that is missing or does not match: rebuild, 503."""
