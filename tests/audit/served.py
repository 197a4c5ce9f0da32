"""A real `memeval audit serve` on 127.0.0.1 for the guards' tests, and the guard processes it starts.

`served(tmp_path, env)` starts the command in its own session on a SQLite store with a token made
beforehand, waits for its "(Ctrl-C to stop)" line and yields (process, url, token); the server is
stopped with SIGINT at the end and its stderr, everything it logged, is in `Served.log`.

One server can serve several tests (`Served.for_team`): each test sends as a team of its own, with a
token of its own, reads its own team's stored texts and the log from the moment it began. Ingest keeps
everything per team (streams, resends, the texts read with the one before), so the tests do not see
each other's events.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from ingest_events import post_events
from live_server import announced_url
from patience import patient
from procs import cmdline, live, started

from memeval.audit import SqlAuditStore, add_token

ROOT = Path(__file__).resolve().parents[2]
KEY_HEX = "ab" * 32


@dataclass
class Served:
    """A running `memeval audit serve`."""

    proc: subprocess.Popen[bytes]
    url: str
    token: str
    db: str
    team: str = "fernhill"
    since: int = 0
    """Where this view's log starts in `raw` (0: the server's start)."""
    raw: bytearray = field(default_factory=bytearray)
    """Everything read from the server's stderr so far, shared by the views `for_team` makes."""

    @property
    def log(self) -> str:
        """What the server wrote on stderr from `since` on (read from the pipe without blocking)."""
        self._drain()
        return self.raw[self.since :].decode(errors="replace")

    def _drain(self) -> None:
        """Add what is waiting in the server's stderr pipe to `raw`, without blocking."""
        assert self.proc.stderr is not None
        fd = self.proc.stderr.fileno()
        while select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            self.raw += chunk

    def for_team(self, team: str) -> Served:
        """A view of this server for `team`: a new token of sender `memsys`, its texts, the log from now on."""
        store = SqlAuditStore(self.db, fingerprint_key=bytes.fromhex(KEY_HEX))
        try:
            token = add_token(store, team, "memsys")
        finally:
            store.engine.dispose()
            store._write_engine.dispose()
        self._drain()  # the view's log starts after what the server wrote so far
        return replace(self, team=team, token=token, since=len(self.raw))

    def stored_bytes(self) -> bytes:
        """Every byte of the store as it is now: the SQLite file with its WAL and journal."""
        base = Path(self.db.removeprefix("sqlite:///"))
        return b"".join(p.read_bytes() for p in sorted(base.parent.glob(base.name + "*")) if p.is_file())

    def texts(self) -> dict[str, str]:
        """The stored text of each of the team's events, by its sender's event id (`stored_texts`)."""
        return stored_texts(self.db, self.team)

    def post(self, events: list[dict[str, object]]) -> dict[str, Any]:
        """POST `events` as one batch with the server's token; the 200 answer's JSON (anything else fails)."""
        r = post_events(self.url, self.token, events, patient(120))
        assert r.status_code == 200, r.text[:500]
        return r.json()  # type: ignore[no-any-return]

    def guard_pid(self) -> int:
        """The pid of the server's hold guard: its first spawned child (ready before the redaction guard starts)."""
        return self._spawned(0, "hold guard")

    def redaction_guard_pid(self) -> int:
        """The pid of the server's redaction guard: its second spawned child (the resource tracker is not spawned)."""
        return self._spawned(1, "redaction guard")

    def _spawned(self, index: int, what: str) -> int:
        end = time.monotonic() + patient(60)
        while time.monotonic() < end:
            born = {pid: started(pid) for pid in live(parent=self.proc.pid) if b"spawn_main" in cmdline(pid)}
            # in the order they started, not by pid: pids wrap in a long suite (pid_max 32768 here)
            pids = sorted((pid for pid, t in born.items() if t is not None), key=lambda pid: int(born[pid] or 0))
            if len(pids) > index:
                return pids[index]
            time.sleep(0.1)
        raise AssertionError(f"no {what} process under the server")


def stored_texts(db: str, team: str = "fernhill") -> dict[str, str]:
    """The stored text of each of `team`'s events in store `db`, by its sender's event id ("" for none)."""
    store = SqlAuditStore(db, fingerprint_key=bytes.fromhex(KEY_HEX))
    try:
        return {e.sender_event_id: str(getattr(e.payload, "text", "")) for e in store.events(team)}
    finally:
        store.engine.dispose()
        store._write_engine.dispose()


@contextmanager
def served(tmp_path: Path, env: dict[str, str]) -> Iterator[Served]:
    """`memeval audit serve` on a fresh SQLite store in `tmp_path`, with `env` added (no worker pool)."""
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    store = SqlAuditStore(db, fingerprint_key=bytes.fromhex(KEY_HEX))
    token = add_token(store, "fernhill", "memsys")
    store.engine.dispose()
    store._write_engine.dispose()
    base = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    base.update(PYTHONPATH=str(ROOT), MEMEVAL_DB=db, MEMEVAL_AUDIT_WORKERS="0", MEMEVAL_FINGERPRINT_KEY=KEY_HEX)
    proc = subprocess.Popen(  # --port 0: the port it took is in its first line (none probed, none raced for)
        [sys.executable, "-m", "memeval", "audit", "serve", "--port", "0"],
        cwd=tmp_path,
        env={**base, **env},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    srv = Served(proc, "", token, db)
    end = time.monotonic() + patient(180)
    while "(Ctrl-C to stop)" not in srv.log:
        if proc.poll() is not None or time.monotonic() > end:
            proc.kill()
            proc.wait()
            pytest.fail("memeval audit serve did not start:\n" + srv.log)
        time.sleep(0.1)
    srv.url = announced_url(srv.log)
    try:
        yield srv
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=patient(60))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
