"""Each package's public surface (`__all__`) is sorted and names only what the package really has.

`__all__` is the list other packages and users import from (README, "Layout"); a name in it that
does not resolve breaks `from memeval.x import *` and misleads a reader, and an unsorted list
hides duplicates and makes merges collide. Names loaded on first use (PEP 562 `__getattr__`)
are resolved too, so a lazy name that points at a moved or renamed object fails here.
"""

from __future__ import annotations

import importlib
import pkgutil
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
