"""The servers say at start when review passwords are hashed at the light cost (start53, issue 17).

`MEMEVAL_REVIEW_PASSWORD_COST=light` (argon2id m=1024 KiB, t=1, p=1) is for test suites and throwaway demos:
a copied store's light hashes are cheap to guess. A real `memeval serve` and `memeval audit serve` (real
processes on 127.0.0.1, `--port 0`) print one warning line on stderr before their loading line when it is
set, and none when it is unset or `standard`.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest
from line_reader import Lines
from patience import patient
from usage_line import spawn_memeval


def _first_lines(args: list[str], tmp_path: Path, cost: str | None, n: int) -> list[str]:
    """The first `n` stderr lines of `memeval ARGS --port 0` with the cost `cost` (None: unset), then stopped."""
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}", "MEMEVAL_AUDIT_WORKERS": "0"}
    if cost is not None:
        env["MEMEVAL_REVIEW_PASSWORD_COST"] = cost
    proc = spawn_memeval(*args, "--port", "0", cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)
    assert proc.stderr is not None
    err = Lines(proc.stderr, keep_light_warning=True)
    try:
        lines = [err.next(patient(60)) for _ in range(n)]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=patient(60))
        err.rest()
    assert None not in lines, (lines, err.rest())
    return [line for line in lines if line is not None]


@pytest.mark.parametrize(
    ("args", "what", "then"),
    [
        (["serve", "--no-ingest"], "memeval serve", "memeval review on http://127.0.0.1:"),
        (["audit", "serve"], "memeval audit serve", "memeval audit serve: loading the redactor"),
    ],
)
def test_light_cost_is_said_in_one_line_before_loading(tmp_path: Path, args: list[str], what: str, then: str) -> None:
    first, second = _first_lines(args, tmp_path, "light", 2)
    assert first.startswith(f"warning: {what}: MEMEVAL_REVIEW_PASSWORD_COST=light: "), first
    assert "m=1024 KiB, t=1, p=1" in first and "cheap to guess" in first and "unset it" in first, first
    assert second.startswith(then), second


@pytest.mark.parametrize("cost", [None, "standard"])
@pytest.mark.parametrize(
    ("args", "then"),
    [(["serve", "--no-ingest"], "memeval review on http://127.0.0.1:"), (["audit", "serve"], "memeval audit serve: ")],
)
def test_no_warning_at_the_standard_cost(tmp_path: Path, args: list[str], then: str, cost: str | None) -> None:
    (first,) = _first_lines(args, tmp_path, cost, 1)
    assert first.startswith(then), first
