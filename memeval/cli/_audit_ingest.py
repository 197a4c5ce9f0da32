"""What `memeval audit ingest` needs beside the command itself.

Its progress bar, its clean-up of a store it made and left empty, its messages for events sent again
under another sender name and for a ^C that ended it. Split from `memeval.cli.audit` (the command itself stays there).
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from memeval.errors import AuditEventRejected, TransitionRefused

if TYPE_CHECKING:
    from memeval.audit import NewStore, SqlAuditStore


def remove_new_store(made: NewStore | None, store: SqlAuditStore | None) -> None:
    """Remove the store this run created, when it holds no event (`memeval.audit.new_store_files`); nothing else.

    A run that failed after some batches were stored keeps them (they are reported as stored).
    The engines are closed first. A folder is removed only when empty; the key file only when
    this run made it (it keys no stored fingerprint).
    """
    if made is None:
        return
    if store is not None:
        from sqlalchemy.exc import SQLAlchemyError

        try:
            if store.teams():  # some batch was stored: it stays, with its key
                return
        except SQLAlchemyError:  # cannot tell whether it holds events: it stays, and the run's own error is shown
            return
        store.engine.dispose()
        store.write_engine.dispose()
    for f in made.files:
        f.unlink(missing_ok=True)
    if made.key is not None:
        made.key.unlink(missing_ok=True)
    for folder in made.folders:  # deepest first, each list
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def interrupted_ingest(file: str, written: int, total: int, sender: str) -> str:
    """What a ^C that ended `memeval audit ingest FILE` says: how much of the file is stored, and how to go on.

    Args:
        file: the file as given (`-` for standard input).
        written: input events of the batches written before the ^C, as `ingest_parsed`'s progress last said
            (a batch written in the instant before the ^C may not be counted yet: at least this many).
        total: the file's events.
        sender: the `--sender`, which the command to go on must name again (idempotency is per sender).

    Returns:
        One line: at least `written` of `total` events stored in whole batches (when none was reported, only
        that batches are whole), and the command that stores the rest, skipping what is stored.
    """
    again = (
        f"memeval audit ingest {shlex.quote(file)} --sender {shlex.quote(sender)}"
        if file != "-"
        else f"ingest it again with --sender {shlex.quote(sender)}"
    )
    if written == 0:  # none reported: a batch written in the instant before the ^C may still be stored
        return (
            f"interrupted: {file} is stored in whole batches only (each all or nothing); {again} stores what is "
            "not stored yet (events already stored are skipped)"
        )
    return (
        f"interrupted: at least {written:,} of {total:,} events of {file} are stored, in whole batches; "
        f"{again} stores the rest (events already stored are skipped)"
    )


@contextmanager
def ingest_bar(total: int, *, show: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar of events done on stderr while the ingest runs, when `show` (a terminal, no --quiet).

    Yields the `on_progress(done, total)` callback `ingest_parsed` calls; it does nothing when hidden.
    """
    if not show:
        yield lambda _done, _total: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("ingest"),
        BarColumn(bar_width=30),
        MofNCompleteColumn(),
        TextColumn("events"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("ingest", total=total)
        yield lambda done, _total: bar.update(task, completed=done)


def stored_by_another_sender(store: SqlAuditStore, lines: list[str], exc: TransitionRefused, sender: str) -> str | None:
    """The error for a file sent again under another sender name, leading with that cause and the fix.

    Repeats are skipped per sender. The store refuses an event stored before under another sender
    (`ResentUnderAnotherSender`), but one sent again with its time or actor changed is new to it,
    and its lesson or contradiction is then refused as "already exists". When the refused line's
    event (its team, subject and sender_event_id) is stored under another sender, that is the
    cause; otherwise None (a reused id: the store's own message stands).

    Args:
        store: the store the file went to.
        lines: the file's lines (`exc.line` is 1-based over them).
        exc: the refusal (`item` is the subject, `line` the line).
        sender: this run's sender name.
    """
    if exc.line is None or exc.state == "missing" or not 0 < exc.line <= len(lines):
        return None
    sent = json.loads(lines[exc.line - 1])  # parsed once already: the refused line is an event
    team, event_id = sent.get("team"), sent.get("sender_event_id")
    before = [e.sender for e in store.subject_events(str(team), exc.item) if e.sender_event_id == event_id and e.sender]
    if not before or sender in before:
        return None
    return resent_message(before[0], sender, exc, f"line {exc.line}: {exc.item!r} already exists, state {exc.state!r}")


def resent_message(earlier: str, sender: str, exc: AuditEventRejected, detail: str) -> str:
    """The error for events stored before under sender `earlier`, sent again by this run as `sender`.

    Leads with the cause and the fix (`--sender earlier`), then what of the input was stored
    (`exc.stored_batches`), then `detail` (the refused line and what it clashed with).
    """
    default = " (the default, as no --sender was given)" if sender == "cli" else ""
    kept = f"; the {exc.stored_batches} earlier batch(es) stay stored" if exc.stored_batches else ""
    return (
        f"these events were stored before as sender {earlier!r}, but this run's sender is {sender!r}{default}, "
        f"so they are not recognised as a re-send: run again with --sender {earlier} to skip what is stored. "
        f"Nothing of this batch was stored{kept} ({detail})"
    )


def counted(count: int, noun: str) -> str:
    """`1 event`, `2 events`: a count with its noun (a regular English plural)."""
    return f"{count} {noun}" + ("" if count == 1 else "s")
