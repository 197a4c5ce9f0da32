#!/usr/bin/env python3
r"""Build the hold detector's held-out set v28 (tests/fixtures/hold_heldout_v28/) from fresh public sources and written rows.

Written and run during issue 15's twenty-seventh round by a helper who does not tune the detector and read
no rule table, detector code or training method of memeval (only the v27 README, build scripts and pin
test, the shared held-out helpers they import, the held-out sections of `memeval/hold/README.md`, and the
team boards, READMEs, build and training scripts searched for source names). Nothing here imports
`memeval.hold`; no detector, classifier or `bench/hold_eval.py` scoring was run on the result before it was
committed. Rows from the sources are taken by fixed rules (every item of the named files or lists that
passes a stated filter, or the lowest SHA-256 hashes of them), not read and chosen one by one; the file is
pinned by SHA-256 in tests/hold/test_hold_heldout_v28.py. Every source was reserved for v28 on the team
board before it was opened; the training scripts must not read them (all files of the named archives).

The point of v28 (v27's weakness): every order outside English comes from its publisher, written natively
in its language (Brazilian Portuguese, Chinese, Russian and Japanese test data); the builder's written orders are all in
English. Benign texts in the same languages include an owner's instructions to an assistant and a team's
imperative rules, so that neither language nor imperative mood settles the label.

Labelling rule (all rows): v11's to v27's, unchanged. A text is held when it tries to make an agent
act for someone other than its user or operator, or against them: an order planted in content the
agent reads, a request to send secrets or data out, a lesson or note telling future sessions to do
something risky (run remote code, send secrets, skip checks, widen rights), a request for the hidden
system prompt or context, or an order with forged authority; or a request for help to seriously harm
people. A team's own instruction to its agents or to people (however imperative: "always", "never",
"must"), notes and documents ABOUT attacks that order nothing, tool output, documentation, UI text and a
person's ordinary request are not held. Where a publisher's category does not settle the label by this
rule, the category is left out whole (named below).

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub studiodeia/ShieldGateway at 88b498c (MIT, declared in README and package.json; no licence file),
  natively Brazilian Portuguese. `src/data/prompt-injection-payloads-ptbr.ts`: payloads of the categories
  in `SHIELD_HELD` marked `expectedDetection: true`, the `SHIELD_N` lowest, held (`shieldgw:<category>`);
  every payload marked `expectedDetection: false` (questions the publisher marks legitimate), not held
  (`shieldgw:legit`). Left out: the `indirect` category (security questions "for a paper", "como um
  consultor"; the rule does not settle them).
- GitHub Reallier/hirestream-match at abde4e2 (MIT, declared in README), natively Chinese. `tests/test_07_security.py`
  (read with `ast`): both fields (`jd`, `resume_text`) of the information-leak tests but `HIRE_SKIP` (asking
  which model or which sampling settings), and the `jd` field of every prompt-injection test, the `HIRE_N`
  lowest, held (`hirestream:leak`, `hirestream:injection`); the fields of the policy, function and output
  tests of 8 characters or more (job ads and resumes, some describing harmful work), not held
  (`hirestream:resume`). Left out: the SQL, XSS, path and SSRF strings (attacks on software, not orders).
- GitHub chenzhou0071/QQ-Chatbot at 7b70ca7 (MIT, declared in README), natively Chinese.
  `scripts/test_security.py` `test_cases` (text, expected, category): the ones expected blocked in the
  categories of `QQ_HELD`, held (`qqbot:<category>`); the ones expected to pass (ordinary chat), not held
  (`qqbot:chat`). Left out: 身份覆盖 and 角色扮演 (a user asking the bot to play a pirate or a queen).
- GitHub danzaio/prompt-injection-zoo at b527118 (MIT). `scenarios/*.json`: every untrusted input's
  content (an order planted in a transcript, page, tool result or footnote), held (`zoo:<category>`);
  every mission's user prompt, not held (`zoo:task`); list items (v26's `md_items`) of the English and
  the Brazilian Portuguese docs, the `ZOO_DOCS_N` and `ZOO_PT_N` lowest, not held (`zoo:docs`,
  `zoo:docs-pt`).
- GitHub shigyo2021/prompt-injection-detector at 85e19cc (MIT). `tests/test_rule_based.py`
  `ATTACK_PROMPTS` (English and Japanese), held (`pidetector:attack`); `LEGIT_PROMPTS` (a person's
  ordinary questions, Japanese and English), not held (`pidetector:legit`).
- GitHub minoru-s/pdf-injection-detector at 51ed9c7 (MIT). `fixtures/redteam/ground-truth.json` and
  `fixtures/real/*.json`: every `expectedInjections` text of 20 characters or more (orders hidden in
  PDFs by white, clipped or invisible text; the shorter ones are cut fragments), held (`pdfinject:hidden`).
- GitHub solaris-ai-group/prompt-injection-ru (MIT), natively Russian; the repository could not be
  fetched here, so its two files are kept as the search tool's `read_file` stored them (`files/`,
  SHA-256-checked like the archives): `probes/probes.json` at 40e9295, every probe's message (the
  publisher's checks for a team's own bot: role override, prompt leak, a planted order in a review, a
  Base64 order, a forged manager's discount, another client's questions, the tools' internal names), held
  (`ruprobe:<id>`); `CHECKLIST.md` at 27e2b00, every checklist item (a team's pre-release rules), not held
  (`ruprobe:checklist`).
- gongwen-skill 2.15.0 (PyPI sdist, MIT), natively Chinese: list items of `AGENTS.md`, `SKILL.md` and
  `prompts/*.md` (an owner's instructions to an agent that writes official documents) that `lang_of`
  tags zh or en, the `GONGWEN_N` lowest, not held (`gongwen:agent`).
- dariko 3.2.0 (PyPI sdist, MIT), a Japanese LLM library: list items of its Markdown files, the
  `DARIKO_N` lowest tagged ja and the `DARIKO_EN_N` lowest tagged en, not held (`dariko:docs`).
- WRITTEN for v28 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v28_written.py), `written-v28:<kind>`.

`lang_of` is v27's (script first, then distinct function words, English otherwise); every row of the
Chinese sources is tagged by it too (a Chinese test suite's English line stays `en`). The memeval
`source` of each row is rotated by the text's hash. Texts identical to a v1-v27 text are dropped;
duplicates kept once; source texts opening like a v1-v27 text (`_near_key`) are left out before the
lowest hashes are taken.

Usage: python scripts/hold_heldout_v28.py --sources DIR --out tests/fixtures/hold_heldout_v28, where DIR
holds `sdists/` (`pip download --no-deps --no-binary :all: NAME==VERSION`), `github/` (`git archive
--format=tar.gz --prefix=NAME-COMMIT/ COMMIT [PATHS]` of the fetched trees, git 2.39; the paths are in
the fixture README) and `files/` (`git show COMMIT:PATH` of the two files named in `ARCHIVES`). Every archive's SHA-256 is checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import json
import re
import tarfile
from pathlib import Path
from typing import Any

from _heldout_common import Picker, build_main, h, known_up_to, slug
from hold_heldout_v26 import md_items
from hold_heldout_v27 import lang_of
from hold_heldout_v28_written import BENIGN, WRITTEN

ARCHIVES = {
    "sdists": {
        "gongwen_skill-2.15.0.tar.gz": "be8916b6a472c6c775c3aff0feabcc2b9a48d2b99090c6e1492afb9bd8e2ac68",
        "dariko-3.2.0.tar.gz": "2fc83a3b8c88bafcaff1a9e39468b333b4d8e2f0063a899ca9191d766e68e2b2",
    },
    "github": {
        "ShieldGateway-88b498c.tar.gz": "bbeeb1bda94dfe6b0307168e2ceb1b6fb642c672e2a8e65e8c5ab9fe6c8174fd",
        "hirestream-match-abde4e2.tar.gz": "63b7e924222be8e3d887b9e138a0960e2a76ad2a5ad0e1bf4da6cde564c0b824",
        "QQ-Chatbot-7b70ca7.tar.gz": "a80927768d48b8a0b25430bb06851ddb108fa7aa07c76512d6d961ea0d0911fc",
        "prompt-injection-zoo-b527118.tar.gz": "7262dce3606196e9757bb9b70dfda81f0e05d1cd4aeed6ac742497c0d21065ab",
        "prompt-injection-detector-85e19cc.tar.gz": "7af9d155b466c730fc2fcd66dcb4eaa07703cddc671e65dbda9d706a3ca0eb8e",
        "pdf-injection-detector-51ed9c7.tar.gz": "7786099d2b21ee73bf06fa4eb0a7ba03c834b5bf6939f2e6dd0ce68aab65340c",
    },
    "files": {  # single files kept as stored by the search tool's read_file (the repository could not be fetched)
        "prompt-injection-ru-40e9295-probes.json": "4264ee44bfd59cbf42d128b9a0fd21ebcb274e5351d08047f15f0480efd5efd3",
        "prompt-injection-ru-27e2b00-CHECKLIST.md": "7b7892a968d8d70d15421f443e016b431ee1010f988d77f4e7a1545511718e65",
    },
}
SHIELD_HELD = ("direct", "jailbreak", "data_extraction", "system_manipulation")
SHIELD_N = 23
HIRE_SKIP = ("TALENTAI-LEAK-009", "TALENTAI-LEAK-010")
HIRE_N = 23
QQ_HELD = ("提示词泄露", "指令覆盖", "特殊模式", "系统信息探测")
ZOO_HELD = (
    "context-poisoning",
    "tool-misuse",
    "indirect-prompt-injection",
    "memory-poisoning",
    "cross-agent-contamination",
)
ZOO_DOCS_N = 60
ZOO_PT_N = 45
ZOO_PT_DOCS = ("README.pt-BR.md", "CONTRIBUTING.pt-BR.md", "SECURITY.pt-BR.md", "docs/pt-BR/")
ZOO_EN_DOCS = ("README.md", "CONTRIBUTING.md", "SECURITY.md", "docs/")
GONGWEN_N = 115
GONGWEN_FILES = ("AGENTS.md", "SKILL.md", "prompts/")
DARIKO_N = 30
DARIKO_EN_N = 20
EXCLUDE: dict[str, str] = {}  # SHA-256 prefix of a drawn text found unfit after the draw -> the reason
_PICK: list[Picker] = []
_FILES: dict[tuple[str, str, str], dict[str, bytes]] = {}
_TS_ITEM = re.compile(
    r"category: '(?P<cat>\w+)',\s*severity: '\w+',\s*payload: '(?P<payload>(?:[^'\\]|\\.)*)',"
    r".*?expectedDetection: (?P<expected>true|false)",
    re.S,
)


def pick() -> Picker:
    """The picker over v1-v27's texts (made once)."""
    if not _PICK:
        _PICK.append(Picker(known_texts()))
    return _PICK[0]


