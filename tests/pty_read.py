"""Read everything written to a pseudo-terminal until every holder of its other end has closed it."""

from __future__ import annotations

import os


def read_until_closed(master: int) -> bytes:
    """All bytes the terminal whose master end is `master` shows, read until the slave side is closed; closes `master`.

    The caller closes its own copy of the slave end first (the child keeps its own): Linux then answers
    a read with EIO once the child has exited, which ends the read.
    """
    seen = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: every holder of the terminal's other end has closed it
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    return bytes(seen)
