"""What a new user typed into real `memeval` processes and got a misleading answer to: each is now
a usage error (exit 2) in one line naming the value and the fix, and nothing is stored."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from usage_line import one_usage_line, set_up_memeval

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"


def _memeval(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    for k in ("MEMEVAL_DB", "MEMEVAL_RUNS_DIR"):
        if env is None or k not in env:
            full.pop(k, None)
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        cwd=cwd,
        env=full,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=patient(90),
    )


@pytest.mark.parametrize("how", ["option", "env"])
def test_runs_in_a_named_folder_that_does_not_exist_is_a_usage_error(tmp_path: Path, how: str) -> None:
    """`memeval runs --runs-dir /nonexistent/dir` said 'no run folders in /nonexistent/dir' and exit 0."""
    missing = tmp_path / "nonexistent" / "dir"
    if how == "option":
        out = _memeval("runs", "--runs-dir", str(missing), cwd=tmp_path)
    else:
        out = _memeval("runs", cwd=tmp_path, env={"MEMEVAL_RUNS_DIR": str(missing)})
    line = one_usage_line(out, str(missing), "does not exist", "--runs-dir")
    # It names the folder and the command that writes runs into it (the hint named neither).
    assert f"`memeval ab TASKS --runs-dir {missing}` writes runs there" in line
    assert not missing.exists()


def test_runs_before_the_first_run_is_still_a_friendly_empty_listing(tmp_path: Path) -> None:
    """A fresh clone has no runs/ yet: the default folder missing is not an error."""
    out = _memeval("runs", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "no run folders in runs yet: `memeval ab TASKS` writes runs there"
    assert not (tmp_path / "runs").exists()


def test_runs_in_an_empty_named_folder_says_how_to_make_runs_there(tmp_path: Path) -> None:
    """`memeval runs --runs-dir 'team runs'` on an empty folder said only 'no run folders in team runs'."""
    (tmp_path / "team runs").mkdir()
    out = _memeval("runs", "--runs-dir", "team runs", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        "no run folders in team runs yet: `memeval ab TASKS --runs-dir 'team runs'` writes runs there"
    )
    assert json.loads(_memeval("runs", "--runs-dir", "team runs", "--json", cwd=tmp_path).stdout)["runs"] == []


@pytest.mark.parametrize("what", ["other file", "a report.pdf without its record.json", "empty folder"])
def test_verify_of_something_that_is_not_a_report_is_a_usage_error(tmp_path: Path, what: str) -> None:
    """`report verify notes.txt` exited 1 with 'record.json is not a report record (FileNotFoundError)'."""
    db = _empty_store(tmp_path)  # an existing store, as the tester had
    if what == "other file":
        target = tmp_path / "notes.txt"
        target.write_text("hello")
    elif what == "a report.pdf without its record.json":
        (tmp_path / "some").mkdir()
        target = tmp_path / "some" / "report.pdf"
        target.write_bytes(b"%PDF-1.7")
    else:
        target = tmp_path / "empty"
        target.mkdir()
    out = _memeval("report", "verify", str(target), "--db", db, cwd=tmp_path)
    one_usage_line(out, str(target), "record.json", "TEAM/WEEK/vN")
    assert "FileNotFoundError" not in out.stderr


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--effect", "0.1", "--base-rate", "nan"], ["nan", "--base-rate", "from 0 to 1"]),
        (["--effect", "0.1", "--base-rate", "inf"], ["inf", "--base-rate", "from 0 to 1"]),
        (["--effect", "0.1", "--base-rate", "-inf"], ["-inf", "--base-rate", "from 0 to 1"]),
        (["--effect", "nan"], ["nan", "--effect", "from -1 to +1"]),
        (["--effect", "-inf"], ["-inf", "--effect", "from -1 to +1"]),
        (["--effect", "inf", "--from", "nope"], ["inf", "--effect", "from -1 to +1"]),
        (["--effect", "0.15", "--power", "1.5"], ["1.5", "--power", "between 0 and 1", "e.g. 0.8"]),
        (["--effect", "0.15", "--power", "nan", "--from", "nope"], ["nan", "--power", "between 0 and 1"]),
    ],
)
def test_plan_refuses_rates_that_are_not_numbers(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    """`plan --effect 0.1 --base-rate nan` said 'use an effect between +nan and +nan'."""
    line = one_usage_line(_memeval("plan", *args, cwd=tmp_path), *needles)
    assert "+nan" not in line


def test_an_agent_file_that_does_not_exist_names_the_fix(tmp_path: Path) -> None:
    """`ab --agent /nonexistent/agent.toml` said only that the file does not exist."""
    missing = tmp_path / "nonexistent" / "agent.toml"
    out = _memeval("ab", str(MINI), "--agent", str(missing), "--runs-dir", str(tmp_path / "runs"), cwd=tmp_path)
    one_usage_line(out, str(missing), "does not exist", "claude-code", "codex", "nop", "an existing agent.toml")
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_users_list_with_no_accounts_says_how_to_add_one(tmp_path: Path) -> None:
    """`users list` on a store with no accounts printed nothing at all, unlike `report subscriptions`."""
    db = _empty_store(tmp_path)
    out = _memeval("users", "list", "--db", db, cwd=tmp_path)
    assert out.returncode == 0 and "no accounts (add one with: memeval users add NAME" in out.stdout, out
    assert json.loads(_memeval("users", "list", "--db", db, "--json", cwd=tmp_path).stdout)["users"] == []
    # the hint it gave (`--role reviewer --team TEAM`) is refused on a store with no accounts: the first is an admin
    hint = out.stdout.split("add one with: ", 1)[1].split(":", 1)[0]
    assert hint == "memeval users add NAME --role admin", out.stdout
    cmd = hint.replace("memeval ", "").replace("NAME", "root").split()
    made = subprocess.run([sys.executable, "-m", "memeval", *cmd, "--db", db, "--password-stdin"], cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, input="root-password-1\n", capture_output=True,
                          text=True, timeout=patient(120))  # fmt: skip
    assert made.returncode == 0 and "root: admin of every team" in made.stdout, made


def test_upstream_api_names_every_provider_and_google_for_gemini(tmp_path: Path) -> None:
    """`--upstream-api`'s help said 'openai or anthropic' and refused google, which `--upstream` takes."""
    help_text = " ".join(_memeval("ab", "--help", cwd=tmp_path).stdout.split())
    assert "--upstream-api <str> The API --upstream-url speaks: openai" in help_text
    assert "anthropic, or google for Gemini" in help_text
    runs = ["--runs-dir", str(tmp_path / "runs")]
    out = _memeval("ab", str(MINI), "--agent", "nop", "--upstream-api", "gemini", *runs, cwd=tmp_path)
    one_usage_line(out, "--upstream-api 'gemini'", "use openai, anthropic or google", "Gemini is google")
    out = _memeval("ab", str(MINI), "--agent", "nop", "--upstream-api", "google", *runs, cwd=tmp_path)
    one_usage_line(out, "--upstream-api google", "add --upstream-url", "--upstream api=google,url=")
    assert not (tmp_path / "runs").exists()


