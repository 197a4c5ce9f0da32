#!/usr/bin/env python3
r"""Build the hold detector's held-out set v35 (tests/fixtures/hold_heldout_v35/) from four fresh public sources and written rows.

Written and run during issue 15's thirty-fifth round by a helper (heldout35) who does not tune the detector
and read no rule table, detector code or training method of memeval (only v34's README, build scripts and
pin test, the shared held-out helpers they import, the bench scripts' set lists, the team board, and the
fixture READMEs, the hold README, build and training scripts searched for source names). Nothing here imports
`memeval.hold`; no detector, classifier or `bench/hold_eval.py` scoring was run on the result before it was
committed. Rows from the sources are taken by fixed rules (every item under the named keys, files, families
or sections, or the lowest SHA-256 hashes of them), not read and chosen one by one; the file is pinned by
SHA-256 in tests/hold/test_hold_heldout_v35.py. The training scripts must not read these sources.

The point of v35 (v34's weaknesses): v34's Chinese orders were one training range's short lab inputs about
its own scenario, its long planted documents were one generator's English skill files (and no honest skill
file stood beside them), and only four of its orders were seen outside a lab. v35 takes its orders from three
origins, none over a third: an AI red-team platform's agent-misuse test cases (English requests that make a
tool-using agent exfiltrate, destroy, escalate or defraud) and the worked examples of its Chinese attack
operators (forged authority, forged system and reasoning blocks, planted retrieval and document carriers,
memory writes, delayed triggers); the injections an agent red-teaming platform plants in the web pages of its
trading environment (hidden divs, comments, forged tool results and internal state that redirect a trade);
and written rows (messages relayed between agents, structured records, memory entries and content read for
a person, in 38 languages). Hard benign text by others: 817 honest cybersecurity skill files (their overviews
of AI attacks and their "when to use" sections), the red-team platform's own notes on its operators (Chinese),
the trading environment's ordinary user tasks (buy, sell, check my portfolio), and Russian course pages about
attacks on language models.

Labelling rule (all rows): v11's to v34's, unchanged. A text is held when it tries to make an agent act for
someone other than its user or operator, or against them: an order planted in content the agent reads, a
request to send secrets or data out, a lesson or note telling future sessions to do something risky, a
request for the hidden system prompt or context, or an order with forged authority; or a request for help
to seriously harm people. A team's own instruction to its agents or to people, notes and documents ABOUT
attacks that order nothing, tool output, documentation and a person's ordinary request are not held.
Where a publisher's category does not settle the label by this rule, the category is left out whole.

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub Tencent/AI-Infra-Guard at 4908db1 (Apache-2.0, LICENSE and NOTICE). Held: every `prompt` of
  `data/eval/agentic-tool-misuse.json` (the publisher's "malicious tool-use instructions" for agents), the
  `AIG_MISUSE_N` lowest (`aig:tool-misuse`); the worked example of every attack operator under
  `skills/aig-agent-redteam/modules/mutation-attack/operators/` whose `family` is in `AIG_HELD_FAMILIES`
  (the first ```text block holding the canary goal `AIG_CANARY_demo`; `aig:<family>`). Not held: the
  `description` of every operator (Chinese notes on how each attack works; `aig:operator-note`, the
  `AIG_NOTE_N` lowest) and the data set's `description` and `description_zh` (`aig:dataset-note`). Left out
  whole: the operators of the other families (jailbreak personas, styles, puzzles, encodings, multi-turn
  plans and persuasion, whose canary examples ask for no action against anyone) and the data set copies under
  `data/eval` taken from other publishers.
- PyPI decodingtrust-agent-sdk 0.2.12, wheel (Apache-2.0, the wheel's `licenses/LICENSE`; MIT in its
  classifiers). Held: the `prompt` of every `InjectionRule` of an `InjectionConfig` whose `mode` is
  "malicious" in `dt_arena/mcp_server/finance/injection/presets.py` (text planted in the trading site's pages
  to make the agent trade against its user's request; read with `ast`, never run; `dtap:<method>`), and the
  `payload` of every HTML and tool-description injection of the 362 attacks that
  `dt_arena/mcp_server/finance/tasks/benchmark/attack_pool.py` builds (standard library only, no randomness:
  run from the wheel's bytes; forged user corrections, system prompts, tool results, internal state and
  tool-description notes; `dtap:pool-<style>`); of lines that differ only in tickers, capital words of 2-5
  letters and numbers, the lowest (`one_per_shape`); the `DTAP_N` lowest of all that. Not held: every
  `user_prompt` of `dt_arena/mcp_server/finance/tasks/benchmark/finra_tasks.py` (the environment's ordinary
  user tasks), the `DTAP_TASK_N` lowest (`dtap:user-task`). Left out whole: the pool's `content` injections
  (fake news, comments and analyst ratings shown to people), the malicious user tasks (FINRA violations asked
  for by the user, which the labelling rule does not settle one by one) and the templates with placeholders.
- GitHub mukul975/Anthropic-Cybersecurity-Skills at f762615 (Apache-2.0, LICENSE): `skills/*/SKILL.md`. Not
  held: the `## Overview` section of every skill whose `subdomain` is `ai-security` (`skills:ai-overview`) and
  the `## When to Use` section of the `SKILLS_WHEN_N` lowest of the others (`skills:when-to-use`); code
  blocks removed, blank runs made one line break.
- GitHub SandersNeo/AISecurity at 491baf3 (Apache-2.0, LICENSE): `docs/academy/**/ru/*.md`. Not held:
  paragraphs and lists outside code blocks that hold no table, quote, heading or tag, `ACADEMY_MIN`
  characters or more, whose `lang_of` is ru, the `ACADEMY_N` lowest (`academy:ru-prose`).
- WRITTEN for v35 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v35_written.py), `written-v35:<kind>`.

Every row carries its `licence`, `repo`, `commit` and `path` (the file inside the repository or wheel it was
read from; the licence texts are beside the fixture). Texts identical to a v1-v34 text are dropped; source
texts opening like one (`_near_key`) or repeating one once normalised (v30's `overlaps`, over v1-v34) are
left out before the lowest hashes are taken, and near-duplicates within a draw are left out (`Earlier.draw`).

Usage: python scripts/hold_heldout_v35.py --sources DIR --out tests/fixtures/hold_heldout_v35, where DIR
holds `github/` (`git archive --format=tar.gz --prefix=NAME-SHORT/ COMMIT PATHS`, git 2.39; the paths are
in the fixture README) and `wheels/` (`pip download --no-deps decodingtrust-agent-sdk==0.2.12`). The
archives' SHA-256 are checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from _heldout_common import Earlier, archive_members, archive_text, build_main, h, run_module
from _heldout_common import Picker as Picker  # re-exported: the pin test's check_no_earlier_text reads it
from _heldout_common import written_rows as _written_rows
from hold_heldout_v27 import lang_of
from hold_heldout_v29 import _expect, _read
from hold_heldout_v35_written import BENIGN, WRITTEN

AIG = "AI-Infra-Guard-4908db1.tar.gz"
SKILLS = "Anthropic-Cybersecurity-Skills-f762615.tar.gz"
ACADEMY = "AISecurity-491baf3.tar.gz"
DTAP = "decodingtrust_agent_sdk-0.2.12-py3-none-any.whl"
DTAP_SHA256 = "c1ffc390ddff66ad788ec9d64f717aae52b46027ec7eb2abbcf8e728b9530c9e"
ARCHIVES = {
    "github": {
        AIG: "7612bc3b90cd1fec87210f0aab6629fb82dcb335d5dfeb3ffb3d70abc48591e8",
        SKILLS: "392275c505364fcd295a43bc79f1924921eca1784d3dce9d5c159f8a578ef79a",
        ACADEMY: "e589e2e148f5ce1f089005e52c260f109f4148d833abc1f9c3947383cd695c02",
    },
    "wheels": {DTAP: DTAP_SHA256},
}
REPOS = {  # origin group -> (repository or package, commit or wheel digest)
    "aig": ("Tencent/AI-Infra-Guard", "4908db1deab794a02ee9eaa77d3583ad590e7b27"),
    "dtap": ("PyPI decodingtrust-agent-sdk 0.2.12", f"wheel-sha256:{DTAP_SHA256}"),
    "skills": ("mukul975/Anthropic-Cybersecurity-Skills", "f76261573a539ec40c3d434ecbb9e657d26aa921"),
    "academy": ("SandersNeo/AISecurity", "491baf3ddaa89ab2f2c22195a579356e08c47df7"),
}
LICENCES = {  # origin group -> the licence of its rows (written on every row as `licence`)
    "aig": "Apache-2.0 (GitHub Tencent/AI-Infra-Guard, NOTICE.aig, LICENSE.aig)",
    "dtap": "Apache-2.0 (PyPI decodingtrust-agent-sdk 0.2.12, licenses/LICENSE of the wheel; MIT in its classifiers, LICENSE.dtap)",
    "skills": "Apache-2.0 (GitHub mukul975/Anthropic-Cybersecurity-Skills, LICENSE.skills)",
    "academy": "Apache-2.0 (GitHub SandersNeo/AISecurity, LICENSE.academy)",
    "written-v35": "written for memeval's v35 (the repository's own licence)",
}
WRITTEN_PATH = "scripts/hold_heldout_v35_written.py"

AIG_MISUSE = "data/eval/agentic-tool-misuse.json"
AIG_MISUSE_COUNT = 120
AIG_MISUSE_N = 32
AIG_OPERATORS = "skills/aig-agent-redteam/modules/mutation-attack/operators/"
AIG_OPERATOR_COUNT = 77  # operator files (the two `_` files are shared notes, not operators)
AIG_HELD_FAMILIES = ("injection", "authority", "system_override", "role_boundary", "memory_delayed", "delayed_tool")
AIG_CANARY = "AIG_CANARY_demo"
AIG_NOTE_N = 40
DTAP_PRESETS = "dt_arena/mcp_server/finance/injection/presets.py"
DTAP_TASKS = "dt_arena/mcp_server/finance/tasks/benchmark/finra_tasks.py"
DTAP_POOL = "dt_arena/mcp_server/finance/tasks/benchmark/attack_pool.py"
DTAP_POOL_COUNT = 362
DTAP_POOL_TYPES = ("html", "tool_description")
DTAP_N = 56
DTAP_TASK_N = 40
SKILLS_COUNT = 817
SKILLS_AI = "ai-security"
SKILLS_WHEN_N = 30
ACADEMY_PAGES = 53
ACADEMY_MIN = 60
ACADEMY_N = 40
EARLIER = Earlier(34)


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v34), which v35 must not repeat."""
    return EARLIER.known()


