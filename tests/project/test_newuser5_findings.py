"""What a new user met in the fifth new-user round, each checked as they met it (a real `memeval` process).

- `memeval audit ingest` of a line with an unterminated string said "starting at at column 2".
- `memeval review reject REF` without a reason said "say why in a sentence" but not which option takes
  it; `review settle --keep c` said "keep one of a, b, ..." without naming `--keep`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import one_usage_line, run_memeval


def test_a_line_cut_inside_a_string_is_named_once_with_its_column(tmp_path: Path) -> None:
    (tmp_path / "cut.jsonl").write_text('{"type": "session.started", "team": "fern\n')
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    out = run_memeval("audit", "ingest", "cut.jsonl", "--db", db, cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert "line 1: not JSON (Unterminated string starting at column 37)" in out.stderr, out.stderr
    assert " at at " not in out.stderr, out.stderr
    assert not (tmp_path / "a.sqlite").exists()  # nothing stored, no store left behind


@pytest.mark.parametrize("action", ["reject", "discard"])
def test_a_decision_without_its_reason_names_the_option(tmp_path: Path, action: str) -> None:
    ref = "lesson/fern/les_1" if action == "reject" else "hold/fern/hd_1"
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    out = run_memeval("review", action, ref, "--user", "rita", "--db", db, cwd=tmp_path)
    one_usage_line(out, f"{action} needs a reason", "--reason 'WHY'", "nothing was done")


def test_a_side_that_is_no_side_names_keep(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    out = run_memeval(
        "review", "settle", "contradiction/fern/con_1", "--keep", "c", "--reason", "r", "--user", "rita", "--db", db,
        cwd=tmp_path,
    )  # fmt: skip
    one_usage_line(out, "--keep 'c' is not a side", "--keep a, b, both or neither")
