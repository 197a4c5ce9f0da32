"""A file ingest's writer holds the cyclic garbage collector off (`memeval._collector.collector_paused`).

It keeps every parsed draft until its last batch is stored: the collector's full passes walked
them all and freed nothing (about a tenth of the writer's CPU on a 20,000-event file).
"""

from __future__ import annotations

import gc
import json
import secrets
from pathlib import Path

from memeval.audit import SqlAuditStore, ingest_lines
from memeval.errors import AuditEventRejected


def _line(i: int) -> str:
    return json.dumps(
        {
            "type": "memory.written",
            "occurred_at": "2026-11-17T10:00:00Z",
            "team": "fernhill",
            "sender_event_id": f"m{i}",
            "actor": {"kind": "agent", "id": "support-bot"},
            "session": f"s{i}",
            "subject": f"mem-{i}",
            "payload": {"text": f"Run the payment mock before checkout tests (ticket {i}).", "source": "agent"},
        }
    )


def test_the_writer_appends_every_batch_with_the_collector_off_and_sets_it_back(tmp_path: Path) -> None:
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'a.sqlite'}", fingerprint_key=secrets.token_bytes(32))
    seen: list[bool] = []
    real_append = store.append

    def spying_append(*args, **kwargs):  # type: ignore[no-untyped-def]  # a spy on the real store, calls it
        seen.append(gc.isenabled())
        return real_append(*args, **kwargs)

    store.append = spying_append  # type: ignore[method-assign]  # the spy above
    try:
        assert gc.isenabled()
        res = ingest_lines(store, [_line(i) for i in range(6)], sender="gc", batch_size=2)
        assert res.batches == 3 and res.result.stored >= 6
        assert seen == [False, False, False]  # on main the collector was on for every batch
        assert gc.isenabled()  # set back as it was
        try:  # and after a file refused for a malformed line
            ingest_lines(store, [_line(7), "{not json", _line(9)], sender="gc", batch_size=1)
        except AuditEventRejected as exc:
            assert exc.line == 2
        else:
            raise AssertionError("a malformed line was taken")
        assert gc.isenabled()
    finally:
        store.engine.dispose()
        store._write_engine.dispose()
