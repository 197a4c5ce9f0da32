"""The policy for every way a trial can end: is it retried, and why.

One table, read by the runner's retry decision (`memeval.runner._history`) and shown in README
("Faults are not zeros"). Whether a trial is verified and counted follows from how it ended, not
from this table: a fault is a statement about the experiment and is never verified or scored; an
agent that runs out of its own time or exits non-zero has produced an outcome, which is verified
and counts.
"""

from __future__ import annotations

from typing import NamedTuple

from memeval.types import Execution, FaultCode


class Rule(NamedTuple):
    """What happens to a trial that ends this way."""

    retried: bool
    """Re-run (as a new attempt, the old one kept) when `--retries N` allows."""
    why: str


FAULT_POLICY: dict[FaultCode, Rule] = {
    "boot": Rule(True, "the agent or its world never started: nothing to verify"),
    "timeout": Rule(
        False,
        "a harness phase (world build, verifier) ran over its budget; not retried, since code the agent "
        "left can make the tests hang, and retrying would hand it a second try",
    ),
    "budget": Rule(False, "the spend limit stopped the model calls: retrying would spend again"),
    "cancelled": Rule(False, "the run was stopped on purpose; --resume picks it up"),
    "process": Rule(True, "a harness process died; the turn's evidence is incomplete"),
    "protocol": Rule(
        False,
        "harness and task disagreed (no or a malformed reward file, test.sh killed by a signal); not retried, "
        "since code the agent left runs inside the verifier and could cause it",
    ),
}

OUTCOME_POLICY: dict[Execution, Rule] = {
    "completed": Rule(False, "the agent finished its turn"),
    "timed_out": Rule(False, "the agent ran out of its own time: an outcome, still verified"),
    "errored": Rule(False, "the agent exited non-zero: an outcome, still verified"),
    "not_started": Rule(False, "only with a fault: the fault's rule applies"),
}


FAULTS_IN_THE_VERDICT = (
    "a fault is never scored, and cannot overturn a verdict: a better or worse found on the scored "
    "trials is computed again with every faulted trial counted against it (a fail in the arm that "
    "looks better, a pass in the other); if that changes the word, the verdict is unresolved "
    "(memeval.stats.faults_against)"
)
"""How faults enter the verdict (README, "Faults are not zeros")."""
