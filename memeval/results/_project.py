"""Project a run's event log into its result. Pure: the same log gives the same bytes."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any, NamedTuple

from memeval.errors import RunLogError
from memeval.eventlog import (
    AgentExited,
    CheckRecorded,
    ClaimRecorded,
    Event,
    FaultRaised,
    ModelCalledView,
    ModelCallRecord,
    PlannedTrial,
    RunPlanned,
    TamperScanned,
    TrialEnded,
    TrialStarted,
    WorkspaceDiffed,
)
from memeval.results._body import encoded_result, stand_in
from memeval.results._calls import CallTally, Tally, physics
from memeval.results._records import (
    SCHEMA_VERSION,
    TRIAL_SCHEMA,
    AttemptSpend,
    Coverage,
    Fault,
    RunResult,
    SequentialRecord,
    TableRow,
    TrialRecord,
    UnendedTrial,
)
from memeval.results._sequential import repeats_looked_at, sequential_record
from memeval.results._table import table_and_verdict, trial_obs

if TYPE_CHECKING:
    from datetime import datetime

    from memeval.eventlog import (
        AgentExitedView,
        CallView,
        CheckRecordedView,
        ClaimRecordedView,
        FaultRaisedView,
        TamperScannedView,
        TrialEndedView,
        TrialStartedView,
        View,
        WorkspaceDiffedView,
    )
    from memeval.stats import PairedVerdict

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
    claim: ClaimRecorded | ClaimRecordedView | None = None
    diff: WorkspaceDiffed | WorkspaceDiffedView | None = None
    tamper: TamperScanned | TamperScannedView | None = None
    check: CheckRecorded | CheckRecordedView | None = None
    fault: FaultRaised | FaultRaisedView | None = None
    ended: TrialEnded | TrialEndedView | None = None

    def fold(self) -> None:
        """Add the calls read so far to `tally` and let them go (a replay need not hold them all)."""
        if self.calls:
            self.tally.add(self.calls)
            self.calls.clear()


def _iso(at: datetime | None) -> str:
    assert at is not None
    return at.isoformat().replace("+00:00", "Z")


def _attempt_spend(acc: _Acc, tally: Tally) -> AttemptSpend:
    return AttemptSpend(
        attempt=acc.started.attempt,
        ended=acc.ended is not None,
        cost_usd=round(tally.spend_usd, 10),
        calls=tally.calls,
        calls_cost_unknown=tally.cost_unknown,
        cut_mid_turn=acc.ended is None and acc.agent_started,
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


def project(events: Sequence[Event | View], log_bytes: bytes, *, log_hash: str | None = None) -> RunResult:
    """Project `events` (a whole log, in order) into a `RunResult`.

    Args:
        events: the log's events (`RunLog.read`), or the same with the frequent kinds as fast
            views (`RunLog.read_for_replay`); the first must be `run.planned`.
        log_bytes: the log file's bytes, hashed into `log_hash`.
        log_hash: `sha256:<hex>` of `log_bytes` when the caller has it already (not hashed again).

    Raises:
        RunLogError: the log does not start with `run.planned`, or names a trial it never planned.
    """
    projection = Projection(events[0] if events else None)
    projection.add(islice(events, 1, None))
    return projection.result(log_hash or "sha256:" + hashlib.sha256(log_bytes).hexdigest())


class Projection:
    """A projection fed the log's events in runs (`add`), then made into the `RunResult` (`result`).

    `project` feeds it a whole log at once; a replay (`memeval.results.load_run`) feeds it each
    megabyte of the log as it is read (`RunLog.replay_stream`), so that the events it no longer
    needs (the model calls, once their attempt has ended) are let go as it goes. Either way the
    result is the same, byte for byte.

    Args:
        plan: the log's first event, which must be `run.planned`.

    Raises:
        RunLogError: `plan` is not `run.planned`.
    """

    def __init__(self, plan: Event | View | None) -> None:
        if not isinstance(plan, RunPlanned):
            raise RunLogError("a run log must start with run.planned")
        self.plan = plan
        self.planned = {t.trial_id: t for t in plan.trials}
        self.accs: dict[str, list[_Acc]] = {}
        self.status = "running"
        self.run_faults: list[Fault] = []

    def add(self, events: Iterable[Event | View]) -> None:
        """Add the log's next events, in order (the first, `run.planned`, was given when made).

        Raises:
            RunLogError: an event names a trial the run never planned, or comes before its
                trial's `trial.started`.
        """
        planned, accs, run_faults = self.planned, self.accs, self.run_faults
        for ev in events:
            if type(ev) is ModelCalledView:
                # Most of a log: the shortest path. The same checks as below, in the same order.
                history = accs.get(ev.trial_id)
                if history:
                    history[-1].calls.append(ev.call)
                    continue
            # Dispatch on the tag, which the events and their views share.
            if ev.event == "run.ended":
                self.status = ev.status
                continue
            if ev.event == "fault.raised" and ev.trial_id is None:
                run_faults.append(Fault(code=ev.code, phase=ev.phase, message=ev.message))
                continue
            tid = getattr(ev, "trial_id", None)
            if tid is None:
                continue
            if tid not in planned:
                raise RunLogError(f"event {ev.seq} names trial {tid!r}, which the run never planned")
            if ev.event == "trial.started":
                history = accs.setdefault(tid, [])
                if history:
                    history[-1].fold()  # no later call is added to an earlier attempt
                history.append(_Acc(ev))
                continue
            history = accs.get(tid)
            if not history:
                raise RunLogError(f"event {ev.seq} for trial {tid!r} comes before its trial.started")
            acc = history[-1]
            if ev.event == "model.called":
                acc.calls.append(ev.call)
            elif ev.event == "agent.started":
                acc.agent_started = True
                if ev.waited_ms is not None:
                    acc.waited_ms = (acc.waited_ms or 0) + ev.waited_ms
            elif ev.event == "verifier.started":
                if ev.waited_ms is not None:
                    acc.waited_ms = (acc.waited_ms or 0) + ev.waited_ms
            elif ev.event == "agent.exited":
                acc.exited = ev
            elif ev.event == "claim.recorded":
                acc.claim = ev
            elif ev.event == "workspace.diffed":
                acc.diff = ev
            elif ev.event == "tamper.scanned":
                acc.tamper = ev
            elif ev.event == "check.recorded":
                acc.check = ev
            elif ev.event == "fault.raised":
                acc.fault = ev
                if ev.waited_ms is not None:  # a wait at the phases gate that the run's stop cut short
                    acc.waited_ms = (acc.waited_ms or 0) + ev.waited_ms
            elif ev.event == "trial.ended":
                acc.ended = ev
                acc.fold()  # its calls so far are added up and let go; a later one is added at the end

    def result(self, log_hash: str) -> RunResult:
        """The `RunResult` of the events added (`log_hash`: `sha256:<hex>` of the log's complete lines)."""
        return self._run_result(self._parts(TrialRecord.model_validate), log_hash)

    def result_body(self, log_hash: str) -> bytes:
        """`memeval.results.result_body` of `result(log_hash)`: the same bytes, made without the trial records' models.

        For a replay that only writes the result (`memeval replay`): the records stay the dicts
        `_record` makes, read as attributes where the coverage, table and verdict read them
        (`_body.stand_in`), and msgspec encodes the document (`_body.encoded_result`), each part
        that is still a model (the manifest and run card, coverage, table, verdict, ...) as
        pydantic's own JSON, then indents it. Where msgspec would write a value otherwise than
        pydantic (a float of 1e16 or more, which it writes `1e16` where pydantic writes `1e+16`; a
        value it cannot encode), the records are validated into their models and pydantic writes
        the whole result, as before.
        """
        parts = self._parts(stand_in)
        body = encoded_result(self, parts, log_hash)
        if body is None:
            validated = _Parts(
                [TrialRecord.model_validate(r.__dict__["_json"]) for r in parts.trials],
                [TrialRecord.model_validate(r.__dict__["_json"]) for r in parts.superseded],
                *parts[2:],
            )
            result = self._run_result(validated, log_hash)
            body = type(result).__pydantic_serializer__.to_json(result, indent=2, by_alias=True)
        return body

    def _run_result(self, parts: _Parts, log_hash: str) -> RunResult:
        plan = self.plan
        return RunResult(
            run_id=plan.run_id,
            status=self.status,
            log_hash=log_hash,
            manifest=plan.manifest,
            run_card=plan.run_card,
            trials=tuple(parts.trials),
            superseded=tuple(parts.superseded),
            coverage=parts.coverage,
            table=parts.table,
            verdict=parts.verdict,
            run_faults=tuple(self.run_faults),
            unended=tuple(parts.unended),
            sequential=parts.sequential,
        )

    def _parts(self, make: Callable[[dict[str, Any]], TrialRecord]) -> _Parts:
        """Everything of the result but the plan's fields, each record made from `_record`'s dict by `make`."""
        plan, accs, planned = self.plan, self.accs, self.planned
        metered = plan.run_card.network == "proxy"
        trials: list[TrialRecord] = []
        all_attempts: list[TrialRecord] = []
        unended: list[UnendedTrial] = []
        executed = 0
        for tid, pt in planned.items():
            history = accs.get(tid, [])
            for a in history:
                a.fold()
            tallies = [a.tally.tally() for a in history]
            spends = tuple(_attempt_spend(a, t) for a, t in zip(history, tallies, strict=True))
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
                    UnendedTrial(
                        trial_id=tid,
                        task_id=pt.task_id,
                        mode=pt.mode,
                        spend=spends,
                    )
                )
            if any(a.agent_started for a in accs.get(tid, [])):
                executed += 1
        sequential = sequential_record(plan, trials, lambda r: trial_obs(r).outcome)
        if sequential is not None and sequential.path.stopped:
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
        coverage = Coverage(
            expected_trials=len(planned),
            executed_trials=executed,
            completed_trials=sum(1 for r in trials if r.assessment == "scored"),
            expected_measurements=len(planned) * MEASURED,
            observed_measurements=observed,
            missing={k: v for k, v in missing.items() if v},
        )
        table, verdict = table_and_verdict(plan, trials, unended, all_attempts)
        if sequential is not None and verdict is not None:
            # The fixed-size word would ignore that the run looked after every round.
            verdict = verdict.model_copy(
                update={"verdict": sequential.path.verdict, "reason": f"sequential: {sequential.path.reason}"}
            )
        return _Parts(trials, all_attempts, coverage, table, verdict, unended, sequential)


class _Parts(NamedTuple):
    """What `Projection._parts` projects: the result's fields but the plan's, the status and the run's faults."""

    trials: list[TrialRecord]
    superseded: list[TrialRecord]
    coverage: Coverage
    table: tuple[TableRow, ...]
    verdict: PairedVerdict | None
    unended: list[UnendedTrial]
    sequential: SequentialRecord | None
