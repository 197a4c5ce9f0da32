"""The hold rules' type and the pieces every rule table shares; the patterns read around a match.

`Rule` (a pattern with its weight and how negation and context bear on it), `_r` (compile a
pattern over the normalised text), the phrase pieces the tables build on (`AI`, `gap`, `word_gap`,
`any_gap`, `SENSITIVE`, `_SEND`, `DESTINATION`), and the patterns the detector reads around a rule's match
(`NEGATION`, `NEGATION_AFTER`, `NEGATED_INSIDE`, `META`, `QUOTED`, `INLINE_CODE`). The tables
themselves are `_rules.py` (rules/1), `_rules_ml.py` (rules/2 to rules/5) and `_rules_v6.py` on;
`_rules` re-exports every name here, so `from memeval.hold._rules import Rule` still works.
"""

from __future__ import annotations

import json
import re
import warnings
from dataclasses import dataclass
from typing import Any, cast

from memeval._lazyre import LazyPattern
from memeval.hold import _derived

AI = (
    r"(?:ai|a\.i\.|assistant|agent|llm|language model|model|bot|chatbot|claude|gpt|chatgpt|"
    r"copilot|gemini|crawler|reviewer)s?"
)
_GAP = r"(?:\W+[\w'-]+){0,%d}?\W+"
GAP_WORD_MAX = 1024
r"""The scan windows of `word_gap` and `any_gap` (issue 15, redos3): a gap crosses a run of word-or-joiner
characters (a "word": `[\w'-]`, or `[\w<joiners>]`) only when it is at most this long, and hands over
inside a run (after a joiner) only within its first `GAP_INSIDE_MAX` characters. Without them a gap
read every long run to its end at each place a rule starts, and a gap inside a gap did so at each
place inside the run (a 64 KiB text of "bypass--its--" took `override-instructions` about 8,000 CPU
s, cubic); with them a rule's work at one start is bounded. The hold fixtures' readings have the same
spans as with the plain `gap` (`scripts/redos_compare.py`)."""
GAP_INSIDE_MAX = 64
"""See `GAP_WORD_MAX`."""


def gap(n: int) -> str:
    r"""Up to `n` intervening words: the reference form, which no rule uses any more.

    `scripts/redos_compare.py` and `tests/hold/test_hold_redos.py` check `word_gap` and `any_gap`
    against it. It backtracks badly: `\W+` and `[\w'-]+` both take `'` and `-`, so a run of dashes or a
    hyphenated word splits in very many ways (a 46-dash line made one rule take 194 s). Where the
    pattern after the gap can only start on a word character, rules use `word_gap`, and elsewhere
    `any_gap`: the same matches.
    """
    return _GAP % n


def word_gap(n: int) -> str:
    r"""`gap(n)` with the same matches and linear backtracking, for a gap followed by a word character.

    Precondition: whatever follows in the pattern can only match starting on a `\w` character
    (`(?:the )?(?:instructions|...)`, not `\.env` or `[\w.+-]+@`); `tests/hold/test_hold_redos.py`
    checks every use. Under it, `gap(n)` can only hand over at a word start, and Python's
    backtracking tries those starts in this order (the first that lets the rest match wins):
    (a) the first word of each of the next n+1 runs of `[\w'-]` (runs split by any other non-word
    character), nearest first; then (b) the word starts inside runs 1..n after a `'` or `-`
    ("pre-|instructions"), furthest first. Every other way of splitting the dashes and hyphens
    reaches a state already tried with as many or more words left, so it cannot succeed. The two
    branches below visit exactly (a) then (b), each start once, with possessive pieces that
    cannot re-split a run. The equivalence is checked on every hold fixture and sample text by
    `scripts/redos_compare.py`.
    """
    if n < 1:
        return r"\W+"
    k, inside = GAP_WORD_MAX, GAP_INSIDE_MAX
    run = rf"[\w'-]{{1,{k}}}+(?![\w'-])\W++"
    return rf"(?:\W++(?:{run}){{0,{n}}}?|\W++(?:{run}){{0,{n - 1}}}[\w'-]{{0,{inside - 1}}}['-])"


