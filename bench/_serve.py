"""Waiting for a `memeval audit serve` a bench started: up, and its worker pool (if any) warm."""

from __future__ import annotations

import subprocess
import time

import httpx


def wait_warm(client: httpx.Client, srv: subprocess.Popen[bytes], limit_s: float) -> None:
    """Poll `GET /api/v1/health` on `client` every 0.1 s until it answers 200 with `workers` "warm" (or no
    `workers` key: a server without a pool, or one older than the key).

    Raises:
        SystemExit: `srv` exited first, or `limit_s` seconds passed (a figure taken then would time the warm-up).
    """
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        if srv.poll() is not None:
            raise SystemExit(f"memeval audit serve exited with {srv.returncode} before it was warm")
        try:
            h = client.get("/api/v1/health")
            if h.status_code == 200 and h.json().get("workers", "warm") == "warm":
                return
        except httpx.TransportError:
            pass  # not listening yet
        time.sleep(0.1)
    raise SystemExit(f"memeval audit serve was not warm within {limit_s:.0f} s")
