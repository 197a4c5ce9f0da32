"""What a new user's walk on a fresh clone found (2026-12-04, the tenth), checked with real `memeval` processes.

- `memeval users add alice --role bogus` and `memeval review list --kind bogus` loaded the review
  queue's modules (SQLAlchemy, sqlmodel, argon2: 2.3-3.7 s of wall at load 7-9) to refuse a word
  they can judge alone: `memeval.review` now loads each name on first use but the words a command
  checks first (`memeval.review._words`).
- `memeval serve` with `MEMEVAL_DB` naming a store elsewhere wrote `audit/review-secret.key` into
  the working directory: the cookie key now lives per store in `~/.config/memeval/`, as the
  fingerprint key does.
- `memeval schedule --db notaurl` said `MEMEVAL_SMTP_HOST is not set`, and once SMTP was set it
  said "the --db value is not a database URL" without the value: the URL is now checked first and
  named.
- README's table of `--json` outputs lacked `runs --json`, `ab --json`, `compare --json`,
  `check-tasks --json` and `plan --json`.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_process import imported_modules, options_by_command, run_memeval, said
from patience import patient

REPO = Path(__file__).resolve().parents[2]
STORE_MODULES = ("sqlalchemy", "sqlmodel", "pwdlib")


def _memeval(
    *args: str, cwd: Path, env: dict[str, str] | None = None, importtime: bool = False
) -> subprocess.CompletedProcess[str]:
    """A real `memeval` process in `cwd`, no MEMEVAL_ or SMTP variable of ours but `env`'s."""
    return run_memeval(*args, cwd=cwd, env=env, importtime=importtime)


def _imported(stderr: str) -> set[str]:
    """The top-level packages `-X importtime` reported as imported."""
    return {name.split(".")[0] for name in imported_modules(stderr)}


_said = said


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["users", "add", "alice", "--role", "bogus"],
            "error: role 'bogus' is unknown: use one of viewer, reviewer, admin",
        ),
        (["users", "add", "x", "--role", "admin"], "error: username 'x' is not allowed"),
        (
            ["review", "list", "--kind", "bogus"],
            "error: kind 'bogus' is unknown: use one of lesson, contradiction, hold",
        ),
    ],
    ids=["role", "username", "kind"],
)
def test_a_bad_role_name_or_kind_is_refused_before_the_store_modules_load(
    argv: list[str], said: str, tmp_path: Path
) -> None:
    res = _memeval(*argv, cwd=tmp_path, importtime=True)
    assert res.returncode == 2, _said(res.stderr)
    assert said in _said(res.stderr)
    loaded = sorted(_imported(res.stderr) & set(STORE_MODULES))
    assert loaded == [], f"`memeval {' '.join(argv)}` loaded {loaded} to refuse a word it can judge alone"
    assert list(tmp_path.iterdir()) == []


def test_the_light_words_match_the_store_and_the_accounts() -> None:
    from memeval.audit import LIFECYCLES
    from memeval.review import _words

    assert _words.ITEM_TYPES == tuple(LIFECYCLES)
    assert _words.ROLES == ("viewer", "reviewer", "admin")


def test_the_review_key_lives_per_store_outside_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memeval.review._settings import default_secret_file, load_secret_key

    work, elsewhere, config = tmp_path / "work", tmp_path / "stores", tmp_path / "config"
    work.mkdir()
    elsewhere.mkdir()
    url_a = f"sqlite:///{elsewhere / 'a.sqlite'}"
    url_b = f"sqlite:///{elsewhere / 'b.sqlite'}"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.delenv("MEMEVAL_REVIEW_SECRET", raising=False)
    monkeypatch.delenv("MEMEVAL_REVIEW_SECRET_FILE", raising=False)
    monkeypatch.chdir(work)
    key_a = load_secret_key(url_a)
    assert load_secret_key(url_a) == key_a  # made once, then read
    assert load_secret_key(url_b) != key_a  # one key a store
    assert list(work.iterdir()) == [], "the key was written into the working directory"
    assert list(elsewhere.iterdir()) == [], "the key was written beside the store"
    path = default_secret_file(url_a)
    assert path.parent == config / "memeval" and path.name.startswith("review-secret-")
    assert (path.stat().st_mode & 0o777) == 0o600


def test_serve_of_a_store_elsewhere_writes_nothing_where_it_starts(tmp_path: Path) -> None:
    # The real server, stopped once it listens: the working directory stays empty.
    from line_reader import Lines
    from live_server import listening

    work, stores, config = tmp_path / "work", tmp_path / "stores", tmp_path / "config"
    for d in (work, stores):
        d.mkdir()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")},
        "PYTHONPATH": str(REPO),
        "MEMEVAL_DB": f"sqlite:///{stores / 'team.sqlite'}",
        "XDG_CONFIG_HOME": str(config),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", "serve", "--no-ingest", "--port", "0"],
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stderr is not None
        listening(proc, Lines(proc.stderr))
        # read while it serves: stopped with nothing stored, the server removes the store it made and its keys
        assert [p.name for p in (config / "memeval").iterdir() if p.name.startswith("review-secret-")]
    finally:
        proc.terminate()
        proc.communicate(timeout=patient(60))
    assert list(work.iterdir()) == [], f"memeval serve wrote {sorted(p.name for p in work.iterdir())} where it started"


