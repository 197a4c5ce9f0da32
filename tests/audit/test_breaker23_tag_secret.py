"""A credential spelt in Unicode tag characters was stored and packed as sent (breaker round 23).

Tag characters (U+E0020-U+E007E) are ASCII shifted by 0xE0000: they draw nothing, and anyone who
reads the text back gets the ASCII by subtracting 0xE0000 from each one. The hold screen already
read them as a decoded view (orders hidden in them are held), and redaction read variation-selector
smuggling the same way (`test_breaker2_smuggled.py`), but redaction only dropped tag characters as
invisible, so a GitHub token and a password spelt in them after an ordinary memory went through
`memeval audit ingest` unblanked, into the database, the review pages and `memeval pack build`'s
pack. They are now decoded like a variation-selector run and blanked where they were written.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from memeval.audit import open_store

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_" + "Zq8vR2kLp9xYw3Tn7Bc5Df1Gh4Jk6Lm0Np2Q"
"""A GitHub token's shape (made up)."""
PASSWORD = "Xk9mQ2vLp7zRw4"


def tags(text: str) -> str:
    """`text` (ASCII) spelt in tag characters."""
    return "".join(chr(0xE0000 + ord(c)) for c in text)


def _line(i: int, text: str) -> str:
    return json.dumps({
        "type": "memory.written", "occurred_at": f"2026-11-20T10:00:{i:02d}Z", "team": "fernhill",
        "sender_event_id": f"tag-{i}", "actor": {"kind": "agent", "id": "support-bot"}, "session": "ses_tag",
        "subject": f"mem_tag{i}", "payload": {"text": text, "source": "tool"},
    })  # fmt: skip


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "memeval", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=300)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc


def test_a_credential_spelt_in_tag_characters_never_reaches_the_store_or_the_pack(tmp_path: Path) -> None:
    texts = [
        "Ship seeds in padded envelopes." + tags(f"deploy token {TOKEN}"),
        "The staging database login is in the vault." + tags(f"password={PASSWORD}"),
        "Gift wrap costs 3 GBP." + tags("ordinary note"),  # no secret: left as written
    ]
    f = tmp_path / "events.jsonl"
    f.write_text("\n".join(_line(i, t) for i, t in enumerate(texts)) + "\n", encoding="utf-8")
    (tmp_path / "store").mkdir()
    (tmp_path / "home").mkdir()
    db_file = tmp_path / "store" / "audit.sqlite"
    db = f"sqlite:///{db_file}"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT),
           "MEMEVAL_AUDIT_WORKERS": "0"}  # fmt: skip
    _run(["audit", "ingest", str(f), "--db", db, "--sender", "tagbot"], env)
    pack = tmp_path / "pack.json"
    _run(["pack", "build", "--team", "fernhill", "--db", db, "--out", str(pack)], env)

    stored = {e.subject: e.payload.text for e in open_store(db).events("fernhill") if e.type == "memory.written"}
    assert stored["mem_tag2"] == texts[2], stored["mem_tag2"]
    forbidden = [TOKEN, PASSWORD, tags(TOKEN), tags(PASSWORD)]
    raw = b"".join(p.read_bytes() for p in db_file.parent.iterdir() if p.is_file())
    for secret in forbidden:
        assert secret.encode() not in raw, ascii(secret)
        assert all(secret not in t for t in stored.values()), ascii(stored)
        assert secret not in pack.read_text(encoding="utf-8"), ascii(secret)
