"""The review pages in the narrowest phone window (320 px: WCAG's reflow width), Playwright + Debian's chromium.

At 390 px the queue fitted (newuser33, newuser37), but at 360 px (the commonest Android width) and 320 px the
form that decides the selected items kept its one-line width: the page was 365 px wide and scrolled sideways,
its right edge cut off. A mistyped address with a long item id (`/items/hold/TEAM/hd_...` for `/item/...`) gave
an error line as wide as the path, 410 px (newuser38). Now both wrap inside the window.
"""

from __future__ import annotations

import pytest
from review_browser import chromium_page, log_in
from review_helpers import PASSWORD

pytestmark = pytest.mark.browser

SMALL = (320, 640)


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_the_queue_and_a_mistyped_address_fit_320_px(seeded, server) -> None:
    with chromium_page(*SMALL) as page:
        log_in(page, server, "alice", PASSWORD)
        assert page.locator("fieldset.bulk").count() == 1  # the decide form is on the page (alice may decide)
        for path in ("/", f"/items/{seeded.hold}", "/" + "x" * 90):
            page.goto(server + path)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= SMALL[0], f"{path} is {wide} px wide in a {SMALL[0]} px window"
