"""The suite's CPU census: `tests/cpu_census.py` (the plugin) and `scripts/suite_census.py` (its tables).

The plugin is checked on a small real pytest run made in this process (`pytest.main`, no xdist): a
module fixture that burns CPU must be carried by the first test's set-up alone, a child process's
CPU must show as the test's children's, and the variable must be gone from the environment the
tests (and any pytest they start) see. The script is checked on census lines written here, so each
figure it prints is known in advance.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import sys
from pathlib import Path

import pytest
from cpu_census import VARIABLE, install
from usage_line import REPO

INNER = """
import json, os, subprocess, sys, time
from pathlib import Path

import pytest

OUT = Path(__file__).with_name("measured.json")
MEASURED = {}


def burn(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass
    return time.process_time() - start


@pytest.fixture(scope="module")
def made():
    return burn(0.3)


def test_first(made):
    MEASURED["fixture"] = made
    MEASURED["variable_seen"] = "MEMEVAL_TEST_CPU_CENSUS" in os.environ


def test_second(made):
    pass


def test_child():
    code = (
        "import resource, time\\n"
        "start = time.process_time()\\n"
        "while time.process_time() - start < 0.2: pass\\n"
        "u = resource.getrusage(resource.RUSAGE_SELF)\\n"
        "print(u.ru_utime + u.ru_stime)"
    )
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True)
    MEASURED["child"] = float(out.stdout)
    OUT.write_text(json.dumps(MEASURED))
"""


class _Installer:
    """Calls `install` as `tests/conftest.py` does, from the inner run's `pytest_configure`."""

    def pytest_configure(self, config: pytest.Config) -> None:
        install(config)


def test_census_lines_of_a_real_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "inner"
    project.mkdir()
    (project / "pytest.ini").write_text("[pytest]\n")
    (project / "test_census_inner_run.py").write_text(INNER)
    census = tmp_path / "census.jsonl"
    monkeypatch.setenv(VARIABLE, str(census))
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)  # the inner run is a plain run, not a worker
    args = ["-q", "-p", "no:xdist", "-p", "no:cacheprovider", "-p", "no:randomly", "--rootdir", str(project)]
    try:
        code = pytest.main([*args, str(project)], plugins=[_Installer()])
    finally:
        sys.modules.pop("test_census_inner_run", None)
    assert code == 0
    assert VARIABLE not in os.environ  # taken out in a process that runs tests
    measured = json.loads((project / "measured.json").read_text())
    assert measured["variable_seen"] is False

    lines = [json.loads(line) for line in census.read_text().splitlines()]
    tests = {line["nodeid"].split("::")[1]: line for line in lines if line["kind"] == "test"}
    processes = [line for line in lines if line["kind"] == "process"]
    assert sorted(tests) == ["test_child", "test_first", "test_second"]
    assert len(processes) == 1 and processes[0]["tests"] == 3 and processes[0]["controller"] is False

    first, second, child = tests["test_first"], tests["test_second"], tests["test_child"]
    # The module fixture's CPU is carried by the set-up of the first test that asked for it, not the second.
    assert first["phases"]["setup"]["self_cpu"] >= measured["fixture"] - 0.01
    assert second["phases"]["setup"]["self_cpu"] < measured["fixture"] / 3
    assert first["fixtures"]["made (module)"] >= measured["fixture"] - 0.01
    assert "made (module)" not in second["fixtures"]
    # The child's CPU (as it read it itself before exiting) is counted as the test's children's, in its call.
    assert child["children_cpu"] >= measured["child"]
    assert child["phases"]["call"]["children_cpu"] >= measured["child"]
    for line in tests.values():
        phases = line["phases"]
        assert set(phases) == {"setup", "call", "teardown"}
        assert sum(p["self_cpu"] for p in phases.values()) <= line["self_cpu"] + 1e-5


def test_no_variable_no_census(pytestconfig: pytest.Config, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VARIABLE, raising=False)
    assert install(pytestconfig) is None
    monkeypatch.setenv(VARIABLE, "")
    assert install(pytestconfig) is None
    assert pytestconfig.pluginmanager.get_plugin("memeval_cpu_census") is None


