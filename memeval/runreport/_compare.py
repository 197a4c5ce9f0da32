"""Compare two runs task by task: which tasks flipped each way, in each arm.

Two runs are comparable only under the same run card (`memeval.runner.card_differences`); a
field the user means to vary is named with `vary` and turns the refusal into a warning. The pack
arm's pack is not on the run card (the manifest pins it): a different pack is named in a warning
(`pack_warnings`), and `vary` may name `pack` to say it is meant. An arm whose agents were
answered by other models (or the same in other shares) in A than in B is named in a warning too
(`model_warnings`, with the verdict's own rule, `memeval.results.model_mix`). Each arm
of run B is also judged against the same arm of run A with the paired procedure
(`memeval.stats.paired_verdict`, A's arm in the baseline slot), so "better" here means run B's
arm passed more tasks than run A's, beyond chance.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from memeval._runlist import INTERRUPTED_FAULT, measured_verdict
from memeval.errors import RunCardMismatch, UsageError
from memeval.formatting import resume_command
from memeval.results import Run, TrialRecord, model_mix, trial_obs
from memeval.runner import RunCard, card_differences, short_card_differences
from memeval.stats import PairedVerdict, TaskTrials, TrialObs, paired_verdict
from memeval.types import MODES, Mode

COMPARISON_SCHEMA = "memeval.comparison/1"
COMPARISON_SCHEMA_VERSION = 1

Change = Literal["improved", "regressed", "same", "only_in_a", "only_in_b", "not_scored"]
"""How one task's pass rate in one arm moved from run A to run B.

- `improved` / `regressed`: B's pass rate over scored trials is higher / lower than A's (with one
  repeat this is a flip from fail to pass / pass to fail).
- `same`: equal rates. `only_in_a` / `only_in_b`: the task ran in one run only.
- `not_scored`: the task ran in both, but one of them has no scored trial in this arm.
"""


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class TaskChange(_M):
    """One task in one arm, run A against run B (rates are fractions over scored trials)."""

    task_id: str
    mode: Mode
    a_passes: int
    a_scored: int
    b_passes: int
    b_scored: int
    a_rate: float | None
    b_rate: float | None
    change: Change


class ArmComparison(_M):
    """One arm (mode) of both runs: passes side by side, the flips, the paired verdict B vs A."""

    mode: Mode
    a_passes: int
    a_scored: int
    b_passes: int
    b_scored: int
    improved: tuple[str, ...]
    """Tasks whose pass rate rose from A to B (flipped to pass, with one repeat)."""
    regressed: tuple[str, ...]
    """Tasks whose pass rate fell from A to B (flipped to fail, with one repeat)."""
    verdict: PairedVerdict | None
    """`memeval.stats.PairedVerdict` as JSON with A's arm as baseline and B's as pack; None when
    no task was scored in both."""


VARY_PACK = "pack"
"""The `--vary` name of the pack arm's pack and slice, which the run card does not hold (each run's
manifest pins them: `cells.pack` and `slice`), so that two packs can be compared on purpose."""


class PackUsed(_M):
    """The pack a run's pack arm drew its slice from, as the run's manifest pins it.

    The run log does not record the pack file's path, only what is listed here.
    """

    name: str
    version: str
    hash: str
    """`sha256:` of the pack's items (`memeval.packs.Pack.content_hash`)."""
    items_given: int
    """Items given to the pack arm (the manifest's `slice`)."""


class Comparison(_M):
    """The comparison document (`memeval compare --json`)."""

    schema_: str = Field(default=COMPARISON_SCHEMA, alias="schema")
    schema_version: int = COMPARISON_SCHEMA_VERSION
    run_a: str
    run_b: str
    varied: tuple[str, ...]
    """Run-card fields the user said differ on purpose (`--vary`)."""
    card_differences: tuple[str, ...]
    """Every run-card difference, `field: A != B` (only fields in `varied`, or the call refused)."""
    verdict_a: str | None
    verdict_b: str | None
    """Each run's own verdict word (pack against baseline within the run); None for a run whose every trial
    faulted or was interrupted (it holds `unresolved` from no data, as `memeval runs` shows `—`)."""
    pack_a: PackUsed | None
    pack_b: PackUsed | None
    """The pack of each run's pack arm; None for a run without one (both arms cold)."""
    arms: tuple[ArmComparison, ...]
    tasks: tuple[TaskChange, ...]
    warnings: tuple[str, ...]


