"""The code location loads cleanly: valid definitions, every asset grouped and described."""

from __future__ import annotations

import importlib
import warnings

import dagster as dg


def test_definitions_load_without_warnings_and_validate():
    import fomc_pipeline.definitions as module

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.reload(module)
    assert [str(w.message) for w in caught if "fomc" in str(w.filename) or "dagster" in str(w.filename)] == []
    dg.Definitions.validate_loadable(module.defs)


def test_every_asset_has_a_group_and_a_description():
    from fomc_pipeline.definitions import defs

    graph = defs.resolve_asset_graph()
    for key in graph.get_all_asset_keys():
        node = graph.get(key)
        assert node.group_name and node.group_name != "default", key
        assert node.description, key
    assert {"fomc_meetings"} == {
        n.partitions_def.name for n in map(graph.get, graph.get_all_asset_keys()) if n.partitions_def
    }
