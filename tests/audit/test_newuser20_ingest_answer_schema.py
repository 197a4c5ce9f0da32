"""A stored batch's answer of `POST /api/v1/events` names its schema, as every other /api/v1 answer does.

Found by a new user posting the sample's first events with curl: the 200 was `{"stored": 20,
"duplicates": 0, ...}` with no `schema`, while the same endpoint's errors are
`memeval.audit-ingest-error/1`, its health answer `memeval.audit-health/1` and every review API answer
has one: the one answer a client could not tell by its `schema`. It is `memeval.audit-ingest-answer/1`
now (`schema_version` 1), its other keys as before. Real uvicorn on 127.0.0.1, SQLite.
"""

from __future__ import annotations

import json

import httpx
import pytest
from patience import patient
from test_ingest import _line, server  # noqa: F401  (a real uvicorn on 127.0.0.1)

from memeval.audit import add_token

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

KEYS = ["schema", "schema_version", "stored", "duplicates", "changed_resends", "noops", "held", "held_on_budget",
        "secrets_blanked", "seqs"]  # fmt: skip


def test_a_stored_batch_is_answered_with_its_schema(store, server) -> None:  # noqa: F811
    auth = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'memsys')}"}
    batch = {"events": [json.loads(_line(i)) for i in range(3)]}
    with httpx.Client(base_url=server, timeout=patient(60)) as c:
        first, again = (c.post("/api/v1/events", json=batch, headers=auth) for _ in range(2))
    for r, stored in ((first, 3), (again, 0)):
        assert r.status_code == 200, r.text
        body = r.json()
        assert list(body)[: len(KEYS)] == KEYS, body
        assert (body["schema"], body["schema_version"], body["stored"]) == ("memeval.audit-ingest-answer/1", 1, stored)
