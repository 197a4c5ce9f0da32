"""A pytest plugin that writes each test's and each fixture's CPU seconds (self and children) as JSON lines.

Not enabled by default; load it by name with the bench folder on the path, for example

    PYTHONPATH=$PWD:$PWD/bench MEMEVAL_TEST_CPU_LOG=/tmp/cpu.d .venv/bin/python -m pytest -p pytest_cpu tests/hold -n 0

and summarise with `bench/suite_cpu.py /tmp/cpu.d`. Every pytest process (the controller and each
xdist worker) writes `<MEMEVAL_TEST_CPU_LOG>/<worker id or "main">-<pid>.jsonl`, one object a line:

- `{"kind": "phase", "nodeid", "when": "setup"|"call"|"teardown", "start", "end", "self", "children"}`:
  a test's phase; `start`/`end` are `time.time()` seconds (UTC epoch), `self` and `children` CPU
  seconds (user + system) from `resource.getrusage` of `RUSAGE_SELF` and `RUSAGE_CHILDREN` taken
  before and after. `RUSAGE_CHILDREN` counts only child processes already waited for, so a server
  a fixture starts is counted when the fixture's teardown reaps it, and a process never reaped
  (a daemon left to the end) not at all.
- `{"kind": "fixture", "nodeid", "fixture", "scope", "self", "children"}`: the setup of one fixture
  (its own code, not the fixtures it requests, which are set up first and logged apart), under the
  test that caused it. A session- or module-scoped fixture appears once, under the first test that
  used it.
- `{"kind": "process", "worker", "start", "end", "self", "children"}` at the end of the session:
  the whole process, collection included.

No test's outcome depends on it; it only reads clocks.
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Generator
from typing import IO, Any

import pytest

_out: IO[str] | None = None
_started: tuple[float, float, float] = (0.0, 0.0, 0.0)


def _cpu() -> tuple[float, float]:
    """(self, children) CPU seconds so far, user + system, of this process."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def _write(record: dict[str, Any]) -> None:
    if _out is not None:
        _out.write(json.dumps(record) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    """Open this process's log (`MEMEVAL_TEST_CPU_LOG` names the folder; without it the plugin does nothing)."""
    global _out, _started
    folder = os.environ.get("MEMEVAL_TEST_CPU_LOG")
    if not folder:
        return
    os.makedirs(folder, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    _out = open(os.path.join(folder, f"{worker}-{os.getpid()}.jsonl"), "a", buffering=1)  # noqa: SIM115  # closed at unconfigure
    _started = (time.time(), *_cpu())


def pytest_unconfigure(config: pytest.Config) -> None:
    """Write the whole process's figures and close the log."""
    global _out
    if _out is None:
        return
    me, kids = _cpu()
    _write(
        {
            "kind": "process",
            "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
            "start": _started[0],
            "end": time.time(),
            "self": me - _started[1],
            "children": kids - _started[2],
        }
    )
    _out.close()
    _out = None


def _phase(item: pytest.Item, when: str) -> Generator[None, Any, Any]:
    start = time.time()
    me, kids = _cpu()
    result = yield
    me2, kids2 = _cpu()
    _write(
        {
            "kind": "phase",
            "nodeid": item.nodeid,
            "when": when,
            "start": start,
            "end": time.time(),
            "self": me2 - me,
            "children": kids2 - kids,
        }
    )
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, Any, Any]:
    return (yield from _phase(item, "setup"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Any, Any]:
    return (yield from _phase(item, "call"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, Any, Any]:
    return (yield from _phase(item, "teardown"))


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(
    fixturedef: pytest.FixtureDef[Any], request: pytest.FixtureRequest
) -> Generator[None, Any, Any]:
    me, kids = _cpu()
    result = yield
    me2, kids2 = _cpu()
    node = getattr(request, "_pyfuncitem", None)
    _write(
        {
            "kind": "fixture",
            "nodeid": node.nodeid if node is not None else "",
            "fixture": fixturedef.argname,
            "scope": fixturedef.scope,
            "self": me2 - me,
            "children": kids2 - kids,
        }
    )
    return result
