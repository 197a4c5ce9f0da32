"""`memeval serve` and `memeval review ...`: the review pages and the reviewer queue.

The store is `--db URL`, else `MEMEVAL_DB`, else `sqlite:///audit/memeval.sqlite`. Decisions on
the command line follow the same rules as the web pages, and the deciding person proves who they
are like on the web (`memeval.cli._login`): `--user NAME` (or `--as NAME`, or `MEMEVAL_REVIEWER`)
then the account's password (asked for without echo, or read from stdin with `--password-stdin`),
or, for scripts, a personal API token in `MEMEVAL_REVIEW_TOKEN` (`memeval users token NAME`). A
name alone proves nothing and is refused. A refused decision exits 2 with the reason; nothing is
stored. Accounts and tokens are `memeval users` (`memeval.cli.users`).
`review list` and `review show` read the database directly (whoever can read the database file
sees every team) and print stored text with control characters spelled out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memeval.cli._json import echo_json
from memeval.cli._login import AsOpt, PasswordStdinOpt, login
from memeval.cli._options import DbOpt, JsonOpt, PortOpt
from memeval.cli._serving import (
    bare_host,
    bind_port,
    bound_port,
    check_budget_settings,
    loopback,
    say_loading,
    say_start_warnings,
    serve_until_stopped,
    server_config,
    sigterm_ends_loading,
    warm_ingest,
)
from memeval.cli._store import open_with_events
from memeval.cli._unused_store import removed_if_unused
from memeval.cli.app import command_app, fail, number_fix, shown_input, translate_errors
from memeval.clock import utc_now
from memeval.errors import ReviewRefused

if TYPE_CHECKING:
    from memeval.audit import SqlAuditStore
    from memeval.review import ReviewSettings

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

review_app = typer.Typer(
    help="The reviewer queue: list, show and decide waiting items.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(review_app, name="review")

# `memeval review list --json`: memeval.review-queue/1, {schema, schema_version, counts, overdue, overdue_counts,
# overdue_after_h, items, offset, more, next} (`memeval.review.QueueOut`, as GET /api/v1/review/queue gives it);
# `memeval review show --json`: memeval.review-item/1, {schema, schema_version, item, sides, reasons, history}
# (`ItemDetailOut`, as GET /api/v1/review/items/TYPE/TEAM/ID gives it).

RefArg = Annotated[
    str, typer.Argument(help="The item: TYPE/TEAM/ID as `memeval review list` prints it, or a unique id.")
]
ReasonOpt = Annotated[str | None, typer.Option("--reason", help="Why (required to reject, settle or discard).")]


def _settings(**overrides: object) -> ReviewSettings:
    from pydantic import SecretBytes

    from memeval.review import ReviewSettings

    return ReviewSettings.from_env(secret_key=SecretBytes(b""), **overrides)


def no_account_note(store: SqlAuditStore, db: str | None) -> str | None:
    """The line `memeval serve` says after its start line when the store has no account yet, else None.

    Its login page then admits nobody: a new user who started `memeval serve` before `memeval users add`
    met a form that refused every name, with nothing saying why. The store's first account is made
    without a login and must be its admin (`memeval.review.check_may_manage`); the server need not stop.
    """
    from memeval.review import list_users

    if list_users(store):
        return None
    same = " (with the same --db)" if db else ""
    return (
        "memeval review: this store has no account yet, so nobody can log in: make the first, its admin, with "
        f"`memeval users add NAME --role admin`{same} (no need to stop the server)"
    )


@app.command("serve")
@translate_errors
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default).")] = "127.0.0.1",
    port: PortOpt = 8765,
    db: DbOpt = None,
    overdue_after_h: Annotated[
        float | None,
        typer.Option(help="Mark items waiting longer than this, hours (default 48; MEMEVAL_REVIEW_OVERDUE_AFTER_H)."),
    ] = None,
    claim_lease_s: Annotated[
        int | None, typer.Option(help="Length of a claim, seconds (default 300; MEMEVAL_REVIEW_CLAIM_LEASE_S).")
    ] = None,
    session_max_age_s: Annotated[
        int | None,
        typer.Option(help="Login session length, seconds (default 28800; MEMEVAL_REVIEW_SESSION_MAX_AGE_S)."),
    ] = None,
    secure_cookies: Annotated[
        bool, typer.Option(help="Send the session cookie over HTTPS only (behind a TLS proxy).")
    ] = False,
    ingest: Annotated[
        bool,
        typer.Option(
            help="Also serve the audit ingest endpoint POST /api/v1/events (its redactor and hold detector load "
            "first: about 6 s of CPU over the server and its two guard processes, longer on a busy machine, while "
            "every request is answered 503 with Retry-After: 5; --no-ingest serves at once)."
        ),
    ] = True,
) -> None:
    """Serve the review pages, their JSON API and (by default) the audit ingest endpoint."""
    from pydantic import SecretBytes, ValidationError

    from memeval.review import ReviewSettings

    try:
        settings = ReviewSettings.from_env(
            secret_key=SecretBytes(b""),  # the served store's key is read (or made) once the port is ours
            overdue_after_h=overdue_after_h,
            claim_lease_s=claim_lease_s,
            session_max_age_s=session_max_age_s,
            secure_cookies=secure_cookies or None,
        )
    except ValidationError as exc:  # a value out of range, from an option or its MEMEVAL_REVIEW_* variable
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else ""
        name = "--" + field.replace("_", "-") if field else "a setting"
        info = ReviewSettings.model_fields.get(field)
        bounds = {  # the field's own bounds, both ends (the error names only the one crossed)
            k: getattr(m, k) for m in (info.metadata if info else []) for k in ("ge", "le", "gt") if hasattr(m, k)
        }
        fix = number_fix(
            first["type"],
            bounds.get("ge"),
            bounds.get("le"),
            whole=info is not None and info.annotation is int,
            above=bounds.get("gt"),
        )
        raise fail(
            f"invalid value for '{name}' (or its MEMEVAL_REVIEW_ variable): {shown_input(first.get('input'))}: "
            f"{fix or first['msg']} (see 'memeval serve --help')"
        ) from exc
    # before the store and the app: a port in use is said at once, in one line
    host = bare_host(host)  # `[::1]`, as in a URL, listens on ::1
    sock = bind_port(host, port)
    url = f"http://{f'[{host}]' if ':' in host else host}:{bound_port(sock)}/"  # --port 0: the port taken
    what = f"memeval review on {url}"
    say_start_warnings("memeval serve")  # light password hashes: tests and demos only
    with sock, sigterm_ends_loading(what):  # a SIGTERM while it loads stops it at once
        warm = None
        if ingest:
            check_budget_settings(http=True)  # a bad one is refused before the loading line
            warm = warm_ingest(say_loading(sock, "memeval review", "--no-ingest", url))  # said before the imports
        from memeval.audit import db_url, open_store
        from memeval.review import create_review_app, load_secret_key

        store_url = db_url(db)
        with removed_if_unused(store_url, what) as unused:  # a new store left empty (a wrong folder) goes at the stop
            key = load_secret_key(store_url)  # the served store's key, wherever serve starts; none for a refused serve
            settings = settings.model_copy(update={"secret_key": SecretBytes(key)})
            if not loopback(host) and not settings.secure_cookies:  # once it will serve
                typer.echo(f"warning: serving on {host} without --secure-cookies: put it behind HTTPS", err=True)
            store = open_store(store_url)
            unused.opened.append(store)
            web = create_review_app(store, settings, with_ingest=ingest)
            note = no_account_note(store, db)
            config = server_config(web)
            serve_until_stopped(  # a browser's 503: HTML; a made store left empty goes before the stop line
                config, what, [sock], warm, pages=True, then=note, at_stop=unused.sweep
            )


@review_app.command("list")
@translate_errors
def review_list(
    kind: Annotated[
        str | None,
        typer.Option(help="lesson, contradiction or hold, or their plurals (default: all three)."),
    ] = None,
    team: Annotated[str | None, typer.Option(help="Only this team (default: every team).")] = None,
    min_age_h: Annotated[
        float | None,
        typer.Option(help="Only items waiting at least this many hours (default: any age).", min=0, max=1e6),
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List waiting items, oldest first, with counts; overdue items are marked."""
    from memeval.review import item_kind  # light: the store's modules load only once --kind passes

    kind = None if kind is None else item_kind(kind)  # before the store: a bad --kind is said first
    from memeval.audit import open_existing_store
    from memeval.review import QueueFilter, build_queue, ensure_review_schema, queue_out, term_text

    store = open_with_events(db, team) if team else open_existing_store(db)
    ensure_review_schema(store)
    view = build_queue(
        store, QueueFilter(kind, team, min_age_h), now=utc_now(), overdue_after_h=_settings().overdue_after_h
    )
    if as_json:
        echo_json(queue_out(view).model_dump(mode="json", by_alias=True))
        return
    c = view.counts
    lessons = f"{c['lesson']} lesson" + ("" if c["lesson"] == 1 else "s")
    contradictions = f"{c['contradiction']} contradiction" + ("" if c["contradiction"] == 1 else "s")
    late = sum(view.overdue_counts.values())  # over every kind, as the counts before it
    listed = f" ({view.overdue} of the listed {kind} items)" if kind is not None else ""
    held = f"{c['hold']} held"
    typer.echo(f"waiting: {lessons}, {contradictions}, {held}; {late} over {view.overdue_after_h:g} h{listed}")
    for r in view.rows:
        mark = "OVERDUE " if r.overdue else ""
        claim = f" [claimed by {term_text(r.claim.holder)}]" if r.claim else ""
        who = term_text(r.item.opened_by or "memory system")
        typer.echo(f"{mark}{term_text(r.ref)}\t{r.age}\t{who}\t{r.preview.as_plain(one_line=True)}{claim}")


