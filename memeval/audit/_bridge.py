"""The bridge: a `memeval.pack/1` pack built from what the audit log approved.

In: approved lessons; active memories (written and never held, or released from a hold).
Out, always: anything still held or discarded, retired memories, both sides of an open
contradiction, and the side(s) a settled contradiction did not keep.
Pack item ids are stable: `pk_` + 32 hex of SHA-256(team, kind of source, source id).

Trust: the pack is built from the chain, not from the tables. `build_pack` first walks the hash
chain (`verify_chain`) and compares the stored current-state tables with the fold of the chain
(`verify_projections`); if either fails it refuses (`AuditStoreError`, naming the break), and it
then reads the items from the fold it made, so an edited `memory_state` row can never ship.

Texts, not only ids: an item whose text equals (once normalised, and without its closing full stop or
other sentence-ending marks: `claim_text`) a side of an open contradiction, or a side a settled one did
not keep, is left out too, whatever its id (`contradicted_texts`); and so is one whose text equals a
hold's text while the hold waits (unless a person released another hold of that text) or once it is
discarded (whatever else was released). Holding weighs where a text came from, so an order held as a
web page's text (`source: web`) was stored unheld as the agent's own note of it (`source: agent`) and
shipped under that id (breaker35). A released hold's text ships unless another hold of it was discarded.
A memory whose text is a rejected lesson's is left out too (unless a person released it from a hold): a
person's "no" to a lesson is not undone by writing it again as a fact; an approved lesson of that text
still ships (a person's explicit yes).

Duplicates: items whose texts are equal once normalised (NFKC, case folded, white space
collapsed) become one item, the first in log order, whose `also` lists the provenance of every
other source that wrote the text. A `memory.written` of kind `lesson` (stored before lessons were
routed through proposal) is never in a pack: a lesson needs a person's approval.

Pieces: an item that is held as one text with the item kept before it, though neither is held alone, is left out
(an order to agents cut in two memories, `memeval.audit._pieces.orders_in_pieces`, breaker48).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlmodel import col

from memeval.audit._fold import fold_chain, verify_projections
from memeval.audit._payloads import ContradictionOpened
from memeval.audit._pieces import orders_in_pieces
from memeval.audit._store import SqlAuditStore
from memeval.audit._tables import AuditHead, ContradictionState, HoldState, LessonState, MemoryState
from memeval.audit._time import from_us
from memeval.errors import AuditStoreError, UsageError
from memeval.packs import Pack, PackItem, Provenance


@dataclass(frozen=True)
class PackBuild:
    """A built pack and what was left out.

    Attributes:
        pack: the pack.
        excluded: (item id, reason) pairs, sorted, for items the log knows but the pack omits.
        merged: how many items were merged into another with the same normalised text.
    """

    pack: Pack
    excluded: tuple[tuple[str, str], ...]
    merged: int = 0


_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
"""Characters that show nothing: format characters (soft hyphen, zero-width space and joiners, word
joiner, direction marks, byte-order mark, tag characters), variation selectors, Hangul fillers."""


def normalized_text(text: str) -> str:
    """The form duplicate texts are compared in: NFKC, case folded, white space collapsed, invisibles dropped.

    Dropping what shows nothing (`_INVISIBLE`) makes "within 30\u200b days." the text it reads as:
    otherwise one zero-width space shipped a contradicted side under another id.
    """
    visible = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    return re.sub(r"\s+", " ", visible.casefold()).strip()


_CLOSING_MARKS = re.compile(r"[\s.!?;:,\u2026\u3002]+$")
"""What may end a sentence (after NFKC: full-width `．！？` are `.!?`; `…` is `...`; the ideographic full stop)."""


def claim_text(text: str) -> str:
    """The form a contradiction's sides are compared in: `normalized_text` without its closing marks.

    "Keep logs 30 days" and "Keep logs 30 days." (or "... days!", "... days。") state one claim, so
    an item in either wording is left out as that side is. For the comparison only: the stored and
    the shipped text are unchanged, and duplicates are still merged on `normalized_text`.
    """
    return _CLOSING_MARKS.sub("", normalized_text(text))


def merge_duplicates(items: list[PackItem]) -> tuple[list[PackItem], int]:
    """One item per normalised text, the first kept, the others' provenance in its `also`.

    Returns:
        (the merged items in their first order, how many items were merged away).
    """
    first: dict[str, int] = {}
    out: list[PackItem] = []
    also: list[list[Provenance]] = []
    for it in items:
        key = normalized_text(it.text)
        if key in first:
            also[first[key]].append(it.provenance)
            also[first[key]].extend(it.also)
            continue
        first[key] = len(out)
        out.append(it)
        also.append(list(it.also))
    merged = [it.model_copy(update={"also": tuple(a)}) if a else it for it, a in zip(out, also, strict=True)]
    return merged, len(items) - len(out)


def contradicted_texts(store: SqlAuditStore, team: str, contradictions: list[ContradictionState]) -> dict[str, str]:
    """Normalised texts no pack may carry, whatever item wrote them -> why.

    Both sides of an open contradiction, and the side(s) a settled one did not keep, as its
    `contradiction.opened` event worded them (`a_text`, `b_text`, redacted as stored). A memory
    system writes one fact under many ids (the sample's week wrote 110 items of 39 texts), so
    leaving out only the two ids a contradiction names let the same fact, or both contradicting
    facts, ship under other ids. A text a settlement kept is never blocked by that contradiction.

    Args:
        store: the audit store (its chain already verified by the caller).
        team: the team.
        contradictions: the team's current contradiction rows (from the fold).

    Returns:
        `claim_text(side text)` -> the reason shown for an item left out for it.
    """
    out: dict[str, str] = {}
    for c in contradictions:
        kept = {"a": ("a",), "b": ("b",), "both": ("a", "b"), "neither": ()}.get(c.kept or "", ())
        opened = next(
            (e.payload for e in store.subject_events(team, c.contradiction_id) if e.type == "contradiction.opened"),
            None,
        )
        if not isinstance(opened, ContradictionOpened):
            continue
        texts = {"a": claim_text(opened.a_text), "b": claim_text(opened.b_text)}
        keep = {texts[side] for side in kept}
        for side, text in texts.items():
            if text in keep:
                continue
            out.setdefault(
                text,
                f"same text as side {side} of open contradiction {c.contradiction_id}"
                if c.status == "open"
                else f"same text as side {side}, not kept when {c.contradiction_id} was settled",
            )
    return out


def pack_item_id(team: str, source: str, item_id: str) -> str:
    """The stable pack id of a lesson or memory (`source` is `lesson` or `memory`)."""
    return "pk_" + hashlib.sha256(f"{team}\x00{source}\x00{item_id}".encode()).hexdigest()[:32]


def _pack_detector(store: SqlAuditStore) -> Any:
    """The store's hold detector when its write path has one, else the default one, loaded on first use."""
    from memeval.audit._engines import LazyHoldDetector

    sanitizer = store._sanitizer  # not `store.sanitizer`: a store opened to read has no fingerprint key
    return sanitizer.hold_detector if sanitizer is not None else LazyHoldDetector()


def build_pack(store: SqlAuditStore, team: str, *, version: str | None = None) -> PackBuild:
    """Build `team`'s pack from the projections (see the module docstring).

    Args:
        store: the audit store.
        team: the team.
        version: pack version; default `seq-<head seq>` so the pack names the log position.

    Raises:
        UsageError: the team has no audit events.
        AuditStoreError: the chain is broken or the stored tables differ from the chain.
    """
    from memeval.audit._verify import verify_chain

    with store.read_session() as rs:
        head = rs.get(AuditHead, team)
    if head is None:
        raise UsageError(f"team {team!r} has no audit events: ingest its log first")
    chain = verify_chain(store, team)
    if not chain.ok:
        raise AuditStoreError(f"refusing to build a pack: {team}'s chain is broken at seq {chain.broken_seq}: "
                              f"{chain.problem} (memeval audit verify)")  # fmt: skip
    with fold_chain(store, team) as s:
        proj = verify_projections(store, team, folded=s)
        if not proj.ok:
            raise AuditStoreError(f"refusing to build a pack: {proj.problem} (memeval audit verify; "
                                  "memeval audit rebuild restores the tables from the chain)")  # fmt: skip
        blocked: dict[str, str] = {}
        contradictions = list(
            s.execute(select(ContradictionState).where(col(ContradictionState.team) == team)).scalars()
        )
        for c in contradictions:
            if c.status == "open":
                blocked[c.a_item] = blocked[c.b_item] = f"open contradiction {c.contradiction_id}"
            else:
                if c.kept in ("b", "neither"):
                    blocked[c.a_item] = f"not kept when {c.contradiction_id} was settled"
                if c.kept in ("a", "neither"):
                    blocked[c.b_item] = f"not kept when {c.contradiction_id} was settled"
        blocked_texts = contradicted_texts(store, team, contradictions)
        releasers: dict[str, str | None] = {}
        holds = list(s.execute(select(HoldState).where(col(HoldState.team) == team)).scalars())
        released = {claim_text(h.text) for h in holds if h.status == "released"}
        for h in holds:
            releasers[h.hold_id] = h.decided_by
            if h.status != "released":
                blocked[h.item_id] = f"{h.status} ({h.hold_id})"
                if h.status == "discarded" or claim_text(h.text) not in released:
                    blocked_texts.setdefault(claim_text(h.text), f"same text as {h.status} {h.hold_id}")
        items: list[PackItem] = []
        excluded: list[tuple[str, str]] = []
        names: dict[str, str] = {}  # pack item id -> lesson or memory id, for `orders_in_pieces`' reasons
        lessons = s.execute(
            select(LessonState).where(col(LessonState.team) == team).order_by(col(LessonState.proposed_seq))
        ).scalars()
        rejected: dict[str, str] = {}  # a rejected lesson's text -> why a memory of it is left out
        for ls in lessons:
            if ls.status == "rejected":
                rejected.setdefault(claim_text(ls.text), f"same text as rejected lesson {ls.lesson_id}")
            if ls.status != "approved":
                excluded.append((ls.lesson_id, f"lesson {ls.status}"))
            elif ls.lesson_id in blocked:
                excluded.append((ls.lesson_id, blocked[ls.lesson_id]))
            elif claim_text(ls.text) in blocked_texts:
                excluded.append((ls.lesson_id, blocked_texts[claim_text(ls.text)]))
            else:
                names[pack_item_id(team, "lesson", ls.lesson_id)] = ls.lesson_id
                items.append(
                    PackItem(
                        id=pack_item_id(team, "lesson", ls.lesson_id),
                        kind="lesson",
                        text=ls.text,
                        provenance=Provenance(
                            source="audit",
                            session_id=ls.session,
                            recorded_at=from_us(ls.proposed_us),
                            approved_by=ls.decided_by,
                            audit_seq=ls.decided_seq,
                        ),
                    )
                )
        memories = s.execute(
            select(MemoryState).where(col(MemoryState.team) == team).order_by(col(MemoryState.written_seq))
        ).scalars()
        for m in memories:
            if m.kind == "lesson":
                excluded.append((m.memory_id, "a lesson written as a memory: it needs proposal and approval"))
            elif m.status != "active":
                excluded.append((m.memory_id, f"memory {m.status}"))
            elif m.memory_id in blocked:
                excluded.append((m.memory_id, blocked[m.memory_id]))
            elif claim_text(m.text) in blocked_texts:
                excluded.append((m.memory_id, blocked_texts[claim_text(m.text)]))
            elif claim_text(m.text) in rejected and not m.released_hold:
                excluded.append((m.memory_id, rejected[claim_text(m.text)]))
            else:
                names[pack_item_id(team, "memory", m.memory_id)] = m.memory_id
                items.append(
                    PackItem(
                        id=pack_item_id(team, "memory", m.memory_id),
                        kind=m.kind,
                        text=m.text,
                        provenance=Provenance(
                            source="audit" if m.released_hold else "session",
                            session_id=m.session,
                            recorded_at=from_us(m.written_us),
                            approved_by=releasers.get(m.released_hold) if m.released_hold else None,
                            audit_seq=m.written_seq,
                        ),
                    )
                )
    merged, n_merged = merge_duplicates(items)
    merged, pieces = orders_in_pieces(merged, _pack_detector(store), names)  # breaker48
    excluded += pieces
    pack = Pack(name=team, version=version or f"seq-{head.seq}", items=tuple(merged))
    return PackBuild(pack, tuple(sorted(excluded)), n_merged)
