"""A text no scanner finished is blanked whole (`SCAN_INCOMPLETE`), never stored as written; the ingest goes on.

presidio, when a recognizer's regex runs past `REGEX_TIMEOUT_SECONDS`, logs and skips that
recognizer for the text and returns what the others found: on main an address or IP address
after a planted text was stored raw. presidio's own documented knob makes it fast here:
`REGEX_TIMEOUT_SECONDS=0` (the environment variable, read when presidio is imported: the CLI's
process; in this process the module constants it sets) times out every presidio pattern at once,
as a planted text does after 60 s. Real parts: a real `memeval audit ingest` process and a real
uvicorn ingest server on 127.0.0.1, over SQLite and PostgreSQL, whose stored bytes (database file
with its WAL, `pg_dump`) are searched for the secrets.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import betterleaks
import httpx
import pytest
from ingest_events import memory_event
from live_server import LiveServer
from patience import patient
from pg_fixture import PgServer, need_pg

from memeval.audit import SqlAuditStore, add_token, create_ingest_app
from memeval.audit._redactguard import stop_redaction_guard
from memeval.redact import _scanners, get_redactor

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = "jane.doe@corp-mail.example.org"
IP = "203.0.113.45"
PLANTED = "a." * 300 + "@ then write to " + ADDRESS + " or ssh to " + IP
ORDINARY = "Run the payment mock before the checkout tests; the mock listens on port 8181."
TOKEN = "ghp_" + "Ab3dEq9Zx2" * 3 + "Lm7Kp4"
SECRETS = (ADDRESS.encode(), IP.encode(), TOKEN.encode())


def _timeouts_at_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """What `REGEX_TIMEOUT_SECONDS=0` in the environment gives presidio's modules (read at their import)."""
    from presidio_analyzer import analyzer_engine, pattern_recognizer
    from presidio_analyzer.predefined_recognizers.generic import iban_recognizer

    monkeypatch.setenv("REGEX_TIMEOUT_SECONDS", "0")  # and any process spawned from here
    for module in (pattern_recognizer, iban_recognizer, analyzer_engine):
        monkeypatch.setattr(module, "REGEX_TIMEOUT_SECONDS", 0)
    stop_redaction_guard()  # a guard an earlier test of this worker started has presidio's usual timeout


@pytest.fixture(autouse=True)
def _no_guard_left() -> Iterator[None]:
    """No redaction guard started under this module's settings outlives its test (the next test's would be wrong)."""
    yield
    stop_redaction_guard()


def test_a_timed_out_recognizer_blanks_the_whole_text_and_only_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """On main: `['... write to jane.doe@... or ssh to 203.0.113.45', ...]` (presidio skipped, the rest kept)."""
    red = get_redactor()
    before = red.redact_many([ORDINARY, f"key {TOKEN} x"])
    _timeouts_at_zero(monkeypatch)
    got = red.redact_many([PLANTED, ORDINARY, f"key {TOKEN} x"])
    assert got[0].text == "[REDACTED:SCAN_INCOMPLETE]"
    (f,) = got[0].findings
    assert (f.entity_type, f.start, f.end) == ("SCAN_INCOMPLETE", 0, len(PLANTED))
    # the planted `a.a.a...` is a letter-spaced run too (redact21): its spaced reading times out as well,
    # and the merged finding may name that reading (`...presidio-timeout+spaced`)
    assert f.detector.split("+")[0] == "memeval:scan-incomplete:presidio-timeout", f.detector
    assert got[1:] == before  # texts presidio never read (no gate passed) are as before
    assert red.redact(PLANTED).text == "[REDACTED:SCAN_INCOMPLETE]"  # one text at a time too


def test_a_timeout_is_caught_even_with_presidio_logging_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """presidio reports a timeout only in a log record; without it the call's wall time tells (>= the timeout)."""
    _timeouts_at_zero(monkeypatch)
    logging.disable(logging.CRITICAL)
    try:
        got = get_redactor().redact(PLANTED)
    finally:
        logging.disable(logging.NOTSET)
    assert got.text == "[REDACTED:SCAN_INCOMPLETE]"


