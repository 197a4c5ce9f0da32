"""`memeval schedule`'s log says what the service does, each line stamped in UTC.

A new user's `memeval schedule` printed APScheduler's bookkeeping between the service's own lines
(`apscheduler.scheduler Added job "scheduled_run" to job store "default"`, `Running job
"scheduled_run (trigger: date[...])"`, `Removed job startup:fernhill`, `... executed successfully`,
`Resumed scheduler job processing`), and stamped every line in local time with no zone
(`2026-12-05 22:36:36,950`). Now the service's lines only (APScheduler's warnings still show),
each stamped `YYYY-MM-DD HH:MM:SS.mmmZ`.
"""

from __future__ import annotations

import re
import signal
from datetime import UTC, datetime, timedelta
from pathlib import Path

from live_server import free_port
from patience import patient
from schedule_proc import end_schedule, start_schedule
from usage_line import set_up_memeval

STAMP = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3})Z (\S+) ")


def test_schedule_logs_its_own_lines_in_utc(tmp_path: Path) -> None:
    env = {
        "MEMEVAL_DB": f"sqlite:///{tmp_path / 'audit.sqlite'}",
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "TZ": "Asia/Tokyo",  # a local zone 9 hours from UTC: a local stamp cannot pass for UTC
        "MEMEVAL_SMTP_HOST": "127.0.0.1",
        "MEMEVAL_SMTP_PORT": str(free_port()),
        "MEMEVAL_SMTP_SECURITY": "none",
        "MEMEVAL_SMTP_FROM": "reports@fernhill.example",
    }
    made = set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr
    started = datetime.now(UTC)
    proc, err, seen = start_schedule("--runs", str(tmp_path), cwd=tmp_path, env=env)
    try:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=patient(60)) == 0, seen
        seen += err.rest().splitlines()
    finally:
        end_schedule(proc)
    ended = datetime.now(UTC)
    stamped = [STAMP.match(line) for line in seen]
    assert all(stamped), seen
    assert {m.group(2) for m in stamped if m} == {"memeval.auditreport.schedule"}, seen
    for m in stamped:
        assert m is not None
        at = datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=UTC)
        assert started - timedelta(seconds=1) <= at <= ended + timedelta(seconds=1), (at, started, ended)
    text = "\n".join(seen)
    assert "nothing subscribed yet" in text and "stopping (SIGTERM)" in text, text
