"""The API's `/queue` is paged like the queue page (`MEMEVAL_REVIEW_QUEUE_PAGE_ROWS`), with `more` and `next`.

It returned every waiting item in one answer: 20,000 waiting items made the page 13 MB before the
page was capped (breaker14), and the JSON stayed unbounded. Now a page holds at most
`queue_page_rows` items from `offset`, says how many more wait after it, and gives the next page's
path (the same filters); counts and the overdue total still cover every item. Real uvicorn on
127.0.0.1 over the seeded store, SQLite and PostgreSQL.
"""

from __future__ import annotations

import httpx
from patience import patient

from memeval.review import add_api_token


def test_queue_json_comes_in_pages_with_how_many_more_wait_and_the_next(store, serve, seeded) -> None:
    base = serve(queue_page_rows=4)
    api = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {add_api_token(store, 'alice')}"},
                       timeout=patient(30))  # fmt: skip
    first = api.get("/api/v1/review/queue").json()
    refs = [i["ref"] for i in first["items"]]
    assert len(refs) == 4 and first["more"] == 2 and first["offset"] == 0, first
    assert refs[:2] == ["lesson/rowan/les_other", seeded.lesson] and sum(first["counts"].values()) == 6
    assert first["next"].startswith("/api/v1/review/queue?after="), first["next"]  # the last item listed
    second = api.get(first["next"]).json()
    assert [i["ref"] for i in second["items"]] == [seeded.hold, seeded.fresh_lesson], second
    assert second["more"] == 0 and second["next"] is None and second["overdue"] == first["overdue"]
    fern = api.get("/api/v1/review/queue", params={"team": "fernhill", "offset": 3}).json()  # filters kept in `next`
    assert [i["ref"] for i in fern["items"]] == [seeded.hold, seeded.fresh_lesson] and fern["next"] is None, fern
    page = api.get("/api/v1/review/queue", params={"team": "fernhill"}).json()
    assert page["more"] == 1 and page["next"].startswith("/api/v1/review/queue?team=fernhill&after="), page
    last = api.get(page["next"]).json()
    assert [i["ref"] for i in last["items"]] == [seeded.fresh_lesson] and last["offset"] == 4, last
    assert api.get("/api/v1/review/queue", params={"offset": -1}).status_code == 422
