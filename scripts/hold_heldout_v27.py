#!/usr/bin/env python3
r"""Build the hold detector's held-out set v27 (tests/fixtures/hold_heldout_v27/) from fresh public sources and written rows.

Written and run during issue 15's twenty-fifth round by a helper who does not tune the detector and read
no rule table, detector code or training method of memeval (only the v26 README, build scripts and pin
test, the shared held-out helpers they import, and the team boards, earlier READMEs, build and training
scripts searched for source names). Nothing here imports `memeval.hold`; no detector, classifier or
`bench/hold_eval.py` scoring was run on the result before it was committed. Rows from the sources are
taken by fixed rules (every item of the named files or lists that passes a stated filter, or the lowest
SHA-256 hashes of them), not read and chosen one by one; the file is pinned by SHA-256 in
tests/hold/test_hold_heldout_v27.py. Every source was reserved for v27 on the team board before it was
opened; the training scripts must not read them (all files of the named archives).

Labelling rule (all rows): v11's to v26's, unchanged. A text is held when it tries to make an agent
act for someone other than its user or operator, or against them: an order planted in content the
agent reads, a request to send secrets or data out, a lesson or note telling future sessions to do
something risky (run remote code, send secrets, skip checks, widen rights), a request for the hidden
system prompt or context, or an order with forged authority; or a request for help to seriously harm
people. A team's own instruction to its agents or to people (however imperative: "always", "never",
"must"), notes and documents ABOUT attacks that order nothing, tool output, documentation, UI text and a
person's ordinary request are not held. Benign rows are text a team keeps or a user types, never an
attack's name or a cut piece of one. Where a publisher's category does not settle the label by this
rule, the category is left out whole (named below).

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- proofagent-harness 0.13.0 (PyPI sdist, Apache-2.0). `src/proofagent_harness/data/traps/prompt_injection/*.md`:
  the quoted items of every section headed `# Seed prompt bank ...`, the `PROOF_N` lowest, held
  (`proof:<trap>`); the refusal-channel trap left out (`PROOF_SKIP`: follow-up turns such as "give me
  initials only" that are attacks only after an earlier turn). `CONTRIBUTING.md`, `SECURITY.md`, `docs/SCORING.md`, `docs/governance-upload.md`:
  list items (v26's `md_items`), the `PROOF_DOCS_N` lowest, not held (`proof:docs`).
- argus-orchestrator 0.3.3 (PyPI sdist, Apache-2.0). `orchestrator/redteam/probes/**/*.yaml`: every
  prompt of the probes in `ARGUS_HELD` (the attack is in the prompt), the `ARGUS_N` lowest, held
  (`argus:<probe>`); every prompt of the probes in `ARGUS_TASKS` (the user's own request; the attack
  sits in a web page, tool or merchant the prompt only names), not held (`argus:task`). `{mcp_url}` and
  `{merchant_url}` are filled with `ARGUS_FILL`.
- harnesswatch 0.1.0 (PyPI sdist, Apache-2.0). `tests/fixtures/rules/HG-INJ-00[123]/should_fire/**`
  (agent instruction files with planted orders), held (`harness:<case>`); `.../should_not_fire/**` and
  the instruction files (`.md`, `.mdc`, `.clinerules`, `.goosehints`) of `tests/fixtures/parsers/**`,
  not held (`harness:clean`); whole files of 20 characters or more. Left out (`HARNESS_SKIP`): the
  homoglyph, bidi-control and zero-width cases (their hidden text orders nothing risky) and the bare
  remote `@import` line (the rule does not settle it).
- spyv 0.5.0 (PyPI sdist, Apache-2.0). `src/spyv/attacks.py` `CORPUS`: every payload but the ids in
  `SPYV_SKIP` (a user's own request to delete their records without a confirmation), held (`spyv:<id>`).
- GitHub irens/AI-QA-60Days at 5939408 (Apache-2.0), natively Chinese. `04_注入与越狱/test_prompt_injection.py`
  `ATTACKS` and `10_OWASP安全扫描/test_owasp_scan.py` `PROBES` (third argument of each call): every
  payload, held (`irens:<file>`); `README.md`, `ROADMAP.md` and the topic READMEs outside `04_`/`10_`:
  list items, the `IRENS_DOCS_N` lowest, not held (`irens:docs`).
- GitHub 0xeb/TheBigPromptLibrary at 655667d (MIT). `CustomInstructions/ChatGPT/*.md` (custom GPT
  instructions their builders wrote, many natively in Japanese, Chinese, Korean, Portuguese, French,
  Spanish): lines of 25-400 characters (list markers cut; metadata, image, table and fence lines left
  out), tagged by `lang_of`, the `BIG_N[lang]` lowest per language, not held (`bigprompt:gpt`);
  `Security/GPT-Protections/*.md` lines the same way, the `BIG_PROTECT_N` lowest English ones, not held
  (`bigprompt:protection`). `BIG_EXCLUDE` (by SHA-256 prefix, with the reason) drops lines read after
  the draw and found unfit: one, a person's phone number.
- WRITTEN for v27 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v27_written.py), `written-v27:<kind>`.

`lang_of`: by script (kana with Han: ja; Han: zh; Hangul: ko; Cyrillic: ru; Arabic: ar), else by
counting the distinct common function words of es, fr, de, pt, it against English (at least three and twice the
English count); English otherwise. The memeval `source` of each row is rotated by the text's
hash. Texts identical to a v1-v26 text are dropped; duplicates kept once; source texts opening like a
v1-v26 text (`_near_key`) are left out before the lowest hashes are taken.

Usage: python scripts/hold_heldout_v27.py --sources DIR --out tests/fixtures/hold_heldout_v27, where DIR
holds `sdists/` (`pip download --no-deps --no-binary :all: NAME==VERSION`) and `github/` (`git archive
--format=tar.gz --prefix=NAME-COMMIT/ COMMIT [PATHS]` of the fetched trees, git 2.39; the paths are in
the fixture README). Every archive's SHA-256 is checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import re
import tarfile
from pathlib import Path
from typing import Any

import yaml
from _heldout_common import Picker, build_main, h, known_up_to, slug
from hold_heldout_v26 import md_items
from hold_heldout_v27_written import BENIGN, WRITTEN

ARCHIVES = {
    "sdists": {
        "proofagent_harness-0.13.0.tar.gz": "4d685ef7832bab71d03d0f34c894725d151661b872c1ff4107af55f7c35502a5",
        "argus_orchestrator-0.3.3.tar.gz": "dc55f3b4a16dee8f18f35a52c254ce66a9713eba3985d63509df53cfd4ad70aa",
        "harnesswatch-0.1.0.tar.gz": "27844283f98bb5e10037035ddc48fc254a7bafb958f7a62759293f8b41c920b3",
        "spyv-0.5.0.tar.gz": "04247be919de24935658d10dd8bc424d0fd0916ce7703afad4dd8cf0b6481299",
    },
    "github": {
        "AI-QA-60Days-5939408.tar.gz": "0a2c637eeabf482a4b440a881d819bd08799bb872b374df8521cab1affeadcc6",
        "TheBigPromptLibrary-655667d.tar.gz": "f54093553d53873e2534686b2aa005fa60bc5a19ca0bb00a7afac8822698e73a",
    },
}
PROOF_N = 25
PROOF_SKIP = ("refusal_channel_attack.md",)
PROOF_DOCS_N = 43
PROOF_DOCS = ("CONTRIBUTING.md", "SECURITY.md", "docs/SCORING.md", "docs/governance-upload.md")
ARGUS_N = 25
ARGUS_HELD = (
    "agents_md_npm_install",
    "unicode_invisible_smuggling",
    "encoded_payload_base64_link",
    "encoded_payload_hex_codeblock",
    "guardrail_log_noise",
    "owasp_01_prompt_injection_basic",
    "owasp_02_sensitive_info_disclosure",
    "owasp_03_supply_chain",
    "owasp_04_poisoning",
    "owasp_07_system_prompt_leakage",
    "shadow_credentials_env_exfil",
    "shadow_credentials_oauth_webhook",
    "syscard_confused_deputy",
    "pay_wallet_key_exfil",
    "pay_wallet_key_exfil_compliance",
    "pay_wallet_key_exfil_encoded",
    "pay_wallet_key_exfil_partial",
    "pay_approval_forged",
)
ARGUS_TASKS = (
    "browser_dom_inject_alt_text",
    "browser_dom_inject_aria_label",
    "browser_dom_inject_css_visibility_hidden",
    "browser_dom_inject_data_attr",
    "browser_dom_inject_hidden_input",
    "browser_dom_inject_html_comment",
    "browser_dom_inject_meta_description",
    "browser_dom_inject_off_screen",
    "browser_dom_inject_title_attr",
    "browser_visual_inject_chart_label",
    "browser_visual_inject_handwritten",
    "browser_visual_inject_multilingual",
    "browser_visual_inject_qr_code",
    "browser_visual_inject_stylized_logo",
    "browser_visual_inject_tiny_text",
    "browser_visual_inject_white_on_white",
    "browser_dom_inject_basic",
    "browser_visual_inject_overlay",
    "mcp_confused_deputy_result_injection",
    "mcp_poison_description_exfil",
    "mcp_poison_non_english",
    "mcp_shadow_near_name",
    "pay_inject_json_field",
    "pay_inject_markdown_comment",
    "pay_inject_non_english",
    "pay_x402_payee_switch_in_content",
    "pay_x402_injected_followup_charge",
)
ARGUS_FILL = {"{mcp_url}": "http://127.0.0.1:8765/mcp", "{merchant_url}": "https://reports.example.com/q3-threats"}
HARNESS_SKIP = (
    "HG-INJ-001/should_fire/homoglyph/",
    "HG-INJ-001/should_fire/bidi/",
    "HG-INJ-001/should_fire/zero_width/",
    "HG-INJ-003/should_fire/at_import/",
)
SPYV_SKIP = ("agency_destructive",)
IRENS_HELD = ("04_注入与越狱/test_prompt_injection.py", "10_OWASP安全扫描/test_owasp_scan.py")
IRENS_DOCS_N = 16
BIG_N = {"ja": 33, "zh": 25, "ko": 22, "pt": 22, "fr": 24, "es": 21, "it": 5, "ru": 6, "en": 81}
BIG_PROTECT_N = 20
BIG_PROTECT_SKIP = ("Hack_This.md", "README.md")  # the first lists extraction prompts to try; the second is an index
BIG_EXCLUDE: dict[str, str] = {
    "095e510db75e": "a named doctor's personal phone number (personal data, not an instruction)"
}
_META = (
    "gpt url",
    "gpt logo",
    "gpt title",
    "gpt description",
    "gpt instructions",
    "gpt protected",
    "gpt kb",
    "<img",
    "```",
    "|",
    "#",
    "!",
    "[",
)
_MARK = re.compile(r"^\s*(?:[-*+>]|\d+[.)])\s+")
_WORDS = re.compile(r"[a-zà-ÿ]+")
_STOP = {
    "es": "el la los las de que en para con por una un es no tu su del al como sus cuando pero muy también está lo más tus este esta puedes siempre debes usuario",
    "fr": "le la les des de et en pour avec une un est pas vous ne du au que qui sur dans votre nous mais très",
    "de": "der die das und ist nicht du mit für ein eine zu auf den dem sie bei wenn oder von werden auch sich",
    "pt": "os as de que em para com por uma um não você do da no na seu sua ao dos das mas também está",
    "it": "il lo la gli le di che in per con una un non sono del della tu tuo al da anche questo molto",
    "en": "the and to of in is you your for with not be that this or on are as if it do will have",
}
_STOPSETS = {  # a word listed for two languages decides neither
    lang: {w for w in words.split() if sum(w in other.split() for other in _STOP.values()) == 1}
    for lang, words in _STOP.items()
}
_PICK: list[Picker] = []
_FILES: dict[tuple[str, str, str], dict[str, bytes]] = {}


def pick() -> Picker:
    """The picker over v1-v26's texts (made once)."""
    if not _PICK:
        _PICK.append(Picker(known_texts()))
    return _PICK[0]


