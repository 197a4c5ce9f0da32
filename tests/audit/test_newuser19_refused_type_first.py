"""A type a memory system may not send is refused as such, even when its payload does not fit.

`memeval audit ingest` of a `lesson.approved` line with a memory's payload answered with that
type's field errors ("lesson.approved.payload.decision_id: Field required; ...kind: Extra inputs are
not permitted"), so a new user fixed the fields and was then told a decision is never sent by a
memory system. The refusal now comes first, on the file path (a real `memeval audit ingest`
process) and over HTTP (the same `describe_validation`), and nothing is stored.
"""

from __future__ import annotations

import json
from pathlib import Path

from usage_line import run_memeval

# (type, the start of the reason it is refused with), each sent with a memory's payload
REFUSED = [
    ("lesson.approved", "lesson.approved is a person's decision"),
    ("contradiction.settled", "contradiction.settled is a person's decision"),
    ("hold.released", "hold.released is a person's decision"),
    ("review.commented", "review.commented is a person's decision"),
    ("secret.blanked", "secret.blanked has a type only memeval writes"),
    ("hold.created", "hold.created has a type only memeval writes"),
    ("report.generated", "report.generated is written by memeval's weekly report"),
]


def test_cli_ingest_refuses_a_forbidden_type_before_its_fields(tmp_path: Path) -> None:
    lines = [
        json.dumps(
            {
                "type": typ,
                "occurred_at": "2026-12-01T10:00:00Z",
                "team": "acme",
                "sender_event_id": f"x{i}",
                "actor": {"kind": "agent", "id": "bot1"},
                "subject": "les_1",
                "payload": {"kind": "fact", "source": "agent", "text": "Pack bulbs dry."},
            }
        )  # fmt: skip
        for i, (typ, _) in enumerate(REFUSED)
    ]
    (tmp_path / "ev.jsonl").write_text("\n".join(lines) + "\n")
    db = tmp_path / "a.sqlite"
    ingest = ("audit", "ingest", "ev.jsonl", "--sender", "test")
    out = run_memeval(*ingest, cwd=tmp_path, env={"MEMEVAL_DB": f"sqlite:///{db}"}, timeout_s=300)
    assert out.returncode == 2, out
    for n, (_, reason) in enumerate(REFUSED, start=1):
        line = next(x for x in out.stderr.splitlines() if x.strip().startswith(f"line {n}:"))
        assert reason in line, (reason, line)
    assert "Field required" not in out.stderr and "Extra inputs" not in out.stderr, out.stderr
    assert not db.exists()  # nothing stored: not even a store made
