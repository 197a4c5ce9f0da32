"""The readers over any log the runner can write (hypothesis): summary, compare, report, API.

Each property ties a reader's figure to the trials it reads, computed again here another way, so a
reader that miscounts, drops a trial or crashes on an unusual run fails.
"""

from __future__ import annotations

import json
import math
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.eventlog import Event, RunCard
from memeval.results import Run, list_runs, load_run
from memeval.runreport import (
    build_context,
    card_fields,
    compare_runs,
    headline,
    outcomes_of,
    rate_interval,
    render_html,
    summarize,
    summary_lines,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "eventlog"))
from test_projection_properties import _PLANNED, GOLDEN, _write, run_logs  # noqa: E402

PROPS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def _runs(*logs: list[Event]) -> Iterator[list[Run]]:
    with tempfile.TemporaryDirectory() as tmp:
        out = []
        for i, events in enumerate(logs):
            folder = Path(tmp) / f"run{i}"
            _write(folder, events)
            out.append(load_run(folder, use_cache=False))
        yield out


def _wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson's score interval, written out (Wilson 1927; Newcombe 1998, method 3)."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


@given(st.dictionaries(st.text(max_size=4), st.lists(st.booleans(), max_size=4), max_size=12))
def test_the_rate_interval_holds_the_rate_and_is_wilson_for_one_trial_a_task(per_task: dict[str, list[bool]]) -> None:
    ci, method = rate_interval(per_task)
    groups = [v for v in per_task.values() if v]
    if not groups:
        assert (ci, method) == (None, None)
        return
    rates = [sum(v) / len(v) for v in groups]
    mean = sum(rates) / len(rates)
    if not all(len(v) == 1 for v in groups) and (len(groups) < 2 or len(set(rates)) == 1):
        assert (ci, method) == (None, None)  # the t interval is undefined: one task, or no spread
        return
    assert ci is not None
    lo, hi = ci
    assert 0.0 <= lo <= hi <= 1.0
    if all(len(v) == 1 for v in groups):
        assert method == "wilson"
        assert ci == pytest.approx(_wilson(sum(v[0] for v in groups), len(groups)), abs=1e-9)
    else:
        assert method == "t_on_task_means"
        assert lo - 1e-12 <= mean <= hi + 1e-12
        assert hi > lo


@PROPS
@given(run_logs())
def test_the_summary_counts_every_trial_once(events: list[Event]) -> None:
    with _runs(events) as (run,):
        res = run.result
        o = outcomes_of(res.trials)
        assert o.total == len(res.trials) == o.scored + o.unscored + o.errored + o.interrupted
        assert o.passed + o.failed == o.scored
        assert sum(o.faults.values()) == o.errored and "cancelled" not in o.faults
        assert o.interrupted == sum(1 for t in res.trials if t.fault is not None and t.fault.code == "cancelled")
        s = summarize(run, include_controls=True)
        for arm in s.arms:
            arm_trials = [t for t in res.trials if t.mode == arm.mode]
            rs = [t for t in arm_trials if t.fault is None or t.fault.code != "cancelled"]  # interrupted: no attempt
            assert arm.attempted == len(rs) and arm.interrupted == len(arm_trials) - len(rs)
            assert arm.passes == sum(1 for t in rs if t.fault is None and t.assessment == "scored" and t.verified)
            assert arm.passes <= arm.scored <= arm.attempted
        lines = summary_lines(s)
        assert [ln.split(":")[0] for ln in lines[:2]] == ["Score, baseline", "Score, pack"]
        assert lines[2].startswith("Outcomes:  ") and lines[5] == f"Artifacts: {run.path}"
        assert headline(s).startswith(f"{res.run_id} ({run.status}): baseline ")


@PROPS
@given(run_logs(), run_logs())
def test_comparing_two_runs_is_symmetric_and_a_run_equals_itself(a_log: list[Event], b_log: list[Event]) -> None:
    b_log = [b_log[0].model_copy(update={"run_card": a_log[0].run_card}), *b_log[1:]]  # type: ignore[union-attr]
    with _runs(a_log, b_log) as (a, b):
        same = compare_runs(a, a)
        assert same.card_differences == ()
        assert {t.change for t in same.tasks} <= {"same", "not_scored"}
        assert all(arm.improved == () and arm.regressed == () for arm in same.arms)
        ab, ba = compare_runs(a, b), compare_runs(b, a)
        for x, y in zip(ab.arms, ba.arms, strict=True):
            assert set(x.improved) == set(y.regressed) and set(x.regressed) == set(y.improved)
            assert (x.a_passes, x.a_scored, x.b_passes, x.b_scored) == (y.b_passes, y.b_scored, y.a_passes, y.a_scored)
        flips = {"improved": "regressed", "regressed": "improved", "only_in_a": "only_in_b", "only_in_b": "only_in_a"}
        back = {(t.task_id, t.mode): t.change for t in ba.tasks}
        for t in ab.tasks:
            assert back[(t.task_id, t.mode)] == flips.get(t.change, t.change)


