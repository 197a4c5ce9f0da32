"""Waiting for a `memeval audit serve` a bench started: up, and its worker pool (if any) warm."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable

import httpx

POOL_START_EVENTS = 50
"""A batch this large starts a server's worker pool (`memeval.audit._parallel.HTTP_MIN_EVENTS`; start51: before,
the pool started when the server did)."""


def pool_start(client: httpx.Client, token: str, team: str) -> Callable[[], None]:
    """What `wait_warm` calls on a cold pool: post `POOL_START_EVENTS` plain memories as `team` (ids `pool-start-K`).

    They are stored (as one more batch, before a bench's clock starts) and then sent again harmlessly (resends).
    """

    def start() -> None:
        events = [
            {
                "type": "memory.written",
                "occurred_at": "2026-11-20T10:00:00Z",
                "team": team,
                "sender_event_id": f"pool-start-{k}",
                "actor": {"kind": "agent", "id": "support-bot"},
                "session": "ses_1",
                "subject": f"mem_pool_start_{k}",
                "payload": {"text": f"Run the payment mock before checkout tests ({k})."},
            }
            for k in range(POOL_START_EVENTS)
        ]
        r = client.post("/api/v1/events", json={"events": events}, headers={"Authorization": f"Bearer {token}"})
        r.raise_for_status()

    return start


def wait_warm(
    client: httpx.Client, srv: subprocess.Popen[bytes], limit_s: float, start: Callable[[], None] | None = None
) -> None:
    """Poll `GET /api/v1/health` on `client` every 0.1 s until it answers 200 with `workers` "warm" (or no
    `workers` key: a server without a pool, or one older than the key).

    A server whose pool is "cold" (start51 on: a pool starts for the first batch of 50 events or more) gets
    `start()` once (`pool_start`: such a batch); a server older than that starts its pool itself.

    Raises:
        SystemExit: `srv` exited first, `limit_s` seconds passed (a figure taken then would time the warm-up),
            or the pool is cold and there is no `start`.
    """
    end = time.monotonic() + limit_s
    started = False
    while time.monotonic() < end:
        if srv.poll() is not None:
            raise SystemExit(f"memeval audit serve exited with {srv.returncode} before it was warm")
        try:
            h = client.get("/api/v1/health")
            state = h.json().get("workers", "warm") if h.status_code == 200 else None
            if state == "warm":
                return
            if state == "cold" and not started:
                if start is None:
                    raise SystemExit("the server's worker pool is cold and this bench gave no batch to start it")
                start()
                started = True
        except httpx.TransportError:
            pass  # not listening yet
        time.sleep(0.1)
    raise SystemExit(f"memeval audit serve was not warm within {limit_s:.0f} s")
