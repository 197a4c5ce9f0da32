"""`memeval serve`: an address no review page has is an HTML page naming the pages, not FastAPI's JSON (newuser27).

A new user who mistyped an address of the review pages (`/items/...` for `/item/...`, `/queue`) got
`{"detail":"Not Found"}` as JSON in the browser, and a form sent to a page that takes none
`{"detail":"Method Not Allowed"}`: words of the framework, naming neither what was asked for nor what
exists. Now such a request gets a page in the review pages' frame that names the path and the pages
there are (405 keeps its `Allow` header); the API's paths keep the API's error shape. A real
`memeval serve` process on 127.0.0.1, asked over HTTP.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import httpx
from line_reader import Lines
from live_server import announced_url
from patience import patient
from usage_line import set_up_memeval, spawn_memeval


def test_an_address_no_page_has_is_a_page_naming_the_pages(tmp_path: Path) -> None:
    env = {
        "MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'a.sqlite'}",
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "MEMEVAL_REVIEW_SECRET_FILE": str(tmp_path / "secret"),
    }
    made = set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr[-2000:]
    proc = spawn_memeval("serve", "--no-ingest", "--port", "0", cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    try:
        line = err.next(patient(120)) or "(nothing on stderr)"
        assert line.startswith("memeval review on http://127.0.0.1:"), line
        with httpx.Client(base_url=announced_url(line), timeout=patient(30)) as c:  # the port --port 0 took
            pages = {path: c.get(path) for path in ("/items/lesson/fernhill/les_07", "/queue", "/%3Cb%3Ex%3C/b%3E")}
            posted = c.post("/", data={"x": "1"})
            api = c.get("/api/v1/review/nope")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=patient(60))

    for path, r in pages.items():
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), (path, r.text[:300])
        assert '"detail"' not in r.text, r.text[:300]
        assert "There is no page at" in r.text and "/item/TYPE/TEAM/ID" in r.text and "/login" in r.text, r.text
        assert "memeval review" in r.text  # the pages' own frame
    assert "There is no page at /items/lesson/fernhill/les_07" in pages["/items/lesson/fernhill/les_07"].text
    hostile = pages["/%3Cb%3Ex%3C/b%3E"].text
    assert "&lt;b&gt;x&lt;/b&gt;" in hostile and "<b>x</b>" not in hostile, hostile  # the path is shown inert

    assert posted.status_code == 405 and posted.headers.get("allow") == "GET", (posted.status_code, posted.text[:300])
    assert posted.headers["content-type"].startswith("text/html") and '"detail"' not in posted.text, posted.text[:300]
    assert "POST / is not taken" in posted.text and "GET" in posted.text, posted.text

    assert api.status_code == 404 and api.json()["schema"] == "memeval.review-error/1", api.text[:300]
