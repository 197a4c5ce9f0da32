"""`memeval serve` and `memeval audit serve` stop on SIGTERM with a line and exit 0, in real processes.

Found by a new user: `kill PID` (what a service manager's stop sends) ended `memeval serve` with
exit 143 and no word, because uvicorn raises the signal it caught again after shutting down;
`memeval audit serve` did the same and never said where it listened. Ctrl-C stays an
interruption: "interrupted", exit 130.

Found by another: the first batch sent to a freshly started `memeval audit serve` took 15-55 s on
a busy machine, with no word why (the redactor and hold detector loaded on that request, beside
the worker pool loading the same). Both servers with ingest now load them before they listen,
between two lines that say so. A SIGTERM while they load stops the loading where it is (it went on
to the end, guards and all, before the server stopped).
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from line_reader import Lines
from live_server import announced_url, listening
from patience import patient
from usage_line import spawn_memeval

_SPAWNED: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def _no_server_left() -> Iterator[None]:
    """Kill every server a test spawned once it ends, failed or not (newuser28: a failed assert left
    `memeval serve` and its guards running for 29 minutes beside the rest of the suite)."""
    yield
    while _SPAWNED:
        proc = _SPAWNED.pop()
        if proc.poll() is None:
            _kill(proc)


def _spawned(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    """`memeval ARGS` in its own session, on a store in `tmp_path`, with stderr piped; killed at the test's end."""
    env = {
        "MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}",
        "MEMEVAL_AUDIT_WORKERS": "0",
        "MEMEVAL_REVIEW_SECRET_FILE": str(tmp_path / "secret"),
    }
    proc = spawn_memeval(*args, cwd=tmp_path, env=env)
    _SPAWNED.append(proc)
    return proc


def _line(lines: Lines, wait_s: float) -> str:
    """The next line on the server's stderr, or "(nothing on stderr)" after `wait_s` seconds without one."""
    line = lines.next(patient(wait_s))
    return "(nothing on stderr)" if line is None else line


def _ended(proc: subprocess.Popen[str], lines: Lines, wait_s: float) -> tuple[str, str]:
    """What `proc` printed (stdout, the rest of stderr) once it has exited within `wait_s` seconds.

    A process still running then is killed with its session (the ingest's hold guard too) and the
    test fails, so no server is left behind to disturb the tests after it.
    """
    try:
        proc.wait(timeout=patient(wait_s))
    except subprocess.TimeoutExpired:
        _kill(proc)
        pytest.fail(f"still running after {wait_s} s: {lines.rest()}")
    assert proc.stdout is not None
    return proc.stdout.read(), lines.rest()


def _kill(proc: subprocess.Popen[str]) -> None:
    """Kill `proc`'s whole session (it was started in its own) and reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # already gone with its session
    proc.wait()


def _started(args: list[str], tmp_path: Path) -> tuple[subprocess.Popen[str], Lines, list[str]]:
    """`memeval ARGS` once it has printed that it listens (else the test fails), its stderr, the lines it printed."""
    proc = _spawned(args, tmp_path)
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    return proc, err, listening(proc, err)  # the engines load first: seconds, more on a busy machine


@pytest.mark.parametrize(
    ("args", "name"),
    [(["serve"], "memeval review on http://127.0.0.1:"), (["audit", "serve"], "memeval audit serve on http://")],
)
def test_sigterm_stops_with_a_line_and_exit_0(tmp_path: Path, args: list[str], name: str) -> None:
    proc, err_lines, lines = _started([*args, "--port", "0"], tmp_path)
    warm = name.split(" on ")[0] + ": "  # "memeval audit serve: ", "memeval review: "
    assert [line.startswith(warm) for line in lines] == [True, True, False], lines  # loading, loaded, listening
    assert "loading the redactor and hold detector before serving" in lines[0], lines
    assert "requests meanwhile are answered 503, Retry-After: 5" in lines[0], lines  # it answers while loading
    assert "redactor and hold detector loaded in" in lines[1] and lines[2].startswith(name), lines
    proc.send_signal(signal.SIGTERM)
    out, err = _ended(proc, err_lines, 60)
    assert proc.returncode == 0, (proc.returncode, err)
    assert err.rstrip().endswith("stopped by SIGTERM, shut down cleanly"), err
    assert "Traceback" not in err and out == ""


@pytest.mark.slow  # 18 s in the suite (91c579d9, three workers): handed out first
def test_while_the_engines_load_requests_get_503_and_sigterm_stops_before_serving(tmp_path: Path) -> None:
    proc = _spawned(["audit", "serve", "--port", "0"], tmp_path)
    assert proc.stderr is not None
    err_lines = Lines(proc.stderr)
    first = _line(err_lines, 120)
    assert first.startswith("memeval audit serve: loading the redactor and hold detector"), first
    url = announced_url(first)  # the port --port 0 took
    # audit17: the bound port refused connections while the engines loaded (a sender read "no server
    # here"); now each request, its body read (a 300 KB batch: no reset), is answered 503 + Retry-After
    events = [{"type": "memory.written", "text": "x" * 1000} for _ in range(300)]
    r = httpx.post(f"{url}/api/v1/events", json={"events": events}, timeout=patient(30))
    assert (r.status_code, r.headers.get("retry-after")) == (503, "5"), (r.status_code, r.text[:300])
    reason = r.json()["error"]["reason"]
    assert reason.startswith("memeval audit serve is loading") and "nothing was stored" in reason, reason
    proc.send_signal(signal.SIGTERM)
    out, err = _ended(proc, err_lines, 120)
    assert proc.returncode == 0, (proc.returncode, first + err)
    assert "(Ctrl-C to stop)" not in err, err  # never said it listens
    # speed27: the SIGTERM stops the loading where it is; it loaded to the end first (and the guards'
    # engines after it), seconds of CPU for a server that was asked to stop
    assert "loaded in" not in err, err
    assert err.rstrip().endswith("stopped by SIGTERM, shut down cleanly") and "Traceback" not in err, err


def test_no_ingest_loads_nothing(tmp_path: Path) -> None:
    proc, err_lines, lines = _started(["serve", "--no-ingest", "--port", "0"], tmp_path)
    proc.send_signal(signal.SIGTERM)
    _ended(proc, err_lines, 60)
    assert len(lines) == 1 and lines[0].startswith("memeval review on http://"), lines


def test_ctrl_c_is_still_an_interruption(tmp_path: Path) -> None:
    proc, err_lines, _ = _started(["serve", "--port", "0"], tmp_path)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _, err = _ended(proc, err_lines, 60)
    assert proc.returncode == 130 and err.strip().endswith("interrupted"), (proc.returncode, err)
