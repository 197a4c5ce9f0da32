"""The group-commit queue waits for company when told more items are on their way (ingest31).

`memeval audit serve` with a warm worker pool and more batches in hand than workers lets the thread
about to write wait (at most `linger_s`) for the batches still being sanitised, so that they share
one transaction (`Combiner.company`, set by `_http._Company`). Real threads; the queue alone, and
the server's rule of when to wait.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from memeval.audit._combine import Combiner
from memeval.audit._http import _Company

WAIT_S = 60.0


def _until(what: str, ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.005)


class _Log:
    def __init__(self) -> None:
        self.transactions: list[tuple[str, ...]] = []

    def group(self, items: Sequence[str]) -> list[str]:
        self.transactions.append(tuple(items))
        return [f"ok:{x}" for x in items]

    def one(self, item: str) -> str:
        self.transactions.append((item,))
        return f"ok:{item}"


def _writer(q: Combiner[str, str], item: str, out: dict[str, Any]) -> threading.Thread:
    def call() -> None:
        try:
            out[item] = q.write(item)
        except BaseException as exc:  # noqa: BLE001 - compared by the test
            out[item] = exc

    t = threading.Thread(target=call, daemon=True)
    t.start()
    return t


def test_the_writer_waits_for_the_items_on_their_way_and_writes_them_in_one_transaction():
    log = _Log()
    q: Combiner[str, str] = Combiner(log.group, log.one, lambda g, i: True, linger_s=WAIT_S)
    q.company = lambda queued: len(queued) < 3  # two more are coming
    out: dict[str, Any] = {}
    threads = [_writer(q, "a", out)]
    _until("the writer waiting for company", lambda: q.lingered == 1)
    assert log.transactions == []  # nothing written while it waits
    threads += [_writer(q, "b", out), _writer(q, "c", out)]
    for t in threads:
        t.join(WAIT_S)
    assert out == {"a": "ok:a", "b": "ok:b", "c": "ok:c"}
    assert log.transactions == [("a", "b", "c")]
    assert (q.groups, q.together) == (1, 3)


def test_without_company_a_writer_alone_writes_at_once():
    log = _Log()
    q: Combiner[str, str] = Combiner(log.group, log.one, lambda g, i: True, linger_s=WAIT_S)
    assert q.write("x") == "ok:x"
    q.company = lambda queued: False
    assert q.write("y") == "ok:y"
    assert log.transactions == [("x",), ("y",)] and q.lingered == 0


def test_the_writer_stops_waiting_when_an_item_arrives_that_does_not_fit():
    log = _Log()
    q: Combiner[str, str] = Combiner(log.group, log.one, lambda g, i: i != "other", linger_s=WAIT_S)
    q.company = lambda queued: queued[0] == "a"  # for "a", would wait to the end of linger_s
    out: dict[str, Any] = {}
    first = _writer(q, "a", out)
    _until("the writer waiting for company", lambda: q.lingered == 1)
    second = _writer(q, "other", out)
    first.join(WAIT_S)
    second.join(WAIT_S)
    assert out == {"a": "ok:a", "other": "ok:other"}
    assert log.transactions == [("a",), ("other",)]


def test_a_poke_makes_the_writer_ask_again():
    log = _Log()
    q: Combiner[str, str] = Combiner(log.group, log.one, lambda g, i: True, linger_s=WAIT_S)
    coming = [True]
    q.company = lambda queued: coming[0]
    out: dict[str, Any] = {}
    t = _writer(q, "a", out)
    _until("the writer waiting for company", lambda: q.lingered == 1)
    coming[0] = False  # the batch it waited for was refused before it reached the queue
    q.poke()
    t.join(WAIT_S)
    assert out == {"a": "ok:a"} and log.transactions == [("a",)]


def test_company_that_raises_fails_its_own_item_and_frees_the_queue():
    log = _Log()
    q: Combiner[str, str] = Combiner(log.group, log.one, lambda g, i: True, linger_s=WAIT_S)

    def broken(queued: Sequence[str]) -> bool:
        raise RuntimeError("company broke")

    q.company = broken
    out: dict[str, Any] = {}
    _writer(q, "a", out).join(WAIT_S)
    assert isinstance(out["a"], RuntimeError)
    q.company = None
    assert q.write("b") == "ok:b"  # not stuck behind the failed one
    assert log.transactions == [("b",)]


@dataclass
class _Item:
    sender: str
    origin: str = "ingest"
    drafts: tuple[int, ...] = tuple(range(100))


class _Poked:
    def __init__(self) -> None:
        self.pokes = 0

    def poke(self) -> None:
        self.pokes += 1


def test_the_server_waits_only_for_its_senders_batches_beyond_its_busy_workers():
    poked = _Poked()
    warm = [True]
    company = _Company(poked, 2, lambda: warm[0])
    with company.holding("s"), company.holding("s"), company.holding("s"), company.holding("s"):
        assert company([_Item("s")])  # three more of "s" in hand, two of them can keep the 2 workers busy
        assert not company([_Item("s"), _Item("s")])  # two left outside: waiting would leave a worker idle
        assert not company([_Item("t")])  # none of "t" is on its way
        assert not company([_Item("s", origin="review")])
        assert not company([_Item("s", drafts=tuple(range(800)))])  # a full transaction already
        warm[0] = False
        assert not company([_Item("s")])  # no warm pool: the batches are not in workers
    assert poked.pokes == 4  # each batch answered wakes a waiting writer
    with company.holding("s"), company.holding("t"), company.holding("t"), company.holding("t"):
        warm[0] = True
        assert not company([_Item("s")])  # others in hand, but none of this sender's
