"""Redaction and holding of an event's free text, before the store sees it.

`Sanitizer.sanitize(draft)` returns what the store appends for one draft: the draft with every
free-text field redacted (or, for a memory or lesson whose text reads like orders to an agent, a
`hold.created` in its place), followed by one `secret.blanked` per (field, entity type) redacted.
Called only from `SqlAuditStore.append`, the single write path. Which id values are scanned and
how they are read lives in `memeval.audit._idscan`; `Sanitizer.check_ids` applies it.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from memeval.audit import _payloads as p
from memeval.audit._events import (
    EVENT_ADAPTER,
    Actor,
    AuditEvent,
    SecretBlankedEvent,
)
from memeval.audit._idscan import (
    _CLEAN_IDS,
    _PLAIN_ID,
    _STRICT_CLEAN,
    id_values,
    id_variants,
    made_of_checked_parts,
    strict_id_candidates,
    strict_id_findings,
    strict_variants,
)
from memeval.audit._streams import StreamEnds, cut_across_events
from memeval.errors import AuditEventRejected

if TYPE_CHECKING:
    from memeval.audit._parallel import Presanitized

REDACT_ACTOR = Actor(kind="system", id="memeval.redact", role="redaction")
HOLD_ACTOR = Actor(kind="system", id="memeval.hold", role="holding")


class _Finding(Protocol):
    entity_type: str
    start: int
    end: int
    detector: str


class _Redaction(Protocol):
    text: str
    findings: tuple[Any, ...]
    names_scanned: bool
    redactor_version: str


class Redactor(Protocol):
    """What the store needs of `memeval.redact.get_redactor()`."""

    def redact(self, text: str) -> Any:  # noqa: D102
        ...


class HoldDetector(Protocol):
    """What the store needs of `memeval.hold.get_hold_detector()`."""

    def assess(self, text: str, source: str) -> Any:  # noqa: D102
        ...


@dataclass(frozen=True)
class _Found:
    """The findings of one id text (the part of a `Redaction` `check_ids` reads)."""

    findings: tuple[Any, ...]


def hold_id_for(team: str, sender: str, sender_event_id: str) -> str:
    """The deterministic id of the hold made from one sender event (`hd_` + 24 hex).

    It follows the store's identity of a sent event, (team, sender, sender_event_id): the same
    event sent again by its sender is skipped before any hold is made, and sent again under
    another sender name it is refused (`SqlAuditStore.append`, `ResentUnderAnotherSender`), so one
    sent lesson or memory gives one hold. The same lesson id under another sender event id is
    another event; it is refused while the lesson's hold is open (`_resend.refuse_second_hold`),
    so a lesson has at most one open hold. The sender stays in the id so that every stored hold
    keeps its id and an ordinary ingest stores the same bytes as before.
    """
    digest = hashlib.sha256(f"{team}\x00{sender}\x00{sender_event_id}".encode()).hexdigest()
    return "hd_" + digest[:24]


@dataclass(frozen=True)
class Sanitizer:
    """Redacts free text and holds orders-to-agents text (see module docstring).

    Attributes:
        redactor: has `redact(text) -> Redaction` (memeval.redact).
        hold_detector: has `assess(text, source) -> HoldAssessment` (memeval.hold).
        fingerprint_key: the HMAC key of secret fingerprints (bytes, 32 recommended).
    """

    redactor: Redactor
    hold_detector: HoldDetector
    fingerprint_key: bytes
    ends: StreamEnds = field(default_factory=StreamEnds, compare=False, repr=False)
    """Each stream's last stored text (`cut_across_events`)."""

    def check_ids(
        self,
        drafts: Sequence[AuditEvent],
        scanned: Mapping[str, Any] | None = None,
        *,
        strict: bool = False,
        strict_scanned: Mapping[str, tuple[Any, ...]] | None = None,
    ) -> None:
        """Refuse a draft whose id field (`id_values`) is not of the strict shape or holds a secret.

        The id fields: actor.id, actor.role, sender_event_id, session, subject, and every string of
        the payload that is not free text (slice_id, decision_id, requested...); a sha256 digest is
        the only one exempt. Ids are stored as sent, so one that holds a secret or personal data
        must not be stored at all.

        With `strict` (the ingest channel): each id must have the shape of `memeval.audit._ids`
        (ASCII letters, digits and `_.:/-`, at most 128 characters, no `@` or spaces, no number of
        9 or more digits), which leaves no room for what presidio finds (e-mail, phone, card, IP,
        IBAN), and the regex-only credential rules read it (`Redactor.detect_credentials_many`:
        provider keys, JWTs, AWS key ids, SSNs, Luhn-valid cards). Without `strict` (the review
        queue and the report, one event at a time): every scanner reads it, presidio too.
        Either way each id is read as sent and with its separators (`_-/.:`) as spaces, since a
        scanner's word boundary does not split `mem_AKIA...`; lower-case plain ids (`plain_id`),
        ids made of the event's team and fixed parts or naming a tz zone (`made_of_checked_parts`)
        and ids found clean earlier in this process are not scanned (again).

        Args:
            drafts: the batch.
            scanned: id value -> its `Redaction`, computed ahead for this batch (`_parallel`);
                values found there are not scanned again (not used with `strict`).
            strict: validate the shape and scan with the credential rules only.
            strict_scanned: with `strict`, id value -> its findings computed ahead by the same
                default redactor (`strict_id_findings` in a worker, `_parallel`); values found
                there are not scanned again.

        Raises:
            AuditEventRejected: naming the event's index and field and the fix, never the value.
        """
        from memeval.audit._ids import ID_RULE, shape_problem

        fields = id_values(drafts)

        def who(i: int, name: str) -> str:
            return f"event {i} ({'its id' if name == 'sender_event_id' else repr(drafts[i].sender_event_id)})"

        clean = _STRICT_CLEAN if strict else _CLEAN_IDS
        if strict:
            # one pass: each value not found clean before gets its shape checked (the first wrong one
            # refuses the batch, before any scan) and, once, whether it is to be scanned, in the order met
            ready = strict_scanned or {}
            picked: dict[str, None] = {}
            for i, name, value in fields:
                if value in clean:
                    continue
                why = shape_problem(value)
                if why:
                    raise AuditEventRejected(
                        f"{who(i, name)}: field {name} is not an id: {why}. Ids are stored as sent, so each "
                        f"id field must be {ID_RULE}; send an id of your own (a counter, a hash or a UUID) "
                        "and put any text in the payload's free-text field, which is redacted",
                        index=i,
                    )
                if value not in picked and (
                    value in ready
                    or (not _PLAIN_ID.fullmatch(value) and not made_of_checked_parts(value, drafts[i].team))
                ):
                    picked[value] = None
            fresh = list(picked)
            ahead: Mapping[str, Any] = {}
        else:
            ready = {}
            ahead = scanned or {}
            fresh = list(
                dict.fromkeys(
                    v
                    for i, _, v in fields
                    if v not in clean and not _PLAIN_ID.fullmatch(v) and not made_of_checked_parts(v, drafts[i].team)
                )
            )
        variants = strict_variants if strict else id_variants
        cheap = getattr(self.redactor, "detect_credentials_many", None) if strict else None
        found: dict[str, Any]
        if cheap is not None:
            # each value's reading with the most findings, kept only when it has any (most ids have none)
            hits = {v: ready[v] for v in fresh if v in ready}
            hits.update(strict_id_findings(self.redactor, [v for v in fresh if v not in ready]))
            found = {v: _Found(most) for v in fresh if (most := hits[v])}
        else:
            read = {v: variants(v) for v in fresh}
            texts = [t for t in dict.fromkeys(x for v in fresh for x in read[v]) if t not in ahead]
            many = getattr(self.redactor, "redact_many", None)
            results = many(texts) if many is not None and texts else [self.redactor.redact(v) for v in texts]
            done = {**ahead, **dict(zip(texts, results, strict=True))}
            found = {v: max((done[x] for x in read[v]), key=lambda r: len(r.findings)) for v in fresh}
        for i, name, value in fields if found else ():  # most batches: nothing found, nothing to name
            red = found.get(value)
            if red is not None and red.findings:
                raise AuditEventRejected(
                    f"{who(i, name)}: field {name} looks like it holds "
                    f"a {red.findings[0].entity_type}; ids are stored as sent, so send an id "
                    "that carries no secret or personal data",
                    index=i,
                )
        if len(clean) > 50_000:
            clean.clear()
        clean.update([v for _, _, v in fields])

    def prescan_ids(self, drafts: Sequence[AuditEvent]) -> None:
        """Scan the ids `check_ids(drafts, strict=True)` would scan, and remember those it would pass.

        For a server that has time to spare while a worker redacts part of a batch: the check in
        `SqlAuditStore.append` then finds these values done. The same texts go to the same
        credential rules in the same call as in `check_ids`; a value is remembered only when it
        has the strict shape and no finding, so anything `check_ids` would refuse is still
        refused there, in its order. Raises nothing about the ids.
        """
        from memeval.audit._ids import shape_problem

        cheap = getattr(self.redactor, "detect_credentials_many", None)
        fresh = strict_id_candidates(drafts)
        if cheap is None or not fresh:
            return
        done = strict_id_findings(self.redactor, fresh)
        if len(_STRICT_CLEAN) > 50_000:
            _STRICT_CLEAN.clear()
        _STRICT_CLEAN.update(v for v in fresh if not done[v] and shape_problem(v) is None)

    def sanitize_many(
        self,
        drafts: Sequence[AuditEvent],
        sender: str,
        pre: Presanitized | None = None,
        *,
        strict_ids: bool = False,
        stored_already: frozenset[tuple[str, str]] = frozenset(),
    ) -> list[list[AuditEvent]]:
        """`sanitize` for a batch, one list per draft as `sanitize` would return.

        Every free text of the batch is redacted in one `redact_many` call (one scanner call per
        batch instead of per text) when the redactor has it.

        Args:
            drafts: validated events from one sender.
            sender: the authenticated sender.
            pre: the redactions and hold assessments of this very batch, computed ahead by the
                same (default) redactor and hold detector in a worker process (`_parallel`);
                used instead of computing them here.
            strict_ids: check ids with `check_ids(strict=True)` (the ingest channel).
            stored_already: (team, sender event id) of drafts this sender stored before
                (`_write.stored_already`): the write skips them as duplicates, so their texts are
                redacted with the batch's (a redaction depends on its batch) but not assessed for
                holding; their events here are never stored.
        """
        self.check_ids(
            drafts,
            pre.ids if pre is not None else None,
            strict=strict_ids,
            strict_scanned=pre.strict_ids if pre is not None else None,
        )
        if pre is not None:
            ahead = self.cut_across_events(drafts, pre.redactions, sender)
            return [self.sanitize(d, sender, ahead, pre.holds) for d in drafts]
        texts = [t for d in drafts for name in type(d.payload).FREE_TEXT if (t := getattr(d.payload, name))]
        many = getattr(self.redactor, "redact_many", None)
        unique = list(dict.fromkeys(texts))
        if many is not None and len(texts) > 1:
            done: dict[str, Any] = dict(zip(unique, many(unique), strict=True))
        else:
            done = {t: self.redactor.redact(t) for t in unique}
        across = self.cut_across_events(drafts, done, sender)
        fresh = [d for d in drafts if (d.team, d.sender_event_id) not in stored_already]
        holds = self.assess_holds(fresh, across)
        return [
            self.sanitize(d, sender, across, holds, assess=(d.team, d.sender_event_id) not in stored_already)
            for d in drafts
        ]

    def cut_across_events(
        self, drafts: Sequence[AuditEvent], done: Mapping[str, Any], sender: str | None = None
    ) -> Mapping[str, Any]:
        """`done` (free text -> its `Redaction`) with each key cut across two events of one stream blanked.

        `memeval.audit._streams.cut_across_events` with this sanitiser's redactor and stream ends (`ends`);
        `sender`, the batch's authenticated sender, also reads each text after the sender's text before it.
        """
        return cut_across_events(self.redactor, self.ends, drafts, done, sender)

    def assess_holds(self, drafts: Sequence[AuditEvent], redacted: Mapping[str, Any]) -> dict[tuple[str, str], Any]:
        """(redacted text, source) -> `HoldAssessment` of every memory or lesson text of the batch `_maybe_hold` reads.

        One `assess_many` call for the batch when the hold detector has it (the default one does:
        `memeval.hold._batch`, the same assessments for less CPU), else one `assess` per text.

        Args:
            drafts: the batch.
            redacted: each free text -> its `Redaction` (every memory and lesson text of the batch).
        """
        items = list(
            dict.fromkeys(
                (redacted[pl.text].text, pl.source)
                for d in drafts
                if isinstance(pl := d.payload, p.MemoryWritten | p.LessonProposed)
                and pl.released_hold is None
                and pl.text
            )
        )
        many = getattr(self.hold_detector, "assess_many", None)
        verdicts = many(items) if many is not None else [self.hold_detector.assess(t, s) for t, s in items]
        return dict(zip(items, verdicts, strict=True))

    def sanitize(
        self,
        draft: AuditEvent,
        sender: str,
        redacted: Mapping[str, Any] | None = None,
        holds: Mapping[tuple[str, str], Any] | None = None,
        *,
        assess: bool = True,
    ) -> list[AuditEvent]:
        """Redact, maybe hold, and count blanked secrets for one draft.

        Args:
            draft: a validated event from a sender (store fields unset).
            sender: the authenticated sender (makes derived ids unique).
            redacted: text -> its `Redaction`, already computed for a batch (`sanitize_many`).
            holds: (redacted text, source) -> its `HoldAssessment`, already computed.
            assess: False for a draft stored before (`sanitize_many`'s `stored_already`): its
                text is not assessed for holding, and the event returned is never stored.

        Returns:
            The events to append in order: the redacted draft or its `hold.created`, then the
            `secret.blanked` events.
        """
        payload = draft.payload
        names = type(payload).FREE_TEXT
        if not names:  # no free text (session.started, session.ended, ...): nothing to redact, nothing held
            return [draft]
        updates: dict[str, str] = {}
        blanked: list[AuditEvent] = []
        for name in names:
            text = getattr(payload, name)
            if not text:
                continue
            red = (redacted or {}).get(text) or self.redactor.redact(text)
            updates[name] = red.text
            if not red.findings:  # most texts: nothing blanked, no `secret.blanked`
                continue
            groups: dict[str, list[_Finding]] = defaultdict(list)
            for f in red.findings:
                groups[f.entity_type].append(f)
            if groups:
                from memeval.redact import fingerprint  # here: importing memeval.redact loads presidio
            for etype in sorted(groups):
                found = sorted(groups[etype], key=lambda f: f.start)
                blanked.append(
                    SecretBlankedEvent(
                        occurred_at=draft.occurred_at,
                        team=draft.team,
                        sender_event_id=f"{draft.sender_event_id}#blank.{name}.{etype}",
                        actor=REDACT_ACTOR,
                        session=draft.session,
                        payload=p.SecretBlanked(
                            of_event=draft.sender_event_id,
                            field=f"payload.{name}",
                            entity_type=etype,
                            count=len(found),
                            fingerprints=tuple(fingerprint(text[f.start : f.end], self.fingerprint_key) for f in found),
                            detector=",".join(sorted({f.detector for f in found})),
                            redactor_version=red.redactor_version,
                            names_scanned=red.names_scanned,
                        ),
                    )
                )
        changed = any(getattr(payload, name) != value for name, value in updates.items())
        clean = draft.model_copy(update={"payload": payload.model_copy(update=updates)}) if changed else draft
        return [self._maybe_hold(clean, sender, holds) if assess else clean, *blanked]

    def _maybe_hold(
        self, event: AuditEvent, sender: str, holds: Mapping[tuple[str, str], Any] | None = None
    ) -> AuditEvent:
        payload = event.payload
        if not isinstance(payload, p.MemoryWritten | p.LessonProposed):
            return event
        if payload.released_hold is not None:
            return event
        verdict = (holds or {}).get((payload.text, payload.source))
        if verdict is None:
            verdict = self.hold_detector.assess(payload.text, payload.source)
        if not verdict.held:
            return event
        assert event.subject is not None  # required for these types by the envelope
        return EVENT_ADAPTER.validate_python(
            {
                "type": "hold.created",
                "occurred_at": event.occurred_at,
                "team": event.team,
                "sender_event_id": event.sender_event_id,
                "actor": event.actor,
                "session": event.session,
                "subject": hold_id_for(event.team, sender, event.sender_event_id),
                "payload": p.HoldCreated(
                    origin=event.type,
                    item_id=event.subject,
                    kind=payload.kind if isinstance(payload, p.MemoryWritten) else "lesson",
                    text=payload.text,
                    source=payload.source,
                    score=float(verdict.score),
                    reasons=tuple(
                        p.HoldReasonOut(rule=r.rule, start=r.start, end=r.end, excerpt=r.excerpt)
                        for r in verdict.reasons
                    ),
                    detector=verdict.detector,
                ),
            }
        )
