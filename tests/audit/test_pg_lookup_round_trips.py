"""On PostgreSQL, the reads an HTTP batch makes outside its write open no transaction (`lookup_engine`).

The server looks up the token of every request (`lookup_token`) and the batch's stored ids
(`_write.stored_already`) before its write. Through the pool each read was four round trips: the
pool's ping, which opened a transaction (`BEGIN`), the read, and the pool's `ROLLBACK` on return.
In autocommit each is two (the ping and the read), with the same answers. The messages the
client sends are read from libpq's own trace of the pooled connection.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pg_fixture import PgServer, need_pg
from pg_trace import traced_messages

from memeval.audit import SqlAuditStore, add_token
from memeval.audit._tokens import lookup_token
from memeval.audit._write import stored_already


def _sent_commands(store: SqlAuditStore, trace: Path, read: Any) -> list[str]:
    """The simple-protocol commands (`Query` messages) the client sent while `read()` ran, in order."""
    queries = [text for kind, text in traced_messages(store.engine, trace, read) if kind == "Query"]
    return [re.sub(r'^ ?"|"$', "", q.strip()).strip() for q in queries]


def test_token_lookup_and_stored_ids_check_send_no_begin_or_rollback(
    pg_server: PgServer | None, make: Any, tmp_path: Path
) -> None:
    store = SqlAuditStore(need_pg(pg_server).new_database(), fingerprint_key=b"k" * 32)
    try:
        token = add_token(store, "t1", "a")
        drafts = [make("session.started", None, {"slice_id": "sl", "slice_hash": "h"}, team="t1", id=f"e{i}")
                  for i in range(3)]  # fmt: skip
        store.append(drafts[:2], sender="a")
        answers: list[Any] = []

        def reads() -> None:
            answers.append(lookup_token(store, token))
            answers.append(stored_already(store, drafts, "a"))

        commands = _sent_commands(store, tmp_path / "trace.txt", reads)
        assert answers == [("t1", "a"), frozenset({("t1", "e0"), ("t1", "e1")})]  # the same answers as before
        assert not [c for c in commands if c.upper().startswith(("BEGIN", "ROLLBACK", "COMMIT"))], commands
    finally:
        store.engine.dispose()
