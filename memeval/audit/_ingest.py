"""Reading audit events from JSON Lines and handing them to the store's write path.

Batch semantics (documented in `audit/SCHEMA.md`): a batch is stored entirely or not at all. A file
is one batch unless `batch_size` is given; then each run of `batch_size` lines is its own batch and
batches before a bad one stay stored. Every malformed line of the file is reported with its line
number before anything is stored. Large inputs (`_parallel.MIN_EVENTS` events or more, in more than
one batch) are redacted, assessed and their ids scanned in worker processes ahead of the writer
(`ingest_parsed`). Re-ingesting the same
file is safe: events already stored (same team, sender and sender event id) are skipped; the same
events sent again under another sender name are refused (`ResentUnderAnotherSender`), whatever the
batch size, so they are never stored twice.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from memeval.audit._authority import Limits
from memeval.audit._events import EVENT_ADAPTER, AuditEvent
from memeval.audit._parallel import MIN_EVENTS, Presanitized, presanitize, worker_count
from memeval.audit._payloads import ID_SHAPE, ROLE_SHAPE, TEAM_SHAPE
from memeval.audit._simple import TEAM_WORDS
from memeval.audit._store import AppendResult, AuditStore, SqlAuditStore
from memeval.errors import AuditEventRejected
from memeval.sigint import stop_if_interrupted

MAX_REPORTED = 20
"""At most this many bad lines are listed in one error."""


@functools.cache
def _schema_names() -> frozenset[str]:
    """Every property name and constant of the event schema (the names an error path may hold)."""
    names: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                names.update(props)
            if isinstance(node.get("const"), str):  # an event type: the union's tag in a path
                names.add(node["const"])
            names.update(v for v in node.get("enum", ()) if isinstance(v, str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(EVENT_ADAPTER.json_schema())
    return frozenset(names)


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
"""The shape of a sender's key that may be echoed in an error (a name, not an address or a number)."""


def _shown_key(part: str | int) -> str:
    """One step of an error's field path as it may be shown.

    A schema name or an index as written; a sender's own key only when it is a plain name
    (`_PLAIN_KEY`) and the redactor finds nothing in it, so a secret or personal datum used as a
    key is never echoed to the sender, the terminal or a log.
    """
    if isinstance(part, int) or part in _schema_names():
        return str(part)
    from memeval.redact import get_redactor  # only on this error path: presidio is heavy

    if _PLAIN_KEY.fullmatch(part) and not get_redactor().detect(part):
        return part
    return f"<a key of {len(part)} characters, not shown>"


_PLAIN_TYPE = re.compile(r"[A-Za-z]{1,20}(?:[._][A-Za-z]{1,20}){0,3}")
"""The shape of an unknown `type` that may be echoed in an error: words of letters joined by `.` or `_`
(no digit, no `-`: nothing a key, an address or a number fits)."""


def _type_reason(err: Any) -> str | None:
    """The reason for a missing or unknown `type`, in the schema's words; None for any other error.

    pydantic says "Unable to extract tag using discriminator" and lists every type, the store's and
    the review queue's included, with the value sent. Here: the types a sender may send
    (`INGEST_TYPES`, in the schema's order), the closest one when the value is near one, and the
    value itself only when it has a type's shape (`_PLAIN_TYPE`), so a key sent as `type` is never echoed.
    """
    from difflib import get_close_matches
    from typing import get_args

    from memeval.audit._authority import INGEST_TYPES
    from memeval.audit._events import EventType

    sendable = [t for t in get_args(EventType) if t in INGEST_TYPES]
    listed = f"a sender sends one of {', '.join(sendable)} (audit/SCHEMA.md)"
    if err["type"] == "union_tag_not_found":
        return f"type: missing: {listed}"
    if err["type"] != "union_tag_invalid":
        return None
    tag = str(err.get("ctx", {}).get("tag", ""))
    if not _PLAIN_TYPE.fullmatch(tag):
        return f"type: not an event type (the value is not shown): {listed}"
    close = get_close_matches(tag.casefold(), sendable, n=1, cutoff=0.75)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"type: {tag!r} is not an event type{hint}: {listed}"


