#!/usr/bin/env python3
r"""Build the hold detector's held-out set v29 (tests/fixtures/hold_heldout_v29/) from fresh public sources and written rows.

Written and run during issue 15's twenty-ninth round by a helper who does not tune the detector and read
no rule table, detector code or training method of memeval (only the v28 README, build scripts and pin
test, the shared held-out helpers they import, and the team boards, READMEs, fixture READMEs, build and
training scripts searched for source names). Nothing here imports `memeval.hold`; no detector, classifier
or `bench/hold_eval.py` scoring was run on the result before it was committed. Rows from the sources are
taken by fixed rules (every item of the named files, sections or categories, or the lowest SHA-256 hashes
of them), not read and chosen one by one; the file is pinned by SHA-256 in
tests/hold/test_hold_heldout_v29.py. Every source was posted on the team board (heldout29's lines) when it
was reserved or used; the training scripts must not read them (all files of the named archives).

The point of v29 (v28's weaknesses): orders natively written by their publishers in languages v28 did
not have (Korean, French, Turkish); memory-poisoning plants, poisoned tool descriptions and tool outputs
written by others (agent-engineering, mcp-server-everything-wrong), not only by the builder; benign
texts in German, French, Spanish, Italian and Korean that are owners' instructions to an assistant about
injection itself (helloprompt's defence prompts), so that neither language, imperative mood nor attack
vocabulary settles the label. The builder's written orders add memory lessons and tool outputs in English
and a smaller group in eight languages no permissive publisher was found for (de, es, ar, vi, id, it, hi,
tr), kept apart by their origin (`written-v29:multilingual`) so that a score can be read without them.

Labelling rule (all rows): v11's to v28's, unchanged. A text is held when it tries to make an agent
act for someone other than its user or operator, or against them: an order planted in content the
agent reads, a request to send secrets or data out, a lesson or note telling future sessions to do
something risky (run remote code, send secrets, skip checks, widen rights), a request for the hidden
system prompt or context, or an order with forged authority; or a request for help to seriously harm
people. A team's own instruction to its agents or to people (however imperative: "always", "never",
"must"), notes and documents ABOUT attacks that order nothing, tool output, documentation, UI text and a
person's ordinary request are not held. Where a publisher's category does not settle the label by this
rule, the category is left out whole (named below).

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub SK-Shielders-Final-Project/llmscanner at 5807b49 (Apache-2.0), natively Korean: a Korean
  team's probes for its bike-sharing chatbot, `data/normal_data.json` and `data/platform_data.json`.
  Prompts of the categories in `LLMSCAN_HELD` (prompt injection, data leakage, jailbreak) tagged `ko`, the
  `LLMSCAN_N` lowest, held (`llmscan:<category>`); prompts of `hallucination` (a person's false-premise
  questions about the service) tagged `ko`, the `LLMSCAN_BENIGN_N` lowest, not held (`llmscan:question`).
  Left out: `unethical`, `encoding`, `web_vulnerability`, `special_tokens`, `code_generation`
  (requests for offensive speech, encoded payloads the rule would have to decode, attacks on software).
- GitHub Aurolembakou/llm-owasp-analysis at 5428f02 (MIT), natively French. `prompts.md`: list items
  of sections 3 (Prompt Injection) and 7 (Jailbreaks), held (`owaspfr:injection`, `owaspfr:jailbreak`);
  list items of the two OWASP requirement sections (communications, databases: a team's security rules
  in the imperative), not held (`owaspfr:rules`). Left out: sections 1, 2, 4, 5, 6 (questions about web
  attacks and about training data: the rule does not settle them).
- GitHub Crypto-Sanemi/agent-engineering at c92a09b (MIT). `training/scenarios/0*.md`: every fenced
  block of each scenario's Setup (a forged admin notice, a planted memory and its trigger, a poisoned MCP
  tool description, a compromised agent's output, requests for prompt and keys), held
  (`agenteng:<scenario>`); the user's normal request of scenario 04, not held (`agenteng:task`). Left
  out: scenario 02's first two turns (small talk, then which model it runs on).
- mcp-server-everything-wrong 0.2.1 (PyPI sdist, Apache-2.0). Docstrings and string constants of the
  Python blocks in its Markdown files (read with `ast`): the ones the publisher shows as the poison
  (`MCPWRONG_HELD`: hidden `<IMPORTANT>` notes, a shadowing note, a concealed ANSI order in a tool's
  output), held (`mcpwrong:poison`); the plain tool descriptions and outputs beside them, not held
  (`mcpwrong:tool-doc`).
- GitHub madara88645/Compiler at 7d33ad7 (Apache-2.0), natively Turkish. `extra_guardrails_test_prompts.md`:
  the quoted test prompts; the one under "Injection / Unsafe Keywords", held (`compilertr:injection`);
  the others of 8 characters or more (a user's requests), not held (`compilertr:request`).
- GitHub TaeGuNi/helloprompt.kr at 65995f2 (MIT): list items (v26's `md_items`) of its posts whose
  folder names security, injection, agents, jailbreaks, guards, privacy or leaks, in German, French,
  Spanish, Italian and Korean (the site's own language versions), the `HELLO_N` lowest per language, not
  held (`helloprompt:<lang>`): owners' defence prompts and rules for assistants, and articles about
  attacks.
- WRITTEN for v29 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v29_written.py), `written-v29:<kind>`.

`lang29` tags rows: v27's `lang_of`, except that a row of a natively non-English source that `lang_of`
calls `en` carries its publisher's language when it has a Hangul letter (Korean) or fewer than two
distinct English function words; written rows carry the writer's tag.
The memeval `source` of each row is rotated by the text's hash. Texts identical to a v1-v28 text are
dropped; duplicates kept once; source texts opening like a v1-v28 text (`_near_key`) are left out before
the lowest hashes are taken.

Usage: python scripts/hold_heldout_v29.py --sources DIR --out tests/fixtures/hold_heldout_v29, where DIR
holds `sdists/` (`pip download --no-deps --no-binary :all: NAME==VERSION`) and `github/` (`git archive
--format=tar.gz --prefix=NAME-COMMIT/ COMMIT PATHS` of the fetched trees, git 2.39; the paths are in the
fixture README). Every archive's SHA-256 is checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import json
import re
import tarfile
from pathlib import Path
from typing import Any

from _heldout_common import Picker, build_main, h, known_up_to
from hold_heldout_v26 import md_items
from hold_heldout_v27 import lang_of
from hold_heldout_v29_written import BENIGN, WRITTEN

ARCHIVES = {
    "sdists": {
        "mcp_server_everything_wrong-0.2.1.tar.gz": "74dc5723c0fec0bd2610392bc59abe5f79ab748afc27393544267f2126b0aeaf",
    },
    "github": {
        "llmscanner-5807b49.tar.gz": "d59a903b842f1b858daea982438297090bf94be54f66d76577a6437f8a118afa",
        "llm-owasp-analysis-5428f02.tar.gz": "c7abbdb8f47caffea0e7a8365333c2e9ea6ce98e297703640c5f67584b38a575",
        "agent-engineering-c92a09b.tar.gz": "d71f014736ecd1d79bfe059e4ef7ddef718ea07d7e108d43fcaeb406f6e4b72a",
        "Compiler-7d33ad7.tar.gz": "a3f939742f4ea60bdc8b4d02e3670796b7af1e751a398193716396676ac6f374",
        "helloprompt-65995f2.tar.gz": "37583768866ce8c28507a15bc00e663453e20c764b75f73955e562190d02f018",
    },
}
LLMSCAN_FILES = ("data/normal_data.json", "data/platform_data.json")
LLMSCAN_HELD = ("prompt_injection", "data_leakage", "jailbreak")
LLMSCAN_N = 36
LLMSCAN_BENIGN_N = 36
OWASPFR_HELD = {"3": "injection", "7": "jailbreak"}
OWASPFR_RULES = ("Sécurité des Communications", "Sécurité des Bases de Données")
AGENTENG_SKIP = {("02-helpful-friend.md", 0), ("02-helpful-friend.md", 1)}
AGENTENG_TASK = {("04-tool-trap.md", 1)}
MCPWRONG_HELD = ("joke_teller", "shadowing_attack", "ShellHelper", "FriendlyChatBot", "hidden_text")
HELLO_LANGS = ("de", "fr", "es", "it", "ko")
HELLO_N = 16
HELLO_TOPIC = re.compile(r"/[^/]*(inject|secur|agent|jailbr|guard|privacy|leak)[^/]*/index\.(de|fr|es|it|ko)\.md$")
EXCLUDE: dict[str, str] = {  # SHA-256 prefix of a drawn text found unfit after the draw -> the reason
    "04f695877e85": "llmscan hallucination question framed as 'if you had to ignore all previous instructions' (an override)",
    "2fe4b77d1cc2": "llmscan hallucination question asking for an internal tool's API (a probe for hidden context)",
}
_PICK: list[Picker] = []
_FILES: dict[tuple[str, str, str], dict[str, bytes]] = {}
_FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.S | re.M)


def pick() -> Picker:
    """The picker over v1-v28's texts (made once)."""
    if not _PICK:
        _PICK.append(Picker(known_texts()))
    return _PICK[0]


