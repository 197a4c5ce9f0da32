"""A retained world's hard links are searched for secrets once, not once a name (breaker29).

Before a world is kept (`--retain`, `failed` by default) every file is searched for the run's secrets
(`Scrubber.tree`). It read each name of a file in full: an agent that left one dense file and many hard links to
it (each link costs it a folder entry; the disk watch charges the file once) made the host read the file once a
name: 1 GiB and 10,000 names is 10 TB of reads in the run's own process, with no time limit on it. Bytes read are
counted from `/proc/self/io` (`rchar`: every byte a read call returned, the page cache's included), whole run.
"""

from __future__ import annotations

import os
from pathlib import Path

from runner_helpers import RunAb, bytes_read, make_task

from memeval.runner._scrub import Scrubber

BLOB = 4 << 20
NAMES = 400


def test_a_kept_world_of_one_file_with_many_names_is_read_about_once(tmp_path: Path, run_ab: RunAb) -> None:
    make_task(tmp_path / "tasks", "t1", test_sh="echo 0 > /logs/verifier/reward.txt\n")
    agent = (
        f"sh -c 'head -c {BLOB} /dev/urandom > /app/blob && i=0 && "
        f"while [ $i -lt {NAMES} ]; do ln /app/blob /app/name$i; i=$((i+1)); done'"
    )
    before = bytes_read()
    code, doc, err = run_ab(
        str(tmp_path / "tasks"),
        *("--network", "none", "--agent", "command", "--agent-cmd", agent),
        *("--env", "TEAM_TOKEN=tok-7f3a9c1e55", "--retain", "always"),
    )
    read = bytes_read() - before
    assert code in (0, 1), err
    kept = sorted((tmp_path / "runs").rglob(f"app/name{NAMES - 1}"))
    assert len(kept) == 2 and all(os.stat(k).st_nlink == NAMES + 1 for k in kept), (kept, doc["trials"])
    # two worlds of NAMES + 1 names of a BLOB-byte file: read once a name that is 2 * 401 * 4 MiB (3.1 GiB)
    assert read < 40 * BLOB, f"{read:,} bytes read for 2 files of {BLOB:,} bytes"


def test_a_secret_in_a_file_with_many_names_is_blanked_under_every_name(tmp_path: Path) -> None:
    world = tmp_path / "world"
    world.mkdir()
    (world / "notes.txt").write_bytes(b"key=tok-7f3a9c1e55\n")
    for i in range(3):
        os.link(world / "notes.txt", world / f"copy{i}.txt")
    Scrubber({"TEAM_TOKEN": ("env", "tok-7f3a9c1e55")}).tree(world)
    for p in sorted(world.iterdir()):
        assert p.read_bytes() == b"key=[REDACTED:env:TEAM_TOKEN]\n", p
