"""A real browser (Debian's chromium through Playwright) on `memeval view` and the HTML report."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from readers_helpers import Runs

from memeval.runreport import build_context, render_html
from memeval.viewer import start_viewer

CHROMIUM = Path("/usr/bin/chromium")
PHONE = (390, 844)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


def test_viewer_and_report_in_chromium(runs: Runs, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    run = runs.memory
    report = tmp_path / "report.html"
    report.write_text(render_html(build_context(run)))
    with sync_playwright() as p, start_viewer(run.path, port=0) as v:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), args=["--disable-gpu", "--disable-quic", "--no-sandbox"]
        )
        try:
            page = browser.new_page()
            dialogs: list[str] = []
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            page.goto(v.url)
            assert page.locator("#verdict .word").inner_text().lower() == "unresolved"
            table = page.locator("#ab-table")
            assert table.locator("tbody tr").count() == 2 + 3  # two tasks, three total rows
            assert "Really passed" in table.inner_text()
            page.click(f'a[href="/trial/{quote("add-numbers:baseline:1")}"]')
            page.wait_for_url("**/trial/**")
            assert "calc" in page.locator("#verifier-output").inner_text()
            claim = page.locator("#claim")
            assert "never counted" in claim.inner_text().lower() and "<script>" in claim.inner_text()
            assert page.locator("script").count() == 0 and dialogs == []  # hostile text stayed text

            page.goto(report.as_uri())
            assert page.locator("#verdict .word").inner_text().lower() == "unresolved"
            assert "0 of 2" in page.locator("#ab-table").inner_text()
            assert page.locator("svg.chart").count() == 2

            # A phone-sized window (newuser34): on main the overview was 772 px wide at 390 px, the trial page ran
            # past it on a long artifact id; now wide tables scroll in their own box and long ids wrap.
            page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            # and a mistyped address, its path in the answer (532 px at 390 with a 60-letter path: newuser38)
            typo = f"{v.url}trials/{'x' * 60}"
            for url in (
                v.url,
                f"{v.url}trial/{quote('add-numbers:baseline:1')}",
                f"{v.url}report",
                report.as_uri(),
                typo,
            ):
                page.goto(url)
                wide = page.evaluate("document.documentElement.scrollWidth")
                assert wide <= PHONE[0], f"{url} is {wide} px wide in a {PHONE[0]} px window"
        finally:
            browser.close()
