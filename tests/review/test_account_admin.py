"""Only an admin manages accounts: `memeval users add` and `memeval users token` prove who runs them.

Found by a new user: `memeval users token bob`, run by anyone who could reach the store, printed
a working API token for bob, and `memeval review approve` with it approved as bob; `users add bob`
likewise reset bob's password. Now the first account of a store is made without a login and must
be its admin; after that only an admin adds or changes accounts or makes someone else's token,
and anyone may make their own (`memeval.review.check_may_manage`).
"""

from __future__ import annotations

from pathlib import Path

from review_helpers import PASSWORD, run_cli
from sqlmodel import select

from memeval.audit import SqlAuditStore
from memeval.review import account_for_token, authenticate, get_account
from memeval.review._tables import ReviewApiToken


def _tokens(store: SqlAuditStore) -> list[str]:
    with store.read_session() as s:
        return sorted(r.username for r in s.exec(select(ReviewApiToken)).all())


def test_no_one_logged_in_gets_no_token_for_a_reviewer(store, db_url, seeded):
    r = run_cli(db_url, "users", "token", "bob")
    assert r.exit_code == 2 and "say who you are" in r.stderr, r.stdout + r.stderr
    assert "mrv_" not in r.stdout and _tokens(store) == []


def test_a_reviewer_cannot_mint_another_reviewers_token(store, db_url, seeded):
    r = run_cli(db_url, "users", "token", "bob", "--user", "alice", "--password-stdin", stdin=PASSWORD + "\n")
    assert r.exit_code == 2 and "only an admin may make a token for 'bob'" in r.stderr, r.stdout + r.stderr
    assert "memeval users token alice --user alice" in r.stderr  # the fix: your own token
    assert "mrv_" not in r.stdout and _tokens(store) == []


def test_a_wrong_password_gets_no_token(store, db_url, seeded):
    r = run_cli(db_url, "users", "token", "alice", "--user", "alice", "--password-stdin", stdin="not the password\n")
    assert r.exit_code == 2 and "wrong name or password" in r.stderr and _tokens(store) == []


def test_your_own_token_and_an_admins_token_for_anyone(store, db_url, seeded):
    own = run_cli(db_url, "users", "token", "alice", "--user", "alice", "--password-stdin", stdin=PASSWORD + "\n")
    assert own.exit_code == 0, own.stderr
    assert account_for_token(store, own.stdout.strip()).username == "alice"
    made = run_cli(db_url, "users", "token", "bob", "--user", "ada", "--password-stdin", stdin=PASSWORD + "\n")
    assert made.exit_code == 0, made.stderr
    assert account_for_token(store, made.stdout.strip()).username == "bob"


def test_a_token_proves_its_owner_too(store, db_url, seeded):
    alice = run_cli(db_url, "users", "token", "alice", "--user", "alice", "--password-stdin", stdin=PASSWORD + "\n")
    from typer.testing import CliRunner

    from memeval.cli import app

    env = {"MEMEVAL_DB": db_url, "MEMEVAL_REVIEW_TOKEN": alice.stdout.strip(), "MEMEVAL_REVIEWER": None}
    r = CliRunner().invoke(app, ["users", "token", "carol"], env=env)
    assert r.exit_code == 2 and "'alice' is a reviewer" in r.stderr, r.stdout + r.stderr
    assert _tokens(store) == ["alice"]


def test_only_an_admin_resets_a_password(store, db_url, seeded):
    new = "a password bob never chose"
    for who in ([], ["--user", "alice"]):
        stdin = "\n".join([*([PASSWORD] if who else []), new]) + "\n"
        r = run_cli(db_url, "users", "add", "bob", "--role", "admin", *who, "--password-stdin", stdin=stdin)
        assert r.exit_code == 2, r.stdout + r.stderr
    assert authenticate(store, "bob", PASSWORD) is not None and get_account(store, "bob").role == "reviewer"
    r = run_cli(db_url, "users", "add", "bob", "--team", "fernhill", "--user", "ada", "--password-stdin",
                stdin=f"{PASSWORD}\n{new}\n")  # fmt: skip
    assert r.exit_code == 0, r.stderr
    assert authenticate(store, "bob", new) is not None


def test_the_last_admin_keeps_the_role(store, db_url, seeded):
    r = run_cli(db_url, "users", "add", "ada", "--team", "fernhill", "--user", "ada", "--password-stdin",
                stdin=f"{PASSWORD}\n{PASSWORD}\n")  # fmt: skip
    assert r.exit_code == 2 and "only admin" in r.stderr and get_account(store, "ada").role == "admin"


def test_a_new_stores_first_account_is_its_admin(tmp_path: Path):
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    pw = "a long enough password\n"
    r = run_cli(db, "users", "add", "rita", "--team", "fernhill", "--password-stdin", stdin=pw)
    assert r.exit_code == 2 and "its first account is its admin" in r.stderr and "--role admin" in r.stderr
    r = run_cli(db, "users", "token", "root")
    assert r.exit_code == 2 and "no accounts yet; make its admin first" in r.stderr, r.stderr
    r = run_cli(db, "users", "add", "root", "--role", "Admin", "--password-stdin", stdin=pw)  # any case
    assert r.exit_code == 0 and "root: admin of every team" in r.stdout, r.stderr
    r = run_cli(db, "users", "add", "rita", "--team", "fernhill", "--password-stdin", stdin=pw)
    assert r.exit_code == 2 and "say who you are" in r.stderr  # the second account needs the admin
