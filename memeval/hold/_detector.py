"""The rule detector (`rules/20`; 22 for the default, 19 to 13 by `version`), a way to join detectors, the default.

How a text is judged:

1. normalise it (`_normalize`: invisible characters, NFKC, case, homoglyphs, letter spacing,
   small misspellings of keywords), keeping a map back to the original offsets;
2. run every rule of `_rules.RULES`; a negatable rule is skipped after "not/never/refuse...",
   and every rule but chat markup after a protective verb ("detect", "flagged by", "the
   attacker used the phrase", `_rules_v12.PROTECTIVE`) or inside a test assertion or pattern
   literal (`_rules_v12.CODE_LINE`) (rules/12), or after a third-person attacker or attempt ("an
   attacker can hide", "told the assistant to", `_rules_v13.PROTECTIVE13`) (rules/13), or after a
   report of what a model did ("the model ignored ... and", `_rules_v14.PROTECTIVE14`) (rules/14); a
   match inside a quoted mention (`_rule.mention_spans`), or anywhere in a catalogue's entry about an attack
   (rules/25: `_rules_v25.mention_spans25`), counts a fifth; chat markup in inline code is ignored;
3. add signals of hiding: invisible characters inside words, homoglyphs, letter-spaced words,
   and any Base64 blob whose decoded text would itself be held;
4. combine the strongest match of each rule with a noisy-OR, score = 1 - prod(1 - w), and hold
   when the score reaches the threshold of the text's source: a person's own words need 0.75,
   an agent's 0.6, text from a tool, web page, e-mail or document 0.45.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import compress
from operator import not_

import memeval.hold._screen as _screen
from memeval.errors import UsageError
from memeval.hold import _derived
from memeval.hold._excerpt import excerpt
from memeval.hold._frames import _ABOUT_ATTACKS, _RUNBOOK, prohibition_only
from memeval.hold._models import SOURCES, HoldAssessment, HoldDetector, HoldReason, Source
from memeval.hold._normalize import normalize
from memeval.hold._readings import _decoded_texts, _variants, variants_worth_a_look
from memeval.hold._rule import INLINE_CODE, META, NEGATED_INSIDE, NEGATION, NEGATION_AFTER, QUOTED, Rule
from memeval.hold._rules import (
    RULES,
    RULES_V2,
    RULES_V3,
    RULES_V4,
    RULES_V5,
    RULES_V6,
    RULES_V7,
    RULES_V8,
    RULES_V9,
    RULES_V10,
    RULES_V11,
    RULES_V14,
    RULES_V15,
)
from memeval.hold._rules_v12 import ABOUT_FRAME, CODE_LINE, PROTECTIVE, RULES_V12
from memeval.hold._rules_v13 import DESCRIBES, PROTECTIVE13, RULES_V13
from memeval.hold._rules_v14 import DESCRIBES14, PROTECTIVE14
from memeval.hold._rules_v16 import RULES_V16
from memeval.hold._rules_v17 import DESCRIBES17, PROTECTIVE17, RULES_V17
from memeval.hold._rules_v18 import DESCRIBES18, KEEP18, RULES_V18
from memeval.hold._rules_v19 import DESCRIBES19, RULES_V19
from memeval.hold._rules_v20 import RULES_V20, skipped20
from memeval.hold._rules_v25 import CATALOGUE25, mention_spans25, tables_after20

_derived.keep()  # what building the tables above worked out, kept for the next process (`_derived`)

THRESHOLDS: Mapping[Source, float] = {
    "person": 0.75,
    "agent": 0.6,
    "tool": 0.45,
    "web": 0.45,
    "email": 0.45,
    "document": 0.45,
}
"""Score at which a text from each source is held."""

MENTION_FACTOR = 0.2
PROTECT_EVERY_RULE = True
"""rules/12: a protective verb before a match (`_rules_v12.PROTECTIVE`) skips it for every rule but
chat markup (False: only for negatable rules, as `NEGATION`)."""
_MAX_PER_RULE = 3


def _inside(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(s <= start and end <= e for s, e in spans)


def combine(matches: Sequence[tuple[str, float]]) -> float:
    """Noisy-OR of the evidence: 1 - prod(1 - w) over rules.

    A rule counts with its strongest match; a second, distinct match of the same rule adds half
    its weight again (two separate "new instructions" phrases say more than one). Returns [0, 1].
    """
    by_rule: dict[str, list[float]] = {}
    for rule, weight in matches:
        by_rule.setdefault(rule, []).append(weight)
    remaining = 1.0
    for weights in by_rule.values():
        top = sorted(weights, reverse=True)
        remaining *= 1.0 - top[0]
        if len(top) > 1:
            remaining *= 1.0 - top[1] / 2
    return 1.0 - remaining


class RuleDetector:
    """Hand-written rules over normalised text; see the module docstring.

    Args:
        thresholds: score at which text from each source is held (defaults: `THRESHOLDS`).
        version: 13 to 25 (rules/13 to rules/25): version N runs no table of a later round (`_rules_v17`'s for 16...)
            nor its `PROTECTIVE1x`, `skipped20` or `DESCRIBES1x`; earlier rules are reproduced at their commits.

    Raises:
        UsageError: a source lacks a threshold, or `version` is not 13 to 25.
    """

    def __init__(self, thresholds: Mapping[Source, float] = THRESHOLDS, version: int = 20) -> None:
        missing = set(SOURCES) - set(thresholds)
        if missing:
            raise UsageError(f"thresholds miss sources {sorted(missing)}; give one per source")
        if version not in range(13, 26):
            raise UsageError(f"rules version {version!r}: use 25 (rules/25), 24, 23, 22, 21, 20, ... or 13 (rules/13)")
        self.thresholds = dict(thresholds)
        self.version = version
        self.name = f"rules/{version}"
        self._latest = version >= 14
        self._rules = (
            RULES
            + RULES_V2
            + RULES_V3
            + RULES_V4
            + RULES_V5
            + RULES_V6
            + RULES_V7
            + RULES_V8
            + RULES_V9
            + RULES_V10
            + RULES_V11
            + RULES_V12
            + RULES_V13
            + (RULES_V14 if self._latest else ())
            + (RULES_V15 if version >= 15 else ())
            + (RULES_V16 if version >= 16 else ())
            + (RULES_V17 if version >= 17 else ())
            + (RULES_V18 if version >= 18 else ())
            + (RULES_V19 if version >= 19 else ())
            + (RULES_V20 if version >= 20 else ())
            + tables_after20(version)
        )
        """Every rule of this version, in the order they run (each text runs those its screen keeps: `_runnable`)."""
        self._ids = tuple(map(id, self._rules))
        """`id` of each of `self._rules`, in order (what `_runnable` tests against the skipped set)."""
        self._kept: dict[frozenset[int], tuple[Rule, ...]] = {}

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`.

        Returns:
            `HoldAssessment` with every matched rule as a reason (offsets into `text`).

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        if source not in SOURCES:
            raise UsageError(f"unknown source {source!r}; use one of {', '.join(SOURCES)}")
        found = self._find(text, source, depth=0)
        score = round(combine([(rule, weight) for rule, weight, _, _ in found]), 4)
        per_rule: dict[str, int] = {}
        reasons = []
        for rule, _, start, end in sorted(found, key=lambda f: (f[2], f[3])):
            per_rule[rule] = per_rule.get(rule, 0) + 1
            if per_rule[rule] <= _MAX_PER_RULE:
                reasons.append(HoldReason(rule=rule, start=start, end=end, excerpt=excerpt(text[start:end])))
        return HoldAssessment(
            held=score >= self.thresholds[source], score=score, reasons=tuple(reasons), detector=self.name
        )

    def _runnable(self, skipped: AbstractSet[int]) -> tuple[Rule, ...]:
        """The rules of `self._rules` whose `id` is not in `skipped` (`_screen.rules_skipped`), in order.

        `rules_skipped` answers the same frozenset for texts with the same literals, so the kept rules
        are remembered per set (a few hundred sets in practice, emptied at `_screen.MEMO_SIZE`): a text
        then loops over the handful of rules its screen keeps, not over all of them. Any other set
        (a test's stand-in) is filtered afresh.
        """
        if not isinstance(skipped, frozenset):
            return tuple(r for r in self._rules if id(r) not in skipped)
        kept = self._kept.get(skipped)
        if kept is None:
            if len(self._kept) >= _screen.MEMO_SIZE:
                self._kept.clear()
            # the rules whose id is not in `skipped`, in order, picked in C (`compress` by the negated tests)
            kept = self._kept[skipped] = tuple(compress(self._rules, map(not_, map(skipped.__contains__, self._ids))))
        return kept

    def _find(self, text: str, source: Source, depth: int) -> list[tuple[str, float, int, int]]:
        """(rule, weight, start, end) for every match, offsets into the original `text`."""
        norm = normalize(text, KEEP18 if self.version >= 18 else frozenset(), self.version >= 22)  # 18: `KEEP18`
        t = norm.text
        masked = INLINE_CODE.sub(lambda m: " " * len(m.group()), t) if "`" in t else t
        quoted: list[tuple[int, int]] | None = None  # read at the first match: most texts have none
        skipped = _screen.rules_skipped(t, masked)  # rules that cannot match here (`_screen`): same matches, less CPU
        found: list[tuple[str, float, int, int]] = []
        for rule in self._runnable(skipped):
            weight = rule.person_weight if (source == "person" and rule.person_weight is not None) else rule.weight
            if rule.requires is not None and rule.requires.search(masked if rule.markup else t) is None:
                continue
            if rule.context is not None and rule.context.search(t) is None:
                continue
            for m in rule.pattern.finditer(masked if rule.markup else t):
                s, e = m.start(), m.end()
                if rule.negatable and (NEGATION.search(t[max(0, s - 40) : s]) or NEGATION_AFTER.search(t[e : e + 16])):
                    continue
                if (rule.negatable or (PROTECT_EVERY_RULE and not rule.markup)) and (
                    PROTECTIVE.search(t[max(0, s - 60) : s])
                    or PROTECTIVE13.search(t[max(0, s - 60) : s])
                    or (self._latest and PROTECTIVE14.search(t[max(0, s - 60) : s]))
                    or (self.version >= 17 and PROTECTIVE17.search(t[max(0, s - 60) : s]))
                    or CODE_LINE.search(t[t.rfind("\n", 0, s) + 1 : s])
                ):
                    continue  # rules/12: detecting, blocking or quoting in code is not ordering
                if rule.negated_inside and NEGATED_INSIDE.search(m.group()):
                    continue
                if self.version >= 20 and skipped20(rule, m, t):
                    continue  # rules/20: a safeguard kept, a topic forgotten, an act forbidden (`skipped20`)
                w = weight
                quoted = mention_spans25(t, self.version) if quoted is None else quoted  # 25: a catalogue entry
                if quoted and _inside(quoted, s, e):
                    w *= MENTION_FACTOR
                elif rule.markup and META.search(t[max(0, s - 60) : s]):
                    w *= MENTION_FACTOR
                start, end = norm.span(s, e, len(text))
                found.append((rule.name, w, start, end))
        if norm.invisible_at:
            i = norm.invisible_at[0]
            found.append(("invisible-characters", 0.35 if len(norm.invisible_at) >= 3 else 0.2, i, i + 1))
        if norm.folded_at:
            i = norm.folded_at[0]
            found.append(("homoglyphs", 0.35, i, i + 1))
        for s, e in norm.spaced_at:
            found.append(("letter-spacing", 0.3, s, e))
        if depth == 0:
            readings = _decoded_texts(text) + list(compress(_variants(text), variants_worth_a_look(text)))
            for s, e, decoded in readings:
                inner = self._find(decoded, source, depth=1)
                if combine([(r, w) for r, w, _, _ in inner]) >= min(self.thresholds.values()):
                    found.append(("encoded-instructions", 0.85, s, e))
        return found


class AnyOf:
    """Joins detectors: held when any of them holds; the score is their maximum.

    Use it to run a trained classifier beside the rules: `AnyOf([get_hold_detector(), clf])`.
    """

    def __init__(self, detectors: Sequence[HoldDetector]) -> None:
        if not detectors:
            raise UsageError("AnyOf needs at least one detector, got none")
        self.detectors = tuple(detectors)
        self.name = "+".join(d.name for d in self.detectors)

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Assess with every detector; reasons are concatenated in detector order."""
        results = [d.assess(text, source) for d in self.detectors]
        return HoldAssessment(
            held=any(r.held for r in results),
            score=max(r.score for r in results),
            reasons=tuple(reason for r in results for reason in r.reasons),
            detector=self.name,
        )


class RulesWithClassifier:
    """The default combination: the rules, or the classifiers when something backs them.

    Stage 1 (cheap, about 1.4 ms of CPU for a short text): held when the rules hold, or when
    (a) some rule matched, even below the rules' threshold, and the n-gram classifier's
    probability reaches `corroborated_at` (`corroborated_person_at` for a person's own words;
    when None, the classifier's own per-source threshold): corroboration; or (b) the classifier
    holds at its own threshold, its score is at least `alone_at` and the text does not read as a
    team's runbook step (a command, a build or test tool, a workflow verb: "always run `pnpm
    lint` before committing") nor as a team's prohibition (every sentence forbids:
    `prohibition_only`, since rules/9's round).

    Decoded views (only when `views`; the default has them): when stage 1 does not hold, each
    reading of what the text hides (`_views.decoded_views`: tag characters, hidden HTML, Base64,
    hex, binary, ROT13, reversed and leetspeak segments) is judged by stage 1 again, and the text
    is held when a view is, with a reason `hidden-<kind>` spanning the hidden part. A view that
    undid an encoding (`ENCODED_VIEWS`) needs less: a rule score of `ENCODED_RULES_AT`, or the
    classifier at half its threshold and `ENCODED_GAIN` above its score on the text as sent
    (whoever encoded an order meant it to be missed). Only texts with such a view cost more.

    Stage 2, a cascade (only when `encoder` is given): the multilingual sentence encoder's head
    (`usemlp/1`) reads only the texts stage 1 is unsure of: the rules did not hold, and some rule
    matched, or the n-gram classifier gave at least `gate_at`, or the text is not ASCII (the
    n-grams learnt mostly English). It holds when its probability is at least
    `encoder_alone_at` (`encoder_person_at` for a person's own words), or when the mean of its
    and the n-gram classifier's probabilities is at least `mean_at` (two models that err
    differently must agree); a stage-1 hold on the n-grams' word alone is dropped when the
    encoder's probability is below `veto_below`. The encoder reads meaning across 16 languages,
    which the n-grams cannot; it costs about 5-13 ms of CPU for a short text and 25-40 ms for
    1 KiB, hence the gate.

    In every case a text that talks about attacks while quoting one is not held on a
    classifier's word (a model cannot tell a quoted "ignore previous instructions" in a security
    note from the real thing; the rules already weigh such a quote as a mention). Score: the
    maximum of the evidence that decided; reasons: all stages', rules first.

    `alone_at` (0.85) is above the n-gram classifier's own thresholds because a team's plain
    facts that name credentials ("the image bucket is read with access key ...", from the sample
    week) scored 0.71-0.81 with hashlr/1 and a person would have to release every one of them.
    The stage-2 numbers of `get_cascade_detector()` (gate 0.2, alone 0.85, person 0.9, mean 0.6,
    veto 0) were chosen on held-out v5 (tuning data since issue 15's fourth round) with a head
    trained without v5 (`scripts/hold_tune_cascade.py`), never on v6; see memeval/hold/README.md.
    """

    def __init__(
        self,
        rules: HoldDetector,
        classifier: HoldDetector,
        alone_at: float = 0.85,
        encoder: HoldDetector | None = None,
        encoder_alone_at: float = 0.9,
        mean_at: float = 0.55,
        gate_at: float = 0.0,
        encoder_person_at: float | None = None,
        veto_below: float = 0.0,
        corroborated_at: float | None = None,
        corroborated_person_at: float | None = None,
        views: bool = False,
    ) -> None:
        self.rules, self.classifier, self.alone_at = rules, classifier, alone_at
        self.corroborated_at = corroborated_at
        self.corroborated_person_at = corroborated_at if corroborated_person_at is None else corroborated_person_at
        self.encoder, self.encoder_alone_at, self.mean_at = encoder, encoder_alone_at, mean_at
        self.gate_at, self.veto_below = gate_at, veto_below
        self.encoder_person_at = encoder_alone_at if encoder_person_at is None else encoder_person_at
        self.views = views
        self.name = (
            f"{rules.name}+{classifier.name}"
            + (f"+{VIEWS_NAME}" if views else "")
            + (f"+{encoder.name}" if encoder is not None else "")
        )

    def _stage1(
        self, text: str, source: Source
    ) -> tuple[HoldAssessment, HoldAssessment, bool, float, tuple[HoldReason, ...], bool | None]:
        """Stage 1 on one reading: (rules', classifier's, held, score, reasons, mention or None)."""
        r = self.rules.assess(text, source)
        c = self.classifier.assess(text, source)
        backed = False
        mention: bool | None = None
        corroborate_at = self.corroborated_person_at if source == "person" else self.corroborated_at
        corroborated = r.score > 0 and (c.held if corroborate_at is None else c.score >= corroborate_at)
        if (c.held or corroborated) and not r.held:  # only then does it matter (normalising again costs)
            flat = normalize(text).text
            mention = (
                _ABOUT_ATTACKS.search(flat) is not None
                and (QUOTED.search(flat) is not None or ABOUT_FRAME.search(flat) is not None)
            ) or DESCRIBES.search(flat) is not None  # rules/13: a catalogue, report or remediation frame
            version = getattr(self.rules, "version", 14)
            catalogues = ((14, DESCRIBES14), (17, DESCRIBES17), (18, DESCRIBES18), (19, DESCRIBES19), (25, CATALOGUE25))
            for at, pattern in catalogues:  # a model did; catalogues, descriptions of attacks
                mention = mention or (version >= at and pattern.search(flat) is not None)
            alone = c.held and c.score >= self.alone_at and _RUNBOOK.search(flat) is None and not prohibition_only(flat)
            backed = (corroborated or alone) and not mention
        score = max(r.score, c.score if (backed or not c.held) else 0.0)
        return r, c, r.held or backed, score, r.reasons + c.reasons, mention

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source` with the stages; see the class docstring."""
        r, c, held, score, reasons, mention = self._stage1(text, source)
        backed = held and not r.held  # held on the classifier's word (the encoder may veto that)
        if not held and self.views:
            from memeval.hold._views import decoded_views

            for view in decoded_views(text):
                vr, vc, view_held, view_score, _, view_mention = self._stage1(view.text, source)
                if view.kind in ENCODED_VIEWS and not view_mention:
                    # someone encoded it: weak evidence that the decoded text is an order suffices
                    # (a rule match of ENCODED_RULES_AT, or the classifier at half its threshold,
                    # when it gives its reason, and ENCODED_GAIN above its score on the text as
                    # sent: the decoding revealed what the encoding hid)
                    weak = vr.score >= ENCODED_RULES_AT or (
                        any(x.rule == "classifier" for x in vc.reasons) and vc.score >= c.score + ENCODED_GAIN
                    )
                    view_held, view_score = view_held or weak, max(view_score, vr.score, vc.score)
                if view_held:
                    held, score = True, max(score, view_score)
                    shown = excerpt(text[view.start : view.end])
                    reasons += (HoldReason(rule=f"hidden-{view.kind}", start=view.start, end=view.end, excerpt=shown),)
                    break
        # stage 2 reads only what stage 1 is unsure of: not held by the rules, and some rule
        # matched, or the n-gram classifier gave at least `gate_at`, or the text is not ASCII (the
        # n-grams learnt mostly English; the encoder reads 16 languages)
        unsure = not r.held and (r.score > 0 or c.score >= self.gate_at or not text.isascii())
        if self.encoder is not None and unsure:
            if mention is None:
                flat = normalize(text).text
                mention = _ABOUT_ATTACKS.search(flat) is not None and QUOTED.search(flat) is not None
            if not mention:
                e = self.encoder.assess(text, source)
                reasons += e.reasons
                alone_at = self.encoder_person_at if source == "person" else self.encoder_alone_at
                if backed and e.score < self.veto_below:
                    held, score = False, e.score  # the encoder reads no order where the n-grams saw one
                elif e.score >= alone_at or (e.score + c.score) / 2 >= self.mean_at:
                    held, score = True, max(score, e.score, (e.score + c.score) / 2)
        return HoldAssessment(held=held, score=round(min(score, 1.0), 4), reasons=reasons, detector=self.name)


_LOCK = threading.Lock()
_DEFAULT: HoldDetector | None = None


CASCADE = {"gate_at": 0.2, "encoder_alone_at": 0.85, "encoder_person_at": 0.9, "mean_at": 0.6, "veto_below": 0.0}
"""Stage-2 numbers chosen on held-out v5 (`scripts/hold_tune_cascade.py`) with `hashlr-2`, never on v6;
kept for the default's stage 1 and uselr/2, with which they were cross-validated by set (round 14)."""

ENCODED_VIEWS = frozenset({"tags", "base64", "hex", "binary", "selectors", "rot13", "reversed", "leet"})
"""Views that undo an encoding (not hidden HTML, which is common in benign pages: TODO comments)."""
ENCODED_RULES_AT = 0.3
"""Rules' score on an encoded view's decoded text that holds it (a single weak rule suffices)."""
ENCODED_GAIN = 0.15
"""How much higher the classifier must score the decoded text than the text as sent to hold it on its word."""

VIEWS_NAME = "views/2"
"""Name of the decoded-views stage (`_views.decoded_views`) in a detector's name."""

CASCADE_CLASSIFIER = "hashlr-10"
"""The n-gram model of the opt-in cascade's stage 1: the default's (`hashlr-2` until issue 15's round 14)."""
CASCADE_HEAD = "uselr-2"
"""The cascade's encoder head (`usemlp-1` until issue 15's round 14; see memeval/hold/README.md, uselr/2)."""


def get_cascade_detector() -> HoldDetector:
    """The default's stage 1 (current rules, `hashlr/10`, `views/2`) + the encoder stage `uselr/2`, numbers `CASCADE`.

    Named `rules/20+hashlr/10+views/2+uselr/2` (`RuleDetector()`; the default reads rules/22 and hashlr-14: the
    cascade's numbers were cross-validated with hashlr-10). By set over v4-v15 with rules/12 in front
    (`bench/hold_cv_uselr2.py`): 1992/2426 orders at precision 0.879, against 1747 at 0.900 for the previous
    cascade (rules/12 + hashlr/2 + usemlp/1); unseen v17 185/225 at 0.801. Loads the encoder on first use
    (about 2 s of CPU, 150 MB). Figures: memeval/hold/README.md.

    Raises:
        UsageError: the classifier's `combination` is not numbers by name.
    """
    from memeval.hold._classifier import get_hold_classifier
    from memeval.hold._encoder import EncoderClassifier, EncoderModel

    clf = get_hold_classifier(CASCADE_CLASSIFIER)
    numbers = clf.model.meta.get("combination", {})
    if not isinstance(numbers, dict) or not all(isinstance(v, float) for v in numbers.values()):
        raise UsageError(f"{clf.model.name}.json: combination is {numbers!r}, not numbers by name")
    return RulesWithClassifier(
        RuleDetector(),
        clf,
        views=True,
        encoder=EncoderClassifier(EncoderModel.load(CASCADE_HEAD)),
        gate_at=CASCADE["gate_at"],
        encoder_alone_at=CASCADE["encoder_alone_at"],
        encoder_person_at=CASCADE["encoder_person_at"],
        mean_at=CASCADE["mean_at"],
        veto_below=CASCADE["veto_below"],
        **numbers,
    )


def get_hold_detector() -> HoldDetector:
    """The default detector, built once per process: round 37's gated stages over `rules/25+hashlr/14+views/2`.

    `rules/25+hashlr/14+views/2+stack/51` since round 52 (`_stacked51`: the release kept for an order); `...+stack/44`
    in rounds 44-51 (`_stacked44`, built by name: the release not lifting a text whose words of description only label a
    part or stand in an address); `...+stack/43` in round 43 (`_stacked43`: round 42's stages refitted on v4-v42, a hold
    of a text writing about something lifted under 0.6, rules/25's included, an add cut per source); `...+stack/42` in
    round 42 (`_stacked42`: the concept stage reading acts, frames, checks and quoted order words); `...+stack/38` in
    rounds 38-41 (`_stacked38`: a concept stage reading acts with a negation scope); `...+stack/37` in round 37
    (`_stacked37`: round 34's stage, and a gated stage reading round 36's concepts that may add a hold); `...+stack/34`
    from round 34 to 36 (`_stacked.get_stacked34_detector`: a fitted stage over the detector below and `hashlr-16`).
    Under it, `RulesWithClassifier` with the decoded-views stage (`views/2`, `_views.decoded_views`) and without the
    encoder stage, with the numbers stored beside the classifier's weights (`hashlr-14.json`'s `combination`:
    `alone_at`, chosen out of fold with its thresholds by `bench/hold_cv_round21.py`). Rules/25 since round 32, 24
    since 31, 23 since 30, 22 since 29, 21 since 28 (round 22's default, and the stacked and cascade detectors', is
    `RuleDetector()`, rules/20); round 21's default is rules/19 with `hashlr-14`, round 20's rules/18 with `hashlr-13`.
    The gated encoder stage (`get_cascade_detector()`) costs 2-3x the CPU on the sample week's texts
    (issue 17 wants 5,000 events/s), so it is opt-in. Figures: `memeval/hold/README.md`.

    Raises:
        UsageError: the model record's `combination` is not numbers by name, or a model file is missing.
    """
    global _DEFAULT
    if _DEFAULT is None:
        with _LOCK:
            if _DEFAULT is None:
                from memeval.hold._stacked51 import get_stacked51_detector

                _DEFAULT = get_stacked51_detector()
                _derived.keep()  # any piece the stacked stage's tables worked out
    return _DEFAULT
