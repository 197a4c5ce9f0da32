"""A run log's events folded into a projection, without pydantic (`Projection`).

Split from `_project.py` so that a plain `memeval replay` (`memeval.results.replay_body`) folds
the log and writes its result without importing pydantic: the projection is fed the events (the
pydantic events of `RunLog.read` or the msgspec views of `RunLog.read_for_replay`, the plan as
`RunPlanned` or its view `PlanView`) and makes its parts with a `Kit`, the models'
(`memeval.results._project`) or the plain structs' (`memeval.results._plainbody`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC
from typing import TYPE_CHECKING, Any

import msgspec

from memeval.errors import RunLogError
from memeval.eventlog import ModelCalledView
from memeval.results._calls import CallTally, Tally, physics
from memeval.results._parts import Kit, Parts
from memeval.results._schema import SCHEMA_VERSION, TRIAL_SCHEMA
from memeval.results._settled import turn_settled

if TYPE_CHECKING:
    from datetime import datetime

    from memeval.eventlog import (
        AgentExited,
        AgentExitedView,
        CallView,
        CheckRecorded,
        CheckRecordedView,
        ClaimRecorded,
        ClaimRecordedView,
        Event,
        FaultRaised,
        FaultRaisedView,
        ModelCallRecord,
        PlannedTrial,
        PlanView,
        RunPlanned,
        TamperScanned,
        TamperScannedView,
        TrialEnded,
        TrialEndedView,
        TrialStarted,
        TrialStartedView,
        View,
        WorkspaceDiffed,
        WorkspaceDiffedView,
    )
    from memeval.results._records import AttemptSpend, RunResult

MEASURED = 11
"""Declared measurements per trial (see `memeval.runner._card.MEASUREMENTS`)."""


@dataclass
class _Acc:
    """One attempt's events; each is the pydantic event (`RunLog.read`) or its view (`read_for_replay`)."""

    started: TrialStarted | TrialStartedView
    calls: list[ModelCallRecord | CallView] = field(default_factory=list)
    """Its calls read since they were last added to `tally` (`fold`)."""
    tally: CallTally = field(default_factory=CallTally)
    """Its calls added up so far, in log order."""
    agent_started: bool = False
    waited_ms: int | None = None
    """Sum of the `waited_ms` of its `agent.started`, `verifier.started` and `fault.raised` (a wait
    cut short by a cancel); None: none recorded."""
    exited: AgentExited | AgentExitedView | None = None
    calls_at_exit: int = 0
    """Its calls on the log when its `agent.exited` was read (`turn_settled` reads the later ones)."""
    claim: ClaimRecorded | ClaimRecordedView | None = None
    diff: WorkspaceDiffed | WorkspaceDiffedView | None = None
    tamper: TamperScanned | TamperScannedView | None = None
    check: CheckRecorded | CheckRecordedView | None = None
    fault: FaultRaised | FaultRaisedView | None = None
    ended: TrialEnded | TrialEndedView | None = None
    session: int = 0
    """How many `run.ended` came before its `trial.started`: the session of the run (`--resume`) that ran it."""

    def add_wait(self, ms: int | None) -> None:
        """Add an event's `waited_ms` (milliseconds; None: the event recorded no wait) to `waited_ms`."""
        if ms is not None:
            self.waited_ms = (self.waited_ms or 0) + ms

    def fold(self) -> None:
        """Add the calls read so far to `tally` and let them go (a replay need not hold them all)."""
        if self.calls:
            self.tally.add(self.calls)
            self.calls.clear()


def _acc_of(history: list[_Acc], attempt: int | None) -> _Acc | None:
    """The attempt of a trial's `history` (in log order) that a model call names, or None when none started.

    `attempt`: the call's `ModelCalled.attempt`; None (a line written before v3) means the latest
    attempt, as every call was counted before the log named it. A call that ended after its attempt
    did (in flight past the runner's settle wait) names its own attempt and counts there, not in the
    attempt that started meanwhile. Two attempts of one number (never written): the later one.
    """
    last = history[-1]
    if attempt is None or last.started.attempt == attempt:
        return last
    return next((a for a in reversed(history) if a.started.attempt == attempt), None)


