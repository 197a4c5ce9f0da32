"""`memeval users ...`: accounts of the review pages and API, and their change log.

The store is `--db URL`, else `MEMEVAL_DB`, else `sqlite:///audit/memeval.sqlite`. `users add` and
`users token` prove who you are like `memeval review` (`memeval.cli._login`): only an admin adds or
changes accounts or makes a token for someone else (a store's first account is made without a
login and must be its admin), and anyone may make their own token.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated

import typer

from memeval.cli._json import echo_json
from memeval.cli._login import TWO_PASSWORDS, AsOpt, PasswordStdinOpt, ask_password, login
from memeval.cli._options import DbOpt, JsonOpt
from memeval.cli.app import command_app, fail, translate_errors

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

users_app = typer.Typer(
    help="Accounts of the review pages and API (viewer, reviewer, admin).",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(users_app, name="users")

USERS_SCHEMA = "memeval.users/1"
"""`memeval users list --json`: {schema, schema_version, users: [{username, role, teams (None: every team)}]}."""
ACCOUNT_LOG_SCHEMA = "memeval.account-log/1"
"""`memeval users log --json`: {schema, schema_version, entries: [{at, action, username, actor, role, teams,
token_id, tokens_revoked}]}, oldest first."""


def from_us(us: int) -> datetime:
    """The aware UTC time of `us` microseconds since the Unix epoch (how the review tables keep times)."""
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=us)


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
    from memeval.review import check_account  # light: the store's modules load only once it passes

    role = role.strip().casefold()  # `Admin` is `admin`
    check_account(username, role)  # before asking for a password that would be thrown away
    from memeval.audit import SqlAuditStore, db_url, new_store_files, open_store
    from memeval.cli._audit_ingest import remove_new_store
    from memeval.review import check_may_manage, ensure_review_schema, list_users, set_account

    url = db_url(db)
    made = new_store_files(url)  # a refused first account leaves no empty store behind
    store: SqlAuditStore | None = None
    try:
        store = open_store(url)
        ensure_review_schema(store)
        actor = login(store, who, password_stdin, order=TWO_PASSWORDS) if list_users(store) else None
        check_may_manage(store, actor, username, role)  # before the new password is asked for
        two = actor is not None and bool(who)  # a login by name read its own line first; by token, none
        password = ask_password(
            f"New password for {username.strip()}", password_stdin, confirm=True, order=TWO_PASSWORDS if two else None
        )
        by = None if actor is None else actor.username
        done = set_account(store, username, password, role, list(team or []), by)
    except BaseException:
        remove_new_store(made, store)  # only a store this run created, holding no event
        raise
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
    from memeval.audit import open_existing_store
    from memeval.review import ensure_review_schema, list_users

    store = open_existing_store(db)  # a listing never makes a store (a mistyped --db made an empty one)
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
        # a store's first account must be its admin: the reviewer hint led straight into that refusal
        typer.echo(
            "no accounts (add one with: memeval users add NAME --role admin: a store's first account is its "
            "admin, who then adds the others, e.g. memeval users add alice --role reviewer --team TEAM --user NAME)"
        )


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
    actor = login(store, who, password_stdin)
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
    from memeval.review import account_log, get_account, list_users

    store = open_existing_store(db)
    entries = account_log(store, username)
    if username is not None and not entries and get_account(store, username) is None:
        import difflib

        known = [a.username for a in list_users(store)]
        near = difflib.get_close_matches(username.strip(), known, n=1)
        hint = f"did you mean {near[0]!r}? " if near else ""
        listed = f"the store's accounts: {', '.join(known)}" if known else "the store has no accounts yet"
        raise fail(f"--account {username.strip()!r} is no account: {hint}{listed} (`memeval users list`)")
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
    # Only the store's first account is made with no one logged in through `memeval users add`; an
    # account made with no actor later came through the Python API (`memeval.review.add_user`).
    first = next(
        (e for e in (entries if username is None else account_log(store)) if e.action == "account.created"), None
    )
    for e in entries:
        at = from_us(e.at_us).strftime("%Y-%m-%d %H:%M:%SZ")
        if e.actor:
            by = f"by {e.actor}"
        elif first is not None and (e.action, e.at_us, e.username) == (first.action, first.at_us, first.username):
            by = "by no one logged in (the store's first account)"
        else:
            by = "by no one logged in (made through memeval's Python API, not `memeval users add`)"
        if e.action == "token.created":
            what = f"token {e.token_id}…"
        else:
            teams = "every team" if e.teams is None else ", ".join(e.teams)
            what = f"{e.role} of {teams}" + (f"; {e.tokens_revoked} API token(s) revoked" if e.tokens_revoked else "")
        typer.echo(f"{at}\t{e.action}\t{e.username}\t{what}\t{by}")
    if not entries:
        who = f" for {username.strip()!r}" if username else ""
        typer.echo(f"no account changes recorded{who} (changes made before memeval recorded them are not listed)")
