"""A file ingest's workers keep working while the rest of the file is parsed (`_tasks.READ_AHEAD_EVENTS`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from memeval.audit import _parallel as par
from memeval.audit import _tasks
from memeval.audit._ingest import parse_lines

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import build, resolve_hold_ids, split_week  # noqa: E402


def test_more_than_two_tasks_a_worker_go_out_while_the_input_is_read_and_at_most_two_after():
    sizes: list[int] = []
    for k in range(12):  # tasks handed out while reading: room until the events in flight reach the bound
        if not _tasks.room_for_task(sizes, 100, 2, reading=True):
            break
        sizes.append(_tasks.group_size(k, 2, 100))
    assert sizes == [1, 1, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4]  # 38 batches in flight, 3,800 events: under the bound
    assert _tasks.room_for_task([4] * 49, 100, 2, reading=True)  # 19,600 events: under the bound
    assert not _tasks.room_for_task([4] * 50, 100, 2, reading=True)  # 20,000: the bound
    assert not _tasks.room_for_task([1, 1, 2, 2], 100, 2, reading=False)  # the writer takes results: two a worker
    assert _tasks.room_for_task([1, 1, 2], 100, 2, reading=False)


def test_the_workers_take_batches_while_the_rest_is_parsed_and_give_the_same_results(monkeypatch):
    """Before, two tasks a worker went out and the workers then waited until the writer's process had parsed
    the whole input; each batch's results are the same either way, in the same order."""
    events = split_week(resolve_hold_ids(build(), "ahead"))[0][:200]
    drafts = [ev for _, ev in parse_lines([json.dumps(e) for e in events])]
    batches = [drafts[k : k + 5] for k in range(0, len(drafts), 5)]  # 40 batches of 5 events
    pool = par.warm_pool(2)
    submitted: list[int] = []
    real_submit = pool.submit

    def counting_submit(*args, **kwargs):  # type: ignore[no-untyped-def]  # a spy on the stdlib pool, calls it
        submitted.append(len(args[1]))  # the task's batches (`_work_group`'s jobs)
        return real_submit(*args, **kwargs)

    monkeypatch.setattr(pool, "submit", counting_submit)
    at_end: list[int] = []

    def source():  # type: ignore[no-untyped-def]
        yield from batches
        at_end.append(sum(submitted))  # batches with the workers once the whole input was read

    ahead = list(par.presanitize(source(), 2))
    assert at_end == [30]  # tasks of 1, 1, 2, 2, 4, 4, 8, 8 batches (the next, 16, waits for the end)
    monkeypatch.setattr(_tasks, "READ_AHEAD_EVENTS", 0)  # the old rule: two tasks a worker, always
    at_end.clear()
    submitted.clear()
    before = list(par.presanitize(source(), 2))
    assert at_end == [6]
    assert len(ahead) == len(before) == len(batches)
    for new, old in zip(ahead, before, strict=True):
        assert new.redactions == old.redactions
        assert new.holds == old.holds
        assert new.strict_ids == old.strict_ids
