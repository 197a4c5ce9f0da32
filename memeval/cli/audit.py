"""`memeval audit ...`: ingest, verify, count and serve the audit log.

The store is `--db URL`, else `MEMEVAL_DB`, else `sqlite:///audit/memeval.sqlite`. The `token` and `team`
groups live in `memeval.cli._audit_tokens`, the ingest command's helpers in `memeval.cli._audit_ingest`.
"""

from __future__ import annotations

import codecs
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from memeval.cli._audit_ingest import (
    counted,
    ingest_bar,
    interrupted_ingest,
    remove_new_store,
    resent_message,
    stored_by_another_sender,
)
from memeval.cli._audit_tokens import team_app, token_app
from memeval.cli._interrupt import say_interrupted
from memeval.cli._json import echo_json
from memeval.cli._options import DbOpt, JsonOpt, PortOpt
from memeval.cli._outfile import file_path
from memeval.cli._serving import (
    bare_host,
    bind_port,
    bound_port,
    check_budget_settings,
    say_loading,
    say_start_warnings,
    serve_until_stopped,
    server_config,
    sigterm_ends_loading,
    warm_ingest,
)
from memeval.cli._store import check_week_args, no_events_message, open_with_events
from memeval.cli._unused_store import removed_if_unused
from memeval.cli.app import EXIT_FAILURE, EXIT_INTERRUPTED, command_app, fail, translate_errors
from memeval.errors import ResentUnderAnotherSender, TransitionRefused

if TYPE_CHECKING:
    from memeval.audit import AuditEvent, SqlAuditStore

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

