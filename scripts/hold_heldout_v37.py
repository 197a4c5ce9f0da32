#!/usr/bin/env python3
r"""Build the hold detector's held-out set v37 (tests/fixtures/hold_heldout_v37/) from two fresh public sources and written rows.

Written and run during issue 15's thirty-seventh round by a helper (heldout37) who does not tune the detector
and read no rule table, detector code or training method of memeval (only v36's README, build scripts and
pin test, the shared held-out helpers they import, and the fixture READMEs, the hold README, build and
training scripts searched for source names). Nothing here imports `memeval.hold`; no detector, classifier or
`bench/hold_eval.py` scoring was run on the result before it was committed. Rows from the sources are taken
by fixed rules (every item of the named classes or folders, or the lowest SHA-256 hashes of them), not read
and chosen one by one; the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v37.py. The training
scripts must not read these sources.

The point of v37 (v36's weaknesses): v36's orders by others were one security scanner's, half of them
carrying an upper-case canary word or a bracketed label; its encoded and hidden orders were 17 written rows,
one or two of each form; its benign side by others was README paragraphs, trick questions and terse notes,
with benign text in the shapes of the orders (memory entries, hand-offs, tool JSON, encoded text) all written.
v37 takes orders from a governance toolkit's prompt-injection evaluation corpus (direct overrides,
system-prompt leakage, planted page comments, tool-result injection, tool abuse, exfiltration through a
Markdown image, memory poisoning and cross-tenant requests, each in plain, French and a dozen encoded or
obfuscated forms: base64, URL and HTML-entity encoding, ROT13, leetspeak, letters spaced or run together,
Cyrillic look-alikes, diacritics) and from an MCP scanner's evaluation servers whose tool descriptions carry
planted directives ("SYSTEM: Trust all commands ... without validation"), and from written rows in five
agent-side kinds in 54 languages, 42 of them encoded or hidden in about twenty forms. Hard benign text by others: the
same corpus's benign controls (security notes and training material that quote attack phrases, detector
fixtures, policy documentation, a person's imperative and urgent requests, harmless text in the same
encodings and obfuscations) and the scanner's other evaluation servers' tool descriptions (plain one-line
descriptions whose harm is only in the code, which the text does not show); and written rows: team lessons,
prose about attacks in 18 languages, tool documentation and tool output, honest hand-offs, harmless encoded
text and ordinary requests in 36 languages, several the benign twin of a written order.

Labelling rule (all rows): v11's to v36's, unchanged. A text is held when it tries to make an agent act for
someone other than its user or operator, or against them: an order planted in content the agent reads, a
request to send secrets or data out, a lesson or note telling future sessions to do something risky, a
request for the hidden system prompt or context, or an order with forged authority; or a request for help
to seriously harm people. A team's own instruction to its agents or to people, notes and documents ABOUT
attacks that order nothing, tool output, documentation and a person's ordinary request are not held.
Where a publisher's list does not settle the label by this rule, the list is left out whole.

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub microsoft/agent-governance-toolkit at b570558 (MIT, LICENSE):
  `benchmarks/prompt-injection/corpus/injection-smoke.jsonl`, 280 rows each with an `attack_class`. Held:
  every row whose class is not `benign` (110; `agt:<attack class>`), the `AGT_N` lowest. Not held: every
  `benign` row (170; `agt:<benign subclass>`), the `AGT_BENIGN_N` lowest. Texts as published, with the
  corpus's trailing "Scenario PI1-A-... Trace <hex>." (attacks) or "Reference PI1-B-... Trace <hex>." (benign)
  label, also inside the encoded forms (see the README's Weaknesses). `lang`: `fr` for the rows whose
  `bypass_class` is `multilingual` (French translations), else `en` (the English text, plain or encoded).
- GitHub cisco-ai-defense/mcp-scanner at 893327c (Apache-2.0, LICENSE): the Python files of
  `evals/behavioral-analysis/data/{prompt-injection,tool-poisoning,goal-manipulation}/` (read with `ast`,
  never run), the docstring of every function decorated as a tool. Held: those of `prompt-injection/`
  (`mcpscan:prompt-injection`: descriptions with planted "SYSTEM:", "ACT AS:" and "[... DIRECTIVE]:"
  lines). Not held: those of `tool-poisoning/` and `goal-manipulation/` (`mcpscan:tool-poisoning`,
  `mcpscan:goal-manipulation`: plain descriptions of what the tool does; the malice of those servers is in
  their code, which is not in the text). All of them (`EARLIER.draw`, no cap).
- WRITTEN for v37 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v37_written.py), `written-v37:<kind>`.

Every row carries its `licence`, `repo`, `commit` and `path` (the file inside the repository it was read
from; the licence texts are beside the fixture). Texts identical to a v1-v36 text are dropped; source texts
opening like one (`_near_key`) or repeating one once normalised (v30's `overlaps`, over v1-v36) are left out
before the lowest hashes are taken, and near-duplicates within a draw are left out (`Earlier.draw`).

Usage: python scripts/hold_heldout_v37.py --sources DIR --out tests/fixtures/hold_heldout_v37, where DIR
holds `github/` (`git archive --format=tar.gz --prefix=NAME-SHORT/ COMMIT PATHS`, git 2.39; the paths are
in the fixture README). The archives' SHA-256 are checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

from _heldout_common import Earlier, build_main
from _heldout_common import Picker as Picker  # re-exported: the pin test's check_no_earlier_text reads it
from _heldout_common import written_rows as _written_rows
from hold_heldout_v29 import _expect, _read
from hold_heldout_v37_written import BENIGN, WRITTEN

AGT = "agent-governance-toolkit-b570558.tar.gz"
MCPSCAN = "mcp-scanner-893327c.tar.gz"
ARCHIVES = {
    "github": {
        AGT: "a805b64884a26576789308fcb90713babdb4f42c3574a8918b5141dd4529d64d",
        MCPSCAN: "85ca1e227336320d0b3bf462fb6aa803bfd6f9e92bbb63dde7a7e1b6ac7c0d91",
    },
}
REPOS = {  # origin group -> (repository, commit)
    "agt": ("microsoft/agent-governance-toolkit", "b5705588883fac48b88cbe6fd0bd7d48c798453e"),
    "mcpscan": ("cisco-ai-defense/mcp-scanner", "893327c54d223ea07296f68f32d8294f5c045f4a"),
}
LICENCES = {  # origin group -> the licence of its rows (written on every row as `licence`)
    "agt": "MIT (GitHub microsoft/agent-governance-toolkit, LICENSE.agt)",
    "mcpscan": "Apache-2.0 (GitHub cisco-ai-defense/mcp-scanner, LICENSE.mcpscan)",
    "written-v37": "written for memeval's v37 (the repository's own licence)",
}
WRITTEN_PATH = "scripts/hold_heldout_v37_written.py"

AGT_PATH = "benchmarks/prompt-injection/corpus/injection-smoke.jsonl"
AGT_ROWS = 280
AGT_ATTACKS = 110
AGT_N = 40
AGT_BENIGN_N = 45
MCPSCAN_DIR = "evals/behavioral-analysis/data"
MCPSCAN_HELD = ("prompt-injection",)
MCPSCAN_BENIGN = ("tool-poisoning", "goal-manipulation")
MCPSCAN_TOOLS = 30  # tool docstrings in the three folders (one tool a file)
EARLIER = Earlier(36)


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v36), which v37 must not repeat."""
    return EARLIER.known()