@PROPS
@given(run_logs())
def test_the_report_and_its_context_render_any_run(events: list[Event]) -> None:
    with _runs(events) as (run,):
        ctx = build_context(run)
        res = run.result
        assert [r.task_id for r in ctx.rows] == [r.task_id for r in res.table]
        assert ctx.repeats >= max((t.repeat for t in res.trials), default=1)
        for row in ctx.rows:
            assert len(row.cells) == 2 * ctx.repeats
        by_mode = {a.mode: a for a in ctx.arms}
        for mode in ("baseline", "pack"):
            assert by_mode[mode].passes == sum(getattr(r, f"{mode}_passes") for r in res.table)
        page = render_html(ctx)
        assert page.startswith("<!DOCTYPE html>") or page.lstrip().lower().startswith("<!doctype html>")
        assert res.run_id in page and "<script" not in page


@PROPS
@given(st.lists(run_logs(), min_size=1, max_size=3))
def test_the_listing_names_every_run_folder_with_its_counts(logs: list[list[Event]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for i, events in enumerate(logs):
            _write(root / f"r{i}", events)
        (root / "not-a-run").mkdir()
        (root / "broken").mkdir()
        (root / "broken" / "events.jsonl").write_bytes(b'{"event":"run.ended"}\n')
        doc = list_runs(root)
        by_path = {Path(r.path).name: r for r in doc.runs}
        assert set(by_path) == {f"r{i}" for i in range(len(logs))} | {"broken"}
        assert by_path["broken"].status == "unreadable" and by_path["broken"].error
        for i in range(len(logs)):
            listing, res = by_path[f"r{i}"], load_run(root / f"r{i}").result
            # No process holds these runs' locks: a log that still says running reads interrupted.
            shown = "interrupted" if res.status == "running" else res.status
            assert (listing.status, listing.trials) == (shown, len(res.trials))
            assert listing.planned == res.coverage.expected_trials
            cut = sum(1 for t in res.trials if t.fault and t.fault.code == "cancelled")
            assert (listing.faulted, listing.interrupted) == (sum(1 for t in res.trials if t.fault) - cut, cut)
            assert listing.task_set == f"{res.run_card.task_set['name']}@{res.run_card.task_set['version']}"


def test_the_card_shows_what_the_log_recorded_and_names_what_it_did_not() -> None:
    old = RunCard.model_validate(_PLANNED["run_card"])
    shown = dict(card_fields(old))
    assert "tamper" not in shown and "sequential" not in shown and "executor" not in shown
    assert shown["network"] == "none" and shown["repeats"] == "1"
    assert shown["tools_allowed"] == ", ".join(old.tools_allowed)
    assert shown["agent"] == ", ".join(f"{k}={v}" for k, v in old.agent.items() if v)
    terminal = dict(card_fields(old, absent="—"))
    assert terminal["tamper"] == terminal["executor"] == "—" and "sequential" not in terminal
    new = old.model_copy(update={"sequential": {"max_rounds": 3}, "budget_usd": None})
    new = RunCard.model_validate(new.model_dump())
    shown = dict(card_fields(new))
    assert shown["sequential"] == "max_rounds=3" and shown["budget_usd"] == "—" and shown["tamper"] == "flag"
    assert [k for k, _ in card_fields(new)] == [k for k in dict(card_fields(new))]


_CHANGES = {
    "model": "other-model",
    "upstream": "scripted: another model",
    "task_set": {"name": "x", "version": "2", "hash": "sha256:1"},
    "checked_by": "someone else",
    "tools_allowed": ("bash",),
    "agent": {"name": "other"},
    "timeouts": {"agent_s": "5"},
    "environment_hash": "sha256:2",
    "network": "proxy",
    "repeats": 7,
    "budget_usd": 1.5,
    "sandbox": "other 1.0",
    "memeval": "9.9.9",
    "tamper": "fail",
    "reward_key": "score",
    "concurrency": 8,
    "executor": "ray",
    "sequential": {"max_rounds": 3},
    "default_limits": {"storage_mb": "10", "memory_mb": "64"},
    "prices": "sha256:" + "ab" * 32,
    "modes": ("baseline",),
}


def test_every_card_field_is_compared_and_the_placement_fields_are_not() -> None:
    assert set(_CHANGES) == set(RunCard.model_fields)


@pytest.mark.parametrize("field", sorted(_CHANGES))
def test_a_run_card_difference_is_refused_naming_it_unless_varied(field: str, tmp_path: Path) -> None:
    from memeval.errors import RunCardMismatch

    golden = GOLDEN.parent
    a = load_run(golden, use_cache=False)
    other = Path(shutil.copytree(golden, tmp_path / "b"))
    lines = (other / "events.jsonl").read_bytes().split(b"\n")
    first = json.loads(lines[0])  # a v1 line: the changed card also goes through the upcaster
    first["run_card"][field] = _CHANGES[field]
    lines[0] = json.dumps(first, sort_keys=True, separators=(",", ":")).encode()
    (other / "events.jsonl").write_bytes(b"\n".join(lines))
    b = load_run(other, use_cache=False)
    if field in ("concurrency", "executor"):
        assert compare_runs(a, b).card_differences == ()  # how trials were placed, not what was measured
        return
    with pytest.raises(RunCardMismatch, match=rf"\b{field}: "):
        compare_runs(a, b)
    c = compare_runs(a, b, vary=[field])
    assert [d.split(":")[0] for d in c.card_differences] == [field]
    assert any(w.startswith(f"run cards differ, as --vary says: {field}:") for w in c.warnings)
