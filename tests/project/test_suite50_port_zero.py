"""`--port 0` on the servers: the system picks a free port, and the first line names the one taken.

Tests (and scripts) probed a free port, closed it and passed it to `memeval serve` or `memeval audit
serve`, which refused 0 (`1<=x<=65535`): between the probe and the server's bind another process of
the suite could take the port, so `tests/audit/served.py` retried up to three ports. Now the servers
take `--port 0`, bind an ephemeral port before anything loads, and print its number in the address
of their first stderr line, in the format they always used; a caller reads it there. Real processes,
real HTTP on 127.0.0.1.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import httpx
from line_reader import Lines
from live_server import LISTENING, announced_url
from patience import patient
from typer.testing import CliRunner
from usage_line import spawn_memeval

from memeval.cli import app


def _first_line(args: list[str], tmp_path: Path) -> tuple[str, str, object]:
    """Start `memeval ARGS --port 0`; its first stderr line, the address read from it, and the process."""
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}", "MEMEVAL_AUDIT_WORKERS": "0"}
    proc = spawn_memeval(*args, "--port", "0", cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    line = err.next(patient(60))
    if line is None or "http://" not in line:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise AssertionError(f"no address in the first line: {line!r}\n{err.rest()}")
    return line, announced_url(line), (proc, err)


def _stop(handle: object) -> None:
    proc, err = handle  # type: ignore[misc]
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=patient(60))
    err.rest()


def test_serve_on_port_0_names_the_port_it_took_and_answers_there(tmp_path: Path) -> None:
    line, url, handle = _first_line(["serve", "--no-ingest"], tmp_path)
    try:
        assert line == f"memeval review on {url}/ {LISTENING}", line  # the line's format, with the port taken
        r = httpx.get(f"{url}/login", timeout=patient(10))  # at once: the line is said once it answers
        assert r.status_code == 200 and '<input name="password"' in r.text, (r.status_code, r.text[:300])
    finally:
        _stop(handle)


def test_audit_serve_on_port_0_names_the_port_in_its_loading_line(tmp_path: Path) -> None:
    line, url, handle = _first_line(["audit", "serve"], tmp_path)
    try:
        said = f"memeval audit serve: loading the redactor and hold detector before serving {url}/api/v1/events ("
        assert line.startswith(said), line
        r = httpx.get(f"{url}/api/v1/health", timeout=patient(10))  # while loading: 503, Retry-After; then 200
        assert r.status_code in (200, 503), r.text
        assert r.status_code == 200 or r.headers["retry-after"] == "5", r.headers
    finally:
        _stop(handle)


def test_the_help_of_both_servers_says_what_port_0_does() -> None:
    for cmd in (["serve"], ["audit", "serve"]):
        out = CliRunner().invoke(app, [*cmd, "--help"], env={"COLUMNS": "200", "TERM": "dumb"})
        assert out.exit_code == 0, out.output
        assert "0 takes any free port" in " ".join(out.output.split()), (cmd, out.output)
