"""A token written across several memory events in 8-character chunks was stored with its parts raw (redact35).

A client that streams a credential into memory in chunks (`ghp_Q7rT`, `2mXw9LkP`, ...) leaves events whose middle
ones are a single run of the key. redact33 read two events at a time: no pair holds enough of a `sgph_` token (its
body is hex) for a rule, so every chunk was stored raw. Through `memeval audit ingest` into SQLite and
`memeval pack build`: in one batch no chunk of 8 characters is in the database file, its WAL or the pack, and the
prose around the chunks is stored as written; with `--batch-size 1` (each event stored before the next arrives)
the token is never stored whole: its last chunk is blanked when it arrives.
The command lines run in the test's process (`ingest_events.ingest_to_sqlite`): the claim is what is stored.
"""

from __future__ import annotations

from pathlib import Path

from ingest_events import ingest_memories_and_pack

SGPH = "sgph_d539f90bb36a38faa37f35c717414db781277890"
GHP = "ghp_Q7rT2mXw9LkP4vZs8NbC1yHd6FgJ3aUe5KoR"
BEFORE, AFTER = "the search API token follows", "Run the payment mock before the checkout tests."


def _chunks(key: str) -> list[str]:
    return [key[i : i + 8] for i in range(0, len(key), 8)]


def test_a_token_in_chunks_in_one_batch_is_blanked_in_every_chunk(tmp_path: Path) -> None:
    """On main: all six `sgph_` chunks (and the `ghp_` ones the generic rule misses alone) are stored raw."""
    texts = [BEFORE, *_chunks(SGPH), AFTER, "and the repo token:", *_chunks(GHP), AFTER + " Then deploy."]
    stored, raw = ingest_memories_and_pack(tmp_path, texts)
    assert len(stored) == len(texts), sorted(stored)
    for chunk in _chunks(SGPH)[1:] + _chunks(GHP):
        if len(chunk) == 8:  # noqa: PLR2004  # the last chunks are shorter: no secret in 5 characters
            assert chunk.encode() not in raw, chunk
    assert SGPH[:8].encode() not in raw  # the token's first chunk: its prefix and 3 characters of its body
    kept = {stored[f"mem_{i}"] for i in range(len(texts))}
    assert {BEFORE, AFTER, "and the repo token:", AFTER + " Then deploy."} <= kept


def test_a_token_in_chunks_stored_one_by_one_is_never_stored_whole(tmp_path: Path) -> None:
    """On main the last chunk of `sgph_` arrives after five stored raw chunks and is stored raw too."""
    texts = [BEFORE, *_chunks(SGPH), AFTER]
    stored, raw = ingest_memories_and_pack(tmp_path, texts, ("--batch-size", "1"))
    assert len(stored) == len(texts), sorted(stored)
    last = len(_chunks(SGPH))
    assert stored[f"mem_{last}"].startswith("[REDACTED:"), stored
    assert "".join(stored[f"mem_{i}"] for i in range(1, last + 1)) != SGPH
    assert SGPH[-5:].encode() not in raw and stored[f"mem_{last + 1}"] == AFTER
