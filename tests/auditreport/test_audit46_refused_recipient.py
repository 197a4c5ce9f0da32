"""A mail server that refuses a recipient for good: the others get the report, and nobody is retried for ever (audit46).

One mistyped address in a subscription (`nosuch@...`, answered `550 5.1.1 no such mailbox` at RCPT) made the
whole delivery fail: nobody got the week's report, each run tried all four attempts again, and the scheduler
retried every half hour for good, adding a failed `report.delivery_attempted` to the append-only audit log each
time. Now a recipient refused for good is left out and recorded `refused` (never tried again without
`--force`), the others get the message, and the answer names the address and the fix; when every recipient is
refused for good the delivery fails once and the scheduler stops. A refusal for now (4xx) is still retried.

Real store (the sample week), real SMTP (aiosmtpd on 127.0.0.1, plain), the scheduler's real catch-up.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from live_server import free_port

from memeval.audit import SqlAuditStore
from memeval.auditreport import SmtpSettings, catch_up, deliver, make_report, subscribe
from memeval.auditreport._delivery import reached

WEEK = "2026-W47"
LEAD = "lead@fernhill.example"
TYPO = "nosuch@fernhill.example"
DUE = datetime(2026, 11, 23, 9, tzinfo=UTC)  # Monday after the week, past the subscription's 08:00


class Refusing:
    """Accepts every recipient but those in `gone` (550) and those in `later` (450); keeps each message."""

    def __init__(self, gone: set[str], later: set[str] | None = None) -> None:
        self.gone, self.later = gone, later or set()
        self.envelopes: list[list[str]] = []

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: list[str]) -> str:
        """aiosmtpd's RCPT hook."""
        if address in self.gone:
            return "550 5.1.1 no such mailbox here"
        if address in self.later:
            return "450 4.2.1 mailbox busy, try later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """aiosmtpd's DATA hook: keep who the message went to."""
        self.envelopes.append(list(envelope.rcpt_tos))
        return "250 OK"


@pytest.fixture
def serve() -> Iterator[Any]:
    """`serve(handler)` starts a server on 127.0.0.1 for the test and returns its settings."""
    started: list[Controller] = []

    def start(handler: Refusing) -> SmtpSettings:
        c = Controller(handler, hostname="127.0.0.1", port=free_port())
        c.start()
        started.append(c)
        return SmtpSettings(host="127.0.0.1", port=c.port, security="none", sender="memeval@fernhill.example",
                            attempts=3, backoff_s=0)  # fmt: skip

    yield start
    for c in started:
        c.stop()


def _attempts(store: SqlAuditStore) -> list[Any]:
    return [e.payload for e in store.events("fernhill") if e.type == "report.delivery_attempted"]


def test_one_mistyped_address_does_not_keep_the_report_from_the_others(
    store: SqlAuditStore, tmp_path: Path, serve: Any
) -> None:
    server = Refusing({TYPO})
    settings = serve(server)
    (tmp_path / "runs").mkdir()
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path / "runs")
    out = deliver(store, made, [LEAD, TYPO], settings)
    assert out.status == "sent", out  # main: 'failed' after 3 attempts, nobody got it
    assert server.envelopes == [[LEAD]]
    assert out.recipients == (LEAD,)
    assert out.error is not None and TYPO in out.error and "--force" in out.error and "subscribe" in out.error
    assert reached(store, made.record.idempotency_key) == {LEAD: "sent", TYPO: "refused"}
    [ev] = _attempts(store)
    assert ev.ok and ev.recipients == 1 and ev.error == "1 of 2 recipients refused for good (550)"
    assert TYPO not in (ev.error or "")  # no address in the append-only log
    again = deliver(store, made, [LEAD, TYPO], settings)
    assert again.status == "failed" and TYPO in (again.error or "") and "earlier" in (again.error or "")
    assert server.envelopes == [[LEAD]] and len(_attempts(store)) == 1  # nothing sent or tried again
    forced = deliver(store, made, [TYPO], settings, force=True)  # asked for by name: tried again
    assert forced.status == "failed" and len(_attempts(store)) == 2


def test_the_scheduler_sends_to_the_others_and_does_not_retry_a_refused_address_for_ever(
    store: SqlAuditStore, tmp_path: Path, serve: Any
) -> None:
    server = Refusing({TYPO})
    settings = serve(server)
    sub = subscribe(store, "fernhill", [LEAD, TYPO], since_week=WEEK)
    kw = {"out_dir": tmp_path / "r", "runs_dir": tmp_path}
    first = catch_up(store, sub, settings, now=DUE, **kw)
    assert [(w, o.status) for w, o in first] == [(WEEK, "sent")], first  # main: 'failed', a retry scheduled
    later = catch_up(store, sub, settings, now=DUE.replace(hour=10), **kw)
    assert later == []  # main: tried the week again (and every half hour after)
    assert server.envelopes == [[LEAD]] and len(_attempts(store)) == 1


def test_every_recipient_refused_for_good_fails_once_and_is_not_retried(
    store: SqlAuditStore, tmp_path: Path, serve: Any
) -> None:
    server = Refusing({TYPO})
    settings = serve(server)
    sub = subscribe(store, "fernhill", [TYPO], since_week=WEEK)
    kw = {"out_dir": tmp_path / "r", "runs_dir": tmp_path}
    [(week, out)] = catch_up(store, sub, settings, now=DUE, **kw)
    assert out.status == "failed" and TYPO in (out.error or "") and out.attempts == 1  # main: 3 attempts
    assert catch_up(store, sub, settings, now=DUE.replace(hour=10), **kw) == []  # main: the week again
    assert server.envelopes == [] and len(_attempts(store)) == 1


def test_a_recipient_refused_for_now_is_still_tried_again(store: SqlAuditStore, tmp_path: Path, serve: Any) -> None:
    """A 4xx at RCPT is temporary: the delivery fails as before and the next run tries every recipient again."""
    server = Refusing(set(), later={TYPO})
    settings = serve(server)
    sub = subscribe(store, "fernhill", [LEAD, TYPO], since_week=WEEK)
    kw = {"out_dir": tmp_path / "r", "runs_dir": tmp_path}
    [(_, out)] = catch_up(store, sub, settings, now=DUE, **kw)
    assert out.status == "failed" and out.attempts == 3
    server.later.clear()
    [(_, out)] = catch_up(store, sub, settings, now=DUE.replace(hour=10), **kw)
    assert out.status == "sent" and server.envelopes == [[LEAD, TYPO]]
