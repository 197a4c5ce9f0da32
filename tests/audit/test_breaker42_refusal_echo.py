"""An ingest refusal echoed the event's `sender_event_id` before ids were scanned (breaker42, issue 15).

Every id field is read by the credential rules and refused unechoed when it holds one
(`Sanitizer.check_ids`), but that runs after `admit` and `check_draft`, whose refusals (a free text
over `MEMEVAL_AUDIT_MAX_TEXT_CHARS`, a type only memeval writes, store fields or `released_hold`
set by the sender) began `event 0 ('<sender_event_id>')`. An id of the strict shape can be a
GitHub token: on main `memeval audit ingest` printed it on stderr and `POST /api/v1/events`
returned it in its 422 body. Now those refusals name the event by its index (and the CLI by its
line) only.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from live_server import LiveServer
from patience import patient
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore, add_token, create_ingest_app
from memeval.cli import app

TOKEN_ID = "ghp_" + "R8kqW2xZ7mN4vB9cL3pT6yH1jF5sD0aG8eUq"
"""A GitHub personal-token shape; it fits the strict id shape (letters, digits, `_`)."""


def _event(**change: object) -> dict:
    e: dict = {
        "type": "memory.written", "occurred_at": "2026-11-20T10:00:00Z", "team": "fernhill",
        "sender_event_id": TOKEN_ID, "actor": {"kind": "agent", "id": "support-bot"}, "session": "ses_1",
        "subject": "mem_1", "payload": {"kind": "fact", "source": "agent", "text": "The payment mock runs first."},
    }  # fmt: skip
    for k, v in change.items():
        if k == "payload":
            e["payload"] = {**e["payload"], **v}  # type: ignore[dict-item]  # test data: payload is a dict
        else:
            e[k] = v
    return e


REFUSED = {
    "text over the limit": _event(payload={"text": "word " * 14_000}),
    "a type only memeval writes": _event(type="hold.created"),
    "released_hold set by the sender": _event(payload={"released_hold": "hd_0001"}),
    "a store field set by the sender": _event(seq=7),
}


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize("case", sorted(REFUSED))
def test_the_cli_refusal_does_not_echo_an_unscanned_id(
    case: str, db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    f = tmp_path / "events.jsonl"
    f.write_text(json.dumps(REFUSED[case]) + "\n")
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db_url])
    assert r.exit_code == 2, r.output
    assert "line 1" in r.output, r.output
    assert TOKEN_ID not in r.output and TOKEN_ID[4:] not in r.output, r.output
    assert list(store.events("fernhill")) == []


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_the_http_refusal_does_not_echo_an_unscanned_id(
    db_url: str, store: SqlAuditStore, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", "0")
    token = add_token(store, "fernhill", "memsys")
    with (
        LiveServer(create_ingest_app(store), lifespan="auto") as srv,
        httpx.Client(base_url=srv.url, timeout=patient(60), headers={"Authorization": f"Bearer {token}"}) as c,
    ):
        for case, bad in sorted(REFUSED.items()):
            r = c.post("/api/v1/events", json={"events": [bad]})
            assert r.status_code in (403, 422), (case, r.status_code, r.text[:500])
            assert TOKEN_ID[4:] not in r.text, (case, r.text[:500])
    out, err = capfd.readouterr()
    assert TOKEN_ID[4:] not in out + err
    assert list(store.events("fernhill")) == []
