"""What a matched value is: a placeholder, a checksum that holds, a generated-looking string, a word.

The value checks the context rules name (`check` in `rules/*.toml`, read by
`_context.ContextRule.accepts`): `luhn`/`luhn12` (cards), `ssn`, `secretish` (a password or key
value, not a name, path or common word), `generated`, `jose`, `mixed-parts`; and `PLACEHOLDER`,
which no rule blanks (`<your-key>`, `${TOKEN}`, `xxxx`).
"""

from __future__ import annotations

import base64
import functools
import json
import re

PLACEHOLDER = re.compile(
    r"^(?:\$\{?[\w.\-]+\}?|\$\(.*\)|<[^>]*>|\{\{?[^}]*\}\}?|%\(?[\w]+\)?s?|%[\w]+%|(['\"]?)%env\([\w:.\-]+\)%\1|\*+|x{3,}|X{3,}"
    r"|\.\.\.+|…|#+|-+|_+|\?+|true|false|null|none|nil|yes|no|on|off|required|optional|empty"
    r"|changeme|change_me|your[_\-]?[^\W\d]*|my[_\-]?[^\W\d]*|example\w*|dummy\w*|placeholder\w*|redacted"
    r"|\[redacted[^\]]*\]|\[REDACTED:[A-Z_]+\]|password|passwd|secret|token|pass|pwd|env|"
    r"os\.environ.*|process\.env.*|getenv.*|vault:.*|ssm:.*|secretsmanager:.*|ref\+.*)$",
    re.IGNORECASE,
)
"""Values that only name where a secret would be ("${DB_PASSWORD}", "<token>", "****",
Symfony's `%env(DB_PASSWORD)%` and `%env(resolve:DB_URL)%` parameters: whispers' placeholder fixtures
label them compliant, the eighth check's key-word rule found them).

A value starting `my`/`your` names one when the rest is letters (`your_password_here`,
`YOUR_API_KEY`, `myPassword`, `mynewcreds`); with a digit it reads as chosen (`MySecretPass123`,
`mySecret2024`, `mycoin!1`), and `placeholder_value` also takes one followed by `!` as chosen."""

_NAMED_SLOT = re.compile(r"(?:your|my)[_\-]?[^\W\d]*", re.IGNORECASE)


_CODE_MARKS = frozenset("+.,;:()[]{}<>=/-|&!?'\"`_~")
"""Characters of code between or around literals (`" + "`, `"),("`, `<!--`): a value of only these is syntax."""


def symbols_chosen(value: str) -> bool:
    """Whether a value of symbols only reads as a chosen password (IBM detect-secrets' DB2 test `@#!%#`).

    That is: 4 or more characters, no whitespace, 3 or more distinct ones, and one outside `_CODE_MARKS`
    (`@ # $ % ^ *`); the syntax between two string literals (`" + "`) and markup (`<!--`) are not.
    """
    return (
        len(value) >= 4
        and not any(c.isspace() for c in value)
        and len(set(value)) >= 3
        and any(c not in _CODE_MARKS for c in value)
    )


def placeholder_value(value: str, after: str = "") -> bool:
    """Whether `value` only names where a secret would be, given the text `after` it.

    `PLACEHOLDER.match(value)`, except that a `my`/`your` value followed by `!` is a chosen
    password (`MySecureSecretPassword!`, GitHub's custom-pattern tests; `MySecretPass123!`,
    secretlint's): readers of a value strip a trailing `!` as sentence punctuation, but no
    placeholder of the owned or the seven fresh corpora is followed by one
    (`bench/redact_placeholders.py`).
    """
    if after.startswith("}") and _BRACED_NAME.fullmatch(value):
        return True  # `_authToken={NPM_TOKEN}`: a value read up to its `}` (redact45, fresh13)
    if not PLACEHOLDER.match(value):
        return False
    return not (after.startswith("!") and _NAMED_SLOT.fullmatch(value) is not None)


