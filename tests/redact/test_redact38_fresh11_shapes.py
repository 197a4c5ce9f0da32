"""Credentials the eleventh fresh corpus (Checkmarx 2ms's rule tests) found stored raw on main (issue 15, redact38).

2ms writes each rule's secret into about 26 shapes of code and configuration. Three of them passed memeval:

- assignment operators `config-assignment` did not read: `::=` and `:::=` (Makefile, BNF), `?=` (Makefile's
  conditional), `.=` (PHP's append) and `||=` (Ruby): `discord_TOKEN ::= "6021..."` was raw in all 46 contexts,
  the same value after `=` or `:=` blanked (gitleaks' generic assignment takes `:{1,3}=`, `?=` and `||` too);
- a value in backticks (a Go raw string, a JavaScript template) cut into two string literals: the joined
  reading reads `` ClickHouseToken := `4b1d...` ``, which `config-assignment` read only quoted or bare;
- a credential-named XML element whose value sits on its own line inside a YAML block (`<bitbucketToken>`, a
  newline, the value indented, a newline, the closing tag): 14 items raw in that context (betterleaks' rules
  read the value after at most a few spaces; `xml-element-secret` read only spaces and tabs around it).
"""

from __future__ import annotations

import re
from pathlib import Path

from corpus_contexts import CONTEXTS, leaked
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_redact37_code_names import _misses, _rows

from memeval.redact import get_redactor
from memeval.redact._context import _entropy

ROOT = Path(__file__).resolve().parents[2]
FRESH11 = ROOT / "tests" / "fixtures" / "redact_fresh11" / "fresh11.jsonl"

MISSED = {
    "discord_client_secret#9",
    "discord_client_secret#21",
    "planet_scale_api_token#36",
    "clickhouse#51",
    "bitbucket_client_id#2",
    "bitbucket_client_secret#3",
    "bittrex_secret_key#23",
    "clickhouse#25",
    "contentful#22",
    "discord_client_id#8",
    "hubspot#4",
    "linkedin_client_id#13",
    "new_relic_user_api_id#8",
    "plaid_secret_key#21",
    "sendbird_access_id#9",
    "sendbird_access_token#16",
    "telegram#52",
    "twitter_api_key#2",
}
"""The counted items main stored raw in at least one context, but for the measure's own artefact (shippo#28,
whose escaped key name `shippo\\u005ftoken` holds the first 12 characters of the escaped secret) and sidekiq's
label the builder corrected."""


def test_the_items_main_missed_are_blanked_in_every_context() -> None:
    """On main 3 are raw in all 46 contexts, 14 in the YAML block, 1 cut into string literals."""
    rows = _rows(FRESH11, {"twoms"}, MISSED)
    assert {label for label, _t, _s in rows} == MISSED
    assert _misses(rows) == []


OPERATORS = ("::=", ":::=", "?=", ".=", "||=", " ::= ", " ?= ", " .= ")
NAMES = ("discord_TOKEN", "$planetScaleToken", "api_key", "DB_PASSWORD", "client_secret", "@auth_token")
QUOTES = ('"{v}"', "'{v}'", "`{v}`")
_VALUE = st.text(alphabet="ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789", min_size=16, max_size=40)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(NAMES),
    op=st.sampled_from(OPERATORS),
    quote=st.sampled_from(QUOTES),
    value=_VALUE.filter(lambda v: re.search(r"\d", v) is not None and _entropy(v) >= 3.2),  # noqa: PLR2004
    ctx=st.sampled_from(CONTEXTS),
)
def test_a_credential_name_assigned_by_any_operator_is_blanked(
    name: str, op: str, quote: str, value: str, ctx: tuple[str, object]
) -> None:
    """Any of the five operators, quoted three ways, in any of the 46 contexts (on main: raw in all)."""
    text = name + (op if op.startswith(" ") else " " + op + " ") + quote.format(v=value)
    cname, wrap = ctx
    wrapped, form = wrap(text)  # type: ignore[operator]
    out = get_redactor().redact(wrapped).text
    assert not leaked(form(value), out, piece=8), (cname, wrapped, out)


SETTINGS = (
    "token ?= $(shell cat .token)",
    "password ::= <your-password>",
    "PASSWORD ?= changeme",
    "$token .= $suffix;",
    "sort_key = `name`",
    "| `token` | `string` | required |",
    "api_key: `required`",
    "secret_name .= '_suffix'",
    "<apiToken>\n    ${API_TOKEN}\n</apiToken>",
    "<password>\n  <value>see vault</value>\n</password>",
)


def test_settings_with_the_new_operators_and_shapes_are_left_alone() -> None:
    """Placeholders, references and documentation tables in every context: no finding from the two rules."""
    texts = [wrap(t)[0] for _n, wrap in CONTEXTS for t in SETTINGS]  # type: ignore[operator]
    rules = ("memeval:config-assignment", "memeval:xml-element-secret")
    hits = [(t[:70], f.detector) for t, out in zip(texts, get_redactor().redact_many(texts), strict=True)
            for f in out.findings if f.detector.startswith(rules)]  # fmt: skip
    assert hits == [], hits[:10]


FRESH9 = ROOT / "tests" / "fixtures" / "redact_fresh9" / "fresh9.jsonl"


def test_an_aws_secret_right_after_its_key_id_is_blanked_in_every_context() -> None:
    """veles' `id:secret` pair and an id and secret on two lines (the ninth corpus): raw in 44 contexts on main."""
    rows = _rows(FRESH9, {"veles"}, {"awsaccesskey#6", "awsaccesskey#9"})
    assert len(rows) == 2  # noqa: PLR2004
    assert _misses(rows) == []


def test_a_git_sha_or_aws_example_after_a_key_id_is_not_read_as_its_secret() -> None:
    """A 40-character lower-case hex run (a commit) and AWS's documented example pair keep their text."""
    texts = [
        "AKIAQ7RT2MXW9LKP4VZS\n3f786850e387550fdab836ed7e6dc881de23001b",
        "AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ]
    for text, out in zip(texts, get_redactor().redact_many(texts), strict=True):
        assert [f for f in out.findings if f.detector == "memeval:aws-secret-after-key-id"] == [], text
