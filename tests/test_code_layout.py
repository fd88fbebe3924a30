"""The code's own layout: the tracker's subpackages, no import cycle, and SQL only in the store.

import-linter (in CI) holds the layers between packages; these tests hold what it cannot say.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import networkx as nx
import pytest

import tracker

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("kit", "generator", "tracker")


def test_the_tracker_has_no_modules_of_its_own_beside_its_subpackages():
    top = {info.name: info.ispkg for info in pkgutil.iter_modules(tracker.__path__)}
    assert {name for name, is_package in top.items() if not is_package} == {"__main__"}


@pytest.mark.parametrize("name", sorted(i.name for i in pkgutil.iter_modules(tracker.__path__) if i.ispkg))
def test_each_tracker_subpackage_names_its_job_in_one_line(name):
    doc = importlib.import_module(f"tracker.{name}").__doc__
    assert doc and len(doc.strip().splitlines()) == 1, f"tracker.{name} needs a one-line docstring"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> nx.DiGraph:
    """Every import between our modules, those inside functions and under TYPE_CHECKING too."""
    paths = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    modules = {module_name(path): path for path in paths}
    graph = nx.DiGraph()
    for module, path in modules.items():
        graph.add_node(module)
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                # "from a.b import c" imports the module a.b.c where there is one, else names from a.b
                names = [
                    f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                    for a in node.names
                ]
            else:
                continue
            graph.add_edges_from((module, name) for name in names if name in modules and name != module)
    return graph


def cycles(graph: nx.DiGraph) -> list[list[str]]:
    return sorted(sorted(group) for group in nx.strongly_connected_components(graph) if len(group) > 1)


def test_no_module_imports_itself_through_others():
    assert cycles(import_graph()) == []


def test_the_cycle_check_sees_a_cycle():
    graph = import_graph()
    graph.add_edge("kit.game", "tracker.cli.main")  # kit.game is imported, through others, by the CLI
    assert cycles(graph)


def sqlite_users(folder: Path) -> list[str]:
    """The modules under ``folder`` that import sqlite3 or call a connection's execute methods."""
    users = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            imports = (
                isinstance(node, ast.Import) and any(a.name.split(".")[0] == "sqlite3" for a in node.names)
            ) or (isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "sqlite3")
            executes = isinstance(node, ast.Attribute) and node.attr in ("execute", "executemany")
            if imports or executes:
                users.append(str(path.relative_to(ROOT)))
                break
    return users


def test_only_the_store_speaks_sql():
    store = ROOT / "tracker" / "store"
    users = [path for package in PACKAGES for path in sqlite_users(ROOT / package)]
    outside = [path for path in users if not (ROOT / path).is_relative_to(store)]
    assert outside == []
    assert "tracker/store/event_store.py" in sqlite_users(store)  # the check sees SQL where it is


def map_of_tests() -> dict[str, list[str]]:
    """docs/code.md's map: each module tested in files not named after it, and those files."""
    page = (ROOT / "docs" / "code.md").read_text()
    rows = re.findall(r"^\| `([\w/]+\.py)` \| (.+) \|$", page, re.MULTILINE)
    return {path: re.findall(r"`(test_\w+)`", files) for path, files in rows}


def test_every_module_has_a_test_file_named_after_it_or_a_line_in_the_map():
    tests = {path.stem for path in (ROOT / "tests").glob("test_*.py")}
    mapped = map_of_tests()
    missing = []
    modules = [path for package in ("kit", "generator", "tracker") for path in (ROOT / package).rglob("*.py")]
    for path in sorted(modules):
        if path.name in ("__init__.py", "__main__.py"):
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        named = {
            f"test_{parts[-1]}",
            f"test_{'_'.join(parts[-2:])}",
            f"test_{'_'.join(parts[1:])}",
            f"test_{parts[0]}_{parts[-1]}",
        }
        if not named & tests and "/".join(parts) + ".py" not in mapped:
            missing.append("/".join(parts) + ".py")
    assert missing == [], "add a test file named after the module, or a line to docs/code.md's map"
    assert [(path, name) for path, names in mapped.items() for name in names if name not in tests] == []
