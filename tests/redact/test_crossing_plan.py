"""The batch check's plan is kept between processes, its patterns compiled on first use (issue 17).

`_batch.crossing` runs the bundled rules that can cross a batch's separator or anchor at a text's edge,
each behind the strings every match of it holds. Working out which (every rule's pattern parsed twice)
and compiling them cost about 0.3 s of CPU in every process that redacts, before its first text. Now
the plan is kept in the derived cache (`_crossplan.crossing_plan`) and each pattern compiles on its
first search: the kept plan equals one worked out afresh, a fresh redactor has compiled none of
them, a batch compiles only those it runs, and its answers are those of eagerly compiled patterns.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import regex

from memeval.redact import _batch, _crossplan
from memeval.redact._batch import crossing, join
from memeval.redact._solo import rule_details

_CHILD = """
import json
from memeval.redact import _batch, _crossplan
from memeval.redact import get_redactor
red = get_redactor()
rules, edges = _batch._rule_patterns(), _batch._edge_patterns()
lazies = [p for p, _ in rules] + [x for e, p, _ in edges for x in (e, p)]
before = sum(p.is_compiled for p in lazies)
texts = ["Restart the staging worker after a deploy.", "The checkout tests need the payment mock running."]
red.redact_many(texts)
print(json.dumps([_crossplan.crossing_plan() == _crossplan.worked_out(), before,
                  sum(p.is_compiled for p in lazies), len(lazies)]))
"""


def _home_with_kingfishers_cache(tmp_path: Path) -> dict[str, str]:
    theirs = Path.home() / ".cache" / "kingfisher"  # kingfisher's own cache (its compiled rules), or it rebuilds: 3 s
    if theirs.is_dir():
        shutil.copytree(theirs, tmp_path / "kingfisher")
    return dict(os.environ, XDG_CACHE_HOME=str(tmp_path))


def test_the_plan_is_kept_read_back_equal_and_a_fresh_redactor_compiles_none_of_its_patterns(tmp_path: Path) -> None:
    env = _home_with_kingfishers_cache(tmp_path)
    first = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True)
    (entry,) = (tmp_path / "memeval" / "derived").glob(f"{_crossplan.KIND}-*.bin")
    written = entry.stat().st_mtime_ns
    second = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True)
    assert entry.stat().st_mtime_ns == written  # read, not written again
    for out in (first, second):
        same, before, after, total = json.loads(out.stdout.strip().splitlines()[-1])
        assert same  # the kept (or just written) plan is the one worked out afresh
        assert total > 250
        assert before == 0  # building the redactor compiled none of them
        assert after < total // 10  # a batch of ordinary texts compiles the few it runs


def test_a_kept_plan_that_does_not_decode_is_worked_out_again() -> None:
    plan = _crossplan.worked_out()
    assert _crossplan.decoded(_crossplan.encoded(plan), rule_details().__contains__) == plan
    for bad in (
        b"{",
        b'{"rules": 5}',
        _crossplan.encoded(plan).replace(b'"rules_compile": true', b'"rules_compile": 1'),
    ):
        try:
            _crossplan.decoded(bad, rule_details().__contains__)
        except (ValueError, TypeError, KeyError):
            continue
        raise AssertionError(f"decoded {bad[:40]!r}")
    unknown = _crossplan.encoded(plan._replace(rules=(("no.such-rule", None), *plan.rules)))
    try:
        _crossplan.decoded(unknown, rule_details().__contains__)
    except ValueError:
        pass
    else:
        raise AssertionError("a rule id the catalogue lacks was read")


def test_lazily_compiled_patterns_give_the_eager_patterns_answers() -> None:
    rules, edges = _batch._rule_patterns(), _batch._edge_patterns()
    assert rules is not None and edges is not None
    for lazy, _ in rules[:40]:
        assert lazy.compiled().pattern == lazy.pattern
    for edged, _, _ in edges:
        eager = regex.compile(edged.pattern, regex.MULTILINE)
        assert edged.compiled().pattern == eager.pattern and edged.compiled().flags == eager.flags
    batches = [
        ["curl -u admin:\\", "-u deploy:hunter2 https://example.com"],
        ["Restart the worker.", "api_key =", '"Q7wErT9yUi0pAsZx8Cv7Bn6Mm5Ll"'],
        ["sidekiq https://user:pass@sidekiq.example.com", "next text"],
    ]
    for texts in batches:
        joined = join(texts)
        assert crossing(joined) == crossing(joined, prefilter=False)
