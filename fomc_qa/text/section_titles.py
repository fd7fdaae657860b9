"""Short names for the minutes' standing section titles, for an answer's evidence labels.

An evidence line names its section so a reader tells the participants from the staff and the manager at a glance
("FOMC minutes of May 1, 2024 (Participants' Views): ..."); the standing titles run to nine words ("Participants'
Views on Current Conditions and the Economic Outlook"), read again on every line. Two to four words say the same;
the sources list keeps the full title, and a meeting's own sections ("Special Topic: Balance Sheet Issues") keep
theirs.
"""

from __future__ import annotations

import re

# (the full title, its short name): whole titles only, so a meeting's own section is never renamed
SHORT_TITLES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"Participants' Views on Current (?:Economic )?Conditions and the Economic Outlook"),
     "Participants' Views"),
    (re.compile(r"Staff Review of the Economic Situation"), "Staff Review: Economy"),
    (re.compile(r"Staff Review of the Financial Situation"), "Staff Review: Financial"),
    (re.compile(r"(?:Developments in|Discussion of) Financial Markets and Open Market Operations"
                r"|Financial Developments and Open Market Operations"), "Markets and the Desk"),
)


def short_title(title: str) -> str:
    """The title's short name, or the title itself when it is not a standing one."""
    return next((short for full, short in SHORT_TITLES if full.fullmatch(title)), title)
