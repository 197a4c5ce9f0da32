"""E-mail against a real aiosmtpd server on 127.0.0.1: TLS, login, retries, once and only once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from shared_cache import shared_cache
from smtp_helpers import SMTP_PASSWORD, free_port, start_smtp
from typer.testing import CliRunner

from memeval.auditreport import SmtpSettings, deliver, delivery_state, make_report, message_id
from memeval.cli import app

WEEK = "2026-W47"
TO = ["lead@fernhill.example", "owner@fernhill.example"]


def _attempt_events(store):
    return [e for e in store.events("fernhill") if e.type == "report.delivery_attempted"]


@pytest.fixture
def made(store, tmp_path):
    (tmp_path / "runs").mkdir()  # `report send --runs` must name a folder that exists
    return make_report(store, "fernhill", WEEK, out_dir=tmp_path / "reports", runs_dir=tmp_path / "runs")


def test_starttls_login_delivers_the_pdf_once(store, made, smtp, caplog):
    settings = SmtpSettings.from_env(smtp.env())
    assert SMTP_PASSWORD not in repr(settings)
    out = deliver(store, made, TO, settings)
    assert (out.status, out.attempts) == ("sent", 1)
    assert smtp.inbox.logins == ["reports@fernhill.example"]
    [msg] = smtp.inbox.messages
    assert smtp.inbox.envelopes[0][1] == TO
    assert msg["Message-ID"] == message_id("fernhill/2026-W47/v1")
    assert msg["X-Memeval-Idempotency-Key"] == "fernhill/2026-W47/v1"
    parts = {p.get_content_type(): p for p in msg.walk()}
    assert parts["application/pdf"].get_payload(decode=True) == made.pdf.read_bytes()
    assert parts["application/pdf"].get_filename() == "fernhill-2026-W47-v1.pdf"
    assert "Sessions" in parts["text/plain"].get_payload(decode=True).decode()
    again = deliver(store, made, TO, settings)
    assert again.status == "already_sent" and len(smtp.inbox.messages) == 1
    [ev] = _attempt_events(store)
    assert ev.payload.ok and ev.payload.recipients == 2 and ev.payload.report_sha256 == made.record.pdf_sha256
    assert SMTP_PASSWORD not in caplog.text
    assert all(SMTP_PASSWORD not in e.model_dump_json() for e in store.events("fernhill"))


def test_implicit_tls(store, made, tls_files):
    srv = start_smtp(tls_files, mode="tls")
    try:
        out = deliver(store, made, TO[:1], SmtpSettings.from_env(srv.env()))
        assert out.status == "sent" and len(srv.inbox.messages) == 1
    finally:
        srv.stop()


def test_refused_login_is_retried_recorded_and_the_report_kept(store, made, tls_files):
    wrong = start_smtp(tls_files, password="another-password")
    waits: list[float] = []
    try:
        out = deliver(store, made, TO, SmtpSettings.from_env(wrong.env()), sleep=waits.append)
    finally:
        wrong.stop()
    assert (out.status, out.attempts) == ("failed", 3)
    assert waits == [0.05, 0.1]  # backoff doubles
    evs = _attempt_events(store)
    assert len(evs) == 3 and not any(e.payload.ok for e in evs)
    assert all("535" in (e.payload.error or "") for e in evs)
    assert all(SMTP_PASSWORD not in (e.payload.error or "") for e in evs)
    assert delivery_state(store, made.record.idempotency_key) == "pending"
    assert wrong.inbox.messages == [] and made.pdf.is_file()
    right = start_smtp(tls_files, port=wrong.port)
    try:
        assert deliver(store, made, TO, SmtpSettings.from_env(right.env())).status == "sent"
        assert len(right.inbox.messages) == 1
    finally:
        right.stop()
    assert [e.payload.ok for e in _attempt_events(store)] == [False, False, False, True]


def test_server_down_is_retried_then_sent_when_back(store, made, tls_files):
    port = free_port()
    settings = SmtpSettings.from_env({**_env_for(port), "MEMEVAL_SMTP_ATTEMPTS": "2"})
    out = deliver(store, made, TO, settings, sleep=lambda s: None)
    assert out.status == "failed" and "ConnectionRefusedError" in (out.error or "")
    assert len(_attempt_events(store)) == 2
    srv = start_smtp(tls_files, port=port)
    try:
        out = deliver(store, made, TO, SmtpSettings.from_env(srv.env()))
        assert out.status == "sent" and len(srv.inbox.messages) == 1
    finally:
        srv.stop()


def _env_for(port: int) -> dict[str, str]:
    return {"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_PORT": str(port), "MEMEVAL_SMTP_SECURITY": "starttls",
            "MEMEVAL_SMTP_BACKOFF_S": "0"}  # fmt: skip


def _send_proc(store, made, smtp, tmp_path) -> subprocess.Popen[str]:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        **shared_cache(),
        "MEMEVAL_DB": store.url,
        "MEMEVAL_FINGERPRINT_KEY": "ab" * 32,
        "MEMEVAL_REPORT_DIR": str(made.folder.parents[2]),
        **smtp.env(),
    }
    if os.environ.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return subprocess.Popen(
        [sys.executable, "-m", "memeval", "report", "send", "--team", "fernhill", "--week", WEEK,
         "--runs", str(tmp_path / "runs"), *[a for t in TO for a in ("--to", t)]],
        cwd=Path(__file__).resolve().parents[2], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


@pytest.mark.slow
def test_a_sender_killed_while_the_server_takes_the_message_never_sends_twice(store, made, smtp, tmp_path):
    smtp.inbox.data_delay_s = 2.0
    proc = _send_proc(store, made, smtp, tmp_path)
    assert smtp.inbox.in_data.wait(patient(60)), proc.communicate(timeout=patient(5))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=patient(10))
    assert len(smtp.inbox.messages) == 1  # the server took it although the sender never heard back
    assert delivery_state(store, made.record.idempotency_key) == "committing"
    smtp.inbox.data_delay_s = 0
    again = _send_proc(store, made, smtp, tmp_path)
    out, err = again.communicate(timeout=patient(120))
    assert again.returncode == 1 and "uncertain" in out, err
    assert len(smtp.inbox.messages) == 1
    assert delivery_state(store, made.record.idempotency_key) == "uncertain"
    [ev] = _attempt_events(store)
    assert not ev.payload.ok and "outcome unknown" in (ev.payload.error or "")
    assert SMTP_PASSWORD not in out + err


def test_cli_send_uses_the_subscription_and_never_prints_the_password(store, made, smtp, tmp_path):
    r = CliRunner().invoke(app, ["report", "subscribe", "--team", "fernhill", "--to", TO[0], "--db", store.url])
    assert r.exit_code == 0, r.output
    r = CliRunner(env={**smtp.env(), "MEMEVAL_REPORT_DIR": str(made.folder.parents[2])}).invoke(
        app, ["report", "send", "--team", "fernhill", "--week", WEEK, "--db", store.url, "--json"]
    )
    assert r.exit_code == 0, r.output
    assert '"status": "sent"' in r.output and SMTP_PASSWORD not in r.output
    assert '"schema": "memeval.report-send/1"' in r.output
    assert smtp.inbox.envelopes[0][1] == [TO[0]]


def test_missing_host_is_a_usage_error(store):
    """On a store with the team's events (an empty or missing store is said first, as the real cause)."""
    r = CliRunner(env={"MEMEVAL_SMTP_HOST": ""}).invoke(
        app, ["report", "send", "--team", "fernhill", "--db", store.url]
    )
    assert r.exit_code == 2 and "MEMEVAL_SMTP_HOST" in r.output
