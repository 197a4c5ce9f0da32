"""What a new user met in the fifth new-user round, each checked as they met it (a real `memeval` process).

- `memeval audit ingest` of a line with an unterminated string said "starting at at column 2".
- `memeval review reject REF` without a reason said "say why in a sentence" but not which option takes
  it; `review settle --keep c` said "keep one of a, b, ..." without naming `--keep`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import one_usage_line, run_memeval


def test_a_line_cut_inside_a_string_is_named_once_with_its_column(tmp_path: Path) -> None:
    (tmp_path / "cut.jsonl").write_text('{"type": "session.started", "team": "fern\n')
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    out = run_memeval("audit", "ingest", "cut.jsonl", "--db", db, cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert "line 1: not JSON (Unterminated string starting at column 37)" in out.stderr, out.stderr
    assert " at at " not in out.stderr, out.stderr
    assert not (tmp_path / "a.sqlite").exists()  # nothing stored, no store left behind


@pytest.mark.parametrize("action", ["reject", "discard"])
def test_a_decision_without_its_reason_names_the_option(tmp_path: Path, action: str) -> None:
    ref = "lesson/fern/les_1" if action == "reject" else "hold/fern/hd_1"
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    out = run_memeval("review", action, ref, "--user", "rita", "--db", db, cwd=tmp_path)
    one_usage_line(out, f"{action} needs a reason", "--reason 'WHY'", "nothing was done")


def test_a_side_that_is_no_side_names_keep(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    out = run_memeval(
        "review", "settle", "contradiction/fern/con_1", "--keep", "c", "--reason", "r", "--user", "rita", "--db", db,
        cwd=tmp_path,
    )  # fmt: skip
    one_usage_line(out, "--keep 'c' is not a side", "--keep a, b, both or neither")


def test_only_the_first_account_is_called_the_stores_first(tmp_path: Path) -> None:
    from memeval.audit import open_existing_store
    from memeval.review import add_user

    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    made = run_memeval("users", "add", "alice", "--role", "admin", "--password-stdin", "--db", db, cwd=tmp_path,
                       stdin="a-long-password-1\n")  # fmt: skip
    assert made.returncode == 0, made.stderr
    # what the sample's make_week.py does for its people: accounts made through the Python API
    add_user(open_existing_store(db), "p_owner", "another-long-password", "admin")
    log = run_memeval("users", "log", "--db", db, cwd=tmp_path)
    assert log.returncode == 0, log.stderr
    lines = {line.split("\t")[2]: line for line in log.stdout.splitlines()}
    assert lines["alice"].endswith("by no one logged in (the store's first account)"), log.stdout
    assert "first account" not in lines["p_owner"] and "Python API" in lines["p_owner"], log.stdout
    one = run_memeval("users", "log", "--account", "p_owner", "--db", db, cwd=tmp_path)
    assert "first account" not in one.stdout and "Python API" in one.stdout, one.stdout


@pytest.mark.parametrize(
    ("toml", "needles"),
    [
        # a misspelt table was ignored: `memeval ab` then asked for the [ab].agent the file seemed to give
        ('[abb]\nagent = "nop"\n', ["[abb] is not read by memeval (did you mean [ab]?)", "go under [ab]"]),
        ('agent = "nop"\n[ab]\ntasks = "tasks"\n', ["the top-level key 'agent' is not read by memeval", "under [ab]"]),
        (
            '[ab]\nagentt = "nop"\n',
            ["[ab].agentt is not a key memeval reads: did you mean 'agent'?", "[ab] takes tasks"],
        ),
        (
            '[ab]\nagent = "nop"\n[ab.upstream]\nbase = "x"\n',
            ["[ab].upstream.base is not a key", "[ab.upstream] takes api"],
        ),
    ],
)
def test_a_team_file_key_memeval_does_not_read_is_named(tmp_path: Path, toml: str, needles: list[str]) -> None:
    (tmp_path / "team" / "tasks").mkdir(parents=True)
    (tmp_path / "team" / "memeval.toml").write_text(toml)
    out = run_memeval("ab", "team", "-q", cwd=tmp_path)
    one_usage_line(out, "memeval.toml: ", *needles)
    assert not (tmp_path / "runs").exists()
