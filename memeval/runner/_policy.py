"""The policy for every way a trial can end: is it retried, is it verified, does it count.

One table, used by the runner and printed in the docs (`memeval policy`). A fault is a statement
about the experiment and never scores; an agent that runs out of its own time or exits non-zero
has produced an outcome, which is verified and counts.
"""

from __future__ import annotations

from typing import NamedTuple

from memeval.types import Execution, FaultCode


class Rule(NamedTuple):
    """What happens to a trial that ends this way."""

    retried: bool
    """Re-run (as a new attempt, the old one kept) when `--retries N` allows."""
    verified: bool
    """The held-back tests still run on what the agent left."""
    counted: bool
    """The trial is scored (in the pass rate and the verdict)."""
    why: str


FAULT_POLICY: dict[FaultCode, Rule] = {
    "boot": Rule(True, False, False, "the agent or its world never started: nothing to verify"),
    "timeout": Rule(
        False,
        False,
        False,
        "a harness phase (world build, verifier) ran over its budget; not retried, since code the agent "
        "left can make the tests hang, and retrying would hand it a second try",
    ),
    "budget": Rule(False, False, False, "the spend limit stopped the model calls: retrying would spend again"),
    "cancelled": Rule(False, False, False, "the run was stopped on purpose; --resume picks it up"),
    "process": Rule(True, False, False, "a harness process died; the turn's evidence is incomplete"),
    "protocol": Rule(
        False,
        False,
        False,
        "harness and task disagreed (no or a malformed reward file, test.sh killed by a signal); not retried, "
        "since code the agent left runs inside the verifier and could cause it",
    ),
}

OUTCOME_POLICY: dict[Execution, Rule] = {
    "completed": Rule(False, True, True, "the agent finished its turn"),
    "timed_out": Rule(False, True, True, "the agent ran out of its own time: an outcome, still verified"),
    "errored": Rule(False, True, True, "the agent exited non-zero: an outcome, still verified"),
    "not_started": Rule(False, False, False, "only with a fault: the fault's rule applies"),
}


FAULTS_IN_THE_VERDICT = (
    "a fault is never scored, and cannot overturn a verdict: a better or worse found on the scored "
    "trials is computed again with every faulted trial counted against it (a fail in the arm that "
    "looks better, a pass in the other); if that changes the word, the verdict is unresolved "
    "(memeval.stats.faults_against)"
)
"""How faults enter the verdict (README, "Faults are not zeros")."""


def policy_rows() -> list[tuple[str, str, bool, bool, bool, str]]:
    """The policy as rows: (kind, ending, retried, verified, counted, why)."""
    rows = [("outcome", k, *r) for k, r in OUTCOME_POLICY.items()]
    rows += [("fault", k, *r) for k, r in FAULT_POLICY.items()]
    return rows
