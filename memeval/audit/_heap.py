"""Keeping the warm engines out of the garbage collector's way.

The redactor (presidio, spaCy, the scanners' rule tables) and the hold detector are a few hundred
thousand long-lived Python objects. Every full collection walks all of them, and ingest allocates
enough (events, rows, spans) to trigger collections all the time: measured with
`bench/audit_ingest_cpu.py` (one process, 2,000 events), the collector took 0.08-0.09 ms CPU an
event, about an eighth of ingest. `settle()` runs one collection and then freezes what is left
(`gc.freeze`: the collector no longer visits those objects), once per process, after the engines
are built; the collector then costs about 0.01 ms an event. Objects alive at that point are never
freed by the cycle collector (reference counting still frees them): the engines live as long as
the process anyway.
"""

from __future__ import annotations

import gc
import threading

_LOCK = threading.Lock()
_SETTLED = False


def settle() -> bool:
    """Collect once and freeze the surviving objects (`gc.freeze`); a no-op after the first call.

    Returns:
        True when this call did it, False when the process had settled already.
    """
    global _SETTLED
    with _LOCK:
        if _SETTLED:
            return False
        gc.collect()
        gc.freeze()
        _SETTLED = True
        return True
