"""Shared by the planted-text tests (`test_hold_redos.py`, `test_hold_redos3.py`): a CPU limit for a
child process and a real `memeval audit ingest` of one memory event under it."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cpu_limit(seconds: int) -> Callable[[], None]:
    """A `preexec_fn` that limits the child to `seconds` of CPU (RLIMIT_CPU: killed past it)."""

    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))

    return set_limit


def ingest_one_memory(tmp_path: Path, text: str, event_id: str, cpu_s: int = 60) -> subprocess.CompletedProcess[str]:
    """`memeval audit ingest` (a real child process, `cpu_s` CPU seconds at most) of one `memory.written` of `text`."""
    event = {
        "type": "memory.written",
        "occurred_at": "2026-11-20T10:00:00Z",
        "team": "fernhill",
        "sender_event_id": event_id,
        "actor": {"kind": "agent", "id": "support-bot"},
        "session": "ses_1",
        "subject": "mem_1",
        "payload": {"text": text},
    }
    f = tmp_path / "events.jsonl"
    f.write_text(json.dumps(event) + "\n", encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(f), "--db", f"sqlite:///{tmp_path / 'a.sqlite'}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        preexec_fn=cpu_limit(cpu_s),  # noqa: PLW1509 - one setrlimit call
        check=False,
    )
