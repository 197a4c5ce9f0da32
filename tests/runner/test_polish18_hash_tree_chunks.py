"""`hash_tree` reads each file in chunks: a large file in a task's world is hashed in little memory (polish18).

It read each file whole (`Path.read_bytes`) to hash it: a 1 GiB file in a task's `environment/`
took 1 GiB of memory, every time a run pinned the task set and again when each trial checked its
task was not edited (`changed_since_loaded`). Now it reads them with `hashlib.file_digest` (256 KiB
at a time). The digests are the ones it made before: checked against `hashlib` over a known tree,
and over a 128 MiB sparse file hashed in a real child process whose address space may grow by
48 MiB only (reading the file whole there is a `MemoryError`).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from patience import patient

from memeval.tasks import hash_tree

REPO = Path(__file__).resolve().parents[2]

BIG = 128 << 20
"""The sparse file's size, bytes."""

CHILD = textwrap.dedent(
    """
    import resource, sys
    from pathlib import Path

    from memeval.tasks import hash_tree

    size = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
    room = size + (48 << 20)  # the address space may grow by 48 MiB, a third of the file
    resource.setrlimit(resource.RLIMIT_AS, (room, room))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    digest = hash_tree(Path(sys.argv[1]))
    grew = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    print(digest, grew // 1024)
    """
)


def _line(rel: str, exe: str, data: bytes) -> bytes:
    """One file's line of `hash_tree`'s digest, computed here with `hashlib` over the file's bytes."""
    return f"{rel}\0{exe}\0{hashlib.sha256(data).hexdigest()}\n".encode()


def test_a_known_tree_hashes_as_hashlib_over_its_bytes(tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    (tmp_path / "a.txt").write_bytes(b"hello\n")
    (tmp_path / "bin" / "run").write_bytes(b"#!/bin/sh\necho hi\n" + bytes(range(256)) * 5000)  # over one chunk
    (tmp_path / "bin" / "run").chmod(0o755)
    (tmp_path / "empty").write_bytes(b"")
    (tmp_path / "link").symlink_to("a.txt")
    whole = hashlib.sha256(
        _line("a.txt", "-", b"hello\n")
        + _line("bin/run", "x", (tmp_path / "bin" / "run").read_bytes())
        + _line("empty", "-", b"")
        + b"link\0link\0a.txt\n"
    )
    assert hash_tree(tmp_path) == "sha256:" + whole.hexdigest()


def test_a_large_sparse_file_is_hashed_in_little_memory(tmp_path: Path) -> None:
    world = tmp_path / "world"
    world.mkdir()
    with (world / "big.bin").open("wb") as f:
        f.truncate(BIG)  # sparse: no disk blocks, reads as zeros
    zeros = hashlib.sha256()
    for _ in range(BIG >> 20):
        zeros.update(bytes(1 << 20))
    expected = "sha256:" + hashlib.sha256(f"big.bin\0-\0{zeros.hexdigest()}\n".encode()).hexdigest()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = subprocess.run(
        [sys.executable, "-c", CHILD, str(world)], capture_output=True, text=True, timeout=patient(60), env=env
    )
    assert run.returncode == 0, run.stderr[-2000:]
    digest, grew_mib = run.stdout.split()
    assert digest == expected
    assert int(grew_mib) < 32, f"hashing a {BIG >> 20} MiB file grew the process by {grew_mib} MiB"
