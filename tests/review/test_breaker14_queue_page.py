"""The queue page lists at most `queue_page_rows` items, oldest first (breaker 14).

Every waiting item was a row of one page: 20,000 waiting lessons (a flood of proposals or holds)
made a 13 MB page that took about 3 s of CPU to build and render on each visit, 12-20 s of wall
time on a busy machine. The counts still cover every item, and the page says how many more wait.
"""

from __future__ import annotations

import re

from review_helpers import login


def test_the_queue_page_lists_the_oldest_and_says_how_many_more_wait(serve, seeded) -> None:
    base = serve(queue_page_rows=2)
    c = login(base, "alice")
    html = c.get("/").text
    refs = re.findall(r'<tr class="[^"]*" data-ref="([^"]+)"', html)
    assert refs == ["lesson/rowan/les_other", seeded.lesson], refs  # the two oldest (5 and 4 days)
    assert re.search(r'id="count-all">6<', html), html
    assert "4 more wait" in html, html
    html = c.get("/?kind=hold").text  # a filter reaches an item the first page left out
    assert re.findall(r'data-ref="([^"]+)"', html) == [seeded.hold] and "more wait" not in html
