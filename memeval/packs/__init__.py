"""Packs (versioned sets of memory items) and slices (what one trial is given)."""

from memeval.packs._model import Pack, PackItem, Provenance, load_pack, write_pack
from memeval.packs._slice import MEMORY_POINTER, render_slice, select_slice

__all__ = [
    "MEMORY_POINTER",
    "Pack",
    "PackItem",
    "Provenance",
    "load_pack",
    "render_slice",
    "select_slice",
    "write_pack",
]
