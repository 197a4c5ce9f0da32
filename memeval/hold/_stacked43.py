"""Round 43's default stage: round 42's, with a release where the concept stage reads low and an add cut per source.

`Stacked43Detector` is `Stacked42Detector` (round 34's stage decides; a text the default lets through that `stack-34`
gives at least the gate, 0.2, but less than its add cut is judged by a concept stage reading `_concepts42.vector42`,
which may add a hold) with two changes, both chosen out of fold by `bench/hold_cv_round43.py` over v4-v42:

- **Release.** A hold of round 34's stage, rules/25's as sent included but not one made through hidden markup (a
  decoded view, `hidden-*`), of a text that writes about something (`writes_about`: a quotation, code or words of
  description) and that the rules did not read only after normalising it (`OBSCURED`) is lifted when the concept
  stage gives the text less than `release_below`. This is
  the lever round 42 found for paragraphs of security guides and post-mortems that quote an attack: rules/25 fires
  on the quoted words, while the concept stage reads them as quoted, not said (`_concepts42.read_quotes`).
- **An add cut per source.** A person's own words are held from `add_person`, text an agent read or relayed
  (agent, tool, web, email, document) from `add`.

Weights, gate and cuts: `stack-43.json`, fitted by `scripts/hold_train_round43.py` on every row of v4-v42 and the
benign rows written for rounds 34 and 37 (memeval/hold/README.md, round 43).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import ClassVar, Self, cast

from memeval.errors import UsageError
from memeval.hold._concepts import concepts
from memeval.hold._concepts42 import read_quotes
from memeval.hold._models import HoldAssessment, Source
from memeval.hold._stacked import MODEL_DIR, Stack34Model
from memeval.hold._stacked37 import gated_on_round34
from memeval.hold._stacked42 import Stack42Model, Stacked42Detector

ABOUT = ("quoted42", "describe_outside42", "concept_describe")
"""`vector42`'s readings of a text that writes about something: a prose quotation or code of two words or more, or
words of description (outside the quotes, or anywhere). Only such a text's hold may be released."""
OBSCURED = frozenset({"invisible-characters", "homoglyphs", "letter-spacing", "encoded-instructions"})
"""The default's reasons that say the rules read the text only after normalising it (invisible characters dropped,
homoglyphs folded, letters joined, a Base64 blob decoded): such a hold is never released, since the concept stage
reads the raw text."""


def writes_about(text: str) -> bool:
    """Whether `text` writes about something (`ABOUT`): the texts whose holds the release may lift.

    The same as `vector42(text)`'s `ABOUT` numbers (one of them above 0), read without the rest of `vector42`: a
    quotation or code (`read_quotes`), or the `describe` concept outside them or anywhere (`concepts`). A text the
    concept stage cannot read (an order under combining marks, letter-spaced, in a script its word lists lack) reads
    as none of these, so its hold stands however low the stage scores it.
    """
    q = read_quotes(text)
    return q.quoted or q.describe_outside or "describe" in concepts(text)


class Stack43Model(Stack42Model):
    """Round 43's fitted concept stage (`stack-43.json`): `Stack42Model`'s inputs, and two more cuts in its record.

    `release_below` (`meta["release_below"]`, a probability in [0, 1]; 0 releases nothing): a hold of round 34's stage
    not made through hidden markup is lifted when this stage's probability is under it. `add_person`
    (`meta["add_person"]`): the add cut for `person` text; `add` stays the cut for every other source.
    """

    TRAIN: ClassVar[str] = "scripts/hold_train_round43.py"

    @classmethod
    def load(cls, name: str = "stack-43", folder: Path = MODEL_DIR) -> Self:
        """Read `folder/name.json` (the package's model folder by default) and check its two extra cuts.

        Raises:
            UsageError: the file is missing, its features do not match, or a cut is not a probability in [0, 1].
        """
        model = super().load(name, folder)
        for key in ("release_below", "add_person"):
            v = model.meta.get(key)
            if not isinstance(v, float | int) or not 0 <= float(v) <= 1.01:
                raise UsageError(f"{name}.json: {key} is {v!r}, not a probability; train it again with {cls.TRAIN}")
        return model

    @property
    def release_below(self) -> float:
        """The concept stage's probability under which a releasable hold is lifted (0: none is)."""
        return float(self.meta["release_below"])

    @property
    def add_person(self) -> float:
        """The add cut for a person's own words (`add` is every other source's)."""
        return float(self.meta["add_person"])


