"""JSON nested deeper than Python's parser recurses: the ingest API answered 500 (a RecursionError
traceback in the server's log) and `memeval audit ingest` printed a traceback. Both must refuse it
as malformed input, the HTTP API with 422, the command with one line naming the line and exit 2,
and store nothing."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from patience import patient
from test_ingest import server  # noqa: F401  (a real uvicorn on 127.0.0.1)
from typer.testing import CliRunner

from memeval.audit import add_token
from memeval.cli import app

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_deeply_nested_json_is_refused_as_malformed(store, server, tmp_path: Path) -> None:  # noqa: F811
    token = add_token(store, "fernhill", "memsys")
    with httpx.Client(base_url=server, timeout=patient(60)) as c:
        r = c.post(
            "/api/v1/events",
            content='{"events": ' + DEEP + "}",
            headers={"Authorization": f"Bearer {token}", "content-type": "application/json"},
        )
    assert r.status_code == 422, r.text
    f = tmp_path / "deep.jsonl"
    f.write_text(DEEP + "\n")
    res = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", store.url])
    assert res.exit_code == 2, res.output
    assert "line 1" in res.stderr and "Traceback" not in res.output, res.output
    assert store.teams() == []
