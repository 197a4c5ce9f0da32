"""The hold detector's slow answers over the fixture and sample texts, pinned in a committed file.

Five slow checks compare a fast path with a slow reference, four of them over every hold fixture and
sample text (13,700-18,340 items):

- `test_hold_fast_paths.py::test_assess_many_gives_the_assessments_of_assess` and
  `tests/audit/test_hold_memo.py::test_remembered_assessments_are_the_fresh_ones`: the batched
  `assess_many` and the hold memo against `assess`, one text at a time (about 30 CPU s);
- `test_hold_fast_paths.py::test_screened_rules_find_the_same_matches_as_every_rule_run`: the rule
  detector with its screen against the same detector running every rule (about 75 CPU s), and
  `test_screened_rules_find_the_same_matches_on_thousands_of_generated_texts` the same over 2,000 generated
  texts (`every_rule:generated`);
- `test_hold_fast_paths.py::test_the_screen_never_skips_a_rule_that_matches_a_fixture_or_sample_text`:
  the screen's "cannot match" against each rule's pattern searched over each normalised reading.

The references are functions of the hold package's code and data, the Python that runs them and the
texts (and, to the last bit of a score, of numpy and the CPU), so they were recomputed in every run of the
suite for the same answers. They are made
once by `python tests/hold/hold_reference.py` (the slow paths as before: `assess` one text at a time,
the detector with no rule skipped, `pattern.search`), which writes `PIN` (`tests/fixtures/pinned_hold/`):
per chunk of `CHUNK` items a 64-bit digest of the reference's answers, and per reading the rules whose
pattern matches it. A check reads its entry through `pinned()`, which fails, naming that command,
when the file was made from other code (`code_digest()`: every file of `memeval/hold/`, the top-level
memeval modules it imports, Python's minor version) or other items (`items_digest()`): a stale pin
fails, it is never read. A check compares its fast path's digest chunk by chunk and, for a chunk that
differs, computes the reference there and compares item by item (`assert_same_as_slow`): a fault in the
fast path fails there, naming the item; a pin whose floats came out otherwise on another machine costs
that chunk's time and a warning, never a wrong verdict.

`assessed_one_by_one` is kept (the default detector's answers, computed once a process) for those
chunks and for `test_hold_fast_paths.py`'s two checks of the pin itself, which make a few chunks again
(the assessments only where `float_probe` says this machine's floats are the pin's).
"""

from __future__ import annotations

import hashlib
import json
import platform
import re
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from memeval.hold import HoldAssessment, HoldDetector, get_hold_detector

ROOT = Path(__file__).resolve().parents[2]
PIN = ROOT / "tests" / "fixtures" / "pinned_hold" / "reference.json"
"""The pinned references (JSON), made by this module's `main()`."""
CHUNK = 50
"""Items per digest: a chunk that differs is recomputed to name the item."""
PROBE = 200
"""Items `float_probe` reads (the first of `assess:batched`'s)."""
REMAKE = ".venv/bin/python tests/hold/hold_reference.py"
"""The command that makes `PIN` again (about 2-3 CPU minutes)."""

_DONE: dict[tuple[str, str], HoldAssessment] = {}
"""(text, source) -> the default detector's `assess` of it, in this process."""


def assessed_one_by_one(det: HoldDetector, items: Sequence[tuple[str, str]]) -> list[HoldAssessment]:
    """`[det.assess(text, source) for text, source in items]`, the default detector's kept for the process.

    Args:
        det: the detector; only the process's default (`get_hold_detector()`) has its answers kept.
        items: (text, source) pairs, source one of `memeval.hold.SOURCES`.

    Returns:
        One assessment per item, in order.
    """
    if det is not get_hold_detector():
        return [det.assess(t, s) for t, s in items]  # type: ignore[arg-type]  # Sources from SOURCES
    out = []
    for text, source in items:
        done = _DONE.get((text, source))
        if done is None:
            done = _DONE[(text, source)] = det.assess(text, source)  # type: ignore[arg-type]  # a Source
        out.append(done)
    return out


