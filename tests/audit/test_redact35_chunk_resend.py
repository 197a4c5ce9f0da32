"""A chunk of a token blanked whole by a chain of events is not a changed resend when sent again (redact35).

A token written in 8-character chunks is blanked in every chunk when its events come in one request
(`memeval.redact.cut_through`): a middle chunk is stored as one blank named `+across-events`. The same event sent
again alone (a client's queue replayed) is redacted without the events before it and keeps its run: it must compare
as the same event (`memeval.audit._resendjoin`: a resend's answer does not depend on what came before), and a real
change is still seen. Real parts: `memeval audit serve` on 127.0.0.1 (SQLite), the group's shared one
(`plain_server`), this test a team of its own.
"""

from __future__ import annotations

import pytest
from ingest_events import memory_event
from served import Served

SGPH = "sgph_d539f90bb36a38faa37f35c717414db781277890"
CHUNKS = ["the search API token follows", *(SGPH[i : i + 8] for i in range(0, len(SGPH), 8))]


@pytest.mark.xdist_group("plain-served")  # one worker starts the shared server (`plain_server`)
def test_a_middle_chunk_resent_alone_is_a_duplicate_not_a_change(served_team: Served) -> None:
    """On main the chunks are stored raw (nothing to compare at an edge); here ev3 is stored `[REDACTED:...]`."""
    srv, team = served_team, served_team.team
    first = srv.post([memory_event(i, t, team) for i, t in enumerate(CHUNKS, start=1)])
    assert first["changed_resends"] == 0, first
    stored = srv.texts()
    assert all(stored[f"ev{i}"].startswith("[REDACTED:") for i in range(2, len(CHUNKS) + 1)), stored
    alone = srv.post([memory_event(3, CHUNKS[2], team)])
    assert alone["duplicates"] == 1 and alone["changed_resends"] == 0, alone
    after = srv.post([memory_event(9, "see the runbook", team), memory_event(3, CHUNKS[2], team)])
    assert after["duplicates"] == 1 and after["changed_resends"] == 0, after
    changed = srv.post([memory_event(3, "the mock listens on port 8181", team)])
    assert changed["changed_resends"] == 1, changed
