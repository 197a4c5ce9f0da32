"""The queue's `min_age_h` takes the hours `memeval review list --min-age-h` takes, over the API and the page.

`memeval review list --min-age-h nan` (or `inf`, `1e309`) is refused (exit 2), but the API's
`GET /api/v1/review/queue?min_age_h=nan` answered 200 listing every item (no age is below NaN) and
`min_age_h=inf` 200 with none; the page took them too (newuser33). Now each is 422 naming the value.
"""

from __future__ import annotations

import httpx
import pytest
from patience import patient
from review_helpers import login

from memeval.review import add_api_token


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # the filter is the store's alike
def test_a_minimum_age_that_is_not_a_number_of_hours_is_refused(store, seeded, server) -> None:
    api = httpx.Client(
        base_url=server, headers={"Authorization": f"Bearer {add_api_token(store, 'alice')}"}, timeout=patient(30)
    )
    page = login(server, "alice")
    for bad in ("nan", "inf", "1e309", "1000001"):
        r = api.get("/api/v1/review/queue", params={"min_age_h": bad})
        assert r.status_code == 422, (bad, r.text[:300])
        assert r.json()["error"]["code"] == "bad_filter" and "give hours from 0 to 1,000,000" in r.text, r.text
        r = page.get("/", params={"min_age_h": bad})
        assert r.status_code == 422 and "give hours from 0 to 1,000,000" in r.text, (bad, r.status_code)
    assert api.get("/api/v1/review/queue", params={"min_age_h": "1000000"}).status_code == 200
