"""Two credential shapes stored raw even when not cut, now covered by the scanners' own rule data (redact34, issue 15).

`python bench/redact_cut_halves.py --missed` lists the credential values the cut bench reads that the uncut text
keeps raw (223 on main, 177 of them rows their corpora label as not secrets). Two of the counted ones were real
shapes that the maintained scanners' rules cover but memeval's copy of the rules did not:

- a Salesforce access token (`00` + a 15-character organization id's last 13 + `!` + 96 characters;
  noseyparker's `np.salesforce.1`): left out of `rules/noseyparker.toml` because its pattern holds no literal of 3+
  characters; now kept with a screen (`scripts/redact_rules_noseyparker.py`, `SCREENS`);
- a Cloudflare Origin CA key (`v1.0-` + hex, after `X-Auth-User-Service-Key` or `cloudflare`; kingfisher's
  `kingfisher.cloudflare.2`): upstream's entropy floor (4.5 bits a character) is above what hex reaches (4), so
  the rule refused every key, its own examples too; now 3.0 (`scripts/redact_rules_kingfisher.py`, `ENTROPY`).

The examples are the scanners' own (in the fresh corpora, `../fixtures/redact_fresh*/`); a property test writes
random keys of each shape into the corpus test's contexts. Look-alikes of each shape stay as written.
"""

from __future__ import annotations

import base64
import json
import random
import string
from pathlib import Path

import pytest
from corpus_contexts import CONTEXTS, contexts_named, leaked
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import get_redactor

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FEW = contexts_named("plain", "period-after", "parens", "json-object", "yaml-block", "shell-line", "cjk-around")
ALNUM = string.ascii_letters + string.digits


def _fresh_row(corpus: str, label: str) -> tuple[str, str]:
    """(text, first secret) of the fresh corpus row `label` in `redact_<corpus>/<corpus>.jsonl`."""
    for line in (FIXTURES / f"redact_{corpus}" / f"{corpus}.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["label"] == label:
            return base64.b64decode(d["text"]).decode("utf-8"), base64.b64decode(d["secrets"][0]).decode("utf-8")
    raise LookupError(f"no row {label!r} in {corpus}.jsonl: the fresh corpus was rebuilt; pick the row again")


ROWS = [_fresh_row("fresh2", "np.salesforce.1#0"), _fresh_row("fresh", "kingfisher.cloudflare.2")]
"""noseyparker's first Salesforce example and kingfisher's first Cloudflare CA key example, as the corpora hold them."""


def _salesforce(pick: random.Random) -> str:
    return "00D" + "".join(pick.choices(ALNUM, k=12)) + "!" + "".join(pick.choices(ALNUM + "._", k=96))


def _cloudflare(pick: random.Random) -> str:
    return "v1.0-" + "-".join("".join(pick.choices("0123456789abcdef", k=n)) for n in (64, 128, 64))


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
@pytest.mark.parametrize("row", ROWS, ids=["salesforce", "cloudflare-ca"])
def test_the_scanners_own_examples_are_blanked(row: tuple[str, str], ctx) -> None:  # noqa: ANN001 - (name, wrap)
    """The example each upstream rule lists is blanked in each context (both were stored raw on main)."""
    text, secret = row
    wrapped, form = ctx[1](text)
    out = get_redactor().redact_many([wrapped])[0].text
    assert not leaked(form(secret), out), out[:200]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), ctx=st.sampled_from(CONTEXTS), lead=st.sampled_from(["", "token ", "sf: "]))
def test_random_keys_of_both_shapes_are_blanked_in_any_context(seed: int, ctx, lead: str) -> None:  # noqa: ANN001
    """A random Salesforce token (alone or after a word) and a random CA key after its header, in one of the corpus
    test's 46 contexts: neither is left raw (no 12-character piece of it)."""
    pick = random.Random(seed)
    token, key = _salesforce(pick), _cloudflare(pick)
    texts = [f"{lead}{token}", f"X-Auth-User-Service-Key: {key}", f"cloudflare_service_key = {key}"]
    wrapped = [ctx[1](t) for t in texts]
    outs = get_redactor().redact_many([w for w, _ in wrapped])
    for (_w, form), secret, out in zip(wrapped, [token, key, key], outs, strict=True):
        assert not leaked(form(secret), out.text), (ctx[0], out.text[:200])


KEPT = [
    "Org id 00D5fORGIDEXAMPLE and the sandbox 00D000000000001!",  # an org id alone, with a bang
    "00DE0X0A0M0PeLE!" + "ab" * 48,  # the shape with a made-up body (entropy 1 bit a character)
    "cloudflared v1.0-2024.1.5 released; cloudflare notes v1.0-beta",  # versions after the provider's name
    "cloudflare origin key v1.0-" + "0" * 64 + "-" + "1" * 128 + "-" + "0" * 64,  # a filled-in mask
    "checksum 00a1b2c3d4e5f6a7b! then " + "a1b2" * 24,  # a bang and a long run apart
]


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_look_alikes_of_both_shapes_are_kept(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    """Org ids, made-up bodies and version strings near the provider's name stay as written (no finding)."""
    outs = get_redactor().redact_many([ctx[1](t)[0] for t in KEPT])
    assert [(t[:40], o.findings) for t, o in zip(KEPT, outs, strict=True) if o.findings] == []