def _refused_type(errors: list[Any]) -> str | None:
    """Why the event's type may not be sent at all, when its payload failed as that type; else None.

    A decision (`lesson.approved`), a store-only or a report type sent with a payload that does not
    fit it was answered with that type's field errors ("decision_id: Field required"), and once the
    fields were fixed the event was refused anyway: the refusal comes first now.
    """
    from memeval.audit._authority import INGEST_TYPES, ORIGIN_TYPES, STORE_TYPES, refused_type_message

    known = set().union(*ORIGIN_TYPES.values(), STORE_TYPES)
    for err in errors:
        tag = err["loc"][0] if err["loc"] else None
        if isinstance(tag, str) and tag in known and tag not in INGEST_TYPES:
            return refused_type_message(tag, "ingest")
    return None


def describe_validation(exc: ValidationError) -> str:
    """A short reason from a pydantic error: field path and message.

    Never the input value, and never a key that may be a secret (`_shown_key`); a missing or
    unknown `type` is said in the schema's words (`_type_reason`).
    """
    errors = exc.errors()
    refused = _refused_type(errors)
    if refused is not None:
        return refused
    parts = []
    for err in errors[:3]:
        about_type = _type_reason(err)
        if about_type is not None:
            parts.append(about_type)
            continue
        loc = ".".join(_shown_key(x) for x in err["loc"] if not str(x).startswith("function-after"))
        parts.append(f"{loc or 'event'}: {_worded(err)}")
    return "; ".join(parts)


_SHAPE_WORDS = {
    ID_SHAPE: "not an id: use 1-128 ASCII letters, digits and _ . : / -, starting with a letter or digit, "
    "no spaces (e.g. ses_042)",
    TEAM_SHAPE: TEAM_WORDS,
    ROLE_SHAPE: "not a role: use a lower-case label of 1-40 ASCII letters, digits, _ or -, starting with a "
    "letter (e.g. support-agent)",
}
"""What each field shape of a sendable event asks for, in words (pydantic shows the regex)."""

_WHEN = "write it in ISO 8601 with its zone, e.g. 2026-11-24T09:05:00Z (or +01:00 for an offset)"


def _worded(err: Any) -> str:
    """Pydantic's message for one error, with a field shape or a time said as what to write instead.

    A value that does not fit an id, team or role shape read "String should match pattern
    '^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$'", and a time without a zone "Input should have timezone
    info": now the shape in words with an example, and how to write the time. The value itself is
    still never shown (it may be a secret).
    """
    kind = err["type"]
    if kind == "string_pattern_mismatch":
        return f"{_SHAPE_WORDS.get(str(err.get('ctx', {}).get('pattern')), err['msg'])} (the value is not shown)"
    if kind == "timezone_aware":
        return f"a time with no time zone: {_WHEN}"
    if kind.startswith(("datetime_", "date_")):
        return f"not a date and time: {_WHEN}"
    return str(err["msg"])


def parse_event(data: Any) -> AuditEvent:
    """Validate one decoded JSON value as an event draft.

    Raises:
        ValueError: not an object; pydantic.ValidationError: the event is invalid.
    """
    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, got {type(data).__name__}")
    return EVENT_ADAPTER.validate_python(data)


def parse_lines(lines: Iterable[str], *, limits: Limits | None = None) -> list[tuple[int, AuditEvent]]:
    """Parse JSON Lines (blank lines skipped) into (line number, draft) pairs.

    A line longer than `limits.max_event_bytes` is reported as malformed without being parsed.

    Raises:
        AuditEventRejected: one or more lines are malformed; the message lists each line number
            and reason (up to `MAX_REPORTED`) and `.line` is the first.
    """
    bad: list[tuple[int, str]] = []
    good = list(_parse_each(lines, limits, bad))
    _refuse_bad(bad)
    return good


def _parse_each(
    lines: Iterable[str], limits: Limits | None, bad: list[tuple[int, str]]
) -> Iterator[tuple[int, AuditEvent]]:
    """`parse_lines`' reading, a line at a time: yields each good line's (number, draft), adds each bad one to `bad`."""
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        too_big = (
            limits.event_too_big(len(line.encode())) if limits and len(line) * 4 > limits.max_event_bytes else None
        )
        if too_big:
            bad.append((n, too_big))
            continue
        event = _read_event(line)
        if event is not None:
            yield n, event
            continue
        try:
            event = parse_event(json.loads(line))
        except json.JSONDecodeError as exc:
            # some of json's messages end in "at" ("Unterminated string starting at"): say it once
            bad.append((n, f"not JSON ({exc.msg.removesuffix(' at')} at column {exc.colno})"))
        except RecursionError:
            bad.append((n, "not an event: JSON nested deeper than the parser follows"))
        except ValidationError as exc:
            bad.append((n, describe_validation(exc)))
        except ValueError as exc:
            bad.append((n, str(exc)))
        else:
            yield n, event


