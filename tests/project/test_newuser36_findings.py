"""What a new user met on a fresh clone (newuser36), each in a real `memeval` process.

- A PostgreSQL URL whose server takes the connection and never answers (a stopped VM behind a port
  forward, a firewall that drops packets) held `memeval audit verify` (and every store command, `serve`
  too) silent for 130 s, psycopg's default, then said only "connection timeout expired". Now a connection
  may take `PG_CONNECT_TIMEOUT_S` (10 s, a URL's own `?connect_timeout=N` wins) and the error says so.
"""

from __future__ import annotations

import socket
import subprocess
from pathlib import Path

import pytest
from usage_line import run_memeval

PG_CONNECT_TIMEOUT_S = 10  # memeval.audit._store.PG_CONNECT_TIMEOUT_S


@pytest.mark.slow  # waits out the 10 s timeout (about 1 s of CPU)
def test_a_postgresql_server_that_never_answers_is_named_after_the_timeout(tmp_path: Path) -> None:
    with socket.socket() as silent:  # takes connections (the kernel's backlog), never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"postgresql+psycopg://memeval:s3cr3tpw@127.0.0.1:{silent.getsockname()[1]}/memeval"
        try:  # main: 130 s of silence (past the limit on a quiet machine), then no word of how long it waited
            r = run_memeval("audit", "verify", "--db", url, cwd=tmp_path, timeout_s=PG_CONNECT_TIMEOUT_S + 50)
        except subprocess.TimeoutExpired:
            pytest.fail("memeval audit verify still waited for a server that never answers")
    assert r.returncode == 1, r.stderr
    assert f"no answer within {PG_CONNECT_TIMEOUT_S} s" in r.stderr, r.stderr
    assert "?connect_timeout=SECONDS" in r.stderr, r.stderr
    assert "s3cr3tpw" not in r.stderr, r.stderr  # the URL's password is not shown
