"""An overdue age no store can hold (`MEMEVAL_REVIEW_OVERDUE_AFTER_H=inf`) is a usage error, not a traceback.

The setting was checked only for `> 0`, so `inf` and `1e300` passed; the weekly report hands it to the store in
microseconds (a 64-bit integer) and `report weekly` ended with `OverflowError: cannot convert float infinity to
integer` (exit 1): a scheduled report of a store served with that setting never went out. `nan` failed the check
but as a `pydantic.ValidationError` traceback from `review list` and `report weekly`. Now the age is at most
`MAX_OVERDUE_H` (100 years) and a variable out of range is one `error:` line naming it (exit 2).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STORE = ROOT / "tests" / "fixtures" / "audit_before_id_shape" / "store.sqlite"


@pytest.mark.parametrize(
    ("value", "args"),
    [
        ("inf", ("report", "weekly", "--team", "fernhill", "--week", "2026-W40", "--preview")),
        ("1e300", ("report", "weekly", "--team", "fernhill", "--week", "2026-W40", "--preview")),
        ("nan", ("review", "list")),
    ],
    ids=["report-inf", "report-1e300", "review-list-nan"],
)
def test_an_overdue_age_out_of_range_is_a_usage_error(tmp_path: Path, value: str, args: tuple[str, ...]) -> None:
    shutil.copy(STORE, tmp_path / "audit.sqlite")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_FINGERPRINT_KEY="ab" * 32, MEMEVAL_REVIEW_OVERDUE_AFTER_H=value)
    r = subprocess.run(
        [sys.executable, "-m", "memeval", *args, "--db", f"sqlite:///{tmp_path / 'audit.sqlite'}"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr, r.stderr[-2000:]
    assert f"MEMEVAL_REVIEW_OVERDUE_AFTER_H={value!r} is out of range" in r.stderr, r.stderr