def _obs(r: TrialRecord) -> TrialObs:
    return trial_obs(r)  # the run's own verdict's view: cost over every attempt


def _by_task(run: Run, mode: Mode) -> dict[str, list[TrialRecord]]:
    out: dict[str, list[TrialRecord]] = {}
    for r in run.result.trials:
        if r.mode == mode:
            out.setdefault(r.task_id, []).append(r)
    return out


def _counts(recs: Sequence[TrialRecord]) -> tuple[int, int]:
    scored = [r for r in recs if r.fault is None and r.assessment == "scored"]
    return sum(1 for r in scored if r.verified), len(scored)


def check_cards(a: Run, b: Run, vary: Sequence[str] = ()) -> tuple[list[str], list[str]]:
    """Check that two runs share their run card except for the `vary` fields.

    Returns:
        (every difference, warnings about the intended ones).

    Raises:
        UsageError: a `vary` name that is not a run-card field (listing the fields).
        RunCardMismatch: a difference in a field not in `vary`, naming each with both values.
    """
    fields = list(RunCard.model_fields)
    for v in vary:
        if v not in fields and v != VARY_PACK:
            raise UsageError(
                f"--vary {v!r} is not a run-card field; use one of: {', '.join(fields)}, "
                f"or {VARY_PACK} (the pack arm's pack)"
            )
    card_a, card_b = a.result.run_card, b.result.run_card
    diffs = card_differences(card_a, card_b)
    unexpected = [d for d in diffs if d.split(":", 1)[0] not in vary]
    if unexpected:
        raise RunCardMismatch(
            f"runs {a.result.run_id} and {b.result.run_id} ran under different run cards: "
            + "; ".join(unexpected)
            + ". Compare runs that differ in one thing, or name it with --vary FIELD."
        )
    warnings = [  # in short (values cut, three spelled out): the whole values are in `card_differences`
        f"run cards differ, as --vary says: {f}: {'; '.join(d[:3])}{f'; and {len(d) - 3} more' if len(d) > 3 else ''}"
        for f, d in short_card_differences(card_a, card_b).items()
    ]
    differing = {d.split(":", 1)[0] for d in diffs}
    warnings += [
        f"--vary {v}: the run cards do not differ in {v}" for v in vary if v not in differing and v != VARY_PACK
    ]
    return diffs, warnings


def pack_used(run: Run) -> PackUsed | None:
    """The pack of `run`'s pack arm (from its manifest), or None when it ran without one."""
    m = run.result.manifest
    pin = m.cells.pack
    if pin is None:
        return None
    return PackUsed(name=pin.name, version=pin.version, hash=pin.hash, items_given=len(m.slice))


def pack_text(p: PackUsed | None) -> str:
    """One pack in words: `fernhill 2026.11.1 (sha256:a7f60dedfcdc..., 13 items given)`, or `no pack`."""
    if p is None:
        return "no pack (both arms cold)"
    n = f"{p.items_given} item{'' if p.items_given == 1 else 's'} given"
    return f"{p.name} {p.version} ({p.hash[:19]}..., {n})"


def same_run_warnings(a: Run, b: Run) -> list[str]:
    """A warning when A and B are one run (the same id): every task reads `same` and nothing can differ.

    A run id typed twice, or a run and a copy of its folder, compares without a word otherwise: the
    comparison looks like two runs that agreed on every task.
    """
    if a.result.run_id != b.result.run_id:
        return []
    return [
        f"A and B are the same run ({a.result.run_id}): nothing can differ; name two runs (`memeval runs` lists them)"
    ]


