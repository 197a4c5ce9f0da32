"""Claims: a short lease on an item so two reviewers do not work on it at once.

A claim is a row in `review_claim` (team, item type, item id -> holder, expiry). Taking one is
a read-check-write inside the store's write transaction (SQLite `BEGIN IMMEDIATE`, PostgreSQL a
table lock), so two reviewers racing for one item cannot both get it. A new claim is also
written to the audit log as a `review.claimed` event; renewing one's own claim is not.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlmodel import select

from memeval.audit import EVENT_ADAPTER, ReviewItem, SqlAuditStore
from memeval.errors import ReviewRefused
from memeval.review._accounts import Account
from memeval.review._tables import ReviewClaim

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def split_hex(digits: str, part: int = 12) -> str:
    """Hex `digits` in `_`-joined parts of `part` characters (`0123456789ab_cdef01234567`).

    Ids the review queue makes take this form so that no run is long enough to pass for a key
    (`memeval.audit` scans ids with a longer run for secrets; that loads presidio and spaCy).
    """
    return "_".join(digits[i : i + part] for i in range(0, len(digits), part))


def _us(dt: datetime) -> int:
    d = dt - _EPOCH
    return (d.days * 86_400 + d.seconds) * 1_000_000 + d.microseconds


def _dt(us: int) -> datetime:
    return _EPOCH + timedelta(microseconds=us)


@dataclass(frozen=True)
class Lease:
    """A reviewer's lease on an item.

    Attributes:
        item_type: `lesson`, `contradiction` or `hold`.
        team: the team.
        item_id: the item.
        holder: the username holding it.
        expires_at: when the lease ends (UTC).
    """

    item_type: str
    team: str
    item_id: str
    holder: str
    expires_at: datetime

    def seconds_left(self, now: datetime) -> int:
        """Whole seconds until the lease ends (0 when over)."""
        return max(0, int((self.expires_at - now).total_seconds()))


def active_leases(store: SqlAuditStore, now: datetime) -> dict[tuple[str, str, str], Lease]:
    """Claims not yet expired at `now`, keyed by (item type, team, item id)."""
    with store.read_session() as s:
        rows = s.exec(select(ReviewClaim).where(ReviewClaim.expires_us > _us(now))).all()
    return {
        (r.item_type, r.team, r.item_id): Lease(r.item_type, r.team, r.item_id, r.holder, _dt(r.expires_us))
        for r in rows
    }


def claim_item(
    store: SqlAuditStore,
    account: Account,
    item: ReviewItem,
    *,
    lease_s: int,
    now: datetime,
    record: bool = True,
    sender: str = "review",
) -> Lease:
    """Take (or renew) the claim on `item` for `account` for `lease_s` seconds.

    Args:
        store: the audit store.
        account: a reviewer or admin.
        item: the item (must be waiting).
        lease_s: lease length in seconds.
        now: the current time (UTC).
        record: write a `review.claimed` audit event when the claim is new.
        sender: the audit sender name of the calling interface.

    Returns:
        The claim now held.

    Raises:
        ReviewRefused: `wrong_role` (a viewer), `wrong_state` (the item is decided), or
            `claimed` (another reviewer holds an unexpired claim; the message says who and until
            when).
    """
    if not account.can_decide:
        raise ReviewRefused(
            f"{account.username!r} is a {account.role}: only a reviewer or admin may claim items",
            code="wrong_role",
        )
    if not account.sees(item.team):
        raise ReviewRefused(
            f"no {item.item_type} {item.item_id!r} in team {item.team!r} among the teams you review",
            code="not_found",
        )
    if not item.waiting:
        raise ReviewRefused(
            f"{item.item_type} {item.item_id!r} is {item.status!r}: only waiting items can be "
            "claimed; reload the queue",
            code="wrong_state",
            state=item.status,
        )
    expires = now + timedelta(seconds=lease_s)
    with store.write_session() as s:
        row = s.get(ReviewClaim, (item.team, item.item_type, item.item_id))
        fresh = row is None or row.holder != account.username or row.expires_us <= _us(now)
        if row is not None and row.holder != account.username and row.expires_us > _us(now):
            left = int((row.expires_us - _us(now)) / 1e6)
            raise ReviewRefused(
                f"{item.item_type} {item.item_id!r} is claimed by {row.holder!r} for another "
                f"{left} s: pick another item, or wait until the claim runs out",
                code="claimed",
                state=item.status,
            )
        if row is None:
            s.add(
                ReviewClaim(
                    team=item.team,
                    item_type=item.item_type,
                    item_id=item.item_id,
                    holder=account.username,
                    expires_us=_us(expires),
                )
            )
        else:
            row.holder, row.expires_us = account.username, _us(expires)
    if record and fresh:
        ev = EVENT_ADAPTER.validate_python(
            {
                "type": "review.claimed",
                "occurred_at": now,
                "team": item.team,
                "sender_event_id": f"claim:{split_hex(uuid.uuid4().hex, 16)}",
                "actor": {"kind": "person", "id": account.username, "role": account.role},
                "subject": item.item_id,
                "payload": {"item_type": item.item_type},
            }
        )
        store.append([ev], sender=sender, origin="review")
    return Lease(item.item_type, item.team, item.item_id, account.username, expires)


def drop_claim(
    store: SqlAuditStore,
    account: Account,
    item_type: str,
    team: str,
    item_id: str,
    *,
    force: bool = False,
) -> bool:
    """Give up a claim (one's own; any, with `force`, which only an admin may use).

    Returns:
        True when a claim was removed.

    Raises:
        ReviewRefused: `wrong_role` when a non-admin forces.
    """
    if force and account.role != "admin":
        raise ReviewRefused(
            f"{account.username!r} is a {account.role}: only an admin may break another reviewer's claim",
            code="wrong_role",
        )
    with store.write_session() as s:
        row = s.get(ReviewClaim, (team, item_type, item_id))
        if row is None or (row.holder != account.username and not force):
            return False
        s.delete(row)
    return True
