"""A setuid file the agent hides in a `__pycache__` folder loses its bit like any other.

memeval runs as root and clears setuid and setgid bits in the world after the agent's turn (`strip_privileges`),
before the verifier runs it and before a retained world is kept on the host. The walk skipped the folders the
workspace diff ignores (`__pycache__`, `.pytest_cache`), so a setuid copy of a shell the agent left there kept its
bit: in the verifier (which runs the task's user with the capabilities a container's root has, inside its
namespace) and in the retained world. Real `memeval ab`, real sandbox.
"""

from __future__ import annotations

import stat

AGENT = """\
mkdir -p /app/__pycache__ /app/.pytest_cache/v
for d in /app /app/__pycache__ /app/.pytest_cache/v; do cp /bin/sh $d/sh && chmod 6755 $d/sh; done
ls -l /app/__pycache__/sh
"""
PLACES = ("app/sh", "app/__pycache__/sh", "app/.pytest_cache/v/sh")


def test_setuid_bits_are_cleared_in_ignored_folders_too(hostile) -> None:
    run = hostile(AGENT, "--retain", "always")
    worlds = run.worlds()
    assert len(worlds) == run.per_task, worlds
    for w in worlds:
        for rel in PLACES:
            mode = (w / rel).lstat().st_mode  # there, as the agent left it
            assert stat.S_ISREG(mode) and not mode & (stat.S_ISUID | stat.S_ISGID), (rel, oct(mode))