_BRACED_NAME = re.compile(r"\{\{?\s*[A-Za-z_][\w.\-]*\s*")
"""A template's name opened by `{` or `{{` (`{NPM_TOKEN`): the value a rule reads up to the `}` it stops before."""


PLACEHOLDER_PART = re.compile(
    r"\.\.\.|…|[xX*•]{4,}|<[^>]*>|^<|\$\{|\{\{|\$\(|^\$[A-Za-z_](?![\w\-]*\$)(?![\w\-]*(?:[@!#%^&*$][^\s@!#%^&*$]*){2})"
    r"|EXAMPLE|\[REDACTED:"
)
"""Pieces that mark a value as elided or templated (`sk-...`, `ghp_XXXX`, `${X}`, `$PASS`); a `$name$`
that goes on is a password hash's scheme (`$argon2id$...`, `$y$...`), not a shell variable; nor is a `$name`
followed by two or more of `@ ! # % ^ & * $` (IBM detect-secrets' DB2 test password `$omespeci@!ch@r$`,
redact41: a variable is followed by a path, a port or one `@host`, `$USER@db.example`)."""
_SYMBOL = re.compile(r"[^A-Za-z\s]")
_PATHISH = re.compile(r"^(?:/|~/|\./|\.\./|[A-Za-z]:\\|file:)")
TRAIL = ".,;:!?)]}>'\"*。，、！？…"
_NEXT_PART = re.compile(r"&[A-Za-z_][\w.\-]*=|</?[A-Za-z]|\*\*(?:\W|$)")
"""Where a value read up to the next space may run into the next URL parameter (`&y=2`), a tag
(`</p>`) or markdown emphasis (`**`): the part before it is also checked for being a placeholder."""

NEXT_PARAM = re.compile(r"&[A-Za-z_][\w.\-]*=")


def head(value: str) -> str:
    """The part of `value` before `_NEXT_PART` (all of it when that part would be empty)."""
    return _NEXT_PART.split(value, 1)[0] or value


PREFIX_MAX = 24
"""The longest key prefix ending in `-` or `_` a bundled rule names (`mergify_application_key_`, betterleaks'
keywords; `tests/redact/test_redact39_user_then_password.py` checks it still is): a longer value ending in `-`/`_` is
no prefix shown cut short."""


def elided(value: str) -> bool:
    """Whether a value is shown cut short (`sk-...`, `sk-proj-…`).

    That is: under 8 characters, or a key prefix (ending in `-`/`_`, at most `PREFIX_MAX`
    characters), before trailing dots or an ellipsis. A long value followed by `...` is a secret at
    the end of a sentence, and so is a long value whose last character is `-` or `_` (a reCAPTCHA
    or base64url key ends in one of them one time in 32): redact42, `recaptcha_secret = 6Lcw...ww-w-.`
    was kept as a cut-short prefix.
    """
    core = value.rstrip(".…")
    return core != value and (len(core) < 8 or (core.endswith(("-", "_")) and len(core) <= PREFIX_MAX))


ENCODED_START = re.compile(r"^(?:%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2})")
"""A value that starts with an escape (`%3A%20...`, `\\u003a...`) is still encoded: the decoded
reading (`_decode`) judges what it holds; read as written it is only the escape syntax."""


def luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def iban_ok(value: str) -> bool:
    """Whether `value` (spaces allowed) is an IBAN by ISO 13616's shape and check digits.

    15-34 characters: two letters, two digits, then letters or digits; the number with its first
    4 characters moved to the end, letters read base 36 (A=10), is 1 mod 97.
    """
    v = value.replace(" ", "").upper()
    if not (15 <= len(v) <= 34 and re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", v)):
        return False
    return int("".join(str(int(c, 36)) for c in v[4:] + v[:4])) % 97 == 1


def ssn_ok(value: str) -> bool:
    """US SSA rules: area not 000/666/9xx, group not 00, serial not 0000 (and not all one digit)."""
    d = re.sub(r"\D", "", value)
    if len(d) != 9 or len(set(d)) == 1 or d == "123456789":
        return False
    area, group, serial = d[:3], d[3:5], d[5:]
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


_NOT_A_SECRET_WORD = frozenset(
    """
    required optional mandatory needed necessary incorrect correct wrong invalid valid expired expiring
    missing empty blank unset set not never always also still now currently too very case sensitive
    insensitive stored saved kept hashed salted encrypted encoded masked hidden shown visible protected
    secured secure insecure weak strong long short same different unique reused shared changed reset
    updated rotated generated provided given sent emailed available unavailable known unknown accepted
    rejected allowed disabled enabled locked unlocked forgotten lost compromised leaked default random
    temporary permanent managed handled configured defined specified supplied entered typed displayed
    printed logged the your our their his her its this that these those here there below above following
    attached sealed length characters digits letters okay fine good bad great expected enforced checked
    verified validated matched mismatched only just exactly least most simple easy hard complex strength
    policy manager field prompt obfuscated plaintext cleartext string text integer number boolean object
    array value input variable environment vault file none undefined unknown apikey api_key key keys
    credential credentials passphrase passcode bearer basic header headers query cookie session nothing
    something anything everything whatever being because within without between before after during until
    should would could must cannot ignored omitted supported deprecated disabled removed
    erforderlich falsch richtig ungültig abgelaufen leer geheim gespeichert requis invalide expiré vide
    obligatoire requerido incorrecta inválida obligatorio vacía caducada obrigatória incorreta vazia
    verplicht onjuist ongeldig leeg secreta secreto secrète segreta segreto geheime
    """.split()
)
"""Words that follow "password is" / `secret:` in prose and schemas without being the secret
("the password is required", `api_key: string`, "das Passwort ist falsch"): a letters-only value
is taken as a secret only when it is none of these (`_word_secret`)."""
_WORD = re.compile(r"[^\W\d_][^\W\d]*(?:[-_][^\W\d_]+)*")


def _word_secret(value: str) -> bool:
    """Whether a letters-only `value` of 6 or more characters reads as a chosen password.

    `centipede`, `correcthorsebattery`, `open-sesame`: a password with no digit or symbol, once
    the words around it name it (`password is "..."`, `secret="..."`); never a word of
    `_NOT_A_SECRET_WORD` or a placeholder.
    """
    return len(value) >= 6 and _WORD.fullmatch(value) is not None and value.lower() not in _NOT_A_SECRET_WORD


def secretish(value: str, key: str, word_ok: bool = False, after: str = "") -> bool:
    """Whether `value`, given under the key or words `key`, is a secret rather than a setting.

    A password-named key takes any value of 3 or more characters; otherwise a value needs 16
    characters, or 6 with a symbol or mixed case, or 12 digits; with `word_ok` (the value was
    quoted, or a verb or operator names it: `password is "centipede"`), a letters-only value of 6
    or more that is not a common word (`_word_secret`) passes too. `after` is the text after the
    value (`placeholder_value`).
    """
    if placeholder_value(value, after) or _PATHISH.match(value):
        return False
    first = _PART_END.split(value, 1)[0]
    if first != value and (first.lower() in _NOT_A_SECRET_WORD or PLACEHOLDER.match(first)):
        return False  # a word run into a URL path or a tag: `required/index.html`, `falsch</p`
    k = key.lower()
    if "pass" in k or "pwd" in k:
        return len(value) >= 3
    if value.isdigit():
        return len(value) >= 12
    if len(value) >= 16:
        return True
    has_case = value.lower() != value and value.upper() != value
    if len(value) >= 6 and (bool(_SYMBOL.search(value)) or has_case):
        return True
    return word_ok and _word_secret(value)


_IDENT = r"[A-Za-z_$][A-Za-z0-9_$]*"
_CALLEE = re.compile(rf"{_IDENT}(?:\.{_IDENT})*\[?")
_NAME_SEGMENT = re.compile(r"[A-Za-z_$]+[0-9]{0,2}")
_SNAKE_NAME = re.compile(r"[a-z]+(?:_[a-z]+)+")
_ESCAPED_END = re.compile(r"(?:\\[nrt]|\\)+$")


def named_secret(value: str, match: re.Match[str], key: str, word_ok: bool, after: str) -> bool:
    """`secretish`, but False for an unquoted value that is code naming the value (`code_reference`).

    `secret: config.secret`, `token = JWT.create()`: the twelfth fresh check's `ok:` lines, redact44. Not for a
    value after a command-line option (a `verb` group such as `-p`: `psexec ... -p A0.A00`): there a dotted value
    is typed as the password itself, not code naming it (`test_redact36_psexec_password`).
    """
    groups = match.groupdict()
    option = (groups.get("verb") or "").startswith("-")
    if groups.get("secret") and not option and code_reference(value, kwarg_name(match), after):
        return False
    return secretish(value, key, word_ok, after)


def kwarg_name(match: re.Match[str]) -> str:
    """The `key` group of a match whose `secret` group follows it after `=` and no `:`, or "".

    That is a keyword argument's syntax (`name=value`); `token: value` in YAML is a literal, and with "" the
    `code_reference` check reads no snake_case name.
    """
    names = match.re.groupindex
    if "key" not in names or "secret" not in names or match.group("key") is None or match.group("secret") is None:
        return ""
    op = match.string[match.end("key") : match.start("secret")]
    return match.group("key") if "=" in op and ":" not in op else ""


def code_reference(value: str, key: str, after: str = "") -> bool:
    """Whether an unquoted `value` given to the credential name `key` is code naming a value, not a literal.

    semgrep-rules' hard-coded-credential tests mark these `ok:` (the twelfth fresh check: blanked as passwords
    in all 46 contexts on main):

    - a call or an index: a name or dotted name followed by `(` or `[` (`JWT.create()`, `jsonwt.sign(...)`,
      `env["LIBRARY_PASS_2"]`; `after` is the character after the value);
    - a dotted name every part of which reads as a name: letters, `_` or `$`, at most two digits at its end,
      fewer than 4 switches between lower and upper case (`config.secret`, `this.mPassword`); a key or token
      with dots has digits inside its parts or reads generated (`hvs.KDD7UeHlkle9...`, `eyJhbGciOi...`);
    - a lower-case snake_case variable of letters only passed as a keyword argument under a lower-case name
      (`aws_secret_access_key=ok_secret,`: Python's call syntax; `MAILER_PASSWORD=smtp_password #` in a
      `.env` file is a literal and stays a secret); `key` "" (a scanner's hit, the name unknown) reads only
      the first two.
    """
    value = _ESCAPED_END.sub("", value)  # `env[\"X\"]` or `config.secret\n` inside a JSON string
    if _CALLEE.fullmatch(value) and (value.endswith("[") or (after and after in "([")):
        return not has_digit(value)
    parts = value.split(".")
    if len(parts) > 1 and all(
        _NAME_SEGMENT.fullmatch(p) and len(_CASE_SWITCH.findall(p)) < 4
        for p in parts  # noqa: PLR2004
    ):
        return True
    return bool(key and after) and after in ",)" and key == key.lower() and _SNAKE_NAME.fullmatch(value) is not None


_ALGORITHM = re.compile(
    r"(?i)(?:HS|RS|ES|PS)(?:256|384|512)|EdDSA|none|sha-?(?:1|224|256|384|512)|md5|hex|base64|utf-?8"
)


def key_literal(value: str) -> bool:
    """Whether a string literal passed where a signing or HMAC call takes its key is a key (`check = "key-literal"`).

    In code the literal is the key whatever it reads like (`jwt.sign(payload, "my_secret_key")`), so
    `placeholder_value`'s `my`/`your` names do not keep it; kept are templates and elisions (`${JWT_SECRET}`,
    `<key>`, `xxxx`, `sk-...`: `PLACEHOLDER_PART`), the exact placeholder words (`"secret"`, `"changeme"`), values
    of 2 distinct characters or fewer, and an algorithm's or encoding's name (`"HS256"`, `"sha256"`, `"hex"`) where
    a call's other argument sits.
    """
    v = value.strip()
    if len(v) < 3 or len(set(v)) <= 2 or _ALGORITHM.fullmatch(v) or PLACEHOLDER_PART.search(v.rstrip(".…")):  # noqa: PLR2004
        return False
    return not (PLACEHOLDER.match(v) and _NAMED_SLOT.fullmatch(v) is None)


_WORD_PARTS = re.compile(r"[-_\s]+")


def fallback_secret(value: str, key: str, after: str = "") -> bool:
    """Whether the literal after a fallback operator (`?:`, `||`, `??`, `or`) under `key` is a secret.

    `secretish`, unless every part of it (split at `-`, `_`, spaces) is a word `_NOT_A_SECRET_WORD` lists or a
    placeholder: `"not-set"`, `"none"`, `"unset"` say no value is set (noseyparker's `np.reactapp.2` negative).
    """
    if not secretish(value, key, after=after):
        return False
    parts = [p for p in _WORD_PARTS.split(value.lower()) if p]
    return not all(p in _NOT_A_SECRET_WORD or PLACEHOLDER.match(p) for p in parts)


@functools.cache
def _auth_methods() -> frozenset[str]:
    """Every name `rules/auth_methods.toml` lists (lower case), read once a process."""
    from memeval.redact._rulefiles import rule_file

    return frozenset(v.lower() for src in rule_file("auth_methods.toml")["source"] for v in src["values"])


def auth_secret(value: str, after: str = "") -> bool:
    """Whether a quoted `value` under a key named `auth` is a password rather than a setting.

    `secretish` as a quoted value under a name that is no password's (a plain word of 6+ letters
    that is not a common one, 16+ characters, or 6+ with a symbol or both cases), and not the name
    of an authentication method, scheme or mechanism `rules/auth_methods.toml` lists (IANA's HTTP
    schemes and SASL mechanisms, PostgreSQL's pg_hba methods...; compared without case):
    `"ilikelemons"` is one, `"kerberos"`, `"SCRAM-SHA-256"`, `"oauth2"` are not.
    """
    return secretish(value, "", True, after) and value.strip().lower() not in _auth_methods()


_PART_END = re.compile(r"[/<&]")
"""Where a value read up to the next space may run on into a URL path, a tag or a parameter."""
_CASE_SWITCH = re.compile(r"[a-z][A-Z]|[A-Z][a-z]")


_NET_KEY_TOKEN = re.compile(r"(?i)public_?key(?:_?token)?")
_HEX16 = re.compile(r"[0-9a-fA-F]{16}")


def generated(value: str, key: str, after: str = "") -> bool:
    """Whether `value` reads as generated rather than as a name.

    That is `secretish`, and a digit or at least 4 switches between lower and upper case
    (`YXNkZmZmZmZm...` has many, `createdAt` one). Not a .NET strong name's public key token: 16 hex digits
    under `PublicKeyToken` or `PublicKey` (the last 8 bytes of the SHA-1 of the assembly's public key, printed in
    every assembly-qualified type name, `Culture=neutral, PublicKeyToken=b77a5c561934e089`: .NET's "Strong-named
    assemblies"; semgrep-rules' generic-api-key `ok:` line, the twelfth fresh check).
    """
    if _NET_KEY_TOKEN.fullmatch(key) and _HEX16.fullmatch(value):
        return False
    if not secretish(value, key, after=after):
        return False
    return has_digit(value) or len(_CASE_SWITCH.findall(value)) >= 4


_CODE_SYMBOL = re.compile(r"[^A-Za-z0-9\-_./:]")
_NAME_END = re.compile(r"[0-9_\-$]*")


def code_secret(value: str, key: str, rest: str, after: str = "", around: tuple[str, str] = ("", "")) -> bool:
    """Whether `value`, a string literal assigned to the code name `key`, is a secret (`check = "code-name"`).

    `rest` is what follows the credential word in the name (`_for_email` of `my_secret_password_for_email`).
    The value must read as `generated` (a digit or 4 case switches, not a placeholder or a path) and hold
    no `://`; when the word does not end the name (`rest` is more than digits, `_`, `-`, `$`: `password_hash`,
    `token_url`) it must also hold a symbol other than `-_./:` or 4 case switches (`pbkdf2_sha256` and
    `X-Auth-Token-2` are settings).
    `around` is the character before the name and the one after it: a name closed by a quote must be opened by
    one (a quoted key is the whole string: `'NPM tokens': 'CKV_SECRET_12'` names no variable).
    Source of the shape: gosec G101 and bandit B105 (`scripts/redact_rules_code_names.py`).
    """
    if around[1] and around[1] in "\"'" and not (around[0] and around[0] in "\"'"):
        return False
    if "://" in value or not generated(value, key, after):
        return False
    if _NAME_END.fullmatch(rest):
        return True
    return bool(_CODE_SYMBOL.search(value)) or len(_CASE_SWITCH.findall(value)) >= 4


def jose_header(value: str) -> bool:
    """Whether `value` starts with a JOSE header: Base64url JSON naming `alg`, `enc`, `typ` or `kid`.

    RFC 7515/7516: a JWS or JWE (a JWT among them) begins with its protected header, so a token
    `eyJ...` whose first part decodes to such an object is one even unsigned (`alg: none`, empty
    signature) or encrypted (a payload that is not `eyJ...`).
    """
    head = value.split(".", 1)[0]
    try:
        raw = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4))
        obj = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(obj, dict) and bool({"alg", "enc", "typ", "kid"} & obj.keys())


