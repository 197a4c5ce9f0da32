r"""Hold rules/25: a catalogue's entry about an attack read as writing about it (issue 15, round 32).

What v31 showed (spent after its one look; training data now): 23 of its 208 benign texts were held, 18 of them
one published probe set's descriptions of its attacks ("Exploits GPT's markdown rendering capabilities by
embedding hidden instructions ...", "Injects Llama-family special tokens ([INST], <<SYS>>) directly into the user
message ...", "Classic DAN jailbreak that asks the model to roleplay as an unrestricted alter ego ..."): the
hashed classifier read the attack's words as the attack (it alone holds 34 of the 208), and for 8 of them rules
matched the quoted or named technique. Each is a catalogue's entry: its subject, the technique, is left out and
the text opens with what the technique does, a verb in the third person ("Exploits", "Injects", "Asks",
"ROT13-encodes"), or with the technique named ("Classic DAN jailbreak that ..."), and it speaks of the model, the
attack or its instructions without ever addressing a reader ("you"). An order to an agent gives the order or
speaks to it; it does not open by telling what some technique does.

`catalogue_entry` reads that frame on the normalised text (`_normalize.normalize`, case-folded):

- the opening, after at most four list or quote marks: an adverb at most ("Deliberately"), an encoding's name
  joined by a hyphen at most ("ROT13-", "base64-"), then one of `_TECHNIQUE_VERBS25` (verbs that tell what a
  technique does to a model, in the third person singular) and a word; or up to three words and then a
  technique's name ("jailbreak", "attack", "technique", "exploit", "injection", "variant", "approach", "method")
  followed by "that", "which", "where", "in which", "using" or "via";
- somewhere, a model, an attack or what it targets named (`_SPOKEN_OF25`: "the model", "the base model",
  "jailbreak", "safety", "filters", "instructions", "system prompt", "delimiters"...);
- nowhere "you", "your" or "yourself".

The verbs leave out what a tool's description opens with ("Returns", "Creates", "Sends", "Adds", "Runs"): a
poisoned tool description is an order to the agent that calls it. What the frame does (`_detector`, rules/25
only): the classifier's word alone does not hold such a text (as rules/13-19's `DESCRIBES*`), and each rule's
match in it counts a fifth (`MENTION_FACTOR`, as a quoted mention does), so a catalogue entry that names
"ignore previous instructions" or a DAN persona is not held for naming them. Every quantifier is bounded; the
opening is anchored at the text's start.
"""

from __future__ import annotations

import re

from memeval.hold._rule import Rule, _r, mention_spans, window_to
from memeval.hold._rules_v13 import _n
from memeval.hold._rules_v20 import LESSON_HEAD20
from memeval.hold._rules_v22 import _factored
from memeval.hold._rules_v23 import _ACT23, _FRAME23
from memeval.hold._rules_v24 import _FRAME_RETRO24, _HANDOFF24, _RISK_HANDOFF24

