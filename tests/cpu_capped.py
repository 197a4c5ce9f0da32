"""Call a function in a forked child process under a CPU limit (the redos tests' runner).

The redos tests (`tests/hold/test_hold_redos3.py`, `tests/redact/redos_child.py`'s users) run one
rule over a planted text in a child that the kernel kills at `RLIMIT_CPU` if the search is
super-linear. Each case used to start a fresh interpreter (`python -c`), paying the interpreter's
start and the rules' import (0.3-0.6 CPU s a case) before its search. Here the test's process
imports the rules once and forks: the child's CPU clock starts again at zero at the fork, the limit
is set in the child, so the child's CPU is its search alone, and a child killed at the limit is seen
by its signal. The child is still a separate process under a real kernel limit, reaped by the test's
process (so its CPU is counted with the test's children).

The child writes nothing but its pickled answer to a pipe and leaves with `os._exit` (no `atexit`,
no flushing of the parent's buffers, no lock another thread of the parent may have held at the fork).
"""

from __future__ import annotations

import os
import pickle
import resource
import signal
import traceback
from collections.abc import Callable
from typing import Any


class CpuLimitHit(AssertionError):
    """The child ended without answering: killed at its CPU limit (`SIGXCPU`, `SIGKILL`) or otherwise."""


def call_capped(fn: Callable[..., Any], args: tuple, limit_s: int) -> Any:
    """`fn(*args)` in a child forked from this process, killed past `limit_s` CPU seconds; its result.

    The result must pickle. Import what `fn` needs before calling (so the child does not).

    Raises:
        CpuLimitHit: the child ended without an answer (the signal or exit status is named).
        AssertionError: `fn` raised in the child (its traceback is the message).
    """
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.close(read_fd)
            resource.setrlimit(resource.RLIMIT_CPU, (limit_s, limit_s))
            try:
                answer = ("ok", fn(*args))
            except Exception:  # noqa: BLE001 - handed to the parent, which raises it
                answer = ("raised", traceback.format_exc())
            data = pickle.dumps(answer)
            while data:
                data = data[os.write(write_fd, data) :]
        except BaseException:  # noqa: BLE001 - the child must reach os._exit whatever happens
            code = 70
        finally:
            os._exit(code)
    os.close(write_fd)
    chunks = []
    with os.fdopen(read_fd, "rb") as pipe:
        while chunk := pipe.read(1 << 16):
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) or os.waitstatus_to_exitcode(status) != 0 or not chunks:
        how = (
            f"signal {signal.Signals(os.WTERMSIG(status)).name}"
            if os.WIFSIGNALED(status)
            else f"exit status {os.waitstatus_to_exitcode(status)}"
        )
        raise CpuLimitHit(f"{fn.__name__}{args!r:.200}: the child ended by {how} (CPU limit {limit_s} s)")
    kind, value = pickle.loads(b"".join(chunks))
    if kind != "ok":
        raise AssertionError(f"{fn.__name__} raised in the child:\n{value}")
    return value
