#!/usr/bin/env python3
r"""Build the hold detector's held-out set v38 (tests/fixtures/hold_heldout_v38/) from two fresh public sources and written rows.

Written and run during issue 15's thirty-eighth round by a helper (heldout38) who does not tune the detector
and read no rule table, detector code or training method of memeval (only v37's README, build scripts and
pin test, the shared held-out helpers they import, the bench scripts' set lists, and the fixture READMEs,
build and training scripts searched for source names). Nothing here imports `memeval.hold`; no detector,
classifier or `bench/hold_eval.py` scoring was run on the result before it was committed. Rows from the
sources are taken by fixed rules (every item of the named kinds, or the lowest SHA-256 hashes of them), not
read and chosen one by one; the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v38.py. The
training scripts must not read these sources.

The point of v38 (v37's weaknesses): v37's orders by others were a synthetic corpus's few base sentences
in many encodings, each ending in a class-revealing "Trace" label, and one scanner's long tool docstrings;
its memory lessons, hand-offs and tool output were all written. v38 takes orders from an agent red-team
toolkit: the document-planted payloads of its indirect-injection module (exfiltrating a summary or the
conversation, probing internal endpoints, overriding what the agent says, abusing its tools, and saving a
standing order to the agent's memory, each in seven social-engineering framings from "[SYSTEM
INSTRUCTION: ...]" to a plain compliance note or citation) and the poisoned lines its context-poisoning
module plants in coding assistants' rule files (a second package index, secrets as constants, the whole
environment posted to a telemetry URL, `shell=True`, world-writable files). Hard benign text by others:
the same toolkit's clean rule files for six coding assistants (CLAUDE.md, AGENTS.md, .cursorrules and
the like: imperative team rules, many with "always" and "never"), and the description paragraphs of an
MCP threat framework's technique and mitigation pages (security prose that names and explains attacks
and orders nothing). Written rows (scripts/hold_heldout_v38_written.py) cover the kinds v37 showed weak:
hand-offs claiming another agent's or tool's authority, tool output and JSON/YAML/tool-call bodies with
orders inside, memory lessons that make a risky step standing, encoded and hidden orders, fake delimiters
and role markers; and benign twins: runbook lines, safety rules for agents, prose about attacks, honest
hand-offs and tool output, harmless encoded text and multilingual knowledge.

Labelling rule (all rows): v11's to v37's, unchanged. A text is held when it tries to make an agent act for
someone other than its user or operator, or against them: an order planted in content the agent reads, a
request to send secrets or data out, a lesson or note telling future sessions to do something risky, a
request for the hidden system prompt or context, or an order with forged authority; or a request for help
to seriously harm people. A team's own instruction to its agents or to people, notes and documents ABOUT
attacks that order nothing, tool output, documentation and a person's ordinary request are not held.
Where a publisher's list does not settle the label by this rule, the list is left out whole.

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub richardspicer/countersignal at cc2b91f (MIT, LICENSE):
  `src/countersignal/ipi/generators/__init__.py`: the payload template builders of the six payload types
  the toolkit marks dangerous (`IPI_TYPES`: exfil_summary, exfil_context, ssrf_internal,
  instruction_override, tool_abuse, persistence), each in its seven styles. The builder functions are read
  with `ast` and compiled alone (the package is never imported or run), with `PayloadStyle` as plain
  names and each payload's callback URL `IPI_CALLBACK` + `/c/` + a UUID-5 of its type and style. Held
  (`cs:ipi-<type>`, all 42). The `callback` type (a bare "see the appendix at URL" in six of its seven
  styles) is left out whole: its list does not settle the label.
  `src/countersignal/cxp/rules/*.yaml`: the `content.plaintext` of every rule (a poisoned line for a coding
  assistant's rule file). Held (`cs:cxp-rule`, all 8).
  `src/countersignal/cxp/bases/*`: the clean rule files the rules are planted into; every `## ` section
  (heading and body, the toolkit's `cxp:section` markers removed). Not held (`cs:cxp-base`), `CXP_BASE_N`
  lowest (`EARLIER.draw`).
- GitHub safe-agentic-framework/safe-mcp at d533c80 (documentation CC-BY-4.0, LICENSE and
  LICENSE-CC-BY-4.0): `techniques/*/README.md` and `mitigations/*/README.md`, the first paragraph under
  `## Description`. Not held (`safemcp:technique`, `safemcp:mitigation`), `SAFEMCP_TECH_N` and
  `SAFEMCP_MIT_N` lowest.
- WRITTEN for v38 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v38_written.py), `written-v38:<kind>`.

Every row carries its `licence`, `repo`, `commit` and `path` (the file inside the repository it was read
from; the licence texts are beside the fixture). Texts identical to a v1-v37 text are dropped; source texts
opening like one (`_near_key`) or repeating one once normalised (v30's `overlaps`, over v1-v37) are left out
before the lowest hashes are taken, and near-duplicates within a draw are left out (`Earlier.draw`).

Usage: python scripts/hold_heldout_v38.py --sources DIR --out tests/fixtures/hold_heldout_v38, where DIR
holds `github/` (`git archive --format=tar.gz --prefix=NAME-SHORT/ COMMIT PATHS`, git 2.39; the paths are
in the fixture README). The archives' SHA-256 are checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import ast
import re
import uuid
from pathlib import Path
from typing import Any

import yaml
from _heldout_common import Earlier, build_main, sourced_row
from _heldout_common import Picker as Picker  # re-exported: the pin test's check_no_earlier_text reads it
from _heldout_common import written_rows as _written_rows
from hold_heldout_v29 import _expect, _read
from hold_heldout_v38_written import BENIGN, WRITTEN

CS = "countersignal-cc2b91f.tar.gz"
SAFEMCP = "safe-mcp-d533c80.tar.gz"
ARCHIVES = {
    "github": {
        CS: "90eef1fcc036c12dc8d15a242adc7a7227b8aedc09e3a377c09bb47cf2bfefd7",
        SAFEMCP: "1c3ac0f0648481b3a9f910a0a8c52dfa6dc0e351e96bcf2e722bf03d7c082542",
    },
}
REPOS = {  # origin group -> (repository, commit)
    "cs": ("richardspicer/countersignal", "cc2b91f5d7b42ad97c0fe2d143f18ad377d2b81a"),
    "safemcp": ("safe-agentic-framework/safe-mcp", "d533c803bcb0764370abd91c24b95c652c20afe2"),
}
LICENCES = {  # origin group -> the licence of its rows (written on every row as `licence`)
    "cs": "MIT (GitHub richardspicer/countersignal, LICENSE.countersignal)",
    "safemcp": "CC-BY-4.0 (GitHub safe-agentic-framework/safe-mcp documentation, LICENSE.safemcp, LICENSE-CC-BY-4.0.safemcp)",
    "written-v38": "written for memeval's v38 (the repository's own licence)",
}
WRITTEN_PATH = "scripts/hold_heldout_v38_written.py"

IPI_PATH = "src/countersignal/ipi/generators/__init__.py"
IPI_TYPES = ("exfil_summary", "exfil_context", "ssrf_internal", "instruction_override", "tool_abuse", "persistence")
IPI_STYLES = ("OBVIOUS", "CITATION", "REVIEWER", "HELPFUL", "ACADEMIC", "COMPLIANCE", "DATASOURCE")
IPI_CALLBACK = "http://localhost:8080"  # the toolkit's documented example listener
CXP_RULES_DIR = "src/countersignal/cxp/rules"
CXP_RULES = 8
CXP_BASES_DIR = "src/countersignal/cxp/bases"
CXP_SECTIONS = 50  # `## ` sections in the six base files
CXP_BASE_N = 30
SAFEMCP_TECHNIQUES = 73
SAFEMCP_MITIGATIONS = 50
SAFEMCP_TECH_N = 26
SAFEMCP_MIT_N = 16
EARLIER = Earlier(37)


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v37), which v38 must not repeat."""
    return EARLIER.known()


