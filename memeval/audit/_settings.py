"""Where the audit store lives, and the key of secret fingerprints.

- `MEMEVAL_DB`: any SQLAlchemy URL; default `sqlite:///audit/memeval.sqlite` (relative to the
  working directory, normally the project root).
- `MEMEVAL_FINGERPRINT_KEY`: hex HMAC key (at least 16 bytes) of `secret.blanked` fingerprints.
  When unset, the key is read from (or created in, mode 0600) `MEMEVAL_FINGERPRINT_KEY_FILE`,
  default `$XDG_CONFIG_HOME/memeval/fingerprint-<store id>.key` (`~/.config/...`), where the
  store id is a hash of the store's absolute location. The key is kept apart from the data on
  purpose: with the key, a leaked database (or a copied store folder) would let anyone test
  guesses of short secrets, such as a card's 6 middle digits, against the fingerprints. So a key
  file inside the SQLite file's folder is refused, and so is a key file that group or others can
  read or write (`chmod 600 FILE` fixes it). A key left beside the database by an earlier
  memeval is not used: the error says where to move it.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from memeval.audit._store import SqlAuditStore
from memeval.errors import UsageError

DEFAULT_DB_URL = "sqlite:///audit/memeval.sqlite"


def db_url(url: str | None = None, option: str = "--db") -> str:
    """The store URL: `url`, else `MEMEVAL_DB`, else `DEFAULT_DB_URL`.

    Args:
        url: the URL the command was given, None when it was not.
        option: the option that gave `url`, named in the error (`--db`; `--index-url` for a run index).

    Raises:
        UsageError: the URL cannot be parsed, names a database kind SQLAlchemy has no dialect for, one
            whose Python driver is not installed (`mysql://` without `MySQLdb`), or SQLite in memory
            (`sqlite://`: each connection is an empty database of its own, and nothing outlives the
            command); the message names `option` or `MEMEVAL_DB`, whichever gave it, and the fix.
    """
    chosen = url or os.environ.get("MEMEVAL_DB") or DEFAULT_DB_URL
    source = option if url else "MEMEVAL_DB"
    what = f"{source} {_shown_unparsed(chosen)!r}"
    try:
        parsed = make_url(chosen)
        # as given when it holds no password (SQLAlchemy's rendering writes `:memory:` as `%3Amemory%3A`)
        shown = chosen if parsed.password is None else parsed.render_as_string(hide_password=True)
        what = f"{source} {shown!r}"
        dialect = parsed.get_dialect()  # NoSuchModuleError (an ArgumentError) for a database kind with no dialect
    except ArgumentError as exc:
        raise UsageError(
            f"{what} is not a database URL memeval can open ({type(exc).__name__}): use e.g. {_TESTED_URLS}"
        ) from exc
    try:
        dialect.import_dbapi()  # the driver create_engine would import: ModuleNotFoundError when it is missing
    except ImportError as exc:
        module = exc.name or str(exc)
        raise UsageError(
            f"{what} needs the Python module {module!r}, its database driver, which is not installed in "
            f"memeval's environment: install it there, or use {_TESTED_URLS} (the stores memeval is tested on)"
        ) from exc
    if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
        raise UsageError(
            f"{what} is SQLite in memory: each connection would be an empty database of its own and nothing "
            "would outlive this command; name a file, e.g. sqlite:///audit/memeval.sqlite"
        )
    return chosen


_TESTED_URLS = "sqlite:///audit/memeval.sqlite or postgresql+psycopg://user@host:5432/db"
"""The two kinds of store URL memeval's tests run on, as errors suggest them."""


def _shown_unparsed(value: str) -> str:
    """A URL that did not parse, as an error may show it: everything before an `@` (a password, maybe) as `***`."""
    head, at, tail = value.rpartition("@")
    if not at:
        return value
    scheme, sep, _ = head.partition("://")
    return f"{scheme}://***@{tail}" if sep else f"***@{tail}"


def _sqlite_path(url: str) -> Path | None:
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def store_id(url: str) -> str:
    """16 hex digits naming a store: a hash of its absolute SQLite path, or of its URL without password."""
    db = _sqlite_path(url)
    where = str(db.resolve()) if db is not None else make_url(url).render_as_string(hide_password=True)
    return hashlib.sha256(where.encode()).hexdigest()[:16]


def default_key_file(url: str) -> Path:
    """Where the fingerprint key of the store at `url` lives when nothing says otherwise."""
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "memeval" / f"fingerprint-{store_id(url)}.key"


def _inside(path: Path, folder: Path) -> bool:
    """Whether `path` (resolved) lies in `folder` or below it."""
    real = path.resolve()
    return real.parent == folder or folder in real.parents


