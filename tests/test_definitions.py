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


def test_descriptions_render_as_written():
    """The UI renders descriptions as markdown: a `<meeting>` placeholder vanishes as an HTML tag."""
    import re

    from fomc_pipeline.definitions import defs

    graph = defs.resolve_asset_graph()
    texts = {key.to_user_string(): graph.get(key).description for key in graph.get_all_asset_keys()}
    texts |= {key.to_user_string(): graph.get(key).description for key in graph.asset_check_keys}
    texts |= {s.name: s.description for s in [*defs.sensors, *defs.schedules, *defs.jobs]}
    tags = {name: re.findall(r"<[A-Za-z/][^>]*>", text) for name, text in texts.items() if text}
    assert {name: found for name, found in tags.items() if found} == {}


def test_checks_on_the_corpus_run_after_every_asset_whose_files_they_read():
    """corpus_files_intact reads the sentence table (reader_sentences) and the catalog (rewritten by
    policy_timeline): in a run with them it must come after them, or it reads files its run has not written."""
    from fomc_pipeline import definitions as d

    job = d.defs.resolve_implicit_global_asset_job_def().get_subset(
        asset_selection={a.key for a in d.downstream})
    deps = job.graph.dependency_structure

    def upstream(node: str) -> set[str]:
        return {h.node_name for h in deps.all_upstream_outputs_from_node(node)}

    assert {"reader_sentences", "policy_timeline"} <= upstream("corpus_corpus_files_intact")
    assert "policy_timeline" in upstream("corpus_corpus_is_unique")


def test_no_pipeline_module_over_500_lines_or_function_over_80():
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "fomc_pipeline"
    too_long = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text()
        if len(source.splitlines()) > 500:
            too_long.append(f"{path.relative_to(root)}: {len(source.splitlines())} lines")
        too_long += [f"{path.relative_to(root)}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
                     for node in ast.walk(ast.parse(source))
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                     and node.end_lineno - node.lineno + 1 > 80]
    assert too_long == []
