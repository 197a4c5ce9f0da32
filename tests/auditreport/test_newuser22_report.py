"""What a new user met in the weekly report and its schedule (twenty-second new-user round), each with real parts.

- Report mail went out `From: memeval@127.0.0.1` with a relay on this machine (the default was `memeval@` and the
  SMTP server's name): now MEMEVAL_SMTP_USER when it is an address, else `memeval@` and this machine's name; a
  MEMEVAL_SMTP_FROM that is not one bare address is refused, naming the variable.
- `memeval schedule` stopped with "waiting for a running job to finish" when no job ran (or none was scheduled),
  exited 0 on ^C where `view` and `serve` exit 130, and logged WeasyPrint's layout steps ("Step 5 - Creating
  layout") among its own lines.
- `report weekly --preview` left a new `memeval-preview-*` folder in the system's temporary directory on every run.
- `report weekly --json` opened with `counts_sha256` (its keys sorted), not with `schema`.

Real aiosmtpd on 127.0.0.1, real `memeval` processes where the process matters (signals, the log).
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
from pathlib import Path

import pytest
from line_reader import Lines
from live_server import free_port
from patience import patient
from schedule_proc import end_schedule, start_schedule
from smtp_helpers import SMTP_USER, start_smtp
from typer.testing import CliRunner

from memeval.auditreport import SmtpSettings
from memeval.cli import app
from memeval.errors import UsageError

WEEK = "2026-W47"


def _send(store, tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    (tmp_path / "runs").mkdir(exist_ok=True)
    args = ["report", "send", "--team", "fernhill", "--week", WEEK, "--to", "lead@fernhill.example", "--db", store.url]
    r = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "r"), "--runs", str(tmp_path / "runs")])
    assert r.exit_code == 0, r.output


def test_report_mail_comes_from_the_login_or_this_machine_never_the_smtp_servers_address(
    store, tmp_path, tls_files, monkeypatch
):
    smtp = start_smtp(tls_files)  # STARTTLS with a login that is an address, as a provider's
    try:
        env = smtp.env()
        del env["MEMEVAL_SMTP_FROM"]
        _send(store, tmp_path, env, monkeypatch)
        (msg,) = smtp.inbox.messages
        assert msg["From"] == SMTP_USER and smtp.inbox.envelopes[0][0] == SMTP_USER
    finally:
        smtp.stop()
    plain = {"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_SECURITY": "none"}
    assert SmtpSettings.from_env(plain).sender == f"memeval@{socket.getfqdn()}" != "memeval@127.0.0.1"
    login = {**plain, "MEMEVAL_SMTP_USER": "reporter"}  # a login that is no address: this machine's name
    assert SmtpSettings.from_env(login).sender == f"memeval@{socket.getfqdn()}"
    chosen = {**login, "MEMEVAL_SMTP_FROM": "reports@fernhill.example"}
    assert SmtpSettings.from_env(chosen).sender == "reports@fernhill.example"


@pytest.mark.parametrize("bad", ["Reports <reports@fernhill.example>", "reports", "a@b.example, c@d.example"])
def test_a_from_that_is_not_one_bare_address_is_refused_naming_the_variable(bad: str) -> None:
    with pytest.raises(UsageError, match="MEMEVAL_SMTP_FROM=.* is not one bare e-mail address"):
        SmtpSettings.from_env({"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_FROM": bad})


def _schedule(store, tmp_path: Path, smtp_env: dict[str, str]) -> tuple[subprocess.Popen[str], Lines, list[str]]:
    """`memeval schedule` started, and its stderr lines up to the one saying it runs."""
    env = {"MEMEVAL_DB": store.url, "XDG_CACHE_HOME": str(tmp_path / "cache"), **smtp_env}
    return start_schedule("--out", str(tmp_path / "r"), "--runs", str(tmp_path), cwd=tmp_path, env=env)


def _stopped(proc: subprocess.Popen[str], err: Lines, seen: list[str], sig: int) -> tuple[int, str]:
    proc.send_signal(sig)
    code = proc.wait(timeout=patient(60))
    while (line := err.next(patient(5))) is not None:
        seen.append(line)
    return code, "\n".join(seen)


def test_schedule_with_nothing_subscribed_says_so_and_stops_without_a_job_to_wait_for(store, tmp_path):
    smtp_env = {"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_PORT": str(free_port()),
                "MEMEVAL_SMTP_SECURITY": "none", "MEMEVAL_SMTP_FROM": "reports@fernhill.example"}  # fmt: skip
    proc, err, seen = _schedule(store, tmp_path, smtp_env)
    code, text = _stopped(proc, err, seen, signal.SIGINT)
    assert code == 130, text  # ^C is an interruption, as for `memeval view` and `serve`
    assert "nothing subscribed yet" in text and "memeval report subscribe" in text, text
    assert "mail goes from reports@fernhill.example through 127.0.0.1" in text, text
    assert "stopping (^C): no job running" in text and "waiting for a running job" not in text, text
    proc, err, seen = _schedule(store, tmp_path, smtp_env)
    code, text = _stopped(proc, err, seen, signal.SIGTERM)
    assert code == 0 and "stopping (SIGTERM): no job running" in text, text


def test_schedule_sends_what_is_due_without_weasyprints_layout_steps_in_its_log(store, tmp_path, tls_files):
    smtp = start_smtp(tls_files)
    try:
        r = CliRunner().invoke(app, ["report", "subscribe", "--team", "fernhill", "--to", "lead@fernhill.example",
                                     "--since", WEEK, "--db", store.url])  # fmt: skip
        assert r.exit_code == 0, r.output
        proc, err, seen = _schedule(store, tmp_path, smtp.env())
        try:
            while not any(f"fernhill {WEEK} v1: sent" in line for line in seen):
                line = err.next(patient(120))
                assert line is not None, (proc.poll(), seen)
                seen.append(line)
        except AssertionError:
            end_schedule(proc)
            raise
        code, text = _stopped(proc, err, seen, signal.SIGTERM)
    finally:
        smtp.stop()
    assert code == 0, text
    assert smtp.inbox.messages and "weasyprint" not in text.casefold() and "Creating layout" not in text, text


def test_a_preview_goes_to_the_weeks_own_folder_replaced_each_time_never_a_new_temporary_one(
    store, tmp_path, monkeypatch
):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp))
    monkeypatch.setattr("tempfile.tempdir", None)  # read TMPDIR again, as a fresh process would
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "runs").mkdir()
    shown = []
    for _ in range(2):
        r = CliRunner().invoke(app, ["report", "weekly", "--team", "fernhill", "--week", "2099-W01", "--preview",
                                     "--db", store.url, "--runs", str(tmp_path / "runs"), "--json"])  # fmt: skip
        assert r.exit_code == 0, r.output
        shown.append(json.loads(r.stdout))
    assert shown[0] == shown[1], shown
    folder = Path(shown[0]["preview"])
    assert folder == tmp_path / "cache" / "memeval" / "previews" / "fernhill-2099-W01", folder
    assert sorted(p.name for p in folder.iterdir()) == ["body.txt", "report.html", "report.pdf"]
    assert sorted(p.name for p in folder.parent.iterdir()) == ["fernhill-2099-W01"]  # no staging folder left
    assert list(tmp.iterdir()) == [], list(tmp.iterdir())
    assert store.reads.generated_reports("fernhill") == []  # nothing recorded


def test_report_json_documents_open_with_their_schema(store, tmp_path):
    (tmp_path / "runs").mkdir()
    common = ["--team", "fernhill", "--week", WEEK, "--db", store.url, "--json"]
    r = CliRunner().invoke(
        app, ["report", "weekly", *common, "--out", str(tmp_path / "r"), "--runs", str(tmp_path / "runs")]
    )
    assert r.exit_code == 0, r.output
    assert list(json.loads(r.stdout))[:2] == ["schema", "schema_version"], r.stdout[:300]
    r = CliRunner().invoke(app, ["report", "verify", *common])
    assert r.exit_code == 0, r.output
    assert list(json.loads(r.stdout))[:2] == ["schema", "schema_version"], r.stdout[:300]