def _sha(parts: Iterable[bytes]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.hexdigest()


_IMPORTS = re.compile(r"^\s*(?:from\s+memeval(?:\.(\w+))?\s+import\s+([\w, ()]+)|import\s+memeval\.(\w+))", re.M)
"""`from memeval.X import ...`, `from memeval import X, Y` and `import memeval.X` at the start of a line."""


def code_files() -> list[Path]:
    """Every file under `memeval/hold/` (code, rule tables, model weights; `__pycache__` and the Markdown notes left
    out: a README edit changes no answer), and each top-level module of `memeval` the package imports, directly or
    through another such module (`errors`, `_lazyre`, `_literals`, `_cpubudget`...: read from the sources' import
    lines), sorted."""
    pkg = ROOT / "memeval"
    files = {p for p in (pkg / "hold").rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".md"}
    todo = [p for p in files if p.suffix == ".py"]
    while todo:
        for m in _IMPORTS.finditer(todo.pop().read_text(encoding="utf-8")):
            names = [m.group(1) or m.group(3)] if (m.group(1) or m.group(3)) else re.findall(r"\w+", m.group(2))
            for name in names:
                module = pkg / f"{name}.py"
                if module.is_file() and module not in files:
                    files.add(module)
                    todo.append(module)
    return sorted(files)


def code_digest() -> str:
    """sha256 (hex) of what the hold detector's answers are a function of, besides the texts and the floats.

    Each of `code_files()` as its path and bytes, then Python's implementation and minor version (its `re` and
    `unicodedata`). Not numpy's version nor the CPU: they can change the last bit of a classifier score, which
    `float_probe` finds, and `assert_same_as_slow` then computes what differs instead of failing a sound path.
    """
    parts = [p.relative_to(ROOT).as_posix().encode() + b"\0" + p.read_bytes() for p in code_files()]
    parts.append(f"{platform.python_implementation()} {sys.version_info[0]}.{sys.version_info[1]}".encode())
    return _sha(parts)


def items_digest(items: Iterable[Any]) -> str:
    """sha256 (hex) of a list of items as JSON (texts, sources, ...), in order."""
    return _sha(json.dumps(i, ensure_ascii=False).encode() for i in items)


def answers_digest(answers: Iterable[Any]) -> str:
    """64-bit digest (16 hex digits) of a chunk's answers: assessments as their JSON, anything else as JSON."""
    return _sha(
        (a.model_dump_json() if isinstance(a, HoldAssessment) else json.dumps(a, ensure_ascii=False)).encode()
        for a in answers
    )[:16]


def chunk_digests(answers: Sequence[Any]) -> list[str]:
    """`answers_digest` of each run of `CHUNK` answers, in order."""
    return [answers_digest(answers[k : k + CHUNK]) for k in range(0, len(answers), CHUNK)]


def pinned_floats() -> str:
    """The pin's `float_probe` (the test fails when the pin is missing)."""
    if not PIN.is_file():
        pytest.fail(f"{PIN.relative_to(ROOT)} is missing: make it with `{REMAKE}`")
    return str(json.loads(PIN.read_text(encoding="utf-8"))["floats"])


def pinned(name: str, items: Sequence[Any]) -> dict[str, Any]:
    """The pinned entry `name` made for `items` by this code; the test fails when the pin is stale.

    Args:
        name: the entry (`assess:memo`, `assess:batched`, `every_rule`, `every_rule:generated`, `screen_truth`).
        items: what the entry was made over, as the check builds it now (compared by `items_digest`).

    Returns:
        The entry's JSON object (`digests`: `chunk_digests` of the reference; `matching` for `screen_truth`).
    """
    if not PIN.is_file():
        pytest.fail(f"{PIN.relative_to(ROOT)} is missing: make it with `{REMAKE}`")
    doc = json.loads(PIN.read_text(encoding="utf-8"))
    if doc["code"] != code_digest():
        pytest.fail(f"{PIN.relative_to(ROOT)} was made from other hold code: make it again with `{REMAKE}`")
    entry = doc["pins"].get(name)
    if entry is None or entry["items"] != items_digest(items):
        pytest.fail(f"{PIN.relative_to(ROOT)}'s {name!r} was made over other texts: make it again with `{REMAKE}`")
    return entry


def differing_chunks(answers: Sequence[Any], digests: Sequence[str]) -> list[int]:
    """Start offsets of the chunks of `answers` whose digest is not pinned (all of them if the counts differ)."""
    got = chunk_digests(answers)
    if len(got) != len(digests):
        return list(range(0, len(answers), CHUNK))
    return [k * CHUNK for k, (a, b) in enumerate(zip(got, digests, strict=True)) if a != b]


def assert_same_as_slow(
    name: str, items: Sequence[Any], got: Sequence[Any], slow: Callable[[Sequence[Any]], list[Any]]
) -> None:
    """Assert that `got` (a fast path's answers to `items`) is what the slow path gives, read from pin `name`.

    A chunk whose digest is the pinned one is the slow path's answer (the pin's code and items are this test's,
    `pinned`); any other chunk is answered by `slow` now and compared item by item. So a pin made where floats
    come out otherwise (another CPU's `np.dot`) costs time, never a wrong verdict; such chunks are warned of.

    Args:
        name: the pinned entry.
        items: what was answered, as the check builds it.
        got: the fast path's answers, one per item.
        slow: the slow path over a chunk of items (a list of answers).
    """
    redo = differing_chunks(got, pinned(name, items)["digests"])
    for k in redo:
        for item, mine, want in zip(items[k : k + CHUNK], got[k : k + CHUNK], slow(items[k : k + CHUNK]), strict=True):
            assert mine == want, repr(item)[:160]
    if redo:
        warnings.warn(
            f"{name}: {len(redo)} chunks were not the pinned answers, computed here: `{REMAKE}`", stacklevel=2
        )


def float_probe(items: Sequence[tuple[str, str]]) -> str:
    """`answers_digest` of the default detector's `assess` of each item, one at a time: its floats on this machine.

    Pinned beside the assessments: where it comes out otherwise, this machine (numpy, BLAS, CPU) rounds the
    detector's scores otherwise than the pin's, so the pinned assessments cannot be checked against `assess` here.
    It reads `assess` only, never a path under test, so a pin made from a faulty fast path still probes right.
    """
    det = get_hold_detector()
    return answers_digest([det.assess(t, s) for t, s in items])  # type: ignore[arg-type]  # Sources


def screen_readings(texts: Iterable[str]) -> dict[str, str]:
    """Normalised reading -> its first variant, over each text and its lower-cased copy, in first-seen order.

    What the screen check reads: what it checks depends on the normalised reading alone, and most variants
    share one (normalising folds case).
    """
    from memeval.hold._normalize import normalize

    readings: dict[str, str] = {}
    for text in texts:
        for variant in (text, text.lower()):
            readings.setdefault(normalize(variant).text, variant)
    return readings


def masked(reading: str) -> str:
    """The reading with inline code blanked, which `markup` rules run over (as the detector masks it)."""
    from memeval.hold import _detector

    return _detector.INLINE_CODE.sub(lambda m: " " * len(m.group()), reading)


def _matching(rules: Sequence[Any], readings: Sequence[str]) -> list[list[int]]:
    """[reading index, rule index, ...] for each reading some rule's pattern matches (`search`, on the masked
    reading for a `markup` rule)."""
    out = []
    for i, t in enumerate(readings):
        m = masked(t)
        hit = [j for j, r in enumerate(rules) if r.pattern.search(m if r.markup else t) is not None]
        if hit:
            out.append([i, *hit])
    return out


def main() -> None:
    """Make `PIN`: every entry from its slow path, over the items the checks build."""
    import time

    sys.path.insert(0, str(ROOT / "tests" / "hold"))
    sys.path.insert(0, str(ROOT / "tests" / "audit"))
    import test_hold_fast_paths as fast
    import test_hold_memo as memo

    det = get_hold_detector()
    pins: dict[str, Any] = {}
    clock = time.process_time()
    for name, items in (("assess:memo", memo._items()), ("assess:batched", fast._batched_items())):
        pins[name] = {"items": items_digest(items), "digests": chunk_digests(assessed_one_by_one(det, items))}
        print(f"{name}: {len(items)} items, {time.process_time() - clock:.1f} CPU s", flush=True)
    texts = list(fast._fixtures() + fast._sample())
    every = fast._every_rule_run(texts)
    pins["every_rule"] = {"items": items_digest(texts), "digests": chunk_digests(every)}
    print(f"every_rule: {len(texts)} texts, {time.process_time() - clock:.1f} CPU s", flush=True)
    generated = fast._generated_items()
    every = fast._every_rule_run(generated)
    pins["every_rule:generated"] = {"items": items_digest(generated), "digests": chunk_digests(every)}
    print(f"every_rule:generated: {len(generated)} texts, {time.process_time() - clock:.1f} CPU s", flush=True)
    readings = list(screen_readings(t for t, _ in texts))
    rules = fast.ALL_RULES
    pins["screen_truth"] = {
        "items": items_digest(readings),
        "matching": _matching(rules, readings),
    }
    print(f"screen_truth: {len(readings)} readings, {time.process_time() - clock:.1f} CPU s", flush=True)
    probe = float_probe(fast._batched_items()[:PROBE])
    doc = {"made_by": REMAKE, "chunk": CHUNK, "code": code_digest(), "floats": probe, "pins": pins}
    PIN.parent.mkdir(parents=True, exist_ok=True)
    PIN.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {PIN.relative_to(ROOT)} ({PIN.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
