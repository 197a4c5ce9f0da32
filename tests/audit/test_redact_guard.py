"""Redaction in the HTTP server's threads is bounded: a planted slow text is stored blanked, the server answers on.

Real parts: `memeval audit serve` (uvicorn on 127.0.0.1, its hold and redaction guard processes)
over a SQLite store, httpx as the client. The slow text is a long one under a tiny budget: 40,000
characters of phone numbers and e-mail addresses (about 0.3 CPU s through the whole redactor)
against 0.1 CPU s a text. (The texts planted here before were read by rules in super-linear time,
`kingfisher-azure.1`, then `kingfisher-pem.1`; both are linear since redos14 and redos15 rewrote
them, so the slow text no longer depends on a rule still being slow.) On main before the guard
the server's thread had no budget (`MEMEVAL_REDACT_BUDGET_S` worked in the main thread only): the
batch's answer waited for the whole scan, and then the address was blanked and the rest stored
as written.

A request's texts share one bound too (`MEMEVAL_REDACT_REQUEST_BUDGET_S`, redos15): on 3a35aec a
batch of N slow texts cost the guard N budgets, and a guard that failed blanked every text of its
request; now the texts past the bound are blanked with a finding naming it and counted in the
answer, and after a guard failure the texts are redone one by one.
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


def _slow(k: int) -> str:
    """40,000 characters of phone numbers and addresses, none in another `k`'s (the scanners' caches do not help)."""
    return " ".join(f"call +44 20 7{k:03d} {i:04d} or mail u{k}x{i}@corp-mail.example.org" for i in range(900))[:40_000]


SLOW = _slow(0)
PLANTED = SLOW + "\nmail " + ADDRESS + " today"
ORDINARY = f"Run the payment mock before the checkout tests; mail {ADDRESS} when it fails."
BUDGET_S = 0.1
REQUEST_S = 0.45
"""The bound of one request's redaction: the first test's batch (its try as a batch, the slow text
alone, the ordinary one) uses about 0.2 s of it."""

pytestmark = pytest.mark.xdist_group("redact-guard-served")


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One `memeval audit serve` for the module: 0.1 CPU s of redaction a text, 0.45 a request."""
    env = {"MEMEVAL_REDACT_BUDGET_S": str(BUDGET_S), "MEMEVAL_REDACT_REQUEST_BUDGET_S": str(REQUEST_S)}
    with served(tmp_path_factory.mktemp("served"), env) as running:
        yield running


def _stored_bytes(db: str) -> bytes:
    path = Path(db.removeprefix("sqlite:///"))
    return b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists())


def _detectors(db: str) -> dict[str, set[str]]:
    """sender_event_id -> the detectors of its stored `secret.blanked` events."""
    from memeval.audit import SqlAuditStore

    store = SqlAuditStore(db, fingerprint_key=b"k" * 32)
    try:
        out: dict[str, set[str]] = {}
        for e in store.events("fernhill"):
            if e.type == "secret.blanked":
                out.setdefault(e.payload.of_event, set()).add(e.payload.detector)  # type: ignore[union-attr]
        return out
    finally:
        store.engine.dispose()
        store._write_engine.dispose()


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