def any_gap(n: int, joiners: str = "'-") -> str:
    r"""`(?:\W+[\w<joiners>]+){0,n}?\W+` with the same matches before any pattern, without re-splitting.

    For a gap followed by a pattern that may start on a non-word character (`\.env\b`,
    `[\w.+-]+@`, `~/\.aws`), where `word_gap`'s precondition fails. `joiners` are the non-word
    characters a "word" may hold besides `\w` (`'-` for `gap`, `'.~/-` for `_RISKY`'s paths);
    each must be a non-word character that needs no escape inside `[...]` but for `-` last.

    Why the same matches: call a *piece* a maximal run of word-or-joiner characters that holds a
    word character, a_k the first word character of the k-th piece after the gap's start and b_k
    the character after that piece. Python's lazy repeat tries the tail (`\W+` then the rest)
    before one more word, and one more word before a shorter one, so the gap hands over, first
    time at each place: (A) for k = 0..n, the places in (b_k, a_{k+1}] (b_0 the start: the
    non-word stretch after piece k and the next piece's first word character), furthest first;
    then (B) for k = n down to 1, the places in (a_k, b_k] just after a joiner inside piece k,
    furthest first. Every other split of the joiners reaches a place already tried with as many
    or more words spent, so it cannot succeed where the first try failed. The first branch below
    visits (A) (possessive pieces, then a plain `\W+` that gives back one character at a time),
    the second (B); a rule's match is the rest's match at the first place where the rest matches,
    so the spans are the same. Checked on random texts and on every hold fixture and sample text
    by `scripts/redos_compare.py`.
    """
    if n < 1:
        return r"\W+"
    a, b = any_gap_branches(n, joiners)
    return f"(?:{a}|{b})"


def any_gap_branches(n: int, joiners: str = "'-") -> tuple[str, str]:
    """`any_gap(n, joiners)`'s two branches, (A) then (B), for a rule that follows each its own way.

    `A + X` or `B + Y` in one alternation, where X and Y match what the pattern after the gap
    matches at every place the branch hands over at, has the rule's matches (the alternation is
    tried in that order); n must be at least 1.
    """
    word, k, inside = rf"[\w{joiners}]", GAP_WORD_MAX, GAP_INSIDE_MAX
    piece = rf"{word}{{1,{k}}}+(?!{word})"
    return rf"(?:\W++{piece}){{0,{n}}}?\W+", rf"\W++(?:{piece}\W++){{0,{n - 1}}}{word}{{0,{inside - 1}}}[{joiners}]"


EMAIL_AT = r"[\w.+-]{1,64}+@"
r"""The start of an e-mail address up to its `@`: a local part read to 64 characters (RFC 5321's limit).

Was `[\w.+-]+@`, which read a run of `\w.+-` to its end at every place a rule tried it (a lazy
window tries each place: quadratic on a 64 KiB run, issue 15, redos3); the same matches wherever a
local part is at most 64 characters."""
EMAIL_AT_RUN = r"(?<![\w.+-])" + EMAIL_AT
r"""`EMAIL_AT` tried only where a run of `\w.+-` starts: after a window's first place (`window_then`)."""


def window_then(w: int, tail: str, tail_at_run: str, chars: str = r"[^\n]") -> str:
    r"""`chars{0,w}?` then `tail`, the same matches when `tail_at_run` is `tail` with `EMAIL_AT_RUN` for `EMAIL_AT`.

    A lazy window tries `tail` at each of its w+1 places, left to right; an `EMAIL_AT` branch of
    `tail` at a place just after a `\w.+-` character reads the same run to the same `@` as at the
    place before, which was tried already and failed, so past the first place it is tried only
    where a run starts. Work: w places plus each run once, not w runs of up to 64 characters.
    (Exact where every local part is at most 64 characters from its run's start; `EMAIL_AT` caps it.)
    """
    return rf"(?:{tail}|{chars}{{1,{w}}}?{tail_at_run})"


