"""What a new user met with sender tokens (sixth new-user round), in real `memeval` processes on SQLite.

`memeval audit token` had only `add`: nothing listed which senders held a token, and a token that
leaked could only be replaced (`add` again), never taken away. `list` (with `--json`, as every
listing) and `revoke` now exist; neither ever prints a token or its hash.
"""

from __future__ import annotations

import json
from pathlib import Path

from usage_line import one_usage_line, run_memeval


def test_tokens_are_listed_without_their_secret_and_revoked_for_good(tmp_path: Path) -> None:
    from memeval.audit import open_existing_store
    from memeval.audit._tokens import lookup_token  # the ingest endpoint's own check

    db = ["--db", f"sqlite:///{tmp_path / 'audit.sqlite'}"]
    made = {}
    for team, sender in (("fern", "bot"), ("fern", "ops"), ("oak", "bot")):
        out = run_memeval("audit", "token", "add", "--team", team, "--sender", sender, *db, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        made[(team, sender)] = out.stdout.strip()
    listed = run_memeval("audit", "token", "list", *db, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert [ln.split("\t")[:2] for ln in listed.stdout.splitlines()] == [
        ["fern", "bot"],
        ["fern", "ops"],
        ["oak", "bot"],
    ]
    doc = json.loads(run_memeval("audit", "token", "list", "--team", "fern", "--json", *db, cwd=tmp_path).stdout)
    assert doc["schema"] == "memeval.sender-tokens/1" and [t["sender"] for t in doc["tokens"]] == ["bot", "ops"]
    assert all(t["created_at"].endswith("Z") for t in doc["tokens"])  # UTC, written as every listing writes it
    for token in made.values():
        assert token not in listed.stdout and token not in json.dumps(doc)

    gone = run_memeval("audit", "token", "revoke", "--team", "fern", "--sender", "bot", *db, cwd=tmp_path)
    assert gone.returncode == 0 and "fern/bot: token revoked" in gone.stdout, gone.stderr
    store = open_existing_store(db[1])
    assert lookup_token(store, made[("fern", "bot")]) is None  # refused from now on
    assert lookup_token(store, made[("fern", "ops")]) == ("fern", "ops")  # the others still work
    again = run_memeval("audit", "token", "revoke", "--team", "fern", "--sender", "bot", *db, cwd=tmp_path)
    one_usage_line(again, "fern/bot holds no token", "`memeval audit token list`")
    left = run_memeval("audit", "token", "list", *db, cwd=tmp_path).stdout
    assert "fern\tbot" not in left and "fern\tops" in left
