"""The packages' first-use loader (`memeval._lazy.lazy_names`), in fresh interpreters.

Each check runs in its own `python -c` so that modules an earlier test imported cannot hide a
name that the package failed to load lazily, or a heavy module it loaded eagerly.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

from memeval._lazy import lazy_names

ROOT = Path(__file__).resolve().parents[2]

# package -> (a lazily loaded name, a module that must stay unloaded until that name is asked for)
LAZY_PACKAGES = {
    "memeval": ("load_run", "memeval.results._load"),
    "memeval.audit": ("create_ingest_app", "fastapi"),
    "memeval.review": ("create_review_app", "fastapi"),
    "memeval.results": ("index_runs", "memeval.results._index"),
    "memeval.meter": ("MeterProxy", "memeval.meter._proxy"),
    "memeval.stats": ("paired_verdict", "memeval.stats._verdict"),
    "memeval.runreport": ("compare_runs", "memeval.runreport._compare"),
    "memeval.auditreport": ("deliver", "memeval.auditreport._smtp"),
    "memeval.redact": ("get_redactor", "kingfisher_sdk"),  # presidio loads later still: test_lazy_presidio.py
    "memeval.hold": ("get_hold_detector", "memeval.hold._detector"),
}


def _probe(package: str, name: str, heavy: str) -> dict[str, object]:
    code = f"""
import importlib, json, sys
pkg = importlib.import_module({package!r})
before = {heavy!r} in sys.modules
listed = {name!r} in dir(pkg)
value = getattr(pkg, {name!r})
cached = vars(pkg).get({name!r}) is value
try:
    getattr(pkg, "no_such_name")
    missing = "no error"
except AttributeError as exc:
    missing = str(exc)
print(json.dumps({{"before": before, "listed": listed, "after": {heavy!r} in sys.modules,
                  "cached": cached, "missing": missing}}))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=patient(120), check=False
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("package", sorted(LAZY_PACKAGES))
def test_package_loads_its_lazy_name_on_first_use(package: str) -> None:
    name, heavy = LAZY_PACKAGES[package]
    seen = _probe(package, name, heavy)
    assert seen["before"] is False, f"{package} imported {heavy} before {name} was asked for"
    assert seen["listed"] is True, f"dir({package}) does not list {name}"
    assert seen["after"] is True
    assert seen["cached"] is True, f"{package}.{name} is not stored after its first load"
    assert seen["missing"] == f"module {package!r} has no attribute 'no_such_name'"


def test_bare_and_dotted_module_names() -> None:
    namespace: dict[str, object] = {"kept": 1}
    module_getattr, module_dir = lazy_names("json", namespace, {"JSONDecoder": "decoder", "dedent": "textwrap.fake"})
    assert module_getattr("JSONDecoder") is json.JSONDecoder  # bare: json.decoder
    assert namespace["JSONDecoder"] is json.JSONDecoder
    assert module_dir() == ["JSONDecoder", "dedent", "kept"]
    with pytest.raises(ModuleNotFoundError, match="textwrap.fake"):
        module_getattr("dedent")  # dotted: taken as an absolute module name
    with pytest.raises(AttributeError, match="module 'json' has no attribute 'kept_not'"):
        module_getattr("kept_not")
