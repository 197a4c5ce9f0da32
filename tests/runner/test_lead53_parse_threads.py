"""Two runner threads parsing planted Python at once (lead, after a whole-suite run; issue 17's honest counting).

An honest trial of breaker45's test ended as an internal fault: `SystemError: AST constructor recursion depth mismatch
(before=60, after=53)` from `_madesite._templates_in` while another trial's verify parsed too. CPython 3.11 keeps the
depth of the tree being built in one counter for every thread and sets it from the calling thread's stack at the
start of each build, so a second build that runs to its end while the first is part way leaves the first's count
wrong. Here the second build is started, deterministically, from a garbage-collector callback that runs inside the
first build (building a tree allocates tracked objects), at a different stack depth: on main the first build raised
the SystemError; with every runner parse under `memeval._pyast`'s lock the second waits for the first.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

from memeval.runner._madesite import _templates_in

SOURCE = "".join(f"_FINDER_TEMPLATE = 'x{i}'\nv{i} = [({i}, {i}), {{'k': {i}}}]\n" for i in range(400))
"""A module whose tree holds thousands of tracked objects, so collections start while it is built."""


def _at_depth(depth: int, work: Callable[[], object]) -> object:
    return _at_depth(depth - 1, work) if depth else work()


def test_a_parse_in_another_thread_during_a_parse_leaves_both_right() -> None:
    errors: list[BaseException] = []
    second_done = threading.Event()

    def second() -> None:
        try:
            _at_depth(40, lambda: _templates_in(SOURCE))
        except BaseException as exc:  # noqa: BLE001 - the test reports whatever the second build raised
            errors.append(exc)
        finally:
            second_done.set()

    other = threading.Thread(target=second)
    building = threading.Event()

    def during_collection(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and building.is_set() and not other.is_alive() and not second_done.is_set():
            if threading.current_thread() is threading.main_thread():
                other.start()
                second_done.wait(2.0)  # unlocked, the second build ends here; locked, it waits for the first

    threshold = gc.get_threshold()
    gc.callbacks.append(during_collection)
    gc.set_threshold(200)
    try:
        building.set()
        first = _templates_in(SOURCE)
        building.clear()
    finally:
        gc.callbacks.remove(during_collection)
        gc.set_threshold(*threshold)
        if other.is_alive() or other.ident is not None:
            other.join(30)
    assert other.ident is not None, "no collection ran while the first tree was built: the test proved nothing"
    assert not errors, errors
    assert len(first) == 400 and first[0] == "x0"
