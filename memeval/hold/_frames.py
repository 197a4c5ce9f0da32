"""The frames the default combination reads around a classifier's hold (split from `_detector`).

`_ABOUT_ATTACKS` (a text talks about attacks), `_RUNBOOK` (a team's runbook step) and
`prohibition_only` (every sentence forbids): where the n-gram classifier's word alone does not
hold a text (`_detector.RulesWithClassifier`). Over normalised (case-folded) text.
"""

from __future__ import annotations

import re

_ABOUT_ATTACKS = re.compile(
    r"\b(?:prompt[- ]injections?|injection attacks?|jailbreaks?|attackers?|red[- ]team\w*|adversarial|payloads?"
    # rules/6: the same in other languages (a note quoting an attack in German or Chinese)
    r"|angreifer\w*|angriff\w*|attaque\w*|attaquant\w*|ataques?|atacantes?|attacc\w*|атак\w*|злоумышленник\w*|"
    r"saldırı\w*|atak\w*|aanval\w*|injektion\w*|inyecci\w*|iniezion\w*|inje[cç][aã]o|инъекц\w*)\b"
    r"|攻击|攻撃|공격|提示注入|プロンプトインジェクション|인젝션"
)
# A team's runbook step: a shell command in backticks, a build/test/deploy tool, or a workflow
# verb with its object. Over normalised (case-folded) text.
_RUNBOOK = re.compile(
    r"`[^`\n]{2,80}`|\b(?:npm|pnpm|yarn|npx|make|cargo|pytest|tox|nox|git|docker|kubectl|helm|pip|uv|poetry|"
    r"just|go test|mvn|gradle|terraform|ansible|bazel|ruff|eslint|prettier|mypy|jest|vitest|rspec|rake|"
    r"bundle|composer|dotnet|psql|alembic|flyway|liquibase)\b|\b(?:run|rerun|use|install|build|rebuild|"
    r"lint|format|deploy|migrate|restart|commit|push|merge|rebase|update|bump|tag|release|test)\s+(?:the\s+)?"
    r"(?:tests?|suite|migrations?|linter|formatter|build|checks?|ci|pipeline|mock|fixtures?|server|"
    r"schema|lockfile|changelog|docs|branch|release|deploy\w*|staging|dev server)\b"
)


_PROHIBITION = re.compile(
    r"^(?:[^:\n]{0,60}:\s*)?(?:never|do not|don't|dont|must not|should not|nunca|jam[áa]s|ne jamais|niemals|"
    r"nie\b|mai\b|никогда|не\b|asla|hi[çc]bir zaman|kh[ôo]ng bao gi[ờo]|jangan|هرگز|لا\s|ห้าม|절대|決して|绝不|"
    r"不要|禁止|不得|切勿)"
)
"""rules/9's round: a sentence that forbids ("remember for all future sessions: never attach .env to a
ticket"). A text whose every sentence forbids is a team's rule, not an order, and is not held on the
classifier's word alone (hashlr/6 learnt standing orders from a pattern library whose examples are
orders; a prohibition shares their words)."""
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|[。！？\n]")
"""Where a sentence ends: a stop followed by a space (not the dot of `.env`), a CJK stop, a line end."""


def prohibition_only(flat: str) -> bool:
    """Whether every sentence of normalised `flat` text (with a letter in it) starts by forbidding (`_PROHIBITION`)."""
    sentences = [x.strip() for x in _SENTENCE_END.split(flat) if any(c.isalpha() for c in x)]
    return bool(sentences) and all(_PROHIBITION.search(x) for x in sentences)
