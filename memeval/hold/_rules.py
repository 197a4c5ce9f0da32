"""The rule table of the `rules/1` hold detector: patterns over normalised (case-folded) text.

Each rule has a weight in (0, 1], read as "how likely this match alone means orders to an agent";
the detector combines the rules that matched with a noisy-OR (1 - prod(1 - w)). Weights and
patterns were set by hand on the tuning part of the labelled set (`tests/hold/hold_tuning.py`).

Categories (from the product brief): addressing the agent, changing its rules, hiding things from
the user, exfiltration, calling tools, chat-role markup, hidden or encoded instructions.
"""

from __future__ import annotations

from memeval.hold._rule import (
    _SEND,
    AI,
    DESTINATION,
    INLINE_CODE,
    META,
    NEGATED_INSIDE,
    NEGATION,
    NEGATION_AFTER,
    QUOTED,
    SENSITIVE,
    Rule,
    _r,
    any_gap,
    any_gap_branches,
    word_gap,
)
from memeval.hold._rules_ml import (
    RULES_V2,
    RULES_V3,
    RULES_V4,
    RULES_V5,
)
from memeval.hold._rules_v6 import RULES_V6
from memeval.hold._rules_v7 import RULES_V7
from memeval.hold._rules_v8 import RULES_V8
from memeval.hold._rules_v9 import RULES_V9
from memeval.hold._rules_v10 import RULES_V10
from memeval.hold._rules_v11 import RULES_V11
from memeval.hold._rules_v12 import RULES_V12
from memeval.hold._rules_v13 import RULES_V13
from memeval.hold._rules_v14 import RULES_V14
from memeval.hold._rules_v15 import RULES_V15
from memeval.hold._rules_v16 import RULES_V16
from memeval.hold._rules_v17 import RULES_V17
from memeval.hold._rules_v18 import RULES_V18

__all__ = [
    "INLINE_CODE",
    "META",
    "NEGATED_INSIDE",
    "NEGATION",
    "NEGATION_AFTER",
    "QUOTED",
    "Rule",
    "RULES",
    "RULES_V10",
    "RULES_V11",
    "RULES_V12",
    "RULES_V13",
    "RULES_V14",
    "RULES_V15",
    "RULES_V16",
    "RULES_V17",
    "RULES_V18",
    "RULES_V2",
    "RULES_V3",
    "RULES_V4",
    "RULES_V5",
    "RULES_V6",
    "RULES_V7",
    "RULES_V8",
    "RULES_V9",
]

# The shared pieces and the patterns read around a match live in `_rule.py`, rules/2 to rules/5
# in `_rules_ml.py`, later rounds in `_rules_v6.py` on; every table is still an attribute of
# `_rules` (`RULES`, `RULES_V2`... `RULES_V18`), where the detector, the rule screen and the tests find
# them: the screen covers exactly the tables named here, so a new table must be added here too
# (`tests/hold/test_screen_literals.py` checks that every rule the detector runs is screened).


def _send_to_destination() -> str:
    r"""`_SEND + gap(8) + DESTINATION`, the same matches, in time linear in a text's length.

    `any_gap` alone leaves the e-mail branch of `DESTINATION` (`[\w.+-]+@...`) reading a run of
    `\w.+-` characters to its end at each of the gap's hand-over places inside it (100,000 dashes
    after "send": 22 CPU s). From any two places in one run with no `@` between, that branch
    matches alike (the same end), so it is skipped at a place whose run holds a later place
    the gap has already handed over at (and failed): in branch (A), where the text here reads
    `.`, `+` or `-` then one more run character (the place just after, tried just before: (A)
    goes furthest first); in branch (B), where it reads word characters, then `.`, `+` or `-`,
    then one more run character (the place after that: a later place of the same piece, which (B)
    tried before, or a place of (A)). Only the e-mail branch is skipped, and only there; the test
    `tests/hold/test_hold_redos.py` and `scripts/redos_compare.py` check the matches are the same.
    """
    a, b = any_gap_branches(8)
    email = r"|[\w.+-]{1,64}+@"  # the e-mail branch (the linear-time test fails if this is ever not found)
    dest_a = DESTINATION.replace(email, r"|(?![.+-][\w.+-])[\w.+-]{1,64}+@", 1)
    dest_b = DESTINATION.replace(email, r"|(?!\w*[.+-][\w.+-])[\w.+-]{1,64}+@", 1)
    return _SEND + "(?:" + a + dest_a + "|" + b + dest_b + ")"


