"""A value starting the next memory event after a lead-in ending the one before was stored raw (redact34, issue 15).

`the staging db password:` ends one event of a session and `Tr0ub4dor&3xQ, rotate it monthly` starts the next:
neither text alone holds a credential, and redact33's reading across events used only findings with a part on
each side of the join. Through `memeval audit ingest` into SQLite (one batch, and `--batch-size 1`: the
lead-in stored before the value arrives) and `memeval pack build`, the value is in neither the database file, its
WAL nor the pack; the lead-ins, and ordinary first words after a lead-in, are stored as written.
The command lines run in the test's process (`ingest_events.ingest_to_sqlite`): the claim is what is stored.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_events import ingest_memories_and_pack

PAIRS = [
    ("the staging db password:", "Tr0ub4dor&3xQ, rotate it monthly"),
    ("staging db env PGPASSWORD=", "xK9#mQ2vLp7w && psql -h db"),
    ("Das neue Passwort:", "Sommer2024!Kiel bis Freitag"),
]
"""(first event, second event): the value whole at the second's start, after a lead-in ending the first."""
KEPT = [("Next steps for the password reset page:", "Run the tests, then deploy"), ("ratio:", "3.14 was measured")]
"""Lead-ins before ordinary first words: stored as written."""


@pytest.mark.parametrize("args", [(), ("--batch-size", "1")], ids=["one-batch", "stored-first"])
def test_a_value_after_a_lead_in_in_the_event_before_is_not_stored(tmp_path: Path, args: tuple[str, ...]) -> None:
    texts = [t for pair in PAIRS + KEPT for t in pair]
    stored, raw = ingest_memories_and_pack(tmp_path, texts, args)
    assert len(stored) == len(texts), sorted(stored)
    for i, (first, second) in enumerate(PAIRS):
        value = second.split(" ")[0].rstrip(",")
        assert value.encode() not in raw, ascii(second)
        assert stored[f"mem_{2 * i}"] == first
        assert stored[f"mem_{2 * i + 1}"].startswith("[REDACTED:"), ascii(stored[f"mem_{2 * i + 1}"])
    for i, (first, second) in enumerate(KEPT, start=len(PAIRS)):
        assert (stored[f"mem_{2 * i}"], stored[f"mem_{2 * i + 1}"]) == (first, second)
