"""A memory holding U+2028, U+2029 or NEL is read from a JSONL file as one event, as over HTTP (breaker37).

JSON allows those three characters raw in a string, and JSON writers leave them raw
(`json.dumps(..., ensure_ascii=False)`, JavaScript's `JSON.stringify`): text pasted from a PDF or a web
page carries them. `memeval audit ingest FILE` split the file with `str.splitlines`, which also ends a
line at each of them, so the event was cut in two and the whole file refused as "not JSON" (exit 2),
every other event of it with it. A real `memeval audit ingest` on SQLite; the stored texts are read back.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ingest_events import ROOT, memory_event
from shared_cache import shared_cache

TEXTS = [
    "Refunds over 500 EUR need a second approver.\u2028Ask in #billing first.",
    "Line one of the runbook\u2029line two of the runbook.",
    "Copied from the PDF:\x85restart the worker after a deploy.",
    "A plain memory with nothing unusual in it.",
]


def test_a_jsonl_file_whose_texts_hold_unicode_line_separators_is_stored_as_sent(tmp_path: Path) -> None:
    from memeval.audit import open_store

    events = tmp_path / "events.jsonl"
    lines = [json.dumps(memory_event(i, t), ensure_ascii=False) for i, t in enumerate(TEXTS)]
    events.write_text("\r\n".join(lines[:2]) + "\r\n" + "\n".join(lines[2:]) + "\n", encoding="utf-8")
    (tmp_path / "home").mkdir()
    (tmp_path / "store").mkdir()  # the fingerprint key (under home) must be outside the store's folder
    db_file = tmp_path / "store" / "audit.sqlite"
    db = f"sqlite:///{db_file}"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), **shared_cache(), "PYTHONPATH": str(ROOT),
           "MEMEVAL_AUDIT_WORKERS": "0"}  # fmt: skip
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(events), "--db", db, "--json"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    doc = json.loads(proc.stdout)
    assert (doc["lines"], doc["input_stored"], doc["held"]) == (4, 4, 0), doc
    store = open_store(db)
    try:
        stored = {e.subject: e.payload.text for e in store.events("fernhill") if e.type == "memory.written"}
    finally:
        store.engine.dispose()
    assert stored == {f"mem_{i}": t for i, t in enumerate(TEXTS)}


def test_a_line_that_is_not_json_is_still_named_by_its_number(tmp_path: Path) -> None:
    """The split keeps the line numbers a refusal names: CRLF and LF lines count one each."""
    events = tmp_path / "events.jsonl"
    good = json.dumps(memory_event(0, "fine\u2028still the first line"), ensure_ascii=False)
    events.write_text(good + "\r\n" + good.replace('"ev0"', '"ev1"') + "\n{not json\n", encoding="utf-8")
    (tmp_path / "home").mkdir()
    (tmp_path / "store").mkdir()
    db_file = tmp_path / "store" / "a.sqlite"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), **shared_cache(), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(events), "--db", f"sqlite:///{db_file}"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "line 3" in proc.stderr and "line 1" not in proc.stderr and "line 2" not in proc.stderr, proc.stderr
    assert list((tmp_path / "store").iterdir()) == []  # nothing stored, no store left behind
