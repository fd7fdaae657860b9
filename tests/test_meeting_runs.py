"""What a per-meeting asset reports for a run over one meeting, and over several."""

import pytest

from fomc_pipeline.meeting_runs import run_metadata


def test_one_meeting_reports_as_itself_and_several_add_up_with_a_row_each():
    one = {"2025-01-29": {"chunks": 40, "path": "a"}}
    assert run_metadata(one, ["chunks"]) == {"chunks": 40, "path": "a"}
    several = {"2025-03-19": {"chunks": 50, "decision": "maintain"}, "2025-01-29": {"chunks": 40, "decision": "cut"}}
    meta = run_metadata(several, ["chunks"], shown=["decision"])
    assert meta["meetings_in_run"] == 2 and meta["chunks"] == 90
    assert meta["by_meeting"].value.splitlines()[2:] == ["| 2025-01-29 | 40 | cut |", "| 2025-03-19 | 50 | maintain |"]
    with pytest.raises(ValueError, match="at least one meeting"):
        run_metadata({}, ["chunks"])
