"""Suite-wide pytest hooks: the order tests are handed to pytest-xdist's workers.

README's command runs the suite on three workers (`-n 3 --dist loadgroup` in pyproject's addopts).
Workers take tests in collection order, so a test of minutes collected near the end would run
alone on one worker while the other has nothing left. Under xdist, each worker therefore collects
the long tests first: those marked `slow`, `real_agents` or `browser`, in their usual relative order
(a module's long tests stay together), then the rest. A plain run (`-p no:xdist` or `-n 0`) keeps
the usual order. Tests marked `xdist_group` go to one worker together (so a module-scoped fixture
such as the Ray cluster is made once); this hook names their group itself, as pytest-xdist 3.8's
naming no longer works under pytest 9 (`_name_group`).

The suite also points `XDG_CONFIG_HOME` at a folder of its own, so the fingerprint keys the audit
store makes by default (`$XDG_CONFIG_HOME/memeval/fingerprint-<store id>.key`) land there and not
in the user's `~/.config`. Tests that check the default place set it themselves. Each pytest
process (each xdist worker) also gets an `XDG_RUNTIME_DIR` of its own, so the machine's phases
gate (`memeval.runner._phases`, whose locks live there) holds back only the trials of that
process's tests, never those of another worker or of another suite on the machine.

A suite started in the background by a non-interactive shell (`cmd &`) inherits SIGINT ignored,
and so would every process a test starts: the tests of Ctrl-C would then wait for an interrupt
that can never arrive. Each pytest process therefore takes SIGINT back (Python's usual handler),
so the processes it starts get the default action again.

pytest-timeout's limit per test (pyproject's `timeout`, or a test's `timeout` mark) guards against
hangs; on a busy machine a sound test can take several times its quiet length, so the limit is
multiplied by `patience.factor()` (the load average per core, or `MEMEVAL_TEST_PATIENCE`) when the
timer is set.

Hypothesis's timing checks (its per-example deadline and the "input generation is slow" health
check) are off for the whole suite: they measure the machine, not the code, and the house keeps
timings in `bench/`, never in assertions. Every other health check stays on. Hypothesis is also
derandomized: each property draws the same examples every run (seeded from the test itself), so a
rare counterexample cannot turn one CI run of unrelated work red and the next green. Search for new
counterexamples on purpose with `MEMEVAL_TEST_HYPOTHESIS=explore` (a fresh random seed each run,
`--hypothesis-seed=N` to replay one; failures are kept in `.hypothesis/` as usual).

Under xdist the controlling process first compiles the suite's modules once (`rewrite_cache`:
pytest's rewritten test modules and the helpers' bytecode), so the workers read them instead of each
rewriting every module at collection; where `PYTHONDONTWRITEBYTECODE` is set nothing else keeps them.

The suite's review accounts are hashed at the product's `light` password cost (`MEMEVAL_REVIEW_PASSWORD_COST`,
set for each pytest process and the processes it starts, unless already set): argon2id at its standard cost
is 0.2-0.4 CPU s a hash or login, about 33 CPU s of `tests/review` alone in suite51's count, spent making
accounts and logging them in for tests of queues and pages. `tests/review/test_password_cost.py` checks the
standard cost (the default) and the variable's refusals.

Each pytest process collects with Python's cyclic collector held off (`memeval._collector.collector_paused`):
collection imports the suite's modules and memeval's, and builds the test items, all of which live as long as
the process; the collector's passes over them freed next to nothing and took about a fifth of a collection's
CPU (a whole `--collect-only -n 0`: 9.0-9.8 CPU s against 11.3-12.5). It is on again once collection ends.

A test must never write into the repository's fixtures (a replay of a fixture's run writes its cache
beside the log; a later test that expects no cache there then fails, or passes, by test order). The
controlling process lists `tests/fixtures` when the session starts and again when it ends, and fails
the session, naming each path, if a file appeared or changed there (`__pycache__` aside).
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from collections.abc import Generator
from pathlib import Path

import pytest
import pytest_timeout
from cpu_census import install as install_cpu_census
from hypothesis import HealthCheck, settings
from patience import factor
from pg_fixture import pg_server  # noqa: F401  # a fixture of every test (one server a session)
from rewrite_cache import compile_suite

from memeval._collector import collector_paused

EXPLORE = os.environ.get("MEMEVAL_TEST_HYPOTHESIS") == "explore"
"""Whether Hypothesis draws fresh random examples (the variable set to `explore`) instead of the fixed ones."""

settings.register_profile(
    "memeval", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=not EXPLORE
)
settings.load_profile("memeval")

LONG = ("slow", "real_agents", "browser")
"""Marks of the tests handed out first."""


def pytest_configure(config: pytest.Config) -> None:
    """Give the run its own `XDG_CONFIG_HOME` (one per process: each xdist worker configures too)."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    runtime = tempfile.mkdtemp(prefix="memeval-suite-runtime-")  # each process (xdist worker) its own
    os.environ["XDG_RUNTIME_DIR"] = runtime
    config.add_cleanup(lambda: shutil.rmtree(runtime))
    install_cpu_census(config)  # only with MEMEVAL_TEST_CPU_CENSUS=FILE (see tests/cpu_census.py)
    os.environ.setdefault("MEMEVAL_REVIEW_PASSWORD_COST", "light")  # the processes it starts too (docstring)
    if _distributing(config):
        compile_suite(config)  # once here, not once in each worker (see the module docstring)
    if "MEMEVAL_SUITE_CONFIG_HOME" in os.environ:
        return
    home = tempfile.mkdtemp(prefix="memeval-suite-config-")
    os.environ["MEMEVAL_SUITE_CONFIG_HOME"] = home
    os.environ["XDG_CONFIG_HOME"] = home
    config.add_cleanup(lambda: shutil.rmtree(home))


