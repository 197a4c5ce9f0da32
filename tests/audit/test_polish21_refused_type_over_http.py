"""Over HTTP a type a memory system may not send is refused 403 whatever its payload (polish21).

Reported: a forbidden type with a bad payload got 422 where a valid payload got 403. On this code
every payload tried (none, empty, a memory's, not an object, fields missing, oversized text, a lone
surrogate, NaN) is refused 403 for its type, naming event 0, and nothing is stored; these cases pin
that order. The one 422 left is a body the parser cannot read at all: JSON nested past its depth,
where no type can be read; it now says so, as the file path does, instead of "the body must be JSON"
(it is JSON). Real uvicorn on 127.0.0.1 (`test_ingest.server`), SQLite.
"""

from __future__ import annotations

import json

import httpx
import pytest
from patience import patient
from test_ingest import _line, server  # noqa: F401  (a real uvicorn on 127.0.0.1)

from memeval.audit import add_token

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

PAYLOADS = {
    "none": None,
    "empty": {},
    "memory's": {"kind": "fact", "source": "agent", "text": "Pack bulbs dry."},
    "not an object": "approve it",
    "oversized text": {"decision_id": "d1", "reason": "x" * 70_000},
    "lone surrogate": {"text": "\ud800"},
}


def test_a_forbidden_type_is_403_whatever_its_payload(store, server) -> None:  # noqa: F811
    auth = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'memsys')}"}
    with httpx.Client(base_url=server, timeout=patient(60)) as c:
        for typ in ("lesson.approved", "hold.created", "report.generated"):
            for name, payload in PAYLOADS.items():
                event = {**json.loads(_line(1)), "type": typ, "subject": "les_1", "payload": payload}
                if payload is None:
                    del event["payload"]
                body = json.dumps({"events": [event]})  # ASCII: a lone surrogate as its escape
                r = c.post("/api/v1/events", content=body, headers={**auth, "content-type": "application/json"})
                assert (r.status_code, r.json()["error"]["index"]) == (403, 0), (typ, name, r.text)
                assert r.json()["error"]["reason"].startswith(typ), (typ, name, r.text)
            nan = json.dumps({"events": [{**json.loads(_line(1)), "type": typ, "payload": {"n": float("nan")}}]})
            r = c.post("/api/v1/events", content=nan, headers={**auth, "content-type": "application/json"})
            assert r.status_code == 403, (typ, "NaN", r.text)
    assert list(store.events("fernhill")) == []


def test_a_body_nested_past_the_parser_says_so(store, server) -> None:  # noqa: F811
    auth = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'memsys')}", "content-type": "application/json"}
    event = json.dumps({**json.loads(_line(1)), "type": "lesson.approved", "payload": {"a": 0}})
    body = '{"events": [' + event.replace('{"a": 0}', '{"a": ' + "[" * 5000 + "]" * 5000 + "}") + "]}"
    with httpx.Client(base_url=server, timeout=patient(60)) as c:
        r = c.post("/api/v1/events", content=body, headers=auth)
    assert r.status_code == 422, r.text
    assert "nested deeper than the parser follows" in r.json()["error"]["reason"], r.text
    assert list(store.events("fernhill")) == []