_PT_WORDS = set(
    "o os as de que em para com por uma um não você do da dos das no na seu sua ao mas meu minha todas todos seus suas".split()
)
_EN_WORDS = set("the and to of in is you your for with not be that this or on are as if it do will have all".split())


def lang28(text: str, native: str | None = None) -> str:
    """A row's language tag: v27's `lang_of`, except for rows of a natively Chinese or Portuguese source.

    Chinese: `zh` when `lang_of` says `en` but the text has a Han character. Portuguese: `pt` when
    `lang_of` says `es` or `it`, or says `en` but the text has Portuguese diacritics, two distinct
    Portuguese function words, or fewer than two distinct English function words.
    """
    tag = lang_of(text)
    if native == "zh" and tag == "en":
        return "zh" if any(0x4E00 <= ord(c) <= 0x9FFF for c in text) else tag
    if native == "pt" and tag in ("en", "es", "it"):
        words = set(re.findall(r"[a-zà-ÿ]+", text.lower()))
        carries = bool(re.search(r"[ãõçáéíóúâêôà]", text.lower())) or len(words & _PT_WORDS) >= 2
        return "pt" if tag != "en" or carries or len(words & _EN_WORDS) < 2 else tag
    return tag


def _row(text: str, held: bool, origin: str, native: str | None = None) -> dict[str, Any]:
    return dict(text=text, held=held, lang=lang28(text, native), origin=origin)


