"""Links the agent leaves that the verifier would follow to what only it sees.

The held-back tests, the solution and the reward channel exist only in the verifier's sandbox; a
symlink in the agent's world that leads there (directly, through `/proc` or `/dev/fd`, or into a
folder made fresh in every sandbox) would let the verifier read them as the agent's answer. Such
links are removed before the verifier runs, each with a `verifier-path` finding.

Nothing here opens a path in the world: links are read with `readlink` only.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from memeval.eventlog import TamperFinding
from memeval.runner._diff import printable
from memeval.runner._gitguard import MAX_LINK_HOPS
from memeval.runner._tamper import changed_entries
from memeval.sandbox import World

VERIFIER_ONLY = ("/tests", "/solution", "/logs/verifier")
"""Folders that exist only in the verifier's sandbox: the held-back tests, the solution, the reward channel."""
REOPENERS = ("/proc", "/dev/fd", "/dev/stdin", "/dev/stdout", "/dev/stderr")
"""Paths whose links the kernel makes per process: `/proc/self/root` is the reading process's root (so
`/proc/self/root/tests/...` is `/tests/...` in the verifier), `/proc/self/cwd` its working folder, `/dev/fd/N`
and `/dev/stdin` (links to `/proc/self/fd`) whatever file it has open, the held-back tests' included, and
`/dev/stdout`, `/dev/stderr` the file it writes its output to, opened again from its first byte (a test.sh that
logs the expected answer to a file, then compares, read that log as the agent's answer). A link through them
leads wherever the process reading it can reach."""
FRESH_IN_VERIFIER = ("/tmp", "/dev/shm")
"""Folders made fresh in every sandbox: in the verifier, what test.sh and the tests write (a copy of the expected
output, pytest's `tmp_path`; `HOME` is `/tmp`). A link there dangles in the agent's turn and resolves to those
files; an honest one would dangle in the verifier anyway."""


def verifier_only_target(world_root: Path, inside: str) -> str | None:
    """The `VERIFIER_ONLY`, `REOPENERS` or `FRESH_IN_VERIFIER` path `inside` leads to in the verifier, or None.

    Follows the world's symlinks (read with `readlink`, never opened) the way the verifier's kernel
    would, with paths outside the world's folders taken as they are: such a link dangles during the
    agent's turn and resolves only when the verifier runs. A path through one of `REOPENERS` returns
    that one: where it leads depends on the process reading it, the verifier's included.
    """
    todo = [p for p in inside.split("/") if p][::-1]
    cur: list[str] = []
    hops = 0
    while todo:
        name = todo.pop()
        if name == ".":
            continue
        if name == "..":
            if cur:
                cur.pop()
            continue
        cur.append(name)
        path = "/" + "/".join(cur)
        hit = next(
            (v for v in VERIFIER_ONLY + REOPENERS + FRESH_IN_VERIFIER if path == v or path.startswith(v + "/")), None
        )
        if hit is not None:
            return hit
        host = world_root.joinpath(*cur)
        if os.path.islink(host):
            hops += 1
            if hops > MAX_LINK_HOPS:
                return None
            target = os.readlink(host)
            cur.pop()
            if target.startswith("/"):
                cur = []
            todo += [p for p in target.split("/") if p][::-1]
    return None


def remove_links_into_verifier(
    pristine: Path, world: World, added: Iterable[str], changed: Iterable[str]
) -> list[TamperFinding]:
    """Remove every symlink the agent added or changed that leads where `verifier_only_target` says.

    The agent never sees the held-back tests, but a link to them would let the verifier read them
    as the agent's answer. Returns the findings (`verifier-path`, one per link removed).
    """
    out = []
    for rel, change in sorted(changed_entries(pristine, world.root, added, changed).items()):
        host = world.root / rel
        if not os.path.islink(host):
            continue
        folder = verifier_only_target(world.root, "/" + rel)
        if folder is not None:
            host.unlink()
            detail = (
                f"a symbolic link into {folder}, which only the verifier sees; removed"
                if folder in VERIFIER_ONLY
                else f"a symbolic link into {folder}, a fresh folder in the verifier's sandbox where the tests write "
                "their files (a copy of the expected output included); removed"
                if folder in FRESH_IN_VERIFIER
                else f"a symbolic link through {folder}, which leads wherever the process reading it can reach "
                "(the held-back tests included); removed"
            )
            out.append(TamperFinding(path=printable("/" + rel), kind="verifier-path", change=change, detail=detail))
    return out