def test_a_google_upstream_chosen_by_upstream_api_runs(tmp_path: Path) -> None:
    """`--upstream-api google --upstream-url URL` was refused ('use openai or anthropic'); it is a run now."""
    out = _memeval(
        "ab", str(MINI), "--agent", "oracle", "--upstream-api", "google", "--upstream-url",
        "https://generativelanguage.googleapis.com", "--upstream-key-env", "MEMEVAL_TEST_NO_KEY",
        "--runs-dir", str(tmp_path / "runs"), "--json", "--quiet",
        cwd=tmp_path, env={"MEMEVAL_TEST_NO_KEY": "placeholder"},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    run_id = json.loads(out.stdout)["run_id"]
    replay = json.loads(_memeval("replay", run_id, "--runs-dir", str(tmp_path / "runs"), cwd=tmp_path).stdout)
    assert "generativelanguage.googleapis.com" in json.dumps(replay["run_card"])


def _empty_store(tmp_path: Path) -> str:
    """A store that exists and holds no events, as a new user has it after README's first audit step.

    (`users list` made it once, and an ingest of an empty file; neither makes a store now:
    `tests/project/test_newuser7_ab.py`, `tests/project/test_newuser11_findings.py`.)
    """
    db = f"sqlite:///{tmp_path / 'audit' / 'a.sqlite'}"
    made = set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", "--db", db, cwd=tmp_path)
    assert made.returncode == 0 and (tmp_path / "audit" / "a.sqlite").exists(), made.stderr
    return db


@pytest.mark.parametrize(
    "args",
    [
        ["report", "send", "--team", "fernhill", "--to", "lead@example.org"],  # said MEMEVAL_SMTP_HOST first
        ["review", "approve", "lesson/fernhill/les_07", "--user", "alice"],  # asked for a password first
        ["review", "show", "les_07"],  # said 'no item with id'
        ["report", "weekly", "--team", "fernhill"],  # said 'known teams: none yet'
        ["audit", "counts", "--team", "fernhill", "--week", "2026-W47"],
        ["pack", "build", "--team", "fernhill", "--out", "pack.json"],
    ],
)
def test_an_empty_store_is_the_first_thing_said(tmp_path: Path, args: list[str]) -> None:
    """On a store with no events each command named a side issue before the real cause."""
    db = _empty_store(tmp_path)
    env = {k: "" for k in ("MEMEVAL_SMTP_HOST", "MEMEVAL_REVIEW_TOKEN")}
    out = _memeval(*args, "--db", db, cwd=tmp_path, env=env)
    one_usage_line(
        out, f"no events in store {tmp_path / 'audit' / 'a.sqlite'}; ingest with `memeval audit ingest FILE --db {db}`"
    )
    assert not (tmp_path / "pack.json").exists()


def test_verify_of_an_empty_store_says_there_is_nothing_yet(tmp_path: Path) -> None:
    out = _memeval("audit", "verify", cwd=tmp_path, env={"MEMEVAL_DB": _empty_store(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        f"nothing to verify: no events in store {tmp_path / 'audit' / 'a.sqlite'}; "
        "ingest with `memeval audit ingest FILE` (a JSON Lines file of events)"
    )


def test_an_empty_run_index_says_so_and_lists_rows_in_their_order(tmp_path: Path) -> None:
    """`memeval runs --from-index` on an empty index printed nothing; its JSON keys came in load order."""
    url = f"sqlite:///{tmp_path / 'index.sqlite'}"
    out = _memeval("runs", "--from-index", "--index-url", url, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"no runs in the run index at {tmp_path / 'index.sqlite'} yet: ")
    assert "`memeval runs --index --runs-dir DIR`" in out.stdout
    runs = tmp_path / "runs"  # a copy: listing loads each run and caches its projection beside it
    shutil.copytree(REPO / "tests" / "fixtures" / "runlog_v1", runs)
    made = _memeval("runs", "--runs-dir", str(runs), "--index", "--index-url", url, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    rows = json.loads(_memeval("runs", "--from-index", "--index-url", url, "--json", cwd=tmp_path).stdout)["runs"]
    assert rows and all(list(row)[:3] == ["run_id", "path", "started_at"] for row in rows), rows


def test_a_plan_from_a_control_run_says_so(tmp_path: Path) -> None:
    """`plan --from` an oracle run said 'a pilot needs at least 2 tasks ..., got 0; pick a larger pilot
    run or an --effect that is not 0': neither was the cause (a plan leaves control trials out)."""
    runs = tmp_path / "runs"
    shutil.copytree(REPO / "tests" / "fixtures" / "runlog_v1" / "oracle-mini", runs / "oracle-mini")
    out = _memeval("plan", "--effect", "0.2", "--from", "oracle-mini", "--runs-dir", str(runs), cwd=tmp_path)
    line = one_usage_line(out, "oracle-mini", "only oracle control trials", "--agent AGENT")
    assert "--effect" not in line
