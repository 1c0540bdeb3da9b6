"""The layout the README describes: no import cycles (counting imports inside functions),
no layer importing from one above it, and no source module over about 400 lines."""
from __future__ import annotations

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ("solver", "cli", "webapp", "deals")   # installed as drez.solver, drez.cli, ...
MAX_LINES = 430     # "about 400": rules/engine.py (430) holds the packed layout and its kernels


def _modules() -> dict[str, str]:
    """Dotted module name -> path, for every source file of the packages."""
    out = {}
    for package in PACKAGES:
        for folder, _, files in os.walk(os.path.join(ROOT, package)):
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    parts = ["drez"] + os.path.relpath(path, ROOT)[:-3].split(os.sep)
                    if parts[-1] == "__init__":
                        parts = parts[:-1]
                    out[".".join(parts)] = path
    return out


def _run_time_nodes(tree):
    """Every node of tree except those under `if TYPE_CHECKING:` (imports for annotations
    only, never run)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not (isinstance(child, ast.If) and isinstance(child.test, ast.Name)
                    and child.test.id == "TYPE_CHECKING"):
                todo.append(child)


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports, anywhere in its body."""
    modules = _modules()
    graph = {}
    for name, path in modules.items():
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        deps = set()
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in _run_time_nodes(tree):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module
                targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
            else:
                continue
            deps.update(t for t in targets if t in modules and t != name)
        graph[name] = deps
    return graph


def _cycles(graph):
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles():
    graph = import_graph()
    # a package's __init__ importing its own modules is not a cycle of the layout
    for name in graph:
        graph[name] = {d for d in graph[name] if not name.startswith(d + ".")}
    assert _cycles(graph) == []


def test_layers_import_only_downwards():
    """solver imports neither cli nor webapp; the games do not import each other; cli and
    webapp do not import tools or tests."""
    for name, deps in import_graph().items():
        if name.startswith("drez.solver"):
            assert not any(d.startswith(("drez.cli", "drez.webapp")) for d in deps), (name, deps)
        for game, others in (
                ("drez.solver.updown", ("drez.solver.crapette", "drez.solver.solodrez")),
                ("drez.solver.crapette", ("drez.solver.updown", "drez.solver.solodrez")),
                ("drez.solver.solodrez", ("drez.solver.updown", "drez.solver.crapette"))):
            if name.startswith(game):
                assert not any(d.startswith(others) for d in deps), (name, deps)


def test_command_modules_are_imported_only_by_main():
    """A module of commands (it has COMMANDS, or is a game's command group) is a top layer:
    only cli.main registers it, so shared code lives in the modules below."""
    graph = import_graph()
    commands = set()
    for name, path in _modules().items():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if name.startswith("drez.cli.") and ("\nCOMMANDS = " in text or "@click.group(" in text):
            commands.add(name)
    assert {"drez.cli.solodrez.solve", "drez.cli.updown.commands",
            "drez.cli.crapette.commands"} <= commands
    commands.discard("drez.cli.main")          # the root group, run by cli/__main__.py
    for name, deps in graph.items():
        if name not in ("drez.cli.main", "drez.cli.__main__"):
            assert not deps & commands, (name, deps & commands)


def test_no_package_imports_tests_tools_or_reports():
    """Neither do the tools import tests: what both need lives in the packages."""
    tools = {f"tools.{f[:-3]}": os.path.join(ROOT, "tools", f)
             for f in os.listdir(os.path.join(ROOT, "tools")) if f.endswith(".py")}
    for name, path in {**_modules(), **tools}.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in _run_time_nodes(tree):
            if isinstance(node, ast.ImportFrom) and not node.level:
                assert node.module.split(".")[0] not in ("tests", "tools", "reports"), name
            elif isinstance(node, ast.Import):
                for a in node.names:
                    assert a.name.split(".")[0] not in ("tests", "tools", "reports"), name


def test_every_folder_of_source_is_a_package_and_solver_draws_nothing():
    """Every folder of .py files in the packages has an __init__.py; the solver imports no
    click (drawing for the terminal lives in cli/)."""
    for package in PACKAGES:
        for folder, _, files in os.walk(os.path.join(ROOT, package)):
            if any(f.endswith(".py") for f in files):
                assert "__init__.py" in files, folder
    for name, path in _modules().items():
        if name.startswith("drez.solver"):
            with open(path, encoding="utf-8") as f:
                assert "import click" not in f.read(), name


def test_no_source_module_over_the_limit():
    long = {}
    for name, path in _modules().items():
        with open(path, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            long[name] = n
    assert long == {}


def test_the_reference_implementation_stays_independent():
    """tests/solodrez/reference.py checks the engine, so it imports none of the project."""
    path = os.path.join(ROOT, "tests", "solodrez", "reference.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                 [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        for name in names:
            assert name.split(".")[0] not in ("drez", "solver", "cli", "webapp", "tests"), name


def test_everything_imports_under_the_project_name_and_every_package_ships():
    """No module, test or tool imports a bare `solver`, `cli`, `webapp` or `deals` (those
    names exist only in the checkout; installed, everything is `drez.*`), and pyproject.toml
    lists every package folder, so the wheel holds them all."""
    tomllib = pytest.importorskip("tomllib")      # Python 3.11+
    bare = ("solver", "cli", "webapp", "deals")
    for folder in PACKAGES + ("drez", "tests", "tools"):
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in (f for f in files if f.endswith(".py")):
                path = os.path.join(base, name)
                with open(path, encoding="utf-8") as f:
                    tree = ast.parse(f.read())
                for node in ast.walk(tree):
                    names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                             [node.module or ""] if isinstance(node, ast.ImportFrom)
                             and not node.level else [])
                    assert not any(n.split(".")[0] in bare for n in names), (path, names)
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        listed = set(tomllib.load(f)["tool"]["setuptools"]["packages"])
    found = {name for name, path in _modules().items() if path.endswith("__init__.py")}
    assert listed == found | {"drez"}


GAME_SHAPE = ("cards", "actions", "view", "state", "bots", "sim", "match")


def test_every_game_folder_has_the_same_shape():
    """The two-player games have the same module names (solver/common/protocol.py says what
    each holds); Solodrez, a patience, keeps rules/ and search/ and joins the protocol
    through its own state.py."""
    modules = _modules()
    for game in ("updown", "crapette"):
        missing = [m for m in GAME_SHAPE if f"drez.solver.{game}.{m}" not in modules]
        assert missing == [], game
    assert "drez.solver.solodrez.state" in modules


def test_the_games_import_no_private_name_from_another_module():
    """In the two-player games and the command line, a name another module needs is public:
    no `from x import _y`."""
    for name, path in _modules().items():
        if not name.startswith(("drez.solver.updown", "drez.solver.crapette", "drez.cli")):
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                private = [a.name for a in node.names if a.name.startswith("_")
                           and a.name != "__version__"]
                assert private == [], (name, node.module, private)


def test_the_games_have_no_import_cycle_even_for_annotations():
    """Inside a game folder no module imports another that imports it back, not even under
    `if TYPE_CHECKING:` (the Up-and-down state and view once did)."""
    modules = _modules()
    graph = {}
    for name, path in modules.items():
        if not name.startswith(("drez.solver.updown.", "drez.solver.crapette.")):
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        graph[name] = {n.module for n in ast.walk(tree)
                       if isinstance(n, ast.ImportFrom) and n.module in modules
                       and n.module.startswith(("drez.solver.updown.", "drez.solver.crapette."))}
    for name in graph:
        graph[name] &= set(graph)
    assert _cycles(graph) == []
