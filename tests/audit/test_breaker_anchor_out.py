"""`memeval audit anchor --out` naming a place that cannot be written: one line and exit 2 naming
the path and the fix, not a traceback; an existing file there is kept as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.cli import app


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_an_unwritable_anchor_out_is_a_usage_error(store, make, tmp_path: Path) -> None:
    store.append([make("memory.written", "m1", {"text": "Note."})], sender="s", origin="ingest")
    blocker = tmp_path / "a-file"
    blocker.write_text("keep")
    (tmp_path / "a-folder").mkdir()
    runner = CliRunner()
    for out in (blocker / "anchor.json", tmp_path / "a-folder"):  # a missing folder is made (polish23's test)
        res = runner.invoke(app, ["audit", "anchor", "--team", "fernhill", "--out", str(out), "--db", store.url])
        assert res.exit_code == 2, (out, res.output)
        assert str(out) in res.stderr and len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert blocker.read_text() == "keep" and list((tmp_path / "a-folder").iterdir()) == []
    ok = runner.invoke(
        app, ["audit", "anchor", "--team", "fernhill", "--out", str(tmp_path / "a.json"), "--db", store.url]
    )
    assert ok.exit_code == 0 and (tmp_path / "a.json").is_file(), ok.output