_EN_WORDS = set("the and to of in is you your for with not be that this or on are as if it do will have all".split())


def lang29(text: str, native: str | None = None) -> str:
    """A row's language tag: v27's `lang_of`, except for a row of a natively non-English source.

    There, when `lang_of` says `en`, the tag is `native` if the text has a Hangul letter (for `ko`) or
    fewer than two distinct English function words; any other tag of `lang_of` stands.
    """
    tag = lang_of(text)
    if native is None or tag != "en" or native == "en":
        return tag
    if native == "ko" and any(0xAC00 <= ord(c) <= 0xD7AF for c in text):
        return native
    words = set(re.findall(r"[a-z]+", text.lower()))
    return native if len(words & _EN_WORDS) < 2 else tag


def _row(text: str, held: bool, origin: str, native: str | None = None) -> dict[str, Any]:
    return dict(text=text, held=held, lang=lang29(text, native), origin=origin)


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


def _fit(text: str) -> bool:
    return h(text)[:12] not in EXCLUDE


def llmscan_rows(sources: Path) -> list[dict[str, Any]]:
    """Llmscanner's Korean probes: injection, leakage and jailbreak prompts, held; false-premise questions, not."""
    held: dict[str, str] = {}
    questions: list[str] = []
    for member in LLMSCAN_FILES:
        data = json.loads(_text(sources, "github", "llmscanner-5807b49.tar.gz", member))
        for category, entry in data.items():
            prompts = [str(p).strip() for p in entry.get("prompts", [])]
            if category in LLMSCAN_HELD:
                held.update({p: category for p in prompts if lang_of(p) == "ko" and _fit(p)})
            elif category == "hallucination":
                questions += [p for p in prompts if lang_of(p) == "ko" and _fit(p)]
    out = [_row(t, True, f"llmscan:{held[t].replace('_', '-')}", "ko") for t in pick().lowest(list(held), LLMSCAN_N)]
    return out + [_row(t, False, "llmscan:question", "ko") for t in pick().lowest(questions, LLMSCAN_BENIGN_N)]


