"""Plain-text forms of the A/B summary lines; money, rates and durations come from `memeval.formatting`.

`memeval.formatting` is the one place a figure is written, so the terminal, the HTML report, the
PDF, the viewer and the weekly report print it the same way; its functions are re-exported here.
"""

from __future__ import annotations

from memeval.formatting import duration, money, pct
from memeval.runreport._summary import ArmScore, Outcomes, RunSummary

__all__ = ["ARM_LABEL", "duration", "headline", "money", "outcomes_text", "pct", "score_text", "summary_lines"]

INTERRUPTED_HINT = "--resume runs them again"
"""What the outcomes line says of interrupted trials (fault `cancelled`)."""
INTERRUPTED_ONE = "--resume runs it again"
"""What the report's and the viewer's fault list say of one interrupted trial."""

ARM_LABEL = {"baseline": "Cold agent (baseline)", "pack": "With memory (pack)"}
"""How each mode is named to a reader (the records page's column heads)."""


def score_text(a: ArmScore) -> str:
    """`3/4 scored passed (75.0%, 95% CI 30.1–95.4% wilson), 3/5 attempted passed (60.0%)`.

    Interrupted trials are not attempts (never measured); when the arm has some, the count follows:
    `0/0 scored passed (—), 0/0 attempted passed (—), 1 interrupted not counted`.
    """
    ci = ""
    if a.ci is not None:
        ci = f", 95% CI {100 * a.ci[0]:.1f}–{100 * a.ci[1]:.1f}% {a.ci_method}"
    reward = "" if a.mean_reward is None else f", mean reward {a.mean_reward:.2f}"
    cut = f", {a.interrupted} interrupted not counted" if a.interrupted else ""
    return (
        f"{a.passes}/{a.scored} scored passed ({pct(a.rate_scored)}{ci}), "
        f"{a.passes}/{a.attempted} attempted passed ({pct(a.rate_attempted)}){cut}{reward}"
    )


def outcomes_text(o: Outcomes) -> str:
    """`4 scored (3 passed, 1 failed), 1 unscored (1 verifier error), 1 errored (1 timeout)`.

    Interrupted trials (fault `cancelled`) follow only when there are some:
    `..., 0 errored, 4 interrupted (--resume runs them again)`.
    """
    faults = ", ".join(f"{n} {code}" for code, n in sorted(o.faults.items()))
    return (
        f"{o.scored} scored ({o.passed} passed, {o.failed} failed), "
        f"{o.unscored} unscored ({o.verifier_errors} verifier error), "
        f"{o.errored} errored"
        + (f" ({faults})" if faults else "")
        + (f", {o.interrupted} interrupted ({INTERRUPTED_HINT})" if o.interrupted else "")
    )


def _arm_text(s: RunSummary, a: ArmScore) -> str:
    """An arm's score, or for the arm a one-arm run left out, that it was not run and why there is no verdict."""
    if s.modes is not None and a.mode not in s.modes:
        ran = " and ".join(s.modes)
        return f"not run (a one-arm run: --arms {ran}; no verdict is computed)"
    return score_text(a)


def summary_lines(s: RunSummary) -> list[str]:
    """The summary as lines of text, in the order Score, Outcomes, Cost, Time, Artifacts, Controls.

    Example (Fernhill sample)::

        Score, baseline: 3/14 scored passed (21.4%, 95% CI 7.6–47.6% wilson), 3/14 attempted ...
        Score, pack:     12/14 scored passed (85.7%, ...), 12/14 attempted passed (85.7%) ...
        Outcomes:  28 scored (15 passed, 13 failed), 0 unscored (0 verifier error), 0 errored
        Cost:      $0.63 metered (baseline $0.32, pack $0.30), known for 28 of 28 trials; ...
        Time:      54s
        Artifacts: runs/01M8...
    """
    lines = [f"Score, {a.mode + ':':<9} {_arm_text(s, a)}" for a in s.arms]
    lines.append(f"Outcomes:  {outcomes_text(s.outcomes)}")
    total = s.outcomes.total
    if s.cost_usd is None:
        cost = f"not known (no counted trial had a metered, priced cost; 0 of {total})"
    else:
        parts = ", ".join(f"{m} {money(v, lower_bound=m in s.cost_at_least)}" for m, v in s.cost_by_arm.items())
        total_usd = money(s.cost_usd, lower_bound=bool(s.cost_at_least))  # `+`: at least this much
        cost = f"{total_usd} metered ({parts}), known for {s.cost_known} of {total} trials"
    tokens = "tokens not metered" if s.tokens is None else f"{s.tokens:,} tokens"
    if s.tokens is not None and (s.tokens_unmeasured or s.tokens_attempts_cut or s.tokens_attempts_at_work):
        why = [f"{s.tokens_unmeasured} call(s) unmeasured"] if s.tokens_unmeasured else []
        if s.tokens_attempts_cut:
            why.append(f"{s.tokens_attempts_cut} attempt(s) cut with calls in flight")
        if s.tokens_attempts_at_work:
            why.append(f"{s.tokens_attempts_at_work} attempt(s) at work")
        tokens = f"at least {tokens} ({', '.join(why)})"
    if s.tokens is not None and s.tokens_calls is not None:
        shown, costed = s.tokens_calls
        tokens += f" in the counted trials' last attempts ({shown} of the {costed} calls the cost counts)"
    lines.append(f"Cost:      {cost}; {tokens}")
    lines.append(f"Time:      {duration(s.wall_s)}")
    lines.append(f"Artifacts: {s.run_dir}")
    if s.controls_left_out:
        lines.append(
            f"Controls:  {s.controls_left_out} control trial(s) ({', '.join(s.control_kinds)}) "
            "left out (--include-controls counts them)"
        )
    elif s.include_controls and s.control_kinds:
        lines.append(f"Controls:  counted ({', '.join(s.control_kinds)})")
    return lines


def headline(s: RunSummary) -> str:
    """One line for a listing: `ID (completed): baseline 3/14, pack 12/14 scored passed; ...`."""
    arms = ", ".join(f"{a.mode} {a.passes}/{a.scored}" for a in s.arms)
    interrupted = f", {s.outcomes.interrupted} interrupted" if s.outcomes.interrupted else ""
    return (
        f"{s.run_id} ({s.status}): {arms} scored passed; {s.outcomes.unscored} unscored, "
        f"{s.outcomes.errored} errored{interrupted}, {s.controls_left_out} control trials left out"
    )
