"""titus' secret rules whose own examples memeval stored raw, as rule data (redact36, tenth fresh check).

`rules/titus.toml` is written by `scripts/redact_rules_titus.py` from praetorian-inc/titus (Apache-2.0): a rule is
taken when memeval without the file leaves one of its examples' secrets raw. The tenth fresh corpus
(`tests/fixtures/redact_fresh10/fresh10.jsonl`, out of sample: main stored 60 of its 327 titus examples raw in at
least one of the 46 contexts) holds those examples: each is blanked here in any context hypothesis picks, and the
rules' own negative examples (what titus' authors say they must not report) get no finding from them.
"""

from __future__ import annotations

import base64
import json
import re
import tomllib
from pathlib import Path

import pytest
from corpus_contexts import CONTEXTS, leaked
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import get_redactor
from memeval.redact._values import placeholder_value

ROOT = Path(__file__).resolve().parents[2]
TITUS = ROOT / "memeval" / "redact" / "rules" / "titus.toml"
FRESH10 = ROOT / "tests" / "fixtures" / "redact_fresh10" / "fresh10.jsonl"
RULES = tomllib.loads(TITUS.read_text(encoding="utf-8"))["rule"]


def _rule_id(label: str) -> str:
    """The rule id `scripts/redact_rules_titus.py` gives the titus rule of a corpus label (`kingfisher.x.1#0`)."""
    return "titus-" + re.sub(r"[^a-z0-9]+", "-", label.split("#")[0].lower()).strip("-")


def _rows(sub: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """(label, text, secrets) of the tenth corpus's rows of subgroup `sub` whose rule is in `rules/titus.toml`."""
    taken = {r["id"] for r in RULES}
    out = []
    for line in FRESH10.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["sub"] == sub and _rule_id(d["label"]) in taken:
            dec = [base64.b64decode(s).decode() for s in d["secrets"]]
            out.append((d["label"], base64.b64decode(d["text"]).decode(), tuple(dec)))
    return out


POSITIVES = [r for r in _rows("titus") if not any(placeholder_value(s) or s.startswith("Example") for s in r[2])]
"""The taken rules' examples, but a placeholder memeval keeps everywhere (`<Pass>ExamplePas123</Pass>`)."""
NEGATIVES = _rows("titus-negative")


def test_every_rule_names_its_titus_rule_and_has_examples_here() -> None:
    assert len(RULES) >= 30, len(RULES)  # noqa: PLR2004
    for r in RULES:
        assert r["source"].startswith("github:praetorian-inc/titus@369d8dc4359a:pkg/rule/rules/"), r["id"]
        assert "(Apache-2.0); memeval missed" in r["source"], r["id"]
    assert len(POSITIVES) >= 40, len(POSITIVES)  # noqa: PLR2004
    # every row's rule is taken; three taken rules' missed examples sit in earlier corpora (noseyparker's, read by
    # the second check), which the tenth builder does not take again
    assert {_rule_id(label) for label, _t, _s in _rows("titus")} <= {r["id"] for r in RULES}


def test_the_examples_are_blanked_as_written() -> None:
    """On main several are stored raw as written (the rule file does not exist there)."""
    outs = get_redactor().redact_many([t for _l, t, _s in POSITIVES])
    left = [(label, s) for (label, _t, secrets), out in zip(POSITIVES, outs, strict=True) for s in secrets
            if leaked(s, out.text)]  # fmt: skip
    assert left == [], left


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(row=st.sampled_from(POSITIVES), ctx=st.sampled_from(CONTEXTS))
def test_an_example_is_blanked_in_any_context(row: tuple[str, str, tuple[str, ...]], ctx: tuple[str, object]) -> None:
    label, text, secrets = row
    name, wrap = ctx
    wrapped, form = wrap(text)  # type: ignore[operator]  # CONTEXTS entries are typed loosely
    out = get_redactor().redact(wrapped).text
    assert not [s for s in secrets if leaked(form(s), out)], (label, name, wrapped, out)


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("<Pass>superS3cret!</Pass>", "<Pass>[REDACTED:FILEZILLA_SECRET]</Pass>"),
        ("<Server><Pass>Kx7#mQ2vLp9.</Pass></Server>", "<Server><Pass>[REDACTED:FILEZILLA_SECRET]</Pass></Server>"),
    ],
)
def test_a_value_the_rule_closes_keeps_its_last_mark(text: str, out: str) -> None:
    """A `!` or `.` inside `<Pass>...</Pass>` is the password's: left in clear before redact42."""
    assert get_redactor().redact(text).text == out


def test_the_rules_own_negative_examples_get_no_finding_from_them() -> None:
    names = ("plain", "period-after", "json-object", "md-bold", "cjk-around", "shell-line")
    ctxs = [c for c in CONTEXTS if c[0] in names]
    texts = [wrap(t)[0] for _n, wrap in ctxs for _l, t, _s in NEGATIVES]  # type: ignore[operator]
    hits = [(t[:60], f.detector) for t, out in zip(texts, get_redactor().redact_many(texts), strict=True)
            for f in out.findings if f.detector.startswith("memeval:titus-")]  # fmt: skip
    assert NEGATIVES and hits == [], hits[:10]
