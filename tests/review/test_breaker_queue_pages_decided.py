"""The API's `/queue` pages list every waiting item once, even when items are decided between pages.

The pages were cut by position (`offset`): a reviewer (or a script) that read a page, decided its
first item and followed `next` (`offset=2`) got the page after a list that had moved up by one, so
the item that had been third was on neither page, never seen by the script that walks the queue
to the end. `next` now names the last item listed (`after`), and a page lists the items waiting
after it, whatever was decided before it. Real uvicorn on 127.0.0.1, SQLite and PostgreSQL.
"""

from __future__ import annotations

import httpx
from patience import patient

from memeval.review import add_api_token


def test_an_item_decided_between_pages_leaves_no_other_item_unlisted(store, serve, seeded) -> None:
    base = serve(queue_page_rows=2)
    api = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {add_api_token(store, 'alice')}"},
                       timeout=patient(30))  # fmt: skip

    def walk(url: str) -> list[str]:
        refs: list[str] = []
        while url:
            page = api.get(url).json()
            refs += [i["ref"] for i in page["items"]]
            url = page["next"]
        return refs

    everything = walk("/api/v1/review/queue?team=fernhill")
    assert len(everything) == 5 and len(set(everything)) == 5, everything  # three pages of 2, 2, 1
    first = api.get("/api/v1/review/queue", params={"team": "fernhill"}).json()
    listed = [i["ref"] for i in first["items"]]
    decided = api.post("/api/v1/review/decisions", json={"ref": seeded.lesson, "action": "approve"})
    assert decided.status_code == 200 and seeded.lesson in listed, (decided.text, listed)
    listed += walk(first["next"])
    # every item waiting when the walk began is listed once (the decided one on the first page)
    assert sorted(set(listed)) == sorted(listed), listed
    assert listed == everything, (everything, listed)
    for bad in ("x", "1.5", "-3:1:fernhill", "99999999999999999999999999:1:t"):
        assert api.get("/api/v1/review/queue", params={"after": bad}).status_code == 422, bad