def _read_event(line: str) -> AuditEvent | None:
    """The draft in one JSON line, read by pydantic from the text (no `dict` in between), or None when it fails.

    About 40% less CPU than `json.loads` and then `parse_event` (10.4 against 6.3 us an event on
    the bench's events). A line it refuses, for any reason, is read again the old way by
    `_parse_each`, which words the reason (its messages are the ones users know). A line it takes
    gives the draft the old way gives: checked on the bench's events and on duplicate keys, escaped
    surrogates, a BOM, raw control characters, NaN, huge numbers, deep nesting and trailing text
    (each either read alike or refused by both).
    """
    try:
        return EVENT_ADAPTER.validate_json(line)
    except ValueError:  # pydantic's ValidationError is a ValueError; the old reading says why
        return None


def _refuse_bad(bad: list[tuple[int, str]]) -> None:
    """Raise `parse_lines`' error for the malformed lines `bad` (line number, reason), if any."""
    if bad:
        listed = "\n".join(f"  line {n}: {why}" for n, why in bad[:MAX_REPORTED])
        more = f"\n  ... and {len(bad) - MAX_REPORTED} more" if len(bad) > MAX_REPORTED else ""
        raise AuditEventRejected(
            f"{len(bad)} malformed line(s), nothing was stored; fix them and ingest again:\n{listed}{more}",
            index=None,
            line=bad[0][0],
        )


@dataclass(frozen=True)
class IngestResult:
    """Totals of one ingest call.

    Attributes:
        lines: events read.
        batches: batches appended.
        result: the summed `AppendResult`.
    """

    lines: int
    batches: int
    result: AppendResult


def ingest_lines(
    store: AuditStore,
    lines: Iterable[str],
    *,
    sender: str,
    batch_size: int = 0,
    on_progress: Callable[[int, int], None] | None = None,
) -> IngestResult:
    """Parse and append JSON Lines events (see the module docstring for batch semantics).

    When `ingest_parsed` would hand the batches to worker processes (a list of lines whose
    `_parallel.MIN_EVENTS` or more events make more than one batch), the lines are parsed as the
    workers take them (`_parallel.presanitize` reads the batches lazily): the workers redact the
    first batches while the rest is parsed. Every line is still parsed, and every malformed one
    reported, before anything is stored.

    Args:
        store: the audit store.
        lines: the input lines.
        sender: sender name recorded on each event (idempotency is per sender).
        batch_size: events per batch; 0 means the whole input is one batch.
        on_progress: see `ingest_parsed`.

    Raises:
        AuditEventRejected: malformed lines, or a refused event (`.line` names its line).
    """
    limits = store.limits if isinstance(store, SqlAuditStore) else None
    workers = _pool_workers(store)
    if workers > 0 and batch_size > 0 and isinstance(lines, Sequence):
        count = sum(1 for line in lines if line.strip())  # the events, when no line is malformed
        if count >= MIN_EVENTS and count > batch_size:
            chunks: list[Sequence[tuple[int, AuditEvent]]] = []
            drafts = _parsed_batches(lines, limits, batch_size, chunks)
            return _write_batches(store, chunks, presanitize(drafts, workers), count, sender, on_progress)
    parsed = parse_lines(lines, limits=limits)
    return ingest_parsed(store, parsed, sender=sender, batch_size=batch_size, on_progress=on_progress)


def _parsed_batches(
    lines: Sequence[str], limits: Limits | None, size: int, chunks: list[Sequence[tuple[int, AuditEvent]]]
) -> Iterator[list[AuditEvent]]:
    """Parse `lines` `size` events at a time: add each batch's (line, draft) pairs to `chunks`, yield its drafts.

    After the first malformed line nothing more is yielded (the workers get no more work); the
    rest is parsed to list every malformed line, raised at the end as `parse_lines` raises it.
    """
    bad: list[tuple[int, str]] = []
    chunk: list[tuple[int, AuditEvent]] = []
    for item in _parse_each(lines, limits, bad):
        chunk.append(item)
        if len(chunk) == size and not bad:
            chunks.append(chunk)
            yield [ev for _, ev in chunk]
            chunk = []
    _refuse_bad(bad)
    if chunk:
        chunks.append(chunk)
        yield [ev for _, ev in chunk]


