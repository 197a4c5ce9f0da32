"""Events and batches for the tests that send to a real ingest (`audit ingest`, `audit serve`, the ingest app)."""

from __future__ import annotations

import json

import httpx
from patience import patient


def memory_event(i: int, text: str, team: str = "fernhill") -> dict[str, object]:
    """A `memory.written` event of the sample team's shape: sender id `ev<i>`, subject `mem_<i>`, `text` as written."""
    return {
        "type": "memory.written",
        "occurred_at": "2026-11-20T10:00:00Z",
        "team": team,
        "sender_event_id": f"ev{i}",
        "actor": {"kind": "agent", "id": "support-bot"},
        "session": "ses_1",
        "subject": f"mem_{i}",
        "payload": {"text": text},
    }


def post_events(
    url: str, token: str, events: list[dict[str, object]], timeout_s: float | None = None
) -> httpx.Response:
    """`POST url/api/v1/events` with `events` as one batch (UTF-8 JSON as written), the team's bearer `token`.

    `timeout_s` defaults to `patient(300)`: a batch of planted texts takes the server's whole budget.
    """
    return httpx.post(
        f"{url}/api/v1/events",
        content=json.dumps({"events": events}, ensure_ascii=False).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        timeout=timeout_s or patient(300),
    )
