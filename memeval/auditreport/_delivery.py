"""E-mail a report version once and only once to each recipient, recording every attempt in the audit log.

Idempotent per recipient: the `report_recipient` table records each address a version reached
(`sent`), may have reached (`uncertain`), or that the server refused for good (`refused`: a 5xx reply to
its RCPT, never tried again without `--force`; the others get the message). `deliver` sends one message to the
recipients that have none of these, so asking again with a new address delivers to that address alone, and nobody gets
a version twice. (A delivery made before recipients were recorded counts as sent to everyone.)

The `report_delivery` table (in the audit store's database, created on first use) holds one row per
idempotency key (`<team>/<week>/v<N>`) and its state:

    pending --claim--> sending --RCPT accepted--> committing --250 to DATA--> sent
       ^                  |                            |
       +---- failure -----+          crash/dropped link +--> uncertain

- Only one process sends a key: the claim is a conditional UPDATE from `pending` (or from a
  `sending` whose lease ran out: that sender died before handing anything over). A sender also holds
  the version's `sending_lock` (`memeval.auditreport._weeklock`) from its first look at the row to its
  last write, and another process that cannot take it answers `busy` at once: so a `committing` row
  found by the lock's holder is a sender that died mid-DATA, never a live one still being answered
  (which was called `uncertain`, and the delivery it completed stayed `uncertain`). A sender
  interrupted (^C) before `committing` gives its claim back at once (`pending`, the attempt
  recorded as failed), so the next `report send` does not wait out the lease as `busy`.
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

from memeval.audit import EVENT_ADAPTER, SqlAuditStore, to_us
from memeval.auditreport._record import REPORT_SENDER, MadeReport
from memeval.auditreport._smtp import (
    SmtpSettings,
    build_message,
    check_recipients,
    describe_error,
    is_setting_mismatch,
    message_id,
    open_session,
)
from memeval.auditreport._verify import file_checks
from memeval.auditreport._weeklock import sending_lock
from memeval.clock import utc_now
from memeval.errors import MemevalError, ReportError

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


recipient_table = Table(
    "report_recipient",
    _meta,
    Column("key", String(200), primary_key=True),
    Column("recipient", String(320), primary_key=True),
    Column("state", String(16), nullable=False),
    Column("updated_us", BigInteger, nullable=False),
)
"""Per version key and address: `sent`, `uncertain` (the address reached, or maybe reached) or `refused` (for good)."""


@dataclass(frozen=True)
class DeliveryOutcome:
    """The result of `deliver`: its status, attempts made by this call, and the last error.

    `recipients` lists the addresses this call sent to (or tried to).
    """

    status: DeliveryStatus
    key: str
    attempts: int
    error: str | None = None
    recipients: tuple[str, ...] = ()


def _norm(addr: str) -> str:
    return addr.strip().lower()


def reached(store: SqlAuditStore, key: str) -> dict[str, str]:
    """Address -> `sent`, `uncertain` or `refused` for a version key."""
    ensure_table(store)
    with store.engine.connect() as conn:
        rows = conn.execute(select(recipient_table.c.recipient, recipient_table.c.state)
                            .where(recipient_table.c.key == key)).all()  # fmt: skip
    return {r: s for r, s in rows}


def _mark(store: SqlAuditStore, key: str, recipients: list[str], state: str) -> None:
    now = to_us(utc_now())
    with store.write_engine.begin() as conn:
        for r in recipients:
            q = update(recipient_table).where(recipient_table.c.key == key, recipient_table.c.recipient == r)
            if conn.execute(q.values(state=state, updated_us=now)).rowcount == 0:
                conn.execute(insert(recipient_table).values(key=key, recipient=r, state=state, updated_us=now))


def ensure_table(store: SqlAuditStore) -> None:
    """Create `report_delivery` and `report_recipient` in the store's database if missing."""
    with store.write_engine.begin() as conn:
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
    with store.write_engine.begin() as conn:
        return conn.execute(q.values(**values)).rowcount == 1


def _queue(store: SqlAuditStore, made: MadeReport) -> None:
    rec = made.record
    row = {"key": rec.idempotency_key, "team": rec.team, "week": rec.week, "version": rec.version,
           "state": "pending", "attempts": 0, "pdf_sha256": rec.pdf_sha256,
           "message_id": message_id(rec.idempotency_key), "updated_us": to_us(utc_now())}  # fmt: skip
    if delivery_state(store, rec.idempotency_key) is not None:
        return  # queued before: the row's state decides what happens next
    try:
        with store.write_engine.begin() as conn:
            conn.execute(insert(delivery_table).values(**row))
    except IntegrityError:
        return  # another process queued it between the check and the insert: same outcome


