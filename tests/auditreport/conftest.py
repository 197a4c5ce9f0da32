"""Fixtures of the report tests: the sample week in a real SQLite store, and a real SMTP server.

The sample week (`samples/fernhill/audit`) is ingested once per session through the store's real
write path (real redactor and hold detector) into a template file; each test gets its own copy.
The SMTP server is aiosmtpd on 127.0.0.1 with a self-signed certificate made by the openssl CLI.
"""

from __future__ import annotations

import secrets
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from smtp_helpers import SmtpServer, make_tls_files, start_smtp
from typer.testing import CliRunner

from memeval.audit import Sanitizer, SqlAuditStore
from memeval.cli import app

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import load_week, planted_secrets  # noqa: E402


@pytest.fixture(scope="session")
def sanitizer() -> Sanitizer:
    """The real redactor and hold detector, built once (building them takes seconds)."""
    from memeval.hold import get_hold_detector
    from memeval.redact import get_redactor

    return Sanitizer(get_redactor(), get_hold_detector(), secrets.token_bytes(32))


@pytest.fixture(scope="session")
def sample_template(tmp_path_factory: pytest.TempPathFactory, sanitizer: Sanitizer) -> Path:
    path = tmp_path_factory.mktemp("sample") / "audit.sqlite"
    url = f"sqlite:///{path}"
    st = SqlAuditStore(url, sanitizer=sanitizer)
    r = CliRunner().invoke(app, ["audit", "team", "set", "fernhill", "--tz", "Europe/London", "--db", url])
    assert r.exit_code == 0, r.output
    load_week(st, sender="sample", live=True)  # received as it happened: the report's overdue list ages from receipt
    st.engine.dispose()
    st._write_engine.dispose()
    return path


@pytest.fixture
def store(tmp_path: Path, sample_template: Path, sanitizer: Sanitizer) -> Iterator[SqlAuditStore]:
    """A store holding Fernhill's sample week (ISO 2026-W47, Europe/London), a copy per test."""
    path = tmp_path / "audit.sqlite"
    # Through SQLite's backup API, not a file copy: the template is in WAL mode, and while any
    # connection to it stays open (the CLI's cached engine) its newest pages live in the -wal file.
    src, dst = sqlite3.connect(sample_template), sqlite3.connect(path)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()
    st = SqlAuditStore(f"sqlite:///{path}", sanitizer=sanitizer)
    yield st
    st.engine.dispose()
    st._write_engine.dispose()


@pytest.fixture
def secrets_planted() -> dict[str, str]:
    return planted_secrets()


@pytest.fixture(scope="session")
def tls_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return make_tls_files(tmp_path_factory.mktemp("tls"))


@pytest.fixture
def smtp(tls_files: tuple[Path, Path]) -> Iterator[SmtpServer]:
    """A STARTTLS server that requires login (user SMTP_USER, password SMTP_PASSWORD)."""
    srv = start_smtp(tls_files)
    yield srv
    srv.stop()
