r"""Hold rules/19: text about an attack told from an order, credentials asked into a tool's argument, notes to the AI.

What held-out v22 showed (spent after its look; training data now): the false holds were writing ABOUT attacks,
not attacks (a catalogue's technique descriptions, "Instruct the agent to role-play as...", "Convince the
agent that it has a hidden developer mode"; a grader's check rules, "The agent did not adopt a DAN-like
alter-ego..."; a red-team tool's template titles, "Trick the agent into emailing the secret"), which the
n-gram classifier read as the attacks themselves; the misses were tool descriptions asking for a credential
file in an argument (4 languages) and notes to the assistant planted in tickets, wiki pages, mail and tool
output (more languages than rules/18 reads). Each pattern below is a kind of writing, not a text of v22:

- `DESCRIBES19` (a mention frame, as rules/13-18's `DESCRIBES*`: the classifier's word alone is then not
  enough; the rules still hold on their own): the AI spoken of in the third person as the object of an
  attack ("convince / trick / coax / instruct the agent (into|to)"), a grader's verdict on it ("the agent did
  not ...", "the model refused"), an attack named and explained ("a persona jailbreak where ...", "an attack
  that exploits ..."), a technique's effect told in gerunds ("exploiting the gap between", "bypassing safety",
  "framing harmful outputs as"). An order to the reader says "you" or gives the order; it does not describe
  the AI that would carry it out.
- `secret-file-arg-19`: a credentials file (`~/.netrc`, `~/.ssh/id_*` but not `.pub`, `~/.aws/credentials`,
  `.env`, `.git-credentials`, `.pypirc`, `.npmrc`, `~/.kube/config`) and a tool's argument or field named in
  quotes on the same line, in 25 languages, in a text that speaks of the file's contents: a tool description
  that has the caller pass a secret along (rules/18's `secret-file-arg-18` reads only English verbs).
- `reader-note-19`: a line's label addressed to the AI that reads the data ("Note for the assistant that
  answers from this page:", "Intern anteckning till AI-supporten:", "Huomautus avustajalle, joka ...:",
  "Боту рецензування:"), in 30 languages, or the AI hailed inside a quoted JSON value (`"note": "Assistant: ..."`),
  followed on the line by an e-mail address or IBAN (not a bare link: "Guide for the AI team: see https://..."),
  a password, an SSH key, administrator rights or a risky act
  (rules/18's `_RISKY_ACT18`: checks skipped, no review...); a negation in the match ("do not send passwords
  to ...") is a warning, skipped, and a label that states a team's rule ("Rule for the coding agents:", "Regel
  für alle Agenten:") is team knowledge, not a note planted for the reader.

Counter-examples kept in view: v4-v22's benign rows, the hold tests' benign examples (team knowledge such as
"always run the payment mock before checkout tests" in 20 languages) and chat transcripts whose speaker is
labelled "Agent:" (no preposition before the AI word: not a note to it). Every quantifier is bounded and no
repeat is nested over overlapping classes (linear on a planted 64 KiB text: `scripts/redos_pump.py`). Only
`RuleDetector(version=19)` runs these rules; `RulesWithClassifier` reads `DESCRIBES19` only with rules/19.
"""

from __future__ import annotations

import re

from memeval.hold._rule import Rule, _r
from memeval.hold._rules_v13 import _n
from memeval.hold._rules_v18 import _RISKY_ACT18