def test_a_scanner_that_raises_blanks_that_text_and_the_batch_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """betterleaks (the real library, made to fail on one text) raising: on main a `RedactionError` for the batch."""
    real = betterleaks.scan_string

    def failing(text: str, *args: object, **kwargs: object) -> object:
        if "BOOM" in text:
            raise betterleaks.BetterleaksError("scanner failed")
        return real(text, *args, **kwargs)

    red = get_redactor()
    before = red.redact_many([ORDINARY, f"mail {ADDRESS} today"])
    monkeypatch.setattr(betterleaks, "scan_string", failing)
    monkeypatch.setattr(_scanners, "_native", lambda: None)  # memeval's own call takes the library's public one
    got = red.redact_many([f"BOOM {TOKEN}", ORDINARY, f"mail {ADDRESS} today"])
    assert got[0].text == "[REDACTED:SCAN_INCOMPLETE]"
    assert got[0].findings[0].detector == "memeval:scan-incomplete:error:RedactionError"
    assert got[1:] == before


EVENTS = [memory_event(1, PLANTED), memory_event(2, ORDINARY), memory_event(3, f"the deploy key is {TOKEN} for now")]


def _db(backend: str, tmp_path: Path, pg: PgServer | None) -> str:
    return f"sqlite:///{tmp_path / 'a.sqlite'}" if backend == "sqlite" else need_pg(pg).new_database()


def _stored_bytes(db: str) -> bytes:
    """Every byte the store holds: the SQLite file with its WAL and journal, or PostgreSQL's `pg_dump`."""
    if db.startswith("sqlite:///"):
        base = Path(db.removeprefix("sqlite:///"))
        return b"".join(p.read_bytes() for p in base.parent.glob(base.name + "*"))
    parts = urlsplit(db.replace("postgresql+psycopg://", "postgresql://"))
    done = subprocess.run(
        ["pg_dump", "--no-owner", parts._replace(query="").geturl()],
        capture_output=True,
        check=True,
        timeout=patient(120),
    )
    return done.stdout


def _texts(db: str) -> dict[str, str]:
    store = SqlAuditStore(db, fingerprint_key=b"k" * 32)
    try:
        return {e.sender_event_id: getattr(e.payload, "text", e.type) for e in store.events("fernhill")}
    finally:
        store.engine.dispose()
        store._write_engine.dispose()


