"""`memeval view --port N` on a taken port says so at once, before reading the run (newuser35).

It read the run and built its overview first (3 s on a fresh clone at load 13, 23 s at load 23, under "reading run
... and starting the viewer"), then said "cannot serve on 127.0.0.1:N: Address already in use". The servers bind
their port first (`memeval.cli._serving.bind_port`); the viewer now checks it the same way. A real CLI process
against a port a real socket listens on; the run folder's log is empty, which the viewer would refuse only later.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from patience import patient

ROOT = Path(__file__).resolve().parents[2]


def test_a_taken_port_is_said_before_the_run_is_read(tmp_path: Path) -> None:
    run = tmp_path / "runs" / "01M90000000000000000000000"
    run.mkdir(parents=True)
    (run / "events.jsonl").write_text("")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(ROOT)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run(
            [sys.executable, "-m", "memeval", "view", str(run), "--port", str(port), "--no-browser"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=patient(60),
        )
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert f"port {port} on 127.0.0.1 is already in use" in r.stderr, r.stderr
    assert "reading run" not in r.stderr, r.stderr  # main: read first, then the port (here: the empty log's error)
