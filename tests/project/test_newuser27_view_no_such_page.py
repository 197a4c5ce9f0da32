"""`memeval view`: an address no viewer page has is a page naming the pages, not a bare "Not Found" (newuser27).

The viewer answered a mistyped address (`/trials/...` for `/trial/...`, `/run`) with Starlette's
plain-text `Not Found`, and a form post with `Method Not Allowed`: nothing named what exists. Now such
a request gets a page in the viewer's own frame naming the path (escaped) and the pages (the overview,
`/trial/TRIAL_ID`, `/report`); 405 keeps its `Allow` header. A real `memeval view` process on a
recorded run, asked over HTTP on 127.0.0.1.
"""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import httpx
from live_server import announced_url
from patience import patient
from usage_line import REPO, spawn_memeval


def test_an_address_no_viewer_page_has_is_a_page_naming_the_pages(tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(REPO / "tests" / "fixtures" / "runlog_v1" / "oracle-mini", run)
    proc = spawn_memeval("view", str(run), "--no-browser", "--port", "0", cwd=tmp_path)
    assert proc.stdout is not None
    try:
        line = proc.stdout.readline()
        assert "memeval view: http://127.0.0.1:" in line, line
        with httpx.Client(base_url=announced_url(line), timeout=patient(30)) as c:
            pages = {path: c.get(path) for path in ("/trials/x", "/run", "/%3Cb%3Ex%3C/b%3E")}
            posted = c.post("/", data={"x": "1"})
            overview = c.get("/")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.communicate(timeout=patient(30))

    assert overview.status_code == 200
    for path, r in pages.items():
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), (path, r.text[:300])
        text = " ".join(r.text.split())
        assert "There is no page at" in text and "/trial/TRIAL_ID" in text and 'href="/report"' in text, text
        assert "memeval view" in text  # the viewer's own frame
    assert 'There is no page at <span class="mono">/trials/x</span>' in pages["/trials/x"].text
    hostile = pages["/%3Cb%3Ex%3C/b%3E"].text
    assert "&lt;b&gt;x&lt;/b&gt;" in hostile and "<b>x</b>" not in hostile, hostile

    assert posted.status_code == 405 and "GET" in posted.headers.get("allow", ""), (posted.status_code, posted.text)
    assert posted.headers["content-type"].startswith("text/html") and "POST /" in posted.text, posted.text[:300]