def test_schedule_names_a_bad_db_url_before_smtp(tmp_path: Path) -> None:
    res = _memeval("schedule", "--db", "notaurl", cwd=tmp_path)
    assert res.returncode == 2
    assert "error: --db 'notaurl' is not a database URL memeval can open" in res.stderr, res.stderr
    assert "SMTP" not in res.stderr
    res = _memeval("schedule", cwd=tmp_path, env={"MEMEVAL_DB": "postgresql://u:hunter2@host:5432/db:x:y"})
    # the store is reached before the SMTP settings are read (newuser29): a database that cannot be reached is
    # exit 1, named without its password (it was exit 2 for the unset SMTP host, said first)
    assert res.returncode == 1 and "cannot open the audit store at postgresql://u:***@host" in res.stderr, res.stderr
    assert "hunter2" not in res.stderr and "SMTP" not in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_every_json_command_has_its_row_in_readme() -> None:
    readme = (REPO / "README.md").read_text()
    start = readme.index("| command | `schema` |")
    table = readme[start : readme.index("\n\n", start)]
    rows = [m.group(1) for m in re.finditer(r"^\| `([^`]+)` \|", table, re.M)]
    commands = [path for path, opts in options_by_command().items() if "--json" in opts]
    assert "runs" in commands and "audit token list" in commands  # the walk reaches nested commands
    missing = [c for c in commands if not any(r == c or r.startswith(c + " ") for r in rows)]
    assert missing == [], f"README's table of --json outputs lacks {missing}"


@pytest.mark.parametrize(
    "argv",
    [
        ["audit", "ingest", "week.jsonl", "--sender", "bob@example.com 555-123-4567"],
        ["audit", "ingest", "week.jsonl", "--sender", ""],
        ["audit", "token", "add", "--team", "acme", "--sender", "Bob"],
    ],
    ids=["ingest-email", "ingest-empty", "token-upper"],
)
def test_a_sender_name_that_could_hold_personal_data_is_refused_before_anything_is_stored(
    argv: list[str], tmp_path: Path
) -> None:
    # `audit ingest --sender` took any text and stored it raw on every event (never scanned).
    event = {
        "type": "session.started",
        "team": "acme",
        "occurred_at": "2026-12-01T09:00:00Z",
        "session": "s1",
        "sender_event_id": "e1",
        "actor": {"kind": "agent", "id": "bot1"},
        "payload": {"slice_id": "sl1"},
    }
    (tmp_path / "week.jsonl").write_text(json.dumps(event) + "\n")
    res = _memeval(*argv, cwd=tmp_path, importtime=True)
    assert res.returncode == 2, _said(res.stderr)
    sender = argv[argv.index("--sender") + 1]
    assert f"error: sender {sender!r} (--sender) is not a simple name" in _said(res.stderr)
    assert sorted(_imported(res.stderr) & set(STORE_MODULES)) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["week.jsonl"], "a refused sender created a store"


def test_ingest_reads_a_pipe(tmp_path: Path) -> None:
    # `memeval audit ingest <(zcat week.jsonl.gz)` said "no such file '/dev/fd/63'".
    lines = (REPO / "samples/fernhill/audit/week.jsonl").read_text().splitlines(keepends=True)[:3]
    (tmp_path / "three.jsonl").write_text("".join(lines))
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    done = subprocess.run(
        ["bash", "-c", f'exec "{sys.executable}" -m memeval audit ingest <(cat three.jsonl) --sender s'],
        env={**env, "PYTHONPATH": str(REPO)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=patient(300),
    )
    assert done.returncode == 0, done.stderr
    assert "read 3 events: 3 stored" in done.stdout


def test_a_run_with_no_ended_trial_is_listed_with_when_it_was_planned(tmp_path: Path) -> None:
    # A run whose trials were all still going was listed with no start ("—") and sorted first.
    log = (REPO / "tests/fixtures/runlog_v1/oracle-mini/events.jsonl").read_text().splitlines(keepends=True)
    planned = json.loads(log[0])
    assert planned["event"] == "run.planned"
    (tmp_path / "runs" / "R1").mkdir(parents=True)
    (tmp_path / "runs" / "R1" / "events.jsonl").write_text(log[0])
    for _ in ("the full load", "the cache it wrote"):
        res = _memeval("runs", "--json", cwd=tmp_path)
        assert res.returncode == 0, res.stderr
        (row,) = json.loads(res.stdout)["runs"]
        assert (row["trials"], row["started_at"]) == (0, planned["at"])
    assert (tmp_path / "runs" / "R1" / ".cache").exists()


def test_serve_on_an_address_not_of_this_machine_says_only_that(tmp_path: Path) -> None:
    # It warned "serving on 192.0.2.1 without --secure-cookies" first, then refused to serve there
    # (and, with the key now per store in ~/.config, it had made one for a server that never ran).
    res = _memeval("serve", "--no-ingest", "--host", "192.0.2.1", cwd=tmp_path, env={"XDG_CONFIG_HOME": str(tmp_path)})
    assert res.returncode == 2
    assert res.stderr.startswith("error: cannot listen on 192.0.2.1 port 8765"), res.stderr
    assert "warning" not in res.stderr
    assert list(tmp_path.iterdir()) == [], "a refused serve made a cookie key (or a store)"
