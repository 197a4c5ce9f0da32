"""A server's two guard processes load beside its own engines, not after them (issue 17, serve50).

`warm_engines` started the hold guard, waited for it, then the redaction guard, once the server's
own engines had loaded: three loads one after the other. Now both guards start first, the server
loads its engines, then waits for both. In-process, with the guard process and the engines'
loading recorded instead of run (what is claimed is the order, not what the processes do; the
guards' own work is tested in test_hold_guard_bounds.py and test_redact_guard.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from memeval.audit import _heap, _holdguard, _parallel, _redactguard


class _Recorded:
    """Stands in for `_holdguard._Child`: says when it starts, is waited for, or is killed."""

    seen: list[str]

    def __init__(self, ready_s: float, serve: Any = None, label: str = "the hold guard", wait: bool = True) -> None:
        self.label = label
        self.seen.append(f"start {label}")
        if wait:
            self.wait_ready(ready_s)

    def wait_ready(self, ready_s: float) -> None:
        self.seen.append(f"ready {self.label}")

    def kill(self) -> None:
        self.seen.append(f"kill {self.label}")


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    got: list[str] = []
    monkeypatch.setattr(_Recorded, "seen", got, raising=False)
    monkeypatch.setattr(_holdguard, "_Child", _Recorded)
    monkeypatch.setattr(_redactguard, "_Child", _Recorded)
    monkeypatch.setattr(_holdguard, "_CHILD", [])
    monkeypatch.setattr(_redactguard, "_CHILD", [])
    monkeypatch.setattr(_heap, "settle", lambda: got.append("settle"))
    return got


def test_both_guards_start_before_the_server_loads(seen: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_parallel, "_work_group", lambda *a, **k: seen.append("server loads its engines"))
    _parallel.warm_engines()
    assert seen == [
        "start the hold guard",
        "start the redaction guard",
        "server loads its engines",
        "settle",
        "ready the hold guard",
        "ready the redaction guard",
    ]
    assert len(_holdguard._CHILD) == 1 and len(_redactguard._CHILD) == 1


def test_a_stop_while_loading_ends_both_started_guards(seen: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped(*_a: Any, **_k: Any) -> None:
        raise KeyboardInterrupt  # what SIGTERM while loading raises (a BaseException), as Ctrl-C

    monkeypatch.setattr(_parallel, "_work_group", stopped)
    with pytest.raises(KeyboardInterrupt):
        _parallel.warm_engines()
    started = ["start the hold guard", "start the redaction guard"]
    assert seen == [*started, "kill the hold guard", "kill the redaction guard"]
    assert _holdguard._CHILD == [] and _redactguard._CHILD == []
