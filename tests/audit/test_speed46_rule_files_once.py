"""Building the redactor parses each packaged rule file once (issue 17: what every ingest and server pays at start).

The context, key-end, keyword-cut, glued and cut readers each parsed the same `memeval/redact/rules/*.toml`
files with `tomllib` (pure Python): `kingfisher.toml` (260 KB) three times, `noseyparker.toml` and
`betterleaks.toml` three times, `veles.toml` four, about 0.13 s of CPU in every process that redacts.
Counted here in this process: the parses made while a `Redactor` is built, by file.
"""

from __future__ import annotations

import importlib
import tomllib
from collections import Counter
from importlib import resources

import pytest


def test_a_redactor_build_parses_each_rule_file_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from memeval.redact._redactor import Redactor

    rules = resources.files("memeval.redact").joinpath("rules")
    by_text = {p.read_text("utf-8"): p.name for p in rules.iterdir() if p.name.endswith(".toml")}
    try:  # parsed on first use per process: forget what this process parsed already
        importlib.import_module("memeval.redact._rulefiles").rule_file.cache_clear()
    except ModuleNotFoundError:
        pass  # a tree that parses at each use: nothing to forget
    from memeval.redact import _glued

    if hasattr(_glued, "_derived"):
        _glued._derived.cache_clear()
    parses: Counter[str] = Counter()
    real = tomllib.loads

    def counted(text: str, **kw: object) -> dict[str, object]:
        parses[by_text.get(text, "(another text)")] += 1
        return real(text, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(tomllib, "loads", counted)
    Redactor()
    packaged = {name: n for name, n in parses.items() if name != "(another text)"}
    assert packaged, "no packaged rule file was parsed: the count saw nothing"
    assert {name: n for name, n in packaged.items() if n > 1} == {}, packaged
