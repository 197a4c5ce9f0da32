"""The one check every bad-input test makes of a memeval command: exit 2 and one `error:` line.

Importable from every test folder: `tests/` is on the path because `tests/conftest.py` lives there.
"""

from __future__ import annotations

import subprocess


def one_usage_line(out: subprocess.CompletedProcess[str], *needles: str) -> str:
    """Assert `out` exited 2 with exactly one stderr line, starting `error: ` and holding each needle.

    Returns:
        That line.
    """
    assert out.returncode == 2, (out.returncode, out.stderr[-2000:])
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr[-2000:]
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]
