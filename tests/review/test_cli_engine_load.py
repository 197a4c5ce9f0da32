"""Review decisions on the command line load the redaction engine only for free text.

A new user found every `memeval review approve|reject|claim` took about 5 CPU s: each imported
presidio and spaCy (the redaction engine) even for a claim, which carries no text at all. Each
case here is a real `memeval` process; a small wrapper reports, as it exits, which of the
engine's modules the process had imported. A reject reason is free text and is still redacted
before it is stored: the secret in it never reaches the log.
"""

from __future__ import annotations

import os
import random
import string
import subprocess
import sys

import pytest
from review_helpers import PASSWORD, ROOT, Seeded

from memeval.audit import SqlAuditStore

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

ENGINE = ("presidio_analyzer", "spacy")
_WRAPPER = (
    "import atexit, sys\n"
    "watched = sys.argv.pop(1).split(',')\n"
    "atexit.register(lambda: print('engine modules: ' + ','.join(m for m in watched if m in sys.modules), "
    "file=sys.stderr))\n"
    "from memeval.cli import main\n"
    "sys.argv[0] = 'memeval'\n"
    "main()\n"
)
"""`python -c WRAPPER MODULES ARGS...`: `memeval ARGS`, then one stderr line naming the MODULES it imported."""


def _memeval(db_url: str, *args: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """`memeval ARGS` as alice (password piped), and the engine modules the process imported."""
    env = {k: v for k, v in os.environ.items() if k not in ("MEMEVAL_REVIEW_TOKEN", "MEMEVAL_REVIEWER")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_DB=db_url, MEMEVAL_FINGERPRINT_KEY="ab" * 32)
    out = subprocess.run(
        [sys.executable, "-c", _WRAPPER, ",".join(ENGINE), *args, "--user", "alice", "--password-stdin"],
        input=PASSWORD + "\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    line = out.stderr.splitlines()[-1] if out.stderr else ""
    assert line.startswith("engine modules:"), out.stderr
    return out, [m for m in line.removeprefix("engine modules:").strip().split(",") if m]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["review", "claim", "lesson/fernhill/les_courier"], "claimed lesson/fernhill/les_courier"),
        (["review", "approve", "lesson/fernhill/les_courier"], "approve lesson/fernhill/les_courier: approved"),
        (["review", "release", "HOLD"], ": released"),
    ],
)
def test_a_decision_without_text_does_not_load_the_engine(
    db_url: str, seeded: Seeded, args: list[str], said: str
) -> None:
    """It imported presidio and spaCy (about 5 CPU s a command) to write an event with no free text."""
    args = [seeded.hold if a == "HOLD" else a for a in args]
    out, loaded = _memeval(db_url, *args)
    assert out.returncode == 0, out.stderr
    assert said in out.stdout, out.stdout
    assert loaded == [], f"{' '.join(args)} imported {loaded}"


def test_a_reject_reason_is_still_redacted(db_url: str, seeded: Seeded) -> None:
    """The reason is free text: the engine loads, and the token in it is blanked before storage."""
    rng = random.Random("reject reason")  # seeded: the same token every run
    token = "ghp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))
    out, loaded = _memeval(db_url, "review", "reject", seeded.lesson, "--reason", f"it leaks {token} to the courier")
    assert out.returncode == 0, out.stderr
    assert "presidio_analyzer" in loaded
    store = SqlAuditStore(db_url, fingerprint_key=b"k" * 32)
    events = list(store.events("fernhill"))
    [rejected] = [e for e in events if e.type == "lesson.rejected"]
    assert token not in rejected.payload.reason and rejected.payload.reason.startswith("it leaks ")
    assert any(e.type == "secret.blanked" and e.payload.of_event == rejected.sender_event_id for e in events)
    assert token not in repr(events)
    store.engine.dispose()