def lang_of(text: str) -> str:
    """A text's language tag by script, else by function words, else `en` (see the module docstring)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "en"
    n = len(letters)

    def share(lo: int, hi: int) -> int:
        return sum(lo <= ord(c) <= hi for c in letters)

    kana, han = share(0x3040, 0x30FF), share(0x4E00, 0x9FFF)
    if kana and (kana + han) * 3 > n:
        return "ja"
    for lang, lo, hi in (
        ("zh", 0x4E00, 0x9FFF),
        ("ko", 0xAC00, 0xD7AF),
        ("ru", 0x0400, 0x04FF),
        ("ar", 0x0600, 0x06FF),
    ):
        if share(lo, hi) * 3 > n:
            return lang
    words = {w for w in _WORDS.findall(text.lower()) if len(w) > 1}
    score = {lang: sum(w in stop for w in words) for lang, stop in _STOPSETS.items()}
    best = max((lang for lang in score if lang != "en"), key=lambda lang: (score[lang], lang))
    if score[best] >= 3 and score[best] > 2 * score["en"]:
        return best
    return "en"


def _row(text: str, held: bool, lang: str, origin: str) -> dict[str, Any]:
    return dict(text=text, held=held, lang=lang, origin=origin)


def _expect(name: str, got: object, want: object) -> None:
    if got != want:
        raise SystemExit(f"{name}: {got}, expected {want}")


def _top(name: str) -> str:
    return name.removesuffix(".tar.gz")


def _read(sources: Path, kind: str, archive: str) -> dict[str, bytes]:
    """Every file of a `.tar.gz` archive by its path under the archive's top folder (read once, kept)."""
    key = (str(sources), kind, archive)
    if key not in _FILES:
        top = f"{_top(archive)}/"
        with tarfile.open(sources / kind / archive, "r:gz") as t:
            _FILES[key] = {
                m.name[len(top) :]: t.extractfile(m).read()  # type: ignore[union-attr]
                for m in t.getmembers()
                if m.isfile() and m.name.startswith(top)
            }
    return _FILES[key]


