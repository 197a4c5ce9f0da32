"""Each package's public surface (`__all__`) is sorted, names only what the package really has,
and only what someone outside the package uses.

`__all__` is the list other packages and users import from (README, "Layout"); a name in it that
does not resolve breaks `from memeval.x import *` and misleads a reader, and an unsorted list
hides duplicates and makes merges collide. Names loaded on first use (PEP 562 `__getattr__`)
are resolved too, so a lazy name that points at a moved or renamed object fails here.

A name no other package, test, bench script, doc or README uses, and that no used export takes or
returns, is internal: exporting it promises users a name the package is free to change. Which names
a used export takes or returns is read from the objects (type hints of signatures and fields), so the
list of kept types follows the code.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import re
import sys
import typing
from pathlib import Path
from types import ModuleType

import pytest

import memeval

ROOT = Path(memeval.__file__).resolve().parent
PACKAGES = ["memeval"] + sorted(f"memeval.{m.name}" for m in pkgutil.iter_modules([str(ROOT)]) if m.ispkg)


def surface_problems(module: ModuleType) -> list[str]:
    """What is wrong with `module.__all__` (empty when nothing is)."""
    exported = getattr(module, "__all__", None)
    if exported is None:
        return [f"{module.__name__} has no __all__: list what other packages may import"]
    out = []
    if list(exported) != sorted(exported):
        out.append(f"{module.__name__}.__all__ is not sorted; sorted it reads {sorted(exported)}")
    if len(set(exported)) != len(exported):
        out.append(f"{module.__name__}.__all__ names something twice")
    missing = [n for n in exported if not hasattr(module, n)]
    if missing:
        out.append(f"{module.__name__}.__all__ names what the package does not have: {missing}")
    return out


def test_every_package_is_found() -> None:
    assert {"memeval.cli", "memeval.runner", "memeval.audit", "memeval.results"} <= set(PACKAGES)
    assert len(PACKAGES) == 1 + sum(1 for p in ROOT.iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("name", PACKAGES)
def test_package_surface(name: str) -> None:
    assert surface_problems(importlib.import_module(name)) == []


def test_a_broken_surface_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "surface_probe"
    pkg.mkdir()
    (pkg / "__init__.py").write_text('a = 1\n__all__ = ["b", "a", "a"]\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    problems = surface_problems(importlib.import_module("surface_probe"))
    assert len(problems) == 3
    assert "not sorted" in problems[0] and "twice" in problems[1] and "['b']" in problems[2]
    (tmp_path / "no_all_probe.py").write_text("a = 1\n")
    assert "has no __all__" in surface_problems(importlib.import_module("no_all_probe"))[0]


# --- every exported name is used outside its package ---------------------------------------------

REPO = ROOT.parent
USER_TEXT_DIRS = ("tests", "bench", "scripts", "docs", "samples", "audit", ".ci")
"""Where users and other code show what they take from a package, besides the other memeval packages
and README.md: the tests, benchmarks, scripts, docs, the sample project (its generators import
memeval as a user would), the audit log's format (audit/SCHEMA.md) and CI's script. Not templates:
they read the context a package hands them, and their English ("Action") is no import."""


def _package_dir(name: str) -> Path:
    return ROOT if name == "memeval" else ROOT.joinpath(*name.split(".")[1:])


def _owned_by(name: str, path: Path) -> bool:
    """Is `path` part of package `name` itself (so a mention there is not a use from outside)?"""
    if name == "memeval":  # the top package is its __init__ alone: the subpackages are its users
        return path == ROOT / "__init__.py"
    return _package_dir(name) in path.parents


def _text_files(repo: Path) -> dict[Path, str]:
    paths = [p for p in (repo / "memeval").rglob("*.py")]
    for base in USER_TEXT_DIRS:
        for p in (repo / base).rglob("*"):
            if "fixtures" in p.parts or "__pycache__" in p.parts or not p.is_file():
                continue
            if p.suffix in (".py", ".md", ".html", ".j2") or (base in ("scripts", ".ci") and p.suffix == ""):
                paths.append(p)
    paths.append(repo / "README.md")
    return {p: p.read_text(errors="replace") for p in paths if p.is_file()}


def _walk_hint(hint: object, seen: list[object]) -> None:
    """Every object named inside a resolved annotation (`list[A] | None` gives list, A, None)."""
    if isinstance(hint, str):  # an unresolved forward reference: the caller reads it as text
        seen.append(hint)
        return
    if isinstance(hint, typing.ForwardRef):
        seen.append(hint.__forward_arg__)
        return
    seen.append(hint)
    if typing.get_origin(hint) is typing.Literal:
        return
    for arg in typing.get_args(hint):
        _walk_hint(arg, seen)


def _hints(obj: object) -> list[object]:
    """The annotations of `obj` resolved (typing.get_type_hints), else as written (strings)."""
    try:
        resolved = list(typing.get_type_hints(obj).values())
    except NameError:  # a name imported only under TYPE_CHECKING: resolve each annotation alone
        module = sys.modules[getattr(obj, "__module__", "")]
        resolved = []
        for written in getattr(obj, "__annotations__", {}).values():
            try:
                resolved.append(eval(written, vars(module)) if isinstance(written, str) else written)
            except NameError:
                resolved.append(written)  # kept as text: its words are matched against export names
    seen: list[object] = []
    for hint in resolved:
        _walk_hint(hint, seen)
    return seen


def _signature_hints(func: object) -> list[object]:
    target = inspect.unwrap(func) if callable(func) else func
    if not (inspect.isfunction(target) or inspect.ismethod(target)):
        return []
    return _hints(target)


def public_shape(obj: object) -> list[object]:
    """What a user of `obj` receives or passes: annotations of a function's signature, or of a
    class's fields, `__init__` and public methods and properties (those written in its own project,
    not those a base class from a library such as pydantic brings)."""
    if inspect.isclass(obj):
        project = obj.__module__.split(".")[0]
        seen = _hints(obj)
        for klass in obj.__mro__:
            if klass.__module__.split(".")[0] != project:
                continue
            for attr, value in vars(klass).items():
                if attr.startswith("_") and attr != "__init__":
                    continue
                if isinstance(value, (staticmethod, classmethod)):
                    value = value.__func__
                if isinstance(value, property):
                    value = value.fget
                if inspect.isfunction(value):
                    seen += _signature_hints(value)
        return seen
    if callable(obj):
        return _signature_hints(obj)
    return []


def unused_exports(
    packages: dict[str, ModuleType], texts: dict[Path, str]
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Per package, the names of `__all__` nobody outside uses, and those kept only as the shape
    of another used export. A name is used when (a) its word appears in a file outside its package
    (another memeval package, README.md or a folder of USER_TEXT_DIRS) or (b) it is the type of
    a parameter, return, field or method of an exported name that is itself used."""
    exported = {(pkg, n) for pkg, mod in packages.items() for n in getattr(mod, "__all__", [])}
    # Each file's words are read once (not once per package): a word is used outside `pkg` when a
    # file that is not `pkg`'s own has it.
    names = {n for _, n in exported}
    holders: dict[str, list[Path]] = {}
    for path, text in texts.items():
        for word in names.intersection(re.findall(r"\w+", text)):
            holders.setdefault(word, []).append(path)
    used: set[tuple[str, str]] = {
        (pkg, n) for pkg, n in exported if any(not _owned_by(pkg, path) for path in holders.get(n, ()))
    }
    by_word = {(pkg, n) for pkg, n in exported}
    by_identity: dict[int, set[tuple[str, str]]] = {}
    for pkg, n in exported:
        value = getattr(packages[pkg], n)
        if not isinstance(value, (str, bytes, int, float, bool, tuple, frozenset, dict, list, type(None))):
            by_identity.setdefault(id(value), set()).add((pkg, n))
    by_shape: set[tuple[str, str]] = set()
    todo = list(used)
    while todo:
        pkg, n = todo.pop()
        for hint in public_shape(getattr(packages[pkg], n)):
            if isinstance(hint, str):
                words = set(re.findall(r"\w+", re.sub(r"'[^']*'|\"[^\"]*\"", "", hint)))  # not Literal values
                found = {(p, m) for p, m in by_word if m in words}
            else:
                found = by_identity.get(id(hint), set())
            for key in found - used:
                used.add(key)
                by_shape.add(key)
                todo.append(key)
    unused: dict[str, list[str]] = {}
    kept: dict[str, list[str]] = {}
    for pkg, mod in packages.items():
        names = list(getattr(mod, "__all__", []))
        unused[pkg] = [n for n in names if (pkg, n) not in used]
        kept[pkg] = [n for n in names if (pkg, n) in by_shape]
    return unused, kept


