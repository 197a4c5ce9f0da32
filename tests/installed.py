"""Skip a test module when an optional package is not installed, without importing the package.

`pytest.importorskip("ray")` at the top of a module imports Ray while the module is collected:
about 0.7 CPU s in every process that collects the suite (each xdist worker, and any
`--collect-only`), although the Ray tests share one xdist group and so run on one worker only.
`skip_unless_installed` asks the import system whether the package is there (`find_spec`, which
reads no module of it) and skips the module the same way, with the same reason, when it is not;
the tests that need the package import it when they run.
"""

from __future__ import annotations

import importlib.util

import pytest


def skip_unless_installed(name: str) -> None:
    """Skip the calling test module (`allow_module_level`) when the top-level package `name` is not installed.

    Args:
        name: a top-level package name, e.g. `"ray"`.

    Raises:
        pytest.skip.Exception: `name` cannot be found; the reason is the one `pytest.importorskip` gives.
    """
    if importlib.util.find_spec(name) is None:
        pytest.skip(f"could not import {name!r}: No module named {name!r}", allow_module_level=True)
