"""A batch body that is JSON of the wrong shape says what it is and what to send, not "the body must be JSON".

Found by a new user posting the sample's events to `memeval audit serve` as a JSON list (`[{...}, {...}]`): the
answer was 422 "the body must be JSON: {"events": [<event>, ...]}", though the body was JSON. Each shape now has
its own words (a list: wrap it; a scalar; an object without "events"; "events" not a list of objects), bodies
that are not JSON say so, and no key or value of the body is echoed. Real uvicorn on 127.0.0.1, SQLite.
"""

from __future__ import annotations

import json

import httpx
import pytest
from patience import patient
from test_ingest import _line, server  # noqa: F401  (a real uvicorn on 127.0.0.1)

from memeval.audit import add_token

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

EVENT = json.loads(_line(1))
BODIES = {
    json.dumps([EVENT]): "the body is a JSON list: wrap the events in an object, {",
    json.dumps("sk_live_notakey"): "the body is JSON a string, not an object: send {",
    "null": "the body is JSON null, not an object: send {",
    json.dumps({"evnts": [EVENT]}): 'the body has no "events" key: send {',
    json.dumps({"events": EVENT}): 'the body\'s "events" is not a list of JSON objects: send {',
    "{not json": "the body is not JSON: send {",
}


def test_each_wrong_body_says_what_it_is(store, server) -> None:  # noqa: F811
    headers = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'memsys')}", "content-type": "application/json"}
    with httpx.Client(base_url=server, timeout=patient(60)) as c:
        for body, said in BODIES.items():
            r = c.post("/api/v1/events", content=body, headers=headers)
            assert r.status_code == 422, (body, r.text)
            reason = r.json()["error"]["reason"]
            assert reason.startswith(said) and '{"events": [<event>, ...]}' in reason, (body, reason)
            assert "sk_live" not in reason and "evnts" not in reason, reason
    assert list(store.events("fernhill")) == []
