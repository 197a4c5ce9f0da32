"""`memeval schedule` stopped while a delivery fails ends, in a real process (newuser36).

SIGTERM while a report was being sent to a mail server that is down: the job's failed delivery scheduled its
retry with `add_job`, which waits for the scheduler's job-store lock, and APScheduler's `shutdown` holds that
lock while it waits for the running job. Both waited for ever (every thread idle on a futex, the service
never exited; a service manager's stop ends in SIGKILL). Now a stopping service schedules no retry: the next
start sends what is due. Its log also showed presidio's loading chatter, nine lines of "presidio info at
entity_recognizer:79 (message withheld: ...)", when a report was made; presidio's warnings still show.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from pathlib import Path

from patience import patient
from usage_line import spawn_memeval

from memeval.auditreport import subscribe


def test_sigterm_while_a_delivery_fails_stops_the_service(store, tmp_path: Path) -> None:
    with socket.socket() as s:  # a port nothing listens on: each attempt is refused at once
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subscribe(store, "fernhill", ["lead@fernhill.example"], day="mon", at="08:00", since_week="2026-W47")
    env = {
        "MEMEVAL_SMTP_HOST": "127.0.0.1",
        "MEMEVAL_SMTP_PORT": str(port),
        "MEMEVAL_SMTP_SECURITY": "none",
        "MEMEVAL_SMTP_FROM": "reports@fernhill.example",
        "MEMEVAL_SMTP_ATTEMPTS": "2",
        "MEMEVAL_SMTP_BACKOFF_S": "3",  # the job is still sending for 3 s after the PDF is written
    }
    out = tmp_path / "reports"
    (tmp_path / "runs").mkdir()
    proc = spawn_memeval("schedule", "--db", store.url, "--out", str(out), "--runs", str(tmp_path / "runs"),
                         cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)  # fmt: skip
    pdf = out / "fernhill" / "2026-W47" / "v1" / "report.pdf"
    try:
        deadline = time.monotonic() + patient(120)
        while not pdf.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pdf.exists(), proc.stderr.read() if proc.poll() is not None else "no report made"
        proc.send_signal(signal.SIGTERM)  # the job is between its two refused attempts
        try:
            _, err = proc.communicate(timeout=patient(60))  # main: never ends
        except subprocess.TimeoutExpired:
            raise AssertionError("memeval schedule did not stop after SIGTERM while a delivery failed") from None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "stopping (SIGTERM): waiting for 1 running job(s)" in err, err
    assert "not retried now (stopping): the next start sends it" in err, err
    assert "Traceback" not in err, err
    assert "presidio" not in err, err  # its loading chatter ("presidio info at ... message withheld") is not the log's
