"""A language-agnostic reading of risk: words of 30 languages mapped to 25 shared concepts (issue 15, round 36).

The character n-gram classifiers (hashlr-14, hashlr-16) learn an order's words language by language: what the
English rows teach them about "send the customer list to this outside address, do not tell the team" does not reach
the same order in Polish or Swahili, and the blind looks v31-v35 missed most orders outside English (v35: 15 of 64).
This module maps the words that carry such an order in about 30 languages onto shared concepts (an AI reader, a
message relayed between agents, a standing frame such as "from now on", an act: send, delete, switch off, conceal,
grant rights, pay, approve, run; an object: secrets, other people's data, logs, safeguards; and words of
description: "the attacker", "for example"), so that a model fitted on the pooled rows of every language reads the
same few numbers for all of them. The lists (`_concepts_lexicon`) are written for memeval (translation tables of
ordinary words, no text copied from any set or project), not learnt. Round 36's stage (`_stacked36`) reads them.

`concepts(text)` returns the set of concept names found; `vector(text)` the stage's numbers (`FEATURES`).
Matching: the text is NFKC-normalised and case-folded; a word of a spaced script matches a form when it starts with
the form's stem (a form ending in "=" must be the whole word); a form of several words matches consecutive words; a
form in a script written without spaces between words (Han, kana, Hangul, Thai, the Indic scripts, and Arabic,
Persian and Hebrew, where articles and conjunctions are written onto the word) matches anywhere as a substring.
Cost: about 0.03 ms of CPU a text of the ingest bench (words memoised; `bench/hold_cv_round36.py --cpu`).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Iterator

from memeval.hold._concepts_lexicon import LEXICON
from memeval.hold._concepts_lexicon38 import LEXICON38

CONCEPTS = tuple(LEXICON)
"""The concepts, in the order of `vector`'s first numbers."""

ACTS = ("ignore", "reveal", "send", "delete", "disable", "conceal", "admin", "money", "approve", "execute", "persona")
"""The concepts that name a risky act."""

ADDRESS = ("ai-reader", "whoever", "relay", "future")
"""The concepts that say who or what the order is for."""

FEATURES = (
    *(f"concept_{c}" for c in CONCEPTS),
    "acts_log1p",
    "objects_log1p",
    "act_x_address",
    "act_x_object",
    "send_x_external",
    "act_x_conceal",
    "act_x_describe",
    "act_x_negation",
    "act_x_structured",
)
"""The names of `vector`'s numbers."""

_UNSPACED = re.compile(r"[\u0590-\u06ff\u0900-\u0dff\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_UNSPACED_RUN = re.compile(
    r"[\u0590-\u06ff\u0900-\u0dff\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff ]+"
)
_WORD = re.compile(r"[^\W\d_]+|[$€]")


def _index(
    lexicon: dict[str, tuple[str, ...]] = LEXICON,
) -> tuple[
    dict[str, tuple[str, ...]],
    dict[str, tuple[str, ...]],
    dict[str, list[tuple[tuple[str, ...], bool, str]]],
    dict[str, tuple[str, ...]],
]:
    """The lookup tables of `lexicon` (`LEXICON` unless given).

    Returns:
        (stem -> concepts, whole word -> concepts, first word -> [(the phrase's words, last word whole, concept)],
        substring -> concepts).
    """
    prefix: dict[str, set[str]] = {}
    exact: dict[str, set[str]] = {}
    phrase: dict[str, list[tuple[tuple[str, ...], bool, str]]] = {}
    sub: dict[str, set[str]] = {}
    for concept, forms in lexicon.items():
        for raw in forms:
            form = unicodedata.normalize("NFKC", raw).casefold().strip()
            if _UNSPACED.search(form):
                sub.setdefault(form, set()).add(concept)
                continue
            whole = form.endswith("=")
            words = tuple(_WORD.findall(form.rstrip("=")))
            if not words:
                continue
            if len(words) > 1:
                phrase.setdefault(words[0], []).append((words, whole, concept))
            else:
                (exact if whole else prefix).setdefault(words[0], set()).add(concept)
    return _frozen(prefix), _frozen(exact), phrase, _frozen(sub)


