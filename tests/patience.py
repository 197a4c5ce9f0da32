"""How long the suite waits on things that end by themselves: scaled by how busy the machine is.

A test that waits for a process to exit, a server to answer or a file to appear gives up after a
fixed number of seconds. On a quiet machine those figures are generous; on a shared 2-core machine
at load 20 every process gets a tenth of a core and the same waits run out although nothing is
wrong. Every such wait goes through `patient(seconds)`, which multiplies it by `factor()`:

- `MEMEVAL_TEST_PATIENCE` (a number >= 1) when set, e.g. `MEMEVAL_TEST_PATIENCE=10` on a machine
  known to be busy;
- otherwise the 1-minute load average per core (`os.getloadavg()[0] / os.cpu_count()`) at the time
  of the call, at least 1 (a quiet machine keeps the written figures) and at most `AUTO_MAX`.

A longer wait for something that ends costs nothing when it ends early, so scaling them weakens no
check. A budget that a test checks (a verifier timeout that must fire for one trial and not for the
others) is scaled only where the trial meant to run over it blocks forever, so it still runs over.
pytest-timeout's per-test limit (a guard against hangs) is scaled the same way in tests/conftest.py.
"""

from __future__ import annotations

import os

ENV = "MEMEVAL_TEST_PATIENCE"
"""Environment variable that fixes the factor (a number >= 1) instead of reading the load."""

AUTO_MAX = 10.0
"""Largest factor read from the load average (a hung test still ends within 10x its limit)."""


def factor() -> float:
    """The factor waits are multiplied by now (>= 1).

    Returns:
        `float(MEMEVAL_TEST_PATIENCE)` when set, else the 1-minute load average per core clamped to
        [1, AUTO_MAX].

    Raises:
        ValueError: `MEMEVAL_TEST_PATIENCE` is set but not a number >= 1 (the message names the value).
    """
    raw = os.environ.get(ENV, "").strip()
    if raw:
        try:
            value = float(raw)
        except ValueError:
            value = float("nan")
        if not value >= 1:  # also refuses nan
            raise ValueError(f"{ENV}={raw!r} is not a number >= 1 (unset it to scale by the load average)")
        return value
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average on this system: keep the written figures
        return 1.0
    return min(AUTO_MAX, max(1.0, load / (os.cpu_count() or 1)))


def patient(seconds: float) -> float:
    """`seconds` (a wait a quiet machine needs, with its headroom) scaled by `factor()`; in seconds."""
    return seconds * factor()