def _repeated(ev: Any) -> str:
    """The refusal of a `model.called` event (or its view) whose call's id a call before it had."""
    return (
        f"event {ev.seq} repeats model call {ev.call.call_id!r} of trial {ev.trial_id!r}, logged before it: the proxy "
        "logs each call once, under an id of its own, so it would be counted twice (a line copied into the log?)"
    )


_TIMES = msgspec.json.Encoder()


def _iso(at: datetime | None) -> str:
    """`at` as the result writes a time: `datetime.isoformat`, with `Z` for a UTC offset of zero.

    A time in UTC (`datetime.timezone.utc`, as msgspec reads a log's `Z` or `+00:00`) is written by
    msgspec's encoder, which writes it in the same characters (RFC 3339: microseconds only when not
    zero, `Z`) at a tenth of `isoformat`'s cost (two of them for each of a run's records); any other
    zone (pydantic's own, an offset) by `isoformat`. tests/readers/test_iso_times.py compares the two.
    """
    assert at is not None
    if at.tzinfo is UTC:
        return _TIMES.encode(at)[1:-1].decode()
    return at.isoformat().replace("+00:00", "Z")


def _attempt_spend(acc: _Acc, tally: Tally, make: Callable[..., Any], metered: bool) -> Any:
    """An attempt's spend: `AttemptSpend`'s fields by `make` (the model, or `SpendRow`); tokens only if `metered`."""
    return make(
        attempt=acc.started.attempt,
        ended=acc.ended is not None,
        cost_usd=round(tally.spend_usd, 10),
        calls=tally.calls,
        calls_cost_unknown=tally.cost_unknown,
        cut_mid_turn=acc.agent_started
        and not turn_settled(acc.exited, acc.ended is not None, tally.calls - acc.calls_at_exit),
        input_tokens=tally.every_tokens[0] if metered else None,
        output_tokens=tally.every_tokens[1] if metered else None,
        tokens_unmeasured=tally.every_unmeasured if metered else None,
    )


def _record(
    pt: PlannedTrial,
    acc: _Acc,
    tally: Tally,
    metered: bool,
    history: Sequence[_Acc],
    spends: Sequence[AttemptSpend],
) -> dict[str, Any]:
    """The record of one ended attempt, as its JSON writes it (`spends`: `_attempt_spend` of each of `history`).

    One nested object with every field of `TrialRecord`, in its order and by alias (`schema`,
    `pass`), `Physics.phase_wait_ms` left out when None: `TrialRecord.model_validate` makes the
    record from it (its nested models as building each of them would, at a fraction of the
    calls), and a replay that only prints the result encodes it as it is (`_encoded_records`); the
    attempts' spends are the models given. `wall_ms` is trial.started to trial.ended less the
    attempt's recorded waits for other trials of its task (`acc.waited_ms`,
    `Physics.phase_wait_ms`); a log without them gives the whole span, as before.
    """
    started, ended = acc.started, acc.ended
    wall = None
    if ended is not None and ended.at and started.at:
        wall = int((ended.at - started.at).total_seconds() * 1000)
        if acc.waited_ms is not None:  # both clocks are the runner's; never below 0 if they drift
            wall = max(0, wall - acc.waited_ms)
    phys = physics(tally, metered, wall, acc.waited_ms)
    check = acc.check
    checks: tuple[dict[str, Any], ...] = ()
    if check is not None:
        checks = (
            {
                "type": check.type,
                "level": check.level,
                "pass": check.passed,
                "reward": check.reward,
                "reward_source": check.reward_source,
                "output": check.output,
            },
        )
    f = acc.fault
    fault = None if f is None else {"code": f.code, "phase": f.phase, "message": f.message}
    claim = None
    if acc.claim is not None:
        c = acc.claim
        claim = {"message": c.message, "self_reported": c.self_reported, "source": c.source}
    ws = None
    if acc.diff is not None:
        d = acc.diff
        ws = {
            "diff": d.diff,
            "added": d.added,
            "changed": d.changed,
            "removed": d.removed,
            "retained": ended.retained if ended else None,
        }
    verified = check.passed if check is not None and fault is None else None
    reward = check.reward if check is not None and fault is None else None
    tamper = None
    if acc.tamper is not None:
        t = acc.tamper
        failed = t.policy == "fail" and bool(t.findings or t.omitted) and verified is True
        reason = None
        if failed:
            kinds = ", ".join(sorted({x.kind for x in t.findings}))
            reason = f"scored failed under --tamper fail: {len(t.findings) + t.omitted} tamper finding(s) ({kinds})"
            verified, reward = False, 0.0
        tamper = {"policy": t.policy, "findings": t.findings, "omitted": t.omitted, "failed": failed, "reason": reason}
    tokens = phys["tokens"]
    return {
        "schema": TRIAL_SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "trial_id": pt.trial_id,
        "task_id": pt.task_id,
        "mode": pt.mode,
        "repeat": pt.repeat,
        "attempt": started.attempt,
        "attempts": len(history),
        "control": pt.control,
        "verified": verified,
        "reward": reward,
        "checks": checks,
        "execution": acc.exited.execution if acc.exited else "not_started",
        "execution_reason": acc.exited.reason if acc.exited else None,
        "assessment": ended.assessment if ended else "unscored",
        "fault": fault,
        "claim": claim,
        "harness_measured": {
            "wall_ms": wall,
            "input_tokens": tokens["input"],
            "output_tokens": tokens["output"],
            "total_cost_usd": phys["cost_usd"],
        },
        "physics": phys,
        "context_manifest": started.context_manifest,
        "started_at": _iso(started.at),
        "ended_at": _iso(ended.at) if ended else None,
        "workspace": ws,
        "tamper": tamper,
        "spend": tuple(sp for a, sp in zip(history, spends, strict=True) if a.started.attempt <= started.attempt),
    }


