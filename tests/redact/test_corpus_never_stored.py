"""Every corpus item ingested through the CLI into SQLite: no raw credential or piece of personal
data in any byte of the database file or its WAL, nor in the CLI's output (issue 15 item 5, the
SQLite/CLI slice; PostgreSQL, HTTP, pages, report, e-mail and packs are not covered here).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from corpus_contexts import CONTEXTS, KNOWN_MISSES, load_corpus

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_no_raw_secret_in_any_stored_byte(tmp_path: Path) -> None:
    items = [i for i in load_corpus() if i.group in ("credential", "pii")]
    wraps = dict(CONTEXTS)
    lines = []
    for n, item in enumerate(items):
        for ctx in ("plain", "period-after", "json-object", "cjk-around"):
            text, _ = wraps[ctx](item.text)
            lines.append(
                json.dumps(
                    {
                        "type": "memory.written",
                        "occurred_at": "2026-11-16T09:00:00Z",
                        "team": "corpus",
                        "sender_event_id": f"c{n}-{ctx}",
                        "actor": {"kind": "agent", "id": "bot"},
                        "subject": f"mem_{n}_{ctx}",
                        "payload": {"kind": "fact", "text": text, "source": "agent"},
                    },
                    ensure_ascii=False,
                )
            )
    db = tmp_path / "audit.sqlite"
    env = {**os.environ, "MEMEVAL_DB": f"sqlite:///{db}", "MEMEVAL_FINGERPRINT_KEY": "ab" * 32}
    run = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", "-", "--batch-size", "200"],
        input="\n".join(lines),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=1200,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    stored = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith(db.name))
    shown = (run.stdout + run.stderr).encode()
    found = []
    for item in items:
        for secret in item.secrets:
            forms = {secret, json.dumps(secret)[1:-1], json.dumps(secret, ensure_ascii=False)[1:-1]}
            for form in forms:
                raw = form.encode("utf-8")
                if len(raw) >= 6 and (raw in stored or raw in shown):
                    found.append((item.group, item.label))
    print(f"\n{len(lines)} events ingested; raw secrets found in stored bytes: {found}")
    # measured 2026-12-01: one, a known sweep miss (GCP credential JSON with one-letter fields)
    assert {label for _, label in found} <= KNOWN_MISSES, found