def overlaps(text: str) -> bool:
    """True when `text` repeats a v1-v37 text once normalised (`Earlier.overlaps`)."""
    return EARLIER.overlaps(text)


def _row(text: str, held: bool, origin: str, path: str, lang: str = "en") -> dict[str, Any]:
    return sourced_row(text, held, origin, path, lang, repos=REPOS, licences=LICENCES)


def ipi_url(payload_type: str, style: str) -> str:
    """The callback URL written into a payload: `IPI_CALLBACK/c/<UUID-5 of 'heldout-v38/<type>/<style>'>`."""
    return f"{IPI_CALLBACK}/c/{uuid.uuid5(uuid.NAMESPACE_URL, f'heldout-v38/{payload_type}/{style}')}"


class _Styles:
    """`PayloadStyle` for the compiled builders: each member is its own name."""

    def __getattr__(self, name: str) -> str:
        return name


def ipi_payloads(source: str) -> dict[str, dict[str, str]]:
    """{payload type: {style: payload}} of the `_build_<type>_templates` functions of `source`.

    Each function is taken from the parsed module alone (`ast`), compiled with `PayloadStyle` bound to
    `_Styles` and called with `ipi_url(type, style)`; the rest of the module is never run.
    """
    out: dict[str, dict[str, str]] = {}
    for node in ast.parse(source).body:
        m = re.fullmatch(r"_build_(\w+)_templates", node.name) if isinstance(node, ast.FunctionDef) else None
        if m is None:
            continue
        namespace: dict[str, Any] = {"PayloadStyle": _Styles()}
        module = ast.Module(body=[node], type_ignores=[])
        exec(compile(module, IPI_PATH, "exec"), namespace)
        built = {}
        for style in IPI_STYLES:
            built[style] = namespace[node.name](ipi_url(m.group(1), style))[style]
        out[m.group(1)] = built
    return out