def run_then(run: str, lo: int, k: int, w: int, tail: str, tail_at_run: str, chars: str = r"[^\n]") -> str:
    r"""`run{lo,k}` (greedy, one character class), a `[^\n]{0,w}?` window, then `tail`: the same matches.

    Python tries the run's ends from the longest down, and after each the window's w+1 places: a
    run of k characters cost about k * w tries of `tail`. The match is the same as: the longest
    run, then the first place within w where `tail` matches; else the last place inside the run
    where `tail` matches (after a shorter run any place within w that is not inside the run was
    tried already after the longest). So: the possessive run then the window, else the run
    backtracking with `tail` right after it; k + w tries. `run` must be a class without a newline.
    The cap k is a scan window (issue 15, redos3): a run longer than k is read to k characters.
    `chars`: the window's class (`[^\n:]` for a window that stops at a colon); `run` must lie inside it.
    """
    r = f"{run}{{{lo},{k}}}"
    return rf"(?:{r}+{window_then(w, tail, tail_at_run, chars)}|{r}{tail})"


def branch_rest(src: str, start: int) -> str:
    r"""The pattern source from `start` to the end of its branch: the next `|` or `)` at its depth.

    `[`...`]` classes (a `]` first in one included) and `\x` escapes are read whole, so a `|` or
    `)` inside them ends nothing. Used to split a group into its alternatives (`top_alternatives`)
    and by the tests that check what follows each `word_gap`.
    """
    depth, i, in_class = 0, start, False
    while i < len(src):
        ch = src[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if src[i + 1 : i + 2] == "]":
                i += 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return src[start:i]
            depth -= 1
        elif ch == "|" and depth == 0:
            return src[start:i]
        i += 1
    return src[start:]


def top_alternatives(group: str) -> list[str]:
    r"""The top-level alternatives of a `(?:a|b|...)` group's source, in order (`[`...`]` and `\x` read whole).

    Raises ValueError when `group` is not one `(?:...)` group.
    """
    if not (group.startswith("(?:") and group.endswith(")")):
        raise ValueError(f"not a (?:...) group: {group[:40]!r}")
    kept = _derived.alternatives(group)  # kept between processes (`_derived`)
    if kept is not None:
        return kept
    try:
        re.compile(group)
    except re.error as exc:  # a `(` never closed, among others
        raise ValueError(f"unbalanced group: {group[:40]!r}") from exc
    body, tops, at = group[3:-1], [], 0
    while True:
        tops.append(branch_rest(body, at))
        at += len(tops[-1])
        if at >= len(body):
            _derived.note(_derived.ALTERNATIVES, group, json.dumps(tops))
            return tops
        if body[at] == ")":  # a `)` closing nothing opened inside the group
            raise ValueError(f"unbalanced group: {group[:40]!r}")
        at += 1  # past the `|`


def alts_then(group: str, w: int, tail: str, chars: str = r"[^\n]", k: int = 64) -> str:
    r"""`group + chars{0,w}? + tail`, the same matches, a stem's `\w*` read once before the window.

    `group` is a `(?:...)` alternation; each alternative in turn gets its own window and `tail` (the
    order Python tries them in), and one ending in `\w*` has it as `run_then` (the run read to k
    characters, a scan window): `stem\w*` before a lazy window read the word's run to its end at each
    window place, so a stem planted many times in one run cost the square of its length (issue 15,
    redos4). `chars` must hold every `\w` character. Alternatives next to each other of the same kind
    share one copy of the tail (redos5: `(?:a|b)t` is tried as `at|bt`, so the same matches; one copy a
    stem kept rules/7's pattern at a tenth of its size).
    """
    runs: list[tuple[bool, list[str]]] = []
    for alt in top_alternatives(group):
        stem = alt.endswith(r"\w*") and not alt.endswith(r"\\w*")
        if runs and runs[-1][0] == stem:
            runs[-1][1].append(alt[:-3] if stem else alt)
        else:
            runs.append((stem, [alt[:-3] if stem else alt]))
    out = []
    for stem, alts in runs:
        g = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        out.append(g + run_then(r"\w", 0, k, w, tail, tail, chars) if stem else f"{g}{chars}{{0,{w}}}?{tail}")
    return "(?:" + "|".join(out) + ")"


def first_chars(pattern: str) -> str:
    r"""A `[...]` class of every character a match of `pattern` can start with (for a scan's prefilter).

    Read from the parse tree: zero-width pieces (`\b`, `^`, look-arounds) are passed over, an optional
    piece adds its first characters and the next piece's; `\w`, `\d` and `\s` are kept as such. Raises
    ValueError when a match can start with any character of a negated class (`[^...]`, `\W`, `.`) or
    can be empty: no prefilter then. The answer is kept between processes (`_derived`).
    """
    kept = _derived.lookup(_derived.FIRST, pattern)
    if kept is not None:
        return kept
    refused = _derived.lookup(_derived.FIRST_REFUSED, pattern)
    if refused is not None:
        raise ValueError(refused)
    try:
        chars = _first_chars_worked_out(pattern)
    except ValueError as exc:
        _derived.note(_derived.FIRST_REFUSED, pattern, str(exc))
        raise
    _derived.note(_derived.FIRST, pattern, chars)
    return chars


def _first_chars_worked_out(pattern: str) -> str:
    """`first_chars` read from the parse tree now (about 2 ms of CPU a piece)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the parser the `re` module itself uses
        import sre_constants as c
        import sre_parse
    categories = {c.CATEGORY_WORD: r"\w", c.CATEGORY_DIGIT: r"\d", c.CATEGORY_SPACE: r"\s"}

    def first(items: list[Any]) -> tuple[set[str], bool]:
        out: set[str] = set()
        for op, av in items:
            if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
                continue
            if op is c.LITERAL:
                return out | {chr(av)}, False
            if op is c.IN:
                for o, a in av:
                    if o is c.LITERAL:
                        out.add(chr(a))
                    elif o is c.RANGE and a[1] - a[0] < 256:
                        out.update(chr(x) for x in range(a[0], a[1] + 1))
                    elif o is c.CATEGORY and a in categories:
                        out.add(categories[a])
                    else:
                        raise ValueError(f"a wide class first in {pattern[:60]!r}")
                return out, False
            if op is c.BRANCH:
                empty = False
                for alt in av[1]:
                    f, e = first(list(alt))
                    out, empty = out | f, empty or e
            elif op is c.SUBPATTERN:
                f, empty = first(list(av[3]))
                out |= f
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                f, e = first(list(av[2]))
                out, empty = out | f, e or av[0] == 0
            else:
                raise ValueError(f"{op} first in {pattern[:60]!r}")
            if not empty:
                return out, False
        return out, True

    parsed: Any = sre_parse.parse(pattern)
    chars, empty = first(list(parsed))
    if empty:
        raise ValueError(f"an empty match of {pattern[:60]!r}")
    return "[" + "".join(ch if len(ch) == 2 else "\\" + ch if ch in "\\]^-[" else ch for ch in sorted(chars)) + "]"


def then(window: str, tail: str) -> str:
    r"""`window + tail`, with `tail` tried only at a place whose character can start it (the same matches).

    A lazy window tries `tail` at each place, and a big alternation that fails costs a try per
    alternative; a class test first (`first_chars`) is one (issue 15, redos5). Without a prefilter
    (`first_chars` refuses `tail`) it is `window + tail`.
    """
    try:
        return f"{window}(?={first_chars(tail)}){tail}"
    except ValueError:
        return window + tail


def clause_act(sent: str, k: int, act: str, prohibit: str) -> str:
    r"""`(?!sent{0,k}?prohibit)sent{0,k}?act` at a clause's start: the same matches, each window prefiltered.

    Each lazy window tries its alternation at each of up to k+1 places, and a big alternation that fails
    costs hundreds of tries; a clause starts after every `:` or `;`, so ":" repeated over 64 KiB was about
    65,000 starts each reading to the clause's end (issue 15, redos5). Here a place is tried only when
    its character is one an `act` (or a `prohibit`) can start with (`first_chars`: one class test), and
    the prohibition is looked for only where the act was found: the same places tried in the same order,
    so the same matches. `act` and `prohibit` must be in the normaliser's form already.
    """
    a, p = first_chars(act), first_chars(prohibit)
    w = rf"{sent}{{0,{k}}}?"
    return rf"(?={w}(?={a}){act})(?!{w}(?={p}){prohibit}){w}(?={a}){act}"


def window_to(w: int, group: str, chars: str = r"[^\n]") -> str:
    r"""`chars{0,w}?` then the `(?:...)` `group`: the same matches, with less work at each place.

    Each place is prefiltered (`then`), and an alternative opening on `EMAIL_AT` is tried past the
    window's first place only where a run starts (`window_then`). Text of one script without spaces
    (CJK, or a planted run) is one run of word characters, so an address's local part was read to 64
    characters at each window place (issue 15, redos5).
    """
    at_run = (
        "(?:"
        + "|".join(EMAIL_AT_RUN + a[len(EMAIL_AT) :] if a.startswith(EMAIL_AT) else a for a in top_alternatives(group))
        + ")"
    )
    if at_run == group:
        return then(f"{chars}{{0,{w}}}?", group)
    return window_then(w, then("", group), then("", at_run), chars)


SENSITIVE = (
    r"(?:api[ _-]?keys?|keys|secret(?:s| keys?)?|tokens?|passwords?|credentials|cookies|\.env\b|"
    r"id_rsa|ssh keys?|private keys?|conversation(?: history)?|chat history|memory|memories|"
    r"system prompt|contacts(?: list)?|session tokens?|one-time (?:password|code)s?|otp|"
    r"2fa codes?|authorized_keys|/etc/shadow|\.aws/credentials|secrets\.\w+|"
    r"password reset links?|environment variables|env vars|customer (?:list|data|database|records|"
    r"emails|details)|(?:private|personal|internal|confidential) (?:data|documents?|files|records"
    r"|pages)|user data|restricted pages|(?:the|whole) database)"
)
_SEND = (
    r"(?:send|post|upload|forward|exfiltrate|e-?mail|paste|include|embed|append|leak|"
    r"transmit|share|copy|export|attach|dump|collect|output|print)s?\b"
)
DESTINATION = (
    r"(?:https?://\S+|" + EMAIL_AT + r"[\w-]+\.[\w.]+|\bto me\b|\bthe address\b|\bshared drive\b"
    r"|\b(?:an? |the )?(?:outside|external|third-party|personal) (?:address|e-?mail|"
    r"server|account|inbox)\b)"
)


@dataclass(frozen=True)
class Rule:
    """One pattern and its weight.

    Attributes:
        name: the reason's `rule` name.
        weight: evidence in (0, 1] when it matches.
        pattern: compiled over the normalised text.
        negatable: skipped when "not/never/don't/refuse..." comes just before the match.
        markup: a chat-markup rule: ignored inside inline code, discounted when the text is
            about markup (template, token, format...).
        person_weight: the weight for text from a person's own words, when it differs.
        requires: a cheaper pattern that every match of `pattern` contains; when the text has
            no match of it, `pattern` is not run (speed only: the matches are the same).
        negated_inside: skipped when a negation word (`NEGATED_INSIDE`) lies inside the match
            (rules/6: a standing order that forbids the risky act, "remember: never paste .env").
        context: when set, the rule counts only in a text where this pattern matches too, anywhere
            (rules/7: a risky act is a standing order only where the text says the order stands).
    """

    name: str
    weight: float
    pattern: re.Pattern[str]
    negatable: bool = False
    markup: bool = False
    person_weight: float | None = None
    requires: re.Pattern[str] | None = None
    negated_inside: bool = False
    context: re.Pattern[str] | None = None


def _r(p: str) -> re.Pattern[str]:
    # compiled on its first search (`memeval._lazyre`: the same matches; an ingest runs few of the rules)
    return cast("re.Pattern[str]", LazyPattern(p, re.MULTILINE))


class AnyOfPatterns:
    r"""Several patterns searched one after another: a `Rule.requires` for a rule whose pattern is their alternation.

    A match of `(?:A|B)` is a match of `A` or of `B` at the same place, so a text with no match of either has
    no match of the whole, and the rule's pattern need not run there (the matches are the same). The parts'
    searches can cost less than the whole's: Python's `re` tries every branch at every place of a text (after
    a look-behind or `\b` it has no fast start), while each part searched alone starts fast on its own.

    Args:
        parts: the branches (regular expressions), compiled on their first search (`memeval._lazyre`);
            none may refer to a group of another (each is compiled alone).
        flags: `re` flags for every part (`re.MULTILINE`, as `_r`).

    Attributes:
        pattern: the parts joined by `|` (what a reader of the rule sees; not searched).
    """

    def __init__(self, parts: tuple[str, ...], flags: int = re.MULTILINE) -> None:
        self.parts = tuple(LazyPattern(p, flags) for p in parts)
        self.pattern = "|".join(parts)

    def search(self, text: str) -> re.Match[str] | None:
        """The first part's first match in `text`, trying the parts in order; None when none matches."""
        for part in self.parts:
            m = part.search(text)
            if m is not None:
                return m
        return None


def any_of_patterns(*parts: str) -> re.Pattern[str]:
    """`AnyOfPatterns(parts)`, typed as the `re.Pattern` that `Rule.requires` holds (only `search` is called)."""
    return cast("re.Pattern[str]", AnyOfPatterns(parts))


NEGATION = re.compile(
    r"\b(?:not|never|don't|dont|no|cannot|can't|refuse[sd]?|refusing|prevent|block|must not|"
    r"should not|shouldn't|won't"
    # rules/6: the same in the languages the rules read (German, French, Spanish, Italian,
    # Portuguese, Dutch, Polish, Russian, Ukrainian, Turkish, Swedish, Czech)
    r"|nie|niemals|nicht|kein\w*|jamais|ne|n'|pas|nunca|jam[aá]s|non|mai|nooit|niet|nigdy|"
    r"никогда|не|нельзя|ніколи|asla|aldrig|inte|nikdy|nesm\w*)\b(?:\W+[\w'-]+){0,3}?\W*$"
    r"|(?:不要|不得|别|切勿|禁止|不准|不可|永远不要|決して|絶対に|절대)[^。！!？?\n]{0,20}$"
)
"""Matched against the 40 characters before a negatable match."""

NEGATION_AFTER = re.compile(r"^[^。、！!？?.\n]{0,12}?(?:ないこと|ないで|しない|ません|禁止|하지 마|하지 말|지 마|않)")
"""rules/6: Japanese and Korean negate after the verb; matched against the 16 characters after a
negatable match."""

NEGATED_INSIDE = re.compile(
    r"\b(?:never|do not|don't|nie|niemals|jamais|ne|nunca|non|mai|nooit|nigdy|никогда|не|asla|aldrig)\b"
    r"|不要|永远不要|切勿|しないこと|하지 마"
)
"""rules/6: a standing-order rule whose match holds one of these ("remember: never paste .env
into tickets") states a prohibition, not an order."""

META = re.compile(
    r"\b(?:prompt injections?|injections?|attack(?:s|ers?)?|jailbreaks?|red[- ]team|"
    r"adversarial|payloads?|phrases?|such as|e\.g\.|for example|looks like|format|"
    r"templates?|tokens?|tokenizer|filters?|screen|classic|known"
    # rules/6: the same in other languages
    r"|angreifer\w*|angriff\w*|attaque\w*|attaquant\w*|ataques?|atacantes?|attacc\w*|aggressor\w*|"
    r"атак\w*|злоумышленник\w*|saldırı\w*|atak\w*|aanval\w*|injektion\w*|inyecci\w*|iniezion\w*|"
    r"inje[cç][aã]o|injeç\w*|инъекц\w*|beispiel|exemple|ejemplo|esempio|exemplo|przykład\w*|пример\w*)\b"
    r"|攻击|攻撃|공격|注入|インジェクション|인젝션|例如|例えば|예를 들어"
)
"""Words that show a text is talking about injections or markup rather than doing it."""

QUOTED = re.compile(
    r"'[^'\n]{3,200}'|\"[^\"\n]{3,200}\"|\u201c[^\u201d\n]{3,200}\u201d|`[^`\n]+`"
    # rules/6: guillemets, German low-high quotes, CJK corner brackets
    r"|\u00ab[^\u00bb\n]{3,200}\u00bb|\u201e[^\u201c\u201d\n]{3,200}[\u201c\u201d]|\u300c[^\u300d\n]{2,200}\u300d"
    r"|\u300e[^\u300f\n]{2,200}\u300f"
)

INLINE_CODE = re.compile(r"`[^`\n]+`")
"""Chat markup inside inline code is a mention, not markup."""


def mention_spans(t: str) -> list[tuple[int, int]]:
    """The quoted spans of `t` (`QUOTED`) when `t` names an attack or an example (`META`), else none.

    A rule's match inside one of them is a mention and counts at the detector's `MENTION_FACTOR`.
    `RuleDetector` reads them at a text's first match, not for every text (most texts match no rule).
    """
    return [(m.start(), m.end()) for m in QUOTED.finditer(t)] if META.search(t) is not None else []
