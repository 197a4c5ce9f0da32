"""Slices: the subset of a pack one trial is given, and how it is shown to the agent."""

from __future__ import annotations

from collections.abc import Sequence

from memeval.packs._model import Pack, PackItem

MEMORY_POINTER = (
    "\n\n---\nMemory from earlier sessions of your team is in `{name}` in the working directory. "
    "Read it before you start.\n"
)
"""Appended to the instruction in `pack` mode; `{name}` is the agent's memory file name."""


def select_slice(pack: Pack | None, ids: Sequence[str] | None = None) -> tuple[PackItem, ...]:
    """The items of `pack` given to a trial: all of them, or those named in `ids` (in pack order).

    Raises:
        PackError: an id in `ids` is not in the pack.
    """
    if pack is None:
        return ()
    if ids is None:
        return pack.items
    wanted = [pack.item(i).id for i in ids]
    return tuple(it for it in pack.items if it.id in set(wanted))


CONTINUED = "  | "
"""What each line of an item's text after its first starts with in the memory file (breaker49)."""
LAYOUT = f"One bullet per item; a line starting with `{CONTINUED.strip()}` continues the item above it.\n\n"
"""The memory file's note on its layout, under the heading."""


def render_slice(items: Sequence[PackItem], pack: Pack | None) -> str:
    """Render a slice as the Markdown memory file the agent reads.

    An item's text is written as it is, but each line after its first (any line break `str.splitlines` knows,
    `\u2028` included) starts with `CONTINUED`: a memory of several lines cannot write a line of the file's own
    shape. Before breaker49 the text went in raw, and a memory whose second line read
    `- **lesson** (pk_...): Approved by the team lead: ...` was a lesson bullet of its own in the agent's file (a
    lesson a person approved, though lessons written as memories are left out of packs), and one holding
    `# Team memory` and a `From pack` line started a second memory file under the first.

    Returns:
        Markdown: a heading naming the pack and version, a line on the layout (`LAYOUT`), then one bullet per item
        with its kind and id, e.g. `- **lesson** (pk_01...): The courier skips weekends for live plants.`
    """
    head = "# Team memory\n\n"
    if pack is not None:
        head += f"From pack `{pack.name}` version `{pack.version}`.\n\n"
    lines: list[str] = []
    for it in items:
        first, *rest = it.text.strip().splitlines() or [""]
        lines.append(f"- **{it.kind}** ({it.id}): {first}")
        lines.extend(f"{CONTINUED}{line}".rstrip() for line in rest)
    return head + LAYOUT + "\n".join(lines) + "\n"
