"""A credential cut across two events: how many of its two parts are blanked (redact25, issue 15).

Usage (with `PYTHONPATH` set to the tree to measure):
    python bench/redact_cut_halves.py [--dump FILE] [--json] [--across batch|stored]
    python bench/redact_cut_halves.py --parts 3 [--spaced] [--across batch|stored]
    python bench/redact_cut_halves.py --lookalikes [--across batch]
    python bench/redact_cut_halves.py --ingest-pairs 5000

Every credential value of 12+ characters of the owned and the fresh corpora (the cases
`bench/redact_spaced_cuts.py halves` reads), cut at 1/4, 1/2 and 3/4 of its length: the text up to
the cut is one event, the rest another, both through `redact_many` in batches of 100. A part is raw
when its piece of the value is in the stored text (as `halves` counts). Prints, for each cut point
and in all, how many cuts have both parts blanked, one, none; and how many cuts leave the value
whole across the two stored texts (both parts raw) or leave a stored raw piece of 8+ characters of
it. `--dump FILE` writes the cuts with both parts raw (JSON lines: value, cut, the two texts). The cuts with both
parts raw are also counted by group: `missed whole` (the uncut text, redacted alone, keeps the value raw too),
`hex tail` (the second part is hex digits or digits of one case), `short tail` (under 8 characters), `other`.

`--across` (redact32): the two texts as two events of one stream at ingest (`memeval.audit`'s
`Sanitizer.cut_across_events`): each redacted alone, then read together (`memeval.redact.cut_across`); `batch`:
both in one batch (a finding across the join blanks its part in both), `stored`: the first stored before the second
arrives (the second is read after the first's stored text; only its part is blanked).

`--lookalikes`: the cost, read by the cut rules alone (the redactor's cut reader, which only adds spans, so
what it finds is all a look-alike can newly be touched by): every look-alike of the owned and fresh
corpora in each of the corpus test's 46 contexts, per corpus and subgroup; and every non-blank line
(stripped) of the repository's tracked text files outside fixtures and rule data, as ordinary texts
that start with identifiers, paths, hashes and prose. With `--across`, also what the reading across events
(`memeval.redact.cut_across`) touches in pairs: each look-alike cut at 1/4, 1/2 and 3/4 as two events, and every
two consecutive non-blank lines of those files as two events.

`--missed` (redact34): the credential values the bench cuts that the uncut text, redacted alone, keeps raw (the
cuts' `missed whole` group), by corpus and subgroup (the fresh corpora's `sub`: `placeholder`, `identifier` and
`np-identifier` are rows their builders label as not secrets and do not count), then each such value of a counted
subgroup with its label and the text around it.

`--ingest-pairs N`: the cost of the reading across events on `bench/audit_ingest.py`'s first N events, each
stream's (team, session, actor) free texts in order as consecutive pairs, as the bench writes them (each text ends
with a `(ticket ...)` made unique) and with that suffix dropped (the sample week's own texts): pairs, pairs read
together (`joinable`), pairs touched, CPU seconds of `cut_across` in batches of 100 pairs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from redact_spaced_cuts import _fresh, _many, _owned  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "redact"))
from corpus_contexts import CONTEXTS, load_corpus  # noqa: E402

MIN_VALUE = 12
"""Shortest credential value cut (as `redact_spaced_cuts.halves`)."""
LONG_PIECE = 8
"""A raw piece of this many characters of the value counts as a long raw piece."""


def cases() -> list[tuple[str, int, str, str]]:
    """(value, cut, first text, second text) for every credential value of 12+ characters, cut three ways."""
    out = []
    for group, text, secrets in _owned() + _fresh():
        for s in secrets if group == "credential" else ():
            k = text.find(s)
            if k >= 0 and len(s) >= MIN_VALUE:
                for cut in (len(s) // 4, len(s) // 2, 3 * len(s) // 4):
                    out.append((s, cut, text[: k + cut], text[k + cut :]))
    return out


def cases_k(parts: int, spaced: bool = False) -> list[tuple[str, list[int], list[str]]]:
    """(value, cut offsets, texts) for every credential value of 12+ characters cut into `parts` pieces of near-equal
    length (redact35): the first text ends with the value's first piece, each middle text is one piece, the last
    text starts with the last piece. `spaced` (redact36): the values that hold whitespace instead (a middle piece
    may then hold a gap), those without are not cut."""
    out = []
    for group, text, secrets in _owned() + _fresh():
        for s in secrets if group == "credential" else ():
            k = text.find(s)
            if k >= 0 and len(s) >= MIN_VALUE and any(c.isspace() for c in s) == spaced:
                cuts = [len(s) * i // parts for i in range(1, parts)]
                bounds = [0, *(k + c for c in cuts), len(text)]
                out.append((s, cuts, [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]))
    return out


def _across_k(cs: list[tuple[str, list[int], list[str]]], mode: str | None) -> list[list[str]]:
    """Each case's texts as stored at ingest as consecutive events of one stream (`memeval.audit`'s reading).

    `None`: each alone; `batch`: all in one batch (pairs and chains, every part in the batch blanked); `stored`:
    each stored before the next arrives (each text read after the stored texts before it; only its own part
    blanked).
    """
    from memeval.redact import cut_across, get_redactor, with_findings

    try:
        from memeval.redact import chain_lengths, cut_through
    except ImportError:  # a tree before redact35 reads pairs only
        chain_lengths, cut_through = (lambda _ts: ()), (lambda _d, chains, _o=None: [[[] for _ in c] for c in chains])

    red = get_redactor()
    texts = [t for c in cs for t in c[2]]
    alone = [r for k in range(0, len(texts), 100) for r in red.redact_many(texts[k : k + 100])]
    out, at = [], 0
    for _s, _cuts, ts in cs:
        out.append(list(alone[at : at + len(ts)]))
        at += len(ts)
    if mode is None:
        return [[r.text for r in rs] for rs in out]
    for k in range(0, len(cs), 50):
        chunk = list(range(k, min(k + 50, len(cs))))
        if mode == "batch":
            more = _batch_k(
                [cs[n][2] for n in chunk], [out[n] for n in chunk], red, cut_across, cut_through, chain_lengths
            )
            for n, per in zip(chunk, more, strict=True):
                out[n] = [with_findings(t, r, fs) for t, r, fs in zip(cs[n][2], out[n], per, strict=True)]
            continue
        for i in range(1, max(len(cs[n][2]) for n in chunk)):  # stored: text i read after the stored ones before it
            live = [n for n in chunk if i < len(cs[n][2])]
            pairs = [(out[n][i - 1].text, cs[n][2][i]) for n in live]
            found = cut_across(red.detect_many, pairs, [((), out[n][i].findings) for n in live])
            add = {n: list(after) for n, (_b, after) in zip(live, found, strict=True)}
            chains = [(n, [r.text for r in out[n][:i]] + [cs[n][2][i]]) for n in live]
            chains = [(n, ts[len(ts) - m :]) for n, ts in chains for m in chain_lengths(ts)]
            per = cut_through(red.detect_many, [ts for _n, ts in chains], [[()] * (len(ts) - 1) + [out[n][i].findings]
                                                                           for n, ts in chains])  # fmt: skip
            for (n, _ts), fs in zip(chains, per, strict=True):
                add[n] += fs[-1]
            for n in live:
                out[n][i] = with_findings(cs[n][2][i], out[n][i], add[n])
    return [[r.text for r in rs] for rs in out]


def _batch_k(
    cases: list[list[str]], reds: list[list[Any]], red: Any, cut_across: Any, cut_through: Any, chain_lengths: Any
) -> list[list[list[Any]]]:
    """Per case, per text, the findings the reading across events adds when all texts are in one batch."""
    more: list[list[list[Any]]] = [[[] for _ in ts] for ts in cases]
    pairs, where = [], []
    chains, cwhere = [], []
    for n, ts in enumerate(cases):
        for i in range(1, len(ts)):
            pairs.append((ts[i - 1], ts[i]))
            where.append((n, i))
            for m in chain_lengths(ts[: i + 1]):
                chains.append(ts[i + 1 - m : i + 1])
                cwhere.append((n, i + 1 - m))
    found = cut_across(red.detect_many, pairs, [(reds[n][i - 1].findings, reds[n][i].findings) for n, i in where])
    for (n, i), (before, after) in zip(where, found, strict=True):
        more[n][i - 1] += before
        more[n][i] += after
    own = [[r.findings for r in reds[n][f : f + len(c)]] for c, (n, f) in zip(chains, cwhere, strict=True)]
    for (n, f), per in zip(cwhere, cut_through(red.detect_many, chains, own), strict=True):
        for k, fs in enumerate(per):
            more[n][f + k] += fs
    return more


def parts_k(parts: int, mode: str | None, as_json: bool, spaced: bool = False) -> None:
    """Print `--parts`' tally: cuts with every part blanked, some, none; raw pieces of 8+ characters."""
    cs = cases_k(parts, spaced)
    c0 = time.process_time()
    outs = _across_k(cs, mode)
    cpu = time.process_time() - c0
    whole = _many(["".join(ts) for _s, _c, ts in cs])
    tally: Counter[str] = Counter()
    for (s, cuts, _ts), out, w in zip(cs, outs, whole, strict=True):
        pieces = [s[a:b] for a, b in zip([0, *cuts], [*cuts, len(s)], strict=True)]
        raw = [p in o for p, o in zip(pieces, out, strict=True)]
        tally[{0: "all parts blanked", len(raw): "all parts raw"}.get(sum(raw), "some parts raw")] += 1
        tally["all raw, missed whole"] += all(raw) and s in w
        tally["a raw piece of 8+"] += any(r and len(p) >= LONG_PIECE for p, r in zip(pieces, raw, strict=True))
        tally["middle raw"] += any(raw[1:-1])
    figures = {"parts": parts, "across": mode or "alone", "cuts": len(cs), "cpu_s": round(cpu, 1), **tally}
    if as_json:
        print(json.dumps(figures, indent=1))
        return
    print(f"{len(cs)} credential values cut into {parts} events, read {mode or 'each alone'}, {cpu:.1f} CPU s")
    for k in ("all parts blanked", "some parts raw", "all parts raw", "all raw, missed whole", "middle raw",
              "a raw piece of 8+"):  # fmt: skip
        print(f"  {k:20} {tally[k]:6}")