def _text(sources: Path, kind: str, archive: str, member: str) -> str:
    return _read(sources, kind, archive)[member].decode("utf-8")


def _members(sources: Path, kind: str, archive: str, prefix: str, suffix: str = "") -> list[str]:
    return sorted(m for m in _read(sources, kind, archive) if m.startswith(prefix) and m.endswith(suffix))


def proof_rows(sources: Path) -> list[dict[str, Any]]:
    """proofagent-harness's seed prompt banks of its prompt-injection traps, held; its contributor docs' items, not."""
    sd = "proofagent_harness-0.13.0.tar.gz"
    found: dict[str, str] = {}
    for member in _members(sources, "sdists", sd, "src/proofagent_harness/data/traps/prompt_injection/", ".md"):
        in_bank = False
        for line in _text(sources, "sdists", sd, member).splitlines():
            if line.startswith("# "):
                in_bank = line.startswith("# Seed prompt bank")
                continue
            m = re.match(r'^\d+\.\s+"(.+)"\s*$', line)
            if in_bank and m and not member.endswith(PROOF_SKIP):
                found.setdefault(m.group(1).strip(), slug(member.rsplit("/", 1)[1].removesuffix(".md")))
    out = [_row(t, True, lang_of(t), f"proof:{found[t]}") for t in pick().lowest(list(found), PROOF_N)]
    items = [i for doc in PROOF_DOCS for i in md_items(_text(sources, "sdists", sd, doc))]
    return out + [_row(t, False, lang_of(t), "proof:docs") for t in pick().lowest(items, PROOF_DOCS_N)]


