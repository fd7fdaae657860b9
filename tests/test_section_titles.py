"""Short names for the minutes' standing section titles: whole titles only."""

from __future__ import annotations

import pytest

from fomc_qa.text.section_titles import short_title


@pytest.mark.parametrize(("title", "short"), [
    ("Participants' Views on Current Conditions and the Economic Outlook", "Participants' Views"),
    ("Participants' Views on Current Economic Conditions and the Economic Outlook", "Participants' Views"),
    ("Staff Review of the Economic Situation", "Staff Review: Economy"),
    ("Staff Review of the Financial Situation", "Staff Review: Financial"),
    ("Developments in Financial Markets and Open Market Operations", "Markets and the Desk"),
    ("Financial Developments and Open Market Operations", "Markets and the Desk"),
    # near misses: a meeting's own section, a standing one already short, a title that only contains a standing one
    ("Special Topic: Balance Sheet Issues", "Special Topic: Balance Sheet Issues"),
    ("Committee Policy Actions", "Committee Policy Actions"),
    ("Staff Economic Outlook", "Staff Economic Outlook"),
    ("Discussion of Staff Review of the Economic Situation Methods", "Discussion of Staff Review of the Economic "
                                                                     "Situation Methods"),
])
def test_short_title(title, short):
    assert short_title(title) == short
