"""E-mail a report version once and only once to each recipient, recording every attempt in the audit log.

Delivery is idempotent per recipient: each (version, recipient) pair has its own key,
`<team>/<week>/v<N>/to/<address>` (`recipient_key`), and its own message transaction, so sending a
version to a new recipient later delivers it to them, while a recipient who got it is never sent
it again. (Rows written before this, keyed `<team>/<week>/v<N>`, still count as sent to everyone.)

The `report_delivery` table (in the audit store's database, created on first use) holds one row per
key and its state:

    pending --claim--> sending --RCPT accepted--> committing --250 to DATA--> sent
       ^                  |                            |
       +---- failure -----+          crash/dropped link +--> uncertain

- Only one process sends a key: the claim is a conditional UPDATE from `pending` (or from a
  `sending` whose lease ran out: that sender died before handing anything over).
- `committing` is written just before the message body goes to the server. A process that dies
  (or a link that drops) after that point cannot know whether the server took the message, so the
  row becomes `uncertain` and is never sent again automatically: `force=True` (`memeval report send
  --force`) resends it with the same Message-ID, which lets a mail client drop the duplicate.
- Every attempt, failed or not, is a `report.delivery_attempted` event (sender event id
  `report.delivery:<key>:<n>`) written through the store's single write path. A failed delivery
  stays `pending`: the report is on disk and the next run (or `memeval report send`) tries again.
"""

from __future__ import annotations

import smtplib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import BigInteger, Column, Integer, MetaData, String, Table, insert, select, update
from sqlalchemy.exc import IntegrityError

from memeval.audit import EVENT_ADAPTER, SqlAuditStore
from memeval.audit._time import to_us, utc_now
from memeval.report._record import REPORT_SENDER, MadeReport
from memeval.report._smtp import SmtpSettings, build_message, describe_error, message_id, open_session

DeliveryState = Literal["pending", "sending", "committing", "sent", "uncertain"]
DeliveryStatus = Literal["sent", "already_sent", "failed", "uncertain", "busy"]
"""What one `deliver` call did: sent now; sent before (nothing done); every attempt failed (still
pending); outcome of an earlier attempt unknown (not resent); another process holds the claim."""

LEASE_S = 600
"""A `sending` claim older than this belongs to a dead sender and may be taken over."""

_meta = MetaData()
delivery_table = Table(
    "report_delivery",
    _meta,
    Column("key", String(200), primary_key=True),
    Column("team", String(64), nullable=False),
    Column("week", String(8), nullable=False),
    Column("version", Integer, nullable=False),
    Column("state", String(16), nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("pdf_sha256", String(80), nullable=False),
    Column("message_id", String(120), nullable=False),
    Column("updated_us", BigInteger, nullable=False),
)


@dataclass(frozen=True)
class DeliveryOutcome:
    """The result of `deliver`: its status, attempts made by this call, and the last error.

    Attributes:
        status: over all recipients: `failed`, `uncertain` or `busy` if any recipient ended so
            (in that order), else `sent` if any was sent now, else `already_sent`.
        key: the version's key `<team>/<week>/v<N>`.
        attempts: SMTP attempts made by this call, all recipients.
        error: the last error, if any.
        recipients: (address, status) per recipient, in the order given.
    """

    status: DeliveryStatus
    key: str
    attempts: int
    error: str | None = None
    recipients: tuple[tuple[str, str], ...] = ()


def recipient_key(version_key: str, recipient: str) -> str:
    """The delivery key of one version to one recipient (address trimmed and lower-cased)."""
    return f"{version_key}/to/{recipient.strip().lower()}"


def ensure_table(store: SqlAuditStore) -> None:
    """Create `report_delivery` in the store's database if it is missing."""
    with store.engine.begin() as conn:
        _meta.create_all(conn, checkfirst=True)


def delivery_state(store: SqlAuditStore, key: str) -> DeliveryState | None:
    """The state of a delivery key, or None when it was never queued."""
    ensure_table(store)
    with store.engine.connect() as conn:
        v = conn.execute(select(delivery_table.c.state).where(delivery_table.c.key == key)).scalar()
    return v


def _set(store: SqlAuditStore, key: str, state: str, *, only_from: tuple[str, ...] | None = None,
         older_than_us: int | None = None, bump: bool = False) -> bool:  # fmt: skip
    q = update(delivery_table).where(delivery_table.c.key == key)
    if only_from is not None:
        q = q.where(delivery_table.c.state.in_(only_from))
    if older_than_us is not None:
        q = q.where(delivery_table.c.updated_us < older_than_us)
    values: dict[str, object] = {"state": state, "updated_us": to_us(utc_now())}
    if bump:
        values["attempts"] = delivery_table.c.attempts + 1
    with store.engine.begin() as conn:
        return conn.execute(q.values(**values)).rowcount == 1


def _queue(store: SqlAuditStore, made: MadeReport, key: str) -> None:
    rec = made.record
    row = {"key": key, "team": rec.team, "week": rec.week, "version": rec.version,
           "state": "pending", "attempts": 0, "pdf_sha256": rec.pdf_sha256,
           "message_id": message_id(rec.idempotency_key), "updated_us": to_us(utc_now())}  # fmt: skip
    if delivery_state(store, key) is not None:
        return  # queued before: the row's state decides what happens next
    try:
        with store.engine.begin() as conn:
            conn.execute(insert(delivery_table).values(**row))
    except IntegrityError:
        return  # another process queued it between the check and the insert: same outcome


def _record(store: SqlAuditStore, made: MadeReport, n: int, ok: bool, recipients: int, error: str | None,
            key: str) -> None:  # fmt: skip
    rec = made.record
    ev = EVENT_ADAPTER.validate_python({
        "type": "report.delivery_attempted", "occurred_at": utc_now(), "team": rec.team,
        "sender_event_id": f"report.delivery:{key}:{n}",
        "actor": {"kind": "system", "id": "memeval.report", "role": "delivery"},
        "payload": {"week": rec.week, "report_sha256": rec.pdf_sha256, "ok": ok,
                    "recipients": recipients, "error": error},
    })  # fmt: skip
    store.append([ev], sender=REPORT_SENDER, origin="report")


def _attempts(store: SqlAuditStore, key: str) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(delivery_table.c.attempts).where(delivery_table.c.key == key)).scalar() or 0)


