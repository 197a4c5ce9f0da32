"""The HTTP ingest's one-call body reading takes a body only when the plain reading would, and reads it alike.

`memeval audit serve` reads a batch's body straight into drafts in one pydantic call (`_http.read_drafts`)
and falls back to the plain reading (`json.loads`, the batch's shape, then each event as a dict:
`read_body`, `parse_batch`), which words every refusal, whenever it does not take the body. Checked
here: on the sample week, and on bodies at the edges of JSON and of the refusals (duplicate keys,
escapes, a BOM, another encoding, numbers, nesting, refused types, another team, too many events,
a body over one event's limit), the one-call reading either gives the plain reading's drafts or
steps aside (None); and over real HTTP (uvicorn on 127.0.0.1, SQLite), a body of several refusals
is answered with the plain reading's first one, and a good batch is stored as the plain reading stores it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import httpx
import pytest
from patience import patient
from test_ingest import _line, server  # noqa: F401  (a real uvicorn on 127.0.0.1)

from memeval.audit import INGEST_TYPES, add_token
from memeval.audit import _http as h
from memeval.audit._authority import Limits

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import build, resolve_hold_ids  # noqa: E402

LIMITS = Limits()


def _plain(raw: bytes, team: str = "fernhill") -> list | h.Refused:
    """The plain reading of `raw`, both steps, as `post_events` runs them when `read_drafts` steps aside."""
    batch = h.read_body(raw)
    return batch if isinstance(batch, h.Refused) else h.parse_batch(batch, team, len(raw), LIMITS)


def _same_or_aside(raw: bytes, team: str = "fernhill") -> bool:
    """True when `read_drafts` stepped aside on `raw`; asserts it read what the plain reading reads otherwise."""
    fast = h.read_drafts(raw, team, LIMITS.max_event_bytes)
    if fast is None:
        return True
    plain = _plain(raw, team)
    assert not isinstance(plain, h.Refused), (raw[:200], plain)
    assert [type(d) for d in fast] == [type(d) for d in plain]
    assert [d.model_dump() for d in fast] == [d.model_dump() for d in plain]
    return False


def _event(i: int, **over: object) -> dict:
    return json.loads(_line(i, **over))


def test_the_sample_week_is_read_in_one_call_as_the_plain_reading_reads_it() -> None:
    week = [e for e in resolve_hold_ids(build(), "memsys") if e["type"] in INGEST_TYPES]
    (team,) = {e["team"] for e in week}
    assert len(week) > 200
    for k in range(0, len(week), 100):
        raw = json.dumps({"events": week[k : k + 100]}).encode()
        assert not _same_or_aside(raw, team), k  # taken, and read alike


def _ev(i: int = 1, **over: object) -> bytes:
    return json.dumps(_event(i, **over)).encode()


def _memory(text_json: bytes) -> bytes:
    """A memory event whose text is the JSON string literal `text_json` (escapes as written)."""
    mem = _event(2, type="memory.written", session="s2", subject="m-2")
    mem["payload"] = {"text": "TEXT", "source": "agent"}
    return json.dumps(mem).encode().replace(b'"TEXT"', text_json)


def _with(key: str, value_json: bytes) -> bytes:
    """An event whose `key` is the JSON value `value_json` (as written)."""
    one = json.dumps({k: v for k, v in _event(4).items() if k != key}).encode()
    return one[:-1] + b', "' + key.encode() + b'": ' + value_json + b"}"


def _body(*events: bytes, tail: bytes = b"") -> bytes:
    return b'{"events": [' + b", ".join(events) + b"]" + tail + b"}"


EDGES = {
    "extra top-level key": _body(_ev(), tail=b', "note": 1'),
    "events twice": b'{"events": [], "events": [' + _ev() + b"]}",
    "duplicate key in an event": _body(_ev()[:-1] + b', "session": "s-dup"}'),
    "escaped surrogate pair": _body(_memory(b'"\\ud83d\\ude00 ok"')),
    "lone escaped surrogate": _body(_memory(b'"\\ud800 half"')),
    "raw control character": _body(_memory(b'"tab\tin"')),
    "escaped control character": _body(_memory(b'"nul\\u0000in"')),
    "escapes and UTF-8": _body(_memory(b'"a\\/b \\u00e9 \\u2028 caf\xc3\xa9"')),
    "NaN": _body(_ev(), tail=b', "note": NaN'),
    "Infinity": _body(_ev(), tail=b', "note": -Infinity'),
    "huge integer": _body(_ev(), tail=b', "note": 123456789012345678901234567890123'),
    "huge exponent": _body(_ev(), tail=b', "note": 1e400'),
    "seq a float": _body(_with("seq", b"1.0")),
    "seq a fraction": _body(_with("seq", b"1.5")),
    "seq huge": _body(_with("seq", b"123456789012345678901234567890123")),
    "seq huge exponent": _body(_with("seq", b"1e400")),
    "seq NaN": _body(_with("seq", b"NaN")),
    "seq a string": _body(_with("seq", b'"7"')),
    "seq true": _body(_with("seq", b"true")),
    "time a number": _body(_with("occurred_at", b"5")),
    "time with offset": _body(_with("occurred_at", b'"2026-11-17T11:00:00+01:00"')),
    "time with fraction": _body(_with("occurred_at", b'"2026-11-17T10:00:00.123456789Z"')),
    "time without zone": _body(_with("occurred_at", b'"2026-11-17T10:00:00"')),
    "time a date": _body(_with("occurred_at", b'"2026-11-17"')),
    "trailing text": _body(_ev()) + b" x",
    "trailing whitespace": _body(_ev()) + b" \n\t ",
    "leading BOM": b"\xef\xbb\xbf" + _body(_ev()),
    "not UTF-8": _body(_memory(b'"caf\xe9"')),
    "deep nesting 150": _body(_ev(), tail=b', "note": ' + b"[" * 150 + b"]" * 150),
    "deep nesting 3000": _body(_ev(), tail=b', "note": ' + b"[" * 3000 + b"]" * 3000),
    "refused type": _body(_ev(), _ev(3, type="hold.released")),
    "another team": _body(_ev(), _ev(3, team="elsewhere")),
    "unknown type": _body(_ev(3, type="nope")),
    "empty list": _body(),
    "a list": b"[" + _ev() + b"]",
}
"""Bodies at the edges of JSON and of the refusals, by what they try."""


@pytest.mark.parametrize("name", list(EDGES))
def test_an_edge_body_is_read_alike_or_left_to_the_plain_reading(name: str) -> None:
    raw = EDGES[name]
    taken = not _same_or_aside(raw)
    plain = _plain(raw)
    if isinstance(plain, h.Refused):
        assert not taken, (name, plain)  # every refusal is the plain reading's own


def test_other_encodings_and_oversized_bodies_are_left_to_the_plain_reading() -> None:
    body = {"events": [_event(i) for i in range(3)]}
    for raw in (json.dumps(body).encode("utf-16"), json.dumps(body).encode("utf-32")):
        assert h.read_drafts(raw, "fernhill", LIMITS.max_event_bytes) is None
        assert not isinstance(_plain(raw), h.Refused)  # json.loads reads them: the plain reading stores them
    raw = json.dumps(body).encode()
    assert h.read_drafts(raw, "fernhill", len(raw) - 1) is None  # over one event's limit: each event is sized
    assert h.read_drafts(raw, "fernhill", len(raw)) is not None
    many = json.dumps({"events": [_event(i) for i in range(h.MAX_BATCH + 1)]}).encode()
    assert h.read_drafts(many, "fernhill", 10**9) is None


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_over_http_refusals_are_the_plain_readings_and_a_good_batch_is_stored(store, server) -> None:  # noqa: F811
    headers = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'memsys')}", "content-type": "application/json"}
    bad = {
        _body(_ev(1), _ev(2, team="elsewhere"), _ev(3, type="hold.released")): (403, 2),
        _body(_ev(1), _ev(2, team="elsewhere")): (422, 1),
        _body(_ev(1), _ev(2, type="nope")): (422, 1),
        _body(_ev(1)) + b" x": (422, None),
    }
    with httpx.Client(base_url=server, timeout=patient(60)) as c:
        for raw, (status, index) in bad.items():
            r = c.post("/api/v1/events", content=raw, headers=headers)
            plain = _plain(raw)
            assert isinstance(plain, h.Refused)
            assert (r.status_code, r.json()["error"]) == (status, {"index": index, "reason": plain.reason})
            assert plain.status == status and plain.at == index
        assert list(store.events("fernhill")) == []
        good = json.dumps({"events": [_event(i) for i in range(5)]}).encode()
        assert h.read_drafts(good, "fernhill", LIMITS.max_event_bytes) is not None
        r = c.post("/api/v1/events", content=good, headers=headers)
        assert r.status_code == 200, r.text
        assert r.json()["stored"] == 5 and r.json()["seqs"] == {"fernhill": [1, 5]}
    assert [e.sender_event_id for e in store.events("fernhill")] == [f"e{i}" for i in range(5)]
