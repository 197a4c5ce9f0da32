"""The gate that keeps a task's agent turns and verifiers apart (`memeval.runner._phases`), with real threads."""

from __future__ import annotations

import threading
import time

import pytest

from memeval.runner._phases import PhaseGate


def _until(cond, what: str, limit: float = 10.0) -> None:
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, what
        time.sleep(0.01)


def test_agents_share_a_task_and_a_verifier_waits_for_them_all() -> None:
    gate, stop = PhaseGate(), threading.Event()
    release = threading.Event()
    order: list[str] = []

    def agent(name: str) -> None:
        with gate.agent("t", stop):
            order.append(f"{name} in")
            release.wait(10)
            order.append(f"{name} out")

    def verifier() -> None:
        with gate.verifier("t", stop):
            order.append("verifier")

    agents = [threading.Thread(target=agent, args=(n,)) for n in ("a1", "a2")]
    for t in agents:
        t.start()
    _until(lambda: gate.busy("t") == (2, 0), "two agents of one task run together")
    v = threading.Thread(target=verifier)
    v.start()
    late = threading.Thread(target=agent, args=("a3",))
    time.sleep(0.3)
    late.start()  # arrives while the verifier waits: it must not get in ahead of it
    time.sleep(0.3)
    assert sorted(order) == ["a1 in", "a2 in"] and gate.busy("t") == (2, 0)  # the two agents, in either order
    release.set()
    for t in (*agents, v, late):
        t.join(10)
    assert order.index("verifier") > max(order.index("a1 out"), order.index("a2 out"))
    assert order.index("a3 in") > order.index("verifier")
    assert gate.busy("t") == (0, 0)


def test_other_tasks_are_not_held_back() -> None:
    gate, stop = PhaseGate(), threading.Event()
    with gate.agent("t", stop), gate.verifier("u", stop), gate.agent("v", stop):
        assert (gate.busy("t"), gate.busy("u")) == ((1, 0), (0, 1))


def test_a_waiting_verifier_stops_when_the_run_stops() -> None:
    gate, stop = PhaseGate(), threading.Event()
    raised: list[BaseException] = []

    def verifier() -> None:
        try:
            with gate.verifier("t", stop):
                pass
        except KeyboardInterrupt as exc:
            raised.append(exc)

    with gate.agent("t", stop):
        v = threading.Thread(target=verifier)
        v.start()
        time.sleep(0.3)
        stop.set()
        v.join(5)
        assert not v.is_alive() and len(raised) == 1
    with pytest.raises(KeyboardInterrupt), gate.agent("t", threading.Event()), gate.verifier("t", stop):
        pass
    assert gate.busy("t") == (0, 0)
