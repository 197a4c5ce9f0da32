"""The policy for every way a trial can end: is it retried, and why.

One table (and `fault_rule`'s two exceptions), read by the runner's retry decision
(`memeval.runner._history`) and shown in README ("Faults are not zeros"). Whether a trial is
verified and counted follows from how it ended, not from this table: a fault is a statement about
the experiment and is never verified or scored; an agent that runs out of its own time or exits
non-zero has produced an outcome, which is verified and counts.
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
    "process": Rule(
        True,
        "a harness process died, or another trial's sandbox filled the runs folder's disk while it ran; "
        "the turn's evidence is incomplete",
    ),
    "protocol": Rule(
        False,
        "harness and task disagreed (no or a malformed reward file, a pass beside a failing test.sh, test.sh killed "
        "by a signal, an agent's turn that filled the runs folder's disk); not retried, "
        "since code the agent left runs inside the verifier and could cause it, and a turn's writes are the agent's",
    ),
    "provider": Rule(
        True,
        "the model provider answered every model call of the turn with a 5xx (or 529 overloaded) and none succeeded: "
        "the provider was down, not the agent; a 429 is not one (an agent can provoke rate limits by flooding)",
    ),
    "internal": Rule(
        True,
        "memeval's own code raised an exception it did not expect before the agent's turn began (building the "
        "world, say): a bug in memeval, which nothing of the agent's can have caused",
    ),
}

STARTED_BOOT = Rule(
    False,
    "the agent started but never reached the model it declares (no call through the metering proxy): "
    "not retried, since whether it calls is the agent's choice, and a retry would let it re-roll a trial at will",
)
"""The rule for a `boot` fault raised after the agent's turn ran (its `agent.exited` is not `not_started`).

That `boot` fault alone is the agent's to cause: every other one is raised before the agent ran, on
what the sandbox reported on a pipe the agent never holds. It stays a fault (never scored, counted
against the verdict like any other, and a run of nothing else "measured nothing": a misconfigured
agent is told apart from one that fails), but it gets no second attempt."""


INTERNAL_AFTER_TURN = Rule(
    False,
    "memeval's own code raised an exception it did not expect once the agent's turn had begun (reading its "
    "output, claim or workspace, running the verifier): not retried, since what the agent left may be what "
    "made memeval fail, and a retry would let it re-roll a trial at will",
)
"""The rule for an `internal` fault whose phase is not `build` (`memeval.runner._internal`)."""


def fault_rule(code: FaultCode, agent_started: bool, phase: str = "build") -> Rule:
    """The rule for an attempt that ended with fault `code`.

    Args:
        code: the attempt's fault.
        agent_started: its agent's turn ran (its `agent.exited` is not `not_started`).
        phase: the fault's phase (`build`, `agent`, `verify`, `run`).

    Returns:
        `FAULT_POLICY[code]`, but `STARTED_BOOT` for a `boot` fault after the agent's turn ran, and
        `INTERNAL_AFTER_TURN` for an `internal` fault raised once the turn had begun (phase not `build`).
    """
    if code == "boot" and agent_started:
        return STARTED_BOOT
    if code == "internal" and phase != "build":
        return INTERNAL_AFTER_TURN
    return FAULT_POLICY[code]


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
