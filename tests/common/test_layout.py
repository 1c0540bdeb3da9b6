"""The layout the README describes: no import cycles (counting imports inside functions),
no layer importing from one above it, and no source module over 400 lines."""
from __future__ import annotations

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ("solver", "cli", "webapp", "deals")   # installed as drez.solver, drez.cli, ...
MAX_LINES = 400     # no source module over 400 lines (the README's layout rule)


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


def test_the_web_app_imports_no_command_module():
    """webapp and cli are two front ends over the same layer (drez.solver.solodrez.io):
    webapp imports nothing of cli (cli's `drez serve` may import webapp: it starts it)."""
    for name, deps in import_graph().items():
        if name.startswith("drez.webapp"):
            assert not any(d.startswith("drez.cli") for d in deps), (name, deps)


def test_no_cycle_between_the_top_level_packages():
    """drez.solver, drez.cli, drez.webapp and drez.deals, each taken as one node, import
    each other without a cycle."""
    def top(module: str) -> str:
        return ".".join(module.split(".")[:2])

    graph: dict[str, set[str]] = {}
    for name, deps in import_graph().items():
        graph.setdefault(top(name), set()).update(top(d) for d in deps if top(d) != top(name))
    assert set(graph) == {f"drez.{p}" for p in PACKAGES}
    assert _cycles(graph) == []


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


def _top_imports(path: str) -> set[str]:
    """The top-level names a file imports (outside `if TYPE_CHECKING:`)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    names = set()
    for node in _run_time_nodes(tree):
        if isinstance(node, ast.ImportFrom) and not node.level:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
    return names


def test_no_package_imports_tests_dev_or_reports():
    """The product never imports the tests, the dev/ probes or the reports; the tests do
    not import dev/, which may use the test support (tests/solodrez/samples.py, ...)."""
    for name, path in _modules().items():
        assert not _top_imports(path) & {"tests", "dev", "tools", "reports"}, name
    for base, _, files in os.walk(os.path.join(ROOT, "tests")):
        for f in (f for f in files if f.endswith(".py")):
            assert "dev" not in _top_imports(os.path.join(base, f)), f


def test_test_support_and_probes_live_outside_the_product():
    """Issue 36: the samples, the load-test client and the local server are test support
    (tests/), the probes are in dev/, the C oracle beside its test; tools/ is gone."""
    tools = os.path.join(ROOT, "tools")
    assert not os.path.isdir(tools) or set(os.listdir(tools)) <= {"__pycache__"}
    for path in ("tests/solodrez/samples.py", "tests/web/loadtest.py",
                 "tests/web/local_server.py", "tests/solodrez/plain_solver.c",
                 "dev/README.md"):
        assert os.path.isfile(os.path.join(ROOT, path)), path
    modules = _modules()
    assert not {"drez.solver.solodrez.samples", "drez.webapp.loadtest",
                "drez.webapp.local_server"} & modules.keys()


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
    """No module, test or dev/ probe imports a bare `solver`, `cli`, `webapp` or `deals` (those
    names exist only in the checkout; installed, everything is `drez.*`), and pyproject.toml
    lists every package folder, so the wheel holds them all."""
    tomllib = pytest.importorskip("tomllib")      # Python 3.11+
    bare = ("solver", "cli", "webapp", "deals")
    for folder in PACKAGES + ("drez", "tests", "dev"):
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
    # data only: the pages' files in webapp/static and its folders, the rules documents
    static = os.path.join(ROOT, "webapp", "static")
    data = {"drez.webapp.static." + d for d in os.listdir(static)
            if os.path.isdir(os.path.join(static, d))}
    assert listed == found | data | {"drez", "drez.webapp.static", "drez.seeds"}


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
