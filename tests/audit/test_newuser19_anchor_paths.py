"""`memeval audit verify --against PATH` with a path that is not there says so.

It said `nope.json is not an anchor or a report record (FileNotFoundError)`, as if the file were of
the wrong kind, and a file that was not JSON `(JSONDecodeError)`: Python's class names, not the reason.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from usage_line import run_memeval


def _memeval(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_memeval(*args, cwd=tmp_path, env={"MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}"}, timeout_s=300)


def test_verify_against_a_missing_or_wrong_file_names_the_reason(tmp_path: Path) -> None:
    assert _memeval(tmp_path, "audit", "team", "set", "acme", "--tz", "UTC").returncode == 0
    (tmp_path / "notes.txt").write_text("not an anchor\n")
    (tmp_path / "bad.json").write_text("{not json\n")
    cases = [
        ("nope.json", "error: 'nope.json' does not exist: pass the file `memeval audit anchor --out FILE` wrote"),
        ("notes.txt", "error: 'notes.txt' is not a weekly report's: 'record.json' does not exist"),
        ("bad.json", "error: bad.json is not an anchor or a report record (not JSON)"),
    ]
    for arg, said in cases:
        out = _memeval(tmp_path, "audit", "verify", "--against", arg)
        assert out.returncode == 2 and out.stderr.startswith(said), (arg, out.stderr)
        assert "Error)" not in out.stderr, out.stderr
