"""The suite's modules are compiled once by the controlling process; the workers read that (speed32, issue 17).

On the build machine `PYTHONDONTWRITEBYTECODE` is set, so pytest never kept its rewritten test
modules and each xdist worker rewrote every module of the suite at collection, every run.
`tests/rewrite_cache.compile_suite` (called by `tests/conftest.py` in the controlling process)
writes pytest's own cache before the workers start. These tests run a small project of their own
through a real `pytest -n 1` (a controller and one worker) with `PYTHONDONTWRITEBYTECODE=1`: the
cache is written beside the test and helper modules (never under a `norecursedirs` folder), an
edited test is rewritten again (its new assertion fails with pytest's explanation, so the worker
ran fresh rewritten code, not a stale cache), and without the call nothing is cached (so the first
check can fail).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

TESTS = Path(__file__).resolve().parents[1]

CONFTEST = """
import os
import sys

sys.path.insert(0, {tests!r})
from rewrite_cache import compile_suite


def pytest_configure(config):
    if {call} and not os.environ.get("PYTEST_XDIST_WORKER"):
        compile_suite(config)
"""

TEST = """
from helper import two


def test_sum():
    assert two() + 2 == {total}
"""


def _project(root: Path, call: bool) -> None:
    (root / "pyproject.toml").write_text('[tool.pytest.ini_options]\nnorecursedirs = ["fixtures"]\n')
    (root / "conftest.py").write_text(CONFTEST.format(tests=str(TESTS), call=call))
    (root / "helper.py").write_text("def two():\n    return 2\n")
    (root / "test_sum.py").write_text(TEST.format(total=4))
    (root / "fixtures").mkdir()
    (root / "fixtures" / "test_task.py").write_text("def test_held_back():\n    assert True\n")


def _pytest(root: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "1", "-p", "no:cacheprovider", "-q"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=patient(120),
    )


def _cached(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.pyc"))


def test_the_controller_writes_the_cache_the_workers_read_and_an_edit_is_rewritten(tmp_path: Path) -> None:
    _project(tmp_path, call=True)
    first = _pytest(tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    cached = _cached(tmp_path)
    tag = sys.implementation.cache_tag
    assert f"__pycache__/test_sum.{tag}-pytest-{pytest.__version__}.pyc" in cached, cached
    assert f"__pycache__/conftest.{tag}-pytest-{pytest.__version__}.pyc" in cached, cached
    assert f"__pycache__/helper.{tag}.pyc" in cached, cached
    assert not [p for p in cached if p.startswith("fixtures")], cached  # a norecursedirs folder is left alone

    (tmp_path / "test_sum.py").write_text(TEST.format(total=5))  # same length: only the content changed
    second = _pytest(tmp_path)
    assert second.returncode == 1, second.stdout + second.stderr
    assert "assert (2 + 2) == 5" in second.stdout, second.stdout  # pytest's explanation of the new assertion


def test_without_the_controllers_call_nothing_is_cached(tmp_path: Path) -> None:
    _project(tmp_path, call=False)
    out = _pytest(tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert _cached(tmp_path) == []
