"""How runs read on a terminal: a run's trials, a folder's listing, a comparison of two runs.

Shared by the commands that read runs (`read.py`: `runs`, `compare`, `check-tasks`) and by
`memeval results` (`record.py`): its table and summary, its folder-of-runs listing and its two-run
comparison. rich is imported on first use, so `memeval runs` (plain text) starts without it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import typer

from memeval._readerleft import ReaderLeft
from memeval._runlist import INTERRUPTED_FAULT, ONE_ARM_RUN
from memeval.cli._fit import echo_listing
from memeval.cli.app import how_to_make_runs
from memeval.formatting import money, p_words, paired_tasks

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from rich.console import Console
    from rich.table import Table

    from memeval._runlist import ListedRun
    from memeval.eventlog import RunCard
    from memeval.results import Run, RunIndexRow, RunListing
    from memeval.runreport import Comparison, TaskChange


def compare_or_refuse(a: Run, b: Run, vary: Sequence[str]) -> Comparison:
    """`memeval compare A B` and `memeval results A B`: the comparison, or the refusal in one short line.

    Args:
        a: the reference run.
        b: the run compared with it.
        vary: the run-card fields (or `pack`) the user said differ on purpose (`--vary`).

    Raises:
        RunCardMismatch: the cards differ in a field not in `vary`, said by `card_mismatch_line`
            (not `compare_runs`' own message, which has every value in full: hashes, paths, whole mappings).
        UsageError: a `vary` name that is not a run-card field.
    """
    from memeval.errors import RunCardMismatch
    from memeval.runreport import compare_runs

    try:
        return compare_runs(a, b, vary)
    except RunCardMismatch as exc:
        raise RunCardMismatch(card_mismatch_line(a.result.run_card, b.result.run_card, vary)) from exc


def card_mismatch_line(card_a: RunCard, card_b: RunCard, vary: Sequence[str], most: int = 3) -> str:
    """The refusal of `memeval compare` and `memeval results A B` in one short line: what differs and the fix.

    A mapping field (the agent, the task set) is named by its differing keys (`agent.name`), the
    hashes last (a name says more). At most `most` differences are spelled out; the rest are
    counted. Each value is cut to 24 characters. The fix names every differing field as
    `--vary FIELD`.

    Args:
        card_a: run A's run card.
        card_b: run B's run card.
        vary: the fields the user said differ on purpose (left out).
        most: differences spelled out.
    """
    from memeval.runner import short_card_differences

    short = {f: d for f, d in short_card_differences(card_a, card_b).items() if f not in vary}
    fields = list(short)
    parts = [p for d in short.values() for p in d]
    shown = "; ".join(parts[:most]) + (f"; and {len(parts) - most} more" if len(parts) > most else "")
    flags = " ".join(f"--vary {f}" for f in fields)
    return (
        f"the two runs ran under different run cards ({shown}): compare runs that differ in one thing, "
        f"or add {flags} if that is the point (each card in full: memeval results RUN)"
    )


def escape(text: str) -> str:
    """Rich markup escaping, imported on first use (rich is not needed to start a command)."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


PIPED_WIDTH = 10_000
"""Columns of a console that is not a terminal: wide enough that no table cell or line is wrapped."""


def out_console() -> Console:
    """A rich console on standard output: the terminal's width, or `PIPED_WIDTH` for a file or a pipe.

    Piped, rich would wrap at 80 columns (160 here before) and split table cells and run-card
    values over lines; a file gets each line whole, a table at its natural width.
    """
    import sys

    console = _console_class()
    # highlight off: rich's guesses coloured parts of words on a terminal (`sha256:a7f6` as an IPv6 address)
    return console(highlight=False) if sys.stdout.isatty() else console(width=PIPED_WIDTH, highlight=False)


def err_console() -> Console:
    """A rich console on standard error, sized like `out_console` (the terminal's, else `PIPED_WIDTH`)."""
    import sys

    console = _console_class()
    return (
        console(stderr=True, highlight=False)
        if sys.stderr.isatty()
        else console(stderr=True, width=PIPED_WIDTH, highlight=False)
    )


@cache
def _console_class() -> type[Console]:
    """The rich `Console` class, but a closed pipe raises `ReaderLeft` (rich exits 1: `memeval._readerleft`)."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            raise ReaderLeft

    return _Console


def add_task_column(table: Table, header: str, task_ids: Iterable[str], console: Console) -> None:
    """Add a table's task column, whose ids stay whole on a narrow terminal while the other cells wrap.

    Rich shrinks every wrappable column to fit the terminal, and an id (one word) ended in `…`: at 80
    columns the sample's `t01-thursday-order-arrival` read `t01-thursday-order-arr…` (the A/B table) or
    `t01-thursday-…` (`compare`). Ids of up to half the width are never wrapped, so the other columns
    give way first; a longer id, or a table that cannot fit even so, folds onto more lines, never cut.
    Call before the other columns' `add_column` so the task column comes first.
    """
    longest = max((len(i) for i in task_ids), default=0)
    table.add_column(header, no_wrap=longest <= max(console.width // 2 - 4, 20), overflow="fold")


def print_titled(console: Console, title: str, table: Table) -> None:
    """Print `title` on a line of its own (in the style of a table title), then `table`.

    A rich table's own title is wrapped and padded to the table's width: a title longer than a
    narrow table (`check-tasks`' two run ids over a four-column table) was split over lines, and
    every title line ended in spaces up to the table's edge in a pipe or a file. `title` is plain
    text (no markup read), never wrapped or padded here.
    """
    from rich.text import Text

    console.print(Text(title, style="table.title"), soft_wrap=True)
    console.print(table)


def status_text(status: str) -> str:
    """A run's status as the results table's title says it (`interrupted` says how to go on)."""
    return (
        "interrupted: no memeval process runs it; continue with memeval ab --resume"
        if status == "interrupted"
        else status
    )


RESULTS_COLUMNS = ("task", "mode", "rep", "reward", "execution", "assessment", "level", "fault", "time",
                   "tokens in/out", "cost", "control", "tamper")  # fmt: skip
"""The columns of `memeval results RUN`'s table, in order."""

ALWAYS_SHOWN = frozenset({"task", "mode", "rep", "reward", "time", "cost"})
"""Columns a narrow terminal keeps even when every trial has the same value in them (`fitted_results`)."""


def fitted_results(console: Console, rows: Sequence[tuple[str, ...]]) -> tuple[Table, str | None]:
    """The results table of `rows` (cells in `RESULTS_COLUMNS` order), fitted to `console`'s width.

    At its natural width when that fits. On a narrower terminal (80 columns: every cell was cut to
    two characters and `…`, the task ids too), the columns every trial has the same value in (but
    `ALWAYS_SHOWN`) are left out and the rest drawn without side borders, with a note naming what
    was left out and its value (`(a terminal of 80 columns: left out the columns the same in every
    trial: execution completed, ...)`), and a figure too wide for its column wraps instead of ending
    in `…`. Returns (table, note); the note is None when no column was left out.
    """
    from rich import box
    from rich.table import Table

    def table(keep: list[int], narrow: bool = False) -> Table:
        t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True) if narrow else Table()
        for i in keep:  # narrow, a figure wraps rather than end in `…`; a task id is never cut
            t.add_column(
                RESULTS_COLUMNS[i], no_wrap=RESULTS_COLUMNS[i] == "task", overflow="fold" if narrow else "ellipsis"
            )
        for row in rows:
            t.add_row(*(row[i] for i in keep))
        return t

    full = table(list(range(len(RESULTS_COLUMNS))))
    if console.measure(full, options=console.options.update_width(100_000)).maximum <= console.width:
        return full, None
    same = [i for i, c in enumerate(RESULTS_COLUMNS) if c not in ALWAYS_SHOWN and len({r[i] for r in rows}) <= 1]
    if not same:
        return table(list(range(len(RESULTS_COLUMNS))), narrow=True), None
    valued = [f"{RESULTS_COLUMNS[i]} {rows[0][i]}" for i in same if rows and rows[0][i] not in ("", "—")]
    empty = [RESULTS_COLUMNS[i] for i in same if not rows or rows[0][i] in ("", "—")]
    said = "; ".join(p for p in (", ".join(valued), f"{', '.join(empty)} empty" if empty else "") if p)
    note = (
        f"(a terminal of {console.width} columns: left out the columns the same in every trial: {said}; a wider"
        " terminal or --json shows every field)"
    )
    keep = [i for i in range(len(RESULTS_COLUMNS)) if i not in same]
    return table(keep, narrow=True), note


def print_results(run: Run, console: Console, include_controls: bool = False) -> None:
    """One row per trial, then the summary lines and the warnings (`memeval results RUN`)."""
    from memeval.runreport import summarize, summary_lines

    recs = run.to_records(include_controls=True)
    rows: list[tuple[str, ...]] = []
    unmeasured = {r.trial_id: r.physics.unmeasured_calls for r in run.result.trials}
    for x in recs:
        tok = (
            f"{x['input_tokens'] if x['input_tokens'] is not None else '—'}/"
            f"{x['output_tokens'] if x['output_tokens'] is not None else '—'}"
        )
        if unmeasured.get(x["trial_id"]) and (x["input_tokens"] is not None or x["output_tokens"] is not None):
            tok = f"at least {tok} ({unmeasured[x['trial_id']]} call(s) unmeasured)"
        rows.append((
            escape(x["task_id"]),
            x["mode"],
            str(x["repeat"]),
            "—" if x["reward"] is None else f"{x['reward']:g}",
            x["execution"],
            x["assessment"],
            x["level"] or "—",
            fault_cell(x["fault"], x["fault_detail"]),
            "—" if x["wall_ms"] is None else f"{x['wall_ms'] / 1000:.1f}s",
            tok,
            money(x["cost_usd"], 4),
            (x["control"] or "") + (" (left out)" if x["control"] and not include_controls else ""),
            "—" if x["tamper"] is None else str(x["tamper"]),
        ))  # fmt: skip
    t, note = fitted_results(console, rows)
    print_titled(console, f"{run.result.run_id} ({status_text(run.status)})", t)
    if note is not None:
        console.print(escape(note), highlight=False)
    s = summarize(run, include_controls=include_controls)
    for line in summary_lines(s):
        console.print(escape(line), highlight=False)
    if run.result.sequential is not None:
        from memeval.cli._render import render_sequential

        render_sequential(run.result, console)
    for w in s.warnings:  # unwrapped: a warning may end in a command to copy
        console.print(f"[yellow]warning:[/yellow] {escape(w)}", highlight=False, soft_wrap=True)


FAULT_REASON_CHARS = 60
"""How much of a fault's message the results table shows beside its code (`--json` has it all)."""


def fault_cell(code: str | None, detail: dict[str, str] | None) -> str:
    """The results table's fault cell: `code: reason`, the reason's first line cut to 60 characters.

    Args:
        code: the fault's code (`boot`, `agent_crash`, ...), None when the trial did not fault.
        detail: the record's `fault_detail` (`code`, `phase`, `message`), None when it did not fault.

    Returns:
        '' for no fault; else the code and as much of the message as fits, control characters
        spelled out and rich markup escaped (`boot: agent command not found: nosuchbin`). A
        `cancelled` trial (stopped by the run's stop; `--resume` runs it again) reads `interrupted`.
    """
    if not code:
        return ""
    if code == INTERRUPTED_FAULT:
        code = "interrupted"  # the run was stopped while the trial ran; --resume runs it again
    message = " ".join(((detail or {}).get("message") or "").split())
    if not message:
        return escape(code)
    if len(message) > FAULT_REASON_CHARS:
        message = message[: FAULT_REASON_CHARS - 1].rstrip() + "…"
    return escape(f"{code}: {visible(message)}")


def print_listing(runs_dir: str, rows: Sequence[ListedRun | RunListing]) -> None:
    """One line per run folder, in aligned columns (`memeval runs`, `memeval results FOLDER`).

    Plain text, no rich: `memeval runs` starts without it. Text from a run's log (task set, agent,
    an unreadable log's error) is printed with control characters spelled out.
    """
    if not rows:
        typer.echo(f"no run folders in {visible(runs_dir)} yet: {how_to_make_runs(visible(runs_dir))}")
        return
    head = ("run", "started (UTC)", "task set", "pack (items given)", "agent", "status", "trials", "verdict", "p")
    table = [head]
    for r in rows:
        agent = (r.agent or "—") + (" (control)" if r.control else "")
        table.append(
            (
                visible(r.run_id),
                (r.started_at or "—")[:19].replace("T", " "),
                visible(r.task_set or "—"),
                pack_cell(r),
                visible(agent),
                r.status if not r.error else f"unreadable: {visible(r.error)}",
                f"{r.trials}/{r.planned}{faulted_mark(r.trials, r.faulted, r.interrupted)}",
                verdict_cell(r),
                p_cell(r.control, r.p_value),
            )
        )
    echo_listing(f"Runs in {visible(runs_dir)}", table)


def verdict_cell(r: ListedRun | RunListing | RunIndexRow) -> str:
    """A listing's verdict cell: `control`, `one arm` (an `ab --arms` run computes none) or `verdict_so_far`'s."""
    one_arm = r.verdict_reason == ONE_ARM_RUN
    return "control" if r.control else "one arm" if one_arm else verdict_so_far(r.status, r.verdict)


def pack_cell(r: ListedRun | RunListing) -> str:
    """A listing's pack cell: `fernhill@2026.11.1 (13)`, `none (A/A)` for a run with no pack, `—` unknown."""
    if r.pack is not None:
        return f"{visible(r.pack)} ({r.slice_items})"
    return "—" if r.error or r.control else "none (A/A)"


def print_index_listing(where: str, rows: Sequence[RunIndexRow]) -> None:
    """The run index's rows (`memeval runs --from-index`) as `print_listing` prints run folders, with each folder.

    `where` names the index's store. Text the index holds from a run's log (task set, agent,
    folder) is printed with control characters spelled out, as the folder listing does.
    """
    head = ("run", "started (UTC)", "task set", "pack (items given)", "agent", "status", "trials", "verdict", "p",
            "folder")  # fmt: skip
    table = [head]
    old_rows = 0
    for r in rows:
        agent = (r.agent or "—") + (" (control)" if r.control else "")
        old_rows += r.faulted is None
        table.append(
            (
                visible(r.run_id),
                (r.started_at or "—")[:19].replace("T", " "),
                visible(r.task_set or "—"),
                index_pack_cell(r),
                visible(agent),
                visible(r.status) if not r.error else f"unreadable: {visible(r.error)}",
                f"{r.trials}/{r.planned}{faulted_mark(r.trials, r.faulted or 0, r.interrupted or 0)}",
                verdict_cell(r),
                p_cell(r.control, r.p_value),
                visible(r.path),
            )
        )
    echo_listing(f"Runs in the run index at {visible(where)}", table)
    if old_rows:
        typer.echo(
            f"note: {old_rows} run(s) were indexed before the index kept packs and faults (shown `?`): "
            "`memeval runs --index --runs-dir DIR` indexes a folder's runs again",
            err=True,
        )


def index_pack_cell(r: RunIndexRow) -> str:
    """The index listing's pack cell, as `pack_cell`; `?` for a row indexed before the index kept packs."""
    if r.faulted is None:
        return "?"
    if r.pack is not None:
        return f"{visible(r.pack)} ({r.slice_items})"
    return "—" if r.control else "none (A/A)"


def visible(text: str) -> str:
    r"""`text` with control and other unprintable characters written as escapes (`\x1b`), one line."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def p_cell(control: str | None, p_value: float | None) -> str:
    """A listing's p cell: blank for a control run (no A/B test to have a p), `—` for none, else 3 figures."""
    if control:
        return ""
    return "—" if p_value is None else f"{p_value:.3g}"


def verdict_so_far(status: str, verdict: str | None) -> str:
    """A listing's verdict cell: final only for a `completed` run, else `WORD so far` (more trials may come)."""
    if not verdict:
        return "—"
    return verdict if status == "completed" else f"{verdict} so far"


def faulted_mark(trials: int, faulted: int, interrupted: int = 0) -> str:
    """The listing's mark for faulted and interrupted trials.

    `, N faulted` (or `, all faulted: measured nothing` when every trial faulted), then
    `, N interrupted` for trials the run's stop cut short (fault code `cancelled`), which
    `memeval ab --resume` runs again; '' when there are neither.
    """
    mark = ""
    if faulted:
        mark = ", all faulted: measured nothing" if faulted == trials else f", {faulted} faulted"
    if interrupted:
        mark += f", {interrupted} interrupted"
    return mark


def rate(p: int, n: int) -> str:
    """`p/n` passes of scored trials, or `—` when none was scored."""
    return "—" if n == 0 else f"{p}/{n}"


def per_arm_rate(p: int, n: int, trials: int) -> str:
    """`check-tasks`' cell: `rate(p, n)`, with `(one per arm)` when a control's 2 trials of one task were both scored.

    A control runs once in each arm (baseline and pack), so `2/2` alone reads like two tasks or two
    repeats; with one arm unscored the count (`1/1`) stands alone, the problems column saying why.
    """
    return f"{rate(p, n)} (one per arm)" if n == trials == 2 else rate(p, n)


def print_comparison(c: Comparison, console: Console) -> None:
    """The comparison task by task (unboxed on a terminal too narrow for it), the flips and verdict B vs A per arm."""
    from rich import box
    from rich.table import Table

    from memeval.runreport import ARM_LABEL, pack_text

    console.print(f"packs: A {escape(pack_text(c.pack_a))}; B {escape(pack_text(c.pack_b))}", highlight=False)
    for w in c.warnings:
        console.print(f"[yellow]warning:[/yellow] {escape(w)}", highlight=False)
    by = {(x.task_id, x.mode): x for x in c.tasks}
    rows = []
    for task_id in dict.fromkeys(x.task_id for x in c.tasks):
        b, p = by.get((task_id, "baseline")), by.get((task_id, "pack"))
        cells = []
        for x in (b, p):
            cells += ["—", "—"] if x is None else [rate(x.a_passes, x.a_scored), rate(x.b_passes, x.b_scored)]
        rows.append((escape(task_id), *cells, f"{change_words(b)} / {change_words(p)}"))

    def table(narrow: bool) -> Table:  # narrow: no side borders or padding, as `fitted_results` draws it
        t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True) if narrow else Table()
        add_task_column(t, "task", (x.task_id for x in c.tasks), console)
        for col in ("baseline A", "baseline B", "pack A", "pack B", "change (baseline / pack)"):
            t.add_column(col, overflow="fold")  # a word too long for its column folds, never cut
        for row in rows:
            t.add_row(*row)
        return t

    boxed = table(narrow=False)  # boxed at 80 columns, the change column was 7 wide: `(baseli` `ne /`, 2 lines a row
    too_wide = console.measure(boxed, options=console.options.update_width(10**5)).maximum > console.width
    t = table(narrow=True) if too_wide else boxed
    print_titled(
        console, f"A = {c.run_a} (verdict {c.verdict_a or '—'}), B = {c.run_b} (verdict {c.verdict_b or '—'})", t
    )
    for arm in c.arms:
        console.print(
            f"\n[bold]{ARM_LABEL[arm.mode]}[/bold]: A {arm.a_passes}/{arm.a_scored} passed, "
            f"B {arm.b_passes}/{arm.b_scored} passed",
            highlight=False,
        )
        console.print(f"  flipped to pass in B ({len(arm.improved)}): {escape(', '.join(arm.improved)) or '—'}")
        console.print(f"  flipped to fail in B ({len(arm.regressed)}): {escape(', '.join(arm.regressed)) or '—'}")
        if arm.verdict:
            v = arm.verdict
            console.print(
                f"  B against A: [bold]{v.verdict}[/bold] ({escape(reason_words(v.reason))}; "
                f"{escape(p_words(v.p_value, v.p_method))}, {paired_tasks(v.n_tasks_paired)})",
                highlight=False,
            )


CHANGE_WORDS = {
    "improved": "better in B",
    "regressed": "worse in B",
    "same": "same",
    "only_in_a": "only in A",
    "only_in_b": "only in B",
}
"""`memeval compare`'s words for `memeval.runreport.Change` codes (`not_scored` says which run, see
`change_words`); `--json` keeps the codes."""


def change_words(x: TaskChange | None) -> str:
    """One task's change in one arm, in words: `better in B`, `only in A`, `no score in B`, ... (`—`: not run)."""
    if x is None:
        return "—"
    if x.change != "not_scored":
        return CHANGE_WORDS.get(x.change, x.change)
    missing = [name for name, n in (("A", x.a_scored), ("B", x.b_scored)) if n == 0]
    return "no score in " + (" or ".join(missing) if missing else "A or B")


def reason_words(reason: str) -> str:
    """A verdict's reason code in words, in a comparison (between A and B; `memeval.formatting`)."""
    from memeval.formatting import verdict_reason_words

    return verdict_reason_words(reason, between="A and B")
