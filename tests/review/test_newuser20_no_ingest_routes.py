"""`memeval serve --no-ingest` does not list the ingest endpoint it does not serve.

Found by a new user posting an event to `memeval serve --no-ingest`: the 404 read "no endpoint
POST /api/v1/events; the endpoints under /api/v1 are ... POST /api/v1/events and GET
/api/v1/health (the ingest endpoint, unless served with --no-ingest)", naming as an endpoint the
very request it refused and leaving the user to work out which case this server was. A server
without the ingest endpoint now lists the review API alone and says it runs with `--no-ingest`,
with the two ways to send events; with it, the message is as before. Real uvicorn on 127.0.0.1.
"""

from __future__ import annotations

import httpx
import pytest
from live_server import LiveServer
from patience import patient
from review_helpers import NOW, settings

from memeval.review import create_review_app

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def test_a_server_without_ingest_says_so_instead_of_listing_it(store) -> None:
    app = create_review_app(store, settings(), clock=lambda: NOW, with_ingest=False)
    with LiveServer(app) as srv, httpx.Client(base_url=srv.url, timeout=patient(30)) as c:
        for method, path in (("POST", "/api/v1/events"), ("GET", "/api/v1/health"), ("GET", "/api/v1/x")):
            r = c.request(method, path, json={"events": []} if method == "POST" else None)
            assert r.status_code == 404, (path, r.text[:300])
            body = r.json()
            assert (body["schema"], body["error"]["code"]) == ("memeval.review-error/1", "not_found"), body
            msg = body["error"]["message"]
            assert msg.startswith(f"no endpoint {method} {path}; "), msg
            assert "GET /api/v1/review/queue" in msg, msg
            assert "(the ingest endpoint" not in msg, msg  # not listed as served
            assert "this server runs with --no-ingest" in msg and "`memeval audit serve`" in msg, msg
