r"""Pumping search: which hold rule takes more than a bound of CPU on a planted 64 KiB text (issue 15, redos3).

For every rule of every table the detectors use (`_rules.RULES`, `RULES_V2` ... `RULES_V18`: each
`RuleDetector(version=13..18)`, the default's and the selectable ones, runs a subset of them), and
for each of its regexes (`pattern`, `requires`, `context`), texts are planted from the regex's own
pieces: random strings its parse tree generates (each branch, each repeat taken a few ways, `[^\n]`
as a letter...), cut after each literal, gap or group, so a text holds "the first word", "the first
word, a gap, the second word", ... but not what would complete a match; each such prefix (and each
literal of the regex) is repeated with a separator (none, space, dash, " - ", newline, a word, a
dot, a slash, ...) up to the text's length, or written once before a long run of the separator.
Every recipe is timed at 512 characters (at most `BUDGET_S` of CPU a regex, recipes shuffled); a
regex's three slowest recipes are timed at 1 and 4 KiB (4 and 16 KiB when that is too quick to
tell), and the growth between them, as a power of the length, gives the estimate at 64 KiB
(65,536 characters, ingest's longest free-text field), `finditer` run to its end as the detector
does. Each rule runs in a child process under a CPU limit (`--limit`, default 300 s): a rule that
never ends is reported as killed.

`--replay FILE` (an earlier search's `--json`, or its printed lines) runs each rule's slowest
recipe at 64 KiB with the code beside this script, in a child under `--limit`: the measured
figure, before (the script copied into the old tree) and after.

Usage: nice -n 10 .venv/bin/python scripts/redos_pump.py [--over S] [--limit S] [--json OUT] [RULE...]
(RULE: a part of a table/rule name; `--over`, default 0.5: print the rules whose estimate reaches it).
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import random
import re
import resource
import subprocess
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # the parser the `re` module itself uses
    import sre_constants as C
    import sre_parse

SEPARATORS = ("", " ", "-", " - ", "\n", " a ", "a", ".", "/", "'", ": ", "\t", "a-", " the ", ", ", "。", "@")
SMALL, MID, LARGE, BIG = 512, 1024, 4096, 65_536
BUDGET_S = 3.0
"""CPU seconds the 512-character stage may spend on one regex (recipes shuffled, so a cut samples them evenly)."""
FULL_UNDER_S = 0.25
"""With `--full`, a regex's slowest text is also run at 64 KiB when it took under this at 4 KiB."""
_CAT = {
    C.CATEGORY_DIGIT: "1",
    C.CATEGORY_NOT_DIGIT: "a",
    C.CATEGORY_SPACE: " ",
    C.CATEGORY_NOT_SPACE: "a",
    C.CATEGORY_WORD: "a",
    C.CATEGORY_NOT_WORD: "-",
    C.CATEGORY_LINEBREAK: "\n",
    C.CATEGORY_NOT_LINEBREAK: "a",
}
_PROBES = "a -./'\n:1@_x"


_CAT_RE = {
    C.CATEGORY_DIGIT: r"\d",
    C.CATEGORY_NOT_DIGIT: r"\D",
    C.CATEGORY_SPACE: r"\s",
    C.CATEGORY_NOT_SPACE: r"\S",
    C.CATEGORY_WORD: r"\w",
    C.CATEGORY_NOT_WORD: r"\W",
}


def _in_set(items: list, ch: str) -> bool:
    """Whether `ch` is in the parsed character class `items` (NEGATE honoured)."""
    neg = bool(items) and items[0][0] is C.NEGATE
    hit = False
    for op, av in items:
        if op is C.LITERAL and chr(av) == ch:
            hit = True
        elif op is C.RANGE and av[0] <= ord(ch) <= av[1]:
            hit = True
        elif op is C.CATEGORY and av in _CAT_RE:
            hit |= re.fullmatch(_CAT_RE[av], ch) is not None
    return hit != neg


def _gen(items: list, rng: random.Random, out: list[str], cuts: list[int]) -> None:
    """Append one string the parsed `items` match to `out`; record cut points after non-literal items."""
    prev_literal = False
    for op, av in items:
        if op is C.LITERAL:
            out.append(chr(av))
            prev_literal = True
            continue
        if prev_literal:
            cuts.append(len("".join(out)))
        prev_literal = False
        if op is C.NOT_LITERAL:
            out.append("a" if chr(av) != "a" else "b")
        elif op is C.ANY:
            out.append("a")
        elif op is C.IN:
            members = [chr(a) for o, a in av if o is C.LITERAL]
            members += [chr(a[0]) for o, a in av if o is C.RANGE]
            members += [_CAT.get(a, "a") for o, a in av if o is C.CATEGORY]
            if av and av[0][0] is C.NEGATE or not members:
                members = [p for p in _PROBES if _in_set(list(av), p)] or ["a"]
            out.append(rng.choice(members))
        elif op is C.BRANCH:
            _gen(list(rng.choice(av[1])), rng, out, cuts)
        elif op is C.SUBPATTERN:
            _gen(list(av[3]), rng, out, cuts)
        elif op is C.ATOMIC_GROUP:
            _gen(list(av), rng, out, cuts)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            lo, hi, sub = av[0], av[1], list(av[2])
            hi = lo + 3 if hi is C.MAXREPEAT else hi
            for _ in range(rng.randint(lo, min(hi, lo + 2))):
                _gen(sub, rng, out, cuts)
        # AT, ASSERT, ASSERT_NOT, GROUPREF...: nothing written
        cuts.append(len("".join(out)))
    if prev_literal:
        cuts.append(len("".join(out)))


