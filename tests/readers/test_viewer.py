"""`memeval view`: a real uvicorn server on 127.0.0.1 in a thread, read over HTTP."""

from __future__ import annotations

import html
from urllib.parse import quote

import httpx
from patience import patient
from readers_helpers import HOSTILE, Runs

from memeval.viewer import start_viewer


def test_overview_trial_pages_and_escaping(runs: Runs) -> None:
    run = runs.memory
    with start_viewer(run.path, port=0) as v:
        assert v.url.startswith("http://127.0.0.1:")
        r = httpx.get(v.url)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert "default-src 'none'" in r.headers["content-security-policy"]
        page = r.text
        assert 'class="verdict unresolved"' in page and 'id="ab-table"' in page
        assert "Really passed" in page and "0 of 2" in page and "2 of 2" in page
        for t in run.result.trials:
            assert f'href="/trial/{quote(t.trial_id)}"' in page

        tid = "add-numbers:baseline:1"
        trial = next(t for t in run.result.trials if t.trial_id == tid)
        r = httpx.get(v.url + "trial/" + quote(tid))
        assert r.status_code == 200
        page = r.text
        assert "<script>alert" not in page and "onerror=alert(1)>" not in page
        assert html.escape("<script>alert(pwned)</script>", quote=False) in page
        assert "Claim · what the agent said about its own work · never counted" in page
        verifier = run.path / "artifacts" / "sha256" / trial.checks[0].output.removeprefix("sha256:")
        out = verifier.read_text()
        assert "calc" in out  # the failing import, printed by the held-back test
        assert html.escape(out.strip().splitlines()[-1], quote=False) in page
        assert 'id="verifier-output"' in page and 'id="workspace-diff"' in page
        assert "No model call went through the meter (the agent ran with no network)" in page
        assert html.escape(HOSTILE.replace("'", ""), quote=False)[:40] in page  # stdout, escaped

        assert httpx.get(v.url + "trial/no-such-trial").status_code == 404
        assert httpx.get(v.url, headers={"Host": "attacker.example"}).status_code == 400
        report = httpx.get(v.url + "report")
        assert report.status_code == 200 and "Cost of a pass" in report.text


def test_the_server_stops_when_the_block_ends(runs: Runs) -> None:
    with start_viewer(runs.oracle.path, port=0) as v:
        url = v.url
        assert httpx.get(url).status_code == 200
    try:
        httpx.get(url, timeout=2)
    except httpx.ConnectError:
        return
    raise AssertionError("the viewer still answers after its block ended")


def test_view_command_serves_until_interrupted(runs: Runs) -> None:
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    memeval = Path(sys.executable).parent / "memeval"
    proc = subprocess.Popen(
        [str(memeval), "view", str(runs.memory.path), "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("memeval view: http://127.0.0.1:"), line + proc.stderr.read()  # type: ignore[union-attr]
        url = line.split()[2]
        assert 'class="verdict unresolved"' in httpx.get(url, timeout=patient(5)).text
        os.kill(proc.pid, signal.SIGINT)
        assert proc.wait(timeout=patient(10)) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
