"""Plain-text tables fitted to the terminal: `memeval runs` (and `--from-index`), without rich.

A listing is printed at its natural width in a pipe or a file (each run one whole line, for `grep`
and `cut`), and at its natural width on a terminal wide enough for it. On a narrower terminal the
lines of 150 characters were wrapped by the terminal itself, every run's row broken at a different
column, so no column could be read down. There, `fit_lines` first leaves out the columns every run
has the same value in (named, with the value, in a note under the table, as `memeval results` does)
and then wraps the widest cells at their spaces inside their own column, onto more lines, so the
columns stay aligned; the columns named in `whole` (the run id, the verdict) are never wrapped. A
terminal too narrow even for that (one where a word would be broken: 80 columns for the sample's
run) gets one block a run instead: its id on a line, then `column: value` items on indented lines.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from typing import TYPE_CHECKING, NamedTuple

import typer

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["LISTING_KEPT", "LISTING_WHOLE", "FittedTable", "echo_listing", "fit_lines", "terminal_width"]

GAP = "  "
"""What stands between two columns."""

NARROWEST = 20
"""Characters a block's line keeps at least on the narrowest terminal (an item wraps within them)."""

INDENT = "  "
"""What a block's lines after its first (the run id) begin with."""

ITEM_GAP = " · "
"""What stands between two `head: cell` items on a block's line."""


LISTING_KEPT = frozenset({"run", "status", "trials", "verdict", "p"})
"""Columns of a run listing a narrow terminal keeps even when every run has the same value in them."""

LISTING_WHOLE = frozenset({"run", "verdict", "p"})
"""Columns of a run listing never wrapped on a narrow terminal (a run id is copied whole)."""


class FittedTable(NamedTuple):
    """`fit_lines`' answer: the lines to print (head first) and the note on what was left out, or None."""

    lines: list[str]
    note: str | None


def echo_listing(title: str, table: Sequence[tuple[str, ...]]) -> None:
    """`title`, then a run listing's `table` (its head first) fitted to the terminal (`fit_lines`), then its note.

    Columns two spaces apart, no trailing spaces; in a pipe or a file each run is one whole line.
    """
    fitted = fit_lines(list(table), terminal_width(), LISTING_KEPT, LISTING_WHOLE)
    typer.echo(title)
    for line in fitted.lines:
        typer.echo(line)
    if fitted.note is not None:
        typer.echo(fitted.note)


def terminal_width() -> int | None:
    """Columns of the terminal standard output is on (`COLUMNS` first, as `ls` and rich read it); None off one.

    None for a pipe or a file: there every line stays whole, at the table's natural width.
    """
    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size().columns


def fit_lines(
    table: list[tuple[str, ...]], width: int | None, keep: frozenset[str], whole: frozenset[str]
) -> FittedTable:
    """`table` (its head first) as aligned lines no wider than `width` where it can be done.

    Args:
        table: the head row, then one row of cells a run; every row as long as the head.
        width: the terminal's columns; None: no limit (a pipe or a file).
        keep: head names of columns never left out, even when every row has the same value in them.
        whole: head names of columns never wrapped (a run id to copy, a one-word verdict).

    Returns:
        The lines, without trailing spaces, and a note naming the columns left out with their value
        (None when none was: also for blocks, which show every field). Lines are at most `width`
        long, but for a run id (or other first cell) longer than it and on a terminal narrower than
        `NARROWEST` plus the indent, where a block's lines keep `NARROWEST` characters.
    """
    head, rows = table[0], table[1:]
    if width is None or _natural_width(table) <= width:
        return FittedTable(_aligned(table), None)
    cols = list(range(len(head)))
    same = [i for i in cols if head[i] not in keep and len(rows) > 1 and len({r[i] for r in rows}) == 1]
    note = None
    if same:
        said = ", ".join(f"{head[i]} {rows[0][i]}" if rows[0][i].strip(" —") else f"{head[i]} empty" for i in same)
        note = (
            f"(a terminal of {width} columns: left out the columns the same in every run: {said}; a wider terminal"
            " or --json shows every field)"
        )
        cols = [i for i in cols if i not in same]
    kept = [tuple(row[i] for i in cols) for row in table]
    names = [head[i] for i in cols]
    widths = [max(len(row[j]) for row in kept) for j in range(len(cols))]
    wrappable = [j for j, name in enumerate(names) if name not in whole]
    _shrink(widths, wrappable, _longest_words(kept), width - len(GAP) * (len(cols) - 1))
    if sum(widths) + len(GAP) * (len(cols) - 1) > width:  # only by breaking words: one run a block instead
        return FittedTable(_blocks(table, width), None)
    lines: list[str] = []
    for row in kept:
        parts = [
            _wrapped(cell, w) if j in wrappable else [cell] for j, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        for k in range(max(len(p) for p in parts)):
            cells = [(p[k] if k < len(p) else "").ljust(w) for p, w in zip(parts, widths, strict=True)]
            lines.append(GAP.join(cells).rstrip())
    return FittedTable(lines, note)


def _blocks(table: list[tuple[str, ...]], width: int) -> list[str]:
    """`table`'s rows as blocks: the first cell on a line, then `head: cell` items packed into indented lines.

    For a terminal too narrow for the table even with its cells wrapped at spaces: every field is
    shown, none cut, and a line breaks between two items (an item longer than a line is wrapped).
    An empty cell (a control run's p) is left out.
    """
    head, rows = table[0], table[1:]
    lines: list[str] = []
    for row in rows:
        lines.append(row[0])
        line = ""
        for name, cell in zip(head[1:], row[1:], strict=True):
            if not cell:
                continue
            item = f"{name}: {cell}"
            if line and len(line) + len(ITEM_GAP) + len(item) <= width:
                line += ITEM_GAP + item
                continue
            if line:
                lines.append(line)
            pieces = textwrap.wrap(item, max(width - len(INDENT), NARROWEST), break_on_hyphens=False)
            lines.extend(INDENT + piece for piece in pieces[:-1])
            line = INDENT + pieces[-1]
        if line:
            lines.append(line)
    return lines


def _natural_width(table: list[tuple[str, ...]]) -> int:
    """The width of `table`'s widest line drawn with no cell wrapped."""
    return max(len(line) for line in _aligned(table))


def _aligned(table: list[tuple[str, ...]]) -> list[str]:
    """`table`'s rows in columns `GAP` apart, each at its widest cell's width, no trailing spaces."""
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return [GAP.join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in table]


def _longest_words(table: list[tuple[str, ...]]) -> list[int]:
    """Per column, its longest word: how narrow it gets without breaking one."""
    return [max((len(word) for row in table for word in row[j].split()), default=1) for j in range(len(table[0]))]


def _shrink(widths: list[int], wrappable: list[int], floor: list[int], room: int) -> None:
    """Narrow the widest of the `wrappable` columns one character at a time until `widths` fit `room`.

    `widths` is changed in place; no column goes below its `floor` (nor is widened to reach it).
    """
    while sum(widths) > room:
        open_ = [j for j in wrappable if widths[j] > floor[j]]
        if not open_:
            return
        widest = max(open_, key=lambda j: widths[j])
        widths[widest] -= 1


def _wrapped(cell: str, width: int) -> list[str]:
    """`cell` on lines of at most `width` characters, broken at spaces; [''] for ''."""
    return textwrap.wrap(cell, width, break_on_hyphens=False, break_long_words=False) or [""]