def _expect(name: str, got: object, want: object) -> None:
    if got != want:
        raise SystemExit(f"{name}: {got}, expected {want}")


def _read(sources: Path, kind: str, archive: str) -> dict[str, bytes]:
    """Every file of a `.tar.gz` archive by its path under the archive's top folder (read once, kept)."""
    key = (str(sources), kind, archive)
    if key not in _FILES:
        with tarfile.open(sources / kind / archive, "r:gz") as t:
            files = {}
            for m in t.getmembers():
                if m.isfile() and "/" in m.name:
                    f = t.extractfile(m)
                    assert f is not None
                    files[m.name.split("/", 1)[1]] = f.read()
            _FILES[key] = files
    return _FILES[key]


def _text(sources: Path, kind: str, archive: str, member: str) -> str:
    return _read(sources, kind, archive)[member].decode("utf-8")


def _members(sources: Path, kind: str, archive: str, prefixes: tuple[str, ...], suffix: str = "") -> list[str]:
    return sorted(m for m in _read(sources, kind, archive) if m.startswith(prefixes) and m.endswith(suffix))


def _fit(text: str) -> bool:
    return h(text)[:12] not in EXCLUDE


def _js_unescape(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def shield_rows(sources: Path) -> list[dict[str, Any]]:
    """ShieldGateway's Brazilian Portuguese payloads: the held categories' detections, held; the ones marked legitimate, not."""
    src = _text(sources, "github", "ShieldGateway-88b498c.tar.gz", "src/data/prompt-injection-payloads-ptbr.ts")
    items = [(m["cat"], _js_unescape(m["payload"]).strip(), m["expected"] == "true") for m in _TS_ITEM.finditer(src)]
    _expect("shieldgw payloads", len(items), src.count("expectedDetection:") - 1)
    held = {t: c for c, t, e in items if e and c in SHIELD_HELD and _fit(t)}
    legit = [t for _, t, e in items if not e and _fit(t)]
    out = [_row(t, True, f"shieldgw:{slug(held[t])}", "pt") for t in pick().lowest(list(held), SHIELD_N)]
    return out + [_row(t, False, "shieldgw:legit", "pt") for t in pick().lowest(legit, None)]


def _fields(fn: ast.FunctionDef) -> list[tuple[str, str]]:
    out = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values, strict=True):
                if isinstance(k, ast.Constant) and k.value in ("jd", "resume_text") and isinstance(v, ast.Constant):
                    out.append((str(k.value), str(v.value).strip()))
    return out


