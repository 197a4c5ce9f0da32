"""What a new user met (fifteenth new-user round), each checked with a real memeval process.

- `memeval audit ingest FILE --batch-size -1` stored the file as one batch, though the help says
  0 is the whole file and a negative size is no batch size at all: refused now, before the file is
  read, with the option named.
- `memeval plan --effect 0.15 --seed -1` ended with numpy's `error: expected non-negative integer`,
  naming no option: refused now as every other bad number is, naming `--seed` and the range.
- `memeval report send --help` and `memeval schedule --help` never said that mail goes out through
  `MEMEVAL_SMTP_*` settings: a user learned it only from the error of a first send.
- The sample week's own README made no account of the user's before `make_week.py --apply-decisions`,
  which made `p_owner` (random password, shown to nobody) the store's only admin: no account could be
  added and no admin could log in afterwards (`users add` asks for an admin's login once one exists).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from patience import patient
from usage_line import REPO, one_usage_line, run_memeval, set_up_memeval

WEEK_FILE = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"


def run_script(script: Path, *args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """A Python script of the checkout run as README runs it, with no MEMEVAL_ variables but `env`."""
    full = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    full.update(env, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, str(script), *args], cwd=cwd, env=full, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=patient(90))  # fmt: skip


def test_a_negative_batch_size_is_refused_before_anything_is_stored(tmp_path: Path) -> None:
    (tmp_path / "three.jsonl").write_text("".join(WEEK_FILE.read_text().splitlines(keepends=True)[:3]))
    db = tmp_path / "store" / "audit.sqlite"
    out = run_memeval(
        "audit", "ingest", "three.jsonl", "--sender", "sample", "--batch-size", "-1", "--quiet",
        cwd=tmp_path, env={"MEMEVAL_DB": f"sqlite:///{db}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")},
    )  # fmt: skip
    one_usage_line(out, "--batch-size", "-1", "0 or more")
    assert not db.exists() and not (tmp_path / "store").exists()


def test_a_negative_plan_seed_names_the_option(tmp_path: Path) -> None:
    out = run_memeval("plan", "--effect", "0.15", "--seed", "-1", cwd=tmp_path)
    one_usage_line(out, "--seed", "-1", "0 or more")


def test_report_send_and_schedule_help_name_the_smtp_settings(tmp_path: Path) -> None:
    for args in (("report", "send"), ("schedule",)):
        out = run_memeval(*args, "--help", cwd=tmp_path)
        assert out.returncode == 0, out.stderr[-2000:]
        text = " ".join(out.stdout.split())  # the help is wrapped to the terminal's width
        for name in ("MEMEVAL_SMTP_HOST", "MEMEVAL_SMTP_SECURITY", "MEMEVAL_SMTP_FROM"):
            assert name in text, (args, text)


def test_replaying_the_sample_decisions_into_a_store_with_no_admin_says_how_to_keep_one(tmp_path: Path) -> None:
    """samples/fernhill/audit/README.md's walk made no account of the user's before the sample's people: its
    store's only admin was `p_owner`, whose random password nobody is shown, so `users add` and the review
    pages' admin were out of reach for good. The script says so, and the README makes the user's admin first."""
    db = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    out = set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", cwd=tmp_path, env=db)
    assert out.returncode == 0, out.stderr[-2000:]
    (tmp_path / "none.jsonl").write_text("")
    script = REPO / "samples" / "fernhill" / "audit" / "make_week.py"
    out = run_script(script, "--apply-decisions", "none.jsonl", cwd=tmp_path, env=db)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "p_owner is the store's only admin" in out.stdout and "memeval users add" in out.stdout, out.stdout

    readme = (REPO / "samples" / "fernhill" / "audit" / "README.md").read_text()
    block = [line.strip() for line in readme.splitlines() if line.startswith("    .venv/bin/")]
    (apply,) = [i for i, line in enumerate(block) if "--apply-decisions" in line]
    assert any("memeval users add" in line and "--role admin" in line for line in block[:apply]), block


def test_a_sender_token_for_a_team_the_store_does_not_know_says_so(tmp_path: Path) -> None:
    """`audit token add --team fernhil` (a typo) printed the token and nothing else: the memory system's events
    would then go to a team no report, count or queue filter of `fernhill` reads. A new team has no events
    yet, so the token is still made; a note on stderr names the store's teams."""
    store = tmp_path / "store" / "audit.sqlite"  # a folder of its own: the key (XDG_CONFIG_HOME) stays outside it
    store.parent.mkdir()
    shutil.copy(REPO / "tests" / "fixtures" / "audit_before_id_shape" / "store.sqlite", store)
    env = {"MEMEVAL_DB": f"sqlite:///{store}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    out = run_memeval("audit", "token", "add", "--team", "fernhil", "--sender", "bot", cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    assert len(out.stdout.split()) == 1, out.stdout  # the token alone on stdout, for scripts
    assert "'fernhil' has no events" in out.stderr and "fernhill" in out.stderr.replace("'fernhil'", ""), out.stderr
    out = run_memeval("audit", "token", "add", "--team", "fernhill", "--sender", "bot", cwd=tmp_path, env=env)
    assert out.returncode == 0 and out.stderr == "", out.stderr[-2000:]
