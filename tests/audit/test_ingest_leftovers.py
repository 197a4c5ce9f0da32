"""`memeval audit ingest` leaves nothing behind when it stores nothing, reports progress, and the id checks' short cuts.

A failed ingest into a SQLite store that did not exist removes the database, its folders and the
fingerprint key it made; an existing store, and batches stored before a refused one, stay. The
ingest reports events done (`on_progress`). The tz-zone test of `made_of_checked_parts` answers as
`zoneinfo.ZoneInfo` does without searching the disk; ids found clean once keep their readings
clean, and a worker's findings in an id refuse it.
"""

from __future__ import annotations

import random
import string
import zoneinfo
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_ingest import _line
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore, ingest_lines, open_store
from memeval.audit import _idscan as s
from memeval.cli import app
from memeval.errors import AuditEventRejected


@dataclass(frozen=True)
class Finding:
    entity_type: str


@pytest.fixture
def key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fingerprint key file the store would create (in folders that do not exist yet)."""
    where = tmp_path / "keys" / "deep" / "fingerprint.key"
    monkeypatch.delenv("MEMEVAL_FINGERPRINT_KEY", raising=False)
    monkeypatch.setenv("MEMEVAL_FINGERPRINT_KEY_FILE", str(where))
    return where


def _ingest(path: Path, db: Path, *extra: str) -> tuple[int, str]:
    r = CliRunner().invoke(app, ["audit", "ingest", str(path), "--db", f"sqlite:///{db}", *extra])
    return r.exit_code, r.output


@pytest.mark.parametrize(
    "content",
    [
        "{not json\n",  # refused while reading the file
        _line(1, session="bad@x") + "\n",  # refused by the store's write path (id shape)
    ],
    ids=["malformed", "refused-by-store"],
)
def test_a_failed_ingest_into_a_new_store_leaves_nothing(tmp_path: Path, key_file: Path, content: str):
    src = tmp_path / "in.jsonl"
    src.write_text(content)
    db = tmp_path / "new" / "sub" / "audit.sqlite"
    code, out = _ingest(src, db)
    assert code == 2, out
    assert "nothing" in out
    assert not (tmp_path / "new").exists()
    assert not key_file.exists() and not (tmp_path / "keys").exists()


def test_a_failed_ingest_never_touches_an_existing_store(tmp_path: Path, key_file: Path):
    db = tmp_path / "store" / "audit.sqlite"
    good = tmp_path / "good.jsonl"
    good.write_text(_line(1) + "\n" + _line(2) + "\n")
    assert _ingest(good, db)[0] == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text(_line(3, session="bad@x") + "\n")
    code, out = _ingest(bad, db)
    assert code == 2, out
    assert db.is_file() and key_file.is_file()
    store = open_store(f"sqlite:///{db}")
    assert [e.sender_event_id for e in store.events("fernhill")] == ["e1", "e2"]
    store.engine.dispose()


def test_batches_stored_before_a_refused_one_keep_the_new_store(tmp_path: Path, key_file: Path):
    src = tmp_path / "in.jsonl"
    src.write_text(_line(1) + "\n" + _line(2, session="bad@x") + "\n")
    db = tmp_path / "new" / "audit.sqlite"
    code, out = _ingest(src, db, "--batch-size", "1")
    assert code == 2 and "1 earlier batch(es) stay stored" in out, out
    store = open_store(f"sqlite:///{db}")
    assert [e.sender_event_id for e in store.events("fernhill")] == ["e1"]
    store.engine.dispose()
    assert key_file.is_file()


def test_quiet_ingest_prints_only_its_summary(tmp_path: Path, key_file: Path):
    src = tmp_path / "in.jsonl"
    src.write_text(_line(1) + "\n")
    code, out = _ingest(src, tmp_path / "store" / "a.sqlite", "--quiet")
    assert code == 0
    assert out.startswith("read 1 event: 1 stored")  # one event, not "1 events"


def test_progress_counts_events_written(store: SqlAuditStore):
    seen: list[tuple[int, int]] = []
    lines = [_line(i) for i in range(5)]
    ingest_lines(store, lines, sender="t", batch_size=2, on_progress=lambda done, total: seen.append((done, total)))
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_zone_test_answers_as_zoneinfo_does():
    def by_zoneinfo(value: str) -> bool:
        if not s._ZONE_SHAPE.fullmatch(value):
            return False
        try:
            zoneinfo.ZoneInfo(value)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
            return False
        return True

    rng = random.Random(7)
    values = sorted(zoneinfo.available_timezones())[::7] + ["UTC", "posixrules", "Europe", "Etc/GMT+5", "utc"]
    values += ["c3-fh-47-00232", "America/Nowhere", "zone.tab", "Europe/"]
    values += ["".join(rng.choice(string.ascii_letters + "/_-+0123456789") for _ in range(9)) for _ in range(300)]
    assert [s._zone_name.__wrapped__(v) for v in values] == [by_zoneinfo(v) for v in values]
    assert s.made_of_checked_parts("Europe/London", "t") and not s.made_of_checked_parts("Europe", "t")


def test_remembered_clean_readings_never_hide_a_key(store: SqlAuditStore):
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    red = store.sanitizer.redactor
    assert s.strict_id_findings(red, ["c1-fh-47", "ses_a1"]) == {"c1-fh-47": (), "ses_a1": ()}
    found = s.strict_id_findings(red, ["c2-fh-47", f"ses_{jwt}"])
    assert found["c2-fh-47"] == () and found[f"ses_{jwt}"]


def test_an_id_a_worker_found_a_key_in_is_refused(store: SqlAuditStore, make):  # type: ignore[no-untyped-def]
    draft = make("session.started", session="Ses_X9q", payload={"slice_id": "sl", "slice_hash": "sha256:ab"})
    finding = Finding("JWT")  # what a worker's scan returns for a value with a key in it
    with pytest.raises(AuditEventRejected, match="field session looks like it holds a JWT"):
        store.sanitizer.check_ids([draft], strict=True, strict_scanned={"Ses_X9q": (finding,)})