def _distributing(config: pytest.Config) -> bool:
    """Whether this is the process that hands tests to pytest-xdist's workers (not a worker, not `-n 0`)."""
    if os.environ.get("PYTEST_XDIST_WORKER") or config.getvalue("collectonly"):
        return False
    return config.getoption("dist", "no") != "no" and bool(config.getoption("tx", None))


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    """Collect with the cyclic collector held off, then set it back as it was (see the module docstring)."""
    with collector_paused():
        return (yield)


@pytest.hookimpl(trylast=True)  # after xdist's own (which names the group on pytest < 9)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    # Every worker must collect the same order (the controller checks): a stable sort on marks only.
    items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in LONG))
    if config.getvalue("loadgroup"):
        for item in items:
            _name_group(item)


def _name_group(item: pytest.Item) -> None:
    """Give a test marked `xdist_group` the id suffix `@<group>` by which `--dist loadgroup` hands its group out whole.

    pytest-xdist (3.8) does it by setting `item._nodeid`, which pytest 9 no longer reads (the id is
    `item._id`, a `NodeId`): every group was handed out test by test, so both workers made each
    module-scoped fixture of a group (the Ray cluster, the git-configuration attacks' run) at once.
    """
    names = sorted(
        {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
    )
    suffix = "@" + "_".join(names)
    if not names or item.nodeid.endswith(suffix):
        return  # no group, or xdist named it (pytest < 9)
    from _pytest.nodeid import coerce_node_id  # pytest 9's id type; `_id` is where pytest 9 keeps it

    item._id = coerce_node_id(item.nodeid + suffix)  # type: ignore[attr-defined]  # pytest 9's private field


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: pytest_timeout.Settings) -> bool:
    """Set pytest-timeout's timer with the limit scaled by `patience.factor()` (see the module docstring)."""
    return pytest_timeout.pytest_timeout_set_timer(item, settings._replace(timeout=settings.timeout * factor()))


FIXTURES = Path(__file__).resolve().parent / "fixtures"
"""The repository's fixtures, which no test may write into."""

_fixture_files: dict[str, tuple[int, int]] = {}


def _listing() -> dict[str, tuple[int, int]]:
    """Each file under `FIXTURES` (relative path, `__pycache__` aside) with its size and mtime in ns."""
    out: dict[str, tuple[int, int]] = {}
    for root, dirs, files in os.walk(FIXTURES):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            st = os.lstat(os.path.join(root, name))
            out[os.path.relpath(os.path.join(root, name), FIXTURES)] = (st.st_size, st.st_mtime_ns)
    return out


def pytest_sessionstart(session: pytest.Session) -> None:
    """List the fixtures (controlling process only: a worker's session is part of the controller's)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        _fixture_files.update(_listing())


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the session if a test wrote into `tests/fixtures` (see the module docstring)."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not _fixture_files:
        return
    now = _listing()
    written = sorted(rel for rel, seen in now.items() if _fixture_files.get(rel) != seen)
    if written:
        shown = ", ".join(written[:10]) + (f" and {len(written) - 10} more" if len(written) > 10 else "")
        print(f"\nA test wrote into tests/fixtures (tests must copy a fixture before using it): {shown}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
