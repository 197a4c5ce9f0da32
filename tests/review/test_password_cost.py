"""The cost of the review accounts' password hashes (`MEMEVAL_REVIEW_PASSWORD_COST`, `memeval.review._passwords`).

The suite runs at the `light` cost (`tests/conftest.py`: argon2id at its standard cost was about 33 CPU s of
`tests/review` alone, making accounts and logging them in); these tests check the product's default, the
standard cost, with the variable unset, that accounts made at one cost log in at the other, and that a cost
the product does not know is refused by a real `memeval users add` naming the value and the choices (exit 2).
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from review_helpers import ROOT
from sqlmodel import select

from memeval.audit import SqlAuditStore
from memeval.review._accounts import add_user, authenticate
from memeval.review._passwords import dummy_hash
from memeval.review._tables import ReviewUser

STANDARD = "$argon2id$v=19$m=65536,t=3,p=4$"
"""pwdlib's argon2id parameters, as the hash stores them."""
LIGHT = "$argon2id$v=19$m=1024,t=1,p=1$"
WORDS = "correct horse battery staple"


def _stored(store: SqlAuditStore, name: str) -> str:
    with store.read_session() as s:
        return str(s.exec(select(ReviewUser.password_hash).where(ReviewUser.username == name)).one())


@pytest.fixture
def store(tmp_path: Path) -> SqlAuditStore:
    return SqlAuditStore(f"sqlite:///{tmp_path / 'audit.sqlite'}", fingerprint_key=secrets.token_bytes(32))


def test_unset_is_the_standard_cost_and_its_logins_work(store: SqlAuditStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMEVAL_REVIEW_PASSWORD_COST", raising=False)
    add_user(store, "ada", WORDS, "admin")
    assert _stored(store, "ada").startswith(STANDARD)
    assert dummy_hash().startswith(STANDARD), "unknown names must be checked at the cost of known ones"
    account = authenticate(store, "ada", WORDS)
    assert account is not None and account.username == "ada"
    assert authenticate(store, "ada", WORDS + "!") is None
    assert authenticate(store, "nobody", WORDS) is None


def test_light_hashes_at_its_parameters_and_both_costs_log_in(
    store: SqlAuditStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMEVAL_REVIEW_PASSWORD_COST", "standard")
    add_user(store, "ada", WORDS, "admin")
    monkeypatch.setenv("MEMEVAL_REVIEW_PASSWORD_COST", "light")
    add_user(store, "bea", WORDS, "reviewer", ["fernhill"])
    assert _stored(store, "ada").startswith(STANDARD) and _stored(store, "bea").startswith(LIGHT)
    assert dummy_hash().startswith(LIGHT)
    for name in ("ada", "bea"):
        assert authenticate(store, name, WORDS) is not None, name
        assert authenticate(store, name, WORDS[:-1]) is None, name
    monkeypatch.setenv("MEMEVAL_REVIEW_PASSWORD_COST", "standard")
    assert authenticate(store, "bea", WORDS) is not None, "a light hash must still log in at the standard cost"


@pytest.mark.parametrize("value", ["cheap", "LIGHT", "0"])
def test_an_unknown_cost_is_refused_naming_the_value(tmp_path: Path, value: str) -> None:
    db_url = f"sqlite:///{tmp_path / 'audit.sqlite'}"
    env = {k: v for k, v in os.environ.items() if k not in ("MEMEVAL_REVIEW_TOKEN", "MEMEVAL_REVIEWER")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_DB=db_url, MEMEVAL_FINGERPRINT_KEY="ab" * 32)
    env["MEMEVAL_REVIEW_PASSWORD_COST"] = value
    out = subprocess.run(
        [sys.executable, "-m", "memeval", "users", "add", "ada", "--role", "admin", "--password-stdin"],
        input=WORDS + "\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert out.returncode == 2, out.stderr
    assert f"MEMEVAL_REVIEW_PASSWORD_COST={value!r}" in out.stderr and "standard" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    listed = subprocess.run(
        [sys.executable, "-m", "memeval", "users", "list"], env=env, capture_output=True, text=True, timeout=90
    )
    assert "ada" not in listed.stdout, "no account is made at a cost the product does not know"
