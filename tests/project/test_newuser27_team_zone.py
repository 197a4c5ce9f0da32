"""A team's time zone: a mistyped name gets the zone it meant, and `localtime` is refused (newuser27).

`memeval audit team set fernhill --tz London` (or `utc`, `europe/london`, `New York`) said only "unknown
time zone 'London': give an IANA name such as 'Europe/London'", leaving the user to find the right one.
Now the message names the zones meant. And `--tz localtime` was taken: it is in the zone database but
names `/etc/localtime` of whichever machine reads it, so the team's weeks were cut at another midnight
by a report made, recounted or scheduled on a machine set otherwise (a shared PostgreSQL store, a server
in UTC); refused now (exit 2, nothing stored), as it is for `audit counts --tz` and `report weekly --tz`.
Real `memeval` processes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import one_usage_line, run_memeval


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("London", "'Europe/London'"),
        ("utc", "'UTC'"),
        ("europe/london", "'Europe/London'"),
        ("New York", "'America/New_York'"),
        ("Europe/Londn", "'Europe/London'"),
    ],
)
def test_a_mistyped_zone_names_the_zone_meant(tmp_path: Path, typed: str, meant: str) -> None:
    db = tmp_path / "store" / "a.sqlite"
    out = run_memeval("audit", "team", "set", "fernhill", "--tz", typed, "--db", f"sqlite:///{db}", cwd=tmp_path)
    one_usage_line(out, f"unknown time zone {typed!r}", f"did you mean {meant}")
    assert not db.parent.exists()


def test_localtime_is_refused_as_a_teams_zone(tmp_path: Path) -> None:
    db = tmp_path / "store" / "a.sqlite"
    env = {"MEMEVAL_DB": f"sqlite:///{db}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    out = run_memeval("audit", "team", "set", "fernhill", "--tz", "localtime", cwd=tmp_path, env=env)
    one_usage_line(out, "'localtime'", "this machine's own setting", "Europe/London")
    assert not db.parent.exists()
    for args in (("audit", "counts"), ("report", "weekly")):
        out = run_memeval(*args, "--team", "fernhill", "--week", "2026-W47", "--tz", "localtime", cwd=tmp_path, env=env)
        one_usage_line(out, "'localtime'", "this machine's own setting")
    ok = run_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", cwd=tmp_path, env=env)
    assert ok.returncode == 0 and "weeks are cut in Europe/London" in ok.stdout, ok.stderr[-2000:]
