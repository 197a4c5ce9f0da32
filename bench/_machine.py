"""The machine beside a bench's figures: its load, its cores, a process's CPU seconds, a spread of runs.

The benches run on a shared 2-core machine, so every figure is printed with the load it was taken
under (the developers' guide); these are the one spelling of those lines.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Sequence
from pathlib import Path


def load_line(when: str) -> str:
    """One line naming the load averages and the cores.

    E.g. "load average before: 2.45, 2.97, 3.35 (1, 5, 15 min) on 2 cores".

    Args:
        when: what the moment is ("before", "after", "at start"...), written after "load average".
    """
    one, five, fifteen = os.getloadavg()
    return f"load average {when}: {one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min) on {os.cpu_count()} cores"


def load_now() -> str:
    """The 1-minute load average as a short note beside a figure, e.g. "load 2.4"."""
    return f"load {os.getloadavg()[0]:.1f}"


def proc_cpu_s(pid: int) -> float:
    """User + system CPU seconds process `pid` has used so far (Linux /proc; FileNotFoundError once it is gone)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def spread(values: Sequence[float], width: int = 7, digits: int = 3) -> str:
    """Median, minimum and maximum of `values` as three right-aligned columns (`width` wide, `digits` decimals).

    Raises:
        statistics.StatisticsError: `values` is empty.
    """
    med = statistics.median(values)
    return f"{med:>{width}.{digits}f} {min(values):>{width}.{digits}f} {max(values):>{width}.{digits}f}"
