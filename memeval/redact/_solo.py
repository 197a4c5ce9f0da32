"""Scanner rules that the scanners only report in pairs, run on their own.

Both scanners report an AWS access key id only when its secret key is nearby (a multi-part
rule). A key id alone is still worth blanking in a memory, so its pattern and allow-list filter
are read at start-up from kingfisher's bundled rule (`Rules().detail(rule_id)`), not written
here: when the scanner's rule changes, this follows it.

The rule's filter is a small expression tree; the parts understood here are `||`, `&&`,
`matchesAny(finding.secret, [...])`, `containsAny(finding.secret, [...])` and comparisons of
`entropy(finding.secret)` with a number. A part not understood never suppresses a match (a false
positive is cheaper than a leak).
"""

from __future__ import annotations

import functools
import json
import logging
import math
import re
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

import kingfisher_sdk
import regex

from memeval import _diskcache
from memeval.redact._entities import credential_type
from memeval.redact._result import Recognizer, RecognizerResult
from memeval.redact._scanners import DETECTOR_KEY, MATCH_KEY

log = logging.getLogger(__name__)

SOLO_RULES = ("betterleaks.aws-access-token",)
"""Rule ids run on their own, without the component the scanners require."""


@functools.cache
def bundled_rules() -> kingfisher_sdk.Rules:
    """The bundled rule catalogue of kingfisher, read once per process (about 0.25 s CPU)."""
    return kingfisher_sdk.Rules()


class RuleDetail(NamedTuple):
    """What memeval reads of one bundled kingfisher rule: its pattern and its allow-list filter tree."""

    pattern: str
    filter_tree: Any
    """`betterleaks_filter` as the catalogue gives it (JSON data), or None."""
    depends: tuple[str, ...] = ()
    """Ids of the rules this one is reported with (`depends_on_rule`: an AWS secret's key id)."""


_KIND = "kingfisher-rules"
"""The derived cache's name for the kept rule details (`memeval._diskcache`)."""


@functools.cache
def rule_details() -> dict[str, RuleDetail]:
    """Every bundled kingfisher rule's pattern and filter by id, in the catalogue's order, read once per process.

    Reading the catalogue (`bundled_rules`) and its 488 details took about 0.3 s of CPU in every
    process that redacts; the ids, patterns and filters are kept in the derived cache
    (`memeval._diskcache`, keyed by the installed `kingfisher_sdk`'s version and native library)
    and read back in a few milliseconds. Exactly the catalogue's values (JSON data either way).
    """
    key = rules_key()
    raw = _diskcache.read(_KIND, key) if key else None
    if raw is not None:
        try:
            kept = json.loads(raw)
            return {str(i): RuleDetail(str(p), f, tuple(map(str, d))) for i, p, f, d in kept}
        except (ValueError, TypeError) as exc:
            log.warning("kept kingfisher rule details do not decode (%s); reading the catalogue", exc)
    rules = bundled_rules()
    details = [rules.detail(str(meta["id"])) for meta in rules.metadata()]
    out = {
        str(d["id"]): RuleDetail(
            str(d["pattern"]),
            d.get("betterleaks_filter"),
            tuple(str(x["rule_id"]) for x in d.get("depends_on_rule") or ()),
        )
        for d in details
    }
    if key:
        kept_rows = [[i, d.pattern, d.filter_tree, list(d.depends)] for i, d in out.items()]
        _diskcache.write(_KIND, key, json.dumps(kept_rows).encode())
    return out


@functools.cache
def entangled_rules() -> frozenset[str]:
    """Ids of the bundled rules reported only with, or as, another rule's partner (both sides of `depends`).

    Whether such a rule reports a match depends on what else the scanned text holds (an AWS secret
    needs its key id somewhere), so in a batch joined for one call (`_batch`) a text's partner can
    sit in another text: their findings decide nothing there, and their text is scanned alone.
    """
    return frozenset(i for rule_id, d in rule_details().items() if d.depends for i in (rule_id, *d.depends))


def python_form(pattern: str, *, edges_per_line: bool = False) -> str:
    r"""A kingfisher rule's pattern (Rust `regex` syntax) as Python's `re` and `regex` read it.

    Rust's end of text `\z` becomes `\Z`; a flag set mid-pattern, `(?i)`, is set for all of it (a
    looser match: Python refuses global flags after the start). With `edges_per_line`, `\z`, `\Z`
    become `$` and `\A` becomes `^`, for a search under `regex.MULTILINE` (`_batch._edge_patterns`).
    """
    if edges_per_line:
        pattern = pattern.replace(r"\z", "$").replace(r"\Z", "$").replace(r"\A", "^")
    else:
        pattern = pattern.replace(r"\z", r"\Z")
    return f"(?i){pattern.replace('(?i)', '')}" if "(?i)" in pattern[1:] else pattern