def argus_rows(sources: Path) -> list[dict[str, Any]]:
    """argus-orchestrator's probes whose prompt is the attack, held; users' requests of probes whose attack is elsewhere, not."""
    sd = "argus_orchestrator-0.3.3.tar.gz"
    held: dict[str, str] = {}
    tasks: list[str] = []
    for member in _members(sources, "sdists", sd, "orchestrator/redteam/probes/", ".yaml"):
        probe = yaml.safe_load(_text(sources, "sdists", sd, member))
        prompts = [str(p).strip() for p in probe.get("prompts") or []]
        for key, value in ARGUS_FILL.items():
            prompts = [p.replace(key, value) for p in prompts]
        if probe["id"] in ARGUS_HELD:
            held.update({p: slug(probe["id"]) for p in prompts})
        elif probe["id"] in ARGUS_TASKS:
            tasks += prompts
    _expect("argus held prompts", len(held), 29)
    _expect("argus task prompts", len(tasks), len(ARGUS_TASKS))
    out = [_row(t, True, lang_of(t), f"argus:{held[t]}") for t in pick().lowest(list(held), ARGUS_N)]
    return out + [_row(t, False, lang_of(t), "argus:task") for t in pick().lowest(tasks, None)]


def harness_rows(sources: Path) -> list[dict[str, Any]]:
    """The instruction-file fixtures of harnesswatch: planted orders (should fire), held; clean files and parser fixtures, not."""
    sd = "harnesswatch-0.1.0.tar.gz"
    held: dict[str, str] = {}
    clean: list[str] = []
    for member in _members(sources, "sdists", sd, "tests/fixtures/"):
        parts = member.split("/")
        is_rule = parts[2:3] == ["rules"] and parts[3].startswith("HG-INJ-")
        is_parser = parts[2:3] == ["parsers"] and member.endswith((".md", ".mdc", ".clinerules", ".goosehints"))
        if not (is_rule or is_parser) or any(k in member for k in HARNESS_SKIP):
            continue
        text = _text(sources, "sdists", sd, member).strip().lstrip("\ufeff")
        if len(text) < 20:
            continue
        if is_rule and parts[4] == "should_fire":
            held[text] = slug(f"{parts[3]}-{parts[5]}")
        else:
            clean.append(text)
    out = [_row(t, True, lang_of(t), f"harness:{held[t]}") for t in pick().lowest(list(held), None)]
    return out + [_row(t, False, lang_of(t), "harness:clean") for t in pick().lowest(clean, None)]


