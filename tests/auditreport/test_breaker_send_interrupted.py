"""Ctrl-C during `memeval report send` before the message went out leaves the report sendable.

Found by sending SIGINT to a `report send` at random moments: interrupted while it waited for the
mail server's greeting (a slow or stuck server), the delivery's claim stayed `sending`, and every
`report send` for the next ten minutes (the claim's lease) answered "busy: another process is
sending this report", though no process was. Nothing had reached the server, and the process that
took the ^C knows that: it now gives the claim back (`pending`) before it ends as interrupted.
`report send` takes SIGTERM (`timeout`, a service manager) as a ^C while it delivers, for the same
reason. A sender killed outright (kill -9) still leaves its claim to the lease, as before.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from shared_cache import shared_cache

from memeval.auditreport import delivery_state, make_report

ROOT = Path(__file__).resolve().parents[2]
WEEK = "2026-W47"


def _send(store, tmp_path: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    base = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        **shared_cache(),
        "MEMEVAL_DB": store.url,
        "MEMEVAL_FINGERPRINT_KEY": "ab" * 32,
        "MEMEVAL_REPORT_DIR": str(tmp_path / "reports"),
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "memeval", "report", "send", "--team", "fernhill", "--week", WEEK,
         "--runs", str(tmp_path / "runs"), "--to", "lead@fernhill.example"],
        cwd=ROOT, env={**base, **env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_stopped_while_the_server_has_not_answered_leaves_the_report_sendable(
    store, smtp, tmp_path: Path, sig: signal.Signals
) -> None:
    (tmp_path / "runs").mkdir()
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "reports", runs_dir=tmp_path / "runs")
    with socket.socket() as silent:  # accepts the connection and never greets: a stuck mail server
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        silent.settimeout(patient(60))
        env = smtp.env(MEMEVAL_SMTP_PORT=str(silent.getsockname()[1]), MEMEVAL_SMTP_TIMEOUT_S="120")
        proc = _send(store, tmp_path, env)
        conn, _ = silent.accept()  # the sender holds its claim and waits for the greeting
        with conn:
            assert delivery_state(store, made.record.idempotency_key) == "sending"
            os.killpg(proc.pid, sig)  # a terminal's Ctrl-C, or `timeout`'s or a service manager's SIGTERM
            _, err = proc.communicate(timeout=patient(60))
    assert proc.returncode == 130, err
    assert err.strip() == "interrupted", err
    assert delivery_state(store, made.record.idempotency_key) == "pending"
    again = _send(store, tmp_path, smtp.env())  # the real server now: sent at once, not "busy"
    out, err = again.communicate(timeout=patient(120))
    assert again.returncode == 0, out + err
    assert "busy" not in out + err
    assert len(smtp.inbox.messages) == 1
    assert delivery_state(store, made.record.idempotency_key) == "sent"
    attempts = [e.payload for e in store.events("fernhill") if e.type == "report.delivery_attempted"]
    assert [(a.ok, "interrupted" in (a.error or "")) for a in attempts] == [(False, True), (True, False)]
