"""A key cut right after its prefix, the body after a lead-in in the next memory, was stored whole (breaker48).

`The deploy token is ghp_` ends one memory and `(continued) ` + the token's 36 characters starts the next: the first
part is the public prefix alone (blanked by nothing), and the reading across events needs the key's parts to meet at
the join, which the lead-in keeps apart, so both were stored as written: the whole key, its prefix being public.
The same with the two memories in two sessions (`AKIA` + `part two: ` and an AWS key id's 16 characters). Through
`memeval audit ingest` into SQLite (one batch, and `--batch-size 1`: the prefix stored before the body
arrives), the bodies are in neither the database file nor its WAL; a prefix named in prose before ordinary words
(`... start with ghp_` + `and the fine-grained ones ...`) is stored as written.
The command lines run in the test's process (`ingest_events.ingest_to_sqlite`): the claim is what is stored.
"""

from __future__ import annotations

import secrets
import string
from pathlib import Path

import pytest
from ingest_events import ingest_to_sqlite


def _body(alphabet: str, n: int) -> str:
    """`n` random characters of `alphabet` holding a digit and a letter (as real key bodies do)."""
    while True:
        b = "".join(secrets.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in b) and any(c.isalpha() for c in b):
            return b


@pytest.mark.parametrize("args", [(), ("--batch-size", "1")], ids=["one-batch", "stored-first"])
def test_a_key_body_after_a_lead_in_following_its_dangling_prefix_is_not_stored(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    github = _body(string.ascii_letters + string.digits, 36)
    aws = _body("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
    memories = [  # (session, text)
        ("ses_1", "The deploy token is ghp_"),
        ("ses_1", f"(continued) {github} for the release job"),
        ("ses_2", "Backup user's AWS key id: AKIA"),
        ("ses_3", f"part two: {aws}, rotate it monthly"),
        ("ses_3", "GitHub classic tokens start with ghp_"),
        ("ses_3", "and the fine-grained ones with github_pat_, see the docs."),
    ]
    events = [
        {"type": "memory.written", "occurred_at": f"2026-11-20T10:00:0{i}Z", "team": "fernhill",
         "sender_event_id": f"dp{i}", "actor": {"kind": "agent", "id": "support-bot"}, "session": session,
         "subject": f"mem_{i}", "payload": {"text": text}}
        for i, (session, text) in enumerate(memories)
    ]  # fmt: skip
    stored, raw, _, _ = ingest_to_sqlite(tmp_path, events, args)
    for body in (github, aws):  # on main: both stored whole
        assert body.encode() not in raw and body[:12].encode() not in raw and body[-12:].encode() not in raw
    assert stored["mem_1"] == "(continued) [REDACTED:GITHUB_TOKEN] for the release job", stored["mem_1"]
    assert stored["mem_3"].startswith("part two: [REDACTED:"), stored["mem_3"]
    for i in (0, 2, 4, 5):
        assert stored[f"mem_{i}"] == memories[i][1]
