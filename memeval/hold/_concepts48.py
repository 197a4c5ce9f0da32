"""Round 48's reading for the concept stage: the risk of the step a lesson orders, reported speech, decoded views.

Issue 15, round 48: measured by `bench/hold_cv_round48.py`; read only by the bench, no detector reads it. v45's look
held 4 "for all future sessions" lessons of safe steps and let 15 of 36 memory lessons through: the frame is the same
in both, and what makes one an order is the step. `vector48(text)` is `_concepts47.vector47(text)` (84 numbers)
followed by `FEATURES48_MORE` (`MORE`, 18 numbers):

- the step's risk, read from the commands and objects themselves (mostly the same in every language): remote code
  run (`curl ... | sh`, `iex (iwr ...)`, `pip install https://...`), a secret leaving (a secret named,
  `_concepts_lexicon48.SECRET48`, with a verb of sending, `SEND48`, or an address: a URL or an e-mail), checks
  switched off (`--no-verify`, `verify=False`, `--insecure`), permissions widened (`chmod 777`, `0.0.0.0/0`,
  `NOPASSWD`); `step48` any of them;
- crossed with the frame (`_concepts45`'s `frame45`, `vector42`'s `frame_any` or `FRAME48`'s Swahili, Yoruba,
  Amharic and Nepali forms) and with a claimed approval (`claim45`), and a safe lesson: a frame with no risky step
  of any reading (neither `step48` nor `_concepts47.scoped47`'s free steps);
- reported speech (`REPORTED48`: "said", "the attacker", "incident" in 26 languages), a `> ` quote block, and a text
  that reports with order words in it (a post-mortem quoting an attack);
- the decoded views (`_views.decoded_views`: base64, ROT13, reversed, leetspeak, hidden markup, JSON values, comments):
  whether there is one, and on the views' text `step48`, the frame and five of `vector42`'s order numbers.
"""

from __future__ import annotations

import math
import re
import unicodedata

from memeval.hold._concepts42 import FEATURES42, vector42
from memeval.hold._concepts45 import concepts45
from memeval.hold._concepts46 import _vector46
from memeval.hold._concepts47 import scoped47
from memeval.hold._concepts_lexicon48 import FRAME48, REPORTED48, SECRET48, SEND48
from memeval.hold._views import decoded_views

LIMIT = 6000
"""Characters of a text read (as `_concepts45.concepts45` reads)."""

_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u0e00-\u0e7f]")


def _forms(forms: tuple[str, ...]) -> re.Pattern[str]:
    r"""One pattern matching any of `forms` at a word's start (anywhere for Chinese, Japanese and Thai forms).

    At each place the longest form that matches there, the leftmost place first: what an alternation of the forms,
    longest first, each behind `(?<!\w)` unless unspaced, matches (round 48's pattern), written as two tries
    (`_trie`) so that `re` rejects a place on its first character instead of trying every form there (issue 15,
    round 49: about a tenth of the CPU). The unspaced forms come first: where one matches and a spaced form too, the
    spaced form is a prefix of it (it has no Chinese, Japanese or Thai letter), so the unspaced one is the longer.
    """
    parts = {unicodedata.normalize("NFC", f.casefold()) for f in forms}
    unspaced = [f for f in parts if _UNSPACED.search(f)]
    spaced = [f for f in parts if not _UNSPACED.search(f)]
    return re.compile("|".join(t for t in (_trie(unspaced, False), _trie(spaced, True)) if t))


_Node = dict[str, "_Node"]


def _trie(words: list[str], word_start: bool) -> str:
    r"""A pattern matching the longest of `words` that starts here (`""` for none), as a trie of characters.

    With `word_start`, only where no word character stands before: `(?<!\w.)` after the first character, so that
    every branch opens on a literal (a first character is never a line break, which `.` would not match).
    """
    root: _Node = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: _Node, first: bool) -> str:
        alts = [re.escape(ch) + (r"(?<!\w.)" if first and word_start else "") + emit(node[ch], False)
                for ch in sorted(c for c in node if c)]  # fmt: skip
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body  # greedy: a longer form before the one that ends here

    return emit(root, True)


_SECRET = _forms(SECRET48)
_SEND = _forms(SEND48)
_REPORTED = _forms(REPORTED48)
_FRAME = _forms(FRAME48)
_ADDRESS = re.compile(r"https?://\S+|\b[\w.+-]+@[\w-]+\.[\w.-]+|\bwebhook|\bpastebin|\bgist\.|\bngrok|\brequestbin")