_TECHNIQUE_VERBS25 = (
    r"(?:abuses|appends|asks|attaches|attempts|bypasses|buries|chains|claims|coaxes|coerces|combines|conceals|"
    r"constructs|convinces|crafts|demands|disguises|embeds|employs|encodes|escalates|establishes|evades|"
    r"exfiltrates|exploits|fabricates|fakes|feeds|floods|forces|forges|frames|hides|hijacks|impersonates|imitates|"
    r"injects|inserts|instructs|interleaves|invokes|leverages|manipulates|masks|mimics|misleads|nests|obfuscates|"
    r"overloads|overrides|pads|persuades|plants|poisons|poses|prepends|presents|pretends|probes|prompts|provides|"
    r"redirects|reframes|relies|replays|requests|rewrites|simulates|smuggles|solicits|splits|spoofs|substitutes|"
    r"targets|tells|tests|translates|tricks|uses|wraps)"
)
"""What a technique does to a model, third person singular: a catalogue entry's opening verb (its subject, the
technique, left out). Not a tool description's ("returns", "creates", "sends", "adds", "runs", "gets")."""
_OPENS25 = (
    r"[\s>*#\-•]{0,4}(?:(?:\w{3,16}ly )?(?:[a-z0-9]{2,12}-)?" + _TECHNIQUE_VERBS25 + r" [\w'\"(\[]|"
    r"(?:[\w+-]{1,20} ){0,3}(?:jailbreak|attack|technique|exploit|injection|variant|approach|method)s? "
    r"(?:that|which|where|in which|using|via)\b)"
)
"""A catalogue entry's opening: what the technique does, or the technique named and explained."""
_SPOKEN_OF25 = (
    r"(?:\b(?:the|a|an|its|their|target|base) (?:[\w-]{1,20} )?(?:model|ai|llm|assistant|agent|chatbot|system|"
    r"classifier|filter)s?\b|\bjailbreak|\battack|\bsafety\b|\bfilters?\b|\bguardrails?\b|\bpayload|"
    r"\binstructions?\b|\bsystem prompt\b|\bdelimiters?\b|\bprompt\b)"
)
"""A model, an attack or what it aims at, spoken of."""
_ADDRESSED25 = r"\byou(?:r|rs|rself)?\b"
"""A reader addressed: an order or a message, not a catalogue's entry."""
CATALOGUE25 = re.compile(_n(r"^(?![\s\S]*" + _ADDRESSED25 + r")(?=[\s\S]*?" + _SPOKEN_OF25 + r")" + _OPENS25))
"""The normalised text opens as a catalogue's entry, speaks of a model or an attack, and addresses no one (module
docstring); anchored at the text's start (each lookahead reads the text once)."""


