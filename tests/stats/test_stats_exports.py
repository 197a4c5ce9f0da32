"""The public surface of memeval.stats is exactly what `__all__` lists."""

from __future__ import annotations

import typing

import memeval.stats as stats_pkg
from memeval.types import VerdictWord


def test_all_names_are_exported_and_public() -> None:
    assert sorted(stats_pkg.__all__) == sorted(set(stats_pkg.__all__))
    for name in stats_pkg.__all__:
        assert getattr(stats_pkg, name) is not None, name
    public = {n for n in vars(stats_pkg) if not n.startswith("_")}
    assert public == set(stats_pkg.__all__)


def test_verdict_word_is_the_shared_literal() -> None:
    hints = typing.get_type_hints(stats_pkg.PairedVerdict)
    assert hints["verdict"] == VerdictWord
    assert set(typing.get_args(VerdictWord)) == {"better", "worse", "unresolved"}