def _frozen(table: dict[str, set[str]]) -> dict[str, tuple[str, ...]]:
    """`table` with each set of concepts as a sorted tuple."""
    return {k: tuple(sorted(v)) for k, v in table.items()}


_PREFIX, _EXACT, _PHRASE, _SUB = _index()
_PREFIX_LENS = tuple(sorted({len(k) for k in _PREFIX}))
_SUB_LENS: dict[str, tuple[int, ...]] = {}
for _k in _SUB:
    _SUB_LENS[_k[0]] = tuple(sorted({*_SUB_LENS.get(_k[0], ()), len(_k)}))
_WORD_MEMO: dict[str, tuple[str, ...]] = {}
_MEMO_MAX = 200_000


def _word(w: str) -> tuple[str, ...]:
    """The concepts one word carries by itself (its whole form or a stem it starts with), memoised."""
    hit = _WORD_MEMO.get(w)
    if hit is not None:
        return hit
    out: set[str] = set(_EXACT.get(w, ()))
    for k in _PREFIX_LENS:
        if k > len(w):
            break
        out.update(_PREFIX.get(w[:k], ()))
    res = tuple(out)
    if len(_WORD_MEMO) >= _MEMO_MAX:
        _WORD_MEMO.clear()
    _WORD_MEMO[w] = res
    return res


def concepts(text: str, limit: int = 6000) -> set[str]:
    """The concept names whose forms occur in the first `limit` characters of `text` (see the module docstring)."""
    t = unicodedata.normalize("NFKC", text[:limit]).casefold()
    found: set[str] = set()
    words = _WORD.findall(t)
    n = len(words)
    for i, w in enumerate(words):
        found.update(_word(w))
        for form, whole, concept in _PHRASE.get(w, ()):
            m = len(form)
            if i + m > n or concept in found:
                continue
            ok = all(words[i + j].startswith(form[j]) for j in range(1, m))
            if ok and (not whole or words[i + m - 1] == form[-1]):
                found.add(concept)
    for _, _, _, c in _unspaced_hits(t):
        found.update(c)
    return found


def _unspaced_hits(t: str) -> Iterator[tuple[str, int, int, tuple[str, ...]]]:
    """Each lexicon entry inside a run of an unspaced script (Chinese, Japanese, Thai...) of the folded text `t`.

    Yields (the run, the entry's start in it, its length in characters, its concepts), in reading order.
    """
    if not _UNSPACED.search(t):
        return
    for run in _UNSPACED_RUN.findall(t):
        r = len(run)
        for i, ch in enumerate(run):
            for k in _SUB_LENS.get(ch, ()):
                if i + k > r:
                    break
                c = _SUB.get(run[i : i + k])
                if c is not None:
                    yield run, i, k, c


OBJECTS = ("secret", "people", "logs", "safeguard", "rules")
"""The concepts that name what a risky act is done to."""

_STRUCTURED = re.compile(r'(?m)^\s*[\[{<]|"[\w-]+"\s*:|^[^\n;,]{1,40}[;,][^\n;,]{1,40}[;,]|^\s*[\w.-]+\s*[=:]\s*\S')
"""Data rather than prose: JSON, markup, a CSV or INI line, a key-value line (where a tool's output or a record
carries an order for whoever reads it)."""


def vector(text: str) -> list[float]:
    """`FEATURES` of `text`: one 0/1 per concept, then counts and products (see `FEATURES`)."""
    found = concepts(text)
    acts = sum(c in found for c in ACTS)
    objects = sum(c in found for c in OBJECTS)
    address = any(c in found for c in ADDRESS)
    return [
        *(float(c in found) for c in CONCEPTS),
        math.log1p(acts),
        math.log1p(objects),
        float(acts > 0 and address),
        float(acts > 0 and objects > 0),
        float("send" in found and ("external" in found or "people" in found or "secret" in found)),
        float(acts > 0 and "conceal" in found),
        float(acts > 0 and "describe" in found),
        float(acts > 0 and "negation" in found),
        float(acts > 0 and _STRUCTURED.search(text[:6000]) is not None),
    ]


def names(found: Iterable[str]) -> str:
    """The found concepts joined for printing."""
    return ",".join(sorted(found))


