"""The group-commit queue on its own (`memeval.audit._combine.Combiner`), with real threads.

The first caller writes while the next ones wait; the next turn takes the waiting ones that fit
together, in the order they came; a group that fails is written again one at a time, each caller
getting its own result or error; an exit in the writing thread wakes the waiting ones with it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from memeval.audit._combine import Combiner

WAIT_S = 60.0


def _until(what: str, ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.005)


class _Writes:
    """Write functions that record each transaction, refuse items named `bad`, and hold the first until let go."""

    def __init__(self) -> None:
        self.transactions: list[tuple[str, ...]] = []
        self.go = threading.Event()
        self.first = True

    def group(self, items: Sequence[str]) -> list[str]:
        self._wait()
        if "bad" in items:
            raise ValueError("a refused item in the group")
        self.transactions.append(tuple(items))
        return [f"ok:{x}" for x in items]

    def one(self, item: str) -> str:
        self._wait()
        if item == "bad":
            raise ValueError("bad refused")
        if item == "exit":
            raise KeyboardInterrupt
        self.transactions.append((item,))
        return f"ok:{item}"

    def _wait(self) -> None:
        if self.first:
            self.first = False
            assert self.go.wait(WAIT_S)


def _run_all(q: Combiner[str, str], w: _Writes, items: list[str]) -> list[Any]:
    """Write `items[0]` (it takes the first turn and is held), queue the others in order, then let go."""
    out: list[Any] = [None] * len(items)

    def call(k: int) -> None:
        try:
            out[k] = q.write(items[k])
        except BaseException as exc:  # noqa: BLE001 - compared by the test
            out[k] = exc

    threads = [threading.Thread(target=call, args=(k,), daemon=True) for k in range(len(items))]
    threads[0].start()
    _until("the first turn", lambda: q._busy and not q._queue)
    for k, t in enumerate(threads[1:], start=1):
        t.start()
        _until(f"item {k} waiting", lambda k=k: len(q._queue) == k)
    w.go.set()
    for t in threads:
        t.join(WAIT_S)
    return out


def _fits_two(group: Sequence[str], item: str) -> bool:
    return len(group) < 2


def test_waiting_items_go_together_in_order_up_to_what_fits():
    w = _Writes()
    q: Combiner[str, str] = Combiner(w.group, w.one, _fits_two)
    assert _run_all(q, w, ["a", "b", "c", "d", "e"]) == ["ok:a", "ok:b", "ok:c", "ok:d", "ok:e"]
    assert w.transactions == [("a",), ("b", "c"), ("d", "e")]
    assert (q.groups, q.regrouped) == (2, 0)


def test_a_failed_group_is_written_again_one_at_a_time_each_with_its_own_outcome():
    w = _Writes()
    q: Combiner[str, str] = Combiner(w.group, w.one, lambda g, i: True)
    out = _run_all(q, w, ["a", "b", "bad", "c"])
    assert out[:2] == ["ok:a", "ok:b"] and out[3] == "ok:c"
    assert isinstance(out[2], ValueError) and str(out[2]) == "bad refused"  # its own error, in its own thread
    assert w.transactions == [("a",), ("b",), ("c",)]
    assert (q.groups, q.regrouped) == (0, 1)


def test_an_exit_in_the_writing_thread_wakes_the_waiting_ones():
    w = _Writes()
    q: Combiner[str, str] = Combiner(lambda items: [w.one(x) for x in items], w.one, lambda g, i: True)
    out = _run_all(q, w, ["a", "exit", "c"])
    assert out[0] == "ok:a"
    # the turn of "exit" and "c" ended in the exit: "c" is woken with it rather than left waiting
    assert isinstance(out[1], KeyboardInterrupt) and isinstance(out[2], KeyboardInterrupt)
    assert q._busy is False and q._queue == []  # the queue is free for the next caller
    assert q.write("d") == "ok:d"


def test_a_caller_alone_writes_at_once():
    w = _Writes()
    w.first = False
    q: Combiner[str, str] = Combiner(w.group, w.one, lambda g, i: True)
    assert q.write("x") == "ok:x"
    with pytest.raises(ValueError, match="bad refused"):
        q.write("bad")
    assert w.transactions == [("x",)]
