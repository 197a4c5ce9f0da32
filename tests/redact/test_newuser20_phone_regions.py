"""A bad `MEMEVAL_PHONE_REGIONS` is a usage error (exit 2), as every other bad `MEMEVAL_` setting.

Found by a new user trying bad settings: `MEMEVAL_PHONE_REGIONS=XX` made `memeval audit ingest`
exit 1 (a `RedactionError`, the code of a redactor that failed), where `MEMEVAL_REDACT_BUDGET_S=-5`
or `MEMEVAL_HOLD_BUDGET_S=abc` exit 2 with the same kind of message: a script could not tell the
user's typo from a broken install. The message names the bad code, the form and the default.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

from memeval.errors import UsageError
from memeval.redact._engine import DEFAULT_PHONE_REGIONS, default_phone_regions

ROOT = Path(__file__).resolve().parents[2]
EVENT = {"actor": {"id": "support-bot", "kind": "agent", "role": "support"}, "occurred_at": "2026-11-16T10:51:00Z",
         "payload": {"kind": "fact", "source": "agent", "text": "Olive trees ship on a pallet."},
         "sender_event_id": "fh-1", "session": "ses_1", "subject": "mem_1", "team": "fernhill",
         "type": "memory.written"}  # fmt: skip


def test_an_unknown_region_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMEVAL_PHONE_REGIONS", "US, xx")
    with pytest.raises(UsageError, match=r"unknown region code\(s\) XX; .* default \(US,GB,FR,DE,AU,IN\)"):
        default_phone_regions()
    monkeypatch.setenv("MEMEVAL_PHONE_REGIONS", "us,jp")
    assert default_phone_regions() == ("US", "JP")
    monkeypatch.delenv("MEMEVAL_PHONE_REGIONS")
    assert default_phone_regions() == DEFAULT_PHONE_REGIONS


def test_audit_ingest_exits_2_and_stores_nothing(tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    events.write_text(json.dumps(EVENT) + "\n", encoding="utf-8")
    db = tmp_path / "audit.sqlite"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT), "MEMEVAL_PHONE_REGIONS": "XX,US",
           "MEMEVAL_FINGERPRINT_KEY": "ab" * 32}  # fmt: skip
    r = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(events), "--db", f"sqlite:///{db}", "-q"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=patient(120),
    )  # fmt: skip
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr.startswith("error: MEMEVAL_PHONE_REGIONS has unknown region code(s) XX; "), r.stderr
    assert "Traceback" not in r.stderr
    assert not db.exists()
