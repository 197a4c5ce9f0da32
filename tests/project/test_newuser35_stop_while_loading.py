"""A ^C while a server loads is never lost, and a process ends without walking its heap (newuser35).

`memeval audit serve` ^C'd while it loaded its redactor and hold detector: about one time in eight (2 of 11 in a
loop of real ^Cs at 2-9 s, load 12) the `KeyboardInterrupt` landed in a finaliser, where Python drops it, and
`memeval.sigint` keeps quiet about such a drop, so nothing was said: the server loaded and served (24 s later
"... (Ctrl-C to stop)"). A dropped stop is now sent again (`memeval.cli._serving._stop_never_dropped`, as it already
did for SIGTERM), and a ^C something took is checked before serving. The other ^C's took 1.4-1.9 s to end the
process after "interrupted": Python's last collection at exit walked the whole heap (py-spy: `gc_collect_main`); the
heap is now frozen once the exit handlers have run (`memeval.cli.app.main`), 0.17 s.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import patient

from memeval.cli._serving import _stop_never_dropped

ROOT = Path(__file__).resolve().parents[2]


class _Finaliser:
    """An object whose finaliser takes a ^C, as SQLAlchemy's or a pool's `__del__` did while the engines loaded."""

    def __del__(self) -> None:
        raise KeyboardInterrupt  # Python drops it: "Exception ignored in ..."


def test_a_ctrl_c_dropped_in_a_finaliser_while_loading_is_sent_again() -> None:
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), _stop_never_dropped():
            _Finaliser()  # dropped at once (reference counting), inside the loading
            deadline = time.monotonic() + patient(3)
            while time.monotonic() < deadline:  # the loading goes on; main: to its end, the ^C lost
                time.sleep(0.01)
    finally:
        signal.signal(signal.SIGINT, previous)


SCRIPT = """
import atexit, gc, sys
atexit.register(lambda: sys.stderr.write(f"tracked at exit: {len(gc.get_objects())}\\n"))  # runs last but one
sys.argv = ["memeval", "--version"]
from memeval.cli.app import console
console()
"""


def test_the_exit_leaves_the_collector_nothing_to_walk() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(ROOT)
    r = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=patient(60)
    )
    assert r.returncode == 0 and r.stdout.startswith("memeval "), (r.returncode, r.stdout, r.stderr)
    assert "tracked at exit: 0\n" in r.stderr, r.stderr  # main: 17,068 for --version, hundreds of thousands loaded