# Round 38: acts read with a negation scope, and text framed as another speaker's (issue 15, round 38).

NEGATORS = (
    "not=",
    "no=",
    "nor=",
    "avoid",
    "refrain",
    "forbid",
    "prohibit",
    "kein",
    "verbot",
    "untersag",
    "interdit",
    "prohib",
    "proib",
    "vietat",
    "zakaz",
    "zabroni",
    "запрещ",
    "заборон",
    "yasak",
    "dilarang",
    "cấm",
    "đừng",
    "niet=",
    "nicht=",
    "ni=",
    "nu=",
    "ne=",
    "nie=",
    "не=",
    "ніколи",
    "asla",
    "jamais",
    "nunca",
    "mai=",
)
"""Stems (a form ending "=" is the whole word) that open a negation scope besides the lexicon's `negation` forms:
"do not", "avoid", "is forbidden" and their translations. Written for memeval (ordinary words of each language)."""

NEGATORS_UNSPACED = (
    "不要",
    "不得",
    "不可",
    "不能",
    "切勿",
    "请勿",
    "請勿",
    "勿",
    "别",
    "別",
    "严禁",
    "嚴禁",
    "禁止",
    "决不",
    "絶対に",
    "절대",
    "لا ",
    "ممنوع",
    "لن ",
    "אל ",
    "אסור",
    "मत",
    "नहीं",
    "कभी नहीं",
    "อย่า",
    "ห้าม",
    "ไม่",
)
"""Negations written before the act in the unspaced scripts (Chinese 不要/勿, Arabic لا, Hebrew אל, Hindi मत, Thai
อย่า); `NEGATORS_AFTER` are written after it (Japanese しないで, Korean 하지 마)."""

NEGATORS_AFTER = ("しないで", "ないで", "しない", "してはいけ", "ては駄目", "禁止", "하지 마", "지 마", "금지", "지 말")

SCOPE_WORDS = 5
"""An act word is under a negation that opens at most this many words before it in the same clause."""
SCOPE_CHARS = 4
"""In an unspaced script: a negation ending at most this many characters before the act, or beginning at most this
many after its end (`NEGATORS_AFTER`), in the same run."""

_TOKEN = re.compile(r"[^\W\d_]+|[$€]|[.;:!?\n。！？；]")
_BREAK = frozenset(".;:!?\n。！？；")
_NEG_PREFIX = tuple(n for n in NEGATORS if not n.endswith("="))
_NEG_EXACT = frozenset(n[:-1] for n in NEGATORS if n.endswith("="))

_FRAME = re.compile(
    r"(?im)^\W{0,4}(?:\[|<|#+\s*)?(?:tool|function|plugin|api|observation|output|result|response|assistant|agent|"
    r"system|orchestrator|planner|scheduler|sub-?agent|worker)[\w \-]{0,30}(?:\]|>|:|\boutput\b|\bresult\b)"
    r'|"(?:role|type)"\s*:\s*"(?:tool|function|tool_result|function_call|assistant|system)"'
    r"|\b(?:message|note|instructions?|handoff|hand-off|update) from (?:the )?[\w\- ]{0,30}(?:agent|bot|assistant|"
    r"tool|orchestrator|planner|scheduler|system)\b"
)
"""Text that presents itself as another agent's or a tool's words: a leading `[tool]`, `Observation:`, `Agent X:`,
`<function result>`, a JSON role of tool, function, assistant or system, "message from the planner agent"."""

_P38, _E38, _PH38, _S38 = _index(LEXICON38)
_P38_LENS = tuple(sorted({len(k) for k in _P38}))
_S38_LENS = tuple(sorted({len(k) for k in _S38}))


def concepts38(text: str, limit: int = 6000) -> set[str]:
    """The concepts of `LEXICON38` found in the first `limit` characters of `text`.

    Authority claimed, a check skipped, a stored lesson; matched as `concepts` matches `LEXICON`'s forms.
    """
    return _scan(text, limit, _P38, _E38, _PH38, _S38, _P38_LENS, _S38_LENS)


_SCAN_MEMOS: list[tuple[object, object, tuple[int, ...], dict[str, tuple[str, ...]]]] = []


