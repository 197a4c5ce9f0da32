"""A wrong sandbox (or Ray) setting in the environment is a usage error naming the variable, before any run folder.

Found by a new user trying bad environment variables on `memeval ab`: `MEMEVAL_SANDBOX_LIMITS=foo`
(README: `=rlimits` forces rlimits) was ignored and the run went ahead on cgroups; `MEMEVAL_SANDBOX=docker`
ended with exit 1 and "unknown sandbox backend 'docker'", naming no variable; `MEMEVAL_SANDBOX_ID_BASE=abc`
ended in a Python traceback, and `MEMEVAL_SANDBOX_ID_BASE=0` ran the trials with the sandbox's root mapped to
the host's root; `MEMEVAL_RAY_CPUS_PER_TRIAL=abc` with `--executor ray` was a traceback too. Each is now
exit 2, one line naming the variable, the value and the fix, and no run folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task
from usage_line import one_usage_line, run_memeval


@pytest.mark.parametrize(
    ("name", "value", "fix"),
    [
        ("MEMEVAL_SANDBOX_LIMITS", "foo", "set it to rlimits"),
        ("MEMEVAL_SANDBOX_LIMITS", "cgroup", "set it to rlimits"),
        ("MEMEVAL_SANDBOX", "docker", "(known: bubblewrap)"),
        ("MEMEVAL_SANDBOX_ID_BASE", "abc", "from 65536 to 4294901759"),
        ("MEMEVAL_SANDBOX_ID_BASE", "0", "or unset it for the default 1879048192"),
        ("MEMEVAL_RAY_CPUS_PER_TRIAL", "abc", "between 0 and 1024 (what each trial asks Ray for)"),
    ],
)
def test_a_wrong_sandbox_setting_is_refused_before_the_run(tmp_path: Path, name: str, value: str, fix: str) -> None:
    make_task(tmp_path / "tasks", "t1")
    runs = tmp_path / "runs"
    r = run_memeval(
        "ab", str(tmp_path / "tasks"), "--agent", "nop", "--network", "none", "--quiet", "--runs-dir", str(runs),
        *(["--executor", "ray"] if "RAY" in name else []), cwd=tmp_path, env={name: value},
    )  # fmt: skip
    assert one_usage_line(r, fix).startswith(f"error: {name}={value!r} ")
    assert not runs.exists() or not any(runs.iterdir()), sorted(runs.iterdir())