@review_app.command("show")
@translate_errors
def review_show(ref: RefArg, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Show one item: full redacted text (control characters marked), evidence, history."""
    from memeval.review import build_item, detail_out, ensure_review_schema, resolve, term_text

    store = open_with_events(db)
    ensure_review_schema(store)
    item = resolve(store, ref)
    now = utc_now()
    view = build_item(store, item, now=now, overdue_after_h=_settings().overdue_after_h)
    if as_json:
        age = int(((now if item.waiting else view.history[-1].at) - item.waiting_since).total_seconds())
        echo_json(detail_out(view, max(0, age)).model_dump(mode="json", by_alias=True))
        return
    it = view.item
    t = term_text
    typer.echo(f"{t(view.ref)}  {it.status}{'  OVERDUE' if view.overdue else ''}")
    typer.echo(f"opened by {t(view.opened_by)} at {it.since:%Y-%m-%d %H:%M} UTC (as sent); "
               f"received {it.waiting_since:%Y-%m-%d %H:%M} UTC, waited {view.age}")  # fmt: skip
    if it.decided_by:
        kept = " kept " + t(it.kept) if it.kept else ""
        typer.echo(f"decided by {t(it.decided_by)} (decision {t(it.decision_id)}){kept}")
    if view.text is not None:
        for n in view.text.notices:
            typer.echo(f"! {n}")
        typer.echo("--- text (each line starts with '| ') ---\n" + _quoted(view.text.as_plain()) + "\n------------")
    for label, (sid, txt) in zip(("a", "b"), view.sides, strict=False):
        typer.echo(f"--- side {label}: {t(sid)} ---\n{_quoted(txt.as_plain())}")
    for r in view.reasons:
        typer.echo(f"held by rule {t(r.rule)}: {r.excerpt.as_plain(one_line=True)}")
    typer.echo("history:")
    for h in view.history:
        typer.echo(f"  {h.seq}\t{h.at:%Y-%m-%d %H:%M:%S}\t{h.type}\t{t(h.actor)}\t{h.detail.as_plain(one_line=True)}")


def _quoted(text: str) -> str:
    """Multi-line stored text, each line prefixed with '| ' so it cannot pass for memeval's own lines."""
    return "\n".join("| " + line for line in text.split("\n"))


def _cli_words(exc: ReviewRefused, action: str, kept: str | None) -> str:
    """A refusal of `check_arguments` said in the options' words.

    The rule's own text names no option, since the pages and the API share it; on the command line
    the fix is an option (`--reason`, `--keep`).
    """
    if exc.code == "missing_reason":
        return f"{action} needs a reason: add --reason 'WHY' (a sentence; it goes to the audit log); nothing was done"
    if action == "settle" and str(exc).startswith("keep "):
        return f"--keep {kept!r} is not a side: use --keep a, b, both or neither; nothing was done"
    return str(exc)


def _decide(
    ref: str, action: str, reason: str | None, kept: str | None, who: str | None, db: str | None, pw_stdin: bool
) -> None:
    from memeval.review import (
        DecisionRequest,
        check_arguments,
        decide_item,
        ensure_review_schema,
        new_decision_id,
        parse_ref,
        resolve,
    )

    try:
        check_arguments(action, reason, kept, parse_ref(ref)[0] if "/" in ref else None)  # before the password
    except ReviewRefused as exc:
        raise ReviewRefused(_cli_words(exc, action, kept), code=exc.code, state=exc.state) from exc
    store = open_with_events(db)  # an empty store is said before the password is asked for
    ensure_review_schema(store)
    account = login(store, who, pw_stdin)
    item = resolve(store, ref, account)
    req = DecisionRequest(action, item.item_type, item.team, item.item_id, reason, kept, new_decision_id())
    res = decide_item(store, account, req, now=utc_now(), lease_s=_settings().claim_lease_s, sender="review-cli")
    typer.echo(f"{action} {item.item_type}/{item.team}/{item.item_id}: {res.item.status} (decision {res.decision_id})")


@review_app.command("approve")
@translate_errors
def approve(
    ref: RefArg, who: AsOpt = None, reason: ReasonOpt = None, db: DbOpt = None, password_stdin: PasswordStdinOpt = False
) -> None:
    """Approve a waiting lesson (not your own); --reason is kept as a comment."""
    _decide(ref, "approve", reason, None, who, db, password_stdin)


@review_app.command("reject")
@translate_errors
def reject(
    ref: RefArg, who: AsOpt = None, reason: ReasonOpt = None, db: DbOpt = None, password_stdin: PasswordStdinOpt = False
) -> None:
    """Reject a waiting lesson, with a reason."""
    _decide(ref, "reject", reason, None, who, db, password_stdin)


@review_app.command("settle")
@translate_errors
def settle(
    ref: RefArg,
    keep: Annotated[str, typer.Option("--keep", help="Side kept: a, b, both or neither.")],
    who: AsOpt = None,
    reason: ReasonOpt = None,
    db: DbOpt = None,
    password_stdin: PasswordStdinOpt = False,
) -> None:
    """Settle an open contradiction: keep side a, b, both or neither, with a reason."""
    _decide(ref, "settle", reason, keep, who, db, password_stdin)


@review_app.command("release")
@translate_errors
def release(
    ref: RefArg, who: AsOpt = None, reason: ReasonOpt = None, db: DbOpt = None, password_stdin: PasswordStdinOpt = False
) -> None:
    """Release a held text into memory; --reason is kept as a comment."""
    _decide(ref, "release", reason, None, who, db, password_stdin)


@review_app.command("discard")
@translate_errors
def discard(
    ref: RefArg, who: AsOpt = None, reason: ReasonOpt = None, db: DbOpt = None, password_stdin: PasswordStdinOpt = False
) -> None:
    """Discard a held text, with a reason; it never enters memory."""
    _decide(ref, "discard", reason, None, who, db, password_stdin)


@review_app.command("claim")
@translate_errors
def claim(ref: RefArg, who: AsOpt = None, db: DbOpt = None, password_stdin: PasswordStdinOpt = False) -> None:
    """Claim an item for a few minutes so other reviewers leave it to you."""
    from memeval.review import claim_item, ensure_review_schema, resolve

    store = open_with_events(db)  # an empty store is said before the password is asked for
    ensure_review_schema(store)
    account = login(store, who, password_stdin)
    c = claim_item(
        store,
        account,
        resolve(store, ref, account),
        lease_s=_settings().claim_lease_s,
        now=utc_now(),
        sender="review-cli",
    )
    typer.echo(f"claimed {ref} until {c.expires_at:%H:%M:%S} UTC")
