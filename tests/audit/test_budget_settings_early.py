"""A bad CPU budget setting is refused before `memeval audit serve` loads anything (a real process).

Found by a new user: `MEMEVAL_REDACT_REQUEST_BUDGET_S=abc memeval audit serve` printed "loading
the redactor and hold detector before listening", spent 5-8 s loading them, and only then said the
setting was bad (the settings were read on first use). Now the four settings are read first
(`memeval.cli._serving.check_budget_settings`): one `error:` line naming the variable, its value
and the fix, no loading line, no store made.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import one_usage_line, run_memeval


@pytest.mark.parametrize("name", ["MEMEVAL_REDACT_REQUEST_BUDGET_S", "MEMEVAL_HOLD_BUDGET_S"])
def test_a_bad_budget_is_refused_before_the_engines_load(tmp_path: Path, name: str) -> None:
    db = tmp_path / "audit" / "a.sqlite"
    env = {"MEMEVAL_DB": f"sqlite:///{db}", "MEMEVAL_AUDIT_WORKERS": "0", name: "abc"}
    out = run_memeval("audit", "serve", "--port", "0", cwd=tmp_path, env=env)
    one_usage_line(out, f"{name}='abc'", "positive number")
    assert "loading the redactor" not in out.stderr, out.stderr
    assert not db.exists()  # refused before the store was opened
