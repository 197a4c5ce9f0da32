"""Whether an attempt's every model call is on its run's log (`turn_settled`), for its spend's lower-bound mark."""

from __future__ import annotations

from typing import Protocol


class _Exited(Protocol):
    """`AgentExited` or its view: the field read here."""

    @property
    def calls_in_flight(self) -> int | None: ...


def turn_settled(exited: _Exited | None, ended: bool, calls_after_exit: int) -> bool:
    """Whether every model call of an attempt's turn is on the log, so its spend is exact, not "at least".

    The proxy logs a call when its response is over, naming its attempt; a call still in flight when the
    turn was recorded (`agent.exited`'s `calls_in_flight`: the upstream silent past the runner's wait) is
    logged when it ends, or as unmeasured when the run's proxy stops.

    Args:
        exited: the attempt's `agent.exited` (None: none on the log).
        ended: whether the attempt's `trial.ended` is on the log.
        calls_after_exit: the attempt's calls logged after its `agent.exited`.

    Returns:
        True when `agent.exited` says no call was in flight, or when as many calls as it says were in
        flight were logged after it: an attempt killed after that (in its verifier, say) lost no call.
        False when it was killed before its `agent.exited`, and for an ended attempt whose calls in flight
        never came: memeval was killed (kill -9, a crash) or stopped twice (a second Ctrl-C while its proxy
        waited on them) before they ended, and the provider billed them (breaker37; such an attempt read as
        complete before). An attempt with no `agent.exited`, or from a log written before `calls_in_flight`
        existed, reads as before: settled when it ended. (An assessor's calls after the turn,
        `RunMeter.register_assessor`, which no runner path makes yet, would need the same mark.)
    """
    if exited is None or exited.calls_in_flight is None:
        return ended
    return calls_after_exit >= exited.calls_in_flight