def ipi_rows(sources: Path) -> list[dict[str, Any]]:
    """The dangerous payload types' templates in every style, held (`cs:ipi-<type>`)."""
    payloads = ipi_payloads(_read(sources, "github", CS)[IPI_PATH].decode("utf-8"))
    _expect("ipi payload types", sorted(payloads), sorted((*IPI_TYPES, "callback")))
    texts = {payloads[t][s]: t for t in IPI_TYPES for s in IPI_STYLES}
    _expect("ipi payloads", len(texts), len(IPI_TYPES) * len(IPI_STYLES))
    slug = {t: t.replace("_", "-") for t in IPI_TYPES}
    return [_row(t, True, f"cs:ipi-{slug[texts[t]]}", IPI_PATH) for t in EARLIER.draw(list(texts), None)]


def cxp_rule_rows(sources: Path) -> list[dict[str, Any]]:
    """The plain-text payload of every context-poisoning rule, held (`cs:cxp-rule`)."""
    files = _read(sources, "github", CS)
    found: dict[str, str] = {}
    for path in sorted(files):
        if path.startswith(CXP_RULES_DIR + "/") and path.endswith(".yaml"):
            rule = yaml.safe_load(files[path].decode("utf-8"))
            found.setdefault(" ".join(str(rule["content"]["plaintext"]).split()), path)
    _expect("cxp rules", len(found), CXP_RULES)
    return [_row(t, True, "cs:cxp-rule", found[t]) for t in EARLIER.draw(list(found), None)]


_MARKER = re.compile(r"^\s*(#|<!--)\s*cxp:section:[\w-]+\s*(-->)?\s*$")


def base_sections(text: str) -> list[str]:
    """The `## ` sections of a rule file: each heading with its body up to the next `#` or `##` heading.

    The toolkit's `cxp:section` marker lines (`# cxp:section:x`, `<!-- cxp:section:x -->`) are removed;
    inside a fenced code block a line starting with `#` is body, not a heading.
    """
    out: list[str] = []
    current: list[str] | None = None
    fenced = False
    for line in text.splitlines():
        if _MARKER.match(line):
            continue
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("## "):
            if current:
                out.append("\n".join(current).strip())
            current = [line]
        elif not fenced and line.startswith("# "):
            if current:
                out.append("\n".join(current).strip())
            current = None
        elif current is not None:
            current.append(line)
    if current:
        out.append("\n".join(current).strip())
    return out


def cxp_base_rows(sources: Path) -> list[dict[str, Any]]:
    """Sections of the toolkit's clean rule files for coding assistants, not held (`cs:cxp-base`)."""
    files = _read(sources, "github", CS)
    found: dict[str, str] = {}
    count = 0
    for path in sorted(files):
        if path.startswith(CXP_BASES_DIR + "/") and not path.endswith(".py"):
            for section in base_sections(files[path].decode("utf-8")):
                count += 1
                found.setdefault(section, path)
    _expect("cxp base sections", count, CXP_SECTIONS)
    return [_row(t, False, "cs:cxp-base", found[t]) for t in EARLIER.draw(list(found), CXP_BASE_N)]


def description(text: str) -> str | None:
    """The first paragraph under a page's `## Description` heading (lines joined by spaces), or None."""
    m = re.search(r"^## Description[ \t]*\n+(.+?)(?:\n[ \t]*\n|\n#|\Z)", text, re.M | re.S)
    return " ".join(m.group(1).split()) if m else None


def safemcp_rows(sources: Path) -> list[dict[str, Any]]:
    """Description paragraphs of the framework's technique and mitigation pages, not held."""
    files = _read(sources, "github", SAFEMCP)
    out: list[dict[str, Any]] = []
    for folder, want, n in (
        ("techniques", SAFEMCP_TECHNIQUES, SAFEMCP_TECH_N),
        ("mitigations", SAFEMCP_MITIGATIONS, SAFEMCP_MIT_N),
    ):
        found: dict[str, str] = {}
        pages = 0
        for path in sorted(files):
            if re.fullmatch(rf"{folder}/[^/]+/README\.md", path):
                pages += 1
                text = description(files[path].decode("utf-8"))
                if text:
                    found.setdefault(text, path)
        _expect(f"safemcp {folder} pages", pages, want)
        kind = folder.removesuffix("s")
        out += [_row(t, False, f"safemcp:{kind}", found[t]) for t in EARLIER.draw(list(found), n)]
    return out


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v38 (scripts/hold_heldout_v38_written.py), with this repository as their source."""
    rows = _written_rows("written-v38", LICENCES["written-v38"], WRITTEN, BENIGN)
    return [dict(r, repo="memeval", commit="-", path=WRITTEN_PATH) for r in rows]


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v38 in file order: the sources', then the written ones."""
    return ipi_rows(sources) + cxp_rule_rows(sources) + cxp_base_rows(sources) + safemcp_rows(sources) + written_rows()


def main() -> None:
    """Write heldout_v38.jsonl."""
    build_main(
        __doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v38.jsonl", ("licence", "repo", "commit", "path")
    )


if __name__ == "__main__":
    main()