# ---- one agent's message to another, routed from one to the other, with a risky act or a concealment ----
_ROUTED25 = (
    r"(?:\bfrom (?:the |a |our )?(?:[\w-]{1,20} ){0,2}(?:[\w]{1,15}-)?(?:sub-?)?agent\w{0,2} to (?:the |a |our )?"
    r"(?:[\w-]{1,20} ){0,2}(?:[\w]{1,15}-)?(?:sub-?)?agent\b|"
    r"\b(?:hand-?off|handover|result|message|note|update|report|output)s? (?:passed (?:up|on|along) |forwarded |"
    r"relayed |sent )?(?:from|by) (?:the |a |our )?(?:[\w-]{1,20} ){0,2}(?:[\w]{1,15}-)?(?:sub-?)?agent\b|"
    r"\b(?:del|por el|desde el) (?:sub)?agente\b|\bdall'agente\b|\bdal (?:sub)?agente\b|"
    r"\b(?:transmis|envoy[ée]|relay[ée]|transf[ée]r[ée]) par l'(?:sous-)?agent\b|"
    r"\bde l'agent [\w-]{1,20} [àa] l'agent\b|"
    r"\b(?:vom|von der|von dem) [\w-]{0,20}agent\w{0,3} (?:an|zum|zur) \w{0,20}|"
    r"\b(?:do|pelo) agente [\w-]{1,20} (?:para|ao) (?:o )?agente\b|\bот агента[\w-]{0,20}\b|"
    r"(?:代理|智能体|agent)(?:转交给|转达给|交接给|发给)|エージェントから[^\n：:]{0,12}エージェントへ|"
    r"에이전트가 [^\n:：]{0,12}에이전트에게|من وكيل [^\n:：]{0,20}إلى وكيل)"
)
"""A message routed between agents, or passed up or forwarded by one ("Handoff from planner-agent to
executor-agent", "From the intake agent to the billing agent", "Result passed up by the crawler subagent", "Del
agente coordinador al agente de correo", "Passaggio dall'agente di ricerca", "Transmis par l'agent de tri",
"协调代理转交给执行代理", "計画エージェントから実行エージェントへ", "분석 에이전트가 실행 에이전트에게")."""
_CONCEAL25 = (
    r"(?:\b(?:silently|quietly|secretly)\b|\bwithout (?:telling|informing|notifying|logging|reading|reviewing)\b|"
    r"\b(?:don'?t|do not|never) (?:mention|log|report|record|tell|disclose)\b|"
    r"\btell (?:the user|them|everyone) (?:that )?(?:the )?(?:job|task|run|it|everything) (?:finished|went|completed|"
    r"ran) (?:normally|fine|ok|well)\b|\bwaiv\w{1,3} (?:the |their |his |her )?(?:identity |id |kyc |security )?"
    r"(?:checks?|verification)\b|"
    r"\bsin (?:avisar|registrar|dejar rastro|decir)\w{0,4}\b|\bno (?:lo )?(?:registres|menciones|digas|avises)\b|"
    r"\bnon (?:registrarlo|dirlo|menzionarlo|segnalarlo|avvisare)\b|\bsenza (?:avvisare|dirlo|leggere)\b|"
    r"\bne (?:pas |rien )?(?:le |l')?(?:mentionner|signaler|dire)\b|\bsans (?:le dire|pr[ée]venir|lire)\b|"
    r"\bsem (?:ler|avisar|revisar|registrar)\b|\bn[ãa]o (?:registre|mencione|conte|avise)\b|"
    r"\bsag\w{0,2} niemandem\b|\bohne (?:bescheid|jemandem)\b|"
    r"\bне (?:сообщай|говори|упоминай|записывай|спрашивай|докладывай)\b|"
    r"不要(?:告诉|记录|写进|报告|通知)|(?:日志|记录)里删|删掉这一步|(?:報告|ログ)には書かないで|記録しないで|"
    r"로그는 남기지|(?:알리지|보고하지|기록하지) 마|ولا تذكر|لا تخبر)"
)
"""The act hidden from whoever would check it ("approve it silently", "tell the user the job finished normally",
"waive identity checks", "non registrarlo", "ne pas le mentionner", "不要告诉", "로그는 남기지 마세요")."""
_ACT25 = (
    r"(?:\b(?:owner|admin|write) (?:rights|role|permissions?)\b|\bправа владельца\b|"
    r"\b(?:cancella|elimina|borra|apaga|delete|wipe|l[öo]sch)\w{0,4}\b[^\n.]{0,20}?\b(?:backups?|"
    r"tabla de auditor[íi]a|audit (?:table|log)s?|respaldos)\b|不要等[^\n，。]{0,8}确认|"
    r"\bexternal (?:address|drive|share|bucket)\b|"
    r"\b(?:direcci[óo]n|cuenta) externa\b|\bindirizzo esterno\b|\badresse externe\b|\bexterne[nm]? adresse\b|"
    r"公共网盘|外部(?:の)?(?:アドレス|ストレージ)|외부 저장소|العنوان الخارجي|"
    r"全開放|\bopen (?:port )?\d{1,5} to (?:the )?(?:world|internet|everyone)\b|"
    r"\bdisable\w{0,2} (?:the )?(?:rate limit\w{0,3}|2fa|two-factor|mfa|signature verification)\b|"
    r"\b(?:desactiva|desactivar|desativ\w{1,3})\b[^\n.]{0,30}?\b(?:firmas?|assinaturas?|verificaci[óo]n)\b|"
    r"\bd[ée]sactiver la journalisation\b|\bschalt\w{0,2}\b[^\n.]{0,30}?\bab\b|"
    r"\b(?:paste|post|share)\w{0,2} (?:the |it |them )?[^\n.]{0,30}?\b(?:into|in|to) (?:the )?(?:shared|public|"
    r"team|group) (?:chat|channel|thread)\b|\bpipe\w{0,2} (?:it |them )?into (?:ba)?sh\b|"
    r"\bincollat\w{1,2} nei commenti\b|\b(?:give|grant)\w{0,2} (?:them |him |her )?sudo\b)"
)
"""Risky acts v31's hand-offs and lessons asked that rules/23's and 24's acts do not read: owner rights handed
out, backups or an audit table deleted, data sent to an external address or a public drive, a port opened to all,
a safeguard switched off, a secret pasted into a shared chat, a download piped into a shell, sudo given."""
_HANDOFF25 = (
    r"(?:^|(?<=\n)|(?<=[.!?] )|(?<=[。！？]))[^\n.!?:。！？]{0,30}?(?P<frame>(?>"
    + _factored(_ROUTED25, _HANDOFF24)
    + r"))"
    + window_to(200, _n(r"(?:" + _factored(_CONCEAL25, _ACT25, _RISK_HANDOFF24) + r")"))
)
"""A routed or handed-off message where a text, line or sentence opens (not after a colon: a run of frames each
after "...: " would cost a window each), then a concealment or a risky act within 200 characters (no authority
claim needed, as `handoff-24` asks)."""
_FRAME_NEW25 = (
    r"(?:\b(?:context|notes?|state|agreement|insight|lesson|learning|memory|preference|rule)s? (?:carried over|"
    r"saved|stored|pinned|persisted|kept|remembered)\b|\b(?:stored|saved|pinned|persisted|working) (?:insight|"
    r"memory|agreement|lesson|learning|context|conclusion)s?\b|\bcarried over from (?:session|run|chat)\b|"
    r"\bgespeichert\w{0,2} (?:erkenntnis|notiz|regel|vorgabe)\w{0,2}\b|\bsouvenir (?:enregistr[ée]|m[ée]moris[ée])\b|"
    r"\bappunto (?:salvato|memorizzato)\b|\bсохран[её]нн\w{1,3} (?:вывод|урок|правил|контекст)\w{0,2}\b|"
    r"长期记忆|已保存的(?:经验|结论)|保存された(?:教訓|結論)|저장된 (?:교훈|결론))"
)
"""Memory records named as such that rules/23's frames do not read ("Context carried over from session 412",
"Working agreement saved by the coding agent", "Stored insight:", "Pinned memory:", "Gespeicherte Erkenntnis",
"Souvenir enregistré", "Appunto salvato", "Сохранённый вывод")."""
_LESSON25 = (
    r"^[^\n]{0,"
    + str(LESSON_HEAD20)
    + r"}?(?P<frame>(?>"
    + _factored(_FRAME_NEW25, _FRAME23, _FRAME_RETRO24)
    + r"))"
    + window_to(300, _n(r"(?:(?P<act>" + _factored(_CONCEAL25, _ACT25, _ACT23) + r"))"))
)

