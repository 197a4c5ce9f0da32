"""Credentials the tenth fresh corpus still found stored raw after redact36 (issue 15, redact37).

- Code names: gosec's G101 and bandit's B105 samples assign a literal to a name holding a credential word that
  memeval's `config-assignment` does not read (`cred`, `bearer`, `my_secret_password_for_email`): now
  `rules/code_names.toml` (`scripts/redact_rules_code_names.py`, both tools' words as a whole part of a name).
- A provider key after `name: ` inside brackets or before `!`: the boundary view made the `:` a space, so the
  rule's assignment was gone there and the as-written reading had the bracket glued to the key
  (`(deepgram-api: 6c8b...)`).
- A key that names itself but whose titus rule is reported only beside a partner (Riot's `RGAPI-`).
"""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path

from corpus_contexts import CONTEXTS, leaked
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from memeval.redact import get_redactor
from memeval.redact._context import _entropy
from memeval.redact._views import boundary_view

ROOT = Path(__file__).resolve().parents[2]
RULE_FILE = ROOT / "memeval" / "redact" / "rules" / "code_names.toml"
FRESH10 = ROOT / "tests" / "fixtures" / "redact_fresh10" / "fresh10.jsonl"
FRESH = ROOT / "tests" / "fixtures" / "redact_fresh" / "fresh.jsonl"

GOSEC_LINE = (
    "pattern := `(?i)passwd|pass|password|pwd|secret|token|pw|apiKey|bearer|cred`\n"
    "perCharThreshold := 3.0\nminEntropyLength := 8\n"
)
"""The lines `redact_rules_code_names.gosec_words` reads (gosec@45b083a0cb42 rules/hardcoded_credentials.go)."""
BANDIT_LINE = 'RE_WORDS = "(pas+wo?r?d|pass(phrase)?|pwd|token|secrete?)"\n'
"""The line `redact_rules_code_names.bandit_words` reads (PyCQA/bandit@920805426889 general_hardcoded_password.py)."""


def _rows(path: Path, subs: set[str], labels: set[str] | None = None) -> list[tuple[str, str, tuple[str, ...]]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d.get("sub", d["group"]) in subs and (labels is None or d["label"] in labels):
            secrets = tuple(base64.b64decode(s).decode() for s in d["secrets"])
            out.append((d["label"], base64.b64decode(d["text"]).decode(), secrets))
    return out


CODE_ROWS = _rows(FRESH10, {"gosec", "bandit"})
"""Every counted gosec and bandit sample of the tenth corpus (27 + 2; 5 were stored raw in all 46 contexts on main)."""
COLON_ROWS = _rows(FRESH10, {"titus"}, {"kingfisher.deepgram.1#1"}) + _rows(FRESH, {"gitleaks"}, {"sidekiq-secret"})
RIOT_ROWS = _rows(FRESH10, {"titus-partner"}, {"kingfisher.riot.2#0", "kingfisher.clickhouse.1#0"})
"""Keys titus reports only beside a partner: Riot's `RGAPI-` (redact37), ClickHouse's `4b1d` + 38 (redact42)."""


def _misses(rows: list[tuple[str, str, tuple[str, ...]]]) -> list[tuple[str, str]]:
    """(label, context) of every row whose secret is left in some context (all 46, in batches as ingest)."""
    red = get_redactor()
    out = []
    for name, wrap in CONTEXTS:
        wrapped = [wrap(t) for _l, t, _s in rows]  # type: ignore[operator]  # CONTEXTS entries are typed loosely
        results = red.redact_many([w for w, _f in wrapped])
        for (label, _t, secrets), (_w, form), res in zip(rows, wrapped, results, strict=True):
            if any(leaked(form(s), res.text) for s in secrets):
                out.append((label, name))
    return out


def test_gosec_and_bandit_samples_are_blanked_in_every_context() -> None:
    """On main g101#16, #17, #20, #21 and b105#13 are stored raw in all 46 contexts."""
    assert len(CODE_ROWS) == 29, len(CODE_ROWS)  # noqa: PLR2004
    assert _misses(CODE_ROWS) == []


def test_a_provider_key_after_a_name_and_colon_is_blanked_in_every_context() -> None:
    """On main the Deepgram example is raw in 17 contexts (brackets, `!`, `<p>`...) and sidekiq's in 18."""
    assert len(COLON_ROWS) >= 2  # noqa: PLR2004
    assert _misses(COLON_ROWS) == []


def test_a_self_named_partner_key_is_blanked_alone_in_every_context() -> None:
    """titus reports `RGAPI-` keys only beside a platform host, ClickHouse's only beside its key id; the prefix names
    the key alone (Riot's raw before redact37; ClickHouse's raw in 38 of the 46 contexts before redact42)."""
    assert len(RIOT_ROWS) == 2  # noqa: PLR2004
    assert _misses(RIOT_ROWS) == []


def test_the_colon_still_ends_a_key_before_a_short_word() -> None:
    """`<key>: rotated` keeps its boundary; the colon stays only between a name and a 16+ character value."""
    assert boundary_view("ghp_abcdefghijklmnop: rotated").text == "ghp_abcdefghijklmnop  rotated"
    assert boundary_view("x7Qz9abcdefghij1: abcdefghijklmnopqrstu").text.startswith("x7Qz9abcdefghij1  ")
    assert boundary_view("(deepgram-api: 6c8ba06cb14a32d5089486)").text == " deepgram-api: 6c8ba06cb14a32d5089486 "


NAME_TEMPLATES = (
    '{name} = "{value}"',
    "{name} = '{value}'",
    '{name} := "{value}"',
    'const {name} = "{value}";',
    'if {name} == "{value}" {{',
    '"{name}": "{value}",',
    '{name}: "{value}"',
    "self.{name} = '{value}'",
)
NAMES = ("cred", "dbCred", "bearer", "apiKey", "PW", "my_secret_password_for_email", "smtpPass", "token_2", "SECRET")
_VALUE = st.text(alphabet="ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789", min_size=10, max_size=40)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(NAMES),
    tpl=st.sampled_from(NAME_TEMPLATES),
    value=_VALUE.filter(
        lambda v: re.search(r"\d", v) and re.search(r"[a-z]", v) and re.search(r"[A-Z]", v) and _entropy(v) >= 3.2  # noqa: PLR2004
    ),
    sym=st.sampled_from(("", "!", "$", "#", "?")),
    ctx=st.sampled_from(CONTEXTS),
)
def test_any_generated_literal_of_a_credential_name_is_blanked(
    name: str, tpl: str, value: str, sym: str, ctx: tuple[str, object]
) -> None:
    """A literal of 3.2+ bits a character (over gosec's 3.0 floor) with a digit and both cases, in any context.

    Where the word does not end the name (`my_secret_password_for_email`) the literal also holds a symbol (or four
    case switches, which the draw does not aim at): `code_secret`'s rule.
    """
    assume(sym or name != "my_secret_password_for_email")
    secret = value[:5] + sym + value[5:]
    text = tpl.format(name=name, value=secret)
    cname, wrap = ctx
    wrapped, form = wrap(text)  # type: ignore[operator]
    out = get_redactor().redact(wrapped).text
    assert not leaked(form(secret), out, piece=8), (cname, wrapped, out)