def _literals(items: list, acc: set[str]) -> None:
    """Every maximal run of literal characters in the parsed pattern."""
    run: list[str] = []
    for op, av in items:
        if op is C.LITERAL:
            run.append(chr(av))
            continue
        if len(run) >= 2:
            acc.add("".join(run))
        run = []
        if op is C.BRANCH:
            for alt in av[1]:
                _literals(list(alt), acc)
        elif op is C.SUBPATTERN:
            _literals(list(av[3]), acc)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            _literals(list(av[2]), acc)
        elif op in (C.ASSERT, C.ASSERT_NOT):
            _literals(list(av[1]), acc)
    if len(run) >= 2:
        acc.add("".join(run))


def recipes(pattern: str, seed: int = 15, samples: int = 12) -> list[tuple[str, str, bool]]:
    """(planted piece, separator, repeated) triples for `pattern`: the texts the search builds.

    `repeated`: the piece and separator repeated to the length; otherwise the piece once, then the
    separator repeated.
    """
    rng = random.Random(seed)
    parsed = list(sre_parse.parse(pattern))
    pieces: set[str] = set()
    for _ in range(samples):
        out: list[str] = []
        cuts: list[int] = []
        _gen(parsed, rng, out, cuts)
        s = "".join(out)
        pieces.update(s[:c] for c in cuts if 0 < c <= len(s))
    lits: set[str] = set()
    _literals(parsed, lits)
    pieces |= set(rng.sample(sorted(lits), min(len(lits), 60)))
    out_r = []
    for piece in sorted(pieces):
        for sep in SEPARATORS:
            out_r.append((piece, sep, True))
        for sep in (" ", "-", "a", "a-", " a"):
            out_r.append((piece, sep, False))
    return out_r


