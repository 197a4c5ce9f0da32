"""A key cut across two `memeval audit ingest` processes, or two sessions, is not stored whole (breaker53, issue 15).

At ingest each free text is read with the texts of its stream before it (redact33, breaker48); those stored by an
earlier batch were kept in the process only, so a hostile writer that sent each half of a key from its own process
(an `audit ingest` per event, as a hook runs it) had both halves stored raw: `The deploy key is sgph_d539f9`, then
`0bb36a38faa37f35c717414db781277890`. A new process now reads its first batch of a team after the team's last
stored events (`memeval.audit._streamseed`). Two real `memeval audit ingest` processes into one store (SQLite,
PostgreSQL), the first halves from the first, the second halves from the second: the second half of every key
is blanked, as one process with `--batch-size 1` blanks it (the first half stays as stored: the log is append-only,
redact33's limit), and so is a body whose prefix (`ghp_`) ended the first process's text. Texts of an honest stream
(a commit id at the end of one, ordinary words starting the next) are stored as written.

A stream is one session of one actor, and both are the writer's to choose: a key whose second part came under
another session or actor id was read alone (both parts stored raw, in one batch too). Each text is now also read
after its sender's text before it, from any stream (`memeval.audit._streams.sender_stream`).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from ingest_events import ingest_to_sqlite
from patience import patient
from pg_fixture import PgServer, need_pg
from shared_cache import shared_cache

from memeval.audit import open_store

ROOT = Path(__file__).resolve().parents[2]
KEYS = [
    "sgph_d539f90bb36a38faa37f35c717414db781277890",
    "ghp_Q7rT2mXw9LkP4vZs8NbC1yHd6FgJ3aUe5KoR",
    "sk_live_4eC39HqLyjWDarjtT1zdp7dc9sXq2Lm0",
    "glpat-Zq8Kx2Lm9Pw4Rt7YvB3n",
    "xoxb-2618392740-4819203746-Zq8Kx2Lm9Pw4Rt7YvB3nC6dF",
]
"""Keys with a registered prefix, each cut after `CUT` characters (`sgph_d539f9` + the rest: redact33's keys)."""
CUT = 11
DANGLING_BODY = "Xk3Lm9Qw2Er5Ty8Ui1Op4As7Df0Gh6Jk2ZxCv"
"""A GitHub token's body (36 characters) sent by the second process after `ghp_` ended the first's text."""
COMMIT = "9f2c4e1a7b3d5f60812e4c9a0b7d3f5e1c2a4b6d"


def _event(i: int, session: str, text: str, actor: str = "support-bot") -> dict[str, object]:
    return {
        "type": "memory.written", "occurred_at": f"2026-11-20T10:00:{i:02d}Z", "team": "fernhill",
        "sender_event_id": f"ev{i}", "actor": {"kind": "agent", "id": actor}, "session": session,
        "subject": f"mem_{i}", "payload": {"text": text},
    }  # fmt: skip


def _ingest(tmp_path: Path, name: str, events: list[dict[str, object]], db: str) -> None:
    """One real `memeval audit ingest` process of `events`, in a HOME of the test's own (no ingest workers)."""
    path = tmp_path / f"{name}.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), "MEMEVAL_AUDIT_WORKERS": "0", **shared_cache()}
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(path), "--db", db, "--sender", "webbot"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=patient(180),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_a_key_cut_across_two_ingest_processes_is_not_stored_whole(
    tmp_path: Path, backend: str, pg_server: PgServer | None
) -> None:
    (tmp_path / "home").mkdir()
    (tmp_path / "store").mkdir()
    db_file = tmp_path / "store" / "audit.sqlite"  # the store's folder holds no key (HOME is beside it)
    db = f"sqlite:///{db_file}" if backend == "sqlite" else need_pg(pg_server).new_database()
    # the honest stream first: a prefix left dangling reads the team's later texts too (breaker48's `team_stream`)
    first = [_event(6, "ses_h", f"Release 4.2 is commit {COMMIT}")]
    first += [_event(i, f"ses_{i}", f"The deploy key is {key[:CUT]}") for i, key in enumerate(KEYS) if i]
    first += [_event(5, "ses_d", "The build token is ghp_"), _event(0, "ses_0", f"The deploy key is {KEYS[0][:CUT]}")]
    # the first key's second half under another session and actor id, the sender's next text (breaker53)
    second = [
        _event(10, "ses_x", KEYS[0][CUT:], "other"),
        _event(16, "ses_h", "The JavaScript SDK moved to the monorepo."),
    ]
    second += [_event(10 + i, f"ses_{i}", key[CUT:]) for i, key in enumerate(KEYS) if i]
    second += [_event(15, "ses_d", f"(continued) {DANGLING_BODY}")]
    _ingest(tmp_path, "first", first, db)
    _ingest(tmp_path, "second", second, db)
    store = open_store(db)
    try:
        every = list(store.events("fernhill"))
    finally:
        store.engine.dispose()
    stored = {e.subject: e.payload.text for e in every if e.type == "memory.written"}
    # every stored event's body; on SQLite every byte of the database's folder (the file and its WAL) too
    raw = "".join(e.model_dump_json() for e in every).encode()
    if backend == "sqlite":
        raw += b"".join(p.read_bytes() for p in db_file.parent.iterdir() if p.is_file())
    for i, key in enumerate(KEYS):  # on main: the sgph_ key's hex half stored raw
        assert key[CUT:].encode() not in raw, key
        assert stored[f"mem_{10 + i}"].startswith("[REDACTED:"), (key, stored[f"mem_{10 + i}"])
        # the first process stored its half raw or blanked it (a rule reads `ghp_Q7rT2mX` alone), and nothing else
        assert re.fullmatch(rf"The deploy key is ({re.escape(key[:CUT])}|\[REDACTED:[A-Z_]+\])", stored[f"mem_{i}"])
    assert DANGLING_BODY.encode() not in raw  # on main: stored after `ghp_`
    assert stored["mem_15"] == "(continued) [REDACTED:GITHUB_TOKEN]", stored["mem_15"]
    assert stored["mem_6"] == f"Release 4.2 is commit {COMMIT}"
    assert stored["mem_16"] == "The JavaScript SDK moved to the monorepo."


def test_a_key_cut_across_two_sessions_of_one_batch_is_not_stored_whole(tmp_path: Path) -> None:
    """The writer changes its session (or actor id) between a key's two parts: on main both were stored raw, each
    the first text of its stream; prose lines of two sessions in turn are stored as written."""
    key = KEYS[0]
    events = [
        _event(0, "ses_a", "Checked the nightly export; all rows arrived."),
        _event(1, "ses_b", "The search index was rebuilt at noon."),
        _event(2, "ses_a", f"The deploy key is {key[:CUT]}"),
        _event(3, "ses_b", key[CUT:]),
        _event(4, "ses_c", f"The deploy key is {key[:CUT]}", "other"),
        _event(5, "ses_d", key[CUT:], "third"),
        _event(6, "ses_a", "Refunds over 200 EUR need a second approval."),
        _event(7, "ses_b", "the courier collects at four on weekdays"),
    ]
    stored, raw, _, _ = ingest_to_sqlite(tmp_path, events)
    assert key[CUT:].encode() not in raw  # on main: stored twice
    assert key[:CUT].encode() not in raw  # one batch: nothing stored yet, both parts blanked (redact33)
    for i in (2, 4):
        assert stored[f"mem_{i}"] == "The deploy key is [REDACTED:SOURCEGRAPH_TOKEN]", stored[f"mem_{i}"]
    for i in (3, 5):
        assert stored[f"mem_{i}"] == "[REDACTED:SOURCEGRAPH_TOKEN]", stored[f"mem_{i}"]
    for i in (0, 1, 6, 7):
        assert stored[f"mem_{i}"] == events[i]["payload"]["text"]  # type: ignore[index]
