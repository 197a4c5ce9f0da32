"""A server's warm-up before it listens (`warm_engines`): what its threads scan in it, and the guards that do the rest.

Kept apart from `_parallel` (the worker pool) for its length.
"""

from __future__ import annotations

import time


def warm_engines() -> float:
    """Make a server ready to sanitise before it listens: its engines as far as its threads use them, and the guards.

    What a server calls before it listens (`memeval audit serve`, `memeval serve` with ingest), so
    that its first batch does not pay for loading them: they load on first use, and the first batch
    on a freshly started server took 15-55 s of wall time on a busy 2-core machine. Its request
    threads redact every text in the redaction guard (`_redactguard.warm_redaction_guard`) and assess
    every hold text in the hold guard (`_holdguard.warm_guard`), each a child process that loads and
    warms its engine itself; in the server they only scan ids with the credential rules
    (`_idscan.strict_id_findings`) and hold the two engine objects. So the server builds the redactor
    and the hold detector, scans two ids, settles the heap (`_heap.settle`, as a worker does) and
    starts both guards. Before start51 it also redacted and assessed `_WARM_TEXTS` itself, building
    presidio's analyzer and spaCy and warming the hold detector's batched path (about 1.3 s of CPU)
    for texts its threads never scan in it; a text that ever is scanned in the server (none is today)
    builds them on first use, with the same findings.

    Returns:
        Seconds of wall time it took.
    """
    t0 = time.monotonic()
    from memeval._collector import collector_paused
    from memeval.audit._idscan import strict_id_findings
    from memeval.hold import get_hold_detector
    from memeval.redact import get_redactor

    with collector_paused():  # their tables live as long as the process (`_engines`)
        red = get_redactor()
        get_hold_detector()
    strict_id_findings(red, ["Warm-Up-1a", "ses_WarmUp2"])  # the one scan the server's threads run in it
    from memeval.audit._heap import settle
    from memeval.audit._holdguard import warm_guard
    from memeval.audit._redactguard import warm_redaction_guard

    settle()
    warm_guard()  # the server's threads assess hold texts there, within the CPU budget (`_holdguard`)
    warm_redaction_guard()  # and redact there (`_redactguard`)
    return time.monotonic() - t0