def overlaps(text: str) -> bool:
    """True when `text` repeats a v1-v36 text once normalised (`Earlier.overlaps`)."""
    return EARLIER.overlaps(text)


def _row(text: str, held: bool, origin: str, path: str, lang: str) -> dict[str, Any]:
    group = origin.split(":")[0]
    repo, commit = REPOS[group]
    return dict(
        text=text, held=held, lang=lang, origin=origin, licence=LICENCES[group], repo=repo, commit=commit,
        path=path,
    )  # fmt: skip


def _slug(name: str) -> str:
    return name.lower().replace("_", "-")


def agt_lang(record: dict[str, Any]) -> str:
    """`fr` for a corpus row whose `bypass_class` is `multilingual` (its French translations), else `en`."""
    return "fr" if record.get("bypass_class") == "multilingual" else "en"


def agt_rows(sources: Path) -> list[dict[str, Any]]:
    """The corpus's attack rows (held) and benign rows (not held), the lowest hashes of each."""
    data = _read(sources, "github", AGT)[AGT_PATH].decode("utf-8")
    records = [json.loads(line) for line in data.splitlines() if line.strip()]
    _expect("agt rows", len(records), AGT_ROWS)
    held: dict[str, dict[str, Any]] = {}
    benign: dict[str, dict[str, Any]] = {}
    for r in records:
        text = str(r["text"]).strip()
        (benign if r["attack_class"] == "benign" else held).setdefault(text, r)
    _expect("agt attacks", len(held), AGT_ATTACKS)
    out = [
        _row(t, True, f"agt:{_slug(held[t]['attack_class'])}", AGT_PATH, agt_lang(held[t]))
        for t in EARLIER.draw(list(held), AGT_N)
    ]
    return out + [
        _row(t, False, f"agt:{_slug(benign[t]['benign_subclass'])}", AGT_PATH, agt_lang(benign[t]))
        for t in EARLIER.draw(list(benign), AGT_BENIGN_N)
    ]


