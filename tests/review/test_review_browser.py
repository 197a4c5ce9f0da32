"""A reviewer's session in a real browser (Playwright + Debian's chromium): hostile text stays inert."""

from __future__ import annotations

import pytest
from review_browser import CHROMIUM, chromium_page, log_in
from review_helpers import PASSWORD, decisions

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_reviewer_session_in_chromium(store, seeded, server):
    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing: apt-get install -y chromium (scripts/setup --tests does)")
    dialogs: list[str] = []
    console: list[str] = []
    with chromium_page() as page:
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.on("console", lambda m: console.append(m.text))
        log_in(page, server, "alice", PASSWORD)

        def count(kind: str) -> int:
            return int(page.inner_text(f"#count-{kind}"))

        def pwned() -> str:
            return str(page.evaluate("typeof window.__pwned"))

        assert (count("all"), count("lesson"), count("contradiction"), count("hold")) == (6, 4, 1, 1)

        # the held hostile text: shown as text, nothing runs, then released
        page.click(f'tr[data-ref="{seeded.hold}"] a.id')
        text = page.inner_text("#item-text")
        assert "<script>window.__pwned = 1;" in text and 'onerror="window.__pwned = 2;' in text
        assert "[U+200B ZERO WIDTH SPACE]" in text and "[U+0430 CYRILLIC SMALL LETTER A]" in text
        assert page.locator("#item-text script, #item-text img, #item-text a").count() == 0
        assert pwned() == "undefined"
        page.click("#do-release")
        page.wait_for_url(server + "/")
        assert pwned() == "undefined"
        assert count("hold") == 0 and "release " + seeded.hold in page.inner_text("p.flash")

        # approve a lesson
        page.click(f'tr[data-ref="{seeded.lesson}"] a.id')
        page.click("#do-approve")
        page.wait_for_url(server + "/")
        assert count("lesson") == 3
        assert page.locator(f'tr[data-ref="{seeded.lesson}"]').count() == 0

        # settle a contradiction: keep side b, with a reason
        page.click(f'tr[data-ref="{seeded.contradiction}"] a.id')
        page.check('form.settle input[name="kept"][value="b"]')
        page.fill('form.settle input[name="reason"]', "The sign on the door says 10.")
        page.click("#do-settle")
        page.wait_for_url(server + "/")
        assert (count("all"), count("contradiction")) == (3, 0)
        assert pwned() == "undefined"

    assert dialogs == [], f"a dialog fired: {dialogs}"
    assert not [m for m in console if "Refused to" in m or "pwned" in m], console
    assert [len(decisions(store, "fernhill", i)) for i in ("les_courier", "con_hours")] == [1, 1]
    assert decisions(store, "fernhill", seeded.hold.split("/")[2])[0].actor.id == "alice"