def lookalikes(across: bool, parts: int = 2) -> None:
    """Print how many look-alike item-contexts and repository lines the cut rules find anything in."""
    import base64
    import subprocess

    from memeval.redact import get_redactor

    reader = get_redactor()._cuts  # the cut reader the redactor runs (redact27: `_cutkeywords.KeywordCutReader`)
    items = [("owned", "lookalike", i.text) for i in load_corpus() if i.group == "lookalike"]
    for path in sorted(ROOT.glob("tests/fixtures/redact_fresh*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            if d["group"] == "lookalike":
                items.append((path.stem, d.get("sub", "lookalike"), base64.b64decode(d["text"]).decode("utf-8")))
    hits: Counter[tuple[str, str]] = Counter()
    total: Counter[tuple[str, str]] = Counter()
    for corpus, sub, text in items:
        for _name, wrap in CONTEXTS:
            total[(corpus, sub)] += 1
            hits[(corpus, sub)] += bool(reader.analyze(wrap(text)[0]))
    for key in sorted(total):
        print(f"  {key[0]:8} {key[1]:14} touched {hits[key]:4} of {total[key]:6}")
    print(f"look-alikes x contexts: touched {sum(hits.values())} of {sum(total.values())}")
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True, check=True).stdout
    kinds = (".py", ".md", ".toml", ".txt", ".html", ".css", ".yaml", ".yml", ".sh")
    files = [f for f in listed.split() if f.endswith(kinds) and "fixtures" not in f and "/rules/" not in f]
    lines = [t for f in files for t in (x.strip() for x in (ROOT / f).read_text("utf-8", "replace").splitlines()) if t]
    found = [t for t in lines if reader.analyze(t)]
    print(f"repository lines ({len(files)} files): touched {len(found)} of {len(lines)}")
    for t in found:
        print(f"    {t[:90]!r}")
    if across and parts > 2:
        chains_cost(items, files, parts)
    elif across:
        pairs_cost(items, files)


def chains_cost(items: list[tuple[str, str, str]], files: list[str], parts: int) -> None:
    """Print what the reading of three or more events (`memeval.redact.cut_through`, redact35) finds in look-alikes.

    Each look-alike cut into `parts` pieces of near-equal length (events that together are the look-alike), and
    every `parts` consecutive non-blank lines of each tracked text file. Only cases `chain_lengths` reads are scanned;
    a case is touched when a finding crosses its joins; for a cut look-alike it is new when the redactor keeps the
    uncut text as written.
    """
    from memeval.redact import chain_lengths, cut_through, get_redactor

    red = get_redactor()
    cases: list[tuple[str, list[str], str]] = []
    for corpus, sub, text in items:
        cuts = [0, *(len(text) * i // parts for i in range(1, parts)), len(text)]
        ts = [text[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]
        if all(ts):
            cases.append((f"{corpus} {sub} cut", ts, text))
    for f in files:
        lines = [t for t in (x.strip() for x in (ROOT / f).read_text("utf-8", "replace").splitlines()) if t]
        cases += [("repository consecutive lines", lines[k : k + parts], "") for k in range(len(lines) - parts + 1)]
    total: Counter[str] = Counter()
    read: Counter[str] = Counter()
    hits: Counter[str] = Counter()
    new: Counter[str] = Counter()
    shown: list[tuple[str, list[str]]] = []
    chained = []
    for group, ts, uncut in cases:
        total[group] += 1
        if len(ts) in chain_lengths(ts):
            read[group] += 1
            chained.append((group, ts, uncut))
    c0 = time.process_time()
    for k in range(0, len(chained), 200):
        chunk = chained[k : k + 200]
        found = cut_through(red.detect_many, [ts for _g, ts, _u in chunk])
        touched = [c for c, per in zip(chunk, found, strict=True) if any(per)]
        whole = red.redact_many([u for _g, _t, u in touched]) if touched else []
        for (group, ts, uncut), w in zip(touched, whole, strict=True):
            hits[group] += 1
            if not uncut or w.text == uncut:
                new[group] += 1
                shown.append((group, ts))
    cpu = time.process_time() - c0
    for group in sorted(total):
        print(f"  {parts}-chains {group:40} read {read[group]:6} touched {hits[group]:4} new {new[group]:4} "
              f"of {total[group]:6}")  # fmt: skip
    print(
        f"{parts}-chains: touched {sum(hits.values())}, new {sum(new.values())} of {sum(total.values())} "
        f"(read {sum(read.values())}, cut_through {cpu:.1f} CPU s)"
    )
    for group, ts in shown:
        print(f"    {group[:20]:20} {[t[:40] for t in ts]!r}")


def pairs_cost(items: list[tuple[str, str, str]], files: list[str]) -> None:
    """Print what the reading across events (`memeval.redact.cut_across`) finds in pairs of look-alike texts.

    Each look-alike cut at 1/4, 1/2 and 3/4 of its length (two events that together are the look-alike), and every
    two consecutive non-blank lines of each tracked text file (two events one after the other). A pair is touched
    when a finding crosses its join; for a cut look-alike it is new when the redactor keeps the uncut text as
    written (else the uncut look-alike is blanked already, and the cut only blanks it the same way).
    """
    from memeval.redact import cut_across, get_redactor, joinable

    red = get_redactor()
    pairs: list[tuple[str, str, str, str]] = []
    for corpus, sub, text in items:
        for k in (len(text) // 4, len(text) // 2, 3 * len(text) // 4):
            if 0 < k < len(text):
                pairs.append((f"{corpus} {sub} cut", text[:k], text[k:], text))
    for f in files:
        lines = [t for t in (x.strip() for x in (ROOT / f).read_text("utf-8", "replace").splitlines()) if t]
        pairs += [("repository consecutive lines", a, b, "") for a, b in zip(lines, lines[1:], strict=False)]
    hits: Counter[str] = Counter()
    new: Counter[str] = Counter()
    total: Counter[str] = Counter()
    read: Counter[str] = Counter()
    shown: list[tuple[str, str, str]] = []
    for k in range(0, len(pairs), 200):
        chunk = pairs[k : k + 200]
        found = cut_across(red.detect_many, [(a, b) for _, a, b, _ in chunk])
        touched = [(p, x or y) for p, (x, y) in zip(chunk, found, strict=True) if x or y]
        whole = red.redact_many([p[3] for p, _ in touched]) if touched else []
        for group, a, b, _ in chunk:
            total[group] += 1
            read[group] += joinable(a, b)
        for ((group, a, b, uncut), _), w in zip(touched, whole, strict=True):
            hits[group] += 1
            if not uncut or w.text == uncut:
                new[group] += 1
                shown.append((group, a[-40:], b[:40]))
    for group in sorted(total):
        print(f"  pairs {group:40} read {read[group]:6} touched {hits[group]:4} new {new[group]:4} of {total[group]:6}")
    print(
        f"pairs: touched {sum(hits.values())}, new {sum(new.values())} "
        f"of {sum(total.values())} (read {sum(read.values())})"
    )
    for group, a, b in shown:
        print(f"    {group[:20]:20} {a!r} | {b!r}")


def ingest_pairs(n: int) -> None:
    """Print `--ingest-pairs`' figures (module docstring)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench

    from memeval.redact import cut_across, get_redactor, joinable

    red = get_redactor()
    # every engine a window may need loaded first (presidio loads on the first text its gates admit), so the
    # figure is the reading's cost, not the loading's (redact33: 1.2 CPU s of which about 1.1 was the loading)
    red.redact_many(["warm up ghp_abc (ticket 1)", "mail jo@example.org or call +1 415 555 0100, token=Zq8Kx2Lm9Pw4"])
    keys = ("text", "reason", "comment", "a_text", "b_text")
    last: dict[tuple[str, str, str], str] = {}
    pairs: list[tuple[str, str]] = []
    for e in bench.events(n, "bench", "bench"):
        stream = (e["team"], str(e.get("session")), str(e["actor"]))
        for k in keys:
            text = e["payload"].get(k)
            if isinstance(text, str) and text:
                if stream in last:
                    pairs.append((last[stream], text))
                last[stream] = text
    bare = [(re.sub(r" \(ticket [^)]*\)\Z", "", a), re.sub(r" \(ticket [^)]*\)\Z", "", b)) for a, b in pairs]
    for name, ps in (("as the bench writes them", pairs), ("ticket suffix dropped", bare)):
        c0 = time.process_time()
        found = [x for k in range(0, len(ps), 100) for x in cut_across(red.detect_many, ps[k : k + 100])]
        cpu = time.process_time() - c0
        read = sum(joinable(a, b) for a, b in ps)
        touched = [(a[-30:], b[:30]) for (a, b), (x, y) in zip(ps, found, strict=True) if x or y]
        print(f"{name}: {len(ps)} pairs, read together {read}, touched {len(touched)}, cut_across {cpu:.3f} CPU s")
        for a, b in touched[:10]:
            print(f"    {a!r} | {b!r}")


NOT_COUNTED = ("placeholder", "identifier", "np-identifier")
"""Subgroups the fresh corpora's builders label as not secrets (their READMEs' tables: `counted: no`)."""


def missed() -> None:
    """Print `--missed`'s list (module docstring): the values cut that are stored raw even when not cut."""
    import base64

    rows = [("owned", "owned", i.label, i.text, list(i.secrets)) for i in load_corpus() if i.group == "credential"]
    for path in sorted(ROOT.glob("tests/fixtures/redact_fresh*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            if d["group"] == "credential":
                dec = lambda s: base64.b64decode(s).decode("utf-8")  # noqa: E731
                rows.append((path.stem, d.get("sub", "?"), d["label"], dec(d["text"]), [dec(s) for s in d["secrets"]]))
    values = [(r, s) for r in rows for s in r[4] if len(s) >= MIN_VALUE and s in r[3]]
    outs = dict(zip([r[3] for r, _ in values], _many([r[3] for r, _ in values]), strict=True))
    raw = [(r, s) for r, s in values if s in outs[r[3]]]
    cuts = Counter((r[0], r[1]) for r, _ in raw)
    print(f"{len(raw)} of {len(values)} credential values (12+ characters) stored raw when not cut")
    for (corpus, sub), n in sorted(cuts.items()):
        print(f"  {corpus:8} {sub:14} {n:4}{'   (not counted: not a secret)' if sub in NOT_COUNTED else ''}")
    for r, s in raw:
        if r[1] not in NOT_COUNTED:
            k = r[3].find(s)
            print(f"    {r[0]:7} {r[1]:12} {r[2][:40]:40} {r[3][max(0, k - 30) : k + len(s) + 10][:110]!r}")


def main() -> None:
    """Cut, redact, tally and print."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", type=Path, help="write the cuts with both parts raw here (JSON lines)")
    ap.add_argument("--json", action="store_true", help="print the tally as JSON")
    ap.add_argument("--lookalikes", action="store_true", help="the cut rules' hits on look-alikes and repo lines")
    ap.add_argument("--across", choices=("batch", "stored"), help="read each cut's two texts as events of one stream")
    ap.add_argument("--ingest-pairs", type=int, default=0, help="the reading across events on N ingest bench events")
    ap.add_argument("--missed", action="store_true", help="list the values stored raw even when not cut")
    ap.add_argument("--parts", type=int, default=2, help="cut each value into this many events (3+: redact35)")
    ap.add_argument("--spaced", action="store_true", help="with --parts 3+: the values holding whitespace (redact36)")
    a = ap.parse_args()
    if a.parts > 2 and not a.lookalikes:
        parts_k(a.parts, a.across, a.json, a.spaced)
        return
    if a.missed:
        missed()
        return
    if a.ingest_pairs:
        ingest_pairs(a.ingest_pairs)
        return
    if a.lookalikes:
        lookalikes(bool(a.across), a.parts)
        return
    cs = cases()
    c0 = time.process_time()
    outs = _many([t for c in cs for t in c[2:]]) if not a.across else _across(cs, a.across)
    cpu = time.process_time() - c0
    whole = _many([first + second for _s, _c, first, second in cs])
    tally: Counter[str] = Counter()
    raw_both: list[dict[str, object]] = []
    for n, (s, cut, first, second) in enumerate(cs):
        at = ("1/4", "1/2", "3/4")[n % 3]
        raw = (s[:cut] in outs[2 * n], s[cut:] in outs[2 * n + 1])
        blanked = {(False, False): "both", (True, True): "none"}.get(raw, "one")
        tally[f"{at} {blanked}"] += 1
        tally[f"all {blanked}"] += 1
        longest = max(len(s[:cut]) if raw[0] else 0, len(s[cut:]) if raw[1] else 0)
        tally["all raw piece 8+"] += longest >= LONG_PIECE
        if raw == (True, True):
            raw_both.append({"value": s, "cut": cut, "first": first, "second": second})
            tally[f"both raw: {_group(s, cut, whole[n])}"] += 1
    figures = {
        "cuts": len(cs),
        "values": len({c[0] for c in cs}),
        "cpu_s": round(cpu, 1),
        **dict(sorted(tally.items())),
    }
    if a.dump:
        a.dump.write_text("".join(json.dumps(r) + "\n" for r in raw_both), encoding="utf-8")
    if a.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"{figures['cuts']} cuts of {figures['values']} credential values (at 1/4, 1/2, 3/4), {cpu:.1f} CPU s")
    for at in ("1/4", "1/2", "3/4", "all"):
        both, one, none = (tally[f"{at} {b}"] for b in ("both", "one", "none"))
        print(f"  {at:4} halves blanked: both {both:5}  one {one:5}  none {none:5}")
    print(f"  cuts leaving a raw piece of {LONG_PIECE}+ characters of the value: {tally['all raw piece 8+']}")
    for group in GROUPS:
        print(f"  both raw, {group:12}: {tally[f'both raw: {group}']:5}")


GROUPS = ("missed whole", "hex tail", "short tail", "other")
"""The groups of the cuts with both parts raw (`_group`)."""
_HEX = re.compile(r"[0-9a-f]+|[0-9A-F]+")


def _group(value: str, cut: int, whole_out: str) -> str:
    """Why a cut of `value` at `cut` kept both parts raw, as one of `GROUPS` (`whole_out`: the uncut text redacted)."""
    if value in whole_out:
        return "missed whole"
    if _HEX.fullmatch(value[cut:]):
        return "hex tail"
    return "short tail" if len(value) - cut < 8 else "other"  # noqa: PLR2004


def _across(cs: list[tuple[str, int, str, str]], mode: str) -> list[str]:
    """Each cut's two texts as stored at ingest as two events of one stream (`--across`), in `_many`'s order."""
    from memeval.redact import cut_across, get_redactor, with_findings

    red = get_redactor()
    texts = [t for c in cs for t in c[2:]]
    alone = [r for k in range(0, len(texts), 100) for r in red.redact_many(texts[k : k + 100])]
    out = [r.text for r in alone]
    for k in range(0, len(cs), 50):
        pairs = [(c[2] if mode == "batch" else alone[2 * n].text, c[3]) for n, c in enumerate(cs[k : k + 50], start=k)]
        for n, (before, after) in enumerate(cut_across(red.detect_many, pairs), start=k):
            if mode == "batch":
                out[2 * n] = with_findings(cs[n][2], alone[2 * n], before).text
            out[2 * n + 1] = with_findings(cs[n][3], alone[2 * n + 1], after).text
    return out


if __name__ == "__main__":
    main()
