"""The package map of ARCHITECTURE.md holds: each layer imports only the layers below it, no
module imports itself through others (no import cycle), and the core never imports the front
ends or does terminal I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wordguess

ROOT = Path(wordguess.__file__).parent
# Lowest first; a module may import its own layer and those before it.
LAYERS = [("vocab", "errors"), ("games",), ("lists",), ("engine",), ("strategies",), ("trees",),
          ("play",), ("optimal", "leetcode"), ("analysis", "advice"), ("cli", "web")]  # the front ends
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """Return the wordguess modules that a module imports (at any depth of its code)."""
    found = set()
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("wordguess"):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in MODULES else node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("wordguess")}
    return found


def layer(name: str) -> int | None:
    parts = name.split(".")
    return RANK.get(parts[1]) if len(parts) > 1 else None


def test_every_module_has_a_layer():
    assert [m for m in MODULES if m != "wordguess" and layer(m) is None] == []


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m != "wordguess"))
def test_layers_import_only_downwards(name):
    upward = [m for m in imports(name) if m != "wordguess" and layer(m) > layer(name)]
    assert upward == [], f"{name} imports a higher layer"


def test_no_import_cycle():
    graph = {m: imports(m) & MODULES.keys() for m in MODULES}
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                raise AssertionError("import cycle: " + " -> ".join([*path[path.index(n):], n]))
            if n not in state:
                visit(n, [*path, n])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])


@pytest.mark.parametrize("name", sorted(m for m in MODULES if layer(m) is not None and layer(m) < RANK["cli"]))
def test_core_has_no_front_end_and_no_terminal_io(name):
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not imported & {"typer", "rich", "click", "fastapi"}
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not calls & {"print", "input"}


def test_no_module_is_over_500_lines():
    """A module past 500 lines is split by what it does (ARCHITECTURE.md)."""
    assert {name: n for name, path in MODULES.items() if (n := len(path.read_text(encoding="utf-8").splitlines())) > 500} == {}


def test_web_and_cli_do_not_import_each_other_beyond_serve():
    """The web app imports the library only; the CLI imports it only in `serve`, lazily."""
    for name in MODULES:
        if name.startswith("wordguess.web"):
            assert not any(m.startswith("wordguess.cli") for m in imports(name)), name
        elif name.startswith("wordguess.cli") and name != "wordguess.cli.serve":
            assert not any(m.startswith("wordguess.web") for m in imports(name)), name


def test_public_names_are_exported():
    assert sorted(wordguess.__all__) == sorted(set(wordguess.__all__))
    for name in wordguess.__all__:
        assert hasattr(wordguess, name), name


@pytest.mark.slow
def test_readme_python_example_runs(tmp_path, monkeypatch):
    """The README's Python block runs as written (slow: it builds a lookahead tree in hard mode
    over the full lists)."""
    readme = (ROOT.parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "README.md", "exec"), {})
    assert (tmp_path / "tree.json").is_file()
