"""A server that made a new SQLite store and stored nothing in it takes the store away when it stops.

`memeval serve` and `memeval audit serve` open their store with `open_store`, which makes it when
it is not there (a first serve on a new store, before `users add` or `audit token add`, is a way
in). Started from the wrong folder, or with a typo in `--db`/`MEMEVAL_DB`, a server made
`audit/memeval.sqlite` there and a fingerprint key and a cookie key in `~/.config/memeval/`, and
left them when it was stopped: an empty store that a later command in that folder took for the
real one, and keys of a store nobody has. `removed_if_unused` removes what the server made (the
files `memeval.audit.new_store_files` names, as `memeval audit ingest` does for a run that stored
nothing, and the cookie key) when, once it stops, the store still holds nothing but the rows of
its own schema migrations, and says so with the fix. A store that received anything while it ran
(an account, a token, an event) is kept, key files and all.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from memeval.audit import SqlAuditStore

SCHEMA_TABLES = ("schema_migrations", "review_migrations")
"""The tables a new store fills by itself (the migrations it ran); a row elsewhere means something was stored."""


def holds_nothing(path: Path) -> bool:
    """True when the SQLite file at `path` has rows in no table but `SCHEMA_TABLES`; False when it cannot be read."""
    try:
        con = sqlite3.connect(path, timeout=5)
    except sqlite3.Error:
        return False
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for name in names:
            if name in SCHEMA_TABLES or name.startswith("sqlite_"):
                continue
            quoted = '"' + name.replace('"', '""') + '"'  # a name read from the file's own schema
            if con.execute(f"SELECT 1 FROM {quoted} LIMIT 1").fetchone() is not None:  # noqa: S608
                return False
        return True
    except sqlite3.Error:  # locked by a writer, or not a database: not ours to remove
        return False
    finally:
        con.close()


def _new_cookie_key(url: str) -> Path | None:
    """The cookie-key file a server of the store at `url` would make, or None (it exists, or the key is given)."""
    if os.environ.get("MEMEVAL_REVIEW_SECRET"):
        return None
    from memeval.review import default_secret_file

    path = Path(os.environ.get("MEMEVAL_REVIEW_SECRET_FILE") or default_secret_file(url)).absolute()
    return None if path.exists() else path


class UnusedStore:
    """What `removed_if_unused` yields: the stores the block opened, and `sweep` to remove a made, empty store now.

    Attributes:
        opened: the block appends the store it opened, so its engines are closed before removal.
    """

    def __init__(self, url: str, what: str) -> None:
        from memeval.audit import new_store_files

        self.what = what
        self.made = new_store_files(url)
        self.cookie_key = _new_cookie_key(url) if self.made is not None else None
        self.opened: list[SqlAuditStore] = []

    def sweep(self) -> None:
        """Remove the store when the block made it and it holds nothing (`holds_nothing`), and say so; once only.

        Called by the server right before its stop line (so that line stays the last), and again at the
        block's end (a no-op then).
        """
        made, self.made = self.made, None
        if made is None or not made.files[0].is_file() or not holds_nothing(made.files[0]):
            return
        for store in self.opened:
            store.engine.dispose()
            store.write_engine.dispose()
        for path in (*made.files, made.key, self.cookie_key):
            if path is not None:
                path.unlink(missing_ok=True)
        for folder in made.folders:  # deepest first
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        typer.echo(
            f"{self.what}: removed the store {made.files[0]} it had made, with its new keys, since nothing was "
            "stored in it; to serve your store, start the server in the folder that holds it or name it with --db "
            "(or MEMEVAL_DB)",
            err=True,
        )


@contextmanager
def removed_if_unused(url: str, what: str) -> Iterator[UnusedStore]:
    """Within the block a server opens the store at `url`; made by the block and empty at its end, it goes.

    Only a SQLite file that did not exist when the block began counts as made here: PostgreSQL and
    an existing file are never touched. At the end (a stop by SIGTERM or Ctrl-C, or an error), or
    earlier when the block calls `sweep` (right before the server's stop line), if the file holds
    nothing (`holds_nothing`), the engines of the stores the block opened are closed, then the file
    and its journal files, the key files made for it and the folders made for it (when empty) are
    removed, and a line on stderr says so, naming how to serve the right store.

    Args:
        url: the store's URL (`memeval.audit.db_url`'s answer).
        what: how the line names the server (`memeval review on http://127.0.0.1:8765/`).
    """
    guard = UnusedStore(url, what)
    try:
        yield guard
    finally:
        guard.sweep()
