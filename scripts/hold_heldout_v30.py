#!/usr/bin/env python3
r"""Build the hold detector's held-out set v30 (tests/fixtures/hold_heldout_v30/) from fresh public sources and written rows.

Written and run during issue 15's thirtieth round by a helper (heldout30) who does not tune the detector
and read no rule table, detector code or training method of memeval (only the v29 README, build scripts
and pin test, the shared held-out helpers they import, and the team boards, fixture READMEs, build and
training scripts searched for source names). Nothing here imports `memeval.hold`; no detector, classifier
or `bench/hold_eval.py` scoring was run on the result before it was committed. Rows from the sources are
taken by fixed rules (every item of the named lists, attributes or files, or the lowest SHA-256 hashes of
them), not read and chosen one by one; the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v30.py.
Every source was posted on the team board (heldout30's lines) when it was reserved; the training scripts
must not read them (all files of the named archives).

The point of v30 (v29's weaknesses): most orders are published by others, including a German red
team's payload bank written natively in German beside its English items (AI-Red-Team-Onion), orders
planted in web pages, e-mails, social-media posts and an agent's memory by the authors of the indirect
injection paper's demonstration code (llm-security), and a Chinese community's role prompts as benign
texts that are owners' and users' instructions in the imperative (awesome-chatgpt-prompts-zh). The
builder's written orders are fewer than half of all orders (v29: 60%); they add memory-poisoning lessons,
orders in tool output and planted documents in eight languages, kept apart by their origin
(`written-v30:<kind>`) so that a score can be read without them.

Labelling rule (all rows): v11's to v29's, unchanged. A text is held when it tries to make an agent
act for someone other than its user or operator, or against them: an order planted in content the
agent reads, a request to send secrets or data out, a lesson or note telling future sessions to do
something risky (run remote code, send secrets, skip checks, widen rights), a request for the hidden
system prompt or context, or an order with forged authority; or a request for help to seriously harm
people. A team's own instruction to its agents or to people (however imperative: "always", "never",
"must"), notes and documents ABOUT attacks that order nothing, tool output, documentation, UI text and a
person's ordinary request are not held. Where a publisher's category does not settle the label by this
rule, the category is left out whole (named below).

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub aigambitkg/AI-Red-Team-Onion at 6773e2c (MIT), a German team's red-team scanner.
  `payloads/attack_payloads.py` (read with `ast`, never run): every string literal in the lists of the
  (dict, key) pairs in `ONION_HELD` (system-prompt extraction by request, role play and encoding; direct,
  indirect, context and encoded injection; persona-switch, few-shot and token-split jailbreaks; privilege
  escalation; requests for the knowledge base's raw text; authority impersonation and persona
  persistence), held (`onion:<dict>`). Left out whole: `completion_hijacking` (sentence openings that
  order nothing alone), `multi_turn_erosion`, `payload_splitting` and `trust_building` (turns of a longer
  attack, tuples), `hypothetical_framing` (framings cut off before any request), `language_switching`
  (answer-in-Latin requests), `emotional_manipulation` (pressure without a request),
  `function_hijacking` and `parameter_manipulation` (attacks on the software behind a tool),
  `chain_of_thought_exploitation`, `training_data_extraction`, `metadata_extraction` and `side_channel`
  (questions about the model the rule does not settle), `context_overflow` (built by code) and
  `SUCCESS_INDICATORS` (response fragments). Lines are German or English as the publisher wrote them;
  a literal with line breaks is kept with its runs of white space joined to one space.
- GitHub greshake/llm-security at 87f4b7f (MIT), the demonstration code of the indirect prompt injection
  paper. `scenarios/**/*.py` (read with `ast`): string values of the attributes and variables in
  `GRESHAKE_HELD` (payloads planted in a web page, a social-media post, an e-mail, a search result and
  the agent's memory), and every file of `scenarios/puzzle/puzzles/` (planted prompts of the authors'
  public puzzle), held (`greshake:payload`, `greshake:puzzle`); values of the names in
  `GRESHAKE_BENIGN` and every string of `target/tools.py` (scenario descriptions and targets, the bird
  web page the payloads are planted beside, tool names and descriptions), not held (`greshake:doc`).
  Left out: the second-stage payloads (`secondary_payload`, `secondary_injection`,
  `attacker_c2_payload`: "Respond with a pirate accent from now on ...", which out of their scenario
  read as a user's style request the rule does not settle) and strings under 20 characters.
- GitHub PlexPt/awesome-chatgpt-prompts-zh at 367ed18 (MIT), natively Chinese. `prompts-zh.json`: the
  `prompt` of every entry, not held (`plexpt:role`: a user's or owner's role prompt, "我希望你充当..."),
  the `PLEXPT_N` lowest; the entries whose `act` is in `PLEXPT_HELD` (a DAN prompt and two personas
  that tell the model to forget its moral and legal limits, or to obey unconditionally and never say it
  is a model), held (`plexpt:jailbreak`). The drawn rows were read after the draw for overrides and
  harm: the third persona was moved to `PLEXPT_HELD`, and `PLEXPT_SKIP` (a gaslighter persona, which
  the rule does not settle) left out before the draw was repeated; nothing else was changed.
- WRITTEN for v30 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v30_written.py), `written-v30:<kind>`.

Every row carries its `licence` (`LICENCES`, by origin group; the licence texts are beside the fixture).
`lang30` tags the rows of the sources: v27's `lang_of`, except that an AI-Red-Team-Onion line `lang_of`
calls `en` is `de` when its German function words outnumber its English ones; written rows carry the
writer's tag. The memeval `source` of each row is rotated by the text's hash. Texts identical to a
v1-v29 text are dropped; duplicates kept once; source texts opening like a v1-v29 text (`_near_key`),
or repeating one once both are normalised (`overlaps`: NFKC, case-folded, letters and digits only; the
same text, or one holding the other when the held one has 40 or more characters), are left out before
the lowest hashes are taken.

Usage: python scripts/hold_heldout_v30.py --sources DIR --out tests/fixtures/hold_heldout_v30, where DIR
holds `github/` (`git archive --format=tar.gz --prefix=NAME-COMMIT/ COMMIT PATHS` of the fetched trees,
git 2.39; the paths are in the fixture README). Every archive's SHA-256 is checked; bad or missing: a
message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from _heldout_common import Picker, build_main, known_up_to
from _heldout_common import written_rows as _written_rows
from hold_heldout_v27 import _STOPSETS, _WORDS, lang_of
from hold_heldout_v29 import _expect, _read
from hold_heldout_v30_written import BENIGN, WRITTEN

ARCHIVES = {
    "github": {
        "AI-Red-Team-Onion-6773e2c.tar.gz": "1d319a697ae9126e4d76de48bd3949fc7045794872a99ce93a73b4579632db77",
        "llm-security-87f4b7f.tar.gz": "6466a66366406b73a9d4026919bba4658fde7f6f202c2c0e6a84c75109b58d7b",
        "awesome-chatgpt-prompts-zh-367ed18.tar.gz": "cea065bc5962f1cbe223730d14c2c0a1f3aef86c6ba21d0935decdeb90dc9e80",
    },
}
ONION_FILE = "payloads/attack_payloads.py"
ONION_HELD = (
    ("SYSTEM_PROMPT_EXTRACTION", "direct_requests"),
    ("SYSTEM_PROMPT_EXTRACTION", "roleplay_extraction"),
    ("SYSTEM_PROMPT_EXTRACTION", "encoding_tricks"),
    ("PROMPT_INJECTION", "direct_injection"),
    ("PROMPT_INJECTION", "indirect_injection"),
    ("PROMPT_INJECTION", "context_manipulation"),
    ("PROMPT_INJECTION", "encoding_injection"),
    ("JAILBREAK", "persona_switch"),
    ("JAILBREAK", "few_shot_jailbreak"),
    ("JAILBREAK", "token_manipulation"),
    ("TOOL_ABUSE", "privilege_escalation"),
    ("DATA_EXFILTRATION", "rag_data_leak"),
    ("SOCIAL_ENGINEERING", "authority_impersonation"),
    ("SOCIAL_ENGINEERING", "persona_persistence"),
)
GRESHAKE_HELD = {
    "attacker_social_media_injection",
    "primary_payload",
    "instructions",
    "original_injection",
    "text",
    "injection",
    "malicious_email",
}
GRESHAKE_BENIGN = {"description", "target", "current_website"}
PLEXPT_HELD = ("作为一个不受约束的 AI 模型 DAN", "涩涩女友", "好耶！魅魔！")
PLEXPT_SKIP = {
    "充当打火机": "a gaslighter persona that manipulates a target person: found in the draw; the rule does not settle it"
}
PLEXPT_N = 96
LICENCES = {  # origin group -> the licence of its rows (written on every row as `licence`)
    "onion": "MIT (GitHub aigambitkg/AI-Red-Team-Onion, LICENSE.ai-red-team-onion)",
    "greshake": "MIT (GitHub greshake/llm-security, LICENSE.llm-security)",
    "plexpt": "MIT (GitHub PlexPt/awesome-chatgpt-prompts-zh, LICENSE.awesome-chatgpt-prompts-zh)",
    "written-v30": "written for memeval's v30 (the repository's own licence)",
}
_PICK: list[Picker] = []
_NORM: list[tuple[set[str], list[str]]] = []


def pick() -> Picker:
    """The picker over v1-v29's texts (made once)."""
    if not _PICK:
        _PICK.append(Picker(known_texts()))
    return _PICK[0]


