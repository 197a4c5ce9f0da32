#!/usr/bin/env python3
r"""Build the hold detector's held-out set v3 (tests/fixtures/hold_heldout_v3/) from public sources.

Written and run BEFORE the classifier or the v3 rules were tuned; the texts were selected by
hash, not read, and the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v3.py. None of
these sources is used for training (scripts/hold_train.py refuses them).

Sources (each a registry package or public repository, with its licence):

- `garak-multilingual` 0.1.0 (Apache-2.0): every payload of `PAYLOAD_SETS` (tr, de, es, ru, ar,
  zh, fr, fa), held, source `person`;
- `agent-injection-bench` 0.1.0 (MIT): `aib/data/attacks.jsonl`, the `injected` text; family
  `control` -> not held, others held; channel tool_result/metadata/filename -> `tool`,
  document -> `document`, web_page -> `web`, user_message/multi_turn -> `person`;
- `bastionprobe` 0.19.0 (MIT): `payloads.jsonl`, held, source `tool`;
- `jailbreak-corpus-mini-py` 0.1.0 (MIT): `corpus.json`, held, source `person`;
- `nullsec-promptinject` 0.1.0 (MIT): `PAYLOADS`, held, source `person`;
- `chatterbot-corpus` 1.3.3 (BSD-3-Clause): conversation lines of 28 languages; a line belongs to
  the held-out half when its SHA-256 (of `lang + "\0" + text`) starts with an even hex digit
  (scripts/hold_train.py trains only on the other half); up to 5 lines of 12+ characters per
  language, lowest hash first; not held; source rotated over the six sources by hash;
- microsoft/BIPIA (MIT, GitHub): `benchmark/email/test.jsonl` contexts, 25 lowest hashes, not
  held, source `email` (BIPIA's train split and attack texts are training data).

Usage: python scripts/hold_heldout_v3.py --wheels DIR --bipia GITDIR --out tests/fixtures/hold_heldout_v3
where DIR holds the unpacked wheels of the five packages above and GITDIR a clone of BIPIA.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import subprocess
import sys
from pathlib import Path

import yaml

SOURCES = ("person", "agent", "tool", "web", "email", "document")
AIB_CHANNEL = {
    "tool_result": "tool",
    "metadata": "tool",
    "filename": "tool",
    "document": "document",
    "web_page": "web",
    "user_message": "person",
    "multi_turn": "person",
}
CHATTERBOT_LANG = {
    "bengali": "bn",
    "chinese": "zh",
    "dutch": "nl",
    "english": "en",
    "french": "fr",
    "german": "de",
    "hebrew": "he",
    "hindi": "hi",
    "hinglish": "hi-latn",
    "indonesian": "id",
    "italian": "it",
    "japanese": "ja",
    "korean": "ko",
    "marathi": "mr",
    "oriya": "or",
    "persian": "fa",
    "portuguese": "pt",
    "russian": "ru",
    "spanish": "es",
    "swedish": "sv",
    "tamil": "ta",
    "telugu": "te",
    "thai": "th",
    "traditionalchinese": "zh-hant",
    "turkish": "tr",
    "ukrainian": "uk",
    "urdu": "ur",
    "yoruba": "yo",
}


def digest(*parts: str) -> str:
    """SHA-256 hex of the parts joined by NUL."""
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def chatterbot_heldout_half(lang: str, text: str) -> bool:
    """True when a chatterbot line belongs to the held-out half (shared with scripts/hold_train.py)."""
    return int(digest(lang, text)[0], 16) % 2 == 0


def chatterbot_lines(root: Path) -> list[tuple[str, str]]:
    """(lang, line) for every distinct string line of every conversation of the corpus."""
    out: set[tuple[str, str]] = set()
    for path in sorted((root / "chatterbot_corpus" / "data").glob("*/*.yml")):
        lang = CHATTERBOT_LANG[path.parent.name]
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for conv in doc.get("conversations") or []:
            for line in conv if isinstance(conv, list) else [conv]:
                if isinstance(line, str) and line.strip():
                    out.add((lang, line.strip()))
    return sorted(out)


def build(wheels: Path, bipia: Path) -> list[dict[str, object]]:
    """The v3 rows (origin, source, held, lang, text), first occurrence of each text kept."""
    rows: list[dict[str, object]] = []

    def add(origin: str, source: str, held: bool, lang: str, text: str) -> None:
        rows.append({"origin": origin, "source": source, "held": held, "lang": lang, "text": text})

    sys.path.insert(0, str(wheels))
    garak = importlib.import_module("garak_multilingual.payloads")
    for set_name, payloads in garak.PAYLOAD_SETS.items():
        for p in payloads:
            add(f"garak-multilingual:{set_name}", "person", True, p.get("lang", "tr"), p["prompt"])
    for line in (wheels / "aib" / "data" / "attacks.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            add(
                f"agent-injection-bench:{r['id']}",
                AIB_CHANNEL[r["channel"]],
                r["family"] != "control",
                "en",
                r["injected"],
            )
    for line in (wheels / "bastionprobe" / "payloads.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            add(f"bastionprobe:{r['id']}", "tool", True, "en", r["text"])
    for r in json.loads((wheels / "jailbreak_corpus_mini" / "corpus.json").read_text(encoding="utf-8")):
        add(f"jailbreak-corpus-mini:{r['id']}", "person", True, "en", r["prompt"])
    nullsec = importlib.import_module("nullsec_promptinject.payloads")
    for i, p in enumerate(nullsec.PAYLOADS):
        add(f"nullsec-promptinject:{i}", "person", True, p.language, p.text)
    by_lang: dict[str, list[tuple[str, str]]] = {}
    for lang, text in chatterbot_lines(wheels):
        if len(text) >= 12 and chatterbot_heldout_half(lang, text):
            by_lang.setdefault(lang, []).append((digest(lang, text), text))
    for lang, items in sorted(by_lang.items()):
        for h, text in sorted(items)[:5]:
            add(f"chatterbot-corpus:{lang}", SOURCES[int(h[:8], 16) % len(SOURCES)], False, lang, text)
    emails = subprocess.run(
        ["git", "-C", str(bipia), "show", "HEAD:benchmark/email/test.jsonl"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    contexts = sorted({json.loads(line)["context"] for line in emails if line.strip()}, key=lambda t: digest(t))
    for text in contexts[:25]:
        add("bipia:email/test", "email", False, "en", text)
    seen: set[str] = set()
    unique = []
    for r in rows:
        if r["text"] not in seen:
            seen.add(str(r["text"]))
            unique.append(r)
    return unique


def main() -> None:
    """Write heldout_v3.jsonl and print its counts."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wheels", type=Path, required=True, help="folder with the unpacked wheels")
    ap.add_argument("--bipia", type=Path, required=True, help="git folder of microsoft/BIPIA")
    ap.add_argument("--out", type=Path, required=True, help="output folder")
    args = ap.parse_args()
    rows = build(args.wheels, args.bipia)
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "heldout_v3.jsonl").open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    held = sum(bool(r["held"]) for r in rows)
    print(f"{len(rows)} rows: {held} held, {len(rows) - held} not held, {len({r['lang'] for r in rows})} languages")


if __name__ == "__main__":
    main()