def deliver(
    store: SqlAuditStore,
    made: MadeReport,
    recipients: list[str],
    settings: SmtpSettings,
    *,
    force: bool = False,
    sleep: Callable[[float], None] = time.sleep,
) -> DeliveryOutcome:
    """E-mail one report version to each of `recipients` at most once (see the module docstring).

    Recipients are tried in order, each in its own SMTP transaction; after a recipient's delivery
    fails (the server is likely down) the rest are left pending for the next try.

    Args:
        store: the audit store (its database holds `report_delivery`; attempts become events).
        made: the report version (`make_report`).
        recipients: e-mail addresses (at least one; repeats are sent once).
        settings: SMTP settings; `attempts` and `backoff_s` bound the retries of this call.
        force: resend a delivery whose earlier outcome is `uncertain` (or that was `sent`).
        sleep: how to wait between attempts (seconds).

    Returns:
        A `DeliveryOutcome`; `failed` leaves the undelivered recipients pending for the next run.
    """
    ensure_table(store)
    vkey = made.record.idempotency_key
    legacy = delivery_state(store, vkey)  # a delivery made before keys were per recipient
    seen: dict[str, None] = {}
    for r in recipients:
        seen.setdefault(r.strip().lower(), None)
    per: list[tuple[str, str]] = []
    attempts, error, stop = 0, None, False
    for addr in seen:
        if stop:
            per.append((addr, "pending"))
            continue
        if legacy in ("sent", "uncertain") and not force:
            per.append((addr, "already_sent" if legacy == "sent" else "uncertain"))
            continue
        one = _deliver_one(store, made, addr, settings, force=force, sleep=sleep)
        per.append((addr, one.status))
        attempts += one.attempts
        error = one.error or error
        stop = one.status == "failed"
    statuses = {st for _, st in per}
    status: DeliveryStatus
    for status in ("failed", "uncertain", "busy", "sent"):  # type: ignore[assignment]
        if status in statuses:
            break
    else:
        status = "already_sent"
    return DeliveryOutcome(status, vkey, attempts, error, tuple(per))


def _deliver_one(
    store: SqlAuditStore,
    made: MadeReport,
    recipient: str,
    settings: SmtpSettings,
    *,
    force: bool,
    sleep: Callable[[float], None],
) -> DeliveryOutcome:
    """One recipient's delivery of one version: the state machine of the module docstring."""
    key = recipient_key(made.record.idempotency_key, recipient)
    recipients = [recipient]
    _queue(store, made, key)
    if force:
        _set(store, key, "pending", only_from=("uncertain", "sent", "committing"))
    state = delivery_state(store, key)
    if state == "sent":
        return DeliveryOutcome("already_sent", key, 0)
    if state in ("committing", "uncertain"):
        if _set(store, key, "uncertain", only_from=("committing",)):
            _record(store, made, _attempts(store, key), False, len(recipients),
                    "outcome unknown: the sender stopped while the server was taking the message; "
                    "not resent automatically (memeval report send --force resends)", key)  # fmt: skip
        return DeliveryOutcome("uncertain", key, 0, "an earlier attempt may have been delivered")
    msg = build_message(settings=settings, recipients=recipients, body=made.text.read_text(encoding="utf-8"),
                        subject=f"{made.record.team}: weekly audit report {made.record.week}"
                        + (f" (version {made.record.version})" if made.record.version > 1 else ""),
                        pdf=made.pdf.read_bytes(), key=key,
                        filename=f"{made.record.team}-{made.record.week}-v{made.record.version}.pdf")  # fmt: skip
    error: str | None = None
    for i in range(settings.attempts):
        stale = to_us(utc_now()) - LEASE_S * 1_000_000
        if not (
            _set(store, key, "sending", only_from=("pending",), bump=True)
            or _set(store, key, "sending", only_from=("sending",), older_than_us=stale, bump=True)
        ):
            return DeliveryOutcome("busy", key, i, "another process is sending this report")  # fmt: skip
        n = _attempts(store, key)
        committed = False
        try:
            session = open_session(settings, recipients)
            try:
                _set(store, key, "committing", only_from=("sending",))
                committed = True
                session.data(msg)
            finally:
                session.close()
        except (smtplib.SMTPException, OSError) as exc:
            error = describe_error(exc)
            refused = isinstance(exc, smtplib.SMTPResponseException)
            if committed and not refused:  # the link broke mid-DATA: the server may have it
                _set(store, key, "uncertain", only_from=("committing",))
                _record(store, made, n, False, len(recipients), f"outcome unknown: {error}", key)
                return DeliveryOutcome("uncertain", key, i + 1, error)
            _set(store, key, "pending", only_from=("sending", "committing"))
            _record(store, made, n, False, len(recipients), error, key)
            if i + 1 < settings.attempts:
                sleep(settings.backoff_s * 2**i)
            continue
        _set(store, key, "sent", only_from=("committing",))
        _record(store, made, n, True, len(recipients), None, key)
        return DeliveryOutcome("sent", key, i + 1)
    return DeliveryOutcome("failed", key, settings.attempts, error)