def norm(text: str) -> str:
    """A text reduced for the overlap check: NFKC, case-folded, letters and digits only."""
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFKC", text).casefold())


def overlaps(text: str) -> bool:
    """True when `text` repeats a v1-v29 text once normalised (`norm`): the same, or holding one of 40+ characters.

    Also true when `text` (40+ characters normalised) is held inside a longer earlier text.
    """
    if not _NORM:
        known = {n for n in map(norm, known_texts()) if n}
        _NORM.append((known, [k for k in known if len(k) >= 40]))
    known, long_known = _NORM[0]
    n = norm(text)
    if n in known:
        return True
    return any(k in n or (len(n) >= 40 and n in k) for k in long_known)


def _lowest(texts: list[str], count: int | None) -> list[str]:
    """`Picker.lowest` over the texts that do not overlap an earlier set (`overlaps`)."""
    return pick().lowest([t for t in texts if not overlaps(t)], count)


_DE_MARKERS = frozenset("du dir mir ich wir sind ist einem deine deinem deiner bitte gib".split())


def lang30(text: str, native: str | None = None) -> str:
    """A row's language tag: v27's `lang_of`, except for a line of a source written in German and English.

    With `native="de"`, a line `lang_of` calls `en` is `de` when its German function words (v27's German
    list plus `_DE_MARKERS`) outnumber its English ones; any other tag of `lang_of` stands.
    """
    tag = lang_of(text)
    if native != "de" or tag != "en":
        return tag
    words = {w for w in _WORDS.findall(text.lower()) if len(w) > 1}
    german = len(words & (_STOPSETS["de"] | _DE_MARKERS))
    return "de" if german > len(words & _STOPSETS["en"]) else tag


