"""Over HTTP an event type that does not exist is malformed (422), as on the file path; 403 stays for real types.

Found by a new user posting `{"type": "nope"}` to `POST /api/v1/events`: the answer was 403 "nope
cannot be written through ingest" (forbidden, as for a person's decision sent by a memory system),
where `memeval audit ingest` of the same line says "type: 'nope' is not an event type" (a malformed
line, exit 2). A typo in a sender's type is a malformed event, not a permission: it is answered 422
naming event `index` and the types a sender sends, nothing stored. Decisions, memeval's own types
and the report's stay 403 (`test_polish21_refused_type_over_http.py`). Real uvicorn on 127.0.0.1.
"""

from __future__ import annotations

import json

import httpx
import pytest
from patience import patient
from test_ingest import _line, server  # noqa: F401  (a real uvicorn on 127.0.0.1)

from memeval.audit import add_token

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def test_an_unknown_type_is_422_naming_the_types_a_sender_sends(store, server) -> None:  # noqa: F811
    auth = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'memsys')}"}
    with httpx.Client(base_url=server, timeout=patient(60)) as c:
        for typ in ("nope", "memory.writen", "lesson.proposd"):
            batch = {"events": [json.loads(_line(1)), {**json.loads(_line(2)), "type": typ}]}
            r = c.post("/api/v1/events", json=batch, headers=auth)
            assert r.status_code == 422, (typ, r.text)
            error = r.json()["error"]
            assert error["index"] == 1, (typ, r.text)
            assert f"{typ!r} is not an event type" in error["reason"], (typ, r.text)
            assert "memory.written" in error["reason"] and "session.started" in error["reason"], r.text
        r = c.post("/api/v1/events", json={"events": [{**json.loads(_line(3)), "type": "lesson.approved"}]},
                   headers=auth)  # fmt: skip
        assert r.status_code == 403, r.text  # a real type no sender may send: still forbidden
    assert list(store.events("fernhill")) == []