def test_a_batch_of_slow_texts_costs_the_guard_one_request_bound_and_the_answer_counts_the_rest(srv: Served) -> None:
    """Twelve slow texts in one batch: the guard stops at the request's bound, not after twelve budgets.

    The texts read past `MEMEVAL_REDACT_REQUEST_BUDGET_S` are stored `SCAN_INCOMPLETE` with a
    finding naming the bound (`memeval:scan-incomplete:request-budget`), the others over the text's
    budget with `cpu-budget`, none as written; the answer's `blanked_on_budget` counts the first kind.
    On 3a35aec there was no such bound and no count (the guard used 1.22 CPU s for these twelve, load 16;
    0.46 s now, 9 of them past the bound).
    """
    guard = srv.redaction_guard_pid()
    before = cpu_s(guard)
    events = [memory_event(100 + i, _slow(100 + i) + "\nmail " + ADDRESS) for i in range(12)]
    r = post_events(srv.url, srv.token, events, patient(120))
    spent = cpu_s(guard) - before
    assert r.status_code == 200, r.text
    body = r.json()
    got = _stored(srv.db)
    texts = {i: str(got.get(f"ev{100 + i}", {}).get("text"))[:60] for i in range(12)}
    assert all(t == "[REDACTED:SCAN_INCOMPLETE]" for t in texts.values()), (texts, body)
    detectors = _detectors(srv.db)
    past = [i for i in range(12) if "memeval:scan-incomplete:request-budget" in detectors.get(f"ev{100 + i}", set())]
    assert len(past) >= 12 - int(REQUEST_S / BUDGET_S), detectors
    assert body["blanked_on_budget"] == len(past), body
    assert ADDRESS.encode() not in _stored_bytes(srv.db)
    assert spent < REQUEST_S + 4 * BUDGET_S, f"the guard used {spent:.2f} CPU s, past the request's bound"


def test_a_guard_that_fails_redoes_its_texts_one_by_one_and_blanks_only_the_one_that_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A batch whose guard does not answer in time: each text is redone alone; only the slow one is blanked.

    In this process, real spawned guard children, 1.5 s of wall time for the batch and for the redo
    (the backstop made small), a budget large enough that a 2 MB text of numbers outlasts it. On
    3a35aec both texts were blanked whole (`guard`): a guard failure blanked its whole request.
    """
    from memeval.audit import _redactguard
    from memeval.redact import get_redactor

    _redactguard.stop_redaction_guard()
    monkeypatch.setenv("MEMEVAL_REDACT_BUDGET_S", "600")  # read by the spawned children
    monkeypatch.setattr(_redactguard, "BACKSTOP_S", 1.5)
    monkeypatch.setattr(_redactguard, "BACKSTOP_PER_BUDGET", 0.0)
    slow = SLOW * 50  # about 15 CPU s through the redactor
    try:
        _redactguard.warm_redaction_guard()
        got: list[object] = []
        asker = threading.Thread(target=lambda: got.extend(_redactguard.redact_guarded("many", [ORDINARY, slow])))
        asker.start()
        asker.join(patient(240))
        assert not asker.is_alive()
        found = [[(f.entity_type, f.start, f.end, f.detector) for f in fs] for fs in got]  # type: ignore[attr-defined]
        assert got[0] == get_redactor().detect_many([ORDINARY])[0]
        assert found[1] == [("SCAN_INCOMPLETE", 0, len(slow), "memeval:scan-incomplete:guard")]
    finally:
        _redactguard.stop_redaction_guard()


@pytest.mark.slow  # 13 CPU s in census47's whole run (two guards' engines built)
def test_a_guard_that_died_is_replaced_and_its_request_redone() -> None:
    """A redaction guard killed with SIGKILL while idle: the next request's texts are redone in a fresh one.

    In this process, real spawned guard children. On 3a35aec the request's texts were blanked whole
    (`guard`) although none of them had failed.
    """
    from memeval.audit import _redactguard
    from memeval.redact import get_redactor

    _redactguard.stop_redaction_guard()
    texts = [ORDINARY, "nothing to blank here"]
    _redactguard.warm_redaction_guard()
    dead = _redactguard._CHILD[0].proc.pid
    os.kill(dead, signal.SIGKILL)
    got: list[object] = []
    asker = threading.Thread(target=lambda: got.extend(_redactguard.redact_guarded("many", texts)))
    asker.start()
    asker.join(patient(120))
    assert got == get_redactor().detect_many(texts)  # redone in a fresh guard: the findings this process gives
    assert _redactguard._CHILD and _redactguard._CHILD[0].proc.pid != dead
    _redactguard.stop_redaction_guard()