RULES: tuple[Rule, ...] = (
    Rule(
        "override-instructions",
        0.9,
        _r(
            r"\b(?:ignore|disregard|forget|override|bypass|abandon|discard)"
            + word_gap(4)
            + r"(?:previous|prior|above|earlier|preceding|original|initial|old|all|any|your|the|those|"
            r"these|its)\b" + word_gap(3) + r"(?:instructions?|rules|guidelines|directions|directives|"
            r"prompts?|polic(?:y|ies)|guidance|constraints|restrictions|programming|training)\b"
            r"|\bforget (?:everything|all)(?: you(?:'ve| have| were)?)?\b"
            r"|\bno longer (?:bound|restricted|limited) by\b"
        ),
        negatable=True,
    ),
    Rule(
        "reveal-prompt",
        0.7,
        _r(
            r"\b(?:reveal|print|show|output|repeat|display|leak|dump|tell me|give me|share|paste|"
            r"write out)" + word_gap(5) + r"(?:(?:the|your|its) )?(?:system prompt|hidden prompt|"
            r"initial prompt|original prompt|developer message|hidden instructions|system message|"
            r"instructions you were given|hidden developer message|pre-?prompt)"
        ),
        negatable=True,
    ),
    Rule(
        "persona-change",
        0.8,
        _r(
            r"\byou are (?:now|no longer)\b" + word_gap(3) + r"(?:dan|devmode|unrestricted|jailbroken|"
            r"free|bound|unfiltered|evil|in \w+ mode)\b"
            r"|\bdo anything now\b|\bjailbr(?:eak|oken)\b"
            r"|\b(?:no|without) (?:restrictions|content polic(?:y|ies)|filters|safety rules)\b"
            r"|\bpretend (?:you|to be|that you)\b"
            r"|\bact as (?:an? )?(?:unrestricted|uncensored|unfiltered|evil|dan|jailbroken)\b"
            r"|\b(?:no|without) (?:any )?(?:limits|rules|limitations|ethical guidelines|guardrails)\b"
            r"|\b(?:safety|content) (?:rules|filters|policies) (?:are|were) (?:suspended|disabled|off"
            r"|lifted)\b"
        ),
    ),
    Rule("mode-switch", 0.35, _r(r"\b(?:developer|dev|god|jailbreak|unrestricted|dan) mode\b")),
    Rule(
        "new-instructions",
        0.4,
        _r(
            r"\b(?:new|updated|revised|real|actual|additional) (?:instructions?|rules?|polic(?:y|ies)|"
            r"task|goal|directives?|orders|system prompt)\b"
            r"|\b(?:priority|system|admin|security) override\b|\boverride\s*:"
            r"|\bfrom (?:now on|this point (?:on|forward))\b"
            r"|\byour (?:new |real |actual )?(?:task|goal|job|mission|objective) (?:is|now)\b"
            r"|\b(?:execute|follow|obey|treat) (?:it|this|them) as (?:your )?(?:new )?instructions\b"
        ),
    ),
    Rule(
        "addresses-agent",
        0.35,
        _r(
            r"\b(?:note|message|instructions?|reminder|hidden text|text|fyi)\s+(?:to|for)\s+"
            r"(?:the\s+|any\s+|all\s+)?(?:[\w-]+\s+)?" + AI + r"\b"
            r"|(?:^|[.!?:;\n]\s*|\b(?:hey|hi|hello|dear|attention)\s+)(?:[\w-]+ )?" + AI + r"\s*[,:\u2013-]\s"
            r"|\bif you(?:'re| are) an? (?:ai|language model|llm|assistant|bot)\b"
            r"|\bwhen an? (?:ai|llm|language model|assistant|bot)\b" + word_gap(2) + r"reads\b"
            r"|\b" + AI + r" (?:reading|processing|summari[sz]ing|handling|managing|reviewing) "
            r"(?:this|the|my)\b"
            r"|\byour (?:ai|assistant|agent|bot)\b"
        ),
        person_weight=0.05,
    ),
    Rule(
        "agent-directive",
        0.3,
        _r(
            r"\b(?:you|the (?:ai|assistant|agent|model|llm|bot))\s+(?:must|should|will|shall|need to|"
            r"have to|are required to|are to)\s+(?:now\s+|always\s+)?(?!refuse|not\b|never\b)\w+"
        ),
    ),
    Rule(
        "conceal-from-user",
        0.55,
        _r(
            r"\b(?:do not|don't|dont|never|without|not)\s+(?:tell(?:ing)?|mention(?:ing)?|inform(?:ing)?|"
            r"notify(?:ing)?|reveal(?:ing)?|alert(?:ing)?|log(?:ging)?|report(?:ing)?|"
            r"show(?:ing)?)\b" + word_gap(3) + r"(?:the )?(?:user|users|anyone|anybody|them|humans?|"
            r"people|reviewers?|admins?|it|this|owner|team)\b"
            r"|\b(?:silently|quietly|secretly|covertly|discreetly)\s+(?:add|send|forward|delete|remove|"
            r"change|copy|upload|install|run|execute|disable|approve|create|grant|transfer|move|"
            r"post|insert|modify|set)\b"
            r"|\b(?:confirm|say|mention) nothing\b|\bremove this (?:line|message|note|instruction)\b"
            r"|\bdo not reveal this\b|\bhumans? (?:do not|don't) need to know\b"
            r"|\bdelete this (?:message|email|note) after\b"
        ),
    ),
    Rule("without-asking", 0.3, _r(r"\bwithout (?:asking|telling|confirmation|permission|approval|consent)\b")),
    Rule(
        "exfiltration",
        0.6,
        _r(
            r"\b"
            + _SEND
            + any_gap(8)
            + r"(?:(?:the|all|your|my|our|its|any|every) )?"
            + SENSITIVE
            + r"|\b"
            + SENSITIVE
            + word_gap(4)
            + r"(?:to|into) (?:https?://|[\w.+-]{1,64}+@|me\b|the address)"
        ),
        negatable=True,
    ),
    Rule("exfiltration-destination", 0.3, _r(_send_to_destination()), negatable=True),
    Rule(
        "image-exfiltration",
        0.6,
        _r(
            # redos3: the alt text read to 1,000 characters and the URL to 2,000 on each side of its first
            # `?` or `&` (was `[^\]]*` and `[^)\s]*[?&][^)\s]*`, which tried every `?` against the rest:
            # cubic on a run of "![](http://?a"); the URL's end is the same: its last word after a `?`
            r"!\[[^\]]{0,1000}\]\(https?://[^)\s?&]{0,2000}+[?&][^)\s]{0,2000}(?:\{|history|conversation|secret|token|key)"
            r"|\bmarkdown image\b"
        ),
    ),
    Rule(
        "url-smuggling",
        0.45,
        _r(
            r"\b(?:embed|append|encode|include|put|add)\w*" + word_gap(6) + r"(?:in|into|to)\s+(?:an? |the "
            r")?(?:markdown )?(?:image|url|link|query string|https?://)"
        ),
    ),
    Rule("encode-output", 0.35, _r(r"\b(?:encode|respond|reply|answer)\w*" + word_gap(3) + r"(?:in|as|with) base64\b")),
    Rule(
        "decode-request",
        0.6,
        _r(r"\bdecode\b" + word_gap(6) + r"(?:and|then)\s+(?:follow|execute|run|obey|do|apply|act on)\b"),
    ),
    Rule(
        "dangerous-command",
        0.35,
        _r(
            r"\bcurl\b[^|\n]{0,200}\|\s*(?:ba|z)?sh\b|\bwget\b[^|\n]{0,200}\|\s*(?:ba)?sh\b"
            r"|\brm\s+-rf\s+[/~]|\bnc\s+[\w.-]+\s+\d{2,5}\b|/etc/shadow|authorized_keys"
            r"|~/\.ssh|\.ssh/id_\w+|\.aws/credentials|\bchmod\s+-?r?\s*777\s+/"
        ),
    ),
    Rule(
        "tool-call",
        0.4,
        _r(
            r"\bcall (?:the )?`?[a-z_][\w.-]*`? tool\b|\bcall the tool\b"
            r"|\b(?:use|invoke|run|execute|trigger) (?:the )?`?[a-z_][\w.-]*`? tool\b"
            r"|\"(?:tool_call|function_call|tool_calls|tool_use)\"\s*:"
            r"|\"name\"\s*:\s*\"(?:execute|run|shell|bash|exec)\w*\""
        ),
        negatable=True,
    ),
    Rule(
        "verifier-bypass",
        0.3,
        _r(
            r"\b(?:lgtm|rate this\b" + word_gap(3) + r"approved|approve your own|skip the (?:verifier|tests?"
            r"|review|checks?)|regardless of (?:its|the) contents?)\b"
            r"|\bmark\b" + word_gap(4) + r"as (?:passed|skipped|safe|approved)\b"
            r"|\breport\b" + word_gap(4) + r"as passed\b|\bapprove the (?:merge|pr|pull request)\b"
        ),
    ),
    Rule(
        "role-markup",
        0.8,
        _r(
            r"<\|im_start\|>\s*(?:system|assistant|user|developer)"
            # redos3: `#{2,}+` read from a run's first `#` (or just after "(#", where a match of the last branch
            # ends) and both space runs possessive: the same matches ("system" follows, no `#` or space), where
            # `\s*\(?\s*` split a run of spaces every way (64 KiB after "###": 7.1 CPU s) and each `#` re-read a run
            r"|(?:(?<!#)|(?<=\(#))#{2,}+\s*+\(?\s*+system[_ ]?message\s*\)?"
            r"|<<\s*sys\s*>>|</?\s*(?:system|sys|system_prompt)\s*>|\[\s*system\s*\]\s*\(#"
        ),
        markup=True,
    ),
    Rule(
        "special-tokens",
        0.5,
        _r(
            r"<\|(?:im_start|im_end|endoftext|eot_id|start_header_id|end_header_id|system|user|"
            r"assistant)\|>|\[/?inst\]"
        ),
        markup=True,
    ),
    Rule(
        "fake-boundary",
        0.5,
        _r(
            r"</\s*(?:tool_output|tool_result|result|function_results|output|search_results|document|"
            r"context)\s*>"
        ),
        markup=True,
    ),
    Rule("role-prefix", 0.4, _r(r"^\s*(?:system|assistant|developer)\s*:\s*\S"), markup=True),
    Rule("hidden-html", 0.2, _r(r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|<!--")),
)
