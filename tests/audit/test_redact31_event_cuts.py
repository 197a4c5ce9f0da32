"""Keys cut across two memory events left both parts raw in the SQLite file (redact31, issue 15).

An agent that writes a credential's first characters at the end of one memory event and the rest at the start
of the next leaves two texts neither of which holds a whole key. The first event ends with the full rule's own
lead-in (a credential-named key and its assignment, an `Authorization:` scheme, a crypt scheme `$6$`, an Azure
client secret's `8Q~`) and a value too short for the rule; the second starts with a piece no text-alone reading
can tell from a name or a hash. Each pair goes through `memeval audit ingest` into SQLite; the first
part must not reach the file or its WAL (nor the pack), so the key is never stored whole. Texts ending with the
same lead-ins and a word, a type or a template are stored as written.
The command lines run in the test's process (`ingest_events.ingest_to_sqlite`): the claim is what is stored.
"""

from __future__ import annotations

from pathlib import Path

from ingest_events import ingest_memories_and_pack

CUTS = [
    ("deploy notes, oauth:\n  client_secret: 80B", "TmZSNXhbLq7WvR2e\nrotate monthly"),
    ("the GitLab bot's header is PRIVATE-TOKEN: QQyT-", "33UtGYRwmuelCi4 for the projects API"),
    ("the backup host's account line reads root:$6$Wq9tZk2e", "$N4vJ0bq8sXyH3mD1pLr7cT5uWe2aKo9g:19700:0:99999:7:::"),
    ("retry with Authorization: Bearer mF_9.B", "5f-4.1JqMhR8sWd2Kz0"),
    ('<value xsi:type="xsd:string">~Gg8Q~nVhl', "Li2vpg_nXBGqFsbGK-t~Hus1JmTa0y</value>"),
]
PIECES = ["80B", "QQyT-", "$6$Wq9tZk2e", "mF_9.B", "Gg8Q~nVhl"]
"""Each cut's first part as written: what the first event must not store."""
PLAIN = [
    "the settings model declares token: Optional",
    "the API docs show Authorization: Bearer <token>",
    "the sed script ends with echo $1$2",
    "the new field reads password: None",
    "at 1.8Q~ the ratio is fine",
]


def test_a_key_cut_across_two_events_is_not_stored_whole(tmp_path: Path) -> None:
    texts = [t for pair in CUTS for t in pair] + PLAIN
    stored, raw = ingest_memories_and_pack(tmp_path, texts)
    assert len(stored) == len(texts), sorted({f"mem_{i}" for i in range(len(texts))} - set(stored))
    for i in range(len(CUTS)):
        assert "[REDACTED:" in stored[f"mem_{2 * i}"], ascii(stored[f"mem_{2 * i}"])
    for i, plain in enumerate(PLAIN):
        assert stored[f"mem_{2 * len(CUTS) + i}"] == plain, ascii(stored[f"mem_{2 * len(CUTS) + i}"])
    for piece, (first, _) in zip(PIECES, CUTS, strict=True):
        assert first.endswith(piece)
        assert first.encode() not in raw, ascii(first)
        assert (first.rsplit(piece, 1)[0][-12:] + piece).encode() not in raw, ascii(piece)
