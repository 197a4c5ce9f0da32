"""The review API's replies and errors all carry `schema` (a new user's walk, 2026-12-03).

A body that did not fit an endpoint (a misspelt action, a missing `ref`, not JSON) was answered with
FastAPI's own `{"detail": [{"type": ..., "loc": [...], ...}]}`, while every other refusal of the
same API was `{"error": {"code", "message"}}`; and the replies to actions (a claim, a decision,
a hold released, a bulk decision) had no `schema` key, unlike the queue and item documents. Now every
error is `memeval.review-error/1` (`bad_request` for a body or query that does not fit, naming the
field, the value sent and the fields the endpoint takes) and every reply names its schema.
"""

from __future__ import annotations

import httpx
from patience import patient
from review_helpers import decisions

from memeval.review import add_api_token


def _api(store, server: str) -> httpx.Client:
    return httpx.Client(
        base_url=server, headers={"Authorization": f"Bearer {add_api_token(store, 'alice')}"}, timeout=patient(30)
    )


def _is_error(r: httpx.Response, status: int, code: str) -> str:
    body = r.json()
    assert r.status_code == status, (r.status_code, r.text[:400])
    assert list(body) == ["schema", "schema_version", "error"], body
    assert (body["schema"], body["schema_version"], body["error"]["code"]) == ("memeval.review-error/1", 1, code)
    return str(body["error"]["message"])


def test_a_body_that_does_not_fit_is_the_apis_own_error_naming_the_field_and_the_fix(store, seeded, server):
    api = _api(store, server)
    msg = _is_error(
        api.post("/api/v1/review/decisions", json={"ref": seeded.lesson, "action": "aprove"}), 422, "bad_request"
    )
    assert "'action'" in msg and "'aprove'" in msg and "'approve'" in msg, msg
    assert "takes a JSON object with ref, action, reason, kept, decision_id" in msg, msg
    msg = _is_error(api.post("/api/v1/review/claims", json={"op": "claim"}), 422, "bad_request")
    assert "'ref'" in msg and "required" in msg.lower() and "with ref, op" in msg, msg
    msg = _is_error(
        api.post("/api/v1/review/bulk", content=b"{not json", headers={"Content-Type": "application/json"}),
        422,
        "bad_request",
    )
    assert "not valid JSON" in msg, msg
    msg = _is_error(api.get("/api/v1/review/queue", params={"min_age_h": "soon"}), 422, "bad_request")
    assert "'min_age_h'" in msg and "'soon'" in msg, msg
    # the refusals that were already the API's own carry the schema too
    _is_error(
        api.post("/api/v1/review/decisions", json={"ref": seeded.lesson, "action": "reject"}), 422, "missing_reason"
    )
    _is_error(httpx.get(f"{server}/api/v1/review/queue"), 401, "no_token")
    assert decisions(store, "fernhill", "les_courier") == []


def test_every_action_reply_names_its_schema(store, seeded, server):
    api = _api(store, server)
    claim = api.post("/api/v1/review/claims", json={"ref": seeded.hold}).json()
    assert (claim["schema"], claim["schema_version"], claim["holder"]) == ("memeval.review-claim/1", 1, "alice")
    released = api.post("/api/v1/review/decisions", json={"ref": seeded.hold, "action": "release", "reason": "ok"})
    body = released.json()
    assert released.status_code == 200, body
    assert (body["schema"], body["schema_version"], body["action"]) == ("memeval.review-decision/1", 1, "release")
    bulk = api.post("/api/v1/review/bulk", json={"refs": [seeded.lesson, seeded.hold], "action": "approve"}).json()
    assert (bulk["schema"], bulk["schema_version"]) == ("memeval.review-bulk/1", 1)
    assert [(x["ok"], x["code"]) for x in bulk["results"]] == [(True, None), (False, "bad_choice")]


def test_an_unknown_path_or_method_under_the_api_is_the_apis_own_error(store, seeded, server):
    # newuser13: these answered FastAPI's {"detail": "Not Found"} while README says every error of
    # the API is memeval.review-error/1
    api = _api(store, server)
    msg = _is_error(api.get("/api/v1/review/queues"), 404, "not_found")
    assert "GET /api/v1/review/queues" in msg and "README" in msg, msg
    _is_error(api.delete("/api/v1/review/queue"), 405, "method_not_allowed")
    # a page that does not exist keeps the framework's answer (the pages are HTML, not the API)
    page = httpx.get(f"{server}/no-such-page", timeout=patient(30))
    assert page.status_code == 404 and "memeval.review-error" not in page.text, page.text[:200]
