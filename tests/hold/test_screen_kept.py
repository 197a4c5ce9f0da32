"""The hold screen's kept conditions and literal database (`_screen_kept`, `memeval._literals`, `memeval._diskcache`).

A process reads what an earlier one derived (observable: the screen says where its conditions and
database came from), gets the very conditions a parse gives, and the same verdicts; an entry that is
corrupted, foreign, written by another account or a database that misses literals is not used but
rebuilt, with the same verdicts. The damage is done to round 18's rules' screen (12 rules, parsed in
0.03 s), the comparisons with every rule's.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from memeval import _diskcache
from memeval.hold import _rules
from memeval.hold._screen import RuleScreen

ROOT = Path(__file__).resolve().parents[2]
ALL_RULES = tuple(r for name in dir(_rules) if re.fullmatch(r"RULES(?:_V\d+)?", name) for r in getattr(_rules, name))
SOME_RULES = _rules.RULES_V18
"""Round 18's rules: 1,004 literals (enough to keep their database), parsed in 0.03 s where all take 0.65."""


def _fixture_texts(every: int = 1) -> list[str]:
    out = []
    for path in sorted(ROOT.glob("tests/fixtures/hold_*/*.jsonl")):
        out += [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out[::every]


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "memeval" / "derived"


def test_a_second_screen_reads_what_the_first_kept_and_decides_the_same(cache_home: Path) -> None:
    first = RuleScreen(ALL_RULES)
    texts = _fixture_texts(every=10)
    answers = [first.possible(t) for t in texts]  # compiles (and keeps) the literal database
    assert (first.needs_from, first._literals.built_from) == ("parsed", "compiled")
    kept = {p.name: p.stat().st_mtime_ns for p in cache_home.iterdir()}
    assert len(kept) == 2 and all((cache_home / n).stat().st_mode & 0o077 == 0 for n in kept)

    second = RuleScreen(ALL_RULES)
    assert [second.possible(t) for t in texts] == answers
    assert (second.needs_from, second._literals.built_from) == ("cache", "cache")  # nothing parsed or compiled
    assert {p.name: p.stat().st_mtime_ns for p in cache_home.iterdir()} == kept  # nor written again
    assert second.needs == first.needs  # the conditions read back are those parsed


@pytest.mark.parametrize("damage", ["flip-a-byte", "truncate", "foreign-key", "group-writable", "symlink"])
def test_a_damaged_entry_is_rebuilt(cache_home: Path, damage: str) -> None:
    texts = _fixture_texts(every=20)
    reference = RuleScreen(SOME_RULES)
    answers = [reference.possible(t) for t in texts]
    assert len(list(cache_home.glob("*.bin"))) == 2
    for path in cache_home.glob("*.bin"):
        data = path.read_bytes()
        if damage == "flip-a-byte":
            path.write_bytes(data[:-100] + bytes([data[-100] ^ 0x20]) + data[-99:])
        elif damage == "truncate":
            path.write_bytes(data[: len(data) // 2])
        elif damage == "foreign-key":  # a whole, checksummed entry written for other inputs
            head = len(_diskcache.FORMAT)
            path.write_bytes(data[:head] + b"0" * 64 + data[head + 64 :])
        elif damage == "group-writable":
            path.chmod(0o664)
        else:
            other = path.with_suffix(".elsewhere")
            path.rename(other)
            path.symlink_to(other)
    again = RuleScreen(SOME_RULES)
    assert [again.possible(t) for t in texts] == answers
    assert (again.needs_from, again._literals.built_from) == ("parsed", "compiled")
    assert all(p.is_file() and not p.is_symlink() and p.stat().st_mode & 0o077 == 0 for p in cache_home.glob("*.bin"))
    third = RuleScreen(SOME_RULES)  # the rebuilt entries replaced the damaged ones
    assert [third.possible(t) for t in texts] == answers
    assert (third.needs_from, third._literals.built_from) == ("cache", "cache")


def test_a_folder_others_can_write_is_neither_read_nor_written(cache_home: Path) -> None:
    RuleScreen(SOME_RULES).present("warm")
    cache_home.chmod(0o777)
    before = {p.name: p.stat().st_mtime_ns for p in cache_home.iterdir()}
    screen = RuleScreen(SOME_RULES)
    screen.present("warm")
    assert (screen.needs_from, screen._literals.built_from) == ("parsed", "compiled")
    assert {p.name: p.stat().st_mtime_ns for p in cache_home.iterdir()} == before


def test_a_kept_database_missing_literals_is_rebuilt(cache_home: Path) -> None:
    """A whole, checksummed entry under the right key whose database lacks half its literals (stale or forged)."""
    import hyperscan

    screen = RuleScreen(SOME_RULES)
    screen.present("warm")
    (path,) = cache_home.glob("literals-*.bin")
    key = path.read_bytes()[len(_diskcache.FORMAT) : len(_diskcache.FORMAT) + 64].decode()
    words = screen._literals._scanned
    kept = range(0, len(words), 2)
    forged = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
    forged.compile(
        expressions=[words[i].encode("utf-8", "surrogatepass") for i in kept],
        ids=list(kept),
        elements=len(kept),
        flags=[hyperscan.HS_FLAG_SINGLEMATCH] * len(kept),
        literal=True,
    )
    assert _diskcache.write("literals", key, hyperscan.dumpb(forged))
    again = RuleScreen(SOME_RULES)
    texts = _fixture_texts(every=20)
    assert [again.possible(t) for t in texts] == [screen.possible(t) for t in texts]
    assert (again.needs_from, again._literals.built_from) == ("cache", "compiled")


_ASSESS = """
import json, sys
from memeval.hold import _screen
from memeval.hold import get_hold_detector
d = get_hold_detector()
texts = json.loads(sys.stdin.read())
out = [[a.held, a.score, [[r.rule, r.start, r.end] for r in a.reasons], a.detector]
       for a in (d.assess(t, "agent") for t in texts)]
print(json.dumps({"verdicts": out, "needs_from": _screen._ALL.needs_from,
                  "built_from": _screen._ALL._literals.built_from}))
"""


def test_verdicts_are_the_same_with_and_without_the_cache(tmp_path: Path) -> None:
    """Two real processes with the default detector on every 40th hold fixture text: a cold cache, then a warm one."""
    texts = json.dumps(_fixture_texts(every=40))
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))

    def run() -> dict[str, Any]:
        done = subprocess.run(
            [sys.executable, "-c", _ASSESS], input=texts, env=env, capture_output=True, text=True, check=True
        )
        return json.loads(done.stdout)  # type: ignore[no-any-return]  # the script's one JSON document

    cold = run()
    warm = run()
    assert (cold["needs_from"], cold["built_from"]) == ("parsed", "compiled")
    assert (warm["needs_from"], warm["built_from"]) == ("cache", "cache")
    assert warm["verdicts"] == cold["verdicts"]
    assert any(v[0] for v in cold["verdicts"]) and not all(v[0] for v in cold["verdicts"])


def test_writing_an_entry_removes_the_kinds_stale_ones(cache_home: Path) -> None:
    assert _diskcache.write("probe", "a" * 64, b"old")
    (stale,) = cache_home.glob("probe-*.bin")
    month = time.time() - _diskcache.STALE_S - 60
    os.utime(stale, (month, month))
    assert _diskcache.write("other", "b" * 64, b"other kind")
    assert stale.exists()  # another kind's write leaves it
    assert _diskcache.write("probe", "c" * 64, b"new")
    assert [p.name for p in cache_home.glob("probe-*.bin")] == [f"probe-{'c' * 32}.bin"]
    assert _diskcache.read("probe", "c" * 64) == b"new" and _diskcache.read("probe", "a" * 64) is None
