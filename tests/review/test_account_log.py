"""A new password revokes the account's API tokens, and every account change and token is logged.

Left over from a new user's tryout: `memeval users add alice` with a new password (an admin
resetting a password someone saw) left every API token alice had made working, so whoever held one
kept acting as alice; and making accounts or tokens left no trace of who did it or when.
"""

from __future__ import annotations

import hashlib
import json

from review_helpers import PASSWORD, run_cli

from memeval.review import account_for_token

NEW = "a new password after the old one leaked"


def _own_token(db_url: str, name: str) -> str:
    r = run_cli(db_url, "users", "token", name, "--user", name, "--password-stdin", stdin=PASSWORD + "\n")
    assert r.exit_code == 0, r.stderr
    return r.stdout.strip()


def test_a_new_password_revokes_the_accounts_api_tokens(store, db_url, seeded):
    alice, bob = _own_token(db_url, "alice"), _own_token(db_url, "bob")
    r = run_cli(db_url, "users", "add", "alice", "--team", "fernhill", "--user", "ada", "--password-stdin",
                stdin=f"{PASSWORD}\n{NEW}\n")  # fmt: skip
    assert r.exit_code == 0, r.stderr
    assert "1 API token revoked" in r.stderr and "memeval users token alice --user alice" in r.stderr, r.stderr
    assert account_for_token(store, alice) is None  # the old token no longer acts as alice
    assert account_for_token(store, bob).username == "bob"  # nobody else's is touched
    from typer.testing import CliRunner

    from memeval.cli import app

    env = {"MEMEVAL_DB": db_url, "MEMEVAL_REVIEW_TOKEN": alice, "MEMEVAL_REVIEWER": None}
    again = CliRunner().invoke(app, ["users", "token", "alice"], env=env)  # the revoked token cannot log in
    assert again.exit_code == 2 and "not a known token" in again.stderr, again.stdout + again.stderr
    assert account_for_token(store, _own_token_with(db_url, "alice", NEW)).username == "alice"


def _own_token_with(db_url: str, name: str, password: str) -> str:
    r = run_cli(db_url, "users", "token", name, "--user", name, "--password-stdin", stdin=password + "\n")
    assert r.exit_code == 0, r.stderr
    return r.stdout.strip()


def test_accounts_and_tokens_made_and_changed_are_logged_with_who_did_it(store, db_url, seeded):
    token = _own_token(db_url, "alice")
    r = run_cli(db_url, "users", "add", "dora", "--role", "viewer", "--team", "rowan", "--user", "ada",
                "--password-stdin", stdin=f"{PASSWORD}\n{NEW}\n")  # fmt: skip
    assert r.exit_code == 0, r.stderr
    r = run_cli(db_url, "users", "add", "alice", "--team", "fernhill", "--user", "ada", "--password-stdin",
                stdin=f"{PASSWORD}\n{NEW}\n")  # fmt: skip
    assert r.exit_code == 0, r.stderr
    out = run_cli(db_url, "users", "log", "--json")
    assert out.exit_code == 0, out.stderr
    assert token not in out.stdout and token[4:] not in out.stdout  # never the token itself
    doc = json.loads(out.stdout)
    assert doc["schema"] == "memeval.account-log/1" and doc["schema_version"] == 1
    tail = [(e["action"], e["username"], e["actor"]) for e in doc["entries"]][-3:]
    assert tail == [("token.created", "alice", "alice"), ("account.created", "dora", "ada"),
                    ("account.changed", "alice", "ada")]  # fmt: skip
    made, added, changed = doc["entries"][-3:]
    assert made["token_id"] == hashlib.sha256(token.encode()).hexdigest()[:12]
    assert added["role"] == "viewer" and added["teams"] == ["rowan"] and added["tokens_revoked"] == 0
    assert changed["tokens_revoked"] == 1 and changed["at"].endswith("Z")
    one = json.loads(run_cli(db_url, "users", "log", "--account", "dora", "--json").stdout)["entries"]
    assert [e["action"] for e in one] == ["account.created"]
    text = run_cli(db_url, "users", "log", "--account", "alice").stdout
    assert "account.changed\talice\treviewer of fernhill; 1 API token(s) revoked\tby ada" in text, text
