"""What a new user's walk through README on a fresh clone found, checked with real `memeval` processes.

- `memeval audit serve --help` said the warm workers scan the ids while the server redacts the
  free text; the server does the opposite (`presanitize_one`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from memeval.audit._parallel import HTTP_MIN_EVENTS, WORKER_SHARE

REPO = Path(__file__).resolve().parents[2]


def _memeval(*args: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """A real `memeval` process, stdout a pipe (not a terminal), no MEMEVAL_ variable of ours."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        env={**base, "PYTHONPATH": str(REPO)},
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        start_new_session=True,
    )


def test_audit_serve_help_says_what_the_workers_do() -> None:
    res = _memeval("audit", "serve", "--help", cwd=REPO)
    assert res.returncode == 0, res.stderr
    text = " ".join(res.stdout.split())
    assert (HTTP_MIN_EVENTS, WORKER_SHARE) == (50, 2 / 3)  # the figures the help page states
    assert "A batch of 50 events or more has the free text of its first two thirds redacted" in text, text
    assert "while the server scans the batch's ids and does the last third itself" in text, text
