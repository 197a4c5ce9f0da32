"""`memeval serve`, `memeval users ...` and `memeval review ...`: the reviewer queue.

The store is `--db URL`, else `MEMEVAL_DB`, else `sqlite:///audit/memeval.sqlite`. Decisions on
the command line follow the same rules as the web pages, and the deciding person proves who they
are like on the web: `--user NAME` (or `--as NAME`, or `MEMEVAL_REVIEWER`) then the account's
password (asked for without echo, or read from stdin with `--password-stdin`), or, for scripts, a
personal API token in `MEMEVAL_REVIEW_TOKEN` (`memeval users token NAME`). A name alone proves
nothing and is refused. `users add` and `users token` prove who you are the same way: only an
admin adds or changes accounts or makes a token for someone else (a store's first account is made
without a login and must be its admin), and anyone may make their own token. A refused decision
exits 2 with the reason; nothing is stored.
`review list` and `review show` read the database directly (whoever can read the database file
sees every team) and print stored text with control characters spelled out.
"""

from __future__ import annotations

import errno
import socket
import sys
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Annotated

import typer

from memeval.cli._json import echo_json
from memeval.cli._options import DbOpt, JsonOpt
from memeval.cli._serving import serve_until_stopped
from memeval.cli._store import open_with_events
from memeval.cli.app import command_app, fail, number_fix, shown_input, translate_errors
from memeval.clock import utc_now

if TYPE_CHECKING:
    from memeval.audit import SqlAuditStore
    from memeval.review import Account, ReviewSettings

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

