"""A VAPID private key in the same text as its public key (redact39).

Web push's VAPID keys (RFC 8292) are a P-256 key pair written base64url without padding: the public key
an uncompressed point (65 bytes, 87 characters, starting `B` for the 0x04 byte), the private key the
32-byte scalar (43 characters). A 43-character base64url run is any random id, so veles
(google/osv-scalibr@c2094f2d68e3 veles/secrets/vapid, Apache-2.0) reports one only when a public key
nearby is the private key's own point; its tests write the pair as `private:public`, one pair a line,
or as the two arguments of `webpush.setVapidDetails(...)`, and the ninth check stored all three raw.

Here the same proof: every run of exactly 87 base64url characters that decodes to an uncompressed point
is a public key; every run of exactly 43 that decodes to a scalar in [1, n - 1] whose point d x G
(P-256, FIPS 186-4 appendix D.1.2.3) is one of those public keys is blanked. A run that is not the
private key of a public key in the text is never taken, so ids and digests stay. At most
`MAX_CANDIDATES` runs of 43 a text are tried (about 2 ms of CPU each); texts without an 87-character
run cost one regex scan.
"""

from __future__ import annotations

import base64
import binascii
import re

from memeval.redact._result import Recognizer, RecognizerResult
from memeval.redact._scanners import memeval_result

_SCORE = 0.5
"""Below the other rules' scores: a key another rule already blanks keeps that rule's name."""

MAX_CANDIDATES = 64
"""Most 43-character runs a text is tried for (in order); the rest are not read."""

_P = 2**256 - 2**224 + 2**192 + 2**96 - 1
_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
_G = (
    0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
    0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5,
)
"""P-256's prime, group order and base point (FIPS 186-4 D.1.2.3); the curve's a is -3."""

_RUN = re.compile(r"[A-Za-z0-9_-]{43,}")


def _add(p: tuple[int, int] | None, q: tuple[int, int] | None) -> tuple[int, int] | None:
    """The sum of two affine points of P-256 (None is the point at infinity)."""
    if p is None:
        return q
    if q is None:
        return p
    if p[0] == q[0]:
        if (p[1] + q[1]) % _P == 0:
            return None
        slope = (3 * p[0] * p[0] - 3) * pow(2 * p[1], -1, _P) % _P
    else:
        slope = (q[1] - p[1]) * pow(q[0] - p[0], -1, _P) % _P
    x = (slope * slope - p[0] - q[0]) % _P
    return x, (slope * (p[0] - x) - p[1]) % _P


def public_point(scalar: int) -> tuple[int, int] | None:
    """`scalar` x G on P-256 by double-and-add (affine; about 2 ms of CPU), None for the point at infinity."""
    out, add = None, _G
    while scalar:
        if scalar & 1:
            out = _add(out, add)
        add = _add(add, add)  # type: ignore[assignment]  # G's multiples are never infinity below n
        scalar >>= 1
    return out


def _decode(run: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(run + "=" * (-len(run) % 4))
    except (binascii.Error, ValueError):
        return None


class VapidKeyRecognizer(Recognizer):
    """Recognizer for VAPID private keys proven by their public key in the same text (module docstring)."""

    def __init__(self) -> None:
        super().__init__(supported_entities=["CREDENTIAL"], name="memeval-vapid", version="1")

    def load(self) -> None:
        """Nothing to load (presidio's contract)."""

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """Each private key whose public key stands in `text`; the match spans both keys (offsets into `text`)."""
        if len(text) < 87 + 43:  # noqa: PLR2004 - the two keys' lengths
            return []
        runs = [(m.start(), m.end(), m.group(0)) for m in _RUN.finditer(text) if len(m.group(0)) in (43, 87)]
        publics: dict[tuple[int, int], tuple[int, int]] = {}
        for start, end, run in runs:
            raw = _decode(run) if len(run) == 87 else None  # noqa: PLR2004
            if raw and len(raw) == 65 and raw[0] == 4:  # noqa: PLR2004 - an uncompressed point
                publics[(int.from_bytes(raw[1:33], "big"), int.from_bytes(raw[33:], "big"))] = (start, end)
        if not publics:
            return []
        out: list[RecognizerResult] = []
        for start, end, run in [r for r in runs if len(r[2]) == 43][:MAX_CANDIDATES]:  # noqa: PLR2004
            raw = _decode(run)
            scalar = int.from_bytes(raw, "big") if raw and len(raw) == 32 else 0  # noqa: PLR2004
            point = public_point(scalar) if 0 < scalar < _N else None
            if point in publics:
                a, b = publics[point]
                match = (min(start, a), max(end, b))
                out.append(memeval_result("VAPID_PRIVATE_KEY", start, end, _SCORE, "memeval:vapid-private-key", match))
        return out
