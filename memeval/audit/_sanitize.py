"""Redaction and holding of an event's free text, before the store sees it.

`Sanitizer.sanitize(draft)` returns what the store appends for one draft: the draft with every
free-text field redacted (or, for a memory or lesson whose text reads like orders to an agent, a
`hold.created` in its place), followed by one `secret.blanked` per (field, entity type) redacted.
Called only from `SqlAuditStore.append`, the single write path.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import re
import zoneinfo
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from memeval.audit import _payloads as p
from memeval.audit._events import (
    EVENT_ADAPTER,
    Actor,
    AuditEvent,
    SecretBlankedEvent,
)
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


_PLAIN_ID = re.compile(r"[a-z]{1,12}(?:[_\-/.:][a-z0-9]{1,16}){1,3}|[a-z][a-z-]{0,39}|hd_[0-9a-f]{24}")
"""Ids too plain to hold a secret (`mem_07`, `les/fernhill/l1`, `reviewer`): lower-case words and
short parts, no run long enough for a key; and the store's own hold ids (`hold_id_for`: `hd_` and
24 hex of a sha256 digest, which the review queue sends back as the subject of each decision on a
hold; like a `sha256:` digest, not scanned). Everything else is scanned. The review queue makes
its own ids of such parts (`memeval.review.new_decision_id`, claim and comment ids), so a decision
or claim without free text loads no redaction engine."""
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_WEEK = r"\d{4}-W\d{2}"
_TEAM = r"[a-z0-9][a-z0-9_-]{0,62}"
_MADE_FOR_TEAM = re.compile(
    rf"(?P<team>{_TEAM})/{_WEEK}/v\d{{1,9}}/report\.pdf"
    rf"|report\.(?:generated|delivery):(?P<team2>{_TEAM})/{_WEEK}/v\d{{1,9}}(?::\d{{1,9}})?"
    rf"|{_WEEK}"
)
"""Ids the weekly report makes of checked parts (`memeval.auditreport`): its event ids
`report.generated:<team>/<week>/v<n>` and `report.delivery:<team>/<week>/v<n>:<attempt>`, the PDF's
place `<team>/<week>/v<n>/report.pdf` under the report folder, and an ISO week. With the event's own
team (whose shape leaves room for a lower-case key, but which every event stores as is) they add
nothing a scan could refuse, so they are not scanned (`made_of_checked_parts`)."""
_ID_SEPARATORS = re.compile(r"[_\-/.:]")
_CLEAN_IDS: set[str] = set()
"""Id values already scanned and found clean in this process (ids repeat: sessions, roles)."""
_STRICT_CLEAN: set[str] = set()
"""The same for `check_ids(strict=True)`: values of the strict shape that the credential rules passed."""


def plain_id(value: str) -> bool:
    """True when an id value is too plain to hold a secret (`_PLAIN_ID`), so it is not scanned."""
    return _PLAIN_ID.fullmatch(value) is not None


def made_of_checked_parts(value: str, team: str) -> bool:
    """True when an id is made only of its event's `team`, an ISO week, numbers and fixed words, or names an IANA zone.

    Such ids are the weekly report's own (`_MADE_FOR_TEAM`) and its `tz`: a zone name is one of
    the tz database's files (`zoneinfo.ZoneInfo` finds it), a closed list with no room for a secret.
    Not scanning them spares `memeval report weekly` and `report send` loading the redaction engine
    (about 2.5 s of CPU) for one event that carries nothing new.
    """
    m = _MADE_FOR_TEAM.fullmatch(value)
    if m is not None:
        return (m["team"] or m["team2"] or team) == team
    if not _ZONE_SHAPE.fullmatch(value) or value.split("/", 1)[0].casefold() not in _zone_tops(zoneinfo.TZPATH):
        return False  # `_zone_name`'s first test, here: ingested ids are mostly unique, and its cache would keep none
    return _zone_name(value)


@functools.lru_cache(maxsize=256)
def _zone_name(value: str) -> bool:
    """True when `value` is a key of the tz database (`Europe/London`, `UTC`).

    A value whose first part (before `/`) names no entry at the top of any tz folder
    (`_zone_tops`) is no key, so it is answered without looking on disk: ingested ids are mostly
    unique (`c3-fh-47-00232` has a zone's shape), and `zoneinfo.ZoneInfo` costs about 0.25 ms for
    each miss (it searches every folder of `zoneinfo.TZPATH`, then the `tzdata` package).
    """
    if not _ZONE_SHAPE.fullmatch(value) or value.split("/", 1)[0].casefold() not in _zone_tops(zoneinfo.TZPATH):
        return False
    try:
        zoneinfo.ZoneInfo(value)
    # not a zone (`Europe` is a folder, read as a file): the caller scans the value
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


@functools.lru_cache(maxsize=4)
def _zone_tops(tzpath: tuple[str, ...]) -> frozenset[str]:
    """The names (case-folded) at the top of each folder `zoneinfo.ZoneInfo` reads keys from.

    Those folders: each of `tzpath` (`zoneinfo.TZPATH`, keyed so that `zoneinfo.reset_tzpath` is
    followed) and the `tzdata` package's `zoneinfo` folder when it is installed. A key's first
    part is one of these names (`Europe`, `UTC`); case-folded, so a file system that ignores case
    loses nothing. A folder that exists but cannot be listed adds every name (no short cut).
    """
    tops: set[str] = set()
    roots: list[Any] = [Path(p) for p in tzpath]
    try:
        roots.append(importlib.resources.files("tzdata").joinpath("zoneinfo"))
    except ModuleNotFoundError:  # no tzdata package: ZoneInfo reads only the TZPATH folders
        pass
    for root in roots:
        try:
            if root.is_dir():
                tops.update(entry.name.casefold() for entry in root.iterdir())
        except OSError:  # cannot list it: ZoneInfo might still open a file there, so look on disk for every value
            return _EVERY_NAME
    return frozenset(tops)


class _EveryName(frozenset[str]):
    """A set that holds every string (`_zone_tops` when a tz folder cannot be listed)."""

    def __contains__(self, _item: object) -> bool:
        return True


_EVERY_NAME = _EveryName()

_ZONE_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9_+-]{0,30}(?:/[A-Za-z0-9_+-]{1,30}){0,2}")
"""What a tz database key looks like; anything else is not looked up on disk."""


def id_variants(value: str) -> tuple[str, str]:
    """An id value as sent and with its separators (`_-/.:`) read as spaces.

    A scanner's word boundary does not split `mem_AKIA...`, so both readings are scanned.
    """
    return value, _ID_SEPARATORS.sub(" ", value)


def strict_variants(value: str) -> tuple[str, ...]:
    """`id_variants` and, after each separator, the rest of the value (`ses_eyJ...` gives `eyJ...`).

    The credential rules that need no letter or digit before a key (`(?<![A-Za-z0-9_-])eyJ...`)
    do not see a JWT glued after `ses_`, and with every separator a space the JWT's own dots split
    it; the rest after each separator is the key as written.
    """
    tails = (value[m.end() :] for m in _ID_SEPARATORS.finditer(value))
    return tuple(dict.fromkeys((*id_variants(value), *(t for t in tails if t[:1].isalnum()))))


_CLEAN_READINGS: set[str] = set()
"""Readings (`strict_variants`) of ids that the credential rules found nothing in, in this process.

Ids share readings: `c3-fh-47-00232` and `c4-fh-47-00232` both read `fh-47-00232`, `47-00232` and
`00232` after a separator, and an event's subject often ends its session's id."""


def strict_id_findings(redactor: Any, values: Sequence[str]) -> dict[str, tuple[Any, ...]]:
    """Each id value -> the credential rules' findings in it (empty when clean), as `check_ids(strict=True)` reads it.

    A value is read in each of its `strict_variants`; its findings are those of the reading with
    the most (the first such), as in `check_ids`. The readings of all `values` go to the regex-only
    credential rules in one call (`redactor.detect_credentials_many`), except readings found
    clean earlier in this process (`_CLEAN_READINGS`), which count as clean again.

    Args:
        redactor: has `detect_credentials_many(texts) -> list[list[Finding]]` (`memeval.redact.Redactor`).
        values: id values to scan (the caller leaves out plain ids and ids of checked parts).

    Raises:
        RedactionError: a scanner failed.
    """
    read = {v: strict_variants(v) for v in dict.fromkeys(values)}
    texts = [t for t in dict.fromkeys(x for rs in read.values() for x in rs) if t not in _CLEAN_READINGS]
    hits: dict[str, list[Any]] = dict(zip(texts, redactor.detect_credentials_many(texts) if texts else [], strict=True))
    none: list[Any] = []
    out: dict[str, tuple[Any, ...]] = {}
    for v, rs in read.items():
        most: list[Any] = max((hits.get(x, none) for x in rs), key=len)
        out[v] = tuple(most)
    if len(_CLEAN_READINGS) > 200_000:
        _CLEAN_READINGS.clear()
    _CLEAN_READINGS.update(t for t in texts if not hits[t])
    return out


def strict_id_candidates(drafts: Sequence[AuditEvent]) -> list[str]:
    """The id values of `drafts` that `check_ids(strict=True)` would scan, in order, each once.

    Every id field's value (`id_values`) but plain ids (`plain_id`), ids made of checked parts
    (`made_of_checked_parts`) and values found clean before in this process (`_STRICT_CLEAN`).
    """
    return list(
        dict.fromkeys(
            v
            for i, _, v in id_values(drafts)
            if v not in _STRICT_CLEAN and not _PLAIN_ID.fullmatch(v) and not made_of_checked_parts(v, drafts[i].team)
        )
    )


def id_values(drafts: Sequence[AuditEvent]) -> list[tuple[int, str, str]]:
    """(draft index, field name, value) of every set id field `Sanitizer.check_ids` checks.

    The id fields: actor.id, actor.role, sender_event_id, session, subject, and every string of the
    payload that is not free text (slice_id, decision_id, requested...); a sha256 digest is the only
    id not scanned.
    """
    fields: list[tuple[int, str, str]] = []
    add = fields.append
    for i, d in enumerate(drafts):
        actor = d.actor
        for name, value in (
            ("actor.id", actor.id),
            ("actor.role", actor.role),
            ("sender_event_id", d.sender_event_id),
            ("session", d.session),
            ("subject", d.subject),
        ):
            if value:
                add((i, name, value))
        free = type(d.payload).FREE_TEXT
        for k, v in vars(d.payload).items():
            # a digest is the only id not scanned; `startswith` spares the pattern for every other value
            if isinstance(v, str) and v and k not in free and not (v.startswith("sha256:") and _DIGEST.fullmatch(v)):
                add((i, _PAYLOAD_NAMES.get(k) or _PAYLOAD_NAMES.setdefault(k, f"payload.{k}"), v))
    return fields


_PAYLOAD_NAMES: dict[str, str] = {}
"""Payload field name -> its name as `id_values` reports it (`payload.<name>`), made once a field."""


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

        if strict:
            for i, name, value in fields:
                why = shape_problem(value) if value not in _STRICT_CLEAN else None
                if why:
                    raise AuditEventRejected(
                        f"{who(i, name)}: field {name} is not an id: {why}. Ids are stored as sent, so each "
                        f"id field must be {ID_RULE}; send an id of your own (a counter, a hash or a UUID) "
                        "and put any text in the payload's free-text field, which is redacted",
                        index=i,
                    )
        ahead = {} if strict else (scanned or {})
        clean = _STRICT_CLEAN if strict else _CLEAN_IDS
        ready = (strict_scanned or {}) if strict else {}
        fresh = list(
            dict.fromkeys(
                v
                for i, _, v in fields
                if v not in clean
                and (v in ready or (not _PLAIN_ID.fullmatch(v) and not made_of_checked_parts(v, drafts[i].team)))
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
        for i, name, value in fields:
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
        clean.update(v for _, _, v in fields)

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
        self, drafts: Sequence[AuditEvent], sender: str, pre: Presanitized | None = None, *, strict_ids: bool = False
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
        """
        self.check_ids(
            drafts,
            pre.ids if pre is not None else None,
            strict=strict_ids,
            strict_scanned=pre.strict_ids if pre is not None else None,
        )
        if pre is not None:
            return [self.sanitize(d, sender, pre.redactions, pre.holds) for d in drafts]
        texts = [t for d in drafts for name in type(d.payload).FREE_TEXT if (t := getattr(d.payload, name))]
        many = getattr(self.redactor, "redact_many", None)
        unique = list(dict.fromkeys(texts))
        if many is not None and len(texts) > 1:
            done: dict[str, Any] = dict(zip(unique, many(unique), strict=True))
        else:
            done = {t: self.redactor.redact(t) for t in unique}
        holds = self.assess_holds(drafts, done)
        return [self.sanitize(d, sender, done, holds) for d in drafts]

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
    ) -> list[AuditEvent]:
        """Redact, maybe hold, and count blanked secrets for one draft.

        Args:
            draft: a validated event from a sender (store fields unset).
            sender: the authenticated sender (makes derived ids unique).
            redacted: text -> its `Redaction`, already computed for a batch (`sanitize_many`).
            holds: (redacted text, source) -> its `HoldAssessment`, already computed.

        Returns:
            The events to append in order: the redacted draft or its `hold.created`, then the
            `secret.blanked` events.
        """
        payload = draft.payload
        updates: dict[str, str] = {}
        blanked: list[AuditEvent] = []
        for name in type(payload).FREE_TEXT:
            text = getattr(payload, name)
            if not text:
                continue
            red = (redacted or {}).get(text) or self.redactor.redact(text)
            updates[name] = red.text
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
        return [self._maybe_hold(clean, sender, holds), *blanked]

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
