"""The `lingering-process` finding: processes the code test.sh ran left behind it.

The verifier's exit wrapper (`memeval.sandbox._exitwrap`) reports, when test.sh exits, the processes still
running (stopped and killed before the reward is read) and the orphans it reaped while test.sh ran. Either sort
could have rewritten the reward after test.sh's last write, so both are on the trial's record.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from memeval.eventlog import TamperFinding
from memeval.sandbox import ExitReport

_NAME_UNSAFE = re.compile(r"[^A-Za-z0-9._+-]")


def lingering_finding(report: ExitReport, scrub: Callable[[str], str] = lambda t: t) -> TamperFinding | None:
    """The `lingering-process` finding for processes the tested code left behind, or None.

    Two sorts, in one finding: processes still running when test.sh exited (stopped and killed before the reward
    was read), and orphans that ended while test.sh ran (`ExitReport.ended_early`): a daemon the program under
    test forked can rewrite the reward just after test.sh's last write and exit before test.sh does, which
    left nothing running and no finding, and the planted reward passed. Each name is a process's command name
    (`/proc/PID/comm`, chosen by the code that ran, so hostile): characters other than letters, digits and
    `._+-` become `?`, then `scrub` (memeval's credential scrubber) runs over the whole line. Names are
    counted, e.g. `python3 (x2), sleep`.
    """

    def named(names: tuple[str, ...], more: int) -> str:
        counts = Counter(_NAME_UNSAFE.sub("?", n)[:15] or "?" for n in names)
        text = ", ".join(f"{n} (x{c})" if c > 1 else n for n, c in sorted(counts.items()))
        return text + (f" and {more} more" if more else "")

    kinds = (
        (
            report.lingering,
            report.more,
            "still running when test.sh exited, stopped and killed before the reward was read (any could have "
            "rewritten it just after test.sh's last write)",
        ),
        (
            report.ended_early,
            report.ended_early_more,
            "that outlived the process that started them and ended while test.sh ran (any could have rewritten "
            "the reward after test.sh's last write)",
        ),
    )
    parts = [
        f"{n} process{'es' if n > 1 else ''} {what}: {named(names, more)}"
        for names, more, what in kinds
        if (n := len(names) + more)
    ]
    if not parts:
        return None
    detail = scrub("; ".join(parts))
    return TamperFinding(path="/tests/test.sh", kind="lingering-process", change="running", detail=detail)