def fingerprint_key(url: str) -> bytes:
    """The fingerprint HMAC key for the store at `url` (see the module docstring).

    Raises:
        UsageError: `MEMEVAL_FINGERPRINT_KEY` is not hex or shorter than 16 bytes; the key file is
            inside the store's folder, readable by others, not hex, or an old key beside the
            database needs moving (the message names the command that fixes it).
    """
    env = os.environ.get("MEMEVAL_FINGERPRINT_KEY")
    if env:
        try:
            key = bytes.fromhex(env)
        except ValueError as exc:
            raise UsageError("MEMEVAL_FINGERPRINT_KEY must be hex (e.g. 64 hex digits)") from exc
        if len(key) < 16:
            raise UsageError("MEMEVAL_FINGERPRINT_KEY is shorter than 16 bytes: use 32 random bytes")
        return key
    db = _sqlite_path(url)
    path = Path(os.environ.get("MEMEVAL_FINGERPRINT_KEY_FILE") or default_key_file(url)).absolute()
    if db is not None:
        folder = db.absolute().parent.resolve()
        if _inside(path, folder):
            default = default_key_file(url).absolute()
            # the default may lie inside the folder too (the store in $HOME or in $XDG_CONFIG_HOME):
            # then a sibling of the store's folder is suggested, never a path that fails the same way
            elsewhere = (
                default if not _inside(default, folder) else folder.parent / f"{folder.name}-keys" / default.name
            )
            fixes = [f"set MEMEVAL_FINGERPRINT_KEY_FILE to a file outside it (e.g. {elsewhere})"]
            if os.environ.get("MEMEVAL_FINGERPRINT_KEY_FILE") and not _inside(default, folder):
                fixes.append("unset MEMEVAL_FINGERPRINT_KEY_FILE (the key then lives in " + str(default) + ")")
            fixes.append("give the key itself in MEMEVAL_FINGERPRINT_KEY (64 hex digits)")
            raise UsageError(
                f"the fingerprint key {path} is inside the store's folder {folder}: whoever copies the folder "
                f"gets data and key together. Keep it out: " + ", or ".join(fixes)
            )
        old = folder / "fingerprint.key"
        if old.is_file() and not path.exists():
            raise UsageError(
                f"{old} is a fingerprint key kept beside the database by an earlier memeval: move it out of the "
                f"store's folder with `mkdir -p {path.parent} && mv {old} {path}` (keep its mode 0600)"
            )
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32) + "\n")
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise UsageError(
            f"the fingerprint key {path} has mode {mode:o}: group or others may read it; run `chmod 600 {path}`"
        )
    try:
        key = bytes.fromhex(path.read_text().strip())
    except ValueError as exc:
        raise UsageError(f"the fingerprint key {path} is not hex: put 64 random hex digits in it") from exc
    if len(key) < 16:
        raise UsageError(f"the fingerprint key {path} is shorter than 16 bytes: use 64 hex digits")
    return key


@dataclass(frozen=True)
class NewStore:
    """What opening a SQLite store that does not exist yet creates (`new_store_files`).

    Attributes:
        files: the database file and its `-wal`, `-shm` and `-journal` companions.
        folders: the store's and the key's folders that did not exist, each deepest first.
        key: the fingerprint key file, when there was none.
    """

    files: tuple[Path, ...]
    folders: tuple[Path, ...]
    key: Path | None


def new_store_files(url: str) -> NewStore | None:
    """What opening the store at `url` would create, or None when it exists (or is not a SQLite file).

    Read before `open_store`, so that a run which stores nothing can remove what it made
    (`memeval audit ingest`) and never an existing store or its data.
    """
    db = _sqlite_path(url)
    if db is None or db.exists():
        return None
    db = db.absolute()
    folders: list[Path] = []
    up = db.parent
    while not up.exists():
        folders.append(up)
        up = up.parent
    key = None
    if not os.environ.get("MEMEVAL_FINGERPRINT_KEY"):
        where = Path(os.environ.get("MEMEVAL_FINGERPRINT_KEY_FILE") or default_key_file(url)).absolute()
        key = None if where.exists() else where
        up = where.parent
        while key is not None and not up.exists():
            folders.append(up)
            up = up.parent
    files = (db, *(db.with_name(db.name + tail) for tail in ("-wal", "-shm", "-journal")))
    return NewStore(files, tuple(folders), key)


def open_existing_store(url: str | None = None, *, team: str | None = None) -> SqlAuditStore:
    """Open a store that must already exist (commands that only read or decide).

    Args:
        url: the store URL (default `MEMEVAL_DB`, then `DEFAULT_DB_URL`).
        team: when given, the team must have events in it.

    Raises:
        UsageError: no SQLite file at that path (a typo would otherwise create an empty store
            and a new fingerprint key), or the team has no events (the known teams are named).
    """
    chosen = db_url(url)
    db = _sqlite_path(chosen)
    if db is not None and not db.is_file():
        raise UsageError(
            f"no audit store at {db}: ingest events first (memeval audit ingest FILE) or point "
            "--db / MEMEVAL_DB at your store"
        )
    store = open_store(chosen)
    if team is not None:
        known = sorted(store.teams())
        if team not in known:
            raise UsageError(
                f"team {team!r} has no events in the audit store; known teams: {', '.join(known) or 'none yet'}"
            )
    return store


def open_store(url: str | None = None) -> SqlAuditStore:
    """Open (creating and migrating if needed) the audit store at `url` or `MEMEVAL_DB`.

    Raises:
        UsageError: bad URL or key; AuditStoreError: the database cannot be opened.
    """
    chosen = db_url(url)
    db = _sqlite_path(chosen)
    if db is not None:
        db.parent.mkdir(parents=True, exist_ok=True)
    return SqlAuditStore(chosen, fingerprint_key=fingerprint_key(chosen))
