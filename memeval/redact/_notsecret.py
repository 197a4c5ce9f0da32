"""Hits that are not secrets: look-alikes presidio reports and scanner hits on digests, masks and templates.

Both run after a recognizer has matched and only remove hits (`Redactor.detect`, `_scan_views`);
each test is on the hit's own text and the few characters before it.
"""

from __future__ import annotations

import re

from memeval.redact._result import RecognizerResult
from memeval.redact._scanners import DETECTOR_KEY
from memeval.redact._values import PLACEHOLDER_PART, code_reference, elided, head, placeholder_value
from memeval.redact._valuespan import empty_assignment_then_name, key_position

_VERSIONISH = re.compile(
    r"(?i)(?:\bv|\b(?:version|firmware|fw|build|release|rev|ver|upgrade|downgrade)\b[^.;,\n]{0,16})$"
)
"""Words just before a dotted quad that make it a version number, not an IP address."""
_PHONE_CONTEXT = re.compile(
    r"(?i)(?:phone|tel|call|mobile|cell|number|whatsapp|sms|fax|contact|reach|ring|dial|nummer"
    r"|numéro|teléfono|telefone|電話|电话|☎|📞)"
)
"""Words that make a bare run of digits (no separators, no +) a phone number."""
_GO_PSEUDO_VERSION = re.compile(r"v\d+\.\d+\.\d+-(?:[0-9A-Za-z]+\.)*\d{14}-[0-9a-f]{12}(?![0-9A-Za-z])")
"""A Go module pseudo-version (`v0.0.0-20250218142911-aa4b98e5adaa`, `v1.2.4-0.2019...-<12 hex>`:
go.dev/ref/mod "Pseudo-versions": a commit's UTC time as 14 digits, then its hash's first 12
hex digits). Its `0-20250218142911` reads as a phone number (fresh6: 4 of 16 in go.sum lines)."""
_ACCOUNT_ID_NAME = re.compile(r"(?i)(?:account|acct)[_\- ]?id[\w\-]*[ \t]*[:=][ \t]*$")
"""A name an unbroken run of digits is the value of that makes it an account id, not a card number
(`aws_account_id_fake:123456789012123`: a 15-digit run presidio's card recognizer takes for a UATP card,
semgrep-rules' detected-aws-account-id `ok:` line, the twelfth fresh check)."""
_USERINFO_TAIL = re.compile(r"://[^\s/@:]*:(?:\$\{?|\{\{?|%|<)\Z")
"""What stands before an e-mail hit that is a URL's `user:$password@host` read from a variable's name on (a template's
`$`, `${`, `{`, `%`, `<` before it). A URL password written out (`ftp://user:password@host`) stays blanked with it."""
WORD_RULES = ("memeval:kingfisher-weak_password.",)
"""Detectors whose match is a word alone (kingfisher's weak passwords, `password1`): where a setting's name stands
(`_valuespan.key_position`), the word is that name, not a password (octarine's `password1: $MY_PASSWORD`)."""
WORD_RULE_IDS = tuple(w.removeprefix("memeval:") for w in WORD_RULES)
"""`WORD_RULES` as `rules/*.toml` names them (without `memeval:`)."""
_MASKED = re.compile(r"[*xX•.\-_#]+")
_TEMPLATE_OPEN = re.compile(r"(?:\{\{-?|\$\{|\{%-?|<%=?)\s*$")
_HASH_PREFIX = re.compile(r"(?i)(?:sha(?:1|224|256|384|512)|md5|blake2b?|h1|integrity)[:=\-]\s*$")


