"""README's audit walk-through, step `make_week.py --apply-decisions`, as a new user meets it (newuser27).

The step replays the sample week's 26 decisions through the review queue. On main it ended in a Python
traceback (exit 1) whenever the store was not exactly as the walk-through leaves it just before:

- run a second time (the walk-through run again, as `audit ingest` before it may be: that one skips what
  it stored): `ReviewRefused: lesson 'les_00' is 'approved': only waiting items can be claimed`;
- run before the week was ingested (or with another `--sender`): `ReviewRefused: no lesson 'les_00'`,
  after it had made the sample's accounts, so on a store with no admin of the user's `p_owner` (random
  password, shown to nobody) became its only admin: `users add` was out of reach for good;
- a decisions file that is not there, or no store: `FileNotFoundError`, `UsageError` tracebacks.

Now every item is checked before anything is changed: what the store already holds as the file decides it
is skipped (exit 0, said), anything else is one `error:` line (exit 2) naming the item and the fix.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from patience import patient
from usage_line import REPO, one_usage_line, run_memeval, set_up_memeval

AUDIT = REPO / "samples" / "fernhill" / "audit"
SCRIPT = AUDIT / "make_week.py"
DECISIONS = AUDIT / "decisions.jsonl"
PASSWORD = "a-long-enough-password-27"


def apply_decisions(path: Path, *, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`.venv/bin/python samples/fernhill/audit/make_week.py --apply-decisions PATH`, as README runs it."""
    full = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    full.update(env, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, str(SCRIPT), "--apply-decisions", str(path)], cwd=cwd, env=full,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=patient(120))  # fmt: skip


def store_env(tmp_path: Path) -> dict[str, str]:
    """A store of this test's own, its keys outside it."""
    return {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}


def ok(out: subprocess.CompletedProcess[str]) -> str:
    """Assert a process ended 0 without a traceback; its stdout."""
    assert out.returncode == 0 and "Traceback" not in out.stderr, (out.returncode, out.stderr[-3000:])
    return out.stdout


def users(tmp_path: Path, env: dict[str, str]) -> list[str]:
    """The store's account names, from `memeval users list --json`."""
    out = ok(run_memeval("users", "list", "--json", cwd=tmp_path, env=env))
    return [u["username"] for u in json.loads(out)["users"]]


def test_the_walk_through_run_again_skips_the_decisions_it_made(tmp_path: Path) -> None:
    env = store_env(tmp_path)
    ok(set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", cwd=tmp_path, env=env))
    ok(set_up_memeval("users", "add", "alice", "--role", "admin", "--password-stdin", cwd=tmp_path, env=env,
                      stdin=PASSWORD))  # fmt: skip
    ok(set_up_memeval("audit", "ingest", str(AUDIT / "week.jsonl"), "--sender", "sample", "--quiet", cwd=tmp_path,
                      env=env))  # fmt: skip
    first = ok(apply_decisions(DECISIONS, cwd=tmp_path, env=env))
    assert "applied 26 decisions" in first, first
    queue = json.loads(ok(run_memeval("review", "list", "--json", cwd=tmp_path, env=env)))["counts"]

    again = apply_decisions(DECISIONS, cwd=tmp_path, env=env)
    assert "applied no decisions" in ok(again) and "earlier --apply-decisions" in again.stdout, again.stdout
    assert json.loads(ok(run_memeval("review", "list", "--json", cwd=tmp_path, env=env)))["counts"] == queue
    verify = ok(run_memeval("audit", "verify", cwd=tmp_path, env=env))
    assert "chain intact" in verify and "match the chain" in verify, verify


def test_decisions_before_the_week_is_ingested_are_refused_before_any_account_is_made(tmp_path: Path) -> None:
    env = store_env(tmp_path)
    ok(set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", cwd=tmp_path, env=env))
    out = apply_decisions(DECISIONS, cwd=tmp_path, env=env)
    one_usage_line(out, "lesson/fernhill/les_00", "memeval audit ingest samples/fernhill/audit/week.jsonl",
                   "--sender sample", "nothing was changed")  # fmt: skip
    assert users(tmp_path, env) == []  # no p_owner made the store's admin behind the user's back
    ok(run_memeval("users", "add", "alice", "--role", "admin", "--password-stdin", cwd=tmp_path, env=env,
                   stdin=PASSWORD))  # fmt: skip
    assert users(tmp_path, env) == ["alice"]


def test_a_missing_decisions_file_or_store_is_one_error_line(tmp_path: Path) -> None:
    env = store_env(tmp_path)
    one_usage_line(apply_decisions(DECISIONS, cwd=tmp_path, env=env), "no audit store", "MEMEVAL_DB")
    assert not (tmp_path / "store").exists()
    ok(set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", cwd=tmp_path, env=env))
    one_usage_line(apply_decisions(tmp_path / "nope.jsonl", cwd=tmp_path, env=env), "nope.jsonl",
                   "No such file", "samples/fernhill/audit/decisions.jsonl")  # fmt: skip
    (tmp_path / "bad.jsonl").write_text('{"type": "lesson.approved"}\nnot json\n')
    one_usage_line(apply_decisions(tmp_path / "bad.jsonl", cwd=tmp_path, env=env), "line 2", "not JSON")
    assert users(tmp_path, env) == []
