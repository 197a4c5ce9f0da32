"""`memeval audit token list --json` writes its times as every other listing does: UTC with `Z`.

A new user's `--json` on every listing found one odd time out: `audit token list` gave
`"created_at": "2026-12-05T07:36:26.259999+00:00"`, where `users log`, `review list`, `runs`,
`results` and the weekly report write `...Z`; a script comparing the strings, or parsing them with
a reader that takes one form, saw two.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from usage_line import run_memeval


def test_token_list_json_times_end_in_z(tmp_path: Path) -> None:
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'audit.sqlite'}"}
    made = run_memeval("audit", "token", "add", "--team", "fernhill", "--sender", "bot", cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr
    out = run_memeval("audit", "token", "list", "--json", cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    [row] = json.loads(out.stdout)["tokens"]
    at = row["created_at"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z", at), at
    assert abs(datetime.fromisoformat(at) - datetime.now(UTC)) < timedelta(hours=1), at
