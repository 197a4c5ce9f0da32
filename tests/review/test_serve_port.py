"""`memeval serve` on a port already taken, and when it says where it listens (real processes, real sockets).

A new user started a second `memeval serve` while one ran on 8765: it printed "memeval review on
http://127.0.0.1:8765/ (Ctrl-C to stop)", then uvicorn's "ERROR: [Errno 98] address already in
use", and exited 3. Now the taken port is one `error:` line naming the port and `--port` (exit 2),
and the address is printed only once the server answers on it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import httpx
import pytest
from line_reader import Lines
from live_server import announced_url, listening
from review_helpers import ROOT
from usage_line import one_usage_line

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def _env(db_url: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "MEMEVAL_DB": db_url, "MEMEVAL_REVIEW_SECRET": "cd" * 32}


def test_a_taken_port_is_one_line_naming_the_port_and_the_fix(db_url: str, tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "memeval", "serve", "--port", str(port)],
            cwd=tmp_path, env=_env(db_url), capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    line = one_usage_line(out, f"port {port}", "already in use", f"--port {port + 1}")
    assert "memeval review on" not in out.stderr and "Errno" not in line, out.stderr


def test_the_address_is_printed_once_it_answers(db_url: str, tmp_path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", "serve", "--port", "0"],
        cwd=tmp_path, env=_env(db_url), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stderr is not None
        *loading, line = listening(proc, Lines(proc.stderr))  # the ingest endpoint's engines load first
        url = announced_url(loading[0])  # the port --port 0 took, named in the first line
        assert len(loading) == 2 and line == f"memeval review on {url}/ (Ctrl-C to stop)", line
        r = httpx.get(f"{url}/api/v1/health", timeout=10)  # at once: no retry
        assert r.json() == {"schema": "memeval.audit-health/1", "schema_version": 1, "status": "ok"}
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