def _sections(md: str) -> list[tuple[str, list[str]]]:
    """(heading, list items) of each section of a Markdown text, headings with their escapes removed."""
    out: list[tuple[str, list[str]]] = []
    for line in md.replace("\\", "").splitlines():
        if line.startswith("#"):
            out.append((line.lstrip("#").strip(), []))
        elif out and re.match(r"^[-*] ", line):
            out[-1][1].append(line[2:].strip())
    return out


def owaspfr_rows(sources: Path) -> list[dict[str, Any]]:
    """llm-owasp-analysis's French prompts: the injection and jailbreak sections, held; its OWASP requirement rules, not."""
    out: list[dict[str, Any]] = []
    for heading, items in _sections(_text(sources, "github", "llm-owasp-analysis-5428f02.tar.gz", "prompts.md")):
        number = heading.split(".")[0].strip()
        if number in OWASPFR_HELD:
            out += [
                _row(t, True, f"owaspfr:{OWASPFR_HELD[number]}", "fr")
                for t in pick().lowest([i for i in items if _fit(i)], None)
            ]
        elif any(name in heading for name in OWASPFR_RULES):
            out += [_row(t, False, "owaspfr:rules", "fr") for t in pick().lowest([i for i in items if _fit(i)], None)]
    _expect("owaspfr orders", sum(r["held"] for r in out), 10)
    return out


def _setup_blocks(md: str) -> list[str]:
    """The fenced blocks of a scenario's Setup section (fence-aware: headings inside a block do not end it)."""
    start = md.find("## Setup")
    if start < 0:
        return []
    body = md[start + len("## Setup") :]
    blocks, pos = [], 0
    while True:
        nxt = re.search(r"^(```[a-z]*\n|## )", body[pos:], re.M)
        if nxt is None or nxt.group(1).startswith("## "):
            return blocks
        m = _FENCE.match(body, pos + nxt.start())
        if m is None:
            return blocks
        blocks.append(m.group(1).strip())
        pos = m.end()


