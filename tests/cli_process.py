"""A real `memeval` process for the new-user tests, and what `-X importtime` says it imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run_memeval(
    *args: str, cwd: Path, env: dict[str, str] | None = None, stdin: str = "", importtime: bool = False
) -> subprocess.CompletedProcess[str]:
    """`python -m memeval ARGS` in `cwd`, no MEMEVAL_ variable of ours but `env`'s; `importtime`: `-X importtime` on."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run(
        [sys.executable, *flags, "-m", "memeval", *args],
        env={**base, "PYTHONPATH": str(REPO), **(env or {})},
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        start_new_session=True,
    )


def imported_modules(stderr: str) -> set[str]:
    """The modules `-X importtime` reported as imported (its lines: `import time: self | cumulative | name`)."""
    return {
        line.rsplit("|", 1)[1].strip()
        for line in stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def said(stderr: str) -> str:
    """stderr without `-X importtime`'s lines: what the command itself said."""
    return "\n".join(line for line in stderr.splitlines() if not line.startswith("import time:"))