class Stacked43Detector(Stacked42Detector):
    """`Stacked42Detector` with round 43's release and per-source add cut (see the module docstring).

    Verdict: with p34 round 34's stage's probability and p the concept stage's (`model`), a text rules/25 holds as
    sent, or round 34's stage holds (the default held it and p34 >= its release, or it did not and p34 >= its add),
    stays held unless the default named a decoded view (`hidden-*`, never lifted), or the text writes about
    something (`writes_about`), the default named no reason of `OBSCURED` and p < `release_below` (lifted, score
    p). A text the default lets through with `gate` <= p34 < round 34's add cut is held when p reaches `add_person`
    (source `person`) or `add` (any other source). Every other text is let through with score p34.

    Args:
        rules, classifier, refit, make_base, gate_model, gate: as `Stacked37Detector`'s.
        model: the concept stage (`stack-43`).

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add`.
    """

    STAGE: ClassVar[str] = "stack/43"

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`; see the class docstring.

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        base, r, c, view, standing = self._standing(text, source)
        m = cast(Stack43Model, self.model37)  # built so by `get_stacked43_detector`
        if standing is not None and not self._releasable(text, base, view, m):
            return standing  # checked before the classifiers run: most standing holds are never releasable
        fired = [x.rule for x in r.reasons]
        refit_p = self.refit.score(text)[0]
        m34: Stack34Model = self.model34
        p34 = m34.probability_of(source, base.held, view, r.score, r.held, fired, c.score, refit_p)
        if standing is not None or p34 >= (m34.release if base.held else m34.add):
            if standing is None and not self._releasable(text, base, view, m):
                return self._decided(text, base, True, p34)
            p = m.probability_of(text, source, base.held, view, r.score, r.held, fired, c.score, refit_p)
            if p >= m.release_below or self._keeps(text, source):
                return standing or self._decided(text, base, True, p34)
            return self._decided(text, base, False, p)
        if not base.held and self._asks(text, p34):
            p = m.probability_of(text, source, base.held, view, r.score, r.held, fired, c.score, refit_p)
            return self._decided(text, base, p >= (m.add_person if source == "person" else m.add), p)
        return self._decided(text, base, False, p34)

    def _asks(self, text: str, p34: float) -> bool:
        """Whether the concept stage judges `text`, which the default lets through with `p34` under round 34's add cut.

        From `gate` on (round 48's candidate also asks a framed risky step, `_stacked48`).
        """
        return p34 >= self.gate

    @staticmethod
    def _keeps(text: str, source: Source) -> bool:
        """Whether a hold the release would lift stays (asked only then): never here.

        Round 51's detector (the default since round 52) keeps it when a sentence of the text is itself an order
        (`_stacked51`).
        """
        return False

    @staticmethod
    def _releasable(text: str, base: HoldAssessment, view: bool, m: Stack43Model) -> bool:
        """Whether a hold of `text` may be lifted at all (`m`'s release cut above 0, see below).

        The default named no decoded view and no reason of `OBSCURED`, and the text writes about something
        (`writes_about`).
        """
        return (m.release_below > 0 and not view and not OBSCURED & {x.rule for x in base.reasons}
                and writes_about(text))  # fmt: skip


_LOCK = threading.Lock()
_STACKED43: list[Stacked43Detector] = []


def get_stacked43_detector() -> Stacked43Detector:
    """Round 43's detector (`rules/25+hashlr/14+views/2+stack/43`), built once.

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate or cuts are out of range.
    """
    if not _STACKED43:
        with _LOCK:
            if not _STACKED43:
                _STACKED43.append(gated_on_round34(Stacked43Detector, Stack43Model, "stack-43", "round43"))
    return _STACKED43[0]
