"""`PYTHONPATH` for a bench's child process that measures the checkout `code`."""

from __future__ import annotations

import os
from pathlib import Path


def pythonpath(code: Path) -> str:
    """`code` first, then whatever `PYTHONPATH` this process was given (a package installed outside the venv).

    So `PYTHONPATH=/tmp/site bench/audit_ingest.py --against BASE` measures both checkouts with the
    packages in /tmp/site importable (a package a branch adds, before the shared venv has it).
    """
    extra = os.environ.get("PYTHONPATH", "")
    return str(code) + (os.pathsep + extra if extra else "")