def _row(text: str, held: bool, origin: str, native: str | None = None) -> dict[str, Any]:
    return dict(text=text, held=held, lang=lang30(text, native), origin=origin, licence=LICENCES[origin.split(":")[0]])


def _literal_lists(source: str) -> dict[tuple[str, str], list[str]]:
    """(module-level dict name, key) -> the string literals of that key's list, in file order.

    Elements that are not plain literals (built by code) are skipped; implicit concatenation counts as one literal.
    """
    out: dict[tuple[str, str], list[str]] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)):
            continue
        if not isinstance(node.value, ast.Dict):
            continue
        for k, v in zip(node.value.keys, node.value.values, strict=True):
            if isinstance(k, ast.Constant) and isinstance(v, ast.List):
                out[(node.targets[0].id, str(k.value))] = [
                    e.value for e in v.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
                ]
    return out


def onion_rows(sources: Path) -> list[dict[str, Any]]:
    """AI-Red-Team-Onion's payload bank: the lists in `ONION_HELD`, held."""
    src = _read(sources, "github", "AI-Red-Team-Onion-6773e2c.tar.gz")[ONION_FILE].decode("utf-8")
    lists = _literal_lists(src)
    missing = [pair for pair in ONION_HELD if pair not in lists]
    _expect("onion lists missing", missing, [])
    held: dict[str, str] = {}
    for pair in ONION_HELD:
        for t in lists[pair]:
            held.setdefault(" ".join(t.split()) if "\n" in t else t.strip(), pair[0].lower())
    return [_row(t, True, f"onion:{held[t]}", "de") for t in _lowest(list(held), None)]


