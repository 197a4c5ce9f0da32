"""A report recipient is one bare e-mail address, refused otherwise before anything is sent (breaker 14).

`report subscribe` checked only that each address had an `@`, and `report send --to` nothing: an
address with a line break (`ops@x\\r\\nBcc: ...`, a pasted line) was stored and every later send
ended in the e-mail library's ValueError (a header may hold no line break), a traceback each week;
an entry holding two addresses (`lead@x, other@y`) or a display name was written into the To
header as given while the server was asked to deliver to the first address alone, and recorded
as sent to the whole string.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from smtp_helpers import SmtpServer
from typer.testing import CliRunner

from memeval.auditreport import SmtpSettings, deliver, delivery_state, make_report, subscriptions
from memeval.cli import app
from memeval.errors import UsageError

WEEK = "2026-W47"
BAD = [
    "ops@fernhill.example\r\nBcc: spy@evil.example",
    "ops@fernhill.example\n",
    "lead@fernhill.example, spy@evil.example",
    "Lead <lead@fernhill.example>",
    "lead@fernh\u00efll.example",
    "lead fernhill.example",
]


@pytest.mark.parametrize("bad", BAD)
def test_subscribe_refuses_what_is_not_one_bare_address(store, bad: str) -> None:
    r = CliRunner().invoke(app, ["report", "subscribe", "--team", "fernhill", "--to", "lead@fernhill.example",
                                 "--to", bad, "--db", store.url])  # fmt: skip
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 2, r.output
    assert "is not one bare e-mail address" in r.output, r.output
    assert subscriptions(store) == []


@pytest.mark.parametrize("bad", BAD[0::2])
def test_send_refuses_it_and_nothing_reaches_the_server(store, smtp: SmtpServer, tmp_path: Path, bad: str) -> None:
    env = {**smtp.env(), "MEMEVAL_REPORT_DIR": str(tmp_path / "reports")}
    (tmp_path / "runs").mkdir()
    r = CliRunner(env=env).invoke(app, ["report", "send", "--team", "fernhill", "--week", WEEK, "--to", bad,
                                        "--runs", str(tmp_path / "runs"), "--db", store.url])  # fmt: skip
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 2 and "is not one bare e-mail address" in r.output, r.output
    assert smtp.inbox.messages == [] and smtp.inbox.envelopes == []


def test_deliver_refuses_it_before_recording_anything(store, smtp: SmtpServer, tmp_path: Path) -> None:
    """A subscription stored before the check (the scheduler's path) is refused by `deliver` itself."""
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path / "runs")
    with pytest.raises(UsageError, match="is not one bare e-mail address"):
        deliver(store, made, ["lead@fernhill.example", BAD[0]], SmtpSettings.from_env(smtp.env()))
    assert delivery_state(store, made.record.idempotency_key) is None
    assert smtp.inbox.messages == []
