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

import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from memeval._collector import collector_paused
from memeval.audit._authority import Limits
from memeval.audit._events import EVENT_ADAPTER, AuditEvent
from memeval.audit._ingest_words import describe_validation as describe_validation  # the HTTP ingest's too
from memeval.audit._parallel import MIN_EVENTS, Presanitized, presanitize, worker_count
from memeval.audit._store import AppendResult, AuditStore, SqlAuditStore
from memeval.audit._tasks import write_group
from memeval.errors import AuditEventRejected, AuditStoreError
from memeval.sigint import stop_if_interrupted

MAX_REPORTED = 20
"""At most this many bad lines are listed in one error."""


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
    # every draft stays alive: the collector's passes would free nothing. Only for a large input: leaving
    # the pause moves every object the process tracks (the loaded redactor's and hold detector's too)
    # to the oldest generation, and one event at a time that brought full passes over them all (the
    # sample week sent live, an event a call: 3.9 -> 6.4 CPU s, lead 2026-12-06)
    large = isinstance(lines, Sequence) and len(lines) >= MIN_EVENTS
    with collector_paused() if large else nullcontext():
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
            with collector_paused():  # see `ingest_parsed`
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
    in_workers = workers > 0 and len(chunks) > 1 and len(parsed) >= MIN_EVENTS
    ahead: Iterable[Presanitized | None] = (
        presanitize([[ev for _, ev in c] for c in chunks], workers) if in_workers else [None] * len(chunks)
    )
    # every draft stays alive until the last batch is stored: the collector's full passes walked
    # them all and freed nothing (about a tenth of the writer's CPU on a 20,000-event file, 2026-12-06).
    # Only when workers redact: where this process runs the redactor and hold detector itself, their
    # short-lived cycles piled up with the collector off (the sample week's ingest 3.9 -> 6.4 CPU s).
    with collector_paused() if in_workers else nullcontext():
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

    Batches the workers sanitised go to the store up to `_tasks.write_group` at a time, in one
    transaction (`SqlAuditStore.append_group`: one commit and one lock for about
    `_tasks.WRITE_EVENTS` events), when no two of them share an event id (`_distinct_keys`); a
    group the store refuses is appended again one batch at a time, which refuses the same batch
    with its own line and keeps the batches before it, as one batch at a time always did.
    """
    total = AppendResult(0, 0, 0, 0, 0, {})
    batches = 0
    done = 0
    results = iter(ahead)
    try:
        for first in results:
            stop_if_interrupted()  # a ^C whose exception a weakref callback swallowed stops here
            group = [first]
            if first is not None:  # the workers' results: the next ones of the group too (`_tasks.write_group`)
                group += itertools.islice(results, write_group(len(chunks[batches])) - 1)
            ready = [pre for pre in group if pre is not None]
            ours = chunks[batches : batches + len(group)]
            if 1 < len(ready) == len(group) and isinstance(store, SqlAuditStore) and _distinct_keys(ours):
                try:
                    res = store.append_group([[ev for _, ev in chunk] for chunk in ours], ready, sender=sender)
                except (AuditEventRejected, AuditStoreError):
                    pass  # rolled back: one batch at a time below says which, and keeps those before it
                else:
                    total = _add(total, res)
                    for chunk in ours:
                        batches += 1
                        done += len(chunk)
                        if on_progress is not None:
                            on_progress(done, total_events)
                    continue
            for pre in group:
                if pre is not group[0]:
                    stop_if_interrupted()
                total = _add(total, _write_one(store, chunks[batches], pre, sender, batches))
                batches += 1
                done += len(chunks[batches - 1])
                if on_progress is not None:
                    on_progress(done, total_events)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()  # stops the workers when a batch was refused
    return IngestResult(total_events, batches, total)


def _write_one(
    store: AuditStore, chunk: Sequence[tuple[int, AuditEvent]], pre: Presanitized | None, sender: str, before: int
) -> AppendResult:
    """Append one batch (`chunk`, sanitised ahead as `pre` or by the writer when None), after `before` batches.

    Raises:
        AuditEventRejected: a refused event, with its line (`.line`), the batches stored before
            (`.stored_batches`) and both in its message.
    """
    try:
        drafts = [ev for _, ev in chunk]
        return (
            store.append(drafts, sender=sender, origin="ingest")
            if pre is None
            else store.append(drafts, sender=sender, origin="ingest", presanitized=pre)  # type: ignore[call-arg]  # workers run only for SqlAuditStore
        )
    except AuditEventRejected as exc:
        line = chunk[exc.index][0] if exc.index is not None else None
        kept = f"; the {before} earlier batch(es) stay stored" if before else ""
        exc.line = line
        exc.stored_batches = before
        exc.args = (f"line {line}: {exc} (nothing of this batch was stored{kept})",)
        raise


def _distinct_keys(chunks: Sequence[Sequence[tuple[int, AuditEvent]]]) -> bool:
    """True when no (team, sender event id) is in two of `chunks` (one chunk may repeat its own).

    Only such batches are appended as one group: an event sent again in a later batch is then
    compared with the stored one exactly as a batch of its own would compare it.
    """
    seen: set[tuple[str, str]] = set()
    for chunk in chunks:
        own = {(ev.team, ev.sender_event_id) for _, ev in chunk}
        if not seen.isdisjoint(own):
            return False
        seen |= own
    return True


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