def mixed_parts(value: str) -> bool:
    """Whether the first and last dot-separated parts of `value` each hold a digit and both cases.

    Discord bot tokens (Base64 user id, timestamp, HMAC) look so; dotted names
    (`module.member.attribute_name`) do not.
    """
    parts = value.split(".")
    return all(
        any(c.isdigit() for c in p) and any(c.islower() for c in p) and any(c.isupper() for c in p)
        for p in (parts[0], parts[-1])
    )


def has_digit(vt: str) -> bool:
    """`any(c.isdigit() for c in vt)`: by one regex search when `vt` is ASCII (where only 0-9 are digits)."""
    return _ASCII_DIGIT.search(vt) is not None if vt.isascii() else any(c.isdigit() for c in vt)


_ASCII_DIGIT = re.compile("[0-9]")


_BASE64_PADDED = re.compile(r"(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")


def basic_credentials(value: str) -> bool:
    """Whether `value` is HTTP Basic credentials: padded Base64 (RFC 4648 section 4) of `user-id:password`.

    RFC 7617 section 2: the user-id and password joined by one colon, Base64-encoded; the user-id holds no colon.
    Read after the scheme word with no `Authorization` name before it (`basic ZDp6cg==`, `Bearer  dXNl...`: octarine's
    secret-detector tests, the thirteenth fresh check). Both parts non-empty and printable, no white space; unpadded
    (`ZDp6cg`, octarine's own negative) or a decoding that is not such a pair (`auth`, a word) is none.
    """
    if not _BASE64_PADDED.fullmatch(value):
        return False
    try:
        decoded = base64.b64decode(value, validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return False
    user, sep, password = decoded.partition(":")
    return bool(sep and user and password) and decoded.isprintable() and not any(c.isspace() for c in decoded)
