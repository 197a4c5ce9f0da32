"""Scratch folders of the benchmarks, removed when the script ends: normally, on an error, on Ctrl-C or on SIGTERM.

`tempfile.mkdtemp` folders were left in /tmp by every run (databases of 10,000 to 1,000,000 events
among them). A SIGTERM (a `timeout` or a killed job) otherwise ends Python without running
`atexit`, so the first `scratch_dir` makes it raise SystemExit(143) in the main thread instead,
unless the script set its own handler. kill -9 still leaves the folder: nothing can run then.
"""

from __future__ import annotations

import atexit
import shutil
import signal
import tempfile
import threading
from pathlib import Path
from types import FrameType

_MADE: list[Path] = []


def _remove_all() -> None:
    for path in _MADE:
        shutil.rmtree(path, ignore_errors=True)  # a folder a child removed itself is fine
    _MADE.clear()


def _exit_on_term(_sig: int, _frame: FrameType | None) -> None:
    raise SystemExit(143)  # 128 + SIGTERM, as the shell reports it; atexit then runs


def scratch_dir(prefix: str = "memeval-bench-") -> Path:
    """A new folder under the system's temp folder, removed (with its contents) when this process ends.

    Args:
        prefix: the start of the folder's name.

    Returns:
        The folder's path.
    """
    path = Path(tempfile.mkdtemp(prefix=prefix))
    if not _MADE:
        atexit.register(_remove_all)
        in_main = threading.current_thread() is threading.main_thread()
        if in_main and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _exit_on_term)
    _MADE.append(path)
    return path