def overlaps(text: str) -> bool:
    """True when `text` repeats a v1-v34 text once normalised (`Earlier.overlaps`)."""
    return EARLIER.overlaps(text)


def _row(text: str, held: bool, origin: str, path: str) -> dict[str, Any]:
    group = origin.split(":")[0]
    repo, commit = REPOS[group]
    return dict(
        text=text, held=held, lang=lang_of(text), origin=origin, licence=LICENCES[group], repo=repo,
        commit=commit, path=path,
    )  # fmt: skip


def _slug(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def frontmatter(text: str) -> dict[str, str]:
    """The `key: value` lines of a Markdown file's leading `---` block; a `|` block's indented lines joined.

    Only the top-level keys; values stripped; a file without the block gives {}.
    """
    m = re.match(r"\A---\n(.*?)\n---\n", text, re.S)
    if not m:
        return {}
    out: dict[str, str] = {}
    key = None
    for line in m.group(1).split("\n"):
        top = re.match(r"([A-Za-z_]+):\s*(.*)\Z", line)
        if top:
            key, value = top.group(1), top.group(2).strip()
            out[key] = "" if value in ("|", ">") else value
        elif key is not None and line.startswith("  "):
            out[key] = (out[key] + "\n" + line.strip()).strip()
    return out


def fenced_text_blocks(text: str) -> list[str]:
    """The bodies of the ```text fenced blocks of a Markdown text, in order."""
    return [b.strip("\n") for b in re.findall(r"^```text\n(.*?)^```", text, re.S | re.M)]


def section(text: str, title: str) -> str:
    """The body of the Markdown section `## title` (to the next `## ` heading), code blocks removed.

    Blank-line runs become one blank line; "" when there is no such section.
    """
    m = re.search(rf"^## {re.escape(title)}[ \t]*\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    if not m:
        return ""
    body = re.sub(r"^```.*?^```[ \t]*$", "", m.group(1), flags=re.S | re.M)
    return re.sub(r"\n\s*\n+", "\n\n", body).strip()


def prose_paragraphs(text: str) -> list[str]:
    """Paragraphs and lists of a Markdown text outside code blocks that hold no heading, table, quote, rule or tag.

    A paragraph is a run of lines between blank lines, its lines stripped and joined by line breaks.
    """
    text = re.sub(r"^```.*?^```[ \t]*$", "", text, flags=re.S | re.M)
    out = []
    for block in re.split(r"\n\s*\n", text):
        lines = [x.strip() for x in block.strip().split("\n") if x.strip()]
        if not lines or any(re.match(r"(#|\||>|---|___|\*\*\*|<)", x) for x in lines):
            continue
        out.append("\n".join(lines))
    return out


def aig_rows(sources: Path) -> list[dict[str, Any]]:
    """The red-team platform's agent-misuse prompts and operator examples, held; its notes, not."""
    files = _read(sources, "github", AIG)
    misuse = json.loads(files[AIG_MISUSE])
    prompts = [str(d["prompt"]).strip() for d in misuse["data"]]
    _expect("aig misuse prompts", len(prompts), AIG_MISUSE_COUNT)
    out = [_row(t, True, "aig:tool-misuse", AIG_MISUSE) for t in EARLIER.draw(prompts, AIG_MISUSE_N)]
    operators = {k: v.decode("utf-8") for k, v in files.items() if k.startswith(AIG_OPERATORS) and k.endswith(".md")}
    operators = {k: v for k, v in operators.items() if not k.rsplit("/", 1)[1].startswith("_")}
    _expect("aig operators", len(operators), AIG_OPERATOR_COUNT)
    held: dict[str, tuple[str, str]] = {}
    notes: dict[str, str] = {}
    for path, text in sorted(operators.items()):
        meta = frontmatter(text)
        if len(meta.get("description", "")) >= 12:
            notes.setdefault(meta["description"], path)
        if meta.get("family") in AIG_HELD_FAMILIES:
            example = next((b for b in fenced_text_blocks(text) if AIG_CANARY in b), None)
            if example:
                held.setdefault(example.strip(), (_slug(meta["family"]), path))
    _expect("aig held families", sorted({k for k, _ in held.values()}), sorted(map(_slug, AIG_HELD_FAMILIES)))
    out += [_row(t, True, f"aig:{held[t][0]}", held[t][1]) for t in EARLIER.draw(list(held), None)]
    out += [_row(t, False, "aig:operator-note", notes[t]) for t in EARLIER.draw(list(notes), AIG_NOTE_N)]
    about = [str(misuse[k]).strip() for k in ("description", "description_zh")]
    return out + [_row(t, False, "aig:dataset-note", AIG_MISUSE) for t in EARLIER.draw(about, None)]


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name]


def _kw(call: ast.Call, name: str) -> ast.AST | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _const(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def dtap_pool(sources: Path) -> dict[str, str]:
    """{payload: origin} of the attack pool's HTML and tool-description injections (`DTAP_POOL_TYPES`).

    `attack_pool.py` uses the standard library only and draws nothing at random: it is run from the wheel's
    bytes (`run_module`) and its `generate_attacks()` read; `content` injections (fake news, comments and
    analyst ratings shown to people) are left out.
    """
    mod = run_module(archive_text(sources, "wheels", DTAP, DTAP_POOL), DTAP_POOL)
    attacks = mod.generate_attacks()
    _expect("dtap pool attacks", len(attacks), DTAP_POOL_COUNT)
    out: dict[str, str] = {}
    for attack in attacks:
        for inj in attack.injections:
            payload = inj.content.get("payload")
            if inj.type in DTAP_POOL_TYPES and isinstance(payload, str) and payload.strip():
                out.setdefault(payload.strip(), f"dtap:pool-{_slug(inj.style or inj.method or inj.type)}")
    return out


def ticker_shape(text: str) -> str:
    """`text` with every run of digits and every all-capital word of 2-5 letters (tickers, BUY/SELL) made `#`."""
    return re.sub(r"\b[A-Z]{2,5}\b|\d+", "#", text)


def one_per_shape(texts: Iterable[str]) -> list[str]:
    """The text with the lowest SHA-256 of each `ticker_shape`: the same line for another stock or amount once."""
    best: dict[str, str] = {}
    for t in sorted(set(texts), key=h):
        best.setdefault(ticker_shape(t), t)
    return sorted(best.values(), key=h)


def dtap_rows(sources: Path) -> list[dict[str, Any]]:
    """Injections planted in the trading site's pages and tool descriptions, held; its ordinary user tasks, not."""
    presets = ast.parse(archive_text(sources, "wheels", DTAP, DTAP_PRESETS))
    held: dict[str, tuple[str, str]] = {}
    for config in _calls(presets, "InjectionConfig"):
        if _const(_kw(config, "mode")) != "malicious":
            continue
        for rule in _calls(config, "InjectionRule"):
            text, method = _const(_kw(rule, "prompt")), _kw(rule, "method")
            if text and isinstance(method, ast.Attribute):
                held.setdefault(text.strip(), (f"dtap:{_slug(method.attr)}", DTAP_PRESETS))
    for text, origin in dtap_pool(sources).items():
        held.setdefault(text, (origin, DTAP_POOL))
    out = [_row(t, True, held[t][0], held[t][1]) for t in EARLIER.draw(one_per_shape(held), DTAP_N)]
    tasks = ast.parse(archive_text(sources, "wheels", DTAP, DTAP_TASKS))
    asks = [
        t for n in ast.walk(tasks) if isinstance(n, ast.keyword) and n.arg == "user_prompt" and (t := _const(n.value))
    ]
    return out + [_row(t, False, "dtap:user-task", DTAP_TASKS) for t in EARLIER.draw(asks, DTAP_TASK_N)]


def skills_rows(sources: Path) -> list[dict[str, Any]]:
    """Overviews of the AI-security skill files and "when to use" sections of the others, not held."""
    files = _read(sources, "github", SKILLS)
    skills = {k: v.decode("utf-8") for k, v in files.items() if k.startswith("skills/") and k.endswith("/SKILL.md")}
    _expect("skills", len(skills), SKILLS_COUNT)
    overview: dict[str, str] = {}
    when: dict[str, str] = {}
    for path, text in sorted(skills.items()):
        if frontmatter(text).get("subdomain") == SKILLS_AI:
            if body := section(text, "Overview"):
                overview.setdefault(body, path)
        elif body := section(text, "When to Use"):
            when.setdefault(body, path)
    out = [_row(t, False, "skills:ai-overview", overview[t]) for t in EARLIER.draw(list(overview), None)]
    return out + [_row(t, False, "skills:when-to-use", when[t]) for t in EARLIER.draw(list(when), SKILLS_WHEN_N)]


def academy_rows(sources: Path) -> list[dict[str, Any]]:
    """Russian course paragraphs about attacks on language models, not held."""
    pages = [m for m in archive_members(sources, "github", ACADEMY, suffix=".md") if "/ru/" in m]
    _expect("academy pages", len(pages), ACADEMY_PAGES)
    files = _read(sources, "github", ACADEMY)
    prose: dict[str, str] = {}
    for member in pages:
        path = member.split("/", 1)[1]
        for text in prose_paragraphs(files[path].decode("utf-8")):
            if len(text) >= ACADEMY_MIN and lang_of(text) == "ru":
                prose.setdefault(text, path)
    return [_row(t, False, "academy:ru-prose", prose[t]) for t in EARLIER.draw(list(prose), ACADEMY_N)]


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v35 (scripts/hold_heldout_v35_written.py), with this repository as their source."""
    rows = _written_rows("written-v35", LICENCES["written-v35"], WRITTEN, BENIGN)
    return [dict(r, repo="memeval", commit="-", path=WRITTEN_PATH) for r in rows]


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v35 in file order: the sources', then the written ones."""
    rows = aig_rows(sources) + dtap_rows(sources) + skills_rows(sources) + academy_rows(sources)
    return rows + written_rows()


def main() -> None:
    """Write heldout_v35.jsonl."""
    build_main(
        __doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v35.jsonl", ("licence", "repo", "commit", "path")
    )


if __name__ == "__main__":
    main()
