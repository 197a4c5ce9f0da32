"""Two sandboxes running at once cannot watch each other through the read-only system files.

`/usr` and the bound `/etc` files are the same inodes in every sandbox, so on main an inotify
`IN_OPEN` watch on `/usr/share/common-licenses/GPL-3` in one sandbox saw a `cat` of it in another
(one file a bit, thousands of bits a second: a verifier running the agent's program beside
`/tests` could hand the held-back answer to an agent of another trial, or the arms of a pair
signal each other), and an unprivileged fanotify inode mark worked as well. The seccomp filter
(`memeval.sandbox._seccomp`) now answers `inotify_init`/`inotify_init1` with EMFILE (the kernel's
own answer on a machine out of inotify instances, which watchers already handle: `tail -f`
polls) and `fanotify_init` with EPERM. Real bubblewrap sandboxes, real processes.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from seccomp_rig import run_filter

from memeval.sandbox import Mount, SandboxSpec, run_sandboxed
from memeval.sandbox._seccomp import (
    FANOTIFY_CALLS,
    INOTIFY_CALLS,
    KEY_CALLS,
    RET_ALLOW,
    RET_EMFILE,
    RET_EPERM,
)

SHARED = "/usr/share/common-licenses/GPL-3"

WATCH = f"""\
import ctypes, os, select
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(0)
if fd < 0:
    print("inotify refused:", os.strerror(ctypes.get_errno()))
else:
    libc.inotify_add_watch(fd, {SHARED.encode()!r}, 0x20)  # IN_OPEN
    open("/w/ready", "w").close()
    print("inotify saw another sandbox" if select.select([fd], [], [], 8)[0] else "inotify saw nothing")
fd = libc.fanotify_init(0x200, os.O_RDONLY)  # FAN_REPORT_FID, what an unprivileged process may ask
if fd < 0:
    print("fanotify refused:", os.strerror(ctypes.get_errno()))
else:
    ok = libc.fanotify_mark(fd, 1, ctypes.c_uint64(0x20), -100, {SHARED.encode()!r})  # FAN_MARK_ADD, FAN_OPEN
    open("/w/ready", "w").close()
    print("fanotify saw another sandbox" if ok == 0 and select.select([fd], [], [], 8)[0] else "fanotify saw nothing")
"""


def _spec(w: Path) -> SandboxSpec:
    w.mkdir(mode=0o755)
    return SandboxSpec((Mount(w, "/w", writable=True),), "/w")


def test_a_watch_in_one_sandbox_sees_nothing_of_another_running_beside_it(tmp_path: Path) -> None:
    watcher = _spec(tmp_path / "a")
    (tmp_path / "a" / "watch.py").write_text(WATCH)
    out = tmp_path / "watch.txt"
    kwargs = {"timeout_s": 60, "stdout": out, "stderr": out}
    t = threading.Thread(target=run_sandboxed, args=(watcher, ["python3", "/w/watch.py"]), kwargs=kwargs)
    t.start()
    opener = _spec(tmp_path / "b")
    sink = tmp_path / "cat.txt"
    end = time.monotonic() + 30
    while t.is_alive() and time.monotonic() < end:  # open the shared file again and again while the watcher lives
        run_sandboxed(opener, ["sh", "-c", f"for i in 1 2 3 4 5; do cat {SHARED} > /dev/null; sleep 0.2; done"],
                      timeout_s=30, stdout=sink, stderr=sink)  # fmt: skip
    t.join()
    refused = ["inotify refused: Too many open files", "fanotify refused: Operation not permitted"]
    assert out.read_text().splitlines() == refused
    assert not (tmp_path / "a" / "ready").exists()


def test_a_watcher_falls_back_to_polling(tmp_path: Path) -> None:
    spec = _spec(tmp_path / "w")
    (tmp_path / "w" / "log").write_text("first\n")
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    cmd = ["sh", "-c", "(sleep 1.5; echo second >> /w/log) & timeout 4 tail -f /w/log; true"]
    res = run_sandboxed(spec, cmd, timeout_s=30, stdout=out, stderr=err)
    assert res.exit_code == 0, err.read_text()
    assert out.read_text() == "first\nsecond\n"
    assert "reverting to polling" in err.read_text()


def test_the_filter_gives_each_refused_call_its_own_answer_and_allows_the_rest() -> None:
    for table, ret in ((KEY_CALLS, RET_EPERM), (INOTIFY_CALLS, RET_EMFILE), (FANOTIFY_CALLS, RET_EPERM)):
        for arch, calls in table.items():
            for nr in calls:
                assert run_filter(arch, nr) == ret, (hex(arch), nr)
    refused = {nr for t in (KEY_CALLS, INOTIFY_CALLS, FANOTIFY_CALLS) for nr in t[0xC000003E]}
    for nr in range(0, 500):  # x86_64: every other number is allowed (254: inotify_add_watch needs an instance)
        if nr not in refused:
            assert run_filter(0xC000003E, nr) == RET_ALLOW, nr
    assert run_filter(0xC000003E, 0x40000000 | 294) == RET_EMFILE  # x32's inotify_init1
    assert run_filter(0x12345678, 294) == RET_ALLOW  # an architecture it does not know
