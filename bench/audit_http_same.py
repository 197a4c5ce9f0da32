"""Do two checkouts store the same events over HTTP? Post the bench events to `memeval audit serve` and hash them.

    .venv/bin/python bench/audit_http_same.py --against CHECKOUT [--events 1200] [--batch 100] [--workers 0,2]

`bench/audit_ingest_same.py` checks the file ingest, whose redaction runs in the main thread; the
HTTP server redacts in its threads (since redactguard: in its redaction guard process). For each
checkout and worker count (`MEMEVAL_AUDIT_WORKERS`), a fresh SQLite store and a real
`memeval audit serve` of that checkout on 127.0.0.1 take `bench/audit_ingest.py`'s events (every
id scanned, unique free text, planted secrets and orders-to-agents texts) in batches of `--batch`,
one at a time (`--clients N`: from N connections at once, as `bench/audit_ingest.py --clients` posts,
with `--senders` each with its own sender's token, whose name is then hashed with each event;
with workers a batch's split between the server and a worker then depends on what else is in hand,
so compare with `--workers 0`); then every stored event's sender event id, type and payload (the redacted texts,
holds, `secret.blanked` fingerprints under a fixed key), sorted, are hashed. Event ids and
timestamps are left out (the server's clock and uuid4 are not fixed here). Exit status 1 when
any hash differs between the checkouts. `--db URL`: a PostgreSQL server to store in instead of
SQLite (a new database a run).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
KEY_HEX = "cd" * 32


def here(db: str, events_file: str, batch: int, port: int, clients: int = 1, senders: bool = False) -> str:
    """In the checkout's own process: serve `db`, post the events, return the hash of what was stored."""
    from memeval.audit import SqlAuditStore, add_token

    store = SqlAuditStore(db, fingerprint_key=bytes.fromhex(KEY_HEX))
    token = add_token(store, "bench-http", "bench")
    more = [add_token(store, "bench-http", f"bench{t}") for t in range(1, clients)] if senders else []
    env = {**os.environ, "MEMEVAL_DB": db, "MEMEVAL_FINGERPRINT_KEY": KEY_HEX}
    srv = subprocess.Popen(
        [sys.executable, "-m", "memeval", "audit", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        evs = json.loads(Path(events_file).read_text())
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=600) as c:
            sys.path.insert(0, str(ROOT / "bench"))
            from _serve import pool_start, wait_warm
            from audit_ingest import encoded, post_batches

            wait_warm(c, srv, 600, pool_start(c, token, "bench-http"))
            auths = [{"Authorization": f"Bearer {t}"} for t in [token, *more]]

            # bodies encoded first, as `bench/audit_ingest.py` posts them since ingest28 (`encoded`)
            post_batches(c, encoded([evs[k : k + batch] for k in range(0, len(evs), batch)]), auths, clients)
    finally:
        srv.terminate()
        srv.wait(60)
    rows = sorted(
        json.dumps(
            [*([e.sender] if senders else []), e.sender_event_id, e.type, e.payload.model_dump(mode="json")],
            sort_keys=True,
        )
        for e in store.events("bench-http")
        if not e.sender_event_id.startswith("pool-start-")  # the batch that started a cold pool (`_serve.pool_start`)
    )
    store.engine.dispose()
    blob = "\n".join(rows)
    return f"{hashlib.sha256(blob.encode()).hexdigest()} ({len(rows)} events, {blob.count('[REDACTED:')} placeholders)"


def main() -> int:
    """Run each (workers, checkout) in its own process and compare the hashes."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, help="the other checkout (e.g. a work tree of main)")
    ap.add_argument("--events", type=int, default=1200)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--workers", default="0,2")
    ap.add_argument("--clients", type=int, default=1, help="connections posting batches at once (see above)")
    ap.add_argument("--senders", action="store_true", help="each client its own sender's token (hashed with it)")
    ap.add_argument("--db", default=None, help="a PostgreSQL SQLAlchemy URL to store in (a new database a run)")
    ap.add_argument("--here", nargs=6, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.here:
        db, events_file, batch, port, clients, senders = args.here
        print(here(db, events_file, int(batch), int(port), int(clients), senders == "1"))
        return 0
    sys.path.insert(0, str(ROOT / "bench"))
    from audit_ingest import events, free_port, new_pg_database

    differ = False
    with tempfile.TemporaryDirectory() as tmp:
        ev_file = Path(tmp) / "events.json"
        ev_file.write_text(json.dumps(events(args.events, "bench", "bench-http")))
        for workers in args.workers.split(","):
            hashes = []
            for name, code in (("against", Path(args.against).resolve()), ("this", ROOT)):
                db = (
                    new_pg_database(args.db, f"http_same_{name}_{workers}_{os.getpid()}")
                    if args.db
                    else f"sqlite:///{Path(tmp) / f'{name}-{workers}.sqlite'}"
                )
                env = {**os.environ, "PYTHONPATH": str(code), "MEMEVAL_AUDIT_WORKERS": workers}
                out = subprocess.run(
                    [sys.executable, str(Path(__file__).resolve()), "--against", str(code), "--here", db]
                    + [str(ev_file), str(args.batch), str(free_port()), str(args.clients)]
                    + ["1" if args.senders else "0"],
                    env=env,
                    cwd=code,
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.strip()
                print(f"workers {workers} {name:7} {out}", flush=True)
                hashes.append(out.split(" ", 1)[0])
            same = len(set(hashes)) == 1
            differ |= not same
            print(f"workers {workers}: {'SAME' if same else 'DIFFERENT'}", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
