"""Save a screenshot of the review queue to docs/review-queue.png (run from the project root).

    .venv/bin/python tests/review/shoot_queue.py [OUT.png]

Builds a throwaway SQLite audit store with the test seed (lessons, a contradiction, a held
hostile web text, another team's lesson), serves the review app on 127.0.0.1, logs in with
Debian's chromium and screenshots the queue, with one item claimed so the claim column shows.
"""

from __future__ import annotations

import secrets
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # review_helpers imports the suite's shared helpers in tests/

from review_browser import chromium_page, log_in  # noqa: E402
from review_helpers import NOW, PASSWORD, USERS, LiveServer, seed, settings  # noqa: E402

from memeval.audit import SqlAuditStore  # noqa: E402
from memeval.review import add_user, claim_item, create_review_app, get_account, resolve  # noqa: E402


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = SqlAuditStore(f"sqlite:///{tmp}/audit.sqlite", fingerprint_key=secrets.token_bytes(32))
        seeded = seed(store)
        for name, role in USERS:
            add_user(store, name, PASSWORD, role)
        bob = get_account(store, "bob")
        assert bob is not None
        claim_item(store, bob, resolve(store, seeded.contradiction), lease_s=300, now=NOW)
        with (
            LiveServer(create_review_app(store, settings(), clock=lambda: NOW)) as srv,
            chromium_page(1280, 640) as page,
        ):
            log_in(page, srv.url, "alice", PASSWORD)
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out), full_page=True)
        store.engine.dispose()
    print(f"saved {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[1] / "docs" / "review-queue.png")
