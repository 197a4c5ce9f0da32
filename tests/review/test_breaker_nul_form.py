"""A NUL character sent to the review app (breaker, round of 2026-12-03).

PostgreSQL keeps no NUL in text, and psycopg refuses a query parameter holding one. So on PostgreSQL a
login whose name held `%00`, or an item path, queue filter or API reference holding one, ended in
`500 Internal Server Error` (a `psycopg.DataError` traceback in the server's log), before any
password was checked; on SQLite the same requests were answered (no such account, no such item).
Now a login name with a NUL is a wrong login, like any name that is no account's; an address with
one is answered 400 naming the character; a reference, reason or comment with one is refused with
the review queue's own answer (422 in the API) naming it; any other value the database refuses is
a 400, not a 500. The same on both stores; nothing is stored.
"""

from __future__ import annotations

import httpx
import pytest
from patience import patient
from review_helpers import csrf_of, decide, decisions, login
from test_web_decisions import _state

from memeval.review import add_api_token


def test_a_nul_in_the_login_name_is_a_wrong_login_not_a_server_error(store, seeded, server):
    c = httpx.Client(base_url=server, follow_redirects=False, timeout=patient(30))
    page = c.get("/login")
    form = {"username": "ali\x00ce", "password": "x", "csrf_token": csrf_of(page.text), "next": "/"}
    r = c.post("/login", data=form)
    assert r.status_code == 401 and "Wrong username or password" in r.text, (r.status_code, r.text[:300])


@pytest.mark.parametrize(
    "path",
    ["/item/lesson/fern%00hill/les_1", "/item/lesson/fernhill/les%00_1", "/?team=fern%00hill"],
)
def test_a_nul_in_a_page_address_is_a_clear_refusal_not_a_server_error(store, seeded, server, path):
    r = login(server, "alice").get(path)
    assert r.status_code == 400 and "NUL" in r.text, (r.status_code, r.text[:300])


def test_a_nul_in_an_api_reference_or_reason_is_refused_and_nothing_is_stored(store, seeded, server):
    api = httpx.Client(
        base_url=server, headers={"Authorization": f"Bearer {add_api_token(store, 'alice')}"}, timeout=patient(30)
    )
    r = api.get("/api/v1/review/items/lesson/fern%00hill/les_1")
    assert r.status_code == 400 and "NUL" in r.text, (r.status_code, r.text[:300])
    ref = seeded.contradiction
    for body in (
        {"ref": ref + "\x00", "action": "settle", "kept": "both", "reason": "x", "decision_id": "dec_nul_1"},
        {"ref": ref, "action": "settle", "kept": "both", "reason": "hours\x00", "decision_id": "dec_nul_2"},
    ):
        r = api.post("/api/v1/review/decisions", json=body)
        assert r.status_code == 422 and "NUL" in r.json()["error"]["message"], (r.status_code, r.text[:300])
    item = _state(store, ref)
    assert item.waiting and decisions(store, item.team, item.item_id) == []


def test_a_nul_in_a_decision_form_is_refused_and_nothing_is_stored(store, seeded, server):
    ref = seeded.contradiction
    r = decide(login(server, "alice"), ref, "settle", kept="both", reason="hours\x00")
    assert 400 <= r.status_code < 500 and "NUL" in r.text, (r.status_code, r.text[:300])
    item = _state(store, ref)
    assert item.waiting and decisions(store, item.team, item.item_id) == []
