"""`memeval serve` and `memeval audit serve` name their address in their first line, not after loading (newuser24).

Both bind their port, then load the redactor and hold detector (2 s of CPU, 18.7 s on a 2-core
machine at load 8-12) while the port answers 503; the address was printed only once they had loaded,
so a user saw "loading ..." and no URL for all that time, though a page opened there already said it
was loading and reloaded itself. Now the loading line names the address. A real server process,
its stderr read line by line, the named address asked over real HTTP on 127.0.0.1, then killed.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import httpx
import pytest
from line_reader import Lines
from live_server import announced_url
from patience import patient
from usage_line import spawn_memeval


@pytest.mark.parametrize(
    ("args", "name", "path"),
    [(["serve"], "memeval review", "/"), (["audit", "serve"], "memeval audit serve", "/api/v1/events")],
)
def test_the_loading_line_names_the_address(tmp_path: Path, args: list[str], name: str, path: str) -> None:
    env = {
        "MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}",
        "MEMEVAL_AUDIT_WORKERS": "0",
        "MEMEVAL_REVIEW_SECRET_FILE": str(tmp_path / "secret"),
    }
    proc = spawn_memeval(*args, "--port", "0", cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    try:
        first = err.next(patient(120)) or "(nothing on stderr)"
        base = announced_url(first)  # the port --port 0 took
        url = f"{base}{path}"
        with httpx.Client(timeout=patient(30)) as c:  # the address it names answers (503 while it loads)
            answer = c.get(f"{base}/api/v1/health")
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=patient(30))
    assert first.startswith(f"{name}: loading the redactor and hold detector before serving {url} ("), first
    assert answer.status_code in (200, 503), answer.text[:300]
