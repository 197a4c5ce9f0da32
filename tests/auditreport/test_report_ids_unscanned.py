"""`memeval report weekly` took 5.4 s for a 10,000-event week, against 1.1 s for counting and
rendering: recording its own `report.generated` event loaded the whole redaction engine (presidio,
spaCy, both credential scanners; about 2.5 s of CPU) to scan ids made only of the team, the week
and the version. Those ids are now recognised as made of checked parts and not scanned; any other
id still is, and the event records the PDF's place under the report folder, not an absolute path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from memeval.audit import Sanitizer, SqlAuditStore
from memeval.audit._events import EVENT_ADAPTER
from memeval.audit._idscan import made_of_checked_parts
from memeval.errors import AuditEventRejected

GITHUB = "ghp_" + "Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ3lN5"
REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("value", "made"),
    [
        ("report.generated:fernhill/2026-W47/v1", True),
        ("report.delivery:fernhill/2026-W47/v12:3", True),
        ("fernhill/2026-W47/v2/report.pdf", True),
        ("2026-W47", True),
        ("Europe/London", True),
        ("America/Argentina/Buenos_Aires", True),
        ("UTC", True),
        ("report.generated:otherteam/2026-W47/v1", False),  # not this event's team
        ("otherteam/2026-W47/v1/report.pdf", False),
        (f"report.generated:fernhill/2026-W47/v1{GITHUB}", False),
        (f"{GITHUB}/2026-W47/v1/report.pdf", False),
        (f"Europe/{GITHUB}", False),  # zone-shaped, but no such zone
        ("../../etc/passwd", False),
        ("/tmp/rep/fernhill/2026-W47/v1/report.pdf", False),
        ("2026-W47x", False),
    ],
)
def test_only_ids_made_of_the_events_team_and_fixed_parts_count_as_made(value: str, made: bool) -> None:
    assert made_of_checked_parts(value, "fernhill") is made


class _Recording:
    """The real redactor, recording every text it is asked to scan."""

    def __init__(self, real: Any) -> None:
        self.real, self.texts = real, []  # type: list[str]

    def redact(self, text: str) -> Any:
        self.texts.append(text)
        return self.real.redact(text)

    def redact_many(self, texts: list[str]) -> list[Any]:
        self.texts += texts
        return list(self.real.redact_many(texts))


def _report_event(team: str, sender_event_id: str, path: str) -> Any:
    return EVENT_ADAPTER.validate_python({
        "type": "report.generated", "occurred_at": "2026-11-24T09:00:00Z", "team": team,
        "sender_event_id": sender_event_id,
        "actor": {"kind": "system", "id": "memeval.report", "role": "report"},
        "payload": {"week": "2026-W47", "first_seq": 1, "last_seq": 9, "sha256": "sha256:" + "0" * 64,
                    "path": path, "tz": "Europe/London"},
    })  # fmt: skip


def test_the_reports_own_ids_reach_no_scanner_and_any_other_id_does(sanitizer: Sanitizer) -> None:
    rec = _Recording(sanitizer.redactor)
    san = Sanitizer(rec, sanitizer.hold_detector, b"k" * 32)
    san.check_ids(
        [_report_event("fernhill", "report.generated:fernhill/2026-W47/v1", "fernhill/2026-W47/v1/report.pdf")]
    )
    assert rec.texts == []
    planted = f"/srv/{GITHUB}/fernhill/2026-W47/v1/report.pdf"
    with pytest.raises(AuditEventRejected, match="field payload.path looks like it holds a") as err:
        san.check_ids([_report_event("fernhill", "report.generated:fernhill/2026-W47/v2", planted)])
    assert GITHUB not in str(err.value)
    assert planted in rec.texts and "report.generated:fernhill/2026-W47/v2" not in rec.texts


def test_report_weekly_loads_no_redaction_engine_and_records_a_relative_path(
    tmp_path: Path, store: SqlAuditStore
) -> None:
    db = str(store.engine.url)
    store.engine.dispose()
    store._write_engine.dispose()
    out = tmp_path / "reports"
    runs = tmp_path / "runs"
    runs.mkdir()
    cmd = [sys.executable, "-X", "importtime", "-m", "memeval", "report", "weekly", "--team", "fernhill",
           "--week", "2026-W47", "--db", db, "--out", str(out), "--runs", str(runs)]  # fmt: skip
    res = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    assert res.returncode == 0, res.stderr[-2000:]
    imported = {line.rsplit("|", 1)[-1].strip() for line in res.stderr.splitlines() if line.startswith("import time:")}
    assert "weasyprint" in imported  # the check reads the real import list
    assert not {"presidio_analyzer", "spacy", "kingfisher_sdk"} & imported
    reports = SqlAuditStore(db).reads.generated_reports("fernhill")
    assert [g.path for g in reports] == ["fernhill/2026-W47/v1/report.pdf"]
    assert (out / "fernhill" / "2026-W47" / "v1" / "report.pdf").is_file()
