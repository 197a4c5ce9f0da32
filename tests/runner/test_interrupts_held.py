"""`memeval.sigint.interrupts_held`: a ^C or SIGTERM during a step that must not be cut waits for its end.

The Ray executor holds them while `ray.init()` and `ray.shutdown()` run (a ^C inside `ray.init()` crashed
memeval as it exited: tests/runner/test_tmpclean_ray.py). Here, in this process's main thread, with real
signals sent to it.
"""

from __future__ import annotations

import os
import signal
import threading

import pytest

from memeval.sigint import interrupts_held


def test_a_sigint_during_the_block_is_raised_once_it_ends_and_not_before() -> None:
    reached_end = False
    with pytest.raises(KeyboardInterrupt), interrupts_held():
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # bytecodes enough for a handler to have run
            pass
        reached_end = True
    assert reached_end
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_sigterm_during_the_block_goes_to_the_handler_found_before_it() -> None:
    got: list[int] = []
    before = signal.signal(signal.SIGTERM, lambda signum, frame: got.append(signum))
    try:
        with interrupts_held():
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(1000):
                pass
            assert got == []
        assert got == [signal.SIGTERM]
    finally:
        signal.signal(signal.SIGTERM, before)


def test_the_handlers_are_put_back_when_the_block_raises_and_nothing_came() -> None:
    with pytest.raises(ValueError), interrupts_held():
        raise ValueError("the step failed")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_outside_the_main_thread_the_block_changes_nothing() -> None:
    seen: list[object] = []

    def body() -> None:
        with interrupts_held():
            seen.append(signal.getsignal(signal.SIGINT))

    t = threading.Thread(target=body)
    t.start()
    t.join()
    assert seen == [signal.getsignal(signal.SIGINT)]
