"""The held-out sets kept as JSONL under tests/fixtures/hold_heldout_vN/ (v5 on): reading one,
checking its pin and shape, and scoring a detector on it."""

from __future__ import annotations

import base64
import codecs
import hashlib
import html
import importlib.util
import json
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path
from types import ModuleType
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def builder(version: str) -> ModuleType:
    """`scripts/hold_heldout_<version>.py`, imported from its file (scripts/ is not a package).

    Raises:
        AssertionError: the script cannot be loaded as a module.
    """
    sys.path.insert(0, str(SCRIPTS))
    name = f"hold_heldout_{version}"
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def jsonl_path(version: str) -> Path:
    """`tests/fixtures/hold_heldout_<version>/heldout_<version>.jsonl`."""
    return FIXTURES / f"hold_heldout_{version}" / f"heldout_{version}.jsonl"


def rows(version: str) -> list[dict[str, Any]]:
    """A set's rows: text, held, source, lang, origin."""
    return [json.loads(line) for line in jsonl_path(version).read_text(encoding="utf-8").splitlines()]


def check_pinned(version: str, sha256: str, *, least_held: int) -> None:
    """The set is byte for byte the one pinned, and has the issue's shape: at least 150 texts,
    `least_held` orders, 10 languages on each side, every source, no text twice."""
    assert hashlib.sha256(jsonl_path(version).read_bytes()).hexdigest() == sha256
    data = rows(version)
    assert len(data) >= 150
    assert sum(bool(r["held"]) for r in data) >= least_held
    assert len({r["lang"] for r in data if r["held"]}) >= 10
    assert len({r["lang"] for r in data if not r["held"]}) >= 10
    assert {r["source"] for r in data} == {"person", "agent", "tool", "web", "email", "document"}
    assert len({str(r["text"]) for r in data}) == len(data)


SOURCED_KEYS = {"held", "lang", "licence", "origin", "source", "text", "repo", "commit", "path"}


def check_sourced(
    version: str, sha256: str, *, least_held: int, repos: dict[str, str], commits: dict[str, str] | None = None
) -> None:
    """A set with provenance on every row (v34 on) is the one pinned: bytes, at least `least_held` orders and a
    benign side as large, every source, no text twice, every key filled; a row whose origin group (the origin before
    ":") is in `repos` names that repository and a commit (40 hex digits, or the pattern `commits` gives its group);
    every other row is written by `scripts/hold_heldout_<version>_written.py`."""
    assert hashlib.sha256(jsonl_path(version).read_bytes()).hexdigest() == sha256
    data = rows(version)
    held = sum(bool(r["held"]) for r in data)
    assert held >= least_held and len(data) - held >= held
    assert {r["source"] for r in data} == {"person", "agent", "tool", "web", "email", "document"}
    assert len({str(r["text"]) for r in data}) == len(data)
    assert all(set(r) == SOURCED_KEYS and all(str(r[k]) for k in SOURCED_KEYS - {"held"}) for r in data)
    written = ("memeval", "-", f"scripts/hold_heldout_{version}_written.py")
    for r in data:
        group = str(r["origin"]).split(":")[0]
        if group in repos:
            commit = (commits or {}).get(group, r"[0-9a-f]{40}")
            assert r["repo"] == repos[group] and re.fullmatch(commit, str(r["commit"])), r
        else:
            assert (r["repo"], r["commit"], r["path"]) == written, r


def check_sources_new(version: str, sha256: str, *, words: tuple[str, ...]) -> None:
    """No word naming the set's sources (lower case) appears in an earlier set's fixture README, another builder or a
    training script; the set's README records every archive with its SHA-256, every repository with its commit, the
    set's own pin `sha256` and a "Weaknesses (written before scoring)" section (v36 on)."""
    number = int(version.removeprefix("v"))
    readmes = [p for n in range(3, number) for p in (FIXTURES / f"hold_heldout_v{n}").glob("*.md")]
    readmes += list((FIXTURES / "hold_heldout").glob("*.md"))
    scripts = [p for p in SCRIPTS.glob("hold_heldout_v*.py") if version not in p.name]
    scripts += list(SCRIPTS.glob("hold_train*.py"))
    assert len(readmes) > 25 and len(scripts) > 25
    text = "\n".join(p.read_text(encoding="utf-8").lower() for p in readmes + scripts)
    for word in words:
        assert word not in text, word
    readme = (jsonl_path(version).parent / "README.md").read_text(encoding="utf-8")
    mod = builder(version)
    for files in mod.ARCHIVES.values():
        for name, digest in files.items():
            assert name in readme and digest in readme
    for repo, commit in mod.REPOS.values():
        assert repo in readme and commit in readme
    assert "## Weaknesses (written before scoring)" in readme and sha256 in readme