def _record(store: SqlAuditStore, made: MadeReport, n: int, ok: bool, recipients: int, error: str | None) -> None:
    rec = made.record
    ev = EVENT_ADAPTER.validate_python({
        "type": "report.delivery_attempted", "occurred_at": utc_now(), "team": rec.team,
        "sender_event_id": f"report.delivery:{rec.idempotency_key}:{n}",
        "actor": {"kind": "system", "id": "memeval.report", "role": "delivery"},
        "payload": {"week": rec.week, "report_sha256": rec.pdf_sha256, "ok": ok,
                    "recipients": recipients, "error": error},
    })  # fmt: skip
    store.append([ev], sender=REPORT_SENDER, origin="report")


def _give_back(
    store: SqlAuditStore,
    made: MadeReport,
    key: str,
    n: int,
    recipients: int,
    why: str = "interrupted before the message was sent (^C); still pending",
) -> None:
    """Return an interrupted sender's claim (`sending` -> `pending`) and record the attempt as failed.

    For a ^C (or a SIGTERM raised as an exception) before `committing`: the message never went to
    the server, and the claim held would make every sender for `LEASE_S` answer `busy` though no
    process is sending. A claim already `committing` (the interrupt came as the state was set) is
    left for the next sender to call `uncertain`, as after a crash. Also for an error that is not
    the server's answer (`why` says which): it held the claim for the lease the same way.
    """
    if _set(store, key, "pending", only_from=("sending",)):
        _record(store, made, n, False, recipients, why)


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
    """E-mail one report version to `recipients`, at most once (see the module docstring).

    Args:
        store: the audit store (its database holds `report_delivery`; attempts become events).
        made: the report version (`make_report`).
        recipients: e-mail addresses (at least one); those the version reached already are skipped.
        settings: SMTP settings; `attempts` and `backoff_s` bound the retries of this call (a server
            that lacks what the settings ask for, STARTTLS or a login, is not retried: `is_setting_mismatch`).
        force: resend a delivery whose earlier outcome is `uncertain` (or that was `sent`).
        sleep: how to wait between attempts (seconds).

    Returns:
        A `DeliveryOutcome`; `failed` leaves the delivery pending for the next run.

    Raises:
        UsageError: a recipient is not one bare address (`check_recipients`); nothing is recorded or sent.
        ReportError: a file of the version (PDF, HTML, e-mail text) no longer hashes as recorded
            (`file_checks`); nothing is recorded or sent. Or an attempt failed with an error that is
            not the server's answer nor the link's (a host name the resolver cannot encode): the
            claim is given back (`pending`), the attempt recorded as failed, nothing retried.
    """
    check_recipients(recipients)  # before anything is recorded: an address no message can carry
    changed = [c.detail for c in file_checks(made) if not c.ok]
    if changed:  # the attachment and the text are read from disk: never mail what differs from the record
        raise ReportError(f"{made.folder}: the report's files changed since it was made ({'; '.join(changed)}), so it "
                          "is not sent: memeval report verify names them; `memeval report weekly --reissue` makes a "
                          "new version")  # fmt: skip
    key = made.record.idempotency_key
    rec = made.record
    with sending_lock(store, made.folder.parents[2], rec.team, rec.week, rec.version) as held:
        if not held:  # a live process is sending this version now (its state may say `committing`): leave it
            return DeliveryOutcome("busy", key, 0, "another process is sending this report")
        return _deliver_held(store, made, recipients, settings, force=force, sleep=sleep)


