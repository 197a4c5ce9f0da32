"""A region of the zone database given as a zone (`--tz America`) is a usage error, not a traceback.

`America`, `Europe`, `Etc`... are folders of the tz database: `zoneinfo.ZoneInfo("America")` opens the folder as a
file and raises `IsADirectoryError`, which `memeval.audit.zone` did not catch, so every command taking `--tz`
(`audit team set`, `audit counts`, `report weekly`) ended with a traceback and exit 1 for a user who left out the
city. Now: exit 2, the value named, and a zone in that region as the example; no store is made.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "args",
    [
        ("audit", "team", "set", "fernhill", "--tz", "America"),
        ("audit", "counts", "--team", "fernhill", "--week", "2026-W47", "--tz", "Europe"),
        ("report", "weekly", "--team", "fernhill", "--tz", "Etc/"),
    ],
    ids=["team-set", "counts", "report"],
)
def test_a_zone_region_is_a_usage_error_naming_a_zone_in_it(tmp_path: Path, args: tuple[str, ...]) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(ROOT)
    db = tmp_path / "audit.sqlite"
    r = subprocess.run(
        [sys.executable, "-m", "memeval", *args, "--db", f"sqlite:///{db}"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr and "IsADirectoryError" not in r.stderr, r.stderr[-2000:]
    assert "is a region of the zone database, not a zone: name one in it, e.g. '" in r.stderr, r.stderr
    assert not db.exists()