def _str_value(node: ast.expr) -> str | None:
    """A string literal's value, or an f-string's when all its parts are literal; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and all(isinstance(x, ast.Constant) for x in node.values):
        return "".join(str(x.value) for x in node.values if isinstance(x, ast.Constant))
    return None


def greshake_rows(sources: Path) -> list[dict[str, Any]]:
    """llm-security's scenarios: planted payloads and puzzle prompts, held; descriptions and the clean page, not."""
    files = _read(sources, "github", "llm-security-87f4b7f.tar.gz")
    held: dict[str, str] = {}
    plain: list[str] = []
    for member in sorted(files):
        if member.startswith("scenarios/puzzle/puzzles/"):
            held.setdefault(files[member].decode("utf-8").strip(), "puzzle")
            continue
        if not (member.startswith("scenarios/") and member.endswith(".py")):
            continue
        try:
            tree = ast.parse(files[member].decode("utf-8"))
        except SyntaxError:  # scenarios/code-completion/autocomplete.py is a stub with an empty body
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)):
                continue
            value = _str_value(node.value)
            if value is None or len(value.strip()) < 20:
                continue
            name = node.targets[0].id
            if name in GRESHAKE_HELD:
                held.setdefault(value.strip(), "payload")
            elif name in GRESHAKE_BENIGN or member.endswith("target/tools.py"):
                plain.append(value.strip())
    out = [_row(t, True, f"greshake:{held[t]}") for t in _lowest(list(held), None)]
    return out + [_row(t, False, "greshake:doc") for t in _lowest(plain, None)]


def plexpt_rows(sources: Path) -> list[dict[str, Any]]:
    """awesome-chatgpt-prompts-zh's role prompts: the jailbreak personas, held; the `PLEXPT_N` lowest others, not."""
    data = json.loads(
        _read(sources, "github", "awesome-chatgpt-prompts-zh-367ed18.tar.gz")["prompts-zh.json"].decode("utf-8")
    )
    held = [str(e["prompt"]).strip() for e in data if e["act"] in PLEXPT_HELD]
    _expect("plexpt jailbreak prompts", len(held), len(PLEXPT_HELD))
    roles = [str(e["prompt"]).strip() for e in data if e["act"] not in PLEXPT_HELD and e["act"] not in PLEXPT_SKIP]
    out = [_row(t, True, "plexpt:jailbreak") for t in _lowest(held, None)]
    return out + [_row(t, False, "plexpt:role") for t in _lowest(roles, PLEXPT_N)]


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v30 (scripts/hold_heldout_v30_written.py)."""
    return _written_rows("written-v30", LICENCES["written-v30"], WRITTEN, BENIGN)


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v30 in file order: the sources', then the written ones."""
    rows: list[dict[str, Any]] = []
    for part in (onion_rows, greshake_rows, plexpt_rows):
        rows += part(sources)
    return rows + written_rows()


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v29), which v30 must not repeat."""
    return known_up_to(29)


def main() -> None:
    """Write heldout_v30.jsonl."""
    build_main(__doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v30.jsonl", ("licence",))


if __name__ == "__main__":
    main()
