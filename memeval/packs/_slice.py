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


def render_slice(items: Sequence[PackItem], pack: Pack | None) -> str:
    """Render a slice as the Markdown memory file the agent reads.

    Returns:
        Markdown: a heading naming the pack and version, then one bullet per item with its kind
        and id, e.g. `- **lesson** (pk_01...): The courier skips weekends for live plants.`
    """
    head = "# Team memory\n\n"
    if pack is not None:
        head += f"From pack `{pack.name}` version `{pack.version}`.\n\n"
    lines = [f"- **{it.kind}** ({it.id}): {it.text.strip()}" for it in items]
    return head + "\n".join(lines) + "\n"