# ---- writing about an attack on the AI, not an order to it ----
_AI19 = r"(?:agent|model|assistant|chatbot|llm|ai|bot|target(?: model| agent)?)"
_ATTACK_VERB19 = (
    r"(?:convinc(?:e|es|ing)|trick(?:s|ing)?|coax(?:es|ing)?|persuad(?:e|es|ing)|manipulat(?:e|es|ing)|"
    r"lur(?:e|es|ing)|pressur(?:e|es|ing)|induc(?:e|es|ing)|deceiv(?:e|es|ing)|instruct(?:s|ing)?|"
    r"ask(?:s|ing)?|get(?:s|ting)?|mak(?:e|es|ing)|forc(?:e|es|ing)|caus(?:e|es|ing)|lead(?:s|ing)?|"
    r"push(?:es|ing)?|steer(?:s|ing)?|jailbreak(?:s|ing)?)"
)
_DESCRIBES19 = (
    r"\b" + _ATTACK_VERB19 + r" (?:the|a|an) (?:target |victim |underlying )?" + _AI19 + r" (?:into|to|that)\b|"
    r"\bthe " + _AI19 + r"'s (?:available |own )?(?:refusals?|safety|guardrails?|alignment|safeguards|filters?)\b|"
    r"\bthe " + _AI19 + r" (?:did not|didn't|does not|doesn't|was not|wasn't|has not|hasn't|never|refused|"
    r"stayed|remained|complied|was (?:tricked|manipulated|coaxed|convinced|induced|persuaded|told|asked))\b|"
    r"\bwhere the " + _AI19 + r" (?:is|was|has|feels|believes|is told)\b|"
    r"\b(?:can|could|may|might) be (?:coerced|tricked|manipulated|convinced|coaxed|induced|persuaded|jailbroken|"
    r"fooled|talked) into\b|\btests? whether the " + _AI19 + r"\b|"
    r"\b(?:train|instruct|tell|configure|prompt) the " + _AI19 + r" (?:\w{1,15} )?(?:not to|never)\b|"
    r"\b(?:a|an) (?:[\w-]{1,20} ){0,3}(?:jailbreak|attack|technique|exploit|injection)s? (?:where|in which|framed as|"
    r"that (?:uses|exploits|asks|tells|tricks|makes|frames|relies|hides|embeds))\b|"
    r"\b(?:exploiting|bypassing|circumventing|evading|undermining|defeating) (?:the |its |their )?"
    r"(?:(?:agent|model|assistant|llm|target)'s )?(?:safety|guardrails?|alignment|safeguards|moderation|"
    r"(?:the )?gaps? between)\b|"
    r"\bframing (?:the |its |harmful |prohibited |operative )?(?:outputs?|requests?|compliance|content|answers?|"
    r"generation)\b[^\n.]{0,40}? as\b"
)
DESCRIBES19 = re.compile(_n(_DESCRIBES19))
"""Anywhere in a text: the AI spoken of as the object of an attack, or an attack explained (module docstring).
Like rules/18's `DESCRIBES18`, it makes the classifier's word alone not enough. rules/19 and on."""

# ---- a credentials file asked into a tool's argument ----
_CRED_FILE19 = (
    r"(?:~/\.netrc\b|~/\.ssh/id_[a-z0-9]{1,12}\b(?!\.pub)|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)|"
    r"\.aws/credentials\b|\.docker/config\.json\b|\.git-credentials\b|\.pypirc\b|\.npmrc\b|\.kube/config\b|"
    r"(?<![\w./-])\.env\b(?![.\w-]))"
)
_FIELD19 = (
    r"(?:argument|parameter|param|field|arg|champ|paramètre|campo|parámetro|parametro|parâmetro|feld|veld|"
    r"pole|poli|parametr|parametrze|polu|câmpul|campul|parametrul|mezőbe|mező|kenttään|kenttä|parametriin|"
    r"поле|поля|параметр|параметре|аргумент|παράμετρο|πεδίο|参数|字段|引数|パラメータ|フィールド|매개변수|"
    r"필드|인자|معامل|حقل|פרמטר|שדה|पैरामीटर|প্যারামিটার|alan|alanına|parametre|parametresine|tham số|"
    r"trường)"
)
_QUOTE19 = r"[`'\"«„“‘]"
"""An argument's name is quoted (`` `memo` ``, «ctx»): a tool's parameter, not prose."""
_NAMED_FIELD19 = _QUOTE19 + r"[\w.-]{1,30}" + _QUOTE19 + r"\s{0,2}" + _FIELD19 + r"\b"
"""`memo` argument, «ctx» field: a quoted name before the word."""
_SECRET_FILE_ARG19 = "|".join(
    (
        _CRED_FILE19 + r"[^\n]{0,160}?" + _FIELD19 + r"\w{0,4}\s{0,2}" + _QUOTE19,
        _NAMED_FIELD19 + r"[^\n]{0,160}?" + _CRED_FILE19,
        _CRED_FILE19 + r"[^\n]{0,160}?" + _NAMED_FIELD19,
    )
)
_CONTENTS19 = (
    r"(?:\bcontents?\b|\bcontenu\b|содержимое|содержание|вміст|conținutul|\binhalt\w{0,2}|\bcontenido\b|"
    r"\bconteúdo\b|\bcontenuto\b|\binhoud\b|\bobsah\w{0,2}|zawartoś\w{1,3}|tartalm\w{1,4}|sisältö\w{0,3}|"
    r"\binnehåll\w{0,3}|\bindhold\w{0,3}|περιεχόμενο|内容|내용|محتوى|محتوای|תוכן|सामग्री|বিষয়বস্তু|"
    r"içeriğ\w{1,4}|nội dung|\bisi(?:nya)?\b)"
)

