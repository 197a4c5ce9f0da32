"""The viewer over real HTTP (uvicorn on 127.0.0.1): every page, hostile paths, a run that changes.

The viewer reads a run an agent wrote: trial ids in URLs, artifact bytes and the log itself are
treated as hostile. Every answer must be a page (200 or 404), never a server error, and must carry
the security headers.
"""

from __future__ import annotations

import fcntl
import html
import json
import shutil
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from readers_helpers import HOSTILE, Runs

from memeval.eventlog import RunEnded, RunLog
from memeval.formatting import cell_text
from memeval.viewer import start_viewer

HEADERS = ("content-security-policy", "x-content-type-options")


def _headers_ok(r: httpx.Response) -> None:
    for h in HEADERS:
        assert h in r.headers, (h, dict(r.headers))
    assert "default-src 'none'" in r.headers["content-security-policy"]


def test_every_page_of_every_run_is_served_escaped(runs: Runs) -> None:
    for run in (runs.memory, runs.cold, runs.oracle):
        with start_viewer(run.path, port=0) as v, httpx.Client(base_url=v.url) as c:
            r = c.get("/")
            assert r.status_code == 200
            _headers_ok(r)
            assert html.escape(run.result.run_id) in r.text
            for row in run.result.table:
                assert html.escape(cell_text(row.cell("baseline")), quote=False) in r.text
                assert html.escape(cell_text(row.cell("pack")), quote=False) in r.text
            for t in run.result.trials:
                page = c.get("/trial/" + quote(t.trial_id))
                assert page.status_code == 200, t.trial_id
                _headers_ok(page)
                assert html.escape(t.trial_id) in page.text
                assert "<script>alert" not in page.text
            rep = c.get("/report")
            assert rep.status_code == 200 and "<script" not in rep.text


@pytest.mark.parametrize(
    "path",
    [
        "/trial/../../etc/passwd",
        "/trial/%2e%2e/%2e%2e/etc/passwd",
        "/trial/" + quote(HOSTILE),
        "/trial/" + "x" * 5000,
        "/trial/greet%00:pack:1",
        "/trial/%F0%9F%92%A5",
    ],
)
def test_hostile_trial_paths_are_a_404_page_never_a_file_or_an_error(runs: Runs, path: str) -> None:
    with start_viewer(runs.memory.path, port=0) as v:
        r = httpx.get(v.url.rstrip("/") + path)
    assert r.status_code == 404, (path, r.status_code)
    _headers_ok(r)
    assert "root:" not in r.text  # no file of the host
    assert "<script>alert" not in r.text and "onerror=alert(1)>" not in r.text


def test_only_loopback_hosts_and_reading_methods_are_served(runs: Runs) -> None:
    with start_viewer(runs.oracle.path, port=0) as v, httpx.Client(base_url=v.url) as c:
        port = v.url.rsplit(":", 1)[1].strip("/")
        assert c.get("/", headers={"Host": f"localhost:{port}"}).status_code == 200
        assert c.get("/", headers={"Host": f"127.0.0.1:{port}"}).status_code == 200
        for host in ("attacker.example", f"127.0.0.1.attacker.example:{port}", "[::1]"):
            assert c.get("/", headers={"Host": host}).status_code == 400, host
        assert c.post("/").status_code == 405
        assert c.request("DELETE", "/report").status_code == 405
        assert c.get("/no-such-page").status_code == 404


def test_a_run_still_going_is_shown_as_it_grows(runs: Runs, tmp_path: Path) -> None:
    run = Path(shutil.copytree(runs.memory.path, tmp_path / runs.memory.path.name))
    shutil.rmtree(run / ".cache", ignore_errors=True)
    log = run / "events.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    assert json.loads(lines[-1])["event"] == "run.ended"
    log.write_bytes(b"".join(lines[:-1]))
    # still going: a memeval process holds the run's lock (without one, the run reads `interrupted`)
    with (run / ".lock").open("a") as lock, start_viewer(run, port=0) as v:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        first = httpx.get(v.url).text
        assert "running" in first
        RunLog(run).append(RunEnded(status="cancelled", message="stopped by hand"))
        second = httpx.get(v.url).text
    assert "cancelled" in second and "running" not in second.split("</h1>")[0]


def test_an_altered_artifact_is_named_on_the_page_not_an_error(runs: Runs, tmp_path: Path) -> None:
    run = Path(shutil.copytree(runs.memory.path, tmp_path / runs.memory.path.name))
    trial = runs.memory.result.trials[0]
    assert trial.checks and trial.checks[0].output
    (run / "artifacts" / "sha256" / trial.checks[0].output.removeprefix("sha256:")).write_bytes(b"forged")
    with start_viewer(run, port=0) as v:
        r = httpx.get(v.url + "trial/" + quote(trial.trial_id))
    assert r.status_code == 200
    assert "forged" not in r.text
    assert "changed" in r.text


def test_a_broken_log_is_a_server_error_page_not_a_traceback(runs: Runs, tmp_path: Path) -> None:
    run = Path(shutil.copytree(runs.oracle.path, tmp_path / runs.oracle.path.name))
    shutil.rmtree(run / ".cache", ignore_errors=True)
    log = run / "events.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    lines[2] = b'{"event":"no.such.event","seq":2}\n'
    log.write_bytes(b"".join(lines))
    with start_viewer(run, port=0) as v:
        r = httpx.get(v.url)
    assert r.status_code == 500
    assert "Traceback" not in r.text and 'File "' not in r.text


def test_the_viewers_report_is_the_report_and_its_overview_links_every_trial_once(runs: Runs) -> None:
    from memeval.results import load_run
    from memeval.runreport import build_context, render_html

    for run in (runs.memory, runs.oracle):
        with start_viewer(run.path, port=0) as v, httpx.Client(base_url=v.url) as c:
            assert c.get("/report").text == render_html(build_context(load_run(run.path)))
            page = c.get("/").text
        for t in run.result.trials:
            assert page.count(f'href="/trial/{quote(t.trial_id)}"') == 1, t.trial_id
        assert page.count('href="/trial/') == len(run.result.trials)