class Projection:
    """A projection fed the log's events in runs (`add`), then made into the `RunResult` (`result`).

    `project` feeds it a whole log at once; a replay (`memeval.results.load_run`) feeds it each
    megabyte of the log as it is read (`RunLog.replay_stream`), so that the events it no longer
    needs (the model calls, once their attempt has ended) are let go as it goes. Either way the
    result is the same, byte for byte. `result` and `result_body` are made by
    `memeval.results._project` (the models); `parts` with any `Kit`.

    Args:
        plan: the log's first event, which must be `run.planned` (`RunPlanned`, or its `PlanView`).

    Raises:
        RunLogError: `plan` is not `run.planned`.
    """

    def __init__(self, plan: Event | View | PlanView | None) -> None:
        if getattr(plan, "event", None) != "run.planned":  # `RunPlanned` or its view: no other has the tag
            raise RunLogError("a run log must start with run.planned")
        self.plan: RunPlanned | PlanView = plan  # type: ignore[assignment]  # checked by its tag above
        self.planned: dict[str, Any] = {t.trial_id: t for t in self.plan.trials}
        self.accs: dict[str, list[_Acc]] = {}
        self.status = "running"
        self.session = 0
        """How many `run.ended` the events added so far hold: a call's attempt must have started after the last."""
        self.run_faults: list[FaultRaised | FaultRaisedView] = []
        """The run's own faults (no trial), as their events: `Fault`s in the result."""
        self.call_ids: set[str] = set()
        """The `call_id` of every model call added so far: a call counts once; a second line of one is refused."""

    def add(self, events: Iterable[Event | View]) -> None:
        """Add the log's next events, in order (the first, `run.planned`, was given when made).

        Raises:
            RunLogError: an event names a trial the run never planned, or comes before its
                trial's `trial.started`; a model call names an attempt with no `trial.started` before it, or
                one of a session that had ended (`run.ended`) when the call was logged: a session logs its calls
                before it ends (its proxy stops first), so such a line was added to the log afterwards; or a model
                call repeats the `call_id` of one before it: the proxy draws a new id for every call and logs it
                once, so such a line was copied into the log.
        """
        planned, accs, run_faults = self.planned, self.accs, self.run_faults
        call_ids = self.call_ids
        new_id = call_ids.add
        # The trial and attempt the last model call was added to, and its calls' `append`: a run of calls of
        # one attempt (most of a log) then costs two comparisons a call, and its id's look-up in `call_ids`. Any
        # other event may start a new attempt (`trial.started`), so it forgets them; the next call looks its attempt
        # up again.
        last_tid: str | None = None
        last_attempt: int | None = None
        session = self.session
        add_call: Callable[[Any], None] | None = None
        ev: Any  # an event or its view, told apart by its tag (`kind`, read once), which mypy cannot follow
        for ev in events:
            if type(ev) is ModelCalledView:
                # Most of a log: the shortest path. The same checks as below, in the same order.
                call_tid: str = ev.trial_id
                call = ev.call
                cid: str = call.call_id
                if call_tid == last_tid and ev.attempt == last_attempt and add_call is not None:
                    if cid in call_ids:
                        raise RunLogError(_repeated(ev))
                    new_id(cid)
                    add_call(call)
                    continue
                history = accs.get(call_tid)
                if history and (to := _acc_of(history, ev.attempt)) is not None and to.session == session:
                    if cid in call_ids:
                        raise RunLogError(_repeated(ev))
                    add_call = to.calls.append
                    last_tid, last_attempt = call_tid, ev.attempt
                    new_id(cid)
                    add_call(call)
                    continue
            last_tid = add_call = None
            # Dispatch on the tag, which the events and their views share (read once: a class attribute).
            kind = ev.event
            if kind == "run.ended":
                self.status = ev.status
                session = self.session = session + 1
                continue
            if kind == "fault.raised" and ev.trial_id is None:
                run_faults.append(ev)
                continue
            tid = getattr(ev, "trial_id", None)
            if tid is None:
                continue
            if tid not in planned:
                raise RunLogError(f"event {ev.seq} names trial {tid!r}, which the run never planned")
            if kind == "trial.started":
                history = accs.setdefault(tid, [])
                if history:
                    history[-1].fold()  # no later call is added to an earlier attempt
                history.append(_Acc(ev, session=session))
                continue
            history = accs.get(tid)
            if not history:
                raise RunLogError(f"event {ev.seq} for trial {tid!r} comes before its trial.started")
            acc = history[-1]
            if kind == "model.called":
                to = _acc_of(history, ev.attempt)
                if to is None:
                    raise RunLogError(
                        f"event {ev.seq} names attempt {ev.attempt} of trial {tid!r}, "
                        "which has no trial.started before it"
                    )
                if to.session != session:
                    raise RunLogError(
                        f"event {ev.seq} is a model call of attempt {to.started.attempt} of trial {tid!r}, logged "
                        "after the run.ended of the session that ran it: a session logs its every call before it ends "
                        "(a line added to the log afterwards?)"
                    )
                if ev.call.call_id in call_ids:
                    raise RunLogError(_repeated(ev))
                new_id(ev.call.call_id)
                to.calls.append(ev.call)
            elif kind == "agent.started":
                acc.agent_started = True
                acc.add_wait(ev.waited_ms)
            elif kind == "verifier.started":
                acc.add_wait(ev.waited_ms)
            elif kind == "agent.exited":
                acc.exited = ev
                acc.calls_at_exit = acc.tally.count + len(acc.calls)
            elif kind == "claim.recorded":
                acc.claim = ev
            elif kind == "workspace.diffed":
                acc.diff = ev
            elif kind == "tamper.scanned":
                acc.tamper = ev
            elif kind == "check.recorded":
                acc.check = ev
            elif kind == "fault.raised":
                acc.fault = ev
                acc.add_wait(ev.waited_ms)  # a wait at the phases gate that the run's stop cut short
            elif kind == "trial.ended":
                acc.ended = ev
                acc.fold()  # its calls so far are added up and let go; a later one is added at the end

    def result(self, log_hash: str) -> RunResult:
        """The `RunResult` of the events added (`log_hash`: `sha256:<hex>` of the log's complete lines)."""
        from memeval.results._project import result_of

        return result_of(self, log_hash)

    def result_body(self, log_hash: str) -> bytes:
        """`memeval.results.result_body` of `result(log_hash)` (see `memeval.results._project.body_of`)."""
        from memeval.results._project import body_of

        return body_of(self, log_hash)

    def parts(self, kit: Kit) -> Parts:
        """Everything of the result but the plan's fields, each part made by `kit` (records from `_record`'s dict)."""
        plan, accs, planned = self.plan, self.accs, self.planned
        metered = plan.run_card.network == "proxy"
        make = kit.record
        trials: list[Any] = []
        all_attempts: list[Any] = []
        unended: list[Any] = []
        executed = 0
        for tid, pt in planned.items():
            history = accs.get(tid)
            if history is None:  # never started: no record, not unended, not executed
                continue
            if len(history) == 1:  # most trials: one attempt, made as below without the lists
                a = history[0]
                a.fold()
                one = a.tally.tally()
                spends = (_attempt_spend(a, one, kit.spend, metered),)
                if a.ended is not None:
                    trials.append(make(_record(pt, a, one, metered, history, spends)))
                else:
                    unended.append(kit.unended(trial_id=tid, task_id=pt.task_id, mode=pt.mode, spend=spends))
                executed += a.agent_started
                continue
            for a in history:
                a.fold()
            tallies = [a.tally.tally() for a in history]
            spends = tuple(_attempt_spend(a, t, kit.spend, metered) for a, t in zip(history, tallies, strict=True))
            recs = [
                _record(pt, a, t, metered, history, spends)
                for a, t in zip(history, tallies, strict=True)
                if a.ended is not None
            ]
            if recs:
                last = recs[-1]
                if len(last["spend"]) != len(spends):  # later attempts, unended: the trial's record carries them all
                    last = {**last, "spend": spends}
                trials.append(make(last))
                all_attempts += map(make, recs[:-1])
            elif history:
                unended.append(
                    kit.unended(
                        trial_id=tid,
                        task_id=pt.task_id,
                        mode=pt.mode,
                        spend=spends,
                    )
                )
            if any(a.agent_started for a in history):
                executed += 1
        sequential = kit.sequential(plan, trials)
        if sequential is not None and sequential.path.stopped:
            from memeval.results._sequential import repeats_looked_at

            # A sequential run that stopped expected no trial beyond its last look.
            covered = repeats_looked_at(sequential.path, sorted({v.task_id for v in plan.trials if v.control is None}))
            planned = {k: v for k, v in planned.items() if v.repeat <= covered.get(v.task_id, sequential.rounds_run)}
        observed = 0
        missing = {"fault": 0, "not_emitted": 0, "unmetered": 0, "not_run": 0}
        for r in trials:
            if r.fault is not None:
                missing["fault"] += MEASURED
                continue
            values = [
                r.reward,
                r.verified,
                r.harness_measured.wall_ms,
                r.physics.tokens.input,
                r.physics.tokens.output,
                r.physics.tokens.cache_read,
                r.physics.tokens.cache_write,
                r.physics.cost_usd,
                r.physics.engine_calls,
                r.physics.tool_calls,
                r.physics.errors,
            ]
            n = MEASURED - values.count(None)  # None is only ever equal to itself
            observed += n
            missing["unmetered" if r.physics.source == "unmetered" else "not_emitted"] += MEASURED - n
        missing["not_run"] = (len(planned) - len(trials)) * MEASURED
        coverage = kit.coverage(
            expected_trials=len(planned),
            executed_trials=executed,
            completed_trials=sum(1 for r in trials if r.assessment == "scored"),
            expected_measurements=len(planned) * MEASURED,
            observed_measurements=observed,
            missing={k: v for k, v in missing.items() if v},
        )
        table, verdict = kit.table_and_verdict(plan, trials, unended, all_attempts)
        if sequential is not None and verdict is not None:
            # The fixed-size word would ignore that the run looked after every round.
            verdict = verdict.model_copy(
                update={"verdict": sequential.path.verdict, "reason": f"sequential: {sequential.path.reason}"}
            )
        return Parts(trials, all_attempts, coverage, table, verdict, unended, sequential)
