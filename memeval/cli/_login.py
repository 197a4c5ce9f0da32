"""Proving who you are on the command line: `--user NAME` and a password, or a personal API token.

Shared by `memeval review` (deciding, claiming) and `memeval users` (adding accounts, making
tokens). `--user NAME` (or `--as NAME`, or `MEMEVAL_REVIEWER`) then the account's password (asked
for without echo, or read from stdin with `--password-stdin`), or, for scripts, a personal API
token in `MEMEVAL_REVIEW_TOKEN` (`memeval users token NAME`). A name alone proves nothing and is
refused.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from memeval.cli.app import fail

if TYPE_CHECKING:
    from memeval.audit import SqlAuditStore
    from memeval.review import Account

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


TWO_PASSWORDS = "`users add` with --user: your own first, then the new account's"
"""How `users add --user ME --password-stdin` reads its two lines; said by that command alone."""


def ask_password(prompt: str, from_stdin: bool, *, confirm: bool = False, order: str | None = None) -> str:
    """A password: the first line of stdin with `--password-stdin`, else asked for without echo.

    `order` says which line is which when the command reads more than one (`TWO_PASSWORDS`); a command
    reading one leaves it None, so its error names no other command (`review approve` said "`users add`
    with --user: ...").

    Raises:
        typer.Exit: (2) no terminal to ask on (no /dev/tty, stdin not one) and no --password-stdin;
            asking anyway would read stdin with echo after a GetPassWarning and end 'Aborted!'. Or
            stdin ended before this line: an empty pipe was 'wrong name or password', a missing
            second line (`users add --user`) 'the password has 0 characters'.
    """
    import os

    if from_stdin:
        line = sys.stdin.readline()
        if not line:
            missing = f"--password-stdin: standard input ended before the {prompt[0].lower() + prompt[1:]}"
            if order is None:
                raise fail(f"{missing}: pipe the password in, on a line of its own")
            raise fail(f"{missing}: give each password on a line of its own ({order})")
        return line.rstrip("\r\n")
    try:
        os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))  # where getpass asks
    except OSError:
        if not sys.stdin.isatty():
            raise fail("no terminal to ask the password on: pipe it in and add --password-stdin") from None
    return str(typer.prompt(prompt, hide_input=True, confirmation_prompt=confirm))


def login(store: SqlAuditStore, who: str | None, password_stdin: bool, *, order: str | None = None) -> Account:
    """The authenticated account: a personal token (MEMEVAL_REVIEW_TOKEN) or name + password.

    `order`: as `ask_password`'s, for a command that reads another password after this one.
    """
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
    password = ask_password(f"Password for {who}", password_stdin, order=order)
    account = authenticate(store, who, password)
    if account is None:
        raise fail(f"wrong name or password for {who!r}: nothing was done")
    return account