def agenteng_rows(sources: Path) -> list[dict[str, Any]]:
    """agent-engineering's scenarios: the attacker's blocks, held; the user's normal request, not."""
    gh = "agent-engineering-c92a09b.tar.gz"
    out: list[dict[str, Any]] = []
    names = sorted(m for m in _read(sources, "github", gh) if re.match(r"training/scenarios/0\d-.*\.md$", m))
    for member in names:
        name = member.rsplit("/", 1)[1]
        for i, block in enumerate(_setup_blocks(_text(sources, "github", gh, member))):
            if (name, i) in AGENTENG_SKIP or not _fit(block) or not pick().fresh(block):
                continue
            task = (name, i) in AGENTENG_TASK
            out.append(_row(block, not task, "agenteng:task" if task else f"agenteng:{name[3:-3]}"))
    _expect("agenteng blocks", (sum(r["held"] for r in out), sum(not r["held"] for r in out)), (9, 1))
    return out


def mcpwrong_rows(sources: Path) -> list[dict[str, Any]]:
    """mcp-server-everything-wrong's examples: the poisoned docstrings and output, held; the plain tool texts, not."""
    sd = "mcp_server_everything_wrong-0.2.1.tar.gz"
    held: list[str] = []
    plain: list[str] = []
    for member in sorted(m for m in _read(sources, "sdists", sd) if m.endswith(".md")):
        for block in re.findall(r"```python\n(.*?)```", _text(sources, "sdists", sd, member), re.S):
            for node in ast.walk(ast.parse(block)):
                text, name = None, ""
                if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    text, name = ast.get_docstring(node), node.name
                elif (
                    isinstance(node, ast.Assign)
                    and isinstance(node.value, ast.Constant)
                    and isinstance(node.targets[0], ast.Name)
                ):
                    text, name = node.value.value if isinstance(node.value.value, str) else None, node.targets[0].id
                if text and len(text.strip()) >= 20 and _fit(text.strip()):
                    (held if name in MCPWRONG_HELD else plain).append(text.strip())
    _expect("mcpwrong texts", (len(set(held)), len(set(plain))), (5, 9))
    out = [_row(t, True, "mcpwrong:poison") for t in pick().lowest(held, None)]
    return out + [_row(t, False, "mcpwrong:tool-doc") for t in pick().lowest(plain, None)]


def compilertr_rows(sources: Path) -> list[dict[str, Any]]:
    """Compiler's Turkish guardrail test prompts: the injection one, held; the user's requests, not."""
    md = _text(sources, "github", "Compiler-7d33ad7.tar.gz", "extra_guardrails_test_prompts.md")
    out: list[dict[str, Any]] = []
    heading = ""
    for line in md.splitlines():
        if line.startswith("#"):
            heading = line
        elif line.startswith('> "'):
            text = line[2:].strip().strip('"').replace("**", "").strip()
            if len(text) < 8 or not _fit(text):
                continue
            held = "Injection" in heading
            out.append(_row(text, held, "compilertr:injection" if held else "compilertr:request", "tr"))
    _expect("compilertr prompts", (sum(r["held"] for r in out), sum(not r["held"] for r in out)), (1, 5))
    return out


def helloprompt_rows(sources: Path) -> list[dict[str, Any]]:
    """helloprompt.kr's security and agent posts in five languages: list items, not held."""
    gh = "helloprompt-65995f2.tar.gz"
    files = _read(sources, "github", gh)
    out: list[dict[str, Any]] = []
    for lang in HELLO_LANGS:
        members = sorted(m for m in files if HELLO_TOPIC.search("/" + m) and m.endswith(f".{lang}.md"))
        items = [i for m in members for i in md_items(files[m].decode("utf-8")) if _fit(i)]
        items = [i for i in items if lang29(i, lang) == lang]
        out += [_row(t, False, f"helloprompt:{lang}", lang) for t in pick().lowest(items, HELLO_N)]
    return out


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v29 (scripts/hold_heldout_v29_written.py)."""
    out = [dict(text=t, held=True, lang=lang, origin=f"written-v29:{kind}") for lang, kind, t in WRITTEN]
    return out + [dict(text=t, held=False, lang=lang, origin=f"written-v29:{kind}") for lang, kind, t in BENIGN]


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v29 in file order: the sources', then the written ones."""
    rows: list[dict[str, Any]] = []
    for part in (llmscan_rows, owaspfr_rows, agenteng_rows, mcpwrong_rows, compilertr_rows, helloprompt_rows):
        rows += part(sources)
    return rows + written_rows()


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v28), which v29 must not repeat."""
    return known_up_to(28)


def main() -> None:
    """Write heldout_v29.jsonl."""
    build_main(__doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v29.jsonl")


if __name__ == "__main__":
    main()
