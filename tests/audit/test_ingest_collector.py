"""A large file ingest holds the cyclic garbage collector off (`memeval._collector.collector_paused`).

It keeps every parsed draft until its last batch is stored: the collector's full passes walked
them all and freed nothing (about a tenth of the writer's CPU on a 20,000-event file). Not while
this process redacts and holds the batches itself, nor for a small input: leaving the pause moves
every tracked object, the loaded engines' too, to the oldest generation, and an ingest an event at a
time then paid full passes over them (the sample week sent live: 3.9 -> 6.4 CPU s).
"""

from __future__ import annotations

import gc
import json
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

import memeval.audit._ingest as ingest_module
from memeval.audit import SqlAuditStore, ingest_lines, parse_lines
from memeval.audit._parallel import MIN_EVENTS
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


def test_batches_redacted_in_this_process_keep_the_collector_on_and_it_stays_as_it_was(tmp_path: Path) -> None:
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
        assert seen == [True, True, True]  # redacted here: pausing it made full passes over the engines
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


def test_a_large_input_is_parsed_with_the_collector_off_and_a_small_one_with_it_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[bool] = []
    real = ingest_module._parse_each

    def spying(*args, **kwargs) -> Iterator[object]:  # type: ignore[no-untyped-def]  # a spy on the real parser
        seen.append(gc.isenabled())
        yield from real(*args, **kwargs)

    monkeypatch.setattr(ingest_module, "_parse_each", spying)
    assert len(parse_lines([_line(i) for i in range(MIN_EVENTS)])) == MIN_EVENTS
    assert len(parse_lines([_line(i) for i in range(3)])) == 3
    assert seen == [False, True] and gc.isenabled()
