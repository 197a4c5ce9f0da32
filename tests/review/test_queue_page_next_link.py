"""The queue page links to its next page with the API's cursor (audit17).

The HTML queue listed the oldest `queue_page_rows` items and said how many more waited, with no way
to reach them but the filters, while the JSON `/queue` gave `next` (`after=RECEIVED_US:SEQ:TEAM`,
the last listed item). Now the page has a "next page" link with that same cursor and the filters,
and a later page a "first page" link. Real uvicorn on 127.0.0.1, a logged-in session.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import httpx
from patience import patient
from review_helpers import login

from memeval.review import add_api_token

_REF = re.compile(r'<tr class="[^"]*" data-ref="([^"]+)"')
_NEXT = re.compile(r'<a href="([^"]*)" id="queue-next" rel="next">next page</a>')


def _href(html: str, pattern: re.Pattern[str]) -> str | None:
    m = pattern.search(html)
    return None if m is None else m.group(1).replace("&amp;", "&")


def test_the_queue_page_walks_every_waiting_item_with_the_apis_cursor(store, serve, seeded) -> None:
    base = serve(queue_page_rows=2)
    page = login(base, "alice")
    api = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {add_api_token(store, 'alice')}"},
                       timeout=patient(30))  # fmt: skip
    html, url, refs, hrefs = page.get("/").text, "/", [], []
    while True:
        assert page.get(url).status_code == 200
        refs += _REF.findall(html)
        href = _href(html, _NEXT)
        if href is None:
            break
        hrefs.append(href)
        html = page.get(href).text
        url = href
    assert len(refs) == 6 and len(set(refs)) == 6, refs  # every waiting item, once, over three pages
    assert len(hrefs) == 2 and 'id="queue-first"' in html and "more wait" not in html, (hrefs, html[-600:])
    # the link's cursor is the API's `next`: the same `after`, the same items
    first = api.get("/api/v1/review/queue").json()
    assert parse_qs(urlsplit(first["next"]).query)["after"] == parse_qs(urlsplit(hrefs[0]).query)["after"]
    second = api.get(first["next"]).json()
    assert [i["ref"] for i in first["items"] + second["items"]] == refs[:4], refs
    # a filter is kept on the next page
    lessons = page.get("/?kind=lesson").text
    href = _href(lessons, _NEXT)
    assert href is not None and parse_qs(urlsplit(href).query)["kind"] == ["lesson"], href
    assert all(r.startswith("lesson/") for r in _REF.findall(page.get(href).text))
    # a cursor that is not one is the page's own 422, not a server error
    bad = page.get("/", params={"after": "soon"})
    assert bad.status_code == 422 and "is not a queue place" in bad.text, bad.text[:300]
