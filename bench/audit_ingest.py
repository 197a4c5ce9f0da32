"""Audit ingest throughput with redaction and holding on: from a file, and over HTTP in batches.

    .venv/bin/python bench/audit_ingest.py [--events 5000] [--batch 100] [--db URL]

Events are the Fernhill sample week repeated with fresh ids (about 45% carry free text, each made unique:
memories, lessons, refusals, comments; 6 planted fake secrets and 3 orders-to-agents texts per
254 events). Prints events per second for each path. The file path ingests in batches of
`--batch` events (as `memeval audit ingest --batch-size`), the HTTP path posts batches of
`--batch` to `memeval audit serve` running in its own process. Target: 1,000 events/s from a
file on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))

from make_week import build, resolve_hold_ids  # noqa: E402

from memeval.audit import INGEST_TYPES, add_token, ingest_lines, open_store  # noqa: E402


def events(n: int, sender: str, team: str) -> list[dict]:
    """`n` events: copies of the sample week with ids (and subjects) made unique per copy."""
    out: list[dict] = []
    copy = 0
    while len(out) < n:
        for e in resolve_hold_ids(build(), sender):
            e = {**e, "team": team, "sender_event_id": f"c{copy}-{e['sender_event_id']}"}
            if e["subject"]:
                e["subject"] = f"c{copy}-{e['subject']}"
            if e["type"] not in INGEST_TYPES:
                continue  # decisions, claims and comments come only through the review queue
            # make every free text unique, so no cache in the redactor can make repeats free
            pl = dict(e["payload"])
            for k in ("text", "reason", "comment", "a_text", "b_text"):
                if isinstance(pl.get(k), str):
                    pl[k] = f"{pl[k]} (ticket {copy}-{len(out)})"
            e["payload"] = pl
            out.append(e)
        copy += 1
    return out[:n]


def free_port() -> int:
    """An unused TCP port on 127.0.0.1."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main() -> None:
    """Run both measurements and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=5000)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--db", default=None, help="SQLAlchemy URL (default: a temporary SQLite file)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="memeval-bench-"))
    url = args.db or f"sqlite:///{tmp / 'bench.sqlite'}"
    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    store = open_store(url)
    print(f"store: {url.split('@')[-1]}; {os.cpu_count()} cores; {args.events} events per path")

    t = time.perf_counter()
    store.sanitizer.redactor.redact("warm up the redactor: key AKIAABCDEFGHIJKLMNOP")
    store.sanitizer.hold_detector.assess("warm up the hold detector", "agent")
    print(f"warm-up (redactor + hold detector load): {time.perf_counter() - t:.2f} s")

    lines = [json.dumps(e) for e in events(args.events, "bench-file", "bench-file")]
    free = sum(1 for ln in lines if '"text"' in ln or '"reason"' in ln)
    t = time.perf_counter()
    res = ingest_lines(store, lines, sender="bench-file", batch_size=args.batch)
    dt = time.perf_counter() - t
    print(
        f"file: {res.lines} events ({free} with free text) in {dt:.2f} s = {res.lines / dt:,.0f} events/s "
        f"(stored {res.result.stored} incl. derived, held {res.result.held}, "
        f"secrets blanked {res.result.secrets_blanked})"
    )

    token = add_token(store, "bench-http", "bench")
    port = free_port()
    env = {**os.environ, "MEMEVAL_DB": url}
    srv = subprocess.Popen(
        [sys.executable, "-m", "memeval", "audit", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, timeout=120) as c:
            for _ in range(600):
                try:
                    if c.get("/api/v1/health").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.1)
            c.post("/api/v1/events", json={"events": []}, headers={"Authorization": f"Bearer {token}"})
            evs = events(args.events, "bench", "bench-http")
            # warm the server's redactor and hold detector with one batch
            warm = [
                {
                    **e,
                    "sender_event_id": "warm-" + e["sender_event_id"],
                    "subject": e["subject"] and "warm-" + e["subject"],
                }
                for e in evs[: args.batch]
            ]
            c.post(
                "/api/v1/events",
                json={"events": warm},
                headers={"Authorization": f"Bearer {token}"},
            ).raise_for_status()
            t = time.perf_counter()
            for k in range(0, len(evs), args.batch):
                r = c.post(
                    "/api/v1/events",
                    json={"events": evs[k : k + args.batch]},
                    headers={"Authorization": f"Bearer {token}"},
                )
                r.raise_for_status()
            dt = time.perf_counter() - t
        print(f"http: {len(evs)} events in batches of {args.batch} in {dt:.2f} s = {len(evs) / dt:,.0f} events/s")
    finally:
        srv.terminate()
        srv.wait(10)


if __name__ == "__main__":
    main()