def _check(db: str) -> None:
    texts = _texts(db)
    assert texts["ev1"] == "[REDACTED:SCAN_INCOMPLETE]"
    assert texts["ev2"] == ORDINARY
    assert texts["ev3"] == "the deploy key is [REDACTED:GITHUB_TOKEN] for now"
    assert texts["ev1#blank.text.SCAN_INCOMPLETE"] == "secret.blanked"
    hay = _stored_bytes(db)
    assert [s for s in SECRETS if s in hay] == []


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_cli_ingest_stores_no_byte_of_what_a_timed_out_recognizer_missed(
    backend: str, tmp_path: Path, pg_server: PgServer | None
) -> None:
    """On main the ingest stores ev1 with the address and IP address as written (checked on b17519f)."""
    db = _db(backend, tmp_path, pg_server)
    f = tmp_path / "events.jsonl"
    f.write_text("\n".join(json.dumps(e) for e in EVENTS))
    r = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(f), "--db", db],
        env={**os.environ, "MEMEVAL_FINGERPRINT_KEY": "ab" * 32, "REGEX_TIMEOUT_SECONDS": "0"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=patient(300),
        check=False,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    _check(db)
    assert not [s for s in SECRETS if s.decode() in r.stdout + r.stderr]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_http_ingest_stores_no_byte_of_what_a_timed_out_recognizer_missed(
    backend: str, tmp_path: Path, pg_server: PgServer | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's threads redact in this process: presidio's constants at 0 there. On main ev1 is stored raw."""
    _timeouts_at_zero(monkeypatch)
    db = _db(backend, tmp_path, pg_server)
    store = SqlAuditStore(db, fingerprint_key=b"k" * 32)
    token = add_token(store, "fernhill", "memsys")
    try:
        with (
            LiveServer(create_ingest_app(store), lifespan="auto") as srv,
            httpx.Client(base_url=srv.url, timeout=patient(120)) as c,
        ):
            r = c.post(
                "/api/v1/events",
                content=json.dumps({"events": EVENTS}).encode(),
                headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            )
        assert r.status_code == 200, r.text
        assert not [s for s in SECRETS if s in r.content]
    finally:
        store.engine.dispose()
        store._write_engine.dispose()
    _check(db)


LONG = (ROOT / "memeval/redact/README.md").read_text(encoding="utf-8")[:60_000] + f"\nmail {ADDRESS} today"
"""An ordinary text of about 60 KiB (0.3-2.6 CPU s to redact, linear work) with an address at its end:
over the tests' 0.05 s budget, as a planted text is over the default 30 s."""


def test_a_text_over_the_cpu_budget_is_blanked_whole_and_the_others_are_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """On main there is no budget: the long text is read to its end, whatever it costs."""
    import signal

    red = get_redactor()
    before = red.redact_many([ORDINARY, f"mail {ADDRESS} today"])
    monkeypatch.setenv("MEMEVAL_REDACT_BUDGET_S", "0.05")
    got = red.redact_many([ORDINARY, LONG, f"mail {ADDRESS} today"])
    assert got[1].text == "[REDACTED:SCAN_INCOMPLETE]"
    assert got[1].findings[0].detector == "memeval:scan-incomplete:cpu-budget"
    assert [got[0], got[2]] == before
    assert red.redact(LONG).findings[0].detector == "memeval:scan-incomplete:cpu-budget"
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_cli_ingest_blanks_a_text_over_the_cpu_budget_and_stores_the_next(tmp_path: Path) -> None:
    """A real `memeval audit ingest` on SQLite: on main ev1 is stored read to its end (no budget)."""
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    f = tmp_path / "events.jsonl"
    f.write_text("\n".join(json.dumps(e) for e in [memory_event(1, LONG), memory_event(2, ORDINARY)]))
    r = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(f), "--db", db],
        env={**os.environ, "MEMEVAL_FINGERPRINT_KEY": "ab" * 32, "MEMEVAL_REDACT_BUDGET_S": "0.05"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=patient(300),
        check=False,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    texts = _texts(db)
    assert texts["ev1"] == "[REDACTED:SCAN_INCOMPLETE]" and texts["ev2"] == ORDINARY
    assert ADDRESS.encode() not in _stored_bytes(db)
    assert "ran past 0.05 CPU s" in r.stderr, r.stderr


BEARER = "eyJhbGciOiJIUzI1NiJ9Zq8Kx2Lm9Pw4Rt7Y"
PASSWORD = "Tr0ub4dor&3xQ"


def test_cli_ingest_of_planted_whitespace_runs_is_linear_and_blanks_the_secret_after(tmp_path: Path) -> None:
    """`scripts/redos_redact.py` found the context rules http-auth-header (three `\\s*` runs: cubic) and
    prose-password (four: quartic) stalling on a keyword before a long run of spaces; on main 2,000 spaces
    took over 20 CPU s, so this ingest (60,000) is killed at its 20 CPU s limit and stores nothing. Their
    whitespace runs are possessive now (the same matches: `scripts/redos_redact_compare.py`)."""
    events = [
        memory_event(1, "authorization:" + " " * 60_000 + "x\nAuthorization: Bearer " + BEARER),
        memory_event(2, "passphrase—" + " " * 60_000 + "-\nthe password is " + PASSWORD),
        memory_event(3, ORDINARY),
    ]
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    f = tmp_path / "events.jsonl"
    f.write_text("\n".join(json.dumps(e, ensure_ascii=False) for e in events))

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (20, 20))

    r = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(f), "--db", db],
        env={**os.environ, "MEMEVAL_FINGERPRINT_KEY": "ab" * 32},
        cwd=ROOT,
        capture_output=True,
        text=True,
        preexec_fn=limit,  # noqa: PLW1509 - one setrlimit call
        timeout=patient(300),
        check=False,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    texts = _texts(db)
    assert texts["ev1"].endswith("Authorization: Bearer [REDACTED:HTTP_AUTH]")
    assert texts["ev2"].endswith("the password is [REDACTED:PASSWORD]")
    assert texts["ev3"] == ORDINARY
    hay = _stored_bytes(db)
    assert BEARER.encode() not in hay and PASSWORD.encode() not in hay
