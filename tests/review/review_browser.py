"""Driving Debian's chromium with Playwright (shared by the browser test and the screenshot script)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--disable-gpu", "--disable-quic", "--no-sandbox"]


@contextmanager
def chromium_page(width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A Playwright page in Debian's chromium (no browser download)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()


def log_in(page: Any, base: str, user: str, password: str) -> None:
    """Fill and submit the login form; ends on the queue."""
    page.goto(base + "/login")
    page.fill('input[name="username"]', user)
    page.fill('input[name="password"]', password)
    page.click('form.login button[type="submit"]')
    page.wait_for_url(base + "/")
