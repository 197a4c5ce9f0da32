"""A typo in `--repeats` is a usage error, not a machine out of memory.

Found by the breaker: `memeval ab samples/fernhill --repeats 100000000` printed nothing and grew
by about 1 GB every 10 seconds (2.8 billion trials planned in memory) until something killed it.
A run now plans at most `MAX_PLANNED_TRIALS` trials; more is exit 2 naming the value and the
most repeats that fit, with nothing stored. The CLI runs in a subprocess limited to 3 GiB of
address space, so before the fix this test failed (a MemoryError, exit 1) instead of hanging.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from runner_helpers import MINI

from memeval.runner._plan import MAX_PLANNED_TRIALS


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


def test_too_many_repeats_is_a_usage_error_and_stores_nothing(tmp_path: Path):
    runs = tmp_path / "runs"
    cmd = [sys.executable, "-m", "memeval", "ab", str(MINI), "--agent", "nop", "--network", "none"]
    cmd += ["--repeats", "100000000", "--runs-dir", str(runs)]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env, preexec_fn=_limited)
    assert res.returncode == 2, (res.returncode, res.stderr[-2000:])
    assert "--repeats 100000000" in res.stderr and f"{MAX_PLANNED_TRIALS:,}" in res.stderr, res.stderr
    assert "--repeats " in res.stderr.split("use", 1)[1], res.stderr  # the fix names a number that fits
    assert not runs.exists() or not any(runs.iterdir()), sorted(p.name for p in runs.iterdir())