SETTINGS = (
    'password_hash = "pbkdf2_sha256"',
    'token_url = "https://oauth2.googleapis.com/token"',
    'tokenizer = "bert-base-uncased"',
    'incredible = "Xy7pQ2mZ9kLw"',
    'compass_heading = "N45E-Tx9Q"',
    'password_field = "user_password"',
    'secret_name = "prod/db/password"',
    'pass_through = "X-Forwarded-For"',
    'credits = "a8Fk2mQz9P"',
    'cred_path = "~/.aws/credentials2"',
    'password_min_length = "12345678"',
    'pw_version = "v1.2.3-rc4"',
    'token_header = "X-Auth-Token-2"',
    'api_key = "YOUR_API_KEY_HERE"',
    'bearer = "Bearer ${TOKEN}"',
    'tokenType := "access_token"',
    "checks = {'NPM tokens': 'CKV_SECRET_12'}",  # checkov's test: a quoted key is the whole string, not a name
)


def test_code_settings_named_like_credentials_are_left_alone() -> None:
    """Names holding a word (`tokenizer`, `incredible`) or values that are settings: no finding from the new rule."""
    texts = [wrap(t)[0] for _n, wrap in CONTEXTS for t in SETTINGS]  # type: ignore[operator]
    hits = [(t[:70], f.detector) for t, out in zip(texts, get_redactor().redact_many(texts), strict=True)
            for f in out.findings if f.detector.startswith("memeval:code-credential-name")]  # fmt: skip
    assert hits == [], hits[:10]


def test_the_rule_file_is_the_scripts_output() -> None:
    """`rules/code_names.toml` is what the script renders from gosec's and bandit's words and the commits it names."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from redact_rules_code_names import bandit_words, gosec_words, render, words

    text = RULE_FILE.read_text(encoding="utf-8")
    commits = dict(re.findall(r"(securego/gosec|PyCQA/bandit)@([0-9a-f]{40})", text))
    g_words, per_char, min_length = gosec_words(GOSEC_LINE)
    alternatives = words(g_words, bandit_words(BANDIT_LINE))
    pinned = {"gosec": commits["securego/gosec"], "bandit": commits["PyCQA/bandit"]}
    assert render(alternatives, per_char, min_length, pinned) == text