review_app = typer.Typer(
    help="The reviewer queue: list, show and decide waiting items.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
users_app = typer.Typer(
    help="Accounts of the review pages and API (viewer, reviewer, admin).",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(review_app, name="review")
app.add_typer(users_app, name="users")

USERS_SCHEMA = "memeval.users/1"
"""`memeval users list --json`: {schema, schema_version, users: [{username, role, teams (None: every team)}]}."""
ACCOUNT_LOG_SCHEMA = "memeval.account-log/1"
"""`memeval users log --json`: {schema, schema_version, entries: [{at, action, username, actor, role, teams,
token_id, tokens_revoked}]}, oldest first."""
ITEM_SCHEMA = "memeval.review-item/1"
"""`memeval review show --json`: {schema, schema_version, item, ...} (`memeval.review.ItemDetailOut`'s fields)."""
QUEUE_SCHEMA = "memeval.review-queue/1"
"""`memeval review list --json`: {schema, schema_version, counts, overdue, overdue_after_h, items} (`QueueOut`)."""


def from_us(us: int) -> datetime:
    """The aware UTC time of `us` microseconds since the Unix epoch (how the review tables keep times)."""
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=us)


AsOpt = Annotated[
    str | None,
    typer.Option(
        "--user",
        "--as",
        envvar="MEMEVAL_REVIEWER",
        help="Your account name; your password is asked for. Without a name here or in MEMEVAL_REVIEWER you act "
        "as the owner of the token in MEMEVAL_REVIEW_TOKEN (a name, even from MEMEVAL_REVIEWER, wins over it).",
    ),
]
PasswordStdinOpt = Annotated[
    bool, typer.Option("--password-stdin", help="Read your password from the first line of stdin (scripts).")
]
RefArg = Annotated[
    str, typer.Argument(help="The item: TYPE/TEAM/ID as `memeval review list` prints it, or a unique id.")
]
ReasonOpt = Annotated[str | None, typer.Option("--reason", help="Why (required to reject, settle or discard).")]


def _settings(**overrides: object) -> ReviewSettings:
    from pydantic import SecretBytes

    from memeval.review import ReviewSettings

    return ReviewSettings.from_env(secret_key=SecretBytes(b""), **overrides)


@app.command("serve")
@translate_errors
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.", min=1, max=65535)] = 8765,
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
    ingest: Annotated[bool, typer.Option(help="Also serve the audit ingest endpoint POST /api/v1/events.")] = True,
) -> None:
    """Serve the review pages, their JSON API and (by default) the audit ingest endpoint."""
    import uvicorn
    from pydantic import ValidationError

    from memeval.audit import open_store
    from memeval.review import ReviewSettings, create_review_app

    try:
        settings = ReviewSettings.from_env(
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
    if host not in ("127.0.0.1", "::1", "localhost") and not settings.secure_cookies:
        typer.echo(f"warning: serving on {host} without --secure-cookies: put it behind HTTPS", err=True)
    sock = _bind(host, port)  # before the app is built: a port in use is said at once, in one line
    web = create_review_app(open_store(db), settings, with_ingest=ingest)
    url = f"http://{f'[{host}]' if ':' in host else host}:{port}/"

    with sock:
        serve_until_stopped(uvicorn.Config(web, log_level="warning"), f"memeval review on {url}", [sock])


def _bind(host: str, port: int) -> socket.socket:
    """A TCP socket bound to (`host`, `port`), not yet listening (uvicorn listens on it).

    Binds the way uvicorn would (IPv6 when `host` has a colon, `SO_REUSEADDR` so a port in
    TIME_WAIT after a restart is taken), but here, so the error names the port and the fix.

    Raises:
        typer.Exit: (2) the port is in use, needs privileges, or the address is not this machine's.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            why = f"port {port} on {host} is already in use (another `memeval serve`?)"
            fix = f"stop that server, or serve on another port: --port {port + 1 if port < 65535 else 8766}"
        elif exc.errno == errno.EACCES:
            why = f"no permission to listen on port {port} (ports below 1024 need privileges)"
            fix = "serve on a port from 1024 up: --port 8765"
        else:  # an address this machine does not have, or a name that does not resolve
            why = f"cannot listen on {host} port {port}: {exc.strerror or exc}"
            fix = "pass --host with an address of this machine (default 127.0.0.1)"
        raise fail(f"{why}: {fix}") from exc
    return sock


@users_app.command("add")
@translate_errors
def users_add(
    username: Annotated[str, typer.Argument(help="Account name (also the person id in audit events).")],
    role: Annotated[str, typer.Option(help="viewer, reviewer or admin (a store's first account: admin).")] = "reviewer",
    team: Annotated[
        list[str] | None,
        typer.Option(
            "--team", help="A team this viewer or reviewer sees and decides (repeat; default: none; admins see all)."
        ),
    ] = None,
    who: AsOpt = None,
    password_stdin: Annotated[
        bool,
        typer.Option(
            "--password-stdin",
            help="Read the new account's password from stdin instead of prompting; with --user, the first line "
            "is your own password and the second the new account's.",
        ),
    ] = False,
    db: DbOpt = None,
) -> None:
    """Create an account (or set a new password and role); only an argon2 hash is stored.

    Only an admin adds or changes accounts, logged in with --user (or MEMEVAL_REVIEW_TOKEN). The
    store's first account is made without a login and must be its admin (--role admin).
    """
    from memeval.audit import open_store
    from memeval.review import check_account, check_may_manage, ensure_review_schema, list_users, set_account

    role = role.strip().casefold()  # `Admin` is `admin`
    check_account(username, role)  # before asking for a password that would be thrown away
    store = open_store(db)
    ensure_review_schema(store)
    actor = _login(store, who, password_stdin) if list_users(store) else None
    check_may_manage(store, actor, username, role)  # before the new password is asked for
    password = _password(f"New password for {username.strip()}", password_stdin, confirm=True)
    done = set_account(store, username, password, role, list(team or []), None if actor is None else actor.username)
    acct = done.account
    teams = "every team" if acct.teams is None else ", ".join(sorted(acct.teams))
    typer.echo(f"{acct.username}: {acct.role} of {teams}")
    if not done.created:
        n = done.tokens_revoked
        typer.echo(
            f"{acct.username}: new password; open sessions ended, "
            + ("no API token to revoke" if n == 0 else f"{n} API token{'s' if n != 1 else ''} revoked")
            + (f" (make a new one: memeval users token {acct.username} --user {acct.username})" if n else ""),
            err=True,
        )


@users_app.command("list")
@translate_errors
def users_list(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List accounts and roles (never passwords)."""
    from memeval.audit import open_store
    from memeval.review import ensure_review_schema, list_users

    store = open_store(db)
    ensure_review_schema(store)
    users = list_users(store)
    if as_json:
        rows = [{"username": u.username, "role": u.role,
                 "teams": None if u.teams is None else sorted(u.teams)} for u in users]  # fmt: skip
        echo_json({"schema": USERS_SCHEMA, "schema_version": 1, "users": rows})
        return
    for u in users:
        typer.echo(f"{u.username}\t{u.role}\t{'*' if u.teams is None else ','.join(sorted(u.teams))}")
    if not users:
        typer.echo("no accounts (add one with: memeval users add NAME --role reviewer --team TEAM)")


@users_app.command("token")
@translate_errors
def users_token(
    username: Annotated[str, typer.Argument(help="The account.")],
    who: AsOpt = None,
    password_stdin: PasswordStdinOpt = False,
    db: DbOpt = None,
) -> None:
    """Create a bearer token for the JSON API and print it once (only its hash is stored).

    Proves who you are first, like `memeval review`: your own token needs your password (--user
    NAME) or a token of yours; a token for someone else needs an admin's.
    """
    from memeval.audit import open_store
    from memeval.review import add_api_token, check_may_manage, ensure_review_schema, get_account, list_users

    store = open_store(db)
    ensure_review_schema(store)
    if get_account(store, username) is None:
        first = "" if list_users(store) else "this store has no accounts yet; "
        make = "make its admin first: memeval users add NAME --role admin" if first else "an admin creates it with "
        raise fail(
            f"no account {username.strip()!r}: {first}{make}"
            + ("" if first else f"`memeval users add {username.strip()} --user ADMIN`")
        )
    actor = _login(store, who, password_stdin)
    check_may_manage(store, actor, username)
    typer.echo(add_api_token(store, username, actor.username))


@users_app.command("log")
@translate_errors
def users_log(
    username: Annotated[
        str | None, typer.Option("--account", help="Only this account's entries (default: every account).")
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Who made or changed which account and API token, and when, oldest first.

    Entries: account.created, account.changed (a new password, role and teams; its API tokens are
    revoked), token.created (the first 12 hex digits of the token's SHA-256, never the token).
    Kept beside the accounts, not in a team's hash chain; changes made before memeval recorded
    them are not listed.
    """
    from memeval.audit import open_existing_store
    from memeval.review import account_log

    store = open_existing_store(db)
    entries = account_log(store, username)
    if as_json:
        rows = [
            {
                "at": from_us(e.at_us).isoformat().replace("+00:00", "Z"),
                "action": e.action,
                "username": e.username,
                "actor": e.actor,
                "role": e.role,
                "teams": None if e.teams is None else list(e.teams),
                "token_id": e.token_id,
                "tokens_revoked": e.tokens_revoked,
            }
            for e in entries
        ]
        echo_json({"schema": ACCOUNT_LOG_SCHEMA, "schema_version": 1, "entries": rows})
        return
    for e in entries:
        at = from_us(e.at_us).strftime("%Y-%m-%d %H:%M:%SZ")
        by = f"by {e.actor}" if e.actor else "by no one logged in (the store's first account)"
        if e.action == "token.created":
            what = f"token {e.token_id}…"
        else:
            teams = "every team" if e.teams is None else ", ".join(e.teams)
            what = f"{e.role} of {teams}" + (f"; {e.tokens_revoked} API token(s) revoked" if e.tokens_revoked else "")
        typer.echo(f"{at}\t{e.action}\t{e.username}\t{what}\t{by}")
    if not entries:
        who = f" for {username.strip()!r}" if username else ""
        typer.echo(f"no account changes recorded{who} (changes made before memeval recorded them are not listed)")


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
    from memeval.audit import open_existing_store
    from memeval.review import QueueFilter, build_queue, ensure_review_schema, item_kind, queue_out, term_text

    kind = None if kind is None else item_kind(kind)  # before the store: a bad --kind is said first
    store = open_with_events(db, team) if team else open_existing_store(db)
    ensure_review_schema(store)
    view = build_queue(
        store, QueueFilter(kind, team, min_age_h), now=utc_now(), overdue_after_h=_settings().overdue_after_h
    )
    if as_json:
        echo_json({"schema": QUEUE_SCHEMA, "schema_version": 1, **queue_out(view).model_dump(mode="json")})
        return
    c = view.counts
    lessons = f"{c['lesson']} lesson" + ("" if c["lesson"] == 1 else "s")
    contradictions = f"{c['contradiction']} contradiction" + ("" if c["contradiction"] == 1 else "s")
    typer.echo(
        f"waiting: {lessons}, {contradictions}, {c['hold']} held; {view.overdue} over {view.overdue_after_h:g} h"
    )
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
        age = int(((now if item.waiting else view.history[-1].at) - item.since).total_seconds())
        echo_json({"schema": ITEM_SCHEMA, "schema_version": 1, **detail_out(view, max(0, age)).model_dump(mode="json")})
        return
    it = view.item
    t = term_text
    typer.echo(f"{t(view.ref)}  {it.status}{'  OVERDUE' if view.overdue else ''}")
    typer.echo(f"opened by {t(view.opened_by)} at {it.since:%Y-%m-%d %H:%M} UTC ({view.age})")
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


def _password(prompt: str, from_stdin: bool, *, confirm: bool = False) -> str:
    """A password: the first line of stdin with `--password-stdin`, else asked for without echo.

    Raises:
        typer.Exit: (2) no terminal to ask on (no /dev/tty, stdin not one) and no --password-stdin;
            asking anyway would read stdin with echo after a GetPassWarning and end 'Aborted!'.
    """
    import os

    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    try:
        os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))  # where getpass asks
    except OSError:
        if not sys.stdin.isatty():
            raise fail("no terminal to ask the password on: pipe it in and add --password-stdin") from None
    return str(typer.prompt(prompt, hide_input=True, confirmation_prompt=confirm))


def _login(store: SqlAuditStore, who: str | None, password_stdin: bool) -> Account:
    """The authenticated account: a personal token (MEMEVAL_REVIEW_TOKEN) or name + password."""
    import os

    from memeval.review import account_for_token, authenticate

    token = os.environ.get("MEMEVAL_REVIEW_TOKEN", "").strip()
    if token and not who:
        account = account_for_token(store, token)
        if account is None:
            raise fail("MEMEVAL_REVIEW_TOKEN is not a known token: make one with `memeval users token NAME`")
        return account
    if not who:
        raise fail("say who you are: --user NAME (your password is asked for), or set MEMEVAL_REVIEW_TOKEN "
                   "to your personal token (memeval users token NAME)")  # fmt: skip
    password = _password(f"Password for {who}", password_stdin)
    account = authenticate(store, who, password)
    if account is None:
        raise fail(f"wrong name or password for {who!r}: nothing was done")
    return account


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

    check_arguments(action, reason, kept, parse_ref(ref)[0] if "/" in ref else None)  # before the password
    store = open_with_events(db)  # an empty store is said before the password is asked for
    ensure_review_schema(store)
    account = _login(store, who, pw_stdin)
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
    account = _login(store, who, password_stdin)
    c = claim_item(
        store,
        account,
        resolve(store, ref, account),
        lease_s=_settings().claim_lease_s,
        now=utc_now(),
        sender="review-cli",
    )
    typer.echo(f"claimed {ref} until {c.expires_at:%H:%M:%S} UTC")