def _pool_workers(store: AuditStore) -> int:
    """The worker processes a large ingest into `store` uses (0 unless it runs the default engines)."""
    return worker_count() if isinstance(store, SqlAuditStore) and store.default_engines else 0


def ingest_parsed(
    store: AuditStore,
    parsed: Sequence[tuple[int, AuditEvent]],
    *,
    sender: str,
    batch_size: int = 0,
    on_progress: Callable[[int, int], None] | None = None,
) -> IngestResult:
    """Append events `parse_lines` returned (see the module docstring for batch semantics).

    Inputs of `_parallel.MIN_EVENTS` events or more in more than one batch are redacted, assessed
    and their ids scanned in worker processes (`_parallel.presanitize`), ahead of the writer, when
    the store runs the default engines. One batch is sanitised by the writer itself: split among
    workers, its free text would be redacted in several scanner calls, and a batch's call blanks a
    value found in one of its texts wherever it appears in the others (`Redactor.detect_many`),
    so the stored bytes could differ.

    Args:
        store: the audit store.
        parsed: (line number, draft) pairs (`parse_lines`).
        sender: sender name recorded on each event (idempotency is per sender).
        batch_size: events per batch; 0 means the whole input is one batch.
        on_progress: called as `on_progress(done, total)` after each batch is written, with the
            events done out of `len(parsed)`.

    Raises:
        AuditEventRejected: a refused event (`.line` names its line).
    """
    size = batch_size if batch_size > 0 else max(len(parsed), 1)
    chunks = [parsed[k : k + size] for k in range(0, len(parsed), size)]
    workers = _pool_workers(store)
    ahead: Iterable[Presanitized | None] = (
        presanitize([[ev for _, ev in c] for c in chunks], workers)
        if workers > 0 and len(chunks) > 1 and len(parsed) >= MIN_EVENTS
        else [None] * len(chunks)
    )
    return _write_batches(store, chunks, ahead, len(parsed), sender, on_progress)


def _write_batches(
    store: AuditStore,
    chunks: Sequence[Sequence[tuple[int, AuditEvent]]],
    ahead: Iterable[Presanitized | None],
    total_events: int,
    sender: str,
    on_progress: Callable[[int, int], None] | None,
) -> IngestResult:
    """Append `chunks` in order, the k-th with the k-th result of `ahead` (None: sanitised by the writer).

    `chunks` may grow while `ahead` is read (`_parsed_batches` fills it): the k-th chunk is taken
    after the k-th result. An error raised by `ahead` (malformed lines) goes up as it is; a
    refused event gets its line number and the count of batches stored before it.
    """
    total = AppendResult(0, 0, 0, 0, 0, {})
    batches = 0
    done = 0
    results = iter(ahead)
    try:
        for k, pre in enumerate(results):
            stop_if_interrupted()  # a ^C whose exception a weakref callback swallowed stops here
            chunk = chunks[k]
            try:
                drafts = [ev for _, ev in chunk]
                res = (
                    store.append(drafts, sender=sender, origin="ingest")
                    if pre is None
                    else store.append(drafts, sender=sender, origin="ingest", presanitized=pre)  # type: ignore[call-arg]  # workers run only for SqlAuditStore
                )
            except AuditEventRejected as exc:
                line = chunk[exc.index][0] if exc.index is not None else None
                kept = f"; the {batches} earlier batch(es) stay stored" if batches else ""
                exc.line = line
                exc.stored_batches = batches
                exc.args = (f"line {line}: {exc} (nothing of this batch was stored{kept})",)
                raise
            batches += 1
            total = _add(total, res)
            done += len(chunk)
            if on_progress is not None:
                on_progress(done, total_events)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()  # stops the workers when a batch was refused
    return IngestResult(total_events, batches, total)


def _add(a: AppendResult, b: AppendResult) -> AppendResult:
    seqs = dict(a.seqs)
    for team, (first, last) in b.seqs.items():
        seqs[team] = (seqs.get(team, (first, last))[0], last)
    return AppendResult(
        a.stored + b.stored,
        a.duplicates + b.duplicates,
        a.noops + b.noops,
        a.held + b.held,
        a.secrets_blanked + b.secrets_blanked,
        seqs,
        a.released + b.released,
        a.held_on_budget + b.held_on_budget,
        a.changed_resends + b.changed_resends,
    )
