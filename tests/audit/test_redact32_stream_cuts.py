"""Keys cut across two memory events of one session were stored with both parts raw (redact32, issue 15).

An agent that writes a credential's first characters at the end of one memory event and the rest at the start
of the next leaves two texts neither of which holds a whole key, and neither part alone has a shape the text-alone
readings can judge (a hex tail, a tail of a few characters, a value after a keyword two events share). At ingest
each event is now read with the previous event of its stream (team, session, actor): a key found across the two
is blanked in both when they come in one batch, and in the second when the first was stored before it arrived
(`--batch-size 1`, or a real `memeval audit serve` sent one event a request, where the server's redaction guard
reads the window: the group's shared server, `plain_server`), so the key is never stored whole. Each case goes
through `memeval audit ingest` into SQLite and a `memeval pack build` (their command lines in the test's process:
`ingest_events.ingest_memories_and_pack`); the file, its WAL and the pack are grepped. Consecutive events that
glue into a key-like run but hold no key (a UUID, a git sha and a version cut across two events, a ticket number
before a word) are stored as written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_events import ingest_memories_and_pack, memory_event, post_events
from patience import patient
from served import Served

from memeval.audit import open_store

CUTS = [
    ("use sgph_d539f9", "0bb36a38faa37f35c717414db781277890 for the search API"),
    ("trigger with glptt-09354", "b45aa6dcbf74868939bd7c1de0e4de924c0"),
    ("the heroku api key is 8b3f2e", "1d-4c5a-4b6e-9f7d-2a1c3e5f7b9d for the deploy job"),
    ("key id AKIA HPQU 79MQ E8V", "8 DIIU in the notes"),
    ("vault login --password 6qW", "aWo#u6XnY"),
    ("Das Passwort ist UEr", "bihyHA%kEK bis Freitag."),
    ("docker login -u ci --password grD", "ire4h5J%2 registry.internal"),
]
"""(first event, second event): a key cut between them that main stored with both parts raw (hex tails, a short
tail, values after a keyword or a password option). All but the Heroku key are cuts `bench/redact_cut_halves.py`
makes of the owned and fresh corpora's values (`tests/fixtures/redact_*`)."""
PLAIN = [
    "the failing request id is 3f2b8c1e-9d4a-",
    "4b7e-8f01-2c6d5a9e7b13 in the gateway log",
    "bisect points at commit 4e8f2a9c1b7d",
    "3e5f60718293a4b5c6d7e8f90a1b on the main branch",
    "pin the client at version 2.31.0-rc",
    "1.dev4 until the fix lands",
    "see ticket OPS-4821",
    "followup: restart the pods after the rollout",
]
"""Events glued across into key-like runs that hold no key: stored as written."""


def _pieces(first: str, second: str) -> tuple[bytes, bytes]:
    """The raw bytes that show each part of the cut key: the first event's last and the second's first 12 characters."""
    return first[-12:].encode(), second[:12].encode()


def test_a_key_cut_across_two_events_of_one_batch_is_stored_in_neither(tmp_path: Path) -> None:
    texts = [t for pair in CUTS for t in pair] + PLAIN
    stored, raw = ingest_memories_and_pack(tmp_path, texts)
    assert len(stored) == len(texts), sorted(stored)
    for i, plain in enumerate(PLAIN, start=2 * len(CUTS)):
        assert stored[f"mem_{i}"] == plain, ascii(stored[f"mem_{i}"])
    for i, (first, second) in enumerate(CUTS):
        head, tail = _pieces(first, second)
        assert "[REDACTED:" in stored[f"mem_{2 * i}"], ascii(stored[f"mem_{2 * i}"])
        assert "[REDACTED:" in stored[f"mem_{2 * i + 1}"], ascii(stored[f"mem_{2 * i + 1}"])
        assert head not in raw, ascii(first)
        assert tail not in raw, ascii(second)


def test_a_key_cut_across_two_events_stored_one_by_one_is_never_stored_whole(tmp_path: Path) -> None:
    texts = [t for pair in CUTS for t in pair] + PLAIN
    stored, raw = ingest_memories_and_pack(tmp_path, texts, ("--batch-size", "1"))
    assert len(stored) == len(texts), sorted(stored)
    for i, plain in enumerate(PLAIN, start=2 * len(CUTS)):
        assert stored[f"mem_{i}"] == plain, ascii(stored[f"mem_{i}"])
    for i, (first, second) in enumerate(CUTS):
        _head, tail = _pieces(first, second)
        assert "[REDACTED:" in stored[f"mem_{2 * i + 1}"], ascii(stored[f"mem_{2 * i + 1}"])
        assert tail not in raw, ascii(second)


@pytest.mark.xdist_group("plain-served")  # one worker starts the shared server (`plain_server`)
def test_a_key_cut_across_two_events_posted_one_a_request_is_never_stored_whole(served_team: Served) -> None:
    texts = [t for pair in CUTS for t in pair] + PLAIN
    srv = served_team
    for i, text in enumerate(texts):
        answer = post_events(srv.url, srv.token, [memory_event(i, text, srv.team)], patient(120))
        assert answer.status_code == 200, answer.text[:500]
    store = open_store(srv.db)
    try:
        stored = {e.subject: e.payload.text for e in store.events(srv.team) if e.type == "memory.written"}
    finally:
        store.engine.dispose()
    raw = srv.stored_bytes()
    for i, plain in enumerate(PLAIN, start=2 * len(CUTS)):
        assert stored[f"mem_{i}"] == plain, ascii(stored[f"mem_{i}"])
    for i, (first, second) in enumerate(CUTS):
        _head, tail = _pieces(first, second)
        assert "[REDACTED:" in stored[f"mem_{2 * i + 1}"], ascii(stored[f"mem_{2 * i + 1}"])
        assert tail not in raw, ascii(second)