def _deliver_held(store: SqlAuditStore, made: MadeReport, recipients: list[str], settings: SmtpSettings, *,
                  force: bool, sleep: Callable[[float], None]) -> DeliveryOutcome:  # fmt: skip
    """`deliver` with the version's `sending_lock` held: a `sending` or `committing` row found is a dead sender's."""
    key = made.record.idempotency_key
    ensure_table(store)
    _queue(store, made)
    wanted = list(dict.fromkeys(_norm(r) for r in recipients))
    done = reached(store, key)
    state = delivery_state(store, key)
    if state == "sent" and not done:  # sent before recipients were recorded: to everyone asked then
        done = dict.fromkeys(wanted, "sent")
    to_send = wanted if force else [r for r in wanted if r not in done]
    if not to_send:
        if any(done.get(r) == "uncertain" for r in wanted):
            return DeliveryOutcome("uncertain", key, 0, "an earlier attempt may have been delivered")
        gone = [r for r in wanted if done.get(r) == "refused"]
        if gone:
            return DeliveryOutcome("failed", key, 0, _refused_words(gone, earlier=True), tuple(gone))
        return DeliveryOutcome("already_sent", key, 0)
    recipients = to_send
    if force:
        _set(store, key, "pending", only_from=("uncertain", "sent", "committing"))
    elif state in ("sent", "uncertain") and done:  # a new recipient of a version others got (or may have):
        _set(store, key, "pending", only_from=(state,))  # a new round for the new recipients alone
    state = delivery_state(store, key)
    if state == "sent":
        return DeliveryOutcome("already_sent", key, 0)
    if state in ("committing", "uncertain"):
        if _set(store, key, "uncertain", only_from=("committing",)):
            _mark(store, key, recipients, "uncertain")
            _record(store, made, _attempts(store, key), False, len(recipients),
                    "outcome unknown: the sender stopped while the server was taking the message; "
                    "not resent automatically (memeval report send --force resends)")  # fmt: skip
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
        left_out: dict[str, tuple[int, bytes]] = {}  # recipients refused for good, the others accepted
        try:
            session = open_session(settings, recipients)
            left_out = session.refused
            try:
                _set(store, key, "committing", only_from=("sending",))
                committed = True
                session.data(msg)
            finally:
                session.close()
        except (KeyboardInterrupt, SystemExit):
            if not committed:  # nothing reached the server: give the claim back rather than hold it for the lease
                _give_back(store, made, key, n, len(recipients))
            raise
        except (smtplib.SMTPException, OSError) as exc:
            error = describe_error(exc, settings)
            refused = isinstance(exc, smtplib.SMTPResponseException)
            if committed and not refused:  # the link broke mid-DATA: the server may have it
                _set(store, key, "uncertain", only_from=("committing",))
                _mark(store, key, recipients, "uncertain")
                _record(store, made, n, False, len(recipients), f"outcome unknown: {error}")
                return DeliveryOutcome("uncertain", key, i + 1, error, tuple(recipients))
            _set(store, key, "pending", only_from=("sending", "committing"))
            _record(store, made, n, False, len(recipients), error)
            if _refused_for_good(exc):  # every recipient: the same on every try, and on every later run
                _mark(store, key, recipients, "refused")
                return DeliveryOutcome("failed", key, i + 1, _refused_words(recipients), tuple(recipients))
            if is_setting_mismatch(exc):  # the same on every try: say it now, not after the back-off
                return DeliveryOutcome("failed", key, i + 1, error, tuple(recipients))
            if i + 1 < settings.attempts:
                sleep(settings.backoff_s * 2**i)
            continue
        except Exception as exc:  # not the server's answer (a setting the socket refuses): the same on every try
            if committed:
                raise  # the message may have reached the server: the next sender calls it `uncertain`
            said = f": {exc}"[:300]  # a UnicodeError quotes the character, which may be the password's:
            if isinstance(exc, UnicodeError):
                said = " (a MEMEVAL_SMTP_ setting holds a character the SMTP link cannot carry)"
            reason = type(exc).__name__ + said
            _give_back(
                store, made, key, n, len(recipients), f"failed before the message was sent ({reason}); still pending"
            )
            if isinstance(exc, MemevalError):  # memeval's own (the store's) error already says what and why
                raise
            raise ReportError(
                f"{key}: could not send ({reason}); nothing reached the server and the report stays "
                "pending: check the MEMEVAL_SMTP_ settings (`memeval report send --help`)"
            ) from exc
        _set(store, key, "sent", only_from=("committing",))
        got = [r for r in recipients if r not in left_out]
        _mark(store, key, got, "sent")
        _mark(store, key, list(left_out), "refused")
        codes = ", ".join(sorted({str(c) for c, _ in left_out.values()}))
        note = f"{len(left_out)} of {len(recipients)} recipients refused for good ({codes})" if left_out else None
        _record(store, made, n, True, len(got), note)  # counts and codes only: no address in the audit log
        return DeliveryOutcome("sent", key, i + 1, _refused_words(list(left_out)) if left_out else None, tuple(got))
    return DeliveryOutcome("failed", key, settings.attempts, error, tuple(recipients))


def _refused_for_good(exc: BaseException) -> bool:
    """True when `exc` is the server refusing every recipient with a 5xx reply (`open_session`)."""
    return isinstance(exc, smtplib.SMTPRecipientsRefused) and all(
        500 <= code < 600 for code, _ in exc.recipients.values()
    )


def _refused_words(addresses: list[str], *, earlier: bool = False) -> str:
    """What to tell the sender's user about recipients refused for good (their addresses, and the fix)."""
    when = "on an earlier attempt" if earlier else ""
    return (
        f"the server refused {', '.join(addresses)} for good{' ' + when if when else ''} (no such mailbox?): not "
        "tried again automatically; fix the subscription (`memeval report subscribe`) and run `memeval report send`, "
        "or resend to them with --force"
    )
