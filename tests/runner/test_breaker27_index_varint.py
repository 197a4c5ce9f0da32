"""A git index whose path-prefix number never ends costs the host nothing (breaker27).

After each turn memeval reads every git index the agent added or changed for files it marked `skip-worktree`
(`memeval.runner._gitobjects._index_hidden`). In a version-4 index each entry's path begins with a varint, and the
reader grew it one shift at a time for as long as its bytes said "more": an agent that left a `.git/index` of 2 MB
of such bytes in its world (any folder; no repository needed) held its trial's thread on the host for hours (a
number of 14 million bits; 400 KB took 38 s of CPU), bounded by no timeout. The reader now stops where git's own
`decode_varint` does (past 57 bits it gives 0), and a prefix longer than the previous path is git's "malformed
name field": an index git refuses, which hides nothing.
"""

from __future__ import annotations

import struct

from hostile import write_prog

from memeval.runner._gitobjects import _index_hidden

ENTRY_HEAD = b"\0" * 60 + struct.pack(">H", 0x4000)  # stat data and ids, then flags: extended (version 3+)
PLAIN_HEAD = b"\0" * 60 + struct.pack(">H", 0)  # an entry marked nothing
MAKE_INDEX = f"""\
import os, struct
os.makedirs("/app/x/.git")
data = b"DIRC" + struct.pack(">II", 4, 1) + {PLAIN_HEAD!r}
data += b"\\xff" * 2_000_000 + b"\\x01" + b"check.sh\\0"
open("/app/x/.git/index", "wb").write(data)
open("/app/answer.txt", "w").write("42\\n")
"""
TEST_SH = "if grep -qx 42 /app/answer.txt; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"


def test_an_index_with_an_endless_varint_is_read_at_once_and_the_trial_scored(hostile) -> None:
    run = hostile(write_prog(MAKE_INDEX) + "python3 /app/prog.py\nrm /app/prog.py\n", name="varint", test_sh=TEST_SH)
    for t in run.trials:  # main: the pytest timeout (300 s), the host still reading the first index
        assert t["fault"] is None and (t["verified"], t["reward"]) == (True, 1), t


def test_git_s_varint_rules() -> None:
    def index(*entries: tuple[bytes, bytes]) -> bytes:
        data = b"DIRC" + struct.pack(">II", 4, len(entries))
        for prefix, rest in entries:
            data += ENTRY_HEAD + struct.pack(">H", 0x4000) + prefix + rest + b"\0"
        return data

    # a prefix of 1 (varint 0x01) after "check.sh" keeps "check.s": the entry is "check.sx", skip-worktree
    assert _index_hidden(index((b"\x00", b"check.sh"), (b"\x01", b"x"))) == {"check.sh", "check.sx"}
    # a prefix longer than the path before it: git's "malformed name field", nothing read
    assert _index_hidden(index((b"\x00", b"a"), (b"\x05", b"b"))) is None
    # past 57 bits git's decode_varint gives 0 and reads no byte of it: the name starts at the varint
    assert _index_hidden(index((b"\xff" * 9 + b"\x01", b"a"))) == {
        ("\xff" * 9 + "\x01a").encode("latin-1").decode("utf-8", "surrogateescape")
    }
