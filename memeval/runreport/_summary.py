"""A run's summary in the spirit of BenchFlow's results page: score, outcomes, cost, time, files.

Score is given per arm (baseline, pack), never pooled into one number: over scored trials and over
every attempted trial (a trial with no score counts 0 in the second), with a 95% interval over the
scored trials. Outcomes split the trials into scored (passed / failed), unscored (the verifier gave
no score, or failed itself), errored (a harness fault stopped the trial before a verdict) and
interrupted (the run was stopped while the trial ran: fault code `cancelled`, which
`memeval ab --resume` runs again; the user's doing, never the agent's or the harness's).
Control trials (`oracle`, `nop`) are left out unless asked for.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from memeval._runlist import interrupted
from memeval.eventlog import ModelCalled, RunLog
from memeval.formatting import resume_command
from memeval.results import Run, RunResult, TrialRecord, arm_spend
from memeval.types import MODES, Mode

RATE_LIMIT_STATUSES = frozenset({429, 529})
"""HTTP statuses that mean the provider turned a call away for load (Anthropic uses 529)."""


WARN_SHARE = 0.05
"""More than this share of trials faulted, timed out or rate-limited draws a warning (which names it).

The verdict's own limit is `memeval.stats.MAX_FAULT_SHARE` (faults and timeouts only): the same share, kept apart
so that reading a summary does not import numpy."""


@dataclass(frozen=True)
class ArmScore:
    """One arm's score over the counted trials.

    Attributes:
        mode: `baseline` or `pack`.
        passes: scored trials the verifier passed.
        scored: trials the verifier scored.
        attempted: every counted trial of the arm (scored, unscored and errored).
        rate_scored: passes / scored, or None with nothing scored.
        rate_attempted: passes / attempted, or None with no trial.
        ci: 95% interval on `rate_scored` as (lower, upper), or None with nothing scored or with repeats
            over one task, or tasks whose rates do not spread (`rate_interval`: undefined).
        ci_method: `wilson` (one scored trial per task: Wilson score on trials) or
            `t_on_task_means` (repeats: t interval over per-task pass rates, clipped to [0, 1]).
        mean_reward: mean reward over scored trials (differs from the rate with partial credit).
        interrupted: the arm's interrupted trials (fault `cancelled`), left out of `attempted`.
    """

    mode: Mode
    passes: int
    scored: int
    attempted: int
    rate_scored: float | None
    rate_attempted: float | None
    ci: tuple[float, float] | None
    ci_method: str | None
    mean_reward: float | None
    interrupted: int = 0


@dataclass(frozen=True)
class Outcomes:
    """How the counted trials ended: scored + unscored + errored + interrupted = total.

    Attributes:
        total: counted trials.
        scored, passed, failed: trials the verifier scored, and how.
        unscored: no fault, but no score (`verifier_errors` of them because the verifier failed).
        verifier_errors: unscored trials whose assessment is `error`.
        errored: trials a harness fault ended before a verdict (not counting `interrupted`).
        faults: errored trials by fault code, e.g. {"timeout": 1}.
        interrupted: trials stopped because the run was stopped (Ctrl-C, SIGTERM, a sibling
            trial's harness failure): fault code `cancelled`; `memeval ab --resume` runs them again.
    """

    total: int
    scored: int
    passed: int
    failed: int
    unscored: int
    verifier_errors: int
    errored: int
    faults: dict[str, int]
    interrupted: int = 0


@dataclass(frozen=True)
class RunSummary:
    """A run read as a whole: see the module docstring.

    Attributes:
        run_id, run_dir, status: which run, where its files are, and how it ended.
        arms: one `ArmScore` per mode, baseline first.
        outcomes: how the counted trials ended.
        cost_usd: metered known spend of every attempt of every trial, both arms, USD
            (`memeval.results.arm_spend`; None when the run was not metered).
        cost_by_arm: the same per mode.
        cost_at_least: the modes whose spend is a lower bound (`ArmSpend.lower_bound`: a call of unknown cost,
            in any attempt, a trial that never ended's too, or an attempt cut with calls in flight), which
            the cost line marks `+`.
        cost_known: counted trials with a known cost (of every attempt, as the verdict's cost of a pass
            counts them: `cost_unknown_reason`); `outcomes.total` is the denominator.
        tokens: input + output tokens of the calls `cost_usd` counts: every attempt of every trial, both arms,
            both roles (`ArmSpend.tokens`: an attempt interrupted and run again, one retried after a fault, a
            faulted trial's, the assessor's); None when not metered. For a result projected before attempts
            carried their tokens (projection version 13 or older): the counted trials' last attempts' only.
        tokens_unmeasured: answered calls among those whose token counts could not be read (a stream cut
            before its usage, a response without one): when > 0, `tokens` is a lower bound ("at least").
        tokens_calls: `(calls in tokens, calls in cost)` when `tokens` covers fewer model calls than `cost_usd`
            does (only for a result projected before attempts carried their tokens), else None.
        tokens_attempts_cut: attempts among those `tokens` covers that were cut with calls in flight
            (`ArmSpend.attempts_cut`): a call in flight at a kill is on no record, so when > 0 `tokens` is a lower
            bound, as the spend beside it is. A running run's attempts at work are not among them:
        tokens_attempts_at_work: attempts of a running run at work now (`_at_work`): their calls come on record as
            they are answered, so when > 0 `tokens` is what has been answered so far, a lower bound.
        wall_s: seconds from the first trial's start to the last trial's end (None: no trial ended).
        controls_left_out: control trials not counted (0 with `include_controls`).
        control_kinds: the control agents seen (`oracle`, `nop`).
        include_controls: whether control trials were counted.
        warnings: plain sentences, each naming what is weak and how to fix it.
        modes: the one arm a one-arm run planned (`memeval ab --arms`, the card's `modes`), or None for both.
    """

    run_id: str
    run_dir: str
    status: str
    arms: tuple[ArmScore, ...]
    outcomes: Outcomes
    cost_usd: float | None
    cost_by_arm: dict[str, float | None]
    cost_known: int
    tokens: int | None
    wall_s: float | None
    controls_left_out: int
    control_kinds: tuple[str, ...]
    include_controls: bool
    warnings: tuple[str, ...]
    cost_at_least: frozenset[str] = frozenset()
    tokens_unmeasured: int = 0
    tokens_calls: tuple[int, int] | None = None
    tokens_attempts_cut: int = 0
    tokens_attempts_at_work: int = 0
    modes: tuple[str, ...] | None = None


def rate_interval(per_task: dict[str, list[bool]]) -> tuple[tuple[float, float] | None, str | None]:
    """95% interval on a pass rate from scored trials grouped by task.

    Wilson score interval on trials when every task has one scored trial
    (`memeval.stats.wilson_interval`: statsmodels' `proportion_confint(method="wilson")` floats);
    otherwise a t interval over the per-task pass rates (trials of one task are not independent):
    mean -+ t(0.975, n - 1) * sd / sqrt(n), Student's t from `memeval.stats.t_upper_quantile` (scipy's
    `t.ppf` to within its rounding), clipped to [0, 1]. Neither loads scipy or statsmodels, whose
    imports took `memeval results RUN` from 0.4 s to 2-3 s.

    The t interval is undefined, as the verdict's (`memeval.stats.t_interval`), over one task (no degree of
    freedom) or over tasks whose rates do not spread (no estimate of their spread): no interval then, rather
    than the zero-width `95% CI 100.0–100.0%` that claimed certainty from one task's repeats.

    Args:
        per_task: task id -> pass (True) / fail (False) of each scored trial.

    Returns:
        ((lower, upper), method), or (None, None) when nothing was scored or the t interval is undefined.
    """
    from memeval.stats import t_upper_quantile, wilson_interval

    groups = [v for v in per_task.values() if v]
    if not groups:
        return None, None
    if all(len(v) == 1 for v in groups):
        return wilson_interval(sum(v[0] for v in groups), len(groups)), "wilson"
    rates = [sum(v) / len(v) for v in groups]
    if len(rates) < 2 or len(set(rates)) == 1:
        return None, None
    mean = sum(rates) / len(rates)
    sd = math.sqrt(sum((r - mean) ** 2 for r in rates) / (len(rates) - 1))
    half = t_upper_quantile(0.025, len(rates) - 1) * sd / math.sqrt(len(rates))
    return (max(0.0, mean - half), min(1.0, mean + half)), "t_on_task_means"


KILLED_MID_TURN = "an earlier attempt killed mid-turn (a model call in flight at the kill is on no record)"
"""Why a trial whose earlier attempt was killed (kill -9, a crash) and resumed has no known cost."""
CALLS_NEVER_LOGGED = (
    "a model call in flight when its agent exited is on no record (memeval was killed, or stopped twice, before "
    "the call ended)"
)
"""Why a trial whose attempt ended with its turn's calls in flight, which memeval never logged, has no known cost."""


def cost_unknown_reason(r: TrialRecord) -> str | None:
    """Why the cost of trial `r` over all its attempts is not known, or None when it is.

    The same rule as the verdict's cost of a pass (`memeval.results._plaintable.obs_fields`): the
    trial's own figure, and every earlier attempt's calls all priced and none cut mid-turn.

    Returns:
        `physics.missing["cost_usd"]` (e.g. `unpriced: model M`), `KILLED_MID_TURN`, `CALLS_NEVER_LOGGED`
        (an attempt that ended with calls in flight that were never logged), or a sentence for an earlier
        attempt's unpriced calls; None when the cost is known.
    """
    if r.physics.cost_usd is None:
        return r.physics.missing.get("cost_usd", "unknown")
    if any(a.cut_mid_turn and not a.ended for a in r.spend):
        return KILLED_MID_TURN
    if any(a.cut_mid_turn for a in r.spend):
        return CALLS_NEVER_LOGGED
    if any(a.calls_cost_unknown for a in r.spend):
        return "an earlier attempt's model calls of unknown cost"
    return None


def _arm(mode: Mode, trials: Sequence[TrialRecord]) -> ArmScore:
    arm = [r for r in trials if r.mode == mode]
    rs = [r for r in arm if not interrupted(r.fault)]  # not measured: no attempt, never a zero
    scored = [r for r in rs if r.fault is None and r.assessment == "scored"]
    passes = sum(1 for r in scored if r.verified)
    per_task: dict[str, list[bool]] = {}
    for r in scored:
        per_task.setdefault(r.task_id, []).append(bool(r.verified))
    ci, method = rate_interval(per_task)
    rewards = [r.reward for r in scored if r.reward is not None]
    return ArmScore(
        mode=mode,
        passes=passes,
        scored=len(scored),
        attempted=len(rs),
        rate_scored=passes / len(scored) if scored else None,
        rate_attempted=passes / len(rs) if rs else None,
        ci=ci,
        ci_method=method,
        mean_reward=sum(rewards) / len(rewards) if rewards else None,
        interrupted=len(arm) - len(rs),
    )


def outcomes_of(trials: Sequence[TrialRecord]) -> Outcomes:
    """Split trials into scored (passed/failed), unscored (verifier errors among them), errored, interrupted."""
    scored = [r for r in trials if r.fault is None and r.assessment == "scored"]
    unscored = [r for r in trials if r.fault is None and r.assessment != "scored"]
    errored = [r for r in trials if r.fault is not None and not interrupted(r.fault)]
    passed = sum(1 for r in scored if r.verified)
    return Outcomes(
        total=len(trials),
        scored=len(scored),
        passed=passed,
        failed=len(scored) - passed,
        unscored=len(unscored),
        verifier_errors=sum(1 for r in unscored if r.assessment == "error"),
        errored=len(errored),
        faults=dict(Counter(r.fault.code for r in errored if r.fault)),
        interrupted=sum(1 for r in trials if interrupted(r.fault)),
    )


def _rate_limited(run: Run, trial_ids: set[str]) -> set[str]:
    """Trials that had at least one model call turned away for load (429/529)."""
    out = set()
    for ev in RunLog(run.path).read().events:
        if isinstance(ev, ModelCalled) and ev.trial_id in trial_ids:
            if ev.call.outcome_status in RATE_LIMIT_STATUSES:  # a stream failed `overloaded_error` is a 529
                out.add(ev.trial_id)
    return out


def _wall_s(trials: Sequence[TrialRecord]) -> float | None:
    ends = [r.ended_at for r in trials if r.ended_at]
    if not ends:
        return None
    first = min(datetime.fromisoformat(r.started_at) for r in trials)
    last = max(datetime.fromisoformat(e) for e in ends)
    return (last - first).total_seconds()


def _tamper_warnings(counted: list[TrialRecord]) -> list[str]:
    """One sentence when trials left files that can steer the verifier (empty when none did).

    It says how many per arm, how many of those passed, and what the policy did.
    """
    hit = [r for r in counted if r.tamper is not None and (r.tamper.findings or r.tamper.omitted)]
    if not hit:
        return []
    kinds = ", ".join(sorted({f.kind for r in hit if r.tamper for f in r.tamper.findings}))
    arms = "; ".join(
        f"{m} {sum(1 for r in hit if r.mode == m)} ({sum(1 for r in hit if r.mode == m and r.verified)} passed)"
        for m in MODES
    )
    failed = sum(1 for r in hit if r.tamper and r.tamper.failed)
    policy = (
        f"{failed} scored failed under --tamper fail"
        if any(r.tamper and r.tamper.policy == "fail" for r in hit)
        else "their scores stand (--tamper flag); re-run with --tamper fail to score them failed"
    )
    return [
        f"{len(hit)} trial(s) left files that can steer the verifier ({kinds}): {arms}; {policy}. "
        "Paths: `memeval replay RUN` (tamper) or `memeval view`"
    ]


def summarize(run: Run, include_controls: bool = False) -> RunSummary:
    """Summarize a loaded run (see `RunSummary`).

    Args:
        run: a run from `memeval.results.load_run`.
        include_controls: count `oracle`/`nop` trials in the totals (default: leave them out).

    Returns:
        The summary; `warnings` lists, in order: the run's status, run faults, controls left out,
        unscored trials, the verdict's warnings, the share of faulted / timed-out / rate-limited
        trials (interrupted ones left out: the status line says how to go on), trials with tamper
        findings, and trials with an unknown cost.
    """
    res = run.result
    controls = [r for r in res.trials if r.control]
    counted = list(res.trials) if include_controls else [r for r in res.trials if not r.control]
    warnings: list[str] = []
    planned = res.coverage.expected_trials
    status = run.status  # `interrupted` when the log says running but no memeval process holds it
    # `running`: a memeval process holds the run, so the last attempt of a trial not ended is at work, not killed
    at_work = _at_work(res) if status == "running" else 0
    if status == "running":  # `--resume` is refused while it runs: the advice was a command that cannot work
        warnings.append(
            f"run is running: {len(res.trials)} of {planned} planned trials ended so far, and a memeval process "
            f"is at work on the rest; these figures count what has ended: read them again once the run ends"
        )
    elif status != "completed":
        warnings.append(
            f"run {'ended with an error' if status == 'error' else 'is ' + status}: {len(res.trials)} of {planned} "
            "planned trials ended; "
            f"go on with `{resume_command(run.path, res.run_id)}`"
        )
    for f in res.run_faults:
        warnings.append(f"run fault {f.code} ({f.phase}): {f.message}")
    kinds = tuple(sorted({str(r.control) for r in controls}))
    if controls and not include_controls:
        warnings.append(
            f"{len(controls)} control trial(s) ({', '.join(kinds)}) left out of the totals; "
            "pass --include-controls to count them"
        )
    out = outcomes_of(counted)
    if out.unscored:
        warnings.append(
            f"{out.unscored} trial(s) unscored ({out.verifier_errors} verifier error): "
            "no score came back; see `memeval view` for the verifier output"
        )
    if counted and res.verdict is not None:
        # A sequential run that stopped at a look has few trials a task by design (its error rate
        # holds at whatever look it stops): "run 3 or more repeats" would contradict `memeval ab`.
        stopped = res.sequential is not None and res.sequential.path.stopped
        warnings += [
            w.message
            for w in res.verdict.warnings
            if w.kind != "many_faults" and not (w.kind == "few_trials" and stopped)
        ]
    if counted:
        limited = _rate_limited(run, {r.trial_id for r in counted})
        # An interrupted trial is the user's stop, not a weakness of the run: `--resume` reruns it.
        bad = {
            r.trial_id
            for r in counted
            if (r.fault is not None and not interrupted(r.fault)) or r.execution == "timed_out"
        } | limited
        if len(bad) > WARN_SHARE * len(counted):
            # With no trial scored there is no verdict to weaken (`memeval runs` shows `—`): say so.
            weakens = (
                f"more than {WARN_SHARE:.0%} weakens the verdict"
                if out.scored
                else "no trial was scored, so the run measured nothing and has no verdict"
            )
            warnings.append(
                f"{len(bad)} of {len(counted)} trials ({len(bad) / len(counted):.0%}) faulted, "
                "timed out "
                f"or met a rate limit ({out.errored} faulted, "
                f"{sum(1 for r in counted if r.execution == 'timed_out')} timed out, "
                f"{len(limited)} rate-limited); "
                f"{weakens}: fix the cause and re-run them"
            )
    warnings += _tamper_warnings(counted)
    unknown = [why for r in counted if (why := cost_unknown_reason(r)) is not None]
    if unknown:
        why = "; ".join(f"{n} {reason}" for reason, n in Counter(unknown).most_common(3))
        warnings.append(
            f"cost unknown for {len(unknown)} of {len(counted)} trials ({why}); an unknown cost is never counted as 0"
        )
    by_arm: dict[str, float | None] = {}
    metered = bool(counted) and all(r.physics.source == "meter" for r in counted)
    cut = unmeasured = 0
    at_least: set[str] = set()
    spent_tokens: list[int | None] = []
    for m in MODES:
        # every attempt of every trial of the arm (superseded, faulted, killed): `arm_spend`
        spent = arm_spend(res, m)
        spent_tokens.append(spent.tokens)
        unmeasured += spent.tokens_unmeasured
        by_arm[m] = round(spent.cost_usd, 6) if metered else None
        cut += spent.attempts_cut
        if spent.lower_bound:
            at_least.add(m)
    cut -= at_work  # the attempts of a running run still at work are not cut: said apart
    if metered and cut:
        warnings.append(
            f"{cut} attempt(s) were killed while their agent ran, or with its model calls still in flight: a model "
            "call in flight at the kill is on no record, so the spend is at least the figure shown"
        )
    if metered and at_work:
        warnings.append(
            f"{at_work} attempt(s) are at work: a model call is on record once it is answered, so the spend so far "
            "is at least the figure shown"
        )
    # a trial that never ended is on no record, so the cost-unknown sentence above cannot name its calls
    unended = sum(a.calls_cost_unknown for t in res.unended for a in t.spend)
    if metered and unended and status == "running":
        warnings.append(
            f"{unended} model call(s) of unknown cost were made by trials that have not ended yet, so the spend so "
            "far is at least the figure shown"
        )
    elif metered and unended:
        warnings.append(
            f"{unended} model call(s) of unknown cost were made by trials that never ended (the run was stopped "
            f"before they did; `{resume_command(run.path, res.run_id)}` runs them again), so the spend is at least "
            "the figure shown"
        )
    # the tokens of the calls the cost counts, every attempt's (None in a projection made before they were carried:
    # then the counted trials' last attempts, said so beside the calls the cost counts)
    tokens, tokens_unmeasured, tokens_calls = _tokens(res, counted, spent_tokens, unmeasured, metered)
    return RunSummary(
        run_id=res.run_id,
        run_dir=str(run.path),
        status=status,
        arms=tuple(_arm(m, counted) for m in MODES),
        modes=res.run_card.modes,
        outcomes=out,
        cost_usd=round(sum(v for v in by_arm.values() if v is not None), 6) if metered else None,
        cost_by_arm=by_arm,
        cost_known=len(counted) - len(unknown),
        tokens=tokens,
        wall_s=_wall_s(counted or list(res.trials)),
        controls_left_out=0 if include_controls else len(controls),
        control_kinds=kinds,
        include_controls=include_controls,
        warnings=tuple(warnings),
        cost_at_least=frozenset(at_least) if metered else frozenset(),
        tokens_unmeasured=tokens_unmeasured,
        tokens_calls=tokens_calls,
        tokens_attempts_cut=cut if metered and tokens_calls is None else 0,
        tokens_attempts_at_work=at_work if metered and tokens_calls is None else 0,
    )


def _at_work(res: RunResult) -> int:
    """Attempts of a running run at work now: the last attempt of each trial not ended, its agent started.

    What a kill would leave cut mid-turn (`AttemptSpend.cut_mid_turn`), but the run's process is alive: its calls
    come on record as they are answered. Earlier attempts of the same trials were killed (a run resumed).
    """
    return sum(
        1 for t in res.unended if t.spend and (a := max(t.spend, key=lambda a: a.attempt)).cut_mid_turn and not a.ended
    )


def _tokens(
    res: RunResult, counted: list[TrialRecord], spent: list[int | None], unmeasured: int, metered: bool
) -> tuple[int | None, int, tuple[int, int] | None]:
    """The summary's `tokens`, `tokens_unmeasured` and `tokens_calls`.

    The tokens of every attempt of every trial (`ArmSpend.tokens`), the calls its cost counts, when the
    projection carries them (`AttemptSpend.input_tokens`, projection version 14); else, for a result projected
    before, the counted trials' last attempts', with how many calls they cover beside the calls the cost counts.
    """
    if metered and all(t is not None for t in spent):
        return sum(t or 0 for t in spent), unmeasured, None
    measured = [
        r
        for r in counted
        if r.harness_measured.input_tokens is not None and r.harness_measured.output_tokens is not None
    ]
    toks = [(r.harness_measured.input_tokens or 0) + (r.harness_measured.output_tokens or 0) for r in measured]
    calls_in_tokens = sum(r.physics.engine_calls or 0 for r in measured)
    calls_all = sum(arm_spend(res, m).calls for m in MODES)
    return (
        sum(toks) if toks else None,
        sum(r.physics.unmeasured_calls for r in measured),
        (calls_in_tokens, calls_all) if metered and toks and calls_in_tokens < calls_all else None,
    )
