"""Where a store's reports live: the recorded report folder and each version's place in it.

A store's report folder is fixed: the first report records its absolute path in the store
(`report_setting` table) and every later report goes there; asking for another folder is refused,
so a working directory can never split a store's reports. Files of one report version go to
`<root>/<team>/<week>/v<N>/`.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from sqlalchemy import Column, MetaData, String, Table, Text, select
from sqlalchemy.exc import IntegrityError, ProgrammingError

from memeval.audit import SqlAuditStore
from memeval.errors import UsageError

_meta = MetaData()
setting_table = Table(
    "report_setting",
    _meta,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)


def default_report_dir(store: SqlAuditStore | None = None) -> Path:
    """`MEMEVAL_REPORT_DIR`, else `reports/` beside a SQLite store's file, else `./reports` (absolute)."""
    env = os.environ.get("MEMEVAL_REPORT_DIR")
    if env:
        return Path(env).absolute()
    if store is not None and store.is_sqlite:
        from sqlalchemy.engine import make_url

        db = make_url(store.url).database
        if db and db != ":memory:":
            return Path(db).absolute().parent / "reports"
    return Path("reports").absolute()


def report_root(store: SqlAuditStore, requested: Path | None = None) -> Path:
    """The store's report folder: the one recorded, else `requested` (or the default), recorded now.

    Raises:
        UsageError: `requested` (or `MEMEVAL_REPORT_DIR`) names another folder than the recorded one,
            or, before any is recorded, a folder that cannot be created and written (then nothing is
            recorded).
    """
    _create_setting_table(store)
    with store.write_engine.begin() as conn:
        recorded = conn.execute(select(setting_table.c.value).where(setting_table.c.key == "report_dir")).scalar()
    asked = requested.absolute() if requested is not None else None
    if recorded is not None:
        if asked is not None and asked.resolve() != Path(recorded).resolve():
            raise UsageError(
                f"this store's reports live in {recorded} (recorded with its first report): leave out --out "
                f"and MEMEVAL_REPORT_DIR, or pass --out {recorded}"
            )
        return Path(recorded)
    root = asked or default_report_dir(store)
    try:  # a folder that cannot be made or written must not be recorded: it would be kept for good
        root.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-check-", dir=root)  # a name of its own: threads share a pid
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UsageError(
            f"report folder {str(root)!r} cannot be written ({exc.strerror}): pass --out (or MEMEVAL_REPORT_DIR) "
            "naming a folder memeval can create and write; nothing was recorded"
        ) from exc
    try:
        with store.write_engine.begin() as conn:
            conn.execute(setting_table.insert().values(key="report_dir", value=str(root)))
    except IntegrityError:  # another process recorded one first: use that
        return report_root(store, requested)
    return root


def _create_setting_table(store: SqlAuditStore) -> None:
    """Create `report_setting` when missing; two runs at once on PostgreSQL both try, and one is refused.

    PostgreSQL checks for the table, then creates it: a second creator in between fails (a unique
    violation on the catalogue, or "already exists"). Then the table exists, and the one retry finds it;
    any other fault raises again from the retry.
    """
    try:
        with store.write_engine.begin() as conn:
            _meta.create_all(conn, checkfirst=True)
    except (IntegrityError, ProgrammingError):
        with store.write_engine.begin() as conn:
            _meta.create_all(conn, checkfirst=True)


def report_file(team: str, week: str, version: int) -> str:
    """The PDF's place under the store's report folder (setting `report_dir`), as `report.generated` records it.

    Relative, so the event holds nothing but the team, week and version (an absolute folder would
    put the machine's paths into an append-only log that packs and the API pass on).
    """
    return f"{team}/{week}/v{version}/report.pdf"


def report_folder(out_dir: Path, team: str, week: str, version: int) -> Path:
    """Where the files of one report version live."""
    return out_dir / team / week / f"v{version}"


def latest_report_folder(store: SqlAuditStore, team: str, week: str) -> Path:
    """The folder of the latest recorded version of `team`'s `week`, for `memeval report verify --team --week`.

    Reads only: nothing is made, rendered or recorded.

    Raises:
        UsageError: the week has no report yet (with the command that makes it).
    """
    done = [g for g in store.reads.generated_reports(team) if g.week == week]
    if not done:
        raise UsageError(
            f"{team} {week} has no report to verify yet: make it with "
            f"`memeval report weekly --team {team} --week {week}`"
        )
    return report_folder(report_root(store), team, week, done[-1].version)
