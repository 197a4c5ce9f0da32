"""Recognizers for secrets defined by their shape rather than by a provider's key format.

- `PRIVATE_KEY`: a whole PEM / OpenSSH / PGP private-key block, from `-----BEGIN ... PRIVATE
  KEY...-----` to its `-----END` line (or to the end of the text when the block is cut off).
  Scanners report such blocks too, but some stop at the first line; the block is blanked whole.
- `URL_PASSWORD`: the userinfo `user:password` in `scheme://user:password@host` (RFC 3986). The
  user name goes too: the scanners' URI rules count the whole URI as the secret, and a user name
  with odd characters could otherwise keep part of it readable; scheme and host stay readable.
  Obvious templates (`${DB_PASS}`, `<password>`, `****`, a password shown as `••••••••`) are kept.
- `PASSWORD` in key=value connection strings (`Server=db;User Id=app;Password=...;`); not a call or an index
  (`password = env["PASS"]`, `_values.code_reference`).
"""

from __future__ import annotations

import re

from memeval.redact._result import Recognizer, RecognizerResult
from memeval.redact._scanners import memeval_result
from memeval.redact._values import code_reference

_PEM = re.compile(
    r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END \1PRIVATE KEY(?: BLOCK)?-----|.*\Z)",
    re.DOTALL,
)
_URL_USERINFO = re.compile(
    r"(?<![a-zA-Z0-9+.\-])[a-zA-Z][a-zA-Z0-9+.\-]{1,30}://([^\s:/@?#'\"<>]*):([^\s@/?#'\"<>]+)@[\w\-\[]"
)
_CONN_PASSWORD = re.compile(r"(?i)(?:^|[;\s\"'])(?:password|pwd)\s*=\s*([^;\s\"']+)(?=;|\s|$|[\"'])")
_TEMPLATE = re.compile(
    r"^(?:\$\{?[\w.\-]+\}?|\$\w+\{[\w.\-]+\}|<[^>]*>|\{\{?[^}]*\}\}?|%\(?[\w]+\)?s?|\*+|x+|•+|\.\.\.|…"
    r"|password|passwd|pass|pwd|secret|redacted|\[redacted[^\]]*\])[.,!?:)\]>…]*$",
    re.IGNORECASE,
)


def _is_template(value: str) -> bool:
    """Whether `value` only names a password (`${DB_PASS}`, `$env{admin_pwd}`, `<password>`, `****`).

    Sentence punctuation after it is allowed (`password=******.`: git-secrets' README mask before a full stop, the
    fourteenth fresh check).
    """
    return bool(_TEMPLATE.match(value))


class StructuralRecognizer(Recognizer):
    """Presidio recognizer for private-key blocks, URL passwords and connection-string passwords."""

    ENTITIES = ("PRIVATE_KEY", "URL_PASSWORD", "PASSWORD")

    def __init__(self) -> None:
        super().__init__(supported_entities=list(self.ENTITIES), name="memeval", version="1")

    def load(self) -> None:
        """Nothing to load: the patterns are compiled at import."""

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """Return the spans of key blocks and of passwords (not user names) in URLs and strings."""
        out: list[RecognizerResult] = []

        def add(entity: str, start: int, end: int, score: float, detector: str, m: re.Match[str]) -> None:
            out.append(memeval_result(entity, start, end, score, detector, (m.start(), m.end())))

        if "PRIVATE KEY" in text:
            for m in _PEM.finditer(text):
                add("PRIVATE_KEY", m.start(), m.end(), 1.0, "memeval:pem", m)
        if "://" in text:
            for m in _URL_USERINFO.finditer(text):
                if not _is_template(m.group(2)):
                    add("URL_PASSWORD", m.start(1), m.end(2), 0.8, "memeval:url-password", m)
        lowered = text.lower()
        if "password" in lowered or "pwd" in lowered:
            for m in _CONN_PASSWORD.finditer(text):
                value, after = m.group(1), text[m.end(1) : m.end(1) + 1]
                if len(value) >= 3 and not _is_template(value) and not code_reference(value, "", after):
                    add("PASSWORD", m.start(1), m.end(1), 0.7, "memeval:conn-password", m)
        return out
