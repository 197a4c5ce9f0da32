"""Read a child process's output line by line with a time limit, never losing a line to a buffer.

`select.select([proc.stderr], ...)` followed by `proc.stderr.readline()` on a text-mode pipe loses
lines: readline reads everything the pipe holds into Python's buffer and returns the first line,
so when two lines arrived together (a busy machine, where the reader runs late) the second waits in
the buffer while the next `select` waits on the descriptor for bytes that never come. The test
then reports "nothing printed" although it was. `Lines` reads the descriptor itself with
`os.read` and keeps what follows a line for the next call.
"""

from __future__ import annotations

import os
import select
import time
from typing import IO

LIGHT_COST_LINE = ": MEMEVAL_REVIEW_PASSWORD_COST=light: "
"""In the line `memeval serve` and `memeval audit serve` print at start under the suite's own light password cost
(`tests/conftest.py` sets it for every process): `Lines.next` skips that line, the suite's setting and not the
server's answer under test; `tests/review/test_light_cost_warning.py` reads it with `keep_light_warning=True`."""


def _light_warning(line: str) -> bool:
    """`line` is a server's light password cost warning (`LIGHT_COST_LINE`)."""
    return line.startswith("warning: ") and LIGHT_COST_LINE in line


class Lines:
    """Lines from a pipe (`proc.stderr` or `proc.stdout`, text or binary), each within a time limit.

    Args:
        pipe: the read end, opened by `subprocess.Popen(..., stderr=PIPE)`; only this object may
            read it afterwards (read the rest with `rest()`, not `communicate()`).
    """

    def __init__(self, pipe: IO[str] | IO[bytes], keep_light_warning: bool = False) -> None:
        self.fd = pipe.fileno()
        self.buf = b""
        self.ended = False
        self.keep_light_warning = keep_light_warning

    def next(self, within_s: float) -> str | None:
        """The next line without its newline, decoded as UTF-8; None if none came within `within_s` seconds.

        At the end of the pipe, what is left without a newline is returned once, then None. A server's light
        password cost warning (`LIGHT_COST_LINE`) is skipped unless `keep_light_warning`.
        """
        end = time.monotonic() + within_s
        line = self._next(end)
        while line is not None and not self.keep_light_warning and _light_warning(line):
            line = self._next(end)
        return line

    def _next(self, end: float) -> str | None:
        """`next`'s line, without skipping any, by the monotonic time `end`."""
        while b"\n" not in self.buf and not self.ended:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 65536)
            self.ended = not chunk
            self.buf += chunk
        if b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            return line.decode(errors="replace")
        line, self.buf = self.buf, b""
        return line.decode(errors="replace") if line else None

    def rest(self) -> str:
        """Everything not yet read, up to the end of the pipe (call once the writer has exited), decoded."""
        while not self.ended:
            chunk = os.read(self.fd, 65536)
            self.ended = not chunk
            self.buf += chunk
        out, self.buf = self.buf, b""
        return out.decode(errors="replace")