RULES_V25: tuple[Rule, ...] = (
    Rule("handoff-25", 0.8, _r(_n(_HANDOFF25)), negatable=True),
    Rule("lesson-25", 0.8, _r(_n(_LESSON25)), negatable=True),
)
"""rules/25's rules (module docstring), run after rules/24's by `RuleDetector(version=25)`."""

NAMES25 = frozenset(r.name for r in RULES_V25)
"""The names of rules/25's own rules."""


def catalogue_entry(t: str) -> bool:
    """True when the normalised text `t` reads as a catalogue's entry about an attack (`CATALOGUE25`)."""
    return CATALOGUE25.search(t) is not None


def mention_spans25(t: str, version: int) -> list[tuple[int, int]]:
    """The spans of the normalised text `t` whose rule matches count as mentions (a fifth).

    All of it for a catalogue's entry (rules/25 and on), else the quoted spans of a text about attacks
    (`_rule.mention_spans`).
    """
    return [(0, len(t))] if version >= 25 and catalogue_entry(t) else mention_spans(t)


def tables_after20(version: int) -> tuple[Rule, ...]:
    """The rules `RuleDetector(version=version)` runs after rules/20's: rules/21's to 25's by version."""
    from memeval.hold._rules_v24 import tables_after20 as before25

    return before25(version) + (RULES_V25 if version >= 25 else ())
