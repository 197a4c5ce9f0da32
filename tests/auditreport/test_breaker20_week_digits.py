"""A week or a time written with digits of another script is refused, not read as another name of the same week.

`\\d` in Python's `re` matches every script's decimal digits and `int()` reads them, so `--week ２０２６-W47`
(full-width digits, as an input method types them) passed `memeval.audit.iso_week_window` as the week 2026-W47 and
kept its own spelling everywhere after: on main, `report weekly --week ２０２６-W47` and then `--week 2026-W47` made
two "v1" reports of one week (two folders, two `report.generated` events, each sendable once: the same week
e-mailed twice), where a week already reported is returned as it is. A subscription's `--at ２３:５９` was stored
as `23:５９`. Now both are usage errors (exit 2) and nothing is stored.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STORE = ROOT / "tests" / "fixtures" / "audit_before_id_shape" / "store.sqlite"
"""A small store of team fernhill (two lessons), copied: no ingest (and no redactor loading) needed."""


def _memeval(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_FINGERPRINT_KEY="ab" * 32)
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args, "--db", f"sqlite:///{tmp_path / 'audit.sqlite'}"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_week_in_other_digits_is_refused_and_makes_no_second_report(tmp_path: Path) -> None:
    shutil.copy(STORE, tmp_path / "audit.sqlite")
    out = tmp_path / "reports"
    for week in ("２０２６-W47", "٢٠٢٦-W٤٧", "2026-W４７"):
        r = _memeval(tmp_path, "report", "weekly", "--team", "fernhill", "--week", week, "--out", str(out))
        assert r.returncode == 2, (week, r.returncode, r.stderr[-2000:])
        assert f"week {week!r} is not an ISO week: write it as YYYY-Www" in r.stderr, r.stderr
    assert not out.exists() or not any(out.rglob("report.pdf"))
    r = _memeval(
        tmp_path, "report", "subscribe", "--team", "fernhill", "--to", "ops@fernhill.example", "--at", "２３:５９"
    )
    assert r.returncode == 2 and "write it as HH:MM" in r.stderr, (r.returncode, r.stderr[-2000:])
    r = _memeval(tmp_path, "report", "subscriptions")
    assert r.returncode == 0 and "fernhill" not in r.stdout, (r.stdout, r.stderr[-2000:])