@functools.cache
def _surface() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    return unused_exports({n: importlib.import_module(n) for n in PACKAGES}, _text_files(REPO))


# One worker reads the whole repository once for every package (`_surface` is per process).
@pytest.mark.xdist_group("exported_members")
@pytest.mark.parametrize("name", PACKAGES)
def test_package_exports_only_what_is_used(name: str) -> None:
    unused = _surface()[0][name]
    assert unused == [], (
        f"{name}.__all__ names what no other package, test, bench, script, doc, sample or README uses, and no "
        f"used export takes or returns: {unused}. Drop them from __all__ (and from the __init__ import "
        "when the package does not need them there), or use them where a user would."
    )


def test_an_unused_export_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    pkg = tmp_path / "unused_probe"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from dataclasses import dataclass\n"
        "@dataclass\nclass Part:\n    x: int\n"
        "class Other: ...\n"
        "class Whole:\n"
        "    def part(self) -> 'list[Part] | None':\n        return None\n"
        "    def other(self, named: \"typing.Literal['lonely']\") -> 'Unknown | Other':\n        return Other()\n"
        "def lonely() -> None: ...\n"
        "def spare() -> None: ...\n"
        "__all__ = ['Other', 'Part', 'Whole', 'lonely', 'spare']\n"
    )
    (root / "docs" / "guide.md").write_text("Call `Whole().part()`; `spare` is documented too.\n")
    (root / "README.md").write_text("# probe\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    probe = importlib.import_module("unused_probe")
    texts = _text_files(root)
    unused, kept = unused_exports({"unused_probe": probe}, texts)
    # Part is resolved from Whole.part's hints; Other is read as text, as `Unknown` (a name imported
    # only under TYPE_CHECKING, say) makes Whole.other's hints unresolvable; a Literal's value is no use.
    assert unused == {"unused_probe": ["lonely"]}
    assert kept == {"unused_probe": ["Other", "Part"]}