def unfinished_warnings(a: Run, b: Run) -> list[str]:
    """One warning for each of A and B that did not complete, naming how to finish it.

    Each says the run's status, the trials that ended of those planned (and how many the run's stop
    interrupted) and the `--resume` command (for a run still at work: to compare again once it ends); without
    it, the run's tasks with no scored trial read
    only `not_scored` in the comparison, which says nothing of why.
    """
    out = []
    for name, run in (("A", a), ("B", b)):
        if run.status == "completed":
            continue
        res = run.result
        if run.status == "running":  # a memeval process is at work on it: `--resume` is refused meanwhile
            out.append(
                f"run {name} ({res.run_id}) is running: {len(res.trials)} of {res.coverage.expected_trials} planned "
                "trials ended so far; compare again once it ends"
            )
            continue
        cut = sum(1 for r in res.trials if r.fault is not None and r.fault.code == INTERRUPTED_FAULT)
        out.append(
            f"run {name} ({res.run_id}) is {run.status}: {len(res.trials)} of {res.coverage.expected_trials} "
            f"planned trials ended{f', {cut} of them interrupted' if cut else ''}; finish it with "
            f"`{resume_command(run.path, res.run_id)}` and compare again"
        )
    return out


def said_verdict(run: Run) -> str | None:
    """The run's verdict as `memeval runs` lists it: None when it has none, or when it measured nothing.

    A run whose every trial faulted or was interrupted holds `unresolved` (p = 1) from no data;
    `memeval._runlist.measured_verdict` decides, as for the listing's `verdict_reason`.
    """
    res = run.result
    v = res.verdict
    codes = [r.fault.code for r in res.trials if r.fault is not None]
    interrupted = sum(c == INTERRUPTED_FAULT for c in codes)
    said, _p, _why = measured_verdict(
        v.verdict if v else None, v.p_value if v else None, len(res.trials), len(codes) - interrupted, interrupted
    )
    return said


def nothing_measured_warnings(a: Run, b: Run) -> list[str]:
    """One warning for each of A and B whose every trial faulted or was interrupted: its verdict is no finding."""
    out = []
    for name, run in (("A", a), ("B", b)):
        if run.result.trials and said_verdict(run) is None and run.result.verdict is not None:
            out.append(
                f"run {name} ({run.result.run_id}) measured nothing: every trial faulted or was interrupted, so "
                f"its verdict is left out; each trial's fault: memeval results {run.result.run_id}"
            )
    return out


def pack_warnings(a: Run, b: Run, vary: Sequence[str] = ()) -> list[str]:
    """Warnings when the two runs' pack arms drew on different packs or slices (or `--vary pack` when not).

    A different pack (or a different slice of it) changes what the pack arm measures, so each
    pack-arm change from A to B includes it. Unlike a run-card difference this is not refused:
    comparing two packs is what such a pair of runs is for; `--vary pack` says it is meant.
    """
    pa, pb = pack_used(a), pack_used(b)
    slice_a, slice_b = a.result.manifest.slice, b.result.manifest.slice
    meant = VARY_PACK in vary
    if pa == pb and slice_a == slice_b:
        return [f"--vary {VARY_PACK}: both runs used the same pack, {pack_text(pa)}"] if meant else []
    what = "different packs" if (pa and pa.hash) != (pb and pb.hash) else "different items of one pack"
    both = f"A {pack_text(pa)}, B {pack_text(pb)}"
    if meant:
        return [f"the runs used {what}, as --vary says: {both}"]
    return [
        f"the runs used {what}: {both}; the pack arm's changes include that change "
        f"(say it is meant with --vary {VARY_PACK})"
    ]


def model_warnings(a: Run, b: Run) -> list[str]:
    """Per arm, a warning when run A's and run B's agents were answered by different models or mixes of them.

    The agent names the model of every call and the proxy forwards any, and the run card holds only the
    `--model` memeval passed on: two runs under one card whose pack arms' agents used the same small and
    large models, B's sending the large one most of its calls (its pack said so), read as a better pack.
    `memeval.results.model_mix` decides, as it does for the verdict's arms (`MODEL_SHARE_GAP`).
    """
    out = []
    for mode in MODES:
        groups = {run: [r for r in x.result.trials if r.mode == mode] for run, x in (("A", a), ("B", b))}
        line = model_mix(groups, f"the {mode} arm's agents of runs A and B", "what else differs between the runs")
        if line is not None:
            out.append(line)
    return out


