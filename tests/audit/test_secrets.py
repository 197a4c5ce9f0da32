"""Planted secrets never reach the database file, a log line, an error or the CLI output (both DBs)."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from pg_fixture import read_tree
from shared_cache import shared_cache
from sqlalchemy import inspect, text
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore, ingest_lines, verify_chain
from memeval.cli import app

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import build, planted_secrets, resolve_hold_ids, secret_texts, split_week  # noqa: E402


def _week_lines(sender: str) -> list[str]:
    """What the sample's memory system sent (its decisions come through the review queue)."""
    return [json.dumps(e) for e in split_week(resolve_hold_ids(build(), sender))[0]]


def _all_db_text(store: SqlAuditStore) -> str:
    """Every row of every table, as text (works on both backends)."""
    out = []
    with store.engine.connect() as c:
        for table in inspect(c).get_table_names():
            for row in c.execute(text(f'SELECT * FROM "{table}"')):
                out.append(repr(tuple(row)))
    return "\n".join(out)


def _raw_files(db_url: str, pg_dir: Path | None) -> dict[Path, bytes]:
    """The database's files with their bytes: SQLite's file with its WAL, or the whole PostgreSQL data folder."""
    if db_url.startswith("sqlite"):
        base = Path(db_url.removeprefix("sqlite:///"))
        return {p: p.read_bytes() for p in base.parent.iterdir() if p.name.startswith(base.name)}
    return read_tree(pg_dir) if pg_dir else {}


def test_planted_secrets_never_stored(store, db_url, pg_server, caplog, capfd):
    secrets = planted_secrets()
    caplog.set_level(logging.DEBUG)
    res = ingest_lines(store, _week_lines("sample"), sender="sample")
    assert res.result.secrets_blanked >= len(secrets), res
    blanked = [e for e in store.events("fernhill") if e.type == "secret.blanked"]
    assert blanked and all(e.payload.fingerprints and len(e.payload.fingerprints) == e.payload.count for e in blanked)

    # a refused batch whose event carries a secret: the error must not quote it
    bad = json.dumps(
        {
            "type": "lesson.approved",
            "occurred_at": "2026-11-20T10:00:00Z",
            "team": "fernhill",
            "sender_event_id": "bad-1",
            "actor": {"kind": "person", "id": "p"},
            "subject": "nope",
            "payload": {"decision_id": "d", "comment": secret_texts()[0]},
        }
    )
    with pytest.raises(Exception) as ei:
        ingest_lines(store, [bad], sender="sample")
    malformed = json.dumps({"type": "memory.written", "team": "fernhill", "payload": {"text": secret_texts()[1]}})
    with pytest.raises(Exception) as ei2:
        ingest_lines(store, [malformed], sender="sample")

    if not db_url.startswith("sqlite"):
        with store.engine.connect() as c:
            c.execute(text("CHECKPOINT"))
    store.engine.dispose()
    store._write_engine.dispose()
    files = _raw_files(db_url, pg_server.data_dir if pg_server else None)
    assert files or not db_url.startswith("sqlite")
    dump = _all_db_text(store)
    out, err = capfd.readouterr()
    for name, value in secrets.items():
        needle = value.encode()
        for f, data in files.items():
            assert needle not in data, f"{name} found in {f}"
        assert value not in dump, f"{name} found in a table"
        assert value not in caplog.text, f"{name} found in a log record"
        assert value not in out + err, f"{name} found on stdout/stderr"
        assert value not in str(ei.value) and value not in str(ei2.value), f"{name} in an error"
    assert verify_chain(store, "fernhill").ok


def test_cli_ingest_output_has_no_secret(tmp_path):
    week = tmp_path / "week.jsonl"
    week.write_text("\n".join(_week_lines("cli")) + "\n")
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    r = CliRunner().invoke(app, ["audit", "ingest", str(week), "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    counts = CliRunner().invoke(app, ["audit", "counts", "--team", "fernhill", "--week", "2026-W47", "--db", db])
    for value in planted_secrets().values():
        assert value not in r.output and value not in counts.output


@pytest.mark.slow
def test_cli_subprocess_logs_have_no_secret(tmp_path):
    """A real `python -m memeval audit ingest` process with debug logging on, stdin input."""
    # HOME and the store are apart: the fingerprint key under HOME must not sit in the store's
    # folder (issue 16), and the process refuses to start if it does
    (tmp_path / "store").mkdir()
    (tmp_path / "home").mkdir()
    db_file = tmp_path / "store" / "a.sqlite"
    db = f"sqlite:///{db_file}"
    env = {
        "MEMEVAL_DB": db,
        "MEMEVAL_LOG_LEVEL": "DEBUG",
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path / "home"),
        **shared_cache(),
    }
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", "-"],
        input="\n".join(_week_lines("cli")),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=patient(120),
    )
    assert proc.returncode == 0, proc.stderr
    assert "stored" in proc.stdout
    for value in planted_secrets().values():
        assert value not in proc.stdout and value not in proc.stderr
        assert value.encode() not in db_file.read_bytes()