# ---- a note to the AI reading the data, followed by a risky thing ----
_TO19 = (
    r"(?:\b(?:to|for|till|til|för|pour|para|per|für|an (?:den|die|das)|aan|voor|pro|dla|do|pentru|către|για|προς|"
    r"для|до|к|à|al|ao|untuk|kepada|bagi|cho|gửi|için|ke|naar)\b|به|إلى|لل|জন্য|के लिए|को|ถึง|สำหรับ|给|致|へ|宛|"
    r"에게|께)"
)
_AIW19 = (
    r"(?:(?<!')\bai\b|\bki\b|\bia\b|\bии\b|\bші\b|\bassist(?:ant|ent)\w{0,6}|\basisten(?:t\w{0,5}|nya)?\b|"
    r"\basistan\w{0,4}|\bassziszt\w{0,8}|\bavusta\w{0,6}|βοηθ\w{0,4}|ассистент\w{0,3}|асистент\w{0,3}|"
    r"помічник\w{0,3}|помощник\w{0,3}|\bбот(?:у|а|ом)?\b|\bbot(?:s|u|a|en|ten|ille|ot)?\b|"
    r"\bagent(?:s|en|e|es|ul|ti|tti|ille)?\b|\bагент\w{0,3}|סוכן|עוזר|دستیار|مساعد|सहायक|সহকারী|সহায়ক|ผู้ช่วย|บอท|trợ lý|"
    r"yardımcı\w{0,4}|助手|助理|アシスタント|ボット|어시스턴트|비서|봇|copilot|\bllm)"
)
_DATIVE19 = (
    r"(?:avustajalle|assistentille|agentille|botille|tekoälylle|asszisztensnek|ügynöknek|боту|агенту|ассистенту|"
    r"помощнику|асистенту|помічнику|לסוכן|לעוזר|للمساعد|للوكيل|βοηθό)"
)
_TEAM_RULE19 = (
    r"[^\S\n]{0,3}(?:rules?|regel\w{0,2}|правил\w{0,2}|regra\w{0,2}|règle\w{0,2}|regla\w{0,2}|regol\w{0,2}|"
    r"polic\w{1,3}|guideline\w{0,2}|convention\w{0,2}|zasad\w{0,2}|kural\w{0,3}|pravidl\w{0,2}|sääntö\w{0,2})\b"
)
"""A label that states a team's rule for its agents ("Rule for the coding agents: ..."): team knowledge."""
_LABEL19 = (
    r"^(?!"
    + _TEAM_RULE19
    + r")[^\S\n]{0,3}[^\n:：]{0,60}?(?:"
    + _TO19
    + r"[^\n:：]{0,40}?"
    + _AIW19
    + r"|"
    + _DATIVE19
    + r")[^\n:：]{0,80}?[:：]"
)
_RISK19 = (
    r"(?:[\w.+-]{1,64}+@[\w-]+\.[\w.]+|\b[a-z]{2}\d{2}(?: ?[a-z0-9]{4}){3,8}\b|"
    r"password|passwort|mot de passe|contraseña|senha|пароль|парол|parola|heslo|hasło|"
    r"salasan\w{1,3}|lösenord|adgangskode|wachtwoord|jelszó|κωδικ|סיסמ|رمز عبور|كلمة المرور|पासवर्ड|"
    r"পাসওয়ার্ড|รหัสผ่าน|密码|パスワード|비밀번호|mật khẩu|kata sandi|şifre|\bssh\b|\.env\b|"
    r"\badmin(?:istrator)?(?:'s)? (?:rights|access|role|privileges?|group|password|token|account)\b|"
    r"\b(?:rights|access|role|privileges?|permisos|permissões|permessi|droits|rechte|uprawnienia|rechten|"
    r"oprávnění|jogosultság|oikeudet|rättigheter)\w{0,3} (?:de |d'|des |of |dell'|di |do |da |als )?"
    r"(?:admin|administrat|beheerder|správce)\w{0,10}|администратор|адміністратор|מנהלי|مدیر|管理员|管理者|관리자|"
    r"ผู้ดูแล|quản trị|yönetici|διαχειρισ|" + _RISKY_ACT18 + r")"
)
_VOCATIVE19 = r"\"\s{0,2}[^\n\"：:]{0,20}?" + _AIW19 + r"[^\n\"：:]{0,20}?[:：][^\n\"]{0,300}?" + _RISK19
_READER_NOTE19 = r"(?:" + _LABEL19 + r"[^\n]{0,300}?" + _RISK19 + r"|" + _VOCATIVE19 + r")"

RULES_V19: tuple[Rule, ...] = (
    Rule("secret-file-arg-19", 0.65, _r(_n(_SECRET_FILE_ARG19)), negatable=True, context=_r(_n(_CONTENTS19))),
    Rule("reader-note-19", 0.7, _r(_n(_READER_NOTE19)), person_weight=0.6, negated_inside=True),
)
"""rules/19's rules (module docstring), run after rules/18's by `RuleDetector(version=19)`."""
