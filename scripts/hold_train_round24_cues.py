r"""Cues of meaning as extra inputs of round 24's stacked stage: measured, not shipped.

Issue 15's round 24. Rounds 19-22's rules need a frame in a fixed place (a lesson's head opening its line, a
label ending in a colon); held-out v25's misses had the same parts in other places and other words: memory
lessons in Swedish, Korean, Bengali or Turkish whose risky act the rules' lists did not name in that spot, a
colleague asking for secrets or for a request to a canary URL, notes to "the assistant handling this mailbox"
asking it to send payroll or contracts to an outside address, Japanese one-line orders to ignore the system
prompt. Each cue below is one part of such an order, in many languages, searched anywhere in the first
`CUE_CHARS` characters (NFKC, case-folded); none holds anything by itself. `CueTable` adds them (nine cues,
eleven pairs such as a persistence cue with a risky act, a count and a short-text flag) after the stage's base
inputs, read only when the rules do not hold and the classifier's probability is at least `CUE_GATE` (as a
shipped stage would have to, for CPU: read everywhere they cost about 0.5 ms a text, more than the default's
whole assessment).

Measured out of fold over v4-v25 (`bench/hold_cv_round24.py`, `round24+cues`): no gain (memeval/hold/README.md,
round 24). The pairs that read as orders (a persistence cue with a risky act: 21 orders and 2 benign rows among
the texts the rules do not hold) are too rare to move pooled figures, and the single cues fire on as many
benign texts as orders (a secret word, a request to show, the AI named).

The lists reuse rules/18-20's (`_PERSIST20`, `_RISK_ACT20`, `_RISK19`, `_SENDV18`, `_AIW19`) and add what those
read only in a frame. Every quantifier is bounded.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_train_round24 as t24  # noqa: E402

from memeval.hold._models import HoldAssessment  # noqa: E402
from memeval.hold._rules_v18 import _SENDV18  # noqa: E402
from memeval.hold._rules_v19 import _AIW19, _RISK19  # noqa: E402
from memeval.hold._rules_v20 import _PERSIST20, _RISK_ACT20  # noqa: E402
from memeval.hold._stacked import BASE_FEATURES  # noqa: E402

CUE_GATE = 0.1
"""The classifier's probability from which the cues are read (below it, or when the rules hold, they are 0)."""
CUE_CHARS = 2000
"""How much of a text the cues read (an order to an agent shows its parts early; bounds the work per text)."""


def _c(p: str) -> re.Pattern[str]:
    return re.compile(unicodedata.normalize("NFKC", p))


