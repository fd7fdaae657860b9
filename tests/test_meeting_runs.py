"""What a per-meeting asset reports for a run over one meeting, and over several: each partition its own figures."""

import pytest

from fomc_pipeline.assets.meeting_runs import report_meetings, run_summary


class _Context:
    def __init__(self):
        self.by_partition, self.logged = {}, []
        self.log = type("Log", (), {"info": lambda _, line: self.logged.append(line)})()

    def add_asset_metadata(self, metadata, partition_key=None):
        self.by_partition.setdefault(partition_key, {}).update(metadata)


def test_each_meeting_s_figures_go_on_its_own_partition_and_the_run_s_totals_to_its_log():
    one, context = {"2025-01-29": {"chunks": 40, "path": "a"}}, _Context()
    assert report_meetings(context, one, ["chunks"]) == {"meetings_in_run": 1}
    assert context.by_partition == {"2025-01-29": {"chunks": 40, "path": "a"}} and context.logged == []
    several = {"2025-03-19": {"chunks": 50, "decision": "maintain"}, "2025-01-29": {"chunks": 40, "decision": "cut"}}
    context = _Context()
    assert report_meetings(context, several, ["chunks"], shown=["decision"]) == {"meetings_in_run": 2}
    assert context.by_partition == several  # never the run's sum (90) on a partition
    (logged,) = context.logged
    assert logged.splitlines()[0] == "this run's 2 meetings: chunks 90"
    assert logged.splitlines()[3:] == ["| 2025-01-29 | 40 | cut |", "| 2025-03-19 | 50 | maintain |"]
    with pytest.raises(ValueError, match="at least one meeting"):
        run_summary({}, ["chunks"])


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