def compare_runs(a: Run, b: Run, vary: Sequence[str] = (), seed: int = 20240601) -> Comparison:
    """Compare run B against run A, task by task and arm by arm.

    Args:
        a: the reference run.
        b: the run compared with it.
        vary: run-card fields allowed to differ (each named in a warning).
        seed: seed of the paired procedure's permutation and bootstrap.

    Raises:
        UsageError, RunCardMismatch: see `check_cards`.
    """
    diffs, warnings = check_cards(a, b, vary)
    warnings += same_run_warnings(a, b)
    warnings += pack_warnings(a, b, vary)
    tasks: list[TaskChange] = []
    arms: list[ArmComparison] = []
    for mode in MODES:
        ta, tb = _by_task(a, mode), _by_task(b, mode)
        inputs = []
        up: list[str] = []
        down: list[str] = []
        for task_id in list(ta) + [t for t in tb if t not in ta]:
            ap, an = _counts(ta.get(task_id, []))
            bp, bn = _counts(tb.get(task_id, []))
            ra, rb = (ap / an if an else None), (bp / bn if bn else None)
            change: Change
            if task_id not in tb:
                change = "only_in_a"
            elif task_id not in ta:
                change = "only_in_b"
            elif ra is None or rb is None:
                change = "not_scored"
            else:
                change = "improved" if rb > ra else "regressed" if rb < ra else "same"
                inputs.append(
                    TaskTrials(
                        task_id=task_id,
                        baseline=tuple(_obs(r) for r in ta[task_id]),
                        pack=tuple(_obs(r) for r in tb[task_id]),
                    )
                )
            (up if change == "improved" else down if change == "regressed" else []).append(task_id)
            tasks.append(
                TaskChange(
                    task_id=task_id,
                    mode=mode,
                    a_passes=ap,
                    a_scored=an,
                    b_passes=bp,
                    b_scored=bn,
                    a_rate=ra,
                    b_rate=rb,
                    change=change,
                )
            )
        verdict = None
        if inputs:
            verdict = paired_verdict(inputs, perm_seed=seed, boot_seed=seed)
        arms.append(
            ArmComparison(
                mode=mode,
                a_passes=sum(t.a_passes for t in tasks if t.mode == mode),
                a_scored=sum(t.a_scored for t in tasks if t.mode == mode),
                b_passes=sum(t.b_passes for t in tasks if t.mode == mode),
                b_scored=sum(t.b_scored for t in tasks if t.mode == mode),
                improved=tuple(up),
                regressed=tuple(down),
                verdict=verdict,
            )
        )
    warnings += model_warnings(a, b)
    warnings += unfinished_warnings(a, b)
    warnings += nothing_measured_warnings(a, b)
    ran = {run: x.result.run_card.modes or MODES for run, x in (("A", a), ("B", b))}
    for mode in MODES:  # a one-arm run (`memeval ab --arms`) ran its tasks, but not this arm of them
        if (mode in ran["A"]) != (mode in ran["B"]):
            has, lacks = ("A", "B") if mode in ran["A"] else ("B", "A")
            warnings.append(
                f"the {mode} arm ran in run {has} only (run {lacks} is a one-arm run, --arms "
                f"{' '.join(ran[lacks])}): that arm is not compared"
            )
    only = sorted(
        {
            t.task_id
            for t in tasks
            if t.change in ("only_in_a", "only_in_b") and t.mode in ran["A"] and t.mode in ran["B"]
        }
    )
    if only:
        warnings.append(f"{len(only)} task(s) ran in one run only and are not compared: {', '.join(only)}")
    if any(r.control for r in a.result.trials) or any(r.control for r in b.result.trials):
        warnings.append("control trials (oracle/nop) are compared like any other")
    return Comparison(
        run_a=a.result.run_id,
        run_b=b.result.run_id,
        varied=tuple(vary),
        card_differences=tuple(diffs),
        verdict_a=said_verdict(a),
        verdict_b=said_verdict(b),
        pack_a=pack_used(a),
        pack_b=pack_used(b),
        arms=tuple(arms),
        tasks=tuple(tasks),
        warnings=tuple(warnings),
    )