_PERSIST = _c(
    r"(?:"
    + _PERSIST20
    + r"|\bfrom now on\b|\bgoing forward\b|\bhenceforth\b|\bpinned\b|\bremember (?:this|that|for)\b|"
    r"\b(?:à|a) partir de maintenant\b|\bd[ée]sormais\b|\bnouvelle session\b|\bab (?:jetzt|sofort)\b|\bk[üu]nftig\b|"
    r"\bde ahora en adelante\b|\ba partir de ahora\b|\bd'ora in (?:poi|avanti)\b|\bvanaf nu\b|\bod teraz\b|"
    r"\bотныне\b|\bвпредь\b|\bс этого момента\b|\bвід(?:тепер| тепер)\b|\bbundan sonra\b|\bgelecekteki\b|"
    r"\bmulai sekarang\b|\bt[ừu] nay\b|\bfremover\b|\bfram[öo]ver\b|\bj[äa]rjestään\b|"
    r"מעכשיו|من الآن|از این به بعد|अब से|এখন থেকে|পরবর্তী সব|จากนี้|これから|今後|从现在|從現在|以後|앞으로)"
)
_RISK = _c(
    r"(?:"
    + _RISK_ACT20
    + r"|\bskip\w{0,3}\b|\bbypass\w{0,3}\b|\bdisabl\w{1,3}\b|\bcomment\w{0,3} (?:it |them |this |that )?out\b|"
    r"--no-verify\b|\baudit-level\s{0,2}=\s{0,2}none\b|\ballowlist\b|\bsilently\b|\bquietly\b|"
    r"\bwithout (?:asking|waiting|checking|verifying)\b|\bsans (?:attendre|v[ée]rifier|demander)\b|"
    r"\bsenza (?:chiedere|aspettare|verificare)\b|\bohne (?:zu )?(?:fragen|warten|pr[üu]fen)\b|"
    r"\bsin (?:esperar|preguntar)\b|"
    r"\bsem (?:esperar|perguntar)\b|\butan att\b|\bpor[ -]?alto\b|\befface\w{0,2}\b|\bl[öo]sch\w{1,3}\b|"
    r"\bdelete\w{0,2}\b|\berase\w{0,2}\b|\bborra\w{0,2}\b|\bcancella\w{0,2}\b|\bpoista\w{0,4}\b|"
    r"\byapmadan\b|\bbeklemeden\b|\bonay bekleme\b|\bsorma(?:dan)?\b|\bnie informowa\w{1,3}\b|"
    r"\basimwambie\b|\bbila (?:kuuliza|idhini)\b|\bne küldj\b|\bne szólj\b|"
    r"না চেয়েই|ছাড়াই|ছাড়া|बिना|بدون|دون|بلا|בלי|ללא|без|不要|别|無視して|せずに|しないで|없이|묻지 않|"
    r"주석 처리|删除|刪除|跳过|跳過|スキップ|건너뛰)"
)
_SECRET = _c(
    r"(?:" + _RISK19 + r"|\bapi[ _-]?keys?\b|\b\w{0,20}_(?:api_)?(?:key|token|secret)s?\b|\btokens?\b|\bsecrets?\b|"
    r"\bcredentials?\b|\bprivate keys?\b|\benvironment variables?\b|\benv vars?\b|\b(?:system|hidden) prompt\b|"
    r"\bguardrails?\b|\bsoul\.md\b|\bcanary\b|\bsaved passwords?\b|\bpesel\b|\bsocial security\b|"
    r"\bbank ?(?:card|account)\w{0,2}\b|\biban\b|\bsalari\w{1,3}\b|\bpayroll\b|\blista? (?:de |dos )?"
    r"(?:pagamentos|clientes)\b|\blista płac\b|\bsenhas\b|\bclave\w{0,2}\b|\bchiav\w{1,3}\b|\bschl[üu]ssel\b|"
    r"\bcl[ée]s?\b|\banahtar\w{0,6}\b|\bkunci\b|\bsalio\b|"
    r"ключ\w{0,3}|токен\w{0,3}|секрет\w{0,3}|مفتاح|کلید|מפתח|キー|トークン|シークレット|密钥|密鑰|令牌|"
    r"키를|토큰|시스템 프롬프트|システムプロンプト|系统提示|系統提示)"
)
_SEND = _c(
    r"(?:"
    + _SENDV18
    + r"|\bshare\w{0,2}\b|\bpaste\b|\bunggah\b|\bkirim\w{0,2}\b|\batume\b|\bprzesła\w{1,3}\b|\bwyślij\w{0,2}\b|"
    r"\bpartag\w{1,4}\b|\bcompart\w{1,4}\b|\bcondivid\w{1,4}\b|\bteile\b|\bexport\w{0,4}\b|"
    r"\bterhel\w{1,3}\b|\bcharge\b|\bhttp get\b|\bmake an http\b|\bcurl\b|\bwget\b|"
    r"寄到|发送|發送|寄给|寄給|送って|送信|보내|전송|ارسل|أرسل|بفرست|שלח|भेज|পাঠা)"
)
_DEST = _c(r"(?:[\w.+-]{1,64}@[\w-]{1,63}\.[\w.]{2,20}|https?://[^\s\"'<>]{3,80})")
_AI = _c(
    r"(?:" + _AIW19 + r"|\bif you are an? (?:ai|assistant|language model|llm)\b|\bmi asszisztens\w{0,3}\b|\bmsaidizi\b|"
    r"\bagen\b|\bagente\b|\basystent\w{0,3}\b|\bavustajalle\b|助理|助手|アシスタント|어시스턴트|에이전트)"
)
_REQUEST = _c(
    r"(?:\b(?:list|show|print|display|reveal|give|tell|dump|output|echo|cat|read out|summari[sz]e|share|"
    r"check (?:if|whether)|look up|provide|send)\b|\bfirst and last \d\b|\bmuestra\b|\bmostra\w{0,2}\b|"
    r"\bmontre\b|\bzeig\w{0,2}\b|\bpoka[żz]\w{0,2}\b|\bпокажи\b|\bвыведи\b|\bgöster\b|\btampilkan\b|"
    r"見せて|表示して|教えて|显示|顯示|告诉|告訴|보여|알려)"
)
_CJK_OVERRIDE = _c(
    r"(?:(?:システム|system|系统|系統|시스템)?\s?(?:プロンプト|指示|命令|指令|規則|规则|规定|ルール|制限|限制|设定|設定|"
    r"프롬프트|지시|규칙|제한)[^\n。]{0,6}(?:を|は|的)?\s?(?:無視|無効|忘れ|忽略|忘记|忘記|무시|잊어)|"
    r"(?:無視|忽略|무시)[^\n。]{0,4}(?:プロンプト|指示|命令|指令|规则|規則|지시|프롬프트))"
)
_MONEY = _c(r"(?:\b[a-z]{2}\d{2}(?: ?[0-9a-z]{4}){3,7}\b|\d[\d ., ]{0,9}\s?(?:€|\$|£|ft|zł|kr|eur|usd)\b)")

CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("persist", _PERSIST),
    ("risk", _RISK),
    ("secret", _SECRET),
    ("send", _SEND),
    ("dest", _DEST),
    ("ai", _AI),
    ("request", _REQUEST),
    ("cjk_override", _CJK_OVERRIDE),
    ("money", _MONEY),
)
"""Each cue's name and pattern (searched on the folded text)."""

PAIRS: tuple[tuple[str, str], ...] = (
    ("persist", "risk"),
    ("persist", "secret"),
    ("persist", "send"),
    ("ai", "risk"),
    ("ai", "secret"),
    ("ai", "send"),
    ("send", "dest"),
    ("secret", "request"),
    ("secret", "send"),
    ("risk", "secret"),
    ("money", "send"),
)
"""Pairs of cues read together (each an input of its own: 1 when both are found)."""

CUE_FEATURES: tuple[str, ...] = (
    *(f"cue_{n}" for n, _ in CUES),
    *(f"cue_{a}_{b}" for a, b in PAIRS),
    "cue_count",
    "cue_short",
)
"""The stage's cue inputs, in order (`cue_features`)."""


def fold(text: str) -> str:
    """The first `CUE_CHARS` characters of `text`, NFKC-normalised and case-folded."""
    return unicodedata.normalize("NFKC", text[:CUE_CHARS]).casefold()


def cue_features(text: str) -> list[float]:
    """0/1 per cue, per pair, then the number of cues found over 9 and 1.0 for a text under 80 characters.

    In `CUE_FEATURES` order. Args: `text` as sent (any length; only its first `CUE_CHARS` characters are read).
    """
    t = fold(text)
    found = {name: p.search(t) is not None for name, p in CUES}
    values = [float(found[n]) for n, _ in CUES]
    values += [float(found[a] and found[b]) for a, b in PAIRS]
    return [*values, sum(found.values()) / len(CUES), float(len(text.strip()) < 80)]


def cue_inputs(text: str, rules: HoldAssessment, clf: HoldAssessment, gate: float = CUE_GATE) -> list[float]:
    """`cue_features(text)` when the rules do not hold and the classifier's probability is >= `gate`, else 0s."""
    if rules.held or clf.score < gate:
        return [0.0] * len(CUE_FEATURES)
    return cue_features(text)


class CueTable(t24.Table24):
    """`Table24` with the cue columns after the stage's base inputs (the families after them)."""

    def __init__(self, rows: list[dict[str, Any]], examples: list[dict[str, Any]], gate: float = CUE_GATE) -> None:
        super().__init__(rows, examples)
        n = len(BASE_FEATURES)

        def add(x: np.ndarray, rs: list[dict[str, Any]]) -> np.ndarray:
            cues = np.array([cue_inputs(r["text"], r["rules"], r["clf"], gate) for r in rs], dtype=np.float64)
            return np.hstack([x[:, :n], cues.reshape(len(rs), len(CUE_FEATURES)), x[:, n:]])

        self.x, self.examples = add(self.x, rows), add(self.examples, examples)
        self.n_base = n + len(CUE_FEATURES)
        self.fired = self.x[:, self.n_base :] > 0

    def columns(self, mask: np.ndarray, least: int) -> tuple[np.ndarray, list[str]]:
        """Column indices (base and cue inputs, then the families matched by >= `least` rows of `mask`), names."""
        counts = self.fired[mask].sum(axis=0)
        keep = [i for i, k in enumerate(counts) if k >= least]
        return np.array([*range(self.n_base), *(self.n_base + i for i in keep)]), [self.all_families[i] for i in keep]