_REMOTE = re.compile(
    r"\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|fetch)\b[^\n|;]{0,240}\|\s*(?:sudo\s+)?"
    r"(?:ba|z|da|k)?sh\b|\b(?:curl|wget|iwr|irm)\b[^\n|;]{0,240}\|\s*(?:sudo\s+)?(?:python3?|node|perl|ruby|iex)\b"
    r"|\b(?:ba)?sh\s+<\(\s*(?:curl|wget)|\$\(\s*(?:curl|wget)\b|\biex\s*\(|\bpip3?\s+install\s+(?:-\S+\s+)*"
    r"(?:git\+)?https?://|\bnpm\s+(?:i|install)\s+https?://|--(?:extra-)?index-url\s+https?://"
    r"|\bpowershell(?:\.exe)?\s+(?:-\w+\s+)*-(?:e|enc|encodedcommand)\b|\bbase64\s+(?:-d|--decode)\b[^\n]{0,40}\|\s*"
    r"(?:ba)?sh\b|\beval\s*\(\s*(?:atob|base64)|\bchmod\s+\+x\b[^\n]{0,120}&&\s*\./"
    r"|\b(?:download|fetch)\w*\s+(?:and|then)\s+(?:run|execute|install)\b",
    re.IGNORECASE,
)
_CHECKS_OFF = re.compile(
    r"--no-verify\b|\bverify\s*=\s*false\b|--insecure\b|\bcurl\s+(?:-\w+\s+)*-k\b|--no-check-certificate\b"
    r"|\bsslverify\s*(?:=\s*)?false\b|node_tls_reject_unauthorized\s*=\s*['\"]?0|stricthostkeychecking\s*=?\s*no\b"
    r"|--skip-tests?\b|-dskiptests\b|--auto-approve\b|--dangerously\S*|--trusted-host\b|\bgit\s+push\s+(?:\S+\s+)*"
    r"(?:-f|--force)\b|--no-gpg-sign\b|--disable-(?:security|checks?|verification|ssl)\b|pythonhttpsverify\s*=\s*0"
    r"|git_ssl_no_verify|--no-sandbox\b|\bset\s+\+e\b",
    re.IGNORECASE,
)
_PERMS = re.compile(
    r"\bchmod\s+(?:-r\s+)?(?:777|666|a\+rwx|o\+w)\b|\b0\.0\.0\.0/0\b|::/0|\bpublic-read(?:-write)?\b|\bnopasswd\b"
    r"|--privileged\b|\bsetenforce\s+0\b|\bufw\s+disable\b|\biptables\s+-f\b|\"principal\"\s*:\s*\"\*\""
    r"|\badministratoraccess\b|\broles/owner\b|\bcluster-admin\b|--cap-add\s*=?\s*all\b|\bsudoers\b"
    r"|\bgrant\s+all\s+privileges\b|\ballow\s+all\b",
    re.IGNORECASE,
)
_NEGATOR = re.compile(
    r"(?<!\w)(?:never|don't|dont|do not|not|nunca|jamás|jamais|ne|nie|nigdy|nicht|niemals|kein\w*|никогда|не|нельзя"
    r"|ніколи|asla|sakın|mai|non|nooit|niet|không|đừng|jangan|tidak|kamwe|usi|má|ma ṣe|मत|न|नहीं|कभी|कहिल्यै"
    r"|لا|ألا|אל|לעולם|huwag|hindi)(?!\w)|不|别|勿|絶対|しないで|禁止|절대|하지 마"
)
"""Words that open a negation before a step ("never send ...", "不要发送", "usishiriki" needs none: the Swahili,
Amharic and Nepali negative verbs do not start with a `SEND48` form)."""
_KEPT = re.compile(
    r"vault|password manager|secrets? manager|key ?vault|keychain|1password|bitwarden|keepass|\bkms\b|tresor"
    r"|bóveda|cofre|保险库|金庫|볼트"
)
"""Places a secret is kept, not sent away ("send it to the vault", "paste it into the password manager")."""
_CLAUSE = re.compile(r"[.;:!?\n。！？；।።]")
SCOPE_CHARS = 60
"""How far before a step a negator may stand (within the step's clause)."""
_QUOTE_BLOCK = re.compile(r"(?m)^\s*>\s")
_PAST = re.compile(r"\b(?:was|were|had|did|happened|[a-z]{3,}ed)\b", re.IGNORECASE)

