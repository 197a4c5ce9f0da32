"""A sender learns nothing of another team's texts from the hold memo (real `memeval audit serve`, two teams' tokens).

The memo of hold assessments answers a text seen before without assessing it, so it costs nothing
against the per-batch CPU bound (`MEMEVAL_HOLD_REQUEST_BUDGET_S`), and the answer counts the holds
that bound made (`held_on_budget`). With one memo for every team, a sender of team B that sent
slow texts first and then a guess saw the guess stored with its real verdict when team A had sent
that very text (a memo hit), and held on the budget when not: the count told B what A stored.
Real parts: the server (uvicorn on 127.0.0.1, its hold guard), SQLite, httpx; no worker pool.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ingest_events import memory_event, post_events
from served import Served, served
from test_hold_budget import PLANTED

from memeval.audit import SqlAuditStore, add_token

SECRET_MEMO = "Nimbus acquisition closes on 2027-01-15; tell nobody outside finance before the board meets."
GUESS_WRONG = "Nimbus acquisition closes on 2027-02-01; tell nobody outside finance before the board meets."


def _post(url: str, token: str, events: list[dict[str, object]]) -> dict[str, object]:
    r = post_events(url, token, events)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _as(team: str, i: int, text: str) -> dict[str, object]:
    return memory_event(i, text, team)


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[tuple[Served, str]]:
    """The server (0.3 CPU s a text, 1 CPU s a batch) and a second team's token."""
    with served(tmp_path, {"MEMEVAL_HOLD_BUDGET_S": "0.3", "MEMEVAL_HOLD_REQUEST_BUDGET_S": "1"}) as running:
        store = SqlAuditStore(running.db, fingerprint_key=b"k" * 32)
        try:
            other = add_token(store, "rivalco", "probe")
        finally:
            store.engine.dispose()
            store._write_engine.dispose()
        yield running, other


@pytest.mark.slow  # 26 s, most of it its server's start in the suite (91c579d9, three workers): handed out first
def test_a_guess_after_the_bound_is_answered_alike_whether_another_team_sent_it(srv: tuple[Served, str]) -> None:
    """Team B's right guess and wrong guess, read after B's own slow texts used the bound: both held alike.

    On 3cd87a7 the right guess (team A's text, in the memo) was stored unheld and the wrong one held:
    `held_on_budget` 5 against 6, and the right guess stored as a memory in B's log.
    """
    running, other = srv
    first = _post(
        running.url, running.token, [memory_event(1, SECRET_MEMO)]
    )  # team A's memory, assessed and remembered
    assert first["held"] == 0, first
    slow = [_as("rivalco", i, f"{PLANTED}\n\nnote {i}") for i in range(10, 15)]  # each over the 0.3 s a text: 1.5 s
    right = _post(running.url, other, [*slow, _as("rivalco", 15, SECRET_MEMO)])
    slow = [_as("rivalco", i, f"{PLANTED}\n\nnote {i}") for i in range(20, 25)]
    wrong = _post(running.url, other, [*slow, _as("rivalco", 25, GUESS_WRONG)])
    assert wrong["held_on_budget"] == 6, wrong  # the control: the guess after the bound is held
    assert right["held_on_budget"] == wrong["held_on_budget"], (right, wrong)