@functools.cache
def rule_pattern(rule_id: str) -> regex.Pattern[str] | None:
    """Bundled kingfisher rule `rule_id`'s pattern compiled by the `regex` module, once per process.

    `regex`, not `re`: its searches take a `timeout` (`_batch.crossing`), and kingfisher's
    patterns were written for a linear-time engine; under backtracking some grow with the square of
    a planted text (`betterleaks.auth0-domain.1` over `"A." * 12000`: 3.6 s of CPU under `re`).
    None when the id is unknown or the pattern does not compile.
    """
    detail = rule_details().get(rule_id)
    if detail is None:
        return None
    try:
        return regex.compile(python_form(detail.pattern))
    except regex.error:
        log.debug("kingfisher rule %s: its pattern does not compile in `regex`", rule_id)
        return None


def rules_key() -> str | None:
    """The derived cache's key of the catalogue: `kingfisher_sdk`'s version, its native library's path, size, time."""
    native = Path(kingfisher_sdk.__file__).with_name("_native.abi3.so")
    try:
        st = native.stat()
    except OSError as exc:
        log.info("kingfisher's native library not found (%s); its rule details are not kept", exc)
        return None
    return _diskcache.key_of(
        _KIND, "v2", str(kingfisher_sdk.__version__), str(native), str(st.st_size), str(st.st_mtime_ns)
    )


def _entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values()) if n else 0.0


def _compile(pattern: str) -> re.Pattern[str] | None:
    try:
        return re.compile(pattern)
    except re.error:
        log.debug("skipping a scanner filter pattern Python's re cannot compile")
        return None


def _strings(node: dict[str, Any]) -> list[str]:
    return [str(n.get("value")) for n in node.get("nodes", []) if n.get("kind") == "string"]


def suppresses(node: Any, secret: str, entropy_scale: float = 1.0, entropy_cap: float = math.inf) -> bool:
    """Evaluate the rule's filter tree for `secret`; True means the match is an allowed value.

    For a secret shorter than the rule's (a cut token), `entropy_scale` (0..1] multiplies the
    filter's entropy thresholds (bits per character) and `entropy_cap` bounds them: a string of n
    characters from an alphabet of k has at most log2(min(n, k)) bits each, so a threshold set for
    the full length cannot apply unchanged to a part of it.
    """
    if not isinstance(node, dict):
        return False
    kind = node.get("kind")
    if kind == "binary":
        op, left, right = node.get("operator"), node.get("left"), node.get("right")
        if op == "||":
            return suppresses(left, secret, entropy_scale, entropy_cap) or suppresses(
                right, secret, entropy_scale, entropy_cap
            )
        if op == "&&":
            return suppresses(left, secret, entropy_scale, entropy_cap) and suppresses(
                right, secret, entropy_scale, entropy_cap
            )
        if op in ("<", "<=", ">", ">=") and isinstance(left, dict) and isinstance(right, dict):
            if left.get("kind") == "call" and left["callee"].get("value") == "entropy":
                value = min(float(right.get("value", 0.0)) * entropy_scale, entropy_cap)
                e = _entropy(secret)
                return {"<": e < value, "<=": e <= value, ">": e > value, ">=": e >= value}[op]
        return False
    if kind == "call":
        callee = node.get("callee", {}).get("value")
        args = node.get("arguments", [])
        if len(args) != 2 or args[1].get("kind") != "array":
            return False
        if callee == "matchesAny":
            compiled = (_compile(p) for p in _strings(args[1]))
            return any(p.search(secret) for p in compiled if p is not None)
        if callee == "containsAny":
            return any(s in secret for s in _strings(args[1]))
    return False


class SoloRuleRecognizer(Recognizer):
    """Presidio recognizer running selected kingfisher rule patterns without their partners."""

    def __init__(self, rule_ids: tuple[str, ...] = SOLO_RULES) -> None:
        self._rule_ids = rule_ids
        self._rules: list[tuple[str, re.Pattern[str], Any]] = []
        super().__init__(supported_entities=["CREDENTIAL"], name="kingfisher-solo", version="1")

    def load(self) -> None:
        """Read each rule's pattern and filter from kingfisher's bundled rules (on construction)."""
        self._rules = []
        details = rule_details()
        for rule_id in self._rule_ids:
            detail = details.get(rule_id)
            if detail is None:  # not in the catalogue's listing: ask it (it raises its own error for an unknown id)
                raw = bundled_rules().detail(rule_id)
                detail = RuleDetail(str(raw["pattern"]), raw.get("betterleaks_filter"))
            pattern = _compile(detail.pattern)
            if pattern is None:
                log.warning("kingfisher rule %s has a pattern Python cannot compile", rule_id)
                continue
            self._rules.append((rule_id, pattern, detail.filter_tree))

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """Matches of each rule's secret group that its filter does not allow."""
        out: list[RecognizerResult] = []
        for rule_id, pattern, tree in self._rules:
            for m in pattern.finditer(text):
                group = 1 if pattern.groups else 0
                secret = m.group(group)
                if not secret or suppresses(tree, secret):
                    continue
                out.append(
                    RecognizerResult(
                        entity_type=credential_type(rule_id),
                        start=m.start(group),
                        end=m.end(group),
                        score=0.8,
                        recognition_metadata={
                            RecognizerResult.RECOGNIZER_NAME_KEY: "kingfisher-solo",
                            DETECTOR_KEY: f"kingfisher-solo:{rule_id.split('.', 1)[-1]}",
                            MATCH_KEY: (m.start(), m.end()),
                        },
                    )
                )
        return out