def _script():
    """`scripts/suite_census.py` as a module (registered first: its dataclasses look their module up)."""
    if "suite_census_check" not in sys.modules:
        spec = importlib.util.spec_from_file_location("suite_census_check", REPO / "scripts" / "suite_census.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["suite_census_check"] = module
        spec.loader.exec_module(module)
    return sys.modules["suite_census_check"]


def _test(nodeid: str, own: float, kids: float, setup: float = 0.0, start: float = 100.0) -> dict:
    phases = {"setup": {"self_cpu": setup, "children_cpu": 0.0, "wall": setup}}
    fixtures = {"store (module)": setup} if setup else {}
    line = {"kind": "test", "nodeid": nodeid, "self_cpu": own, "children_cpu": kids, "wall": 1.0, "phases": phases}
    return {**line, "worker": "gw0", "start": start, "fixtures": fixtures}


LINES = [
    _test("tests/audit/test_a.py::test_one", 1.0, 3.0, setup=0.5),
    _test("tests/audit/test_a.py::test_two", 1.0, 1.0, start=101.0),
    _test("tests/hold/test_b.py::test_three@group", 2.0, 0.0, start=102.0),
    _test("tests/test_top.py::test_four", 0.5, 0.5, start=110.0),
    {
        "kind": "process",
        "worker": "gw0",
        "controller": False,
        "tests": 4,
        "self_cpu": 6.0,
        "children_cpu": 4.5,
        "wall": 9,
    },
    {
        "kind": "process",
        "worker": "main",
        "controller": True,
        "tests": 0,
        "self_cpu": 1.0,
        "children_cpu": 10.5,
        "wall": 9,
    },
]
"""Four tests of 9 CPU s (4.5 in children), a worker that paid 1.5 more outside them, a controller of 1."""


def test_script_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    census = tmp_path / "census.jsonl"
    census.write_text("".join(json.dumps(line) + "\n" for line in LINES))
    assert _script().main([str(census), "--modules", "2", "--tests", "1"]) == 0
    out = capsys.readouterr().out
    assert "tests: 4; CPU in tests 9.0 s (the workers' own 4.5, children 4.5: **50% in children**)" in out
    assert "set-up phases 0.5 s" in out
    assert "outside tests 2.5 s (the 1 workers' start-up and collection, the controller's own 1.0 s); whole 11.5" in out
    assert "| `tests/audit` | 6.0 | 67% | 2.0 | 4.0 | 0.5 | 2 | 2 |" in out
    assert "| `tests/(top)` | 1.0 | 11% | 0.5 | 0.5 | 0.0 | 1 | 1 |" in out
    assert "| `tests/hold/test_b.py` | 2.0 | 22% |" in out  # the xdist group's suffix is not part of the module
    assert "| `the other 1` | 1.0 | 11% |" in out
    assert "| `tests/audit/test_a.py::test_one` | 4.0 | 44% | 1.0 | 3.0 | 0.5 | 1 | 1 |" in out
    assert "| `store (module)` | 0.5 | 1 |" in out
    assert "- 11 s from the first test's start to the last test's end" in out
    assert "  - gw0: in tests 4 s, done 0 s before the last test ended" in out


def test_script_against(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    now, before = tmp_path / "now.jsonl", tmp_path / "before.jsonl.gz"
    now.write_text("".join(json.dumps(line) + "\n" for line in LINES[:2]))
    with gzip.open(before, "wt") as out:
        out.write(json.dumps(_test("tests/audit/test_a.py::test_one", 5.0, 5.0)) + "\n")
    assert _script().main([str(now), "--against", str(before)]) == 0
    out = capsys.readouterr().out
    assert "- no process lines" in out
    assert "| `tests/audit` | 6.0 | 100% | 2.0 | 4.0 | 0.5 | 2 | 2 | 10.0 | -4.0 |" in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{not json\n", "census.jsonl:1: not JSON"),
        ('{"kind": "test"}\n', "census.jsonl:1: a test line without 'nodeid'"),
        ('\n{"kind": "process", "worker": "gw0"}\n', "census.jsonl:2: a process line without 'tests'"),
    ],
)
def test_script_refuses_what_is_not_a_census(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str
) -> None:
    census = tmp_path / "census.jsonl"
    census.write_text(text)
    assert _script().main([str(census)]) == 2
    assert said in capsys.readouterr().err
    assert _script().main([str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl: cannot read it" in capsys.readouterr().err