def build(piece: str, sep: str, repeated: bool, n: int) -> str:
    """The planted text of length `n` (see `recipes`)."""
    unit = piece + sep if repeated else sep
    if not unit:
        unit = " "
    body = unit * (n // len(unit) + 1)
    return (body if repeated else piece + body)[:n]


def _cpu(pat: re.Pattern[str], text: str) -> float:
    a = time.process_time()
    for _ in pat.finditer(text):
        pass
    return time.process_time() - a


def _child(label: str, full: bool) -> None:
    """Search one rule (in a child process): print JSON lines (part, cpu64 or None, cpu16, cpu1, recipe)."""
    from memeval.hold import _rules

    table, name = label.split("/", 1)
    rule = next(r for r in getattr(_rules, table) if r.name == name)
    results = []
    for part in ("pattern", "requires", "context"):
        pat = getattr(rule, part)
        if pat is None:
            continue
        timed = []
        todo = recipes(pat.pattern)
        random.Random(7).shuffle(todo)
        spent = 0.0
        for piece, sep, repeated in todo:
            timed.append((_cpu(pat, build(piece, sep, repeated, SMALL)), piece, sep, repeated))
            spent += timed[-1][0]
            if spent > BUDGET_S:
                break
        timed.sort(key=lambda t: -t[0])
        seen: set[tuple[str, bool]] = set()
        top = []
        for t in timed:
            if (t[2], t[3]) in seen:
                continue
            seen.add((t[2], t[3]))
            top.append(t)
            if len(top) == 3:
                break
        for _, piece, sep, repeated in top:
            lo, hi = MID, LARGE
            cpu_lo = _cpu(pat, build(piece, sep, repeated, lo))
            cpu_hi = _cpu(pat, build(piece, sep, repeated, hi))
            if cpu_hi < 0.05:  # too quick to tell growth from noise: 4 and 16 KiB instead
                lo, hi, cpu_lo = hi, hi * 4, cpu_hi
                cpu_hi = _cpu(pat, build(piece, sep, repeated, hi))
            # growth as a power of the length (1 linear, 2 quadratic), and 64 KiB by it
            power = math.log(max(cpu_hi, 1e-4) / max(cpu_lo, 1e-4)) / math.log(hi / lo)
            est64 = cpu_hi * (BIG / hi) ** max(power, 1.0)
            cpu64 = (
                _cpu(pat, build(piece, sep, repeated, BIG)) if full and cpu_hi * BIG / hi < FULL_UNDER_S * 16 else None
            )
            results.append((part, est64, cpu64, cpu_hi, hi, round(power, 2), [piece, sep, repeated]))
            print(json.dumps(results[-1]), flush=True)


def _measure(spec: str) -> None:
    """Time one recipe at 64 KiB (in a child process): `spec` is JSON [label, part, piece, sep, repeated]."""
    from memeval.hold import _rules

    label, part, piece, sep, repeated = json.loads(spec)
    table, name = label.split("/", 1)
    pat = getattr(next(r for r in getattr(_rules, table) if r.name == name), part)
    print(json.dumps(_cpu(pat, build(piece, sep, repeated, BIG))), flush=True)


def replay(path: str, over: float, limit: int, only: list[str] | None = None) -> dict[str, object]:
    """Each rule's slowest recipe in an earlier search's `--json` (estimate at least `over`), run at 64 KiB now.

    Returns {label: {"part", "recipe", "estimated_s" (the search's), "cpu_s" (measured, None when killed at
    `limit` CPU seconds)}}; prints a line each.
    """
    out: dict[str, object] = {}
    text = Path(path).read_text(encoding="utf-8")
    if path.endswith(".txt"):  # the printed lines of a search still running: label, part, estimate, recipe
        found = re.findall(r"^(\S+): (\w+) ~([\d.]+) s .* recipe (\[.*\])$", text, re.MULTILINE)
        records = {lb: {"rows": [[part, float(est), ast.literal_eval(rcp)]]} for lb, part, est, rcp in found}
    else:
        records = json.loads(text)
    for label, rec in records.items():
        if not rec["rows"] or (only and label.split("/", 1)[1] not in only):
            continue
        worst = max(rec["rows"], key=lambda x: x[1])
        if worst[1] < over:
            continue
        spec = json.dumps([label, worst[0], *worst[-1]])

        def cap() -> None:
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit))

        r = subprocess.run(
            [sys.executable, __file__, "--measure", spec], capture_output=True, text=True, preexec_fn=cap, check=False
        )
        cpu = json.loads(r.stdout) if r.returncode == 0 else None
        out[label] = {"part": worst[0], "recipe": worst[-1], "estimated_s": worst[1], "cpu_s": cpu}
        shown = f"{cpu:.3f} s" if cpu is not None else f"killed at {limit} s"
        print(
            f"{label} ({worst[0]}): {shown} at 64 KiB (search's estimate {worst[1]:.1f} s), recipe {worst[-1]!r}",
            flush=True,
        )
    return out


def labels() -> list[str]:
    """`TABLE/rule` for every rule of every table."""
    from memeval.hold import _rules

    out = []
    for name in sorted(dir(_rules)):
        if re.fullmatch(r"RULES(?:_V\d+)?", name):
            out += [f"{name}/{r.name}" for r in getattr(_rules, name)]
    return out


def main() -> int:
    """Run the search; print the rules over `--over` seconds."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--over", type=float, default=0.5)
    ap.add_argument("--limit", type=int, default=300)
    ap.add_argument("--json")
    ap.add_argument("--child")
    ap.add_argument("--measure")
    ap.add_argument("--replay", help="an earlier search's --json: run each rule's slowest recipe at 64 KiB now")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("rules", nargs="*")
    args = ap.parse_args()
    if args.child:
        _child(args.child, args.full)
        return 0
    if args.measure:
        _measure(args.measure)
        return 0
    if args.replay:
        report = replay(args.replay, args.over, args.limit, args.rules)
        if args.json:
            Path(args.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
        return 0
    todo = [x for x in labels() if not args.rules or any(r in x for r in args.rules)]
    report = {}
    for label in todo:

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_CPU, (args.limit, args.limit))

        a = time.monotonic()
        r = subprocess.run(
            [sys.executable, __file__, "--child", label] + (["--full"] if args.full else []),
            capture_output=True,
            text=True,
            preexec_fn=limit,
            check=False,
        )
        rows = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
        worst = max(rows, key=lambda x: x[1], default=None)
        killed = r.returncode != 0
        report[label] = {"killed": killed, "rows": rows, "wall_s": round(time.monotonic() - a, 1)}
        if killed or (worst and worst[1] >= args.over):
            tag = f"KILLED (rc {r.returncode}) after " if killed else ""
            w = worst or ["?", 0, None, 0, 0, 0, ["", "", True]]
            run64 = "" if w[2] is None else f", {w[2]:.2f} s measured at 64 KiB"
            print(
                f"{label}: {tag}{w[0]} ~{w[1]:.1f} s at 64 KiB by growth{run64} ({w[3]:.3f} s at {w[4]} characters, "
                f"power {w[5]}), recipe {w[6]!r}",
                flush=True,
            )
        else:
            print(f"  ok {label}: ~{worst[1] if worst else 0:.3f} s", file=sys.stderr, flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