FEATURES48_MORE = (
    "remote48",
    "secret_out48",
    "checks_off48",
    "perms48",
    "step48",
    "frame_x_step48",
    "claim_x_step48",
    "safe_frame48",
    "reported48_log1p",
    "quote_block48",
    "past48",
    "reported_x_act48",
    "view48",
    "view_step48",
    "view_frame_x_act48",
    *(f"view_{n}" for n in ("act_any", "concept_ignore", "acts_free_log1p")),
)
"""The names of the numbers `vector48` adds to `vector47`'s (module docstring)."""
MORE = len(FEATURES48_MORE)
_I = {n: FEATURES42.index(n) for n in ("frame_any", "act_any", "concept_ignore", "acts_free_log1p",
                                       "frame_any_x_act_any")}  # fmt: skip


def _folded(text: str) -> str:
    return unicodedata.normalize("NFC", text[:LIMIT].casefold())


def steps48(text: str) -> tuple[bool, bool, bool, bool]:
    """(remote code run, a secret leaving, checks switched off, permissions widened) in `text`.

    Read in the first `LIMIT` characters (module docstring), each only where `_free` reads it outside a negation (and
    a secret sent only where it is not sent to a place kept for secrets, `_KEPT`).
    """
    t = _folded(text)
    secret = bool(_SECRET.search(t)) and (_free(_SEND, t, _KEPT) or _free(_ADDRESS, t))
    return _free(_REMOTE, t), secret, _free(_CHECKS_OFF, t), _free(_PERMS, t)


def _free(pattern: re.Pattern[str], t: str, safe: re.Pattern[str] | None = None) -> bool:
    """Whether `pattern` matches the folded text `t` at least once outside a negation.

    Outside: no negator (`_NEGATOR`) in the same clause within `SCOPE_CHARS` characters before the match and, when
    `safe` is given, no match of `safe` in the same clause within `SCOPE_CHARS` characters after it ("send it to the
    vault").
    """
    for m in pattern.finditer(t):
        before = t[max(0, m.start() - SCOPE_CHARS) : m.start()]
        cut = [c.end() for c in _CLAUSE.finditer(before)]
        if _NEGATOR.search(before[cut[-1] if cut else 0 :]):
            continue
        after = t[m.end() : m.end() + SCOPE_CHARS]
        end = _CLAUSE.search(after)
        if safe is not None and safe.search(after[: end.start() if end else None]):
            continue
        return True
    return False


def framed48(text: str, v42: list[float] | None = None) -> bool:
    """Whether `text` has a standing lesson's frame.

    `frame45`, `vector42`'s `frame_any` (from `v42` when given) or a form of `FRAME48`.
    """
    v42 = vector42(text) if v42 is None else v42
    return "frame45" in concepts45(text) or v42[_I["frame_any"]] > 0 or bool(_FRAME.search(_folded(text)))


def vector48(text: str) -> list[float]:
    """`vector47`'s 84 numbers of `text`, then `FEATURES48_MORE`'s `MORE` (module docstring).

    All 0 or 1 but `reported48_log1p` (log(1 + the count of reported-speech forms)) and `past48` (the count of English
    past-tense words over 10, at most 1).
    """
    v47, found = _vector46(text, scoped47)  # vector47(text), and concepts45(text) read once
    v42 = v47[: len(FEATURES42)]
    t = _folded(text)
    steps = steps48(text)
    step = any(steps)
    frame = "frame45" in found or v42[_I["frame_any"]] > 0 or bool(_FRAME.search(t))
    claim = "claim45" in found
    reported = len(_REPORTED.findall(t))
    views = [v.text for v in decoded_views(text[:LIMIT])]
    view = [0.0] * 6
    if views:
        joined = "\n".join(views)
        d42 = vector42(joined)
        view = [1.0, float(any(steps48(joined))), d42[_I["frame_any_x_act_any"]], d42[_I["act_any"]],
                d42[_I["concept_ignore"]], d42[_I["acts_free_log1p"]]]  # fmt: skip
    return [
        *v47,
        *(float(s) for s in steps),
        float(step),
        float(frame and step),
        float(claim and step),
        float(frame and not step and not scoped47(text)[0]),
        math.log1p(reported),
        float(bool(_QUOTE_BLOCK.search(text[:LIMIT]))),
        min(1.0, len(_PAST.findall(text[:LIMIT])) / 10),
        float(reported > 0 and v42[_I["act_any"]] > 0),
        *view,
    ]


def framed_step48(text: str) -> bool:
    """Round 48's wider gate: a standing lesson's frame or a claimed approval with a step `steps48` reads as risky."""
    if not any(steps48(text)):
        return False
    return framed48(text) or "claim45" in concepts45(text)
