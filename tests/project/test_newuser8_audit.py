"""`memeval audit team list`, and `users log --account` of an account that is not there.

`audit team list`: which teams a store has and the zone each one's weeks are cut in.

Found by a new user following README's audit walkthrough: `memeval audit team set fernhill --tz
Europe/London` had no way to be read back. `audit counts` and `report weekly` cut weeks in a team's
zone, and a team never set is cut in UTC without a word, so a user could not check which teams the
store knew or which zone each had short of reading the database. Every other part of the store
has a listing (`audit token list`, `users list`, `review list`, `report subscriptions`).

`users log --account alcie` (a typo) said `no account changes recorded for 'alcie' (changes made
before memeval recorded them are not listed)` and exit 0, as if the account were there with an
old history. It is now a usage error naming the accounts there are, the nearest first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from patience import patient
from usage_line import set_up_memeval

REPO = Path(__file__).resolve().parents[2]
WEEK = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"
NO_WORKERS = {"MEMEVAL_AUDIT_WORKERS": "0"}


def _memeval(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), MEMEVAL_AUDIT_WORKERS="0")
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=patient(300)
    )


def test_team_list_names_each_team_and_its_zone(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'store' / 'memeval.sqlite'}"
    ingested = set_up_memeval(
        "audit", "ingest", str(WEEK), "--sender", "sample", "--db", db, cwd=tmp_path, env=NO_WORKERS
    )
    assert ingested.returncode == 0, ingested.stderr
    made = set_up_memeval("audit", "team", "set", "kew", "--tz", "Asia/Tokyo", "--db", db, cwd=tmp_path, env=NO_WORKERS)
    assert made.returncode == 0, made.stderr
    out = _memeval("audit", "team", "list", "--db", db, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines == [
        "fernhill\tUTC (not set: `memeval audit team set` sets it)",
        "kew\tAsia/Tokyo\tno events yet",
    ], lines
    zoned = set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", "--db", db, cwd=tmp_path)
    assert zoned.returncode == 0, zoned.stderr
    doc = json.loads(_memeval("audit", "team", "list", "--db", db, "--json", cwd=tmp_path).stdout)
    assert doc == {
        "schema": "memeval.audit-teams/1",
        "schema_version": 1,
        "teams": [
            {"team": "fernhill", "tz": "Europe/London", "tz_set": True, "has_events": True},
            {"team": "kew", "tz": "Asia/Tokyo", "tz_set": True, "has_events": False},
        ],
    }


def test_team_list_of_no_store_says_so_and_makes_none(tmp_path: Path) -> None:
    missing = tmp_path / "tpyo" / "memeval.sqlite"
    out = _memeval("audit", "team", "list", "--db", f"sqlite:///{missing}", cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert out.stderr.startswith("error: no audit store at ") and out.stderr.count("\n") == 1, out.stderr
    assert not missing.parent.exists()


def test_users_log_of_an_account_that_is_not_there_names_the_accounts(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'memeval.sqlite'}"
    made = set_up_memeval(
        "users", "add", "alice", "--role", "admin", "--password-stdin", "--db", db,
        cwd=tmp_path, stdin="a long enough password 1",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    out = _memeval("users", "log", "--account", "alcie", "--db", db, cwd=tmp_path)
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stderr == (
        "error: --account 'alcie' is no account: did you mean 'alice'? "
        "the store's accounts: alice (`memeval users list`)\n"
    )
    assert out.stdout == ""
    mine = _memeval("users", "log", "--account", "Alice", "--db", db, cwd=tmp_path)  # names compare normalised
    assert mine.returncode == 0 and "\taccount.created\talice\t" in mine.stdout, mine.stdout + mine.stderr
