"""A sandbox still runs when memeval's own file descriptors are numbered past 1024.

The metering proxy runs in memeval's process and holds every agent's connections: up to
`MAX_PEER_CONNECTIONS` (128) a sandbox, so at `--concurrency 8` hostile agents that open and hold
connections push memeval's next descriptors past 1024 (the soft limit here is 20000). On main,
the sandbox's output drain (`memeval.sandbox._capture`) and its exit wait
(`memeval.sandbox._process.wait_fast`) used `select.select`, which cannot take a descriptor of
1024 or more (FD_SETSIZE): every sandbox started after that, of any trial, failed with
"filedescriptor out of range in select()". They wait with `poll` now, which has no such bound.
Real sandbox, real process.
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

import pytest

from memeval.sandbox import Mount, SandboxSpec, run_sandboxed


def test_a_sandbox_runs_while_memeval_holds_more_than_1024_descriptors(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 2048:
        if hard != resource.RLIM_INFINITY and hard < 2048:
            pytest.skip(f"this process may open at most {hard} files; the test needs 2048")
        resource.setrlimit(resource.RLIMIT_NOFILE, (2048, hard))
    held = [os.open("/dev/null", os.O_RDONLY) for _ in range(1100)]  # what the proxy's held connections take
    try:
        w = tmp_path / "w"
        w.mkdir(mode=0o755)
        out, err = tmp_path / "out.txt", tmp_path / "err.txt"
        spec = SandboxSpec((Mount(w, "/w", writable=True),), "/w")
        res = run_sandboxed(spec, ["sh", "-c", "echo hello; echo oops >&2"], timeout_s=30, stdout=out, stderr=err)
        assert res.exit_code == 0, err.read_text()
        assert (out.read_text(), err.read_text()) == ("hello\n", "oops\n")
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