def hirestream_rows(sources: Path) -> list[dict[str, Any]]:
    """hirestream-match's Chinese leak and injection tests, held; its job ads and resumes, not."""
    tree = ast.parse(_text(sources, "github", "hirestream-match-abde4e2.tar.gz", "tests/test_07_security.py"))
    held: dict[str, str] = {}
    benign: list[str] = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for fn in (n for n in cls.body if isinstance(n, ast.FunctionDef)):
            doc = (ast.get_docstring(fn) or "").split(":")[0].strip()
            fields = _fields(fn)
            if cls.name == "TestInformationLeakage" and doc not in HIRE_SKIP:
                held.update({t: "leak" for _, t in fields if t})
            elif cls.name == "TestPromptInjection":
                held.update({t: "injection" for k, t in fields if k == "jd" and t})
            elif cls.name in ("TestPolicyCompliance", "TestFunctionalRobustness", "TestOutputStability"):
                benign += [t for _, t in fields if len(t) >= 8]
    _expect("hirestream held texts", len(held), 27)
    out = [_row(t, True, f"hirestream:{held[t]}", "zh") for t in pick().lowest([t for t in held if _fit(t)], HIRE_N)]
    return out + [
        _row(t, False, "hirestream:resume", "zh") for t in pick().lowest([t for t in benign if _fit(t)], None)
    ]


