"""`memeval audit serve` on a port already taken (a real process, a real socket).

Found by a new user: `memeval audit serve --port P` with P taken loaded the redactor and hold
detector first (13-30 s on a busy machine), then printed uvicorn's "ERROR: [Errno 98] error while
attempting to bind ..." and exited 3, having made the store. `memeval serve` already said it at
once; now `audit serve` binds the port before anything loads, as it does: one `error:` line naming
the port and `--port` (exit 2), and no store made.
"""

from __future__ import annotations

import socket
from pathlib import Path

from usage_line import one_usage_line, run_memeval


def test_a_taken_port_is_one_line_naming_the_port_and_the_fix(tmp_path: Path) -> None:
    db = tmp_path / "audit" / "a.sqlite"
    env = {"MEMEVAL_DB": f"sqlite:///{db}", "MEMEVAL_AUDIT_WORKERS": "0"}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = run_memeval("audit", "serve", "--port", str(port), cwd=tmp_path, env=env)
    line = one_usage_line(out, f"port {port}", "already in use", f"--port {port + 1}")
    assert "Errno" not in line and "loading the redactor" not in out.stderr, out.stderr
    assert "`memeval serve`" in line, line  # README's walkthrough leaves one on 8765, the default of both
    assert not db.exists()  # refused before the store was opened