def check_written_from_builder(version: str, *, written: int, tmp_path: Path) -> None:
    """The set's written rows (origin `written-<version>:...`) are, line for line, what its builder's `written_rows()`
    give through v6's `write_heldout` with the provenance keys; there are `written` of them; none repeats a written row
    of v22 up to the set before (v36 on)."""
    mod = builder(version)
    from hold_heldout_v6 import write_heldout

    tag = f"written-{version}"
    extra = ("licence", "repo", "commit", "path")
    write_heldout([dict(r) for r in mod.written_rows()], set(), tmp_path / "w.jsonl", extra)
    lines = [x for x in jsonl_path(version).read_text(encoding="utf-8").splitlines() if f'"{tag}:' in x]
    assert "\n".join(lines) + "\n" == (tmp_path / "w.jsonl").read_text(encoding="utf-8")
    texts = [r["text"] for r in rows(version) if r["origin"].startswith(tag)]
    assert len(texts) == written
    number = int(version.removeprefix("v"))
    earlier = {str(r["text"]) for n in range(22, number) for r in rows(f"v{n}") if "written-" in r["origin"]}
    assert not set(texts) & earlier


def check_registered(version: str, *, texts: int, orders: int, repos: dict[str, str], spent: bool = True) -> None:
    """`bench/hold_eval.py --set <version>` reads the set (`texts` rows, `orders` held) and `--set all` never does;
    both verdict benches skip it unless asked; no training script names its file or a repository of `repos`; it is
    in `SPENT` (v34 on: spent by the lead's one look after its round), or, with `spent=False` (a set not yet looked
    at), it is not."""
    root = FIXTURES.parents[1]
    path = root / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location(f"hold_eval_{version}_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = getattr(bench, f"{version}_rows")()
    assert len(got) == texts and sum(held for _, held, _, _, _ in got) == orders
    source = path.read_text(encoding="utf-8")
    newest = re.search(r'choices=\[f"v\{n\}" for n in range\((\d+), 1, -1\)\] \+ \["all"\]', source)
    number = int(version.removeprefix("v"))
    assert newest is not None and int(newest.group(1)) >= number
    assert 'chosen = ["v6", "v5", "v4", "v3", "v2"] if args.set == "all"' in source
    for name in ("hold_verdicts_same.py", "hold_verdicts_changed.py"):
        skip = re.search(r'"--skip", default="([^"]*)"', (root / "bench" / name).read_text(encoding="utf-8"))
        assert skip is not None and version in skip.group(1).split(","), name  # never opened unless asked
    for p in SCRIPTS.glob("hold_train*.py"):
        text = p.read_text(encoding="utf-8").lower()
        assert f"heldout_{version}" not in text and not [repo for repo in repos.values() if repo.lower() in text]
    cv = (SCRIPTS / "hold_train_cv.py").read_text(encoding="utf-8")
    found = re.search(r"^SPENT = tuple\(f\"v\{k\}\" for k in range\(4, (\d+)\)\)$", cv, re.M)
    assert found is not None
    if spent:
        assert int(found.group(1)) >= number + 1  # spent by the lead's one look after its round
    else:
        assert int(found.group(1)) <= number  # blind: no tuning list reads it before the lead's look


def check_readme_row(version: str) -> None:
    """README's table row for `version` gives the default's counts as the lead's one look recorded them
    (`bench/results/hold_heldout_<version>_look1.json`: tp, fn, fp, tn, recall, precision of "default")."""
    root = FIXTURES.parents[1]
    record = (root / "bench" / "results" / f"hold_heldout_{version}_look1.json").read_text(encoding="utf-8")
    look = json.loads(record)[version]["default"]
    readme = (root / "README.md").read_text(encoding="utf-8").splitlines()
    row = next(line for line in readme if line.startswith(f"  | {version} |"))
    orders, benign = look["tp"] + look["fn"], look["fp"] + look["tn"]
    recall = f"| {look['tp']}/{orders} ({look['recall']:.2f}) |"
    assert f"{recall} {look['precision']:.2f} | {look['fp']}/{benign} |" in row, row


def check_archives_refused(version: str, archive: str, tmp_path: Path) -> None:
    """`scripts/hold_heldout_<version>.py` exits 2 naming `github/<archive>` when it is missing, and when its
    SHA-256 differs, writing nothing."""
    script = SCRIPTS / f"hold_heldout_{version}.py"
    run = [sys.executable, str(script), "--sources", str(tmp_path), "--out", str(tmp_path / "out")]
    missing = subprocess.run(run, capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and f"missing github/{archive}" in missing.stderr
    (tmp_path / "github").mkdir()
    (tmp_path / "github" / archive).write_bytes(b"not the archive")
    wrong = subprocess.run(run, capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "has SHA-256" in wrong.stderr
    assert not (tmp_path / "out").exists()


def figures(detector: Any, version: str) -> tuple[int, int, int]:
    """(caught, false holds, missed) of `detector` on the set."""
    tp = fp = fn = 0
    for r in rows(version):
        held = detector.assess(str(r["text"]), r["source"]).held
        tp += held and bool(r["held"])
        fp += held and not r["held"]
        fn += (not held) and bool(r["held"])
    return tp, fp, fn


def earlier_texts(version: str) -> set[str]:
    """Every text (stripped) of the sets before `version` ("v18"): v2's files under
    fixtures/hold_heldout (`text` or `prompt`), then v3 up to the one before `version`."""
    earlier: set[str] = set()
    for p in (FIXTURES / "hold_heldout").glob("*.jsonl"):
        for line in p.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            earlier.add(str(r.get("text") or r.get("prompt") or "").strip())
    for n in range(3, int(version.removeprefix("v"))):
        earlier |= {str(r["text"]).strip() for r in rows(f"v{n}")}
    return earlier


def check_no_earlier_text(version: str, *, least_earlier: int) -> None:
    """No text of `version` is identical to a text of an earlier set (`earlier_texts`: more than `least_earlier`),
    nor opens like one (40 letters): its build script's `Picker`, given the earlier texts, finds each fresh."""
    earlier = earlier_texts(version)
    assert len(earlier) > least_earlier
    texts = {str(r["text"]) for r in rows(version)}
    assert not texts & earlier
    picker = builder(version).Picker(earlier)
    assert all(picker.fresh(t) for t in texts)


def check_no_normalised_repeat(version: str) -> None:
    """`version`'s build script draws against the set just before it (`EARLIER.version`), and no row of the set
    repeats an earlier text once normalised (its own `overlaps`, the written rows too)."""
    mod = builder(version)
    assert mod.EARLIER.version == int(version[1:]) - 1
    assert not [r["text"] for r in rows(version) if mod.overlaps(r["text"])]


LICENCE_MARKERS = {
    "CC-BY-4.0": "Attribution 4.0 International",
    "CC-BY-SA-4.0": "Attribution-ShareAlike 4.0 International",
    "Apache-2.0": "Apache License",
    "CC0-1.0": "CC0 1.0 Universal",
}
"""A licence's SPDX name and a phrase its full text carries (for `check_licences`)."""


def check_licences(version: str, licences: dict[str, str]) -> None:
    """Every row of `version` names its origin group's licence (the part of `origin` before `:`, as its build
    script's `LICENCES` gives it); each sourced group of `licences` (group: SPDX name) has its licence text beside the
    set (`LICENSE.<group>`, carrying `LICENCE_MARKERS`' phrase) and a `LICENCES` entry naming both; the written group
    (`written-<version>`) is the project's own."""
    recorded = builder(version).LICENCES
    assert all(r["licence"] == recorded[str(r["origin"]).split(":")[0]] for r in rows(version))
    folder = jsonl_path(version).parent
    for group, name in licences.items():
        text = (folder / f"LICENSE.{group}").read_text(encoding="utf-8")
        assert LICENCE_MARKERS[name] in text, group
        assert recorded[group].startswith(f"{name} (") and f"LICENSE.{group}" in recorded[group]
    assert recorded[f"written-{version}"].startswith("written for memeval")


def check_encoded(mod: ModuleType) -> None:
    """A build script's ENCODED rows use the three encodings and each text decodes back to its plain text."""
    assert {kind for _, _, kind, _, _ in mod.ENCODED} == {"b64", "rot13", "reversed"}
    for _, _, kind, _, plain in mod.ENCODED:
        enc = mod._encode(kind, plain)
        assert enc != plain
        if kind == "b64":
            assert mod.base64.b64decode(enc).decode("utf-8") == plain
        if kind == "rot13":
            assert mod.codecs.decode(enc, "rot13") == plain
        if kind == "reversed":
            assert enc[::-1] == plain


DECODE = {
    "b64": lambda s: base64.b64decode(s).decode("utf-8"),
    "rot13": lambda s: codecs.decode(s, "rot13"),
    "reversed": lambda s: s[::-1],
    "hex": lambda s: bytes.fromhex(s.replace(" ", "")).decode("utf-8"),
    "pct": urllib.parse.unquote,
    "hexref": html.unescape,
    "zwsp": lambda s: s.replace("\u200b", ""),
    "tags": lambda s: "".join(chr(ord(c) - 0xE0000) for c in s),
    "fullwidth": lambda s: "".join(" " if c == "\u3000" else chr(ord(c) - 0xFEE0) for c in s),
}
"""Each encoding a held-out set's builder writes encoded orders in -> the function that reads it back to plain text."""

_LEET = str.maketrans({**dict(zip("aeiost", "4310$7", strict=True)), **dict(zip("AEIOST", "4310$7", strict=True))})


def check_encoded_orders(encoded: list[str], plain: list[tuple[Any, str, str, str]]) -> None:
    """Each encoded row is its plain entry's note, then its order encoded by its kind (`DECODE`; `leet`: six swaps).

    Args:
        encoded: the set's encoded rows' texts, in the builder's order.
        plain: the builder's `ENCODED` entries `(_, note, kind, order)`, in the same order.

    Raises:
        AssertionError: a row does not start with its note, is the plain order, or does not decode to it.
    """
    for text, (_, note, kind, order) in zip(encoded, plain, strict=True):
        assert text.startswith(note) and text != note + order
        body = text.removeprefix(note)
        if kind == "leet":  # leetspeak cannot be decoded (4 was a or A): the order written with the six swaps
            assert body == order.translate(_LEET) and body != order
        else:
            assert DECODE[kind](body) == order, kind
