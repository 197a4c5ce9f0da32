"""A bad `MEMEVAL_SMTP_` setting is a usage error naming the variable, never a traceback or a stuck report.

Found by a new user trying bad values on `memeval report send`: `MEMEVAL_SMTP_TIMEOUT_S=-1`
reached the socket and ended in a `ValueError` traceback (exit 1), and the delivery's claim stayed
`sending`, so every `report send` for the next ten minutes (the claim's lease) answered "busy:
another process is sending this report" though none was. `MEMEVAL_SMTP_PORT=abc` named no
variable ("a MEMEVAL_SMTP_ number does not parse"), and a port of 70000 was taken. Now each number
is checked (kind, finite, range) and the host is checked the way the resolver will read it, each
refusal naming the variable, its value and the range; an error in an attempt that is neither the
server's answer nor the link's gives the claim back and records the attempt as failed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

from memeval.auditreport import SmtpSettings, deliver, delivery_state, make_report
from memeval.errors import ReportError, UsageError

ROOT = Path(__file__).resolve().parents[2]
WEEK = "2026-W47"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PORT", "abc"),
        ("PORT", "70000"),
        ("PORT", "0"),
        ("TIMEOUT_S", "-1"),
        ("TIMEOUT_S", "nan"),
        ("BACKOFF_S", "-3"),
        ("BACKOFF_S", "inf"),
        ("ATTEMPTS", "0"),
        ("ATTEMPTS", "2.5"),
        ("HOST", "h" * 70),
        ("HOST", "smtp example.com"),
    ],
)
def test_each_bad_number_or_host_is_refused_naming_the_variable(name: str, value: str) -> None:
    env = {"MEMEVAL_SMTP_HOST": "127.0.0.1", f"MEMEVAL_SMTP_{name}": value}
    with pytest.raises(UsageError) as caught:
        SmtpSettings.from_env(env)
    said = str(caught.value)
    assert f"MEMEVAL_SMTP_{name}={value!r}" in said, said


def test_report_send_with_a_negative_timeout_says_so_and_leaves_nothing_claimed(store, tmp_path: Path) -> None:
    (tmp_path / "runs").mkdir()
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "reports", runs_dir=tmp_path / "runs")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "MEMEVAL_DB": store.url, "PYTHONPATH": str(ROOT),
           "MEMEVAL_FINGERPRINT_KEY": "ab" * 32, "MEMEVAL_REPORT_DIR": str(tmp_path / "reports"),
           "MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_SECURITY": "none",
           "MEMEVAL_SMTP_TIMEOUT_S": "-1"}  # fmt: skip
    r = subprocess.run(
        [sys.executable, "-m", "memeval", "report", "send", "--team", "fernhill", "--week", WEEK,
         "--runs", str(tmp_path / "runs"), "--to", "lead@fernhill.example"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=patient(120),
    )  # fmt: skip
    assert r.returncode == 2, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    assert r.stderr.strip() == (
        "error: MEMEVAL_SMTP_TIMEOUT_S='-1' (seconds to wait on the server) is out of range: use a number "
        "from 0.001 to 86400, or unset it for the default (30)"
    )
    assert delivery_state(store, made.record.idempotency_key) in (None, "pending")


def test_an_error_that_is_not_the_servers_gives_the_claim_back(store, smtp, tmp_path: Path) -> None:
    (tmp_path / "runs").mkdir()
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "reports", runs_dir=tmp_path / "runs")
    good = SmtpSettings.from_env(smtp.env())
    unencodable = good.model_copy(update={"host": "h" * 70})  # past from_env's check: the socket's UnicodeError
    with pytest.raises(ReportError, match="nothing reached the server and the report stays pending"):
        deliver(store, made, ["lead@fernhill.example"], unencodable, sleep=lambda s: None)
    key = made.record.idempotency_key
    assert delivery_state(store, key) == "pending"  # not `sending` for the lease: the next send is not "busy"
    outcome = deliver(store, made, ["lead@fernhill.example"], good, sleep=lambda s: None)
    assert outcome.status == "sent", outcome
    assert len(smtp.inbox.messages) == 1
    attempts = [e.payload for e in store.events("fernhill") if e.type == "report.delivery_attempted"]
    assert [(a.ok, "UnicodeError" in (a.error or "")) for a in attempts] == [(False, True), (True, False)]