def _scan_memo(prefix: object, exact: object, prefix_lens: tuple[int, ...]) -> dict[str, tuple[str, ...]]:
    """The word memo of `_scan` for these tables (found by identity; the tables are kept, so no id is reused)."""
    for p, e, lens, kept in _SCAN_MEMOS:
        if p is prefix and e is exact and lens == prefix_lens:
            return kept
    memo: dict[str, tuple[str, ...]] = {}
    _SCAN_MEMOS.append((prefix, exact, prefix_lens, memo))
    return memo


def _scan(
    text: str,
    limit: int,
    prefix: dict[str, tuple[str, ...]],
    exact: dict[str, tuple[str, ...]],
    phrase: dict[str, list[tuple[tuple[str, ...], bool, str]]],
    sub: dict[str, tuple[str, ...]],
    prefix_lens: tuple[int, ...],
    sub_lens: tuple[int, ...],
) -> set[str]:
    """The concepts of one extra lexicon's tables (`_index`) found in the first `limit` characters of `text`.

    What one word carries by itself (its whole form, the stems it starts with) is memoised per table, as `_word`
    memoises `LEXICON`'s (issue 15, round 49: the same sets, a fraction of the lookups).
    """
    t = unicodedata.normalize("NFKC", text[:limit]).casefold()
    found: set[str] = set()
    words = _WORD.findall(t)
    n = len(words)
    memo = _scan_memo(prefix, exact, prefix_lens)
    for i, w in enumerate(words):
        hit = memo.get(w)
        if hit is None:
            one = set(exact.get(w, ()))
            for k in prefix_lens:
                if k > len(w):
                    break
                one.update(prefix.get(w[:k], ()))
            hit = tuple(one)
            if len(memo) >= _MEMO_MAX:
                memo.clear()
            memo[w] = hit
        found.update(hit)
        for form, whole, concept in phrase.get(w, ()):
            m = len(form)
            if i + m <= n and all(words[i + j].startswith(form[j]) for j in range(1, m)):
                if not whole or words[i + m - 1] == form[-1]:
                    found.add(concept)
    if _UNSPACED.search(t):
        for run in _UNSPACED_RUN.findall(t):
            for i in range(len(run)):
                for k in sub_lens:
                    c = sub.get(run[i : i + k])
                    if c is not None:
                        found.update(c)
    return found


FEATURES38 = (
    *FEATURES,
    *(f"concept_{c}" for c in LEXICON38),
    "authority_x_free_act",
    "skip_x_free_act",
    "memory_x_free_act",
    "acts_free_log1p",
    "acts_negated_only",
    "free_act_x_address",
    "free_act_x_object",
    "free_send_x_external",
    "free_act_x_future",
    "negated_act_x_future",
    "speaker_frame",
    "frame_x_free_act",
)
"""The names of `vector38`'s numbers: `FEATURES`, then the acts split by negation scope and the speaker frame."""


def _negator(words: list[str], i: int) -> bool:
    """Whether `words[i]` opens a negation (a lexicon `negation` form starting there, or one of `NEGATORS`)."""
    w = words[i]
    if "negation" in _word(w) or w in _NEG_EXACT or w.startswith(_NEG_PREFIX):
        return True
    for form, whole, concept in _PHRASE.get(w, ()):
        m = len(form)
        if concept == "negation" and i + m <= len(words):
            tail_ok = not whole or words[i + m - 1] == form[-1]
            if tail_ok and all(words[i + j].startswith(form[j]) for j in range(1, m)):
                return True
    return False


def clause_words(t: str) -> tuple[list[str], set[int]]:
    """The words of the folded text `t` (`_TOKEN`'s tokens without the clause breaks) and where the breaks fall.

    Returns (the words in reading order, the word positions a clause break `.;:!?`, a line break or a CJK stop comes
    before). Shared by the negation scopes (`scoped_acts`, `_concepts40.scoped40`, `_concepts41`, `_concepts46`).
    """
    words: list[str] = []
    breaks: set[int] = set()
    for tok in _TOKEN.findall(t):
        if tok in _BREAK:
            breaks.add(len(words))
        else:
            words.append(tok)
    return words, breaks


