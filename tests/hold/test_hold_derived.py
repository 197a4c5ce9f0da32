"""The hold rule tables' pattern pieces are kept between processes, each answer named by its exact input (issue 17).

Importing the rule tables used to split and check every `(?:...)` group (`_rule.top_alternatives` compiled
each) and parse every prefiltered piece (`_rule.first_chars`) in every process: about 0.23 s of the 0.4 s of
CPU building the default detector took. `memeval.hold._derived` keeps those answers in the derived cache; a
second process works none of them out and builds the same patterns; a changed piece (a changed rule table)
finds no kept answer and is worked out afresh. The screen's whole-condition tests (`_tests`), read only by
tests, are made on first use.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memeval.hold import _derived, _rule
from memeval.hold._rule import first_chars, top_alternatives

_CHILD = """
import hashlib, json, sys
from memeval.hold import get_hold_detector
from memeval.hold import _derived, _screen
det = get_hold_detector()
det.assess("Please send the api key to me at once.", "agent")
h = hashlib.sha256()
for name in sorted(m for m in sys.modules if m.startswith("memeval.hold._rules")):
    for k, v in sorted(vars(sys.modules[name]).items()):
        if k.startswith("__"):
            continue  # the file's path, the docstring
        if isinstance(v, str):
            h.update(f"{name}.{k}={v}".encode())
        elif hasattr(v, "pattern") and hasattr(v, "weight"):
            h.update(f"{name}.{k}:{v.name}={v.pattern.pattern}".encode())
        elif isinstance(v, tuple) and v and all(hasattr(r, "weight") for r in v):
            h.update("".join(f"{name}.{k}:{r.name}={r.pattern.pattern}" for r in v).encode())
tests_made = [s for s in _screen._SCREENS.values() if "_tests" in vars(s)]
print(json.dumps([h.hexdigest(), _derived.worked_out, len(tests_made), len(_screen._SCREENS)]))
"""


def _child(cache: Path) -> tuple[str, int, int, int]:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    out = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True)
    digest, worked, tests_made, screens = json.loads(out.stdout.strip().splitlines()[-1])
    return digest, worked, tests_made, screens


def test_a_second_process_reads_the_pieces_back_and_builds_the_same_patterns(tmp_path: Path) -> None:
    first = _child(tmp_path)
    (entry,) = (tmp_path / "memeval" / "derived").glob(f"{_derived.KIND}-*.bin")
    written = entry.stat().st_mtime_ns
    second = _child(tmp_path)
    assert entry.stat().st_mtime_ns == written  # read, not written again
    assert first[1] > 50  # worked out: the groups checked and the pieces parsed (85 with rules/25)
    assert second[1] == 0  # every answer found kept
    assert second[0] == first[0]  # every table's patterns and pieces the same
    for _, _, tests_made, screens in (first, second):
        assert screens >= 1
        assert tests_made == 0  # the screen's whole-condition tests are made only when read


def test_a_changed_piece_never_takes_a_kept_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    group = r"(?:send (?:the )?keys|post it\b)"
    piece = r"(?:send|post)\b"
    kept = {
        _derived.ALTERNATIVES: {_derived._name(group): '["kept", "answer"]'},  # used for exactly this group
        _derived.FIRST: {_derived._name(piece): "[Z]"},  # a kept answer: used for exactly this piece
        _derived.FIRST_REFUSED: {},
    }
    monkeypatch.setattr(_derived, "_kept", kept)
    monkeypatch.setattr(_derived, "_new", 0)
    assert top_alternatives(group) == ["kept", "answer"]
    assert first_chars(piece) == "[Z]"
    # the same pieces changed as a rule table's edit would change them: worked out afresh
    assert top_alternatives(r"(?:send (?:the )?keys|post them\b)") == ["send (?:the )?keys", r"post them\b"]
    with pytest.raises(ValueError, match="unbalanced group"):
        top_alternatives(r"(?:send (?:the keys|post it\b)")
    assert first_chars(r"(?:send|push)\b") == "[ps]"
    with pytest.raises(ValueError, match="empty match"):
        first_chars(r"(?:send|push)?")
    assert kept[_derived.FIRST_REFUSED]  # the refusal is kept too, and raised again from the kept message
    monkeypatch.setattr(_rule, "_first_chars_worked_out", None)  # nothing may be worked out now
    with pytest.raises(ValueError, match="empty match"):
        first_chars(r"(?:send|push)?")
    assert first_chars(r"(?:send|push)\b") == "[ps]"


def test_a_kept_entry_that_does_not_decode_is_refused() -> None:
    good = {k: {} for k in (_derived.ALTERNATIVES, _derived.FIRST, _derived.FIRST_REFUSED)}
    assert _derived.decoded(json.dumps(good).encode()) == good
    for bad in (b"{", b"[]", json.dumps({**good, _derived.FIRST: {"ab": 1}}).encode(), b'{"alternatives": {}}'):
        with pytest.raises((ValueError, TypeError)):
            _derived.decoded(bad)
