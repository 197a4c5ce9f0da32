"""A breaker split a GitHub token over two memory events: `The deploy token is ghp_` + the first 20
characters, then `(continued) ` + the rest. The full-token rule needs all 36 characters, so both
halves were stored raw. The first half (prefix + its characters) must now be blanked through the
real `memeval audit ingest`, while prefix-like words and the corpus's look-alikes stay as written.

The second half (16 random characters with no prefix) cannot be told from other text and is not
asserted on here (see `memeval/redact/_truncated.py`).
"""

from __future__ import annotations

import json
import secrets
import string
import subprocess
import sys
from pathlib import Path

from shared_cache import shared_cache

from memeval.audit import open_store

ROOT = Path(__file__).resolve().parents[2]
_ALNUM = string.ascii_letters + string.digits


def _token_body(n: int) -> str:
    """`n` random characters of the GitHub class holding a letter and a digit (as real tokens do)."""
    while True:
        body = "".join(secrets.choice(_ALNUM) for _ in range(n))
        if any(c.isdigit() for c in body) and any(c.isalpha() for c in body):
            return body


def _line(i: int, text: str) -> str:
    return json.dumps(
        {
            "type": "memory.written",
            "occurred_at": f"2026-11-20T10:00:{i:02d}Z",
            "team": "fernhill",
            "sender_event_id": f"split-{i}",
            "actor": {"kind": "agent", "id": "support-bot"},
            "session": "ses_split",
            "subject": f"mem_{i}",
            "payload": {"text": text},
        }
    )


UNTOUCHED = [
    "GitHub classic tokens start with ghp_ and fine-grained ones with github_pat_.",
    "Anthropic keys begin sk-ant- followed by api03; never paste one here.",
    "AKIA alone marks a long-lived AWS key id.",
    "set ghp_deprecated_setting to false, then run cli_commands",
    "token: ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",  # a corpus look-alike (placeholder)
    "pod api-r9ghepa1xu-acjpa restarted",  # a corpus look-alike (k8s name after `api-`)
    "Rotate the HF_TOKEN every 90 days; see the runbook.",  # a corpus look-alike
]


def test_split_token_first_half_never_stored_and_prefix_words_untouched(tmp_path: Path) -> None:
    first = "ghp_" + _token_body(20)
    rest = _token_body(16)
    texts = [f"The deploy token is {first}", f"(continued) {rest}", *UNTOUCHED]
    f = tmp_path / "events.jsonl"
    f.write_text("\n".join(_line(i, t) for i, t in enumerate(texts)) + "\n")
    (tmp_path / "store").mkdir()
    (tmp_path / "home").mkdir()
    db_file = tmp_path / "store" / "audit.sqlite"
    db = f"sqlite:///{db_file}"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), **shared_cache(), "MEMEVAL_LOG_LEVEL": "DEBUG"}
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(f), "--db", db],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**env, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]

    stored = {e.subject: e.payload.text for e in open_store(db).events("fernhill") if e.type == "memory.written"}
    assert stored["mem_0"] == "The deploy token is [REDACTED:GITHUB_TOKEN]", stored["mem_0"]
    for i, text in enumerate(UNTOUCHED, start=2):
        assert stored[f"mem_{i}"] == text

    raw = b"".join(p.read_bytes() for p in db_file.parent.iterdir() if p.name.startswith(db_file.name))
    out = proc.stdout + proc.stderr
    # no byte of the first half's token part: not whole, and no 6-character run of its body
    pieces = [first, first[4:]] + [first[i : i + 6] for i in range(4, len(first) - 5)]
    for piece in pieces:
        assert piece.encode() not in raw, piece
        assert piece not in out, piece
