"""Redaction in the HTTP server's threads is bounded: a planted slow text is stored blanked, the server answers on.

Real parts: `memeval audit serve` (uvicorn on 127.0.0.1, its hold and redaction guard processes)
over a SQLite store, httpx as the client. The planted text is one the redaction search found
(`bench/results/redos_redact_r14_kingfisher.txt`): a PEM header before a run of spaces, read by the
context rule `kingfisher-pem.1` in super-linear time (through the whole redactor, 2,000 spaces
5.0 CPU s, 4,000 31 s), with an e-mail address after it. (The first planted text, for
`kingfisher-azure.1`, is linear since redos14 rewrote that rule: a planted text lasts only until
its rule is fixed, so the one here is one the search still lists as slow.) On main the server's thread had no budget
(`MEMEVAL_REDACT_BUDGET_S` worked in the main thread only): the batch's answer waited for the whole
scan, and then the address was blanked and the rest stored as written.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from ingest_events import memory_event, post_events
from patience import patient
from procs import cpu_s
from served import Served, served
from test_hold_budget import _stored

ADDRESS = "jane.doe@corp-mail.example.org"
PLANTED = "-----BEGIN a PRIVATE KEYaa----- " + " " * 8_000 + "N\nmail " + ADDRESS + " today"
ORDINARY = f"Run the payment mock before the checkout tests; mail {ADDRESS} when it fails."
BUDGET_S = 1.0

pytestmark = pytest.mark.xdist_group("redact-guard-served")


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One `memeval audit serve` for the module: 1 CPU s of redaction a text."""
    with served(tmp_path_factory.mktemp("served"), {"MEMEVAL_REDACT_BUDGET_S": str(BUDGET_S)}) as running:
        yield running


def _stored_bytes(db: str) -> bytes:
    path = Path(db.removeprefix("sqlite:///"))
    return b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists())


def test_a_planted_slow_text_is_stored_blanked_within_the_budget_and_the_server_answers_on(srv: Served) -> None:
    """The planted batch is answered within a minute, its text `SCAN_INCOMPLETE`, the ordinary one as always.

    While it is read, the health check and a second batch from another client are answered too.
    On main (checked at 3cd87a7) the planted batch's client gave up after its 60 s (the server's
    thread read the text for minutes) and the second batch waited behind it.
    """
    guard = srv.redaction_guard_pid()
    before = cpu_s(guard)
    answers: dict[str, httpx.Response | BaseException] = {}

    def send(name: str, events: list[dict[str, object]]) -> None:
        try:
            answers[name] = post_events(srv.url, srv.token, events, patient(60))
        except httpx.HTTPError as exc:
            answers[name] = exc

    planted = threading.Thread(target=send, args=("planted", [memory_event(1, PLANTED), memory_event(2, ORDINARY)]))
    t0 = time.monotonic()
    planted.start()
    time.sleep(0.3)  # the planted batch is in hand
    health = httpx.get(f"{srv.url}/api/v1/health", timeout=patient(10))
    other = threading.Thread(target=send, args=("other", [memory_event(3, ORDINARY + " (again)")]))
    other.start()
    planted.join(patient(120))
    other.join(patient(120))
    took = time.monotonic() - t0
    assert health.status_code == 200
    for name in ("planted", "other"):
        r = answers.get(name)
        assert isinstance(r, httpx.Response), f"the {name} batch was not answered: {r!r}"
        assert r.status_code == 200, r.text
    assert answers["planted"].json()["stored"] >= 2  # type: ignore[union-attr]
    got = _stored(srv.db)
    assert got["ev1"]["text"] == "[REDACTED:SCAN_INCOMPLETE]"
    blanked = "Run the payment mock before the checkout tests; mail [REDACTED:EMAIL_ADDRESS] when it fails."
    assert got["ev2"]["text"] == blanked
    assert got["ev3"]["text"] == blanked.replace("fails.", "fails. (again)")
    assert ADDRESS.encode() not in _stored_bytes(srv.db)
    spent = cpu_s(guard) - before
    assert spent < 6 * BUDGET_S, f"the redaction guard used {spent:.1f} CPU s: past the batch's and the text's budgets"
    assert took < patient(60)


def test_ordinary_batches_are_redacted_in_the_guard_as_in_the_server(srv: Served) -> None:
    """An ordinary batch is redacted in the guard (on main: none), and stored as this process's redactor gives it."""
    from memeval.redact import get_redactor

    guard = srv.redaction_guard_pid()
    before = cpu_s(guard)
    texts = [
        "The image bucket is read with access key AKIAQWERTYUIOPASDFGH; call +44 20 7946 0958.",
        "Deploy with token ghp_" + "Ab3dEq9Zx2" * 3 + "Lm7Kp4 then ping ops@example.com.",
        "Nothing secret in this lesson: restart the staging worker after a deploy.",
        (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")[:8_000],  # ~0.1 CPU s
    ]
    r = post_events(srv.url, srv.token, [memory_event(10 + i, t) for i, t in enumerate(texts)], patient(120))
    assert r.status_code == 200, r.text
    assert cpu_s(guard) > before, "the guard read nothing: the server's thread redacted the batch"
    got = _stored(srv.db)
    want = get_redactor().redact_many(texts)
    assert [got[f"ev{10 + i}"]["text"] for i in range(len(texts))] == [w.text for w in want]
    assert "SCAN_INCOMPLETE" not in "".join(w.text for w in want)


def test_a_guard_that_died_blanks_its_request_and_the_next_request_gets_a_fresh_one() -> None:
    """A redaction guard killed with SIGKILL: its request's texts are blanked whole (`guard`), never returned raw.

    In this process, real spawned guard children; on main there is no guard (no `_redactguard`).
    """
    from memeval.audit import _redactguard
    from memeval.redact import get_redactor

    texts = [ORDINARY, "nothing to blank here"]
    _redactguard.warm_redaction_guard()
    dead = _redactguard._CHILD[0].proc.pid
    os.kill(dead, signal.SIGKILL)
    got: list[object] = []
    asker = threading.Thread(target=lambda: got.extend(_redactguard.redact_guarded("many", texts)))
    asker.start()
    asker.join(patient(120))
    assert [[(f.entity_type, f.start, f.end, f.detector) for f in fs] for fs in got] == [  # type: ignore[attr-defined]
        [("SCAN_INCOMPLETE", 0, len(t), "memeval:scan-incomplete:guard")] for t in texts
    ]
    assert not _redactguard._CHILD
    again: list[object] = []
    asker = threading.Thread(target=lambda: again.extend(_redactguard.redact_guarded("many", texts)))
    asker.start()
    asker.join(patient(120))
    assert again == get_redactor().detect_many(texts)  # a fresh guard: the findings this process gives
    assert _redactguard._CHILD and _redactguard._CHILD[0].proc.pid != dead
    with _redactguard._LOCK:
        for child in _redactguard._CHILD:
            child.kill()
        _redactguard._CHILD.clear()
