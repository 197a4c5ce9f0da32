"""One PostgreSQL server for the whole test session, shared by every test that stores data there.

The URL comes from `MEMEVAL_TEST_PG_URL` (`.ci/run` sets it); when unset, one throwaway cluster
is started for the session with `scripts/pg` (`throwaway_pg`), so README's test command checks
PostgreSQL too. When neither works, PostgreSQL tests FAIL if `CI` is set and are skipped with a
loud reason otherwise. `tests/conftest.py` makes `pg_server` a fixture of every test.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import throwaway_pg


class PgServer:
    """A PostgreSQL server the tests may create databases on."""

    def __init__(self, url: str, data_dir: Path | None) -> None:
        self.url = url
        self.data_dir = data_dir
        """The cluster's directory when this session started it (so its files can be grepped)."""

    def new_database(self) -> str:
        """Create an empty database with a fresh name; return its URL (password included)."""
        # Imported here, not at the top: tests/conftest.py imports this module in every pytest process,
        # the xdist controller too, which starts the workers only once its conftest is loaded.
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        name = "t_" + uuid.uuid4().hex[:16]
        admin = create_engine(make_url(self.url).set(database="postgres"), isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        return make_url(self.url).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer | None]:
    """The session's server, or None when there is none (see `need_pg`)."""
    url = os.environ.get("MEMEVAL_TEST_PG_URL")
    if url:
        yield PgServer(url, None)
        return
    got = throwaway_pg.start("memeval-test-pg-")  # stops servers a killed suite left first
    if got is None:
        yield None
        return
    try:
        yield PgServer(got[0], got[1])
    finally:
        throwaway_pg.stop(got[1])


def need_pg(pg: PgServer | None) -> PgServer:
    """`pg`, or fail the test under `CI` / skip it loudly elsewhere when there is no server."""
    if pg is None:
        why = "PostgreSQL unavailable: MEMEVAL_TEST_PG_URL unset and `scripts/pg start` failed"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip("!!! SKIPPED POSTGRES TESTS !!! " + why)
    return pg


def read_tree(root: Path, attempts: int = 5) -> dict[Path, bytes]:
    """Every regular file under `root` with its bytes, read while a live server may rewrite some.

    PostgreSQL deletes and rewrites some files at any moment (`global/pg_internal.init`, stats
    files, recycled WAL segments), so a file listed may be gone when read. A pass in which any
    file vanished is thrown away and the tree listed and read again, so the bytes returned are
    one pass in which every listed file was read whole.

    Raises:
        AssertionError: files vanished in each of `attempts` passes (named in the message).
    """
    vanished: list[Path] = []
    for _ in range(attempts):
        out: dict[Path, bytes] = {}
        vanished = []
        try:
            for p in root.rglob("*"):
                if p.is_file():
                    try:
                        out[p] = p.read_bytes()
                    except FileNotFoundError:
                        vanished.append(p)
        except FileNotFoundError as e:  # a folder went away mid-walk
            vanished.append(Path(e.filename or root))
        if not vanished:
            return out
    raise AssertionError(f"files under {root} kept vanishing while read ({attempts} passes): {vanished[:5]}")
