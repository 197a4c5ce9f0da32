"""The weekly report's HTML fits a phone's window (newuser35).

The e-mailed report's HTML was 480 px wide in a 390 px window (Debian's chromium through Playwright): its
charts are one SVG of a fixed 480 px, and the page had no viewport line, so a phone's browser laid it out
980 px wide and shrank it. Now the charts scale to the page's width and the page says it is made for the
device's width. The PDF keeps its layout (the charts are narrower than A4's text width).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memeval.auditreport import build_context, render_html

CHROMIUM = Path("/usr/bin/chromium")
PHONE = (390, 844)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


def test_the_weekly_report_fits_a_phone_window(store, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    page_file = tmp_path / "report.html"
    page_file.write_text(render_html(build_context(store, "fernhill", "2026-W47", runs_dir=tmp_path / "runs")))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--disable-gpu", "--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
            page.goto(page_file.as_uri())
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= PHONE[0], f"the weekly report is {wide} px wide in a {PHONE[0]} px window"  # main: 480
            chart = page.locator("svg.charts").bounding_box()
            assert chart is not None and chart["width"] <= PHONE[0] and chart["height"] > 100, chart  # scaled, kept
            viewport = page.locator('meta[name="viewport"]').get_attribute("content")
            assert viewport == "width=device-width, initial-scale=1", viewport  # main: none (980 px on a phone)
        finally:
            browser.close()
