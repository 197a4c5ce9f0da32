"""Keeping a failed trial's world (`--retain failed`, the default) blanks known secrets in every
file of it, and read each file whole into memory to do so, secrets or none. An agent may leave
files up to the sandbox's 1 GiB file limit, sparse ones in an instant and with no disk used: each
cost memeval a gigabyte of memory (eight trials at once, eight), on the host that runs every
trial. Files are now searched in pieces and rewritten only when a secret is in them."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

CHILD = textwrap.dedent(
    """
    import os, resource, sys
    from pathlib import Path
    from memeval.runner._scrub import Scrubber
    root = Path(sys.argv[1])
    with open(root / "big.bin", "wb") as f:
        f.truncate(1 << 30)  # sparse: no disk used
    (root / "note.txt").write_text("key=s3cr3t-value-42 end\\n")
    with open(root / "tail.bin", "wb") as f:  # a secret after a long stretch of zeros
        f.seek(40 << 20)
        f.write(b"s3cr3t-value-42")
    resource.setrlimit(resource.RLIMIT_AS, (700 << 20, resource.RLIM_INFINITY))
    for name, secrets in (("none", {}), ("one", {"TOKEN": ("env", "s3cr3t-value-42")})):
        print(name, sorted(Scrubber(secrets).tree(root)))
    """
)


def test_scrubbing_a_world_reads_no_file_whole_unless_it_holds_a_secret(tmp_path: Path):
    proc = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines() == ["none []", "one ['note.txt', 'tail.bin']"], proc.stdout
    assert (tmp_path / "note.txt").read_text() == "key=[REDACTED:env:TOKEN] end\n"
    # sparse and holding a secret: emptied, since blanked in place its hole would be written out in full
    # (`test_breaker_scrub_sparse.py`)
    assert (tmp_path / "tail.bin").stat().st_size == 0
    assert (tmp_path / "big.bin").stat().st_size == 1 << 30
