"""Ingest workers and guards load the engines' modules, not the store's (issue 17: what a process pays at start).

A worker (`memeval.audit._parallel.warm_pool`, started by spawn) imports `_parallel` to unpickle its
task (`_work`, `_work_group`) and its initializer (`_warmworker.warm_worker`), then what those import
when they run. It never opens the store or validates an event, yet `_parallel` and `_idscan` imported
the event models for their annotations, and with them SQLAlchemy, SQLModel and the tables: about
0.45 s of CPU in every worker of every `audit serve` and large `audit ingest`, and in both guards of
every server (`_holdguard`, `_redactguard`: each reads `_parallel._WARM_TEXTS`). The check runs in a
fresh interpreter, as a worker starts; timing is a benchmark's (`bench/start_cost.py`), never asserted.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from patience import patient

ROOT = Path(__file__).resolve().parents[2]

# What a worker runs: its task and initializer modules, and the modules `_work_group` imports when it runs
# (the engines' packages are lazy: their heavy modules load when an engine is built, which this does not do).
WORKER_IMPORTS = (
    "import memeval.audit._parallel, memeval.audit._warmworker, memeval.audit._holdmemo, memeval.audit._idscan\n"
    "from memeval.audit._parallel import _WARM_TEXTS, _work, _work_group\n"
    "import memeval.audit._holdguard, memeval.audit._redactguard, memeval.audit._workerlife\n"
    "from memeval.hold import get_hold_detector\n"
    "from memeval.redact import get_redactor, request_bound\n"
)

STORE_MODULES = ("sqlalchemy", "sqlmodel", "memeval.audit._events", "memeval.audit._tables", "memeval.audit._store")


def test_a_worker_or_guard_does_not_import_the_store() -> None:
    probe = WORKER_IMPORTS + "import sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True, timeout=patient(120)
    )
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "memeval.audit._parallel" in loaded  # the probe imported what a worker imports
    assert sorted(m for m in STORE_MODULES if m in loaded) == []


def test_batch_texts_still_reads_the_payload_models() -> None:
    """`batch_texts` (the parent's side) imports the payload models itself now; the same texts as before."""
    from memeval.audit import EVENT_ADAPTER, AuditEvent
    from memeval.audit._parallel import batch_texts

    def event(i: int, kind: str, payload: dict[str, object]) -> AuditEvent:
        return EVENT_ADAPTER.validate_python(
            {
                "type": kind,
                "occurred_at": "2026-11-20T10:00:00Z",
                "team": "fernhill",
                "sender_event_id": f"ev{i}",
                "actor": {"kind": "agent", "id": "support-bot"},
                "session": "ses_1",
                "subject": f"mem_{i}",
                "payload": payload,
            }
        )

    drafts = [
        event(0, "memory.written", {"text": "Run the payment mock first."}),
        event(1, "memory.written", {"text": "Run the payment mock first."}),
        event(2, "access.refused", {"reason_code": "outside_slice", "text": "payroll", "requested": "payroll/x"}),
    ]
    texts, many, holds = batch_texts(drafts)
    assert texts == ["Run the payment mock first.", "payroll"]
    assert many is True
    assert holds == [("Run the payment mock first.", "agent")]