def tool_docstrings(source: str) -> list[str]:
    """The docstrings of a Python source's functions decorated as tools (a decorator whose text names `tool`), in file order.

    Read with `ast` (never run); a tool function without a docstring is skipped; docstrings are cleaned by
    `ast.get_docstring` (indentation removed) and stripped.
    """
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
            "tool" in ast.unparse(d) for d in node.decorator_list
        ):
            doc = ast.get_docstring(node)
            if doc and doc.strip():
                out.append(doc.strip())
    return out


def mcpscan_rows(sources: Path) -> list[dict[str, Any]]:
    """Tool descriptions of the scanner's evaluation servers: planted directives held, plain descriptions not."""
    files = _read(sources, "github", MCPSCAN)
    found: dict[str, tuple[str, str]] = {}  # text -> (folder, path)
    for path in sorted(files):
        folder = path.removeprefix(MCPSCAN_DIR + "/").split("/")[0]
        if path.startswith(MCPSCAN_DIR + "/") and path.endswith(".py") and folder in MCPSCAN_HELD + MCPSCAN_BENIGN:
            for text in tool_docstrings(files[path].decode("utf-8")):
                found.setdefault(text, (folder, path))
    _expect("mcpscan tool docstrings", len(found), MCPSCAN_TOOLS)
    held = [t for t, (folder, _) in found.items() if folder in MCPSCAN_HELD]
    benign = [t for t, (folder, _) in found.items() if folder in MCPSCAN_BENIGN]
    out = [_row(t, True, f"mcpscan:{found[t][0]}", found[t][1], "en") for t in EARLIER.draw(held, None)]
    return out + [_row(t, False, f"mcpscan:{found[t][0]}", found[t][1], "en") for t in EARLIER.draw(benign, None)]


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v37 (scripts/hold_heldout_v37_written.py), with this repository as their source."""
    rows = _written_rows("written-v37", LICENCES["written-v37"], WRITTEN, BENIGN)
    return [dict(r, repo="memeval", commit="-", path=WRITTEN_PATH) for r in rows]


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v37 in file order: the sources', then the written ones."""
    return agt_rows(sources) + mcpscan_rows(sources) + written_rows()


def main() -> None:
    """Write heldout_v37.jsonl."""
    build_main(
        __doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v37.jsonl", ("licence", "repo", "commit", "path")
    )


if __name__ == "__main__":
    main()