audit_app = typer.Typer(
    help="The audit log: ingest events, verify the chain, count a week.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
audit_app.add_typer(token_app, name="token")
audit_app.add_typer(team_app, name="team")
app.add_typer(audit_app, name="audit")

VERIFY_SCHEMA = "memeval.audit-verify/1"
"""`schema` of `memeval audit verify --json`: an object whose `teams` lists each team's checks."""
COUNTS_SCHEMA = "memeval.audit-counts/1"
"""`schema` of `memeval audit counts --json`: the week's counts (`memeval.audit.WeekCounts`) beside it."""
INGEST_SCHEMA = "memeval.audit-ingest/1"
"""`schema` of `memeval audit ingest --json`: what one ingest read, stored, held and blanked."""


class _Input(NamedTuple):
    """`memeval audit ingest`'s FILE, read and checked: its JSON lines and the events parsed from them."""

    lines: list[str]
    parsed: list[tuple[int, AuditEvent]]


def _read_input(file: str) -> _Input:
    """Read, decode and check `memeval audit ingest`'s FILE (`-`: standard input, read to its end).

    Nothing is stored and no store is opened here: a bad file creates nothing.

    Raises:
        typer.Exit: (exit 2, said) FILE is a folder, does not exist, cannot be read or is not UTF-8; a malformed
            line (`memeval.audit.parse_lines`' error, translated by `translate_errors`).
    """
    if file == "-":
        data = sys.stdin.buffer.read()
    else:
        path = Path(file)
        if path.is_dir():  # said before the store's modules (SQLAlchemy: about 1 s of CPU) load
            raise fail(f"{file!r} is a folder: pass a JSONL file of audit events in it, or - for stdin")
        if not path.exists():  # a pipe (`<(zcat week.jsonl.gz)`, /dev/stdin) is read like a file
            raise fail(f"no such file {file!r}: pass a JSONL file of audit events, or - for stdin")
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise fail(f"cannot read {file!r}: {exc.strerror or exc}: pass a JSONL file of audit events") from exc
    from memeval.audit import Limits, parse_lines

    # a byte-order mark opening the file (Windows editors save UTF-8 with one) is no part of the first
    # event: it was refused as "not JSON (Unexpected UTF-8 BOM ...)", while the HTTP endpoint reads such a body
    bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        lines = _jsonl_lines(data[bom:].decode("utf-8"))
    except UnicodeDecodeError as exc:
        at = exc.start + bom
        line = data.count(b"\n", 0, at) + 1
        raise fail(
            f"{file!r} is not UTF-8 text (line {line}, byte {at}): save it as UTF-8; nothing was stored"
        ) from exc
    return _Input(lines, parse_lines(lines, limits=Limits.from_env()))


@audit_app.command("ingest")
@translate_errors
def ingest(
    file: Annotated[str, typer.Argument(help="A JSON Lines file of event drafts, or - for standard input.")],
    sender: Annotated[
        str, typer.Option(help="Sender name recorded on the events (idempotency is per sender).")
    ] = "cli",
    batch_size: Annotated[
        int, typer.Option(help="Events per all-or-nothing batch; 0: the whole file is one batch.", min=0)
    ] = 0,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar on stderr.")] = False,
) -> None:
    """Store a JSONL file of events: secrets are blanked and orders-to-agents text is held first.

    Id fields (actor.id, actor.role, sender_event_id, session, subject, the payload's ids) are
    stored as sent, so each must be 1-128 characters of ASCII letters, digits and _ . : / -
    (no @, + or spaces, no number of 9 or more digits, ISO dates and UUIDs excepted) and carry no
    key; otherwise the batch is refused (exit 2) and nothing of it is stored. Every line is read
    and checked before the store is opened; a run refused or failing before it stored anything
    leaves no SQLite store it created behind, nor does a file with no event. A progress bar
    shows on stderr when it is a terminal.
    """
    from memeval.audit import check_simple_name  # light: before the file is read or the store's modules load

    check_simple_name("sender", sender, "--sender")
    try:
        lines, parsed = _read_input(file)
    except KeyboardInterrupt as exc:  # a pipe not closed yet, or a long file: it said only "interrupted"
        where = "standard input" if file == "-" else repr(file)
        say_interrupted(f"interrupted while reading {where}, before the store was opened: nothing was stored")
        raise typer.Exit(EXIT_INTERRUPTED) from exc
    from memeval.audit import db_url, ingest_parsed, new_store_files, open_store

    if not parsed:  # nothing to store, so no store is opened: an empty file or pipe made an empty one
        _said_no_event(file, as_json)
        return
    check_budget_settings(http=False)  # before the store exists and the engines load
    url = db_url(db)
    made = new_store_files(url)
    store: SqlAuditStore | None = None
    done = False
    written = [0]  # input events of the batches written so far (stored, or skipped as already stored)
    try:
        store = open_store(url)
        with ingest_bar(len(parsed), show=not quiet and not as_json and sys.stderr.isatty()) as bar:

            def progress(n: int, total: int) -> None:
                written[0] = n
                bar(n, total)

            res = ingest_parsed(store, parsed, sender=sender, batch_size=batch_size, on_progress=progress)
        done = True
    except KeyboardInterrupt as exc:
        say_interrupted(interrupted_ingest(file, written[0], len(parsed), sender))
        raise typer.Exit(EXIT_INTERRUPTED) from exc
    except ResentUnderAnotherSender as exc:
        detail = f"line {exc.line}: event {exc.sender_event_id!r} is stored as sender {exc.earlier_sender!r}"
        raise fail(resent_message(exc.earlier_sender, sender, exc, detail)) from exc
    except TransitionRefused as exc:
        assert store is not None  # refused by the store's write path, so it was opened
        resent = stored_by_another_sender(store, lines, exc, sender)
        if resent is None:
            raise
        raise fail(resent) from exc
    finally:
        if not done:
            remove_new_store(made, store)
    r = res.result
    taken = res.lines - r.duplicates - r.noops  # input events stored (as given, or held as hold.created)
    added = r.stored - taken  # events memeval adds itself: secret.blanked, memory released from a hold
    if as_json:
        out = {
            "schema": INGEST_SCHEMA,
            "schema_version": 1,
            "lines": res.lines,
            "input_stored": taken,
            "added": added,
            "batches": res.batches,
            "stored": r.stored,
            "duplicates": r.duplicates,
            "changed_resends": len(r.changed_resends),
            "noops": r.noops,
            "held": r.held,
            "secrets_blanked": r.secrets_blanked,
            "released": r.released,
            "seqs": {t: list(v) for t, v in r.seqs.items()},
        }
        echo_json(out, sort_keys=True)
        return
    own = [f"{added - r.released} secret.blanked for {counted(r.secrets_blanked, 'blanked value')}"]
    own = own if added > r.released else []
    if r.released:
        own.append(f"{r.released} released from holds into memory")
    typer.echo(
        f"read {counted(res.lines, 'event')}: {taken} stored ({r.held} of them held for a person as hold.created, not "
        f"written to memory), {r.duplicates} skipped as already stored{_changed(r.changed_resends)}, "
        f"{r.noops} repeated decisions that "
        f"changed nothing; memeval added {counted(added, 'event')} of its own"
        + (f" ({', '.join(own)})" if own else "")
        + f": {r.stored} stored in all"
    )


def _jsonl_lines(text: str) -> list[str]:
    r"""The lines of a JSON Lines text, split at `\n`, `\r\n` and `\r` only (a last empty one when it ends in one).

    Not `str.splitlines`, which also splits at U+2028, U+2029 and U+0085 (NEL): JSON allows those raw in a
    string, and JSON writers leave them raw (`json.dumps(..., ensure_ascii=False)`, JavaScript's
    `JSON.stringify`), so a memory holding one (text pasted from a PDF or a web page) cut its event in two and
    the whole file was refused as "not JSON" (breaker37), while the same event sent over HTTP was stored.
    JSON allows a raw CR or LF nowhere but between tokens, so no string is cut here.
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def _changed(ids: tuple[str, ...]) -> str:
    """The ingest summary's words for resends with changed contents (empty when there are none)."""
    if not ids:
        return ""
    named = ", ".join(repr(x) for x in ids[:5]) + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
    return (f" ({len(ids)} of them sent again with other contents, refused: the stored events are kept; "
            f"send a change under a new event id: {named})")  # fmt: skip


def _said_no_event(file: str, as_json: bool) -> None:
    """What `ingest` prints for an input holding no event: the counts, all 0 (JSON as for any ingest)."""
    if as_json:
        keys = ("lines", "input_stored", "added", "batches", "stored", "duplicates", "changed_resends", "noops", "held")
        out = {"schema": INGEST_SCHEMA, "schema_version": 1, "seqs": {}, "secrets_blanked": 0, "released": 0}
        echo_json({**out, **dict.fromkeys(keys, 0)}, sort_keys=True)
        return
    where = "standard input" if file == "-" else repr(file)
    typer.echo(f"read 0 events: {where} holds no event, so nothing was stored and the store was not opened")


@audit_app.command("verify")
@translate_errors
def verify(
    team: Annotated[str | None, typer.Option(help="Verify one team (default: every team).")] = None,
    against: Annotated[
        list[Path] | None,
        typer.Option(
            "--against",
            help="An anchor file (memeval audit anchor) or a weekly report folder/record.json whose chain "
            "head must still be in the chain (detects deleted newest events). Repeat for more.",
        ),
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Walk each team's hash chain, recompute its current-state tables from it, and check anchors.

    Exits 1 and names the first problem if the chain does not hold, a table differs from the chain,
    or an anchor's head is gone or changed.
    """
    from memeval.audit import (
        check_anchor,
        logged_teams,
        open_existing_store,
        read_anchor,
        verify_chain,
        verify_projections,
    )

    anchors = [read_anchor(p) for p in against or []]
    store = open_with_events(db, team) if team else open_existing_store(db)
    # not store.teams() alone (the head rows): a team whose head row was deleted is still walked
    teams = [team] if team else sorted(set(logged_teams(store)) | {a.team for a in anchors})
    out = []
    for t in teams:
        chain = verify_chain(store, t)
        proj = verify_projections(store, t)
        checks = [check_anchor(store, a) for a in anchors if a.team == t]
        ok = chain.ok and proj.ok and all(c.ok for c in checks)
        out.append({**chain.__dict__, "ok": ok, "chain_ok": chain.ok, "projections_ok": proj.ok,
                    "projection_problem": proj.problem, "anchors": [c.__dict__ for c in checks]})  # fmt: skip
        if as_json:
            continue
        if chain.ok:
            typer.echo(f"{t}: ok, {chain.checked} events, chain intact")
        else:
            typer.echo(f"{t}: BROKEN at seq {chain.broken_seq} after {chain.checked} good events: {chain.problem}")
        typer.echo(f"{t}: current-state tables {'match the chain' if proj.ok else 'DIFFER: ' + str(proj.problem)}")
        for c in checks:
            typer.echo(f"{t}: anchor {'ok' if c.ok else 'FAILED'}: {c.detail}")
    if as_json:
        echo_json({"schema": VERIFY_SCHEMA, "schema_version": 1, "teams": out}, sort_keys=True)
    elif not teams:
        typer.echo(f"nothing to verify: {no_events_message(db)}")
    if not all(r["ok"] for r in out):
        raise typer.Exit(EXIT_FAILURE)


@audit_app.command("anchor")
@translate_errors
def anchor(
    team: Annotated[str, typer.Option(help="The team.")],
    out: Annotated[
        Path,
        typer.Option(
            help="Where to write the anchor (keep a copy outside this machine).",
            parser=file_path("anchor.json"),
            metavar="<path>",
        ),
    ],
    db: DbOpt = None,
) -> None:
    """Write the team's chain head to a file, for `memeval audit verify --against FILE` later.

    A missing folder on the way to --out is made (and said); --out naming a folder, or a path
    through a file, is refused (exit 2).
    """
    from memeval._files import write_atomic
    from memeval.audit import anchor_json, take_anchor
    from memeval.cli._outfile import folders_to_make, make_folders, say_made

    made = folders_to_make("--out", out, f"{team}-anchor.json")  # before the store is read
    a = take_anchor(open_with_events(db, team), team)
    try:
        make_folders(made)
        write_atomic(out, anchor_json(a), durable=True)  # a half-written anchor would fail every later check
    except OSError as exc:  # a folder that takes no new file (read-only, not ours), a full disk
        raise fail(
            f"cannot write the anchor to {str(out)!r} ({exc.strerror}): pass --out naming a file in a folder you "
            "can write to"
        ) from exc
    say_made(made)
    typer.echo(f"{team}: head seq {a.seq} {a.hash} written to {out}")


LATE_NOUNS = {"lesson": ("lesson", "lessons"), "contradiction": ("contradiction", "contradictions"),
              "hold": ("held text", "held texts")}  # fmt: skip
"""How `waiting_heading` names the items of `AuditReads.received_after` (as the weekly report does)."""


def waiting_heading(end: datetime, now: datetime, late: Mapping[str, int] | None = None) -> str:
    """The line above `audit counts`' waiting lines: the moment they are aged at (`end`, UTC), and what that leaves out.

    The lines count items undecided at the week's end, aged from receipt to it: a week ingested after it
    ended shows none beside "2 still waiting" (those came later), and this week's end is still ahead, so
    an item received a minute ago is "1-3d" there. Both read as mistakes without this line. `late`
    (`AuditReads.received_after`: per noun, items undecided at the end that happened before it and
    reached the store after it) is how many that leaves out: `...: 5 (2 lessons, 3 held texts)`, or `none`.
    """
    when = f"{end:%Y-%m-%d %H:%M} UTC"
    if end > now:
        return f"  undecided at the week's end, {when} (still ahead: ages then, if nothing is decided; from receipt):"
    left = ""
    if late is not None:
        parts = [f"{n} {LATE_NOUNS.get(k, (k, k + 's'))[n != 1]}" for k, n in late.items() if n]
        left = f": {sum(late.values())} ({', '.join(parts)})" if parts else ": none"
    return f"  undecided at the week's end, {when} (aged from receipt; items received later are not here{left}):"


@audit_app.command("counts")
@translate_errors
def counts(
    team: Annotated[str, typer.Option(help="The team.")],
    week: Annotated[str, typer.Option(help="ISO week, e.g. 2026-W47.")],
    tz: Annotated[str | None, typer.Option(help="IANA zone of the week (default: the team's, else UTC).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Count one ISO week of a team's audit log (sessions, memories, lessons, holds, ...).

    Events are counted in the week by their business time (`occurred_at`). The "waiting" lines are
    the review queue's: items the store had received before the week's end and still undecided at
    it, aged from when the store received each one (`recorded_at`, as the queue and its overdue
    mark), at the week's end; the line above them says how many undecided items the store received
    only after the week's end (`--json`: `received_after`, per lesson, contradiction and hold).
    """
    check_week_args(week, tz)  # a bad --week or --tz is said before the store's state (and before SQLAlchemy loads)
    from memeval.audit import week_counts

    store = open_with_events(db, team)
    c = week_counts(store, team, week, tz=tz)
    # what the waiting lines leave out, as the weekly report says it; not in WeekCounts, whose hash reports pin
    late = store.reads.received_after(team, c.end, c.upto_seq)
    if as_json:
        doc = {"schema": COUNTS_SCHEMA, "schema_version": 1, **c.model_dump(mode="json"), "received_after": late}
        echo_json(doc)
        return
    reasons = ", ".join(f"{k} {v}" for k, v in c.refusals_by_reason.items()) or "none"
    kinds = ", ".join(f"{k} {v}" for k, v in c.secrets_by_type.items()) or "none"
    rows = [
        ("Sessions", c.sessions, "each one started with a slice"),
        ("Memories written", c.memories_written, "kept by agents, released holds included"),
        (
            "Lessons proposed",
            c.lessons_proposed,
            f"{c.lessons_approved} approved, {c.lessons_rejected} rejected, {c.lessons_waiting} still waiting",
        ),
        (
            "Contradictions",
            c.contradictions_opened,
            f"{c.contradictions_settled} settled, {c.contradictions_open} open",
        ),
        ("Refusals", c.refusals, reasons),
        ("Secrets blanked", c.secrets_blanked, kinds),
        (
            "Held for a person",
            c.held,
            f"{c.held_released} released, {c.held_discarded} discarded, {c.held_still} still held",
        ),
    ]
    typer.echo(
        f"{team}, {week} ({c.tz}; {c.start:%Y-%m-%d %H:%M} to {c.end:%Y-%m-%d %H:%M} UTC; log up to seq {c.upto_seq})"
    )
    for name, n, what in rows:
        typer.echo(f"  {name:<18} {n:>6}  {what}")
    typer.echo(waiting_heading(c.end, datetime.now(UTC), late))
    for noun, ages in c.waiting.items():
        typer.echo(
            f"  waiting {noun + 's':<14} {ages.total:>3}  <1d {ages.under_1d}, 1-3d {ages.d1_to_3}, "
            f"3-7d {ages.d3_to_7}, >7d {ages.over_7d}"
        )


@audit_app.command("rebuild")
@translate_errors
def rebuild(
    team: Annotated[str | None, typer.Option(help="Rebuild one team (default: all).")] = None,
    db: DbOpt = None,
) -> None:
    """Drop and rebuild the current-state tables (lessons, contradictions, holds, memories) from the log.

    Refused (exit 1, the tables left as they are) when a team's chain is broken: replaying an
    altered event would write the alteration into the tables the review pages read.
    """
    from memeval.audit import open_existing_store

    store = open_with_events(db, team) if team else open_existing_store(db)
    n = store.rebuild_projections(team)  # checks each team's chain as it replays; AuditStoreError: exit 1
    typer.echo(f"replayed {n} events into the projections")


@audit_app.command("serve")
@translate_errors
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: PortOpt = 8765,
    db: DbOpt = None,
) -> None:
    """Serve POST /api/v1/events (bearer token per sender) with uvicorn.

    It speaks plain HTTP: on an address other than loopback (`--host 0.0.0.0`) it says on stderr
    that tokens and events would cross the network unencrypted; put a TLS-terminating proxy in front.

    The redactor and hold detector are loaded before it serves (about 6 s of CPU over the server and its
    two guard processes, said on stderr), so the first batch does not wait for them; a request meanwhile
    is answered 503 with Retry-After: 5 (nothing stored), not refused. A batch of 50 events or more has the free text of
    its first two thirds redacted and assessed in a warm worker process (`MEMEVAL_AUDIT_WORKERS`,
    default the CPU count, 0 turns them off) while the server scans the batch's ids and does the
    last third itself; a batch that arrives while another is in hand goes whole to a worker, free
    text and ids, so concurrent senders' batches spread over the workers. The workers warm up in the
    background from the first batch of 50 events or more (none: never); until then the server does whole batches.
    """
    # a port in use is said at once, in one line, before the engines load
    host = bare_host(host)  # `[::1]`, as in a URL, listens on ::1
    sock = bind_port(host, port)
    check_budget_settings(http=True)  # so is a bad budget setting, before the store is opened
    say_start_warnings("memeval audit serve", host)  # tokens in clear on the network, light password hashes
    what = "memeval audit serve"
    url = f"http://{f'[{host}]' if ':' in host else host}:{bound_port(sock)}/api/v1/events"  # --port 0: the port taken
    with sock, sigterm_ends_loading(f"{what} on {url}"):  # a SIGTERM while it loads stops it at once
        loaded = say_loading(sock, what, url=url)  # at once, before the store's and the app's modules load
        from memeval.audit import create_ingest_app, db_url, end_worker_pools, open_store, worker_count

        workers = worker_count()
        store_url = db_url(db)
        with removed_if_unused(store_url, f"{what} on {url}") as unused:  # a new store left empty goes at the stop
            store = open_store(store_url)
            unused.opened.append(store)
            config = server_config(  # a factory: the app and its worker pool are made once the engines are warm
                lambda: create_ingest_app(store, workers=workers), factory=True
            )
            try:
                serve_until_stopped(
                    config, f"{what} on {url}", [sock], prepare=warm_ingest(loaded), at_stop=unused.sweep
                )
            finally:  # stopped: its workers end now, loading or not (Python's exit waited for them to load)
                end_worker_pools()
