"""Which id values of an event the credential rules read, and how (`Sanitizer.check_ids`'s readings).

Ids are stored as sent, so ingest scans them for secrets (`memeval.audit._sanitize.Sanitizer.check_ids`,
the shape itself in `memeval.audit._ids`). This module decides which values need no scan (plain
lower-case ids, the weekly report's own ids, tz zone names, values found clean earlier in this
process), lists an event's id fields (`id_values`), reads a value in its variants (`id_variants`,
`strict_variants`) and scans a batch's values with the regex-only credential rules in one call
(`strict_id_findings`), in the writer or ahead of it in a worker (`memeval.audit._parallel`).
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import zoneinfo
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: the event models load SQLAlchemy, which an ingest worker does not need
    from memeval.audit._events import AuditEvent

_PLAIN_ID = re.compile(
    r"(?![a-z0-9_\-/.:]*(?:pass|pwd|secret|token|key|auth|cred))"
    r"(?:[a-z]{1,12}(?:[_\-/.:][a-z0-9]{1,16}){1,3}|[a-z][a-z-]{0,39})|hd_[0-9a-f]{24}"
)
"""Ids too plain to hold a secret (`mem_07`, `les/fernhill/l1`, `reviewer`): lower-case words and
short parts, no run long enough for a key, and no word a credential is named by (`password:hunter2secret`,
`token:ab12cd34ef56ab78`, `db/passwd-...` have this shape, and the credential rules read a value after
such a word as a password: breaker33 found them stored unscanned); and the store's own hold ids
(`hold_id_for`: `hd_` and 24 hex of a sha256 digest, which the review queue sends back as the subject of each
decision on a hold; like a `sha256:` digest, not scanned). Everything else is scanned. The review queue makes
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
    # every one of `_MADE_FOR_TEAM`'s shapes holds an ISO week, so `-W`: most ids are answered without the pattern
    m = _MADE_FOR_TEAM.fullmatch(value) if "-W" in value else None
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
    return value, value.translate(_TO_SPACE)


_TO_SPACE = str.maketrans(dict.fromkeys("_-/.:", " "))
"""`_ID_SEPARATORS` as a `str.translate` table (each separator to a space): the same text as
`_ID_SEPARATORS.sub(" ", value)` for a fraction of its CPU."""


def strict_variants(value: str) -> tuple[str, ...]:
    """`id_variants` and, after each separator, the rest of the value (`ses_eyJ...` gives `eyJ...`).

    The credential rules that need no letter or digit before a key (`(?<![A-Za-z0-9_-])eyJ...`)
    do not see a JWT glued after `ses_`, and with every separator a space the JWT's own dots split
    it; the rest after each separator is the key as written.
    """
    spaced = value.translate(_TO_SPACE)
    if spaced == value:  # no separator: one reading, no tails
        return (value,)
    out = {value: None, spaced: None}
    for m in _ID_SEPARATORS.finditer(value):
        tail = value[m.end() :]
        if tail[:1].isalnum():
            out[tail] = None
    return tuple(out)


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
    found = redactor.detect_credentials_many(texts) if texts else []
    if not any(found):  # most batches: nothing in any reading
        if len(_CLEAN_READINGS) > 200_000:
            _CLEAN_READINGS.clear()
        _CLEAN_READINGS.update(texts)
        return dict.fromkeys(read, ())
    hits: dict[str, list[Any]] = dict(zip(texts, found, strict=True))
    out: dict[str, tuple[Any, ...]] = {}
    for v, rs in read.items():
        most: list[Any] = []  # the first reading with the most findings (`max` by length); most have none
        for x in rs:
            found = hits.get(x)
            if found and len(found) > len(most):
                most = found
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
    names = _PAYLOAD_NAMES
    for i, d in enumerate(drafts):
        actor = d.actor
        # the envelope's id fields in this order, each when set (`sender_event_id` always is)
        if actor.id:
            add((i, "actor.id", actor.id))
        if actor.role:
            add((i, "actor.role", actor.role))
        if d.sender_event_id:
            add((i, "sender_event_id", d.sender_event_id))
        if d.session:
            add((i, "session", d.session))
        if d.subject:
            add((i, "subject", d.subject))
        pl = d.payload
        free = pl.FREE_TEXT
        for k, v in pl.__dict__.items():
            # a digest is the only id not scanned; `startswith` spares the pattern for every other value
            if isinstance(v, str) and v and k not in free and not (v.startswith("sha256:") and _DIGEST.fullmatch(v)):
                add((i, names.get(k) or names.setdefault(k, f"payload.{k}"), v))
    return fields


_PAYLOAD_NAMES: dict[str, str] = {}
"""Payload field name -> its name as `id_values` reports it (`payload.<name>`), made once a field."""
