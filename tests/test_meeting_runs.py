"""What a per-meeting asset reports for a run over one meeting, and over several."""

import pytest

from fomc_pipeline.assets.meeting_runs import run_metadata


def test_one_meeting_reports_as_itself_and_several_add_up_with_a_row_each():
    one = {"2025-01-29": {"chunks": 40, "path": "a"}}
    assert run_metadata(one, ["chunks"]) == {"chunks": 40, "path": "a"}
    several = {"2025-03-19": {"chunks": 50, "decision": "maintain"}, "2025-01-29": {"chunks": 40, "decision": "cut"}}
    meta = run_metadata(several, ["chunks"], shown=["decision"])
    assert meta["meetings_in_run"] == 2 and meta["chunks"] == 90
    assert meta["by_meeting"].value.splitlines()[2:] == ["| 2025-01-29 | 40 | cut |", "| 2025-03-19 | 50 | maintain |"]
    with pytest.raises(ValueError, match="at least one meeting"):
        run_metadata({}, ["chunks"])


def test_a_failed_write_in_a_run_of_several_meetings_names_the_run_s_range():
    from types import SimpleNamespace

    import dagster as dg

    from fomc_pipeline.assets.write_failures import fails_on_write_errors
    from fomc_qa.index.tables import WriteFailed

    @fails_on_write_errors
    def asset_body(context):
        raise WriteFailed("/data/warehouse/chunks/2025-03-19.parquet", OSError(28, "No space left on device"))

    def context(keys):
        return SimpleNamespace(has_partition_key=len(keys) == 1, has_partition_key_range=len(keys) > 1,
                               partition_key=keys[0], partition_keys=keys, log=SimpleNamespace(debug=lambda _: None))

    with pytest.raises(dg.Failure) as one:
        asset_body(context(["2025-03-19"]))
    assert one.value.description.startswith("partition 2025-03-19: cannot write /data/warehouse/chunks/2025-03-19")
    with pytest.raises(dg.Failure) as several:
        asset_body(context(["2025-01-29", "2025-03-19", "2025-05-07"]))
    assert several.value.description.startswith("partitions 2025-01-29…2025-05-07 (3 meetings): cannot write "
                                                "/data/warehouse/chunks/2025-03-19.parquet")
