"""An opt-in census of the suite's CPU: what each test costs its worker and the processes it starts.

Set `MEMEVAL_TEST_CPU_CENSUS=FILE` and every pytest process of the run (each xdist worker, and a
plain `-n 0` run) appends JSON lines to FILE; without the variable nothing is registered and a test
pays nothing. `scripts/suite_census.py FILE` folds the lines into tables by folder, module and test.

One line per test (`"kind": "test"`), measured over the whole of `pytest_runtest_protocol` (set-up,
call and teardown): `self_cpu` is the worker's own user+sys CPU seconds (`getrusage(RUSAGE_SELF)`),
`children_cpu` that of the child processes it reaped meanwhile (`RUSAGE_CHILDREN`: memeval CLIs,
sandboxes, servers, and their own reaped descendants), `wall` the elapsed seconds; `phases` splits
the same three figures over `setup`, `call` and `teardown`; `start` is when the test began (seconds
since the epoch, UTC). A module- or session-scoped fixture is made in the set-up of the first test
that asks for it, so that test carries its cost, and its teardown falls in the teardown of the last
one (a session fixture's in the run's last test). `fixtures` names each fixture whose own set-up (its
function, not the fixtures it asks for, which are made first) took at least `FIXTURE_FLOOR` CPU
seconds in this test, as `"name (scope)": CPU seconds` (own and children's).

One line per process at its end (`"kind": "process"`): the process's whole user+sys CPU and its
reaped children's since it started, so `process - sum(tests)` is what no test carried (start-up,
collection, hooks between tests). The xdist controller's line has `"controller": true`: its children
are the workers themselves, so only its own CPU adds to theirs. A child still running when the
process ends, or one that is never reaped (a daemon that detached), is counted nowhere:
RUSAGE_CHILDREN only holds reaped children.

The variable is taken out of the environment of each process that runs tests, so a test that starts
pytest itself (a fresh-clone collection, a test of the suite's hooks) does not write into the census.
Lines are written with one `write` each to a file opened for appending, so workers do not interleave.
"""

from __future__ import annotations

import json
import os
import resource
import socket
import time
from collections.abc import Generator
from typing import NamedTuple

import pytest

VARIABLE = "MEMEVAL_TEST_CPU_CENSUS"
"""The environment variable naming the file the census appends to (unset: no census)."""


FIXTURE_FLOOR = 0.01
"""The least CPU seconds (own and children's) a fixture's set-up must take to be named in a test's line."""


class Sample(NamedTuple):
    """One reading of the clocks: CPU seconds of this process and of its reaped children, and a wall clock."""

    self_cpu: float
    children_cpu: float
    wall: float


def sample() -> Sample:
    """Read `getrusage` for this process and its reaped children (user+sys seconds) and `perf_counter`."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return Sample(own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime, time.perf_counter())


def _spent(before: Sample, after: Sample) -> dict[str, float]:
    """The three deltas between two samples, rounded to microseconds."""
    return {
        "self_cpu": round(after.self_cpu - before.self_cpu, 6),
        "children_cpu": round(after.children_cpu - before.children_cpu, 6),
        "wall": round(after.wall - before.wall, 6),
    }


class CpuCensus:
    """The plugin: registered by `install` when `MEMEVAL_TEST_CPU_CENSUS` is set."""

    def __init__(self, path: str, controller: bool = False) -> None:
        self.path = path
        self.controller = controller
        self.worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.start = Sample(0.0, 0.0, time.perf_counter())
        self.phases: dict[str, dict[str, float]] = {}
        self.fixtures: dict[str, float] = {}
        self.tests = 0

    def _write(self, record: dict[str, object]) -> None:
        """Append one JSON line with a single `write` (O_APPEND: lines of several workers never interleave)."""
        data = (json.dumps(record, separators=(",", ":")) + "\n").encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)

    def _phase(self, name: str) -> Generator[None, object, object]:
        before = sample()
        try:
            return (yield)
        finally:
            self.phases[name] = _spent(before, sample())

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, object, object]:
        return (yield from self._phase("setup"))

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, object, object]:
        return (yield from self._phase("call"))

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Generator[None, object, object]:
        return (yield from self._phase("teardown"))

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_fixture_setup(
        self, fixturedef: pytest.FixtureDef[object], request: pytest.FixtureRequest
    ) -> Generator[None, object, object]:
        """Note a fixture's own set-up when it takes `FIXTURE_FLOOR` CPU seconds or more."""
        before = sample()
        try:
            return (yield)
        finally:
            after = sample()
            cpu = after.self_cpu - before.self_cpu + after.children_cpu - before.children_cpu
            if cpu >= FIXTURE_FLOOR:
                name = f"{fixturedef.argname} ({fixturedef.scope})"
                self.fixtures[name] = round(self.fixtures.get(name, 0.0) + cpu, 6)

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, object, object]:
        """Measure one test over set-up, call and teardown, then append its line."""
        self.phases, self.fixtures = {}, {}
        start = time.time()
        before = sample()
        try:
            return (yield)
        finally:
            spent = _spent(before, sample())
            self.tests += 1
            self._write(
                {
                    "kind": "test",
                    "nodeid": item.nodeid,
                    "worker": self.worker,
                    "start": round(start, 6),
                    **spent,
                    "phases": self.phases,
                    "fixtures": self.fixtures,
                }
            )

    @pytest.hookimpl(trylast=True)
    def pytest_unconfigure(self, config: pytest.Config) -> None:
        """Append the process's own totals (what no test carried is the difference)."""
        now = sample()
        self._write(
            {
                "kind": "process",
                "worker": self.worker,
                "controller": self.controller,
                "host": socket.gethostname(),
                "pid": os.getpid(),
                "tests": self.tests,
                "self_cpu": round(now.self_cpu, 6),
                "children_cpu": round(now.children_cpu, 6),
                "wall": round(now.wall - self.start.wall, 6),
            }
        )


def install(config: pytest.Config) -> CpuCensus | None:
    """Register the census for this pytest process if `MEMEVAL_TEST_CPU_CENSUS` names a file.

    Under xdist the controlling process registers it too (its own line: collection and scheduling)
    and keeps the variable so the workers it starts see it; every other process takes the variable
    out of its environment so that no pytest a test starts joins the census.

    Returns:
        The registered plugin, or None when the variable is unset or empty.
    """
    path = os.environ.get(VARIABLE, "")
    if not path:
        return None
    controller = (
        not os.environ.get("PYTEST_XDIST_WORKER")
        and config.getoption("dist", "no") != "no"
        and bool(config.getoption("tx", None))
    )
    if not controller:
        del os.environ[VARIABLE]
    plugin = CpuCensus(os.path.abspath(path), controller)
    config.pluginmanager.register(plugin, "memeval_cpu_census")
    return plugin
