"""`memeval plan`: how many tasks a run needs to find a given effect, from a simulation or a pilot run."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memeval.cli._json import echo_json
from memeval.cli._options import RunsDir, option_given
from memeval.cli._print import err_console
from memeval.cli.app import command_app, translate_errors
from memeval.errors import UsageError

if TYPE_CHECKING:
    from memeval.stats import PilotSpread, TaskTrials

# The most --repeats a simulated plan (without --from) takes. The simulation's exact sign-flip test grows
# with the trials per task (10,000 repeats took 45 s for 10 tasks on a loaded 2-core machine, 1,000,000 ran
# unbounded), and past 1,000 a task's own coin-flip noise is under 2.3 points, so the tasks set the plan, not
# repeats. A plan --from a pilot is a formula (no simulation; --sequential's rounds are its own), so it has
# no such limit.
MAX_PLAN_REPEATS = 1000

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

# The statistics (scipy, numpy) are imported inside the command, so `memeval plan --help` starts
# without them.


@app.command()
@translate_errors
def plan(
    ctx: typer.Context,
    effect: Annotated[float, typer.Option(help="The difference in pass rate to detect, e.g. 0.15 for 15 points.")],
    repeats: Annotated[
        int,
        typer.Option(
            help=f"Trials per task and arm, 1 to {MAX_PLAN_REPEATS} when simulated (with --from: any number, "
            "planned beside 1, 2, 3 and 5).",
            min=1,
        ),
    ] = 3,
    base_rate: Annotated[
        float, typer.Option(help="The baseline pass rate you expect (without --from; a pilot gives its own).")
    ] = 0.5,
    power: Annotated[float, typer.Option(help="Share of runs that should find the effect, e.g. 0.9.")] = 0.8,
    seed: Annotated[
        int, typer.Option(help="Seed of the simulation (without --from, or with --sequential).", min=0)
    ] = 20240601,
    pilot: Annotated[
        str | None,
        typer.Option(
            "--from",
            help="A pilot run (folder or id): plan from the spread of its per-task differences.",
        ),
    ] = None,
    sequential: Annotated[
        bool,
        typer.Option(
            "--sequential/--no-sequential",
            help="With --from: also size the sequential design (ab --until-decided) by simulation on the pilot's "
            "tasks: tasks, most rounds, expected trials at the effect and at no difference. Slow: about 20 s of "
            "CPU for the sample's pilot at the default --sims (longer on a busy machine), each size tried "
            "named on stderr as it starts.",
        ),
    ] = False,
    sims: Annotated[
        int, typer.Option(help="With --sequential: simulated runs per size tried (more is surer and slower).", min=20)
    ] = 200,
    runs_dir: RunsDir = Path("runs"),
    as_json: Annotated[bool, typer.Option("--json", help="Print the plan as JSON.")] = False,
) -> None:
    """How many tasks a run needs to find a given effect at a given --power (80% by default).

    Without --from: a seeded simulation of the verdict procedure at --base-rate; treat the answer
    as +-10%. With --from RUN: the spread of per-task differences is estimated from the pilot run
    (between-task and within-task variance, as Miller's "Adding Error Bars to Evals" does) and
    the answer is given for 1, 2, 3 and 5 repeats and --repeats.
    """
    if not -1.0 <= effect <= 1.0:  # also nan and inf, which every later check let through or misprinted
        raise UsageError(f"effect {effect!r} (--effect) must be a difference in pass rate from -1 to +1, e.g. 0.15")
    if not 0.0 <= base_rate <= 1.0:
        raise UsageError(f"base rate {base_rate!r} (--base-rate) must be a pass rate from 0 to 1, e.g. 0.5")
    if not 0.0 < power < 1.0:
        raise UsageError(f"power {power!r} (--power) must be a share between 0 and 1, not either end, e.g. 0.8")
    _refuse_unused(ctx, pilot is not None, sequential)
    if repeats > MAX_PLAN_REPEATS and pilot is None:
        raise UsageError(
            f"--repeats {repeats} is more than plan simulates ({MAX_PLAN_REPEATS} at most): the simulation's exact "
            "test slows with the trials per task (10,000 take about a minute) and past 1,000 a task's own coin-flip "
            f"noise is under 2.3 points, so the tasks, not the repeats, set the plan; "
            f"use --repeats {MAX_PLAN_REPEATS} or fewer (a plan --from a pilot run takes any number)"
        )
    if pilot is not None:
        _plan_from_pilot(pilot, effect, power, seed, runs_dir, sequential, sims, as_json, repeats)
        return
    from memeval.stats import tasks_for_power

    try:
        n = tasks_for_power(effect, repeats, base_rate=base_rate, power=power, seed=seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    doc = {
        "schema": "memeval.plan/1",
        "schema_version": 1,
        "effect": effect,
        "repeats": repeats,
        "base_rate": base_rate,
        "power": power,
        "seed": seed,
        "tasks": n,
        "trials": n * repeats * 2,
    }
    if as_json:
        echo_json(doc)
        return
    typer.echo(
        f"{n} tasks x {repeats} repeats x 2 arms = {n * repeats * 2} trials give "
        f"{power:.0%} power to find "
        f"{100 * effect:+.0f} points from a {base_rate:.0%} baseline (alpha 0.05; simulated, +-10%)."
    )


def _refuse_unused(ctx: typer.Context, from_pilot: bool, sequential: bool) -> None:
    """Refuse an option typed where the plan asked for does not read it (it was dropped without a word).

    `--base-rate` is read only by the simulated plan (a pilot's own baseline rates set a plan --from it);
    `--sequential` and `--sims` only by a plan --from a pilot, `--sims` only with `--sequential`;
    `--seed` by the simulated plan and by `--sequential`, never by the plan --from a pilot's formula.

    Raises:
        UsageError: naming the option, why it is not read, and the fix (exit 2).
    """
    if from_pilot and option_given(ctx, "base_rate"):
        raise UsageError(
            "--base-rate is not read with --from: a plan from a pilot run takes the baseline pass rates the "
            "pilot measured; drop --base-rate, or drop --from for a simulated plan at --base-rate"
        )
    if not from_pilot and option_given(ctx, "sequential") and sequential:
        raise UsageError(
            "--sequential sizes the sequential design from a pilot run's tasks, and no --from RUN was given; "
            "add --from PILOT_RUN (e.g. a run of `memeval ab TASKS --repeats 2`)"
        )
    if from_pilot and not sequential and option_given(ctx, "seed"):
        raise UsageError(
            "--seed is not read with --from and no --sequential: a plan from a pilot run is a formula on the "
            "pilot's spread, with nothing drawn at random; drop --seed, or add --sequential to seed its "
            "simulated sequential plan"
        )
    if not sequential and option_given(ctx, "sims"):
        raise UsageError("--sims is the simulated runs of --sequential, which was not asked for; add --sequential")


def _plan_from_pilot(
    ref: str,
    effect: float,
    power: float,
    seed: int,
    runs_dir: Path,
    sequential: bool,
    sims: int,
    as_json: bool,
    repeats: int = 3,
) -> None:
    # Planned for 1, 2, 3 and 5 repeats and for `repeats` (--repeats 7 with --from was dropped without a word).

    from memeval.cli._find import locate_run
    from memeval.results import load_run
    from memeval.stats import TaskTrials, TrialObs, pilot_spread, tasks_for_effect

    run = load_run(locate_run(ref, runs_dir))
    arms: dict[str, dict[str, list[TrialObs]]] = {}
    for r in run.result.trials:
        if r.control is not None:
            continue
        outcome = "fault" if r.fault or r.assessment != "scored" else ("pass" if r.verified else "fail")
        arms.setdefault(r.task_id, {"baseline": [], "pack": []})[r.mode].append(TrialObs(outcome=outcome))
    controls = sorted({r.control for r in run.result.trials if r.control is not None})
    if not arms and controls:
        raise UsageError(
            f"the pilot run {run.path.name} has only {' and '.join(controls)} control trials, which a plan leaves "
            "out: pilot with the agent you will test, e.g. `memeval ab TASKS --agent AGENT --repeats 2`"
        )
    modes = run.result.run_card.modes
    if modes is not None:  # a one-arm run: no task can have both arms, whatever its size ("a larger pilot" misled)
        raise UsageError(
            f"the pilot run {run.path.name} is a one-arm run (--arms {' '.join(modes)}): a plan reads the difference "
            "between the arms per task; pilot with both arms, e.g. `memeval ab TASKS --repeats 2` (no --arms)"
        )
    tasks = [TaskTrials(task_id=t, baseline=tuple(a["baseline"]), pack=tuple(a["pack"])) for t, a in arms.items()]
    seq_doc: dict[str, object] | None = None
    try:
        spread = pilot_spread(tasks)
        rows = []
        for k in sorted({1, 2, 3, 5, repeats}):
            n = tasks_for_effect(spread, effect, k, power=power)
            rows.append({"repeats": k, "tasks": n, "trials": 2 * n * k})
        if sequential:
            seq_doc = _sequential_plan(tasks, spread, effect, power, seed, sims)
    except ValueError as exc:
        fix = "an --effect that is not 0" if effect == 0 else "a larger pilot run (more tasks scored in both arms)"
        raise UsageError(f"{exc}; pick {fix}") from exc
    warnings = []
    if spread.repeats == 1:
        warnings.append(
            "the pilot ran 1 repeat per task, so a task's own spread cannot be told from the spread between "
            "tasks: the plans assume the least task-to-task spread the data allow and may need more tasks; "
            "pilot with --repeats 2 or more for a firmer plan"
        )
    doc = {
        "schema": "memeval.plan/2",
        "schema_version": 2,
        "pilot": str(run.path),
        "effect": effect,
        "power": power,
        "seed": seed,
        "spread": spread._asdict(),
        "plans": rows,
        "warnings": warnings,
    }
    if seq_doc is not None:
        doc["sequential"] = seq_doc
    if as_json:
        echo_json(doc)
        return
    typer.echo(
        f"Pilot {run.path.name}: {spread.n_tasks} paired tasks x {spread.repeats} repeat(s); "
        f"mean difference {spread.mean_difference:+.3f}; between-task variance {spread.between:.4f}, "
        f"one trial's variance {spread.within:.4f}."
    )
    for row in rows:
        typer.echo(
            f"  {row['repeats']} repeat(s): {row['tasks']} tasks, {row['trials']} trials for "
            f"{power:.0%} power at {100 * effect:+.0f} points (fixed size, normal approximation)"
        )
    if seq_doc is not None:
        typer.echo(
            f"Sequential (ab --until-decided --max-repeats {seq_doc['max_rounds']}): {seq_doc['tasks']} tasks x "
            f"at most {seq_doc['max_rounds']} rounds, at most {seq_doc['max_trials']} "
            f"trials; power {seq_doc['power']:.2f} at {100 * effect:+.0f} points; expected trials "
            f"{seq_doc['expected_trials_at_effect']:.0f} at {100 * effect:+.0f} points and "
            f"{seq_doc['expected_trials_at_zero']:.0f} at no difference (simulated on the pilot's tasks, "
            f"{seq_doc['sims']} runs each; the fixed {seq_doc['max_rounds']}-repeat plan needs "
            f"{seq_doc['fixed_trials']} trials)."
        )
    for w in warnings:
        typer.echo(f"warning: {w}")


def _sequential_plan(
    tasks: list[TaskTrials], spread: PilotSpread, effect: float, power: float, seed: int, sims: int
) -> dict[str, object]:
    """The sequential plan of `plan --from RUN --sequential` as a JSON-ready dict."""
    import numpy as np

    from memeval.stats import default_sequential_design, plan_sequential

    rates = np.array(
        [(sum(o.outcome == "pass" for o in t.baseline) + 0.5) / (len(t.baseline) + 1) for t in tasks if t.baseline]
    )
    err = err_console()
    plan = plan_sequential(
        spread,
        rates,
        effect,
        power=power,
        design=default_sequential_design(
            max_rounds=1, n_flips=500
        ),  # a plan needs speed more than the last 0.1% of alpha
        seed=seed,
        sims=sims,
        progress=lambda line: err.print(f"plan: {line}", highlight=False),
    )
    doc: dict[str, object] = {
        "tasks": plan.tasks,
        "max_rounds": plan.max_rounds,
        "max_trials": plan.max_trials,
        "power": plan.power,
        "expected_trials_at_effect": plan.trials_at_effect,
        "expected_trials_at_zero": plan.trials_at_zero,
        "false_verdicts_at_zero": plan.false_at_zero,
        "fixed_tasks": plan.fixed_tasks,
        "fixed_trials": 2 * plan.fixed_tasks * plan.max_rounds,
        "sims": plan.sims,
    }
    return doc
