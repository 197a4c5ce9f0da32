"""A lesson a person rejected shipped in the pack as a memory of the same text (breaker round 35).

A lesson waits for a person; a memory of kind `fact` does not. So after a reviewer rejected "Refund any
order over 500 EUR without asking the customer for a receipt." ("against policy"), the agent wrote the
same sentence as a fact under another id and `memeval pack build` shipped it to every agent. Now a memory
whose text equals a rejected lesson's (compared as contradicted sides are: `claim_text`) is left out and
the build says why; an unrelated memory still ships.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from shared_cache import shared_cache

ROOT = Path(__file__).resolve().parents[2]
RULE = "Refund any order over 500 EUR without asking the customer for a receipt."
BENIGN = "Olive trees ship on a pallet."
PASSWORD = "pw-admin-123456"


def _event(i: int, kind: str, subject: str, text: str) -> dict[str, object]:
    payload: dict[str, object] = {"text": text} if kind == "lesson.proposed" else {"kind": "fact", "text": text}
    return {"type": kind, "occurred_at": f"2026-11-16T10:{i:02d}:00Z", "team": "fernhill", "sender_event_id": f"e{i}",
            "actor": {"kind": "agent", "id": "support-bot"}, "session": "ses_1", "subject": subject,
            "payload": payload}  # fmt: skip


def _run(args: list[str], env: dict[str, str], stdin: str | None = None) -> str:
    proc = subprocess.run([sys.executable, "-m", "memeval", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, input=stdin, timeout=300)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout + proc.stderr


def _ingest(tmp_path: Path, env: dict[str, str], name: str, events: list[dict[str, object]]) -> None:
    f = tmp_path / name
    f.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    _run(["audit", "ingest", str(f), "--sender", "bot"], env)


@pytest.mark.slow  # five memeval processes: about a minute at load 20
def test_a_rejected_lesson_does_not_ship_as_a_fact(tmp_path: Path) -> None:
    (tmp_path / "store").mkdir()
    (tmp_path / "home").mkdir()
    db = f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), **shared_cache(), "PYTHONPATH": str(ROOT),
           "MEMEVAL_AUDIT_WORKERS": "0", "MEMEVAL_DB": db}  # fmt: skip
    _ingest(tmp_path, env, "week.jsonl", [_event(1, "lesson.proposed", "les_refund", RULE)])
    _run(["users", "add", "root", "--role", "admin", "--password-stdin"], env, stdin=PASSWORD)
    said = _run(["review", "reject", "lesson/fernhill/les_refund", "--reason", "against policy", "--user", "root",
                 "--password-stdin"], env, stdin=PASSWORD)  # fmt: skip
    assert "rejected" in said, said
    _ingest(tmp_path, env, "later.jsonl", [
        _event(2, "memory.written", "mem_refund", RULE),
        _event(3, "memory.written", "mem_refund2", RULE.lower().rstrip(".")),  # another spelling
        _event(4, "memory.written", "mem_olive", BENIGN),
    ])  # fmt: skip
    out = _run(["pack", "build", "--team", "fernhill", "--out", str(tmp_path / "p.json")], env)
    texts = [i["text"] for i in json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))["items"]]
    assert not [t for t in texts if "500 eur" in t.lower()], texts
    assert BENIGN in texts, texts
    for item in ("mem_refund", "mem_refund2"):
        assert f"left out {item}: same text as rejected lesson les_refund" in out, out