def unspaced_negated(run: str, i: int, k: int) -> bool:
    """Whether the entry `run[i : i + k]` of a run of an unspaced script lies under a negation.

    Under one when one of `NEGATORS_UNSPACED` ends at most `SCOPE_CHARS` characters before it, or one of
    `NEGATORS_AFTER` begins at most `SCOPE_CHARS` characters after its end, in the same run.
    """
    before, after = run[max(0, i - SCOPE_CHARS - 4) : i], run[i + k : i + k + SCOPE_CHARS + 4]
    return any(n in before[-(SCOPE_CHARS + len(n)) :] for n in NEGATORS_UNSPACED) or any(
        n in after[: SCOPE_CHARS + len(n)] for n in NEGATORS_AFTER
    )


def scoped_acts(text: str, limit: int = 6000) -> tuple[set[str], set[str]]:
    """The act concepts (`ACTS`) of the first `limit` characters of `text`, split by negation scope.

    Returns:
        (acts with at least one occurrence outside any negation's scope, acts found only under one). An occurrence is
        under a negation when a negation word ("never", "do not", "nie", `NEGATORS`) opens at most `SCOPE_WORDS`
        words before it in the same clause (no `.;:!?` or line break between), or, in a script written without
        spaces, when one of `NEGATORS_UNSPACED` ends at most `SCOPE_CHARS` characters before it or one of
        `NEGATORS_AFTER` begins at most `SCOPE_CHARS` after it. "Never tell the user" is not read as a forbidden
        act: "tell" is no act here, and "don't tell" is the `conceal` concept, which is never scoped.
    """
    t = unicodedata.normalize("NFKC", text[:limit]).casefold()
    free: set[str] = set()
    negated: set[str] = set()
    last_neg = -(10**6)
    words, breaks = clause_words(t)
    for i, w in enumerate(words):
        if i in breaks:
            last_neg = -(10**6)
        acts = [c for c in _word(w) if c in ACTS]
        acts += [concept for form, _, concept in _PHRASE.get(w, ())
                 if concept in ACTS and i + len(form) <= len(words)
                 and all(words[i + j].startswith(form[j]) for j in range(1, len(form)))]  # fmt: skip
        if "conceal" in acts:  # "don't tell", "do not log": an order to hide, never a forbidden act
            free.add("conceal")
        if _negator(words, i):
            last_neg = i
            continue
        for c in acts:
            (negated if i - last_neg <= SCOPE_WORDS and c != "conceal" else free).add(c)
    for run, i, k, hit in _unspaced_hits(t):
        found = [c for c in hit if c in ACTS]
        if not found:
            continue
        neg = unspaced_negated(run, i, k)
        for c in found:
            (negated if neg and c != "conceal" else free).add(c)
    return free, negated - free


def vector38(text: str) -> list[float]:
    """`FEATURES38` of `text`.

    `vector`'s numbers, then `LEXICON38`'s concepts and their products with an act ordered, the acts ordered (outside
    a negation's scope, `scoped_acts`) and forbidden only, their products with who the text addresses, what it names
    and "from now on", and whether the text presents itself as another agent's or a tool's message (`_FRAME`, or the
    `relay` concept).
    """
    base = vector(text)
    found = concepts(text)
    free, negated = scoped_acts(text)
    n_free = len(free)
    address = any(c in found for c in ADDRESS)
    objects = any(c in found for c in OBJECTS)
    frame = "relay" in found or _FRAME.search(text[:6000]) is not None
    more = concepts38(text)
    return [
        *base,
        *(float(c in more) for c in LEXICON38),
        float("authority-claim" in more and n_free > 0),
        float("skip-check" in more and n_free > 0),
        float(("memory-frame" in more or "future" in found) and n_free > 0),
        math.log1p(n_free),
        float(bool(negated) and n_free == 0),
        float(n_free > 0 and address),
        float(n_free > 0 and objects),
        float("send" in free and ("external" in found or "people" in found or "secret" in found)),
        float(n_free > 0 and "future" in found),
        float(bool(negated) and n_free == 0 and "future" in found),
        float(frame),
        float(frame and n_free > 0),
    ]
