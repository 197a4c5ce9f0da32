"""The held-back tests are newer than anything the agent left (breaker39).

Build tools decide what to rebuild by modification times: `make` runs a rule only when a prerequisite is newer than
its target. A task whose Makefile builds the checker from the held-back test (`check: /tests/check.c solution.c`)
and whose test.sh runs `make check && ./check` ran the agent's own `/app/check` (`exit 0`) instead: the copy of
`/tests` kept the task's file times (`shutil.copytree` copies them), older than a file the agent wrote in its turn,
so make found `check` up to date; and a file the agent dated in the future (`touch -d 2100-01-01`) beats any copy
made later. Both passed a wrong answer, reward 1, with no finding.

So before the verifier starts, the copy of `/tests` is dated now (`date_tests`), and every entry of the world
dated now or later (only a file dated on purpose: the agent's writes all came before) is dated back to a
nanosecond before (`settle_world`): whatever a test.sh builds from a held-back file is rebuilt, and the agent's
other files keep their order (a source edited after its object file is still the newer). The world memeval keeps
(`--retain`) is its snapshot, taken before, with the agent's own times.
"""

from __future__ import annotations

import os
from pathlib import Path

MARGIN_NS = 1
"""How much older than the held-back tests' time an entry dated at or after it is made (1 ns). Every write of the
agent's turn is stamped before that time: the kernel stamps a write with a coarse clock, a tick behind the fine
one `time.time_ns` reads after the turn has ended, so no wider margin is needed, and none is taken from the
agent's own files (a wider one dated an object file and the source edited after it alike)."""


def date_tests(tests: Path, now_ns: int) -> None:
    """Date every entry under `tests` (the verifier's fresh copy of the held-back tests, on the host) `now_ns`.

    Args:
        tests: the copy's folder, memeval's own (no agent has run on it).
        now_ns: the time to give them, ns since the epoch.
    """
    for dirpath, dirnames, filenames in os.walk(tests):
        for name in dirnames + filenames:
            os.utime(os.path.join(dirpath, name), ns=(now_ns, now_ns), follow_symlinks=False)
    os.utime(tests, ns=(now_ns, now_ns))


def settle_world(root: Path, now_ns: int) -> list[str]:
    """Date back to `now_ns - MARGIN_NS` every entry under `root` modified at `now_ns` or later (access time kept).

    Files, folders and symlinks (the link itself: none is followed); nothing else is changed. No process of the
    agent runs any more when this does.

    Args:
        root: the world's root on the host.
        now_ns: the time the held-back tests are dated (`date_tests`), ns since the epoch.

    Returns:
        The entries dated back, relative to `root`, sorted (as the file system names them).
    """
    ceiling = now_ns - MARGIN_NS
    changed: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            try:
                st = os.lstat(p)
            except OSError:
                continue
            if st.st_mtime_ns > ceiling:
                os.utime(p, ns=(st.st_atime_ns, ceiling), follow_symlinks=False)
                changed.append(os.path.relpath(p, root))
    return sorted(changed)
