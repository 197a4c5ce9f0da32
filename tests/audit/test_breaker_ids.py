"""Secrets sent in an event's id fields (not its free text): a hostile tester found them stored raw.
Ids are stored as sent, so an id carrying a secret must be refused and nothing stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.cli import app

GITHUB = "ghp_" + "Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ3lN5"
AWS = "AKIA" + "Z7QW3ABCDE5K2MQX"


def _event(**over: object) -> dict[str, object]:
    ev: dict[str, object] = {
        "actor": {"id": "bot", "kind": "agent", "role": "support"},
        "occurred_at": "2026-11-16T10:56:00Z",
        "session": "ses_1",
        "team": "t1",
        "type": "memory.written",
        "sender_event_id": "e1",
        "subject": "mem_1",
        "payload": {"kind": "fact", "source": "agent", "text": "plain"},
    }
    ev.update(over)
    return ev


@pytest.mark.parametrize(
    ("where", "event", "secret"),
    [
        ("actor.id", _event(actor={"id": f"bot-{GITHUB}", "kind": "agent", "role": "support"}), GITHUB),
        ("sender_event_id", _event(sender_event_id=GITHUB), GITHUB),
        (
            "payload.slice_id",
            _event(
                type="session.started",
                subject=None,
                payload={"slice_id": GITHUB, "slice_hash": "sha256:" + "0" * 64},
            ),
            GITHUB,
        ),
        ("subject", _event(subject=f"mem_{AWS}"), AWS),
        ("session", _event(session=f"ses-{AWS}"), AWS),
    ],
)
def test_a_secret_in_an_id_field_is_refused_and_never_stored(
    tmp_path: Path, where: str, event: dict[str, object], secret: str
) -> None:
    events = tmp_path / "ev.jsonl"
    events.write_text(json.dumps(event) + "\n")
    db = tmp_path / "a.sqlite"
    res = CliRunner().invoke(app, ["audit", "ingest", str(events), "--db", f"sqlite:///{db}"])
    assert res.exit_code != 0, (where, res.stdout)
    assert secret not in res.stdout + res.stderr
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("a.sqlite*"))
    assert secret.encode() not in stored, where