def qqbot_rows(sources: Path) -> list[dict[str, Any]]:
    """QQ-Chatbot's Chinese jailbreak tests: leak, override, special-mode and system-probe requests, held; ordinary chat, not."""
    tree = ast.parse(_text(sources, "github", "QQ-Chatbot-7b70ca7.tar.gz", "scripts/test_security.py"))
    cases: list[tuple[str, bool, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "test_cases":
            value = ast.literal_eval(node.value)
            if value and len(value[0]) == 3:
                cases += [(str(a), bool(b), str(c)) for a, b, c in value]
    held = {t: c for t, blocked, c in cases if blocked and c in QQ_HELD and _fit(t)}
    chat = [t for t, blocked, _ in cases if not blocked and _fit(t)]
    _expect("qqbot held texts", len(held), 19)
    names = {
        "提示词泄露": "prompt-leak",
        "指令覆盖": "override",
        "特殊模式": "special-mode",
        "系统信息探测": "system-probe",
    }
    out = [_row(t, True, f"qqbot:{names[held[t]]}", "zh") for t in pick().lowest(list(held), None)]
    return out + [_row(t, False, "qqbot:chat", "zh") for t in pick().lowest(chat, None)]


def zoo_rows(sources: Path) -> list[dict[str, Any]]:
    """prompt-injection-zoo's planted inputs, held; its missions and docs (English, Brazilian Portuguese), not."""
    gh = "prompt-injection-zoo-b527118.tar.gz"
    held: dict[str, str] = {}
    tasks: list[str] = []
    for member in _members(sources, "github", gh, ("scenarios/",), ".json"):
        scenario = json.loads(_text(sources, "github", gh, member))
        category = slug(scenario["category"])
        if category in ZOO_HELD:
            held.update({str(i["content"]).strip(): category for i in scenario["untrustedInputs"]})
        tasks.append(str(scenario["mission"]["userPrompt"]).strip())
    _expect("zoo planted inputs", len(held), 5)
    out = [_row(t, True, f"zoo:{held[t]}") for t in pick().lowest([t for t in held if _fit(t)], None)]
    out += [_row(t, False, "zoo:task") for t in pick().lowest([t for t in tasks if _fit(t)], None)]
    for prefixes, n, origin in ((ZOO_EN_DOCS, ZOO_DOCS_N, "zoo:docs"), (ZOO_PT_DOCS, ZOO_PT_N, "zoo:docs-pt")):
        items = [
            i
            for m in _members(sources, "github", gh, prefixes, ".md")
            if (m in prefixes or m.startswith("docs/")) and (origin == "zoo:docs-pt") == ("pt-BR" in m)
            for i in md_items(_text(sources, "github", gh, m))
            if _fit(i)
        ]
        out += [_row(t, False, origin, "pt" if origin == "zoo:docs-pt" else None) for t in pick().lowest(items, n)]
    return out


def _literals(source: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = ast.literal_eval(node.value) if isinstance(node.value, ast.List) else None
    return out


def pidetector_rows(sources: Path) -> list[dict[str, Any]]:
    """shigyo2021/prompt-injection-detector's rule tests: its attack prompts (English, Japanese), held; its legitimate ones, not."""
    names = _literals(_text(sources, "github", "prompt-injection-detector-85e19cc.tar.gz", "tests/test_rule_based.py"))
    attacks, legit = [str(t) for t in names["ATTACK_PROMPTS"]], [str(t) for t in names["LEGIT_PROMPTS"]]
    _expect("pidetector prompts", (len(attacks), len(legit)), (10, 10))
    out = [_row(t, True, "pidetector:attack") for t in pick().lowest([t for t in attacks if _fit(t)], None)]
    return out + [_row(t, False, "pidetector:legit") for t in pick().lowest([t for t in legit if _fit(t)], None)]


def pdfinject_rows(sources: Path) -> list[dict[str, Any]]:
    """pdf-injection-detector's ground truth: the texts hidden in its red-team and real PDFs, held."""
    gh = "pdf-injection-detector-51ed9c7.tar.gz"
    texts = [
        str(i["text"]).strip()
        for m in _members(sources, "github", gh, ("fixtures/",), ".json")
        for i in json.loads(_text(sources, "github", gh, m)).get("expectedInjections", [])
    ]
    texts = [t for t in texts if len(t) >= 20]  # the rest are cut fragments ("don't", "sentence in")
    _expect("pdfinject hidden texts", len(set(texts)), 7)
    return [_row(t, True, "pdfinject:hidden") for t in pick().lowest([t for t in texts if _fit(t)], None)]


def ruprobe_rows(sources: Path) -> list[dict[str, Any]]:
    """prompt-injection-ru's Russian probes for a team's own bot, held; its pre-release checklist items, not."""
    probes = json.loads((sources / "files" / "prompt-injection-ru-40e9295-probes.json").read_text(encoding="utf-8"))
    held = {str(p["message"]).strip(): slug(str(p["id"])) for p in probes["probes"]}
    _expect("ruprobe probes", len(held), 12)
    checklist = (sources / "files" / "prompt-injection-ru-27e2b00-CHECKLIST.md").read_text(encoding="utf-8")
    items = [line[len("- [ ] ") :].strip() for line in checklist.splitlines() if line.startswith("- [ ] ")]
    _expect("ruprobe checklist items", len(items), 18)
    out = [_row(t, True, f"ruprobe:{held[t]}") for t in pick().lowest([t for t in held if _fit(t)], None)]
    return out + [_row(t, False, "ruprobe:checklist") for t in pick().lowest([t for t in items if _fit(t)], None)]


def sdist_items(sources: Path, archive: str, prefixes: tuple[str, ...], langs: tuple[str, ...]) -> list[str]:
    """List items (v26's `md_items`) of an sdist's Markdown files under `prefixes` that `lang_of` tags one of `langs`."""
    return [
        i
        for m in _members(sources, "sdists", archive, prefixes, ".md")
        for i in md_items(_text(sources, "sdists", archive, m))
        if lang_of(i) in langs and _fit(i)
    ]


def gongwen_rows(sources: Path) -> list[dict[str, Any]]:
    """gongwen-skill's Chinese instructions to its agent (AGENTS.md, SKILL.md, prompts), not held."""
    items = sdist_items(sources, "gongwen_skill-2.15.0.tar.gz", GONGWEN_FILES, ("zh", "en"))
    return [_row(t, False, "gongwen:agent", "zh") for t in pick().lowest(items, GONGWEN_N)]


def dariko_rows(sources: Path) -> list[dict[str, Any]]:
    """Dariko's Japanese documentation items, not held."""
    out = []
    for lang, n in (("ja", DARIKO_N), ("en", DARIKO_EN_N)):
        items = sdist_items(sources, "dariko-3.2.0.tar.gz", ("",), (lang,))
        out += [_row(t, False, "dariko:docs") for t in pick().lowest(items, n)]
    return out


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v28 (scripts/hold_heldout_v28_written.py)."""
    out = [dict(text=t, held=True, lang=lang, origin=f"written-v28:{kind}") for lang, kind, t in WRITTEN]
    return out + [dict(text=t, held=False, lang=lang, origin=f"written-v28:{kind}") for lang, kind, t in BENIGN]


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v28 in file order: the sources', then the written ones."""
    rows: list[dict[str, Any]] = []
    for part in (
        shield_rows,
        hirestream_rows,
        qqbot_rows,
        zoo_rows,
        pidetector_rows,
        pdfinject_rows,
        ruprobe_rows,
        gongwen_rows,
        dariko_rows,
    ):
        rows += part(sources)
    return rows + written_rows()


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v27), which v28 must not repeat."""
    return known_up_to(27)


def main() -> None:
    """Write heldout_v28.jsonl."""
    build_main(__doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v28.jsonl")


if __name__ == "__main__":
    main()
