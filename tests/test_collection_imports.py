"""Collecting the Ray tests does not import Ray.

The Ray tests share one xdist group, so one worker runs them; every worker collects them. Each used
to begin with `pytest.importorskip("ray")`, which imports Ray at collection: about 0.7 CPU s in each
worker and in every `--collect-only`. They now skip through `installed.skip_unless_installed`, which
only looks the package up. Fails on main (Ray in `sys.modules` after importing the modules).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from installed import skip_unless_installed

TESTS = Path(__file__).resolve().parent


def test_importing_the_ray_test_modules_leaves_ray_unimported() -> None:
    ray_modules = sorted(p.stem for p in (TESTS / "runner").glob("test_*.py") if 'xdist_group("ray")' in p.read_text())
    assert len(ray_modules) >= 8, ray_modules  # the glob found them (a rename would empty the check)
    code = (
        "import importlib, sys\n"
        f"sys.path[:0] = [{str(TESTS / 'runner')!r}, {str(TESTS)!r}]\n"
        f"for name in {ray_modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=TESTS.parent)
    assert out.stdout.strip() == "[]", out.stdout[:300]


def test_a_missing_package_skips_the_module_with_importorskips_reason() -> None:
    with pytest.raises(pytest.skip.Exception, match="could not import 'memeval_no_such_package'"):
        skip_unless_installed("memeval_no_such_package")
    skip_unless_installed("pytest")  # installed: returns
