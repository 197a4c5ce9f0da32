"""Anchors: a team's chain head written down outside the database, to detect truncation later.

A hash chain proves each event follows the one before; it cannot show that the newest events
were deleted and the head row rewritten to match. An anchor can: it records (team, seq, hash) at
some moment, kept outside the database (a file you copy elsewhere, or a weekly report, whose
`record.json` holds `last_seq` and `last_event_hash`, the head it counted up to). `check_anchor`
then demands that the chain still holds event `seq` with exactly that hash.

Anchor file (`memeval audit anchor`): JSON `{"schema": "memeval.audit-anchor/1", "team",
"seq", "hash", "taken_at"}`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import AwareDatetime, BaseModel, ConfigDict
from sqlalchemy import select
from sqlmodel import col

from memeval.audit._store import SqlAuditStore
from memeval.audit._tables import AuditEventRow, AuditHead
from memeval.clock import utc_now
from memeval.errors import UsageError

ANCHOR_SCHEMA = "memeval.audit-anchor/1"


class Anchor(BaseModel):
    """A chain head seen at `taken_at`: event `seq` of `team` had hash `hash`."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    team: str
    seq: int
    hash: str
    """`sha256:...` of event `seq` ('' when the chain was empty)."""
    taken_at: AwareDatetime | None = None
    source: str = ""
    """Where the anchor was read from (a file path), for messages."""


def take_anchor(store: SqlAuditStore, team: str, now: datetime | None = None) -> Anchor:
    """The team's current head as an anchor.

    Raises:
        UsageError: the team has no events.
    """
    with store.read_session() as s:
        head = s.get(AuditHead, team)
    if head is None:
        raise UsageError(f"team {team!r} has no audit events: nothing to anchor")
    return Anchor(team=team, seq=head.seq, hash=head.hash, taken_at=now or utc_now())


def anchor_json(anchor: Anchor) -> str:
    """The anchor file's text."""
    body = {"schema": ANCHOR_SCHEMA, **anchor.model_dump(mode="json", exclude={"source"})}
    return json.dumps(body, indent=2, sort_keys=True) + "\n"


def read_anchor(path: Path) -> Anchor:
    """An anchor from an anchor file, or from a weekly report (its folder, record.json or report.pdf).

    Raises:
        UsageError: nothing at `path` holds a team, a sequence number and a hash.
    """
    target = path
    if path.is_dir() or path.suffix.lower() in (".pdf", ".html", ".txt"):
        target = (path if path.is_dir() else path.parent) / "record.json"
    if not target.exists():  # said as "(FileNotFoundError)" after "is not an anchor", as if the file were wrong
        what = f"is not a weekly report's: {str(target)!r} does not exist" if target != path else "does not exist"
        raise UsageError(f"{str(path)!r} {what}: pass the file `memeval audit anchor --out FILE` wrote, "
                         "or a weekly report's folder") from None  # fmt: skip
    try:
        raw = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        why = "not JSON" if isinstance(exc, ValueError) else (exc.strerror or str(exc))
        raise UsageError(f"{target} is not an anchor or a report record ({why}): pass the file "
                         "`memeval audit anchor` wrote, or a weekly report folder") from exc  # fmt: skip
    if isinstance(raw, dict) and raw.get("schema") == ANCHOR_SCHEMA:
        return Anchor.model_validate({**raw, "source": str(target)})
    if isinstance(raw, dict) and {"team", "last_seq", "last_event_hash"} <= raw.keys():
        return Anchor(team=raw["team"], seq=raw["last_seq"], hash=raw["last_event_hash"],
                      taken_at=raw.get("generated_at"), source=str(target))  # fmt: skip
    raise UsageError(f"{target} holds no chain head: pass an anchor file or a weekly report's record.json")


@dataclass(frozen=True)
class AnchorCheck:
    """The result of checking a chain against an anchor: ok, and what was found."""

    ok: bool
    detail: str


def check_anchor(store: SqlAuditStore, anchor: Anchor) -> AnchorCheck:
    """Whether `anchor.team`'s chain still holds event `anchor.seq` with `anchor.hash`.

    Only meaningful together with `verify_chain` (which proves every later event links to it).
    """
    if anchor.seq == 0:
        return AnchorCheck(True, "the anchor was taken on an empty chain")
    with store.read_session() as s:
        found = s.execute(
            select(col(AuditEventRow.hash)).where(
                col(AuditEventRow.team) == anchor.team, col(AuditEventRow.seq) == anchor.seq
            )
        ).scalar()
        head = s.get(AuditHead, anchor.team)
    seen = f"{anchor.source or 'the anchor'} saw seq {anchor.seq} ({anchor.hash[:19]}...)"
    if found is None:
        ends = head.seq if head is not None else 0
        return AnchorCheck(False, f"TRUNCATED: {seen}, but the chain ends at seq {ends}: events were deleted")
    if found != anchor.hash:
        return AnchorCheck(False, f"REWRITTEN: {seen}, but event {anchor.seq} now has {found[:19]}...: the chain "
                           "was replaced from there on")  # fmt: skip
    return AnchorCheck(True, f"{seen}: still there, unchanged")
