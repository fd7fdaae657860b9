"""ARCHITECTURE.md's rules, checked: which layer may import which, no import loop between packages, no private name
imported across packages, no Dagster in the library, and the size limits that keep a module one concept."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGES = ("fomc_qa", "fomc_pipeline")

# A layer (a package of fomc_qa, or one of its shared modules) and the layers it may import. ARCHITECTURE.md says why.
MAY_IMPORT: dict[str, set[str]] = {
    "fomc_qa": set(),  # the package's own __init__ only (EXACT_ONLY)
    "fomc_qa.models": set(),
    "fomc_qa.config": {"fomc_qa.models"},
    "fomc_qa.text": set(),
    "fomc_qa.index": {"fomc_qa.text", "fomc_qa.models", "fomc_qa.config"},
    "fomc_qa.question": {"fomc_qa.text", "fomc_qa.models", "fomc_qa.config"},
    "fomc_qa.policy": {"fomc_qa.question", "fomc_qa.text", "fomc_qa.models", "fomc_qa.config"},
    "fomc_qa.brief": {"fomc_qa.policy", "fomc_qa.index", "fomc_qa.question", "fomc_qa.text", "fomc_qa.models",
                      "fomc_qa.config"},
    "fomc_qa.retrieval": {"fomc_qa.index", "fomc_qa.question", "fomc_qa.policy", "fomc_qa.text", "fomc_qa.models",
                          "fomc_qa.config"},
    "fomc_qa.evaluation": {"fomc_qa.models", "fomc_qa.config", "fomc_qa.index"},
    "fomc_qa.delivery": {"fomc_qa.index", "fomc_qa.models", "fomc_qa.config"},
    "fomc_qa.answering": {"fomc_qa.retrieval", "fomc_qa.index", "fomc_qa.policy", "fomc_qa.question", "fomc_qa.text",
                          "fomc_qa.evaluation", "fomc_qa.models", "fomc_qa.config"},
    "fomc_qa.benchmark": {"fomc_qa.index", "fomc_qa.text", "fomc_qa.models", "fomc_qa.config"},
    "fomc_qa.interfaces": {"fomc_qa.answering", "fomc_qa.retrieval", "fomc_qa.question", "fomc_qa.policy",
                           "fomc_qa.brief", "fomc_qa.index", "fomc_qa.text", "fomc_qa.evaluation", "fomc_qa.models",
                           "fomc_qa.config"},
    "fomc_qa.cli": {"fomc_qa.*"},
    "fomc_qa.__main__": {"fomc_qa.cli"},
    "fomc_pipeline.fed": {"fomc_qa.models", "fomc_qa.text", "fomc_qa.config", "fomc_qa.policy"},
    "fomc_pipeline": {"fomc_qa.*", "fomc_pipeline.*"},
}
EXACT_ONLY = {"fomc_qa"}
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = _modules()


def _layer(module: str) -> str:
    """The most specific layer of MAY_IMPORT a module belongs to."""
    candidates = [layer for layer in MAY_IMPORT
                  if module == layer or (module.startswith(layer + ".") and layer not in EXACT_ONLY)]
    assert candidates, f"{module} belongs to no layer of tests/test_architecture.py"
    return max(candidates, key=len)


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) of every import in the file, function-level ones included."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, [alias.name for alias in node.names]))
    return found


def _allowed(layer: str, target: str) -> bool:
    target_layer = _layer(target)
    if target_layer == layer:
        return True
    for rule in MAY_IMPORT[layer]:
        if rule.endswith(".*") and target.startswith(rule[:-1]):
            return True
        if target_layer == rule:
            return True
    return False


def test_every_module_belongs_to_a_layer_named_in_architecture_md():
    architecture = (ROOT / "ARCHITECTURE.md").read_text()
    missing = [m for m in MODULES if m.rsplit(".", 1)[-1] not in architecture]
    assert not missing, f"ARCHITECTURE.md does not name: {missing}"
    for module in MODULES:
        _layer(module)


def test_layers_import_only_what_architecture_md_allows():
    broken = []
    for module, path in MODULES.items():
        layer = _layer(module)
        for target, _ in _imports(path):
            if target.split(".")[0] in PACKAGES and not _allowed(layer, target):
                broken.append(f"{module} imports {target}")
    assert not broken, "\n".join(broken)


def test_the_library_never_imports_dagster_or_the_pipeline():
    bad = [f"{m} imports {t}" for m, p in MODULES.items() if m.startswith("fomc_qa")
           for t, _ in _imports(p) if t.split(".")[0] in ("dagster", "fomc_pipeline")]
    assert not bad, bad


def test_no_private_name_is_imported_across_packages():
    bad = []
    for module, path in MODULES.items():
        package = module.rsplit(".", 1)[0] if path.name != "__init__.py" else module
        for target, names in _imports(path):
            if target.split(".")[0] not in PACKAGES:
                continue
            target_package = target.rsplit(".", 1)[0] if target in MODULES and \
                MODULES[target].name != "__init__.py" else target
            bad += [f"{module}: from {target} import {n}" for n in names
                    if n.startswith("_") and not n.startswith("__") and target_package != package]
    assert not bad, bad


def test_no_import_loop_between_packages():
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        layer = _layer(module)
        for target, _ in _imports(path):
            if target.split(".")[0] in PACKAGES and _layer(target) != layer:
                graph.setdefault(layer, set()).add(_layer(target))
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        if state.get(node) == 1:
            pytest.fail("import loop: " + " -> ".join([*trail[trail.index(node):], node]))
        if state.get(node) == 2:
            return
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            visit(nxt, [*trail, node])
        state[node] = 2

    for node in sorted(graph):
        visit(node, [])


def test_modules_and_functions_stay_small():
    too_long = []
    for module, path in MODULES.items():
        source = path.read_text()
        if source.count("\n") > MAX_MODULE_LINES:
            too_long.append(f"{module}: {source.count(chr(10))} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_long.append(f"{module}.{node.name}: {length} lines")
    assert not too_long, too_long