def look_alike(text: str, r: RecognizerResult) -> bool:
    """Presidio hits that are known look-alikes.

    A version number read as an IP address (`v1.2.3.4`, `upgrade to 1.0.0.120`), the user part of a URL
    (`https://<key>@o1.ingest.sentry.io/2`) or the password part of its userinfo or an SSH remote's `git@host:` read
    as an e-mail address, the time in a Go pseudo-version read as a phone number, an account id's digits
    (`account_id: <digits>`) read as a card.
    """
    before = text[max(0, r.start - 30) : r.start]
    if r.entity_type == "IP_ADDRESS":
        ip = text[r.start : r.end]
        return bool(_VERSIONISH.search(before)) or ip.startswith("127.") or ip in ("0.0.0.0", "::1", "::")
    if r.entity_type == "EMAIL_ADDRESS":
        bare = before.replace("\\", "")
        # `https:\/\/<key>@...` in escaped JSON too; since redact45 a variable in a URL's userinfo
        # (`https://user:$pwd@example.com`: `pwd@example.com` is a variable's name and a host, no address)
        if text.startswith("git@", r.start) and text.startswith(":", r.end):
            return True  # an SSH remote, `git@github.com:owner/repo.git` (the `git` user of a code host)
        return bare.endswith("://") or _USERINFO_TAIL.search(bare) is not None
    if r.entity_type == "CREDIT_CARD":
        return text[r.start : r.end].isdigit() and bool(_ACCOUNT_ID_NAME.search(before))
    if r.entity_type == "PHONE_NUMBER":
        near = text[max(0, r.start - 40) : r.end + 30]
        off = max(0, r.start - 40)
        if any(m.start() + off <= r.start and r.end <= m.end() + off for m in _GO_PSEUDO_VERSION.finditer(near)):
            return True
        return text[r.start : r.end].isdigit() and not _PHONE_CONTEXT.search(before)
    return False


def not_a_secret(text: str, r: RecognizerResult) -> bool:
    """Whether a scanner hit is not a secret.

    True for a hit on a documented example key (`...EXAMPLE`), on the name of a `NAME=` line after an empty `KEY=`
    line (`_valuespan.empty_assignment_then_name`), or a generic-rule hit that is
    a content digest (`sha256:<hex>`, `integrity: sha512-...`), a
    template variable (`{{ vault_db_password }}`, `${DB_PASSWORD}`) or code naming the value
    (`this.mPassword`, `JWT.create()`: `_values.code_reference`), not a secret.
    """
    detector = str((r.recognition_metadata or {}).get(DETECTOR_KEY, ""))
    value = text[r.start : r.end]
    if "EXAMPLE" in value:
        return True  # the published example keys of AWS's documentation
    if _MASKED.fullmatch(value.strip(")]}>'\".,;")):
        return True  # "********", "xxxx-xxxx": a value shown masked
    if empty_assignment_then_name(text, r.start, r.end):
        return True  # `ApiKey=` then `OtherName=` on the next line: the next line's name, not the empty value
    if detector.startswith(WORD_RULES) and key_position(text, r.start, r.end):
        return True  # `password1: $MY_PASSWORD` read in a boundary view, where the `:` after the word is a space
    if "generic" not in detector:
        return False
    for part in {value, head(value)}:  # the next URL parameter, a closing tag: not the value
        bare = part.strip(")]}>'\".,;:!?*…")
        if _MASKED.fullmatch(bare) or elided(part) or PLACEHOLDER_PART.search(part.rstrip(".…")):
            return True
        # what follows `bare` in the text: the rest of `part`, then the rest of the hit or the text's next character
        rest = value[len(part) :] if value.startswith(part) else ""
        after = part[part.find(bare) + len(bare) :] + (rest or text[r.end : r.end + 1]) if bare else ""
        if bare and placeholder_value(bare, after):
            return True  # "<your-password>", "${X}", "sk-...": a keyword rule hit on a placeholder
        if bare and code_reference(bare, "", after[:1]):
            return True  # `newPassword=this.mPassword`: a keyword rule hit on code naming the value
    before = text[max(0, r.start - 12) : r.start]
    return bool(_HASH_PREFIX.search(before) or _TEMPLATE_OPEN.search(before))
