"""Which drafts a sender has stored already: the write path's lookups of (team, sender event id).

`stored_already` reads them before the write lock (the hold detector then skips those drafts'
texts); `existing_ids` reads them again under the lock, where they decide what is skipped as a
duplicate and what is refused as an event another sender stored (`_resend.refuse_resent`);
`existing_queries` lists that lookup's queries for the lock's pipeline on PostgreSQL (`preload_keys`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sqlmodel import Session

from memeval.audit._authority import Origin
from memeval.audit._events import AuditEvent
from memeval.audit._project import EVERY_STORED, KeyQuery, select_keys
from memeval.audit._resend import refuse_resent

if TYPE_CHECKING:
    from memeval.audit._store import SqlAuditStore


def stored_already(store: SqlAuditStore, drafts: Sequence[AuditEvent], sender: str) -> frozenset[tuple[str, str]]:
    """(team, sender event id) of the drafts `sender` has stored already, read outside any write lock.

    The log is append-only, so a draft found here is found again by the write's own lookup under
    the lock (`existing_ids`) and skipped there as a duplicate: what is done for it before the
    lock (its hold assessment) is never stored. One driver-level query per team and 500 ids.
    """
    own: set[tuple[str, str]] = set()
    with store.lookup_engine.connect() as conn:  # in autocommit on a server (`lookup_engine`)
        for team, ids in _ids_by_team(drafts):
            for k in range(0, len(ids), 500):
                rows = select_keys(conn, "audit_event", _EXISTING_NAMES, {"team": team, "sender": sender},
                                   "sender_event_id", ids[k : k + 500])  # fmt: skip
                own.update((team, eid) for _, eid in rows)
    return frozenset(own)


def existing_ids(
    s: Session, drafts: Sequence[AuditEvent], senders: Sequence[str], origin: Origin
) -> set[tuple[str, str]]:
    """(team, sender event id) of the drafts' events their own sender has stored already.

    `senders[i]` is the sender of `drafts[i]`: one batch's sender, or the senders of a group of
    batches written in one transaction (`_write._fits`: then no sender event id is in two senders'
    drafts, so each id found belongs to one sender's drafts). The same lookup finds the drafts' ids
    stored under other senders; on the ingest channel a draft that is one of those very events
    (`sent_identity`) refuses the batch (`memeval.audit._resend.refuse_resent`, per sender). One
    driver-level query per team and 500 ids for all the drafts (`select_keys`, the queries
    `existing_queries` lists for the lock's pipeline), on the (team, sender, sender_event_id)
    index, searched for each sender the team has (`_every_sender`): the ORM's statement building
    and result handling cost more than the query itself.

    Raises:
        ResentUnderAnotherSender: see `memeval.audit._resend.refuse_resent`.
    """
    whose = {(d.team, d.sender_event_id): who for d, who in zip(drafts, senders, strict=True)}
    own: set[tuple[str, str]] = set()
    others: dict[str, dict[tuple[str, str], set[str]]] = {}  # per draft sender: id -> the other senders of it
    for team, ids in _ids_by_team(drafts):
        for k in range(0, len(ids), 500):
            rows = select_keys(
                s.connection(), "audit_event", _EXISTING_NAMES, _every_sender(team), "sender_event_id", ids[k : k + 500]
            )
            for who, eid in rows:
                mine = whose[(team, eid)]
                if who == mine:
                    own.add((team, eid))
                else:
                    others.setdefault(mine, {}).setdefault((team, eid), set()).add(who)
    if origin == "ingest":
        for sender, theirs in others.items():
            drafts_of = [d for d, who in zip(drafts, senders, strict=True) if who == sender]
            refuse_resent(s.connection(), drafts_of, own, {k: v for k, v in theirs.items() if k not in own}, sender)
    return own


_EXISTING_NAMES = ("sender", "sender_event_id")


def _every_sender(team: str) -> dict[str, Any]:
    """`select_keys`' equalities of `existing_ids`: the team, under every sender (`EVERY_STORED`).

    Naming the sender column lets the lookup search the (team, sender, sender_event_id) index for
    each stored sender instead of reading every row of the team.
    """
    return {"team": team, "sender": EVERY_STORED}


def _ids_by_team(drafts: Sequence[AuditEvent]) -> list[tuple[str, list[str]]]:
    """(team, its drafts' sender event ids sorted), by team: what `existing_ids` looks up."""
    by_team: dict[str, set[str]] = {}
    for d in drafts:
        by_team.setdefault(d.team, set()).add(d.sender_event_id)
    return [(team, sorted(ids)) for team, ids in sorted(by_team.items())]


def existing_queries(drafts: Sequence[AuditEvent]) -> list[KeyQuery]:
    """The `select_keys` queries `existing_ids` will run for `drafts`, for `preload_keys`."""
    return [
        ("audit_event", _EXISTING_NAMES, tuple(_every_sender(team).items()), "sender_event_id", tuple(ids[k : k + 500]))
        for team, ids in _ids_by_team(drafts)
        for k in range(0, len(ids), 500)
    ]