def spyv_rows(sources: Path) -> list[dict[str, Any]]:
    """The attack corpus of spyv (a user's own delete request left out), held; its two off-topic overrides too ("forget your role")."""
    tree = ast.parse(_text(sources, "sdists", "spyv-0.5.0.tar.gz", "src/spyv/attacks.py"))
    cases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "AttackCase":
            kw = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
            cases[str(kw["payload"])] = str(kw["id"])
    _expect("spyv attack cases", len(cases), 14)
    kept = [t for t, i in cases.items() if i not in SPYV_SKIP]
    return [_row(t, True, lang_of(t), f"spyv:{slug(cases[t])}") for t in pick().lowest(kept, None)]


def irens_rows(sources: Path) -> list[dict[str, Any]]:
    """The Chinese injection payloads of irens/AI-QA-60Days, held; its Chinese READMEs' list items, not."""
    gh = "AI-QA-60Days-5939408.tar.gz"
    found: dict[str, str] = {}
    for member in IRENS_HELD:
        for node in ast.walk(ast.parse(_text(sources, "github", gh, member))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) in ("Attack", "Probe")
                and len(node.args) >= 3
            ):
                payload = node.args[2]
                if isinstance(payload, ast.JoinedStr):  # one f-string names the forbidden phrase
                    payload = ast.Constant(
                        "".join(v.value if isinstance(v, ast.Constant) else "我已越狱" for v in payload.values)
                    )
                found[str(ast.literal_eval(payload))] = slug(member.split("/")[0])
    _expect("irens payloads", len(found), 12)
    out = [_row(t, True, "zh", f"irens:{found[t]}") for t in pick().lowest(list(found), None)]
    docs = [
        m
        for m in _members(sources, "github", gh, "", ".md")
        if not m.startswith(("04_", "10_")) and not m.endswith("report.md")
    ]
    items = [i for m in docs for i in md_items(_text(sources, "github", gh, m)) if lang_of(i) == "zh"]
    return out + [_row(t, False, "zh", "irens:docs") for t in pick().lowest(items, IRENS_DOCS_N)]


def _lines(text: str) -> list[str]:
    """Lines of 25-400 characters, list markers cut, that are prose: no metadata, link, table or fence line, letters 60% or more."""
    out = []
    for line in text.splitlines():
        line = _MARK.sub("", line).strip()
        visible = [c for c in line if not c.isspace()]
        if (
            25 <= len(line) <= 400
            and not line.lower().startswith(_META)
            and "://" not in line
            and sum(c.isalpha() for c in visible) >= 0.6 * len(visible)
            and h(line)[:12] not in BIG_EXCLUDE
        ):
            out.append(line)
    return out


def bigprompt_rows(sources: Path) -> list[dict[str, Any]]:
    """Lines of custom GPT instructions, the lowest per language, and of its GPT-protection prompts (English), not held."""
    gh = "TheBigPromptLibrary-655667d.tar.gz"
    by_lang: dict[str, list[str]] = {}
    for member in _members(sources, "github", gh, "CustomInstructions/ChatGPT/", ".md"):
        for line in _lines(_text(sources, "github", gh, member)):
            by_lang.setdefault(lang_of(line), []).append(line)
    out = [
        _row(t, False, lang, "bigprompt:gpt")
        for lang, n in BIG_N.items()
        for t in pick().lowest(by_lang.get(lang, []), n)
    ]
    protect = [
        line
        for member in _members(sources, "github", gh, "Security/GPT-Protections/", ".md")
        if not member.endswith(BIG_PROTECT_SKIP)
        for line in _lines(_text(sources, "github", gh, member))
        if lang_of(line) == "en"
    ]
    return out + [_row(t, False, "en", "bigprompt:protection") for t in pick().lowest(protect, BIG_PROTECT_N)]


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v27 (scripts/hold_heldout_v27_written.py)."""
    out = [_row(t, True, lang, f"written-v27:{kind}") for lang, kind, t in WRITTEN]
    return out + [_row(t, False, lang, f"written-v27:{kind}") for lang, kind, t in BENIGN]


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v27 in file order: the sources', then the written ones."""
    rows: list[dict[str, Any]] = []
    for part in (proof_rows, argus_rows, harness_rows, spyv_rows, irens_rows, bigprompt_rows):
        rows += part(sources)
    return rows + written_rows()


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v26), which v27 must not repeat."""
    return known_up_to(26)


def main() -> None:
    """Write heldout_v27.jsonl."""
    build_main(__doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v27.jsonl")


if __name__ == "__main__":
    main()
