"""rules/2 to rules/5 of the hold detector: other languages, memory poisoning, Turkish, "forget everything".

Moved out of `_rules.py` (which had passed 700 lines) without a change; `_rules` re-exports
`RULES_V2` to `RULES_V5` and the tables later rules build on (`_PERSIST`, `_PERSIST_ML`,
`_PERSIST_ML5`, `_RISKY_NEUTRAL`...). Every pattern runs over the normalised, case-folded text.
"""

from __future__ import annotations

from memeval.hold._rule import Rule, _r, alts_then, any_gap, word_gap

# ---- rules/2: other languages, memory poisoning, false authority, forged reasoning ----------
# Added 2026-12-01 for issue 15; set on `tests/hold/hold_tuning.py` (TUNING_V2), never on the
# held-out files in tests/fixtures/hold_heldout/.

_IGNORE_ML = (
    r"(?:ignorier\w*|vergiss|vergessen sie|missachte\w*|ignore[rsz]?|oublie[rsz]?|oubliez|"
    r"ignora\w*|olvida\w*|omite|descarta|dimentica\w*|trascura|esque[cç]a\w*|desconsidere|"
    r"negeer|vergeet|zignoruj|ignoruj|zapomnij|игнорируй\w*|проигнорируй\w*|забудь\w*)"
)
_RULES_ML = (
    r"(?:anweisungen|instruktionen|regeln|befehle|vorgaben|instructions|consignes|r[eè]gles|"
    r"directives|instrucciones|reglas|indicaciones|directrices|istruzioni|regole|indicazioni|"
    r"direttive|instru[cç][oõ]es|regras|diretrizes|instructies|regels|aanwijzingen|instrukcje|"
    r"polecenia|zasady|инструкции|указания|правила)"
)
_CJK_OVERRIDE = (
    r"(?:忽略|无视|忽视|忘记|無視|忘れ|무시|잊어|تجاهل)[^。.!！\n]{0,20}?"
    r"(?:指令|指示|说明|规则|提示|命令|ルール|지시|명령|규칙|지침|التعليمات|الأوامر|التوجيهات)"
    r"|(?:指令|指示|命令|ルール|지시|명령|규칙|지침)[^。.!！\n]{0,12}?(?:無視|忘れ|무시|잊어)"
)
_SECRETS_ML = (
    r"(?:passw\w*|kennw\w*|zugangsdaten|mot de passe|mots de passe|identifiants|contrase[ñn]as?|"
    r"credenciales|credenziali|senhas?|wachtwoord\w*|has[łl]\w*|парол\w*|密码|パスワード|비밀번호|"
    r"كلمات المرور|api[- ]?(?:keys?|schl[üu]ssel\w*|sleutels?|cl[ée]s?|chiavi|claves)|\.env\b|"
    r"schl[üu]ssel|cl[ée]s api|chiavi api|claves api|credentials|secrets?|tokens?)"
)
_SEND_ML = (
    r"(?:sende(?!rs?\b)\w*|schick\w*|envoie\w*|envoyez|transmets|env[ií]a\w*|invia\w*|mande\w*|stuur\w*|"
    r"wy[śs]lij|отправ\w*|发送|发给|送信|送って|보내|أرسل\w*)"
)
_PROMPT_ML = (
    r"(?:system ?prompt|prompt (?:du |del |do |di )?s[iy]st[eèé]m[ae]?|systemanweisung\w*|"
    r"systeemprompt|prompt systemowy|системн\w* (?:промпт|подсказк\w*|инструкци\w*)|系统提示\w*|"
    r"系統提示|システムプロンプト|시스템 프롬프트|موجه النظام|تعليمات النظام)"
)
_REVEAL_ML = (
    r"(?:r[ée]v[eè]le\w*|affiche\w*|montre\w*|zeig\w*|gib|ausgeben|mostra\w*|muestra\w*|revela\w*|"
    r"mostre|exib\w*|toon|laat zien|poka[żz]\w*|wypisz|покажи\w*|выведи\w*|输出|显示|告诉我|表示|"
    r"教えて|출력|보여|أظهر|اعرض)"
)
_PERSIST = (
    r"(?:for (?:all|every) (?:future|later|subsequent|next) (?:sessions?|runs?|conversations?|"
    r"tasks?|chats?)|in (?:every|all|each) (?:future|later|subsequent) (?:sessions?|runs?|"
    r"conversations?|tasks?|chats?)|(?:going|from now) (?:forward|on)|from this point on|"
    r"remember (?:permanently|forever|this)|add (?:this )?to (?:your|the) (?:memory|memories|"
    r"lessons?)|store (?:this|it) as an? (?:lesson|memory|rule)|note to self|for next time|"
    r"team preference|standing (?:rule|order|instruction)|whenever you|every time you|always)"
)
_RISKY = (
    r"(?:\bcurl\b[^\n|]{0,200}\|\s*(?:ba|z)?sh\b|\bwget\b[^\n|]{0,200}\|\s*(?:ba)?sh\b"
    r"|\b(?:paste|post|upload|send|share|include|copy|attach|put|forward|email|e-mail)\w*"
    + any_gap(8, "'.~/-")
    + r"(?:the )?(?:full |whole |entire )?(?:contents? of )?"
    r"(?:\.env\b|env files?|credentials|secrets?|api keys?|tokens?|passwords?|private keys?|"
    r"deploy keys?|ssh keys?|~/\.aws\S*|~/\.ssh\S*|id_rsa)"
    r"|\b(?:deploy|private|ssh|api) keys?\b[^\n.]{0,40}\b(?:upload|paste|post|publish)\w*"
    r"|\b(?:skip|disable|bypass|turn off|switch off)\w*" + word_gap(4) + r"(?:the )?"
    r"(?:pre-commit|secret scanner|scanner|checks?|tests?|review|reviews|approval|verification|"
    r"2fa|mfa|signing|security|ci)\b"
    r"|--no-verify\b|\bmerge\w*" + word_gap(4) + r"without (?:waiting for )?(?:a |any )?"
    r"(?:human |code )?(?:review|approval)"
    r"|\bmark\w*" + word_gap(3) + r"as (?:skipped|passed|green)\b"
    r"|\breport\w*" + word_gap(4) + r"as (?:green|passed|passing)\b"
    r"|\b(?:run|execute) any (?:shell )?commands?\b"
    r"|\bapproval step is optional\b)"
)

LINK_WINDOW = 500
"""How far past the start of `exfiltration-ml`'s pair its line is read for a reset or link word (redos5).

A scan window: a link word further along the line than this no longer keeps the pair from matching
(it read to the line's end, at every place a sending word or secret started: quadratic). On the hold
fixtures' readings a link word lies at most 41 characters past a pair's start (`scripts/redos_compare.py`
finds the same spans)."""
_LINK_ML = (
    r"(?:reset|zur[üu]cksetz|r[ée]initialis|restablec|redefin|recupera|recovery|сброс|"
    r"восстановл|重置|新密码|新しいパスワード|再設定|を設定|재설정|새 비밀번호|enlace|link|lien|ссылк|"
    r"链接|リンク|링크|新的密码|设置新|操作步骤)"
)
_EXFIL_PAIR_ML = r"(?:" + alts_then(_SEND_ML, 60, _SECRETS_ML) + r"|" + alts_then(_SECRETS_ML, 40, _SEND_ML) + r")"

RULES_V2: tuple[Rule, ...] = (
    Rule("override-instructions-ml", 0.9, _r(r"\b" + _IGNORE_ML + word_gap(5) + _RULES_ML + r"\b|" + _CJK_OVERRIDE)),
    Rule(
        "reveal-prompt-ml",
        0.75,
        # each stem's run read once before its window (alts_then; "系统提示" over 64 KiB: ~390 CPU s on main, redos4)
        _r(alts_then(_REVEAL_ML, 40, _PROMPT_ML) + r"|" + alts_then(_PROMPT_ML, 25, _REVEAL_ML)),
    ),
    Rule(
        "exfiltration-ml",
        0.6,
        # rules/8: not a line that sends a reset or recovery link ("we sent you a link to set a new
        # password": account UI text), and negatable ("never send keys by e-mail"). redos5: the pair (a
        # sending word and a secret within 60 characters, or the other way round within 40) is found first,
        # each stem's `\w*` read once before its window (`alts_then`), and only where it is found is the
        # line read for a link word, to `LINK_WINDOW` characters: the line was read to its end at every
        # place a sending word or secret started ("sende" repeated over 64 KiB: killed at 60 CPU s at 16 KiB
        # on main; "发送密码" repeated, a pair every 2 characters, read the rest of the line at each)
        _r(r"(?=" + _EXFIL_PAIR_ML + r")(?![^\n]{0," + str(LINK_WINDOW) + r"}" + _LINK_ML + r")" + _EXFIL_PAIR_ML),
        negatable=True,
    ),
)
RULES_V2 += (
    Rule(
        "memory-poisoning",
        0.75,
        _r(r"\b" + _PERSIST + r"\b[^\n]{0,160}?" + _RISKY + r"|" + _RISKY + r"[^\n]{0,100}?\b" + _PERSIST + r"\b"),
        negatable=True,
        negated_inside=True,  # since rules/6
    ),
    Rule("risky-action", 0.45, _r(_RISKY), negatable=True),
    Rule(
        "false-authority",
        0.45,
        _r(
            r"\b(?:the )?(?:user|admin|administrator|owner|operator|developer|lead|manager)s? "
            r"(?:has|have|had) (?:already |explicitly )?(?:authori[sz]ed|approved|granted|consented|"
            r"confirmed|allowed)\b|\bpre-?approved\b|\byou (?:are|have been) (?:now )?(?:authori[sz]ed|"
            r"permitted|allowed) to\b|\bthe user is an? (?:admin|administrator|root|superuser)\b"
        ),
    ),
    Rule(
        "forged-reasoning",
        0.7,
        _r(
            r"\b(?:safety|content|usage) (?:rules|guidelines|policies|polic(?:y|ies)|filters|"
            r"restrictions) (?:do not|don't|doesn't|does not|no longer|won't|will not) apply\b"
            r"|\b(?:so|therefore|thus|hence) i (?:can|should|will|may) (?:ignore|bypass|skip|disregard)"
            r"\b|\bthe (?:rules|restrictions|guidelines) (?:are|were) (?:lifted|waived|void)\b"
        ),
    ),
    Rule(
        "fake-end-marker",
        0.5,
        # a marker run is read from its first character only (`(?<!-)`...): a match that starts
        # inside a run also starts at its first character, with the same end, and the text is
        # searched left to right, so the same matches without reading a run once per character
        # (65,536 dashes: 39 CPU s before)
        _r(
            r"(?:(?<!-)-{2,}|(?<!=)={2,}|(?<!#)#{2,}|(?<!\*)\*{2,}|\[)\s*end of "
            r"(?:document|context|file|input|data|email|message|conversation|transcript|tool output|"
            r"search results?)\s*(?:-{2,}|={2,}|#{2,}|\*{2,}|\])|\bnew system (?:instructions?|prompt|message|rules)\b"
        ),
    ),
    Rule(
        "prompt-extraction",
        0.75,
        _r(
            r"\brepeat (?:the|all|everything)? ?(?:text|words|content|instructions)? ?(?:above|before)"
            r"\b|\b(?:what|which) (?:were|are) (?:the |your )?(?:exact |original |initial )?"
            r"instructions you (?:were|have been) given\b|\bprint (?:them|it|those|your instructions)"
            r" verbatim\b|\beverything before this message\b|\bstarting with ['\"]?you are\b"
        ),
        person_weight=0.75,
    ),
)

# ---- rules/3: more languages (issue 15) ----------------------------------------------------
# Added 2026-12-01 after held-out v3 was committed: Turkish, Persian, Hindi, Indonesian/Malay,
# Vietnamese, Ukrainian, Hebrew, Scandinavian, Czech, Romanian, and more Russian, Arabic, Chinese
# and Japanese forms of "ignore the instructions", "show the system prompt", "no restrictions";
# written from the languages' grammar, not from held-out texts (Turkish and Persian put the
# object before the verb, hence the second alternative).

_IGNORE_ML3 = (
    r"(?:yok say\w*|g[öo]rmezden gel\w*|unut(?:un)?\b|dikkate alma\w*|g[öo]z ard[ıi] et\w*|umursama\w*|"
    r"abaikan\w*|lupakan|bỏ qua|phớt lờ|quên (?:đi|hết|tất cả)|ігноруй\w*|проігноруй\w*|"
    r"не зважай\w*|не обращай внимания на|забудь\w*|ignorera|ignorér|ignorer|glöm|glem|ignoruj|"
    r"zapomeň\w*|nevšímej si|ignoră|uită|התעלם\w*|תתעלם\w*|שכח\w*|"
    r"अनदेखा कर\w*|नज़रअंदाज़ कर\w*|नजरअंदाज कर\w*|भूल जा\w*|"
    r"نادیده بگیر\w*|فراموش کن\w*|انس|تجاهل\w*)"
)
_RULES_ML3 = (
    r"(?:talimat\w*|y[öo]nerge\w*|kural\w*|komut\w*|emir\w*|direktif\w*|instruksi|petunjuk|perintah|"
    r"aturan|arahan|hướng dẫn|chỉ dẫn|chỉ thị|quy tắc|інструкці\w*|вказівк\w*|правил\w*|"
    r"инструкци\w*|указани\w*|instruktioner|instruksjoner|instruktioner|regler|pokyn\w*|instrukc\w*|"
    r"pravidl\w*|instrucțiuni\w*|instructiuni\w*|reguli\w*|ההוראות|הוראות|ההנחיות|הנחיות|הכללים|"
    r"निर्देश\w*|नियम\w*|دستورالعمل\w*|دستورات|قوانین|قواعد|التعليمات|القواعد)"
)
_PROMPT_ML3 = (
    r"(?:s[iy]stem (?:istem\w*|komut\w*|talimat\w*|mesaj\w*|prompt\w*)|prompt s[iy]stem|"
    r"lời nhắc hệ thống|câu lệnh hệ thống|системн\w* (?:промпт\w*|підказк\w*|інструкці\w*)|"
    r"systemprompt\w*|systémov\w* (?:prompt|pokyn\w*)|promptul de sistem|הנחיית המערכת|"
    r"פרומפט המערכת|सिस्टम प्रॉम्प्ट|सिस्टम संकेत|پرامپت سیستم|دستورات سیستم|"
    r"系统提示词|系统指令|初始指令|システム指示|初期指示)"
)
_REVEAL_ML3 = (
    r"(?:g[öo]ster\w*|yazd[ıi]r\w*|payla[şs]\w*|if[şs]a et\w*|a[çc][ıi]kla\w*|s[öo]yle\w*|tampilkan|"
    r"tunjukkan|ungkapkan|hiển thị|tiết lộ|in ra|покажи\w*|виведи\w*|розкрий\w*|visa|vis|ukaž\w*|"
    r"vypiš\w*|arată|afișează|הצג\w*|חשוף|הראה|दिखा\w*|बता\w*|نشان بده\w*|فاش کن\w*|"
    r"打印|泄露|透露|見せて|出力して)"
)
_UNRESTRICTED_ML = (
    r"(?:k[ıi]s[ıi]tlamas[ıi]z|sans[üu]rs[üu]z|filtresiz|hi[çc]bir (?:kural\w*|k[ıi]s[ıi]tlama\w*|"
    r"s[ıi]n[ıi]r\w*)|geli[şs]tirici mod\w*|tanpa (?:batasan|sensor|filter|aturan)|"
    r"không (?:có )?(?:giới hạn|kiểm duyệt|hạn chế)|без (?:обмежень|цензури|фільтрів|ограничений|"
    r"цензуры|фильтров|правил)|режим розробника|режим разработчика|utan (?:begränsningar|regler|"
    r"filter)|bez omezení|fără restricții|ללא הגבלות|बिना (?:किसी )?(?:प्रतिबंध|सेंसर)|"
    r"بدون (?:محدودیت|سانسور|قید|قيود)|没有任何限制|不受任何限制|开发者模式|開発者モード|制限なし|"
    r"制限のない|無制限)"
)

RULES_V3: tuple[Rule, ...] = (
    Rule(
        "override-instructions-ml",
        0.9,
        _r(
            r"(?<!\w)"
            + _IGNORE_ML3
            + word_gap(5)
            + _RULES_ML3
            + r"|(?<!\w)"
            + _RULES_ML3
            + word_gap(4)
            + _IGNORE_ML3
            + r"|(?:之前|以前|先前|上面|上述|これまで|前)の?[^。.!！\n]{0,8}?(?:指令|指示|命令|规则|ルール)"
            r"[^。.!！\n]{0,6}?(?:忽略|无视|不要理会|不要遵守|無視|忘れ)"
        ),
    ),
    Rule(
        "reveal-prompt-ml",
        0.75,
        # each stem's run read once before its window (alts_then; "הצג" over 64 KiB: ~730 CPU s on main, redos4)
        _r(alts_then(_REVEAL_ML3, 40, _PROMPT_ML3) + r"|" + alts_then(_PROMPT_ML3, 30, _REVEAL_ML3)),
    ),
    Rule("unrestricted-ml", 0.5, _r(_UNRESTRICTED_ML)),
)

_PERSIST_ML = (
    r"(?:immer|stets|k[üu]nftig\w*|ab jetzt|von nun an|toujours|d[ée]sormais|dor[ée]navant|"
    r"[àa] l'avenir|siempre|de ahora en adelante|en el futuro|sempre|d'ora in poi|in futuro|altijd|"
    r"voortaan|zawsze|od teraz|всегда|впредь|отныне|завжди|відтепер|总是|始终|以后|今后|常に|今後|"
    r"これから|항상|앞으로|her zaman|daima|bundan sonra|دائما|دائماً|من الآن فصاعدا|همیشه|selalu|"
    r"luôn luôn|תמיד|हमेशा)"
)
_RISKY_NEUTRAL = (
    r"(?:\bcurl\b[^\n|]{0,200}\|\s*(?:ba|z)?sh\b|\bwget\b[^\n|]{0,200}\|\s*(?:ba)?sh\b|--no-verify\b|"
    r"\bid_rsa\b|~/\.ssh\b|~/\.aws\b|\bbase64 -d\b[^\n|]{0,100}\|\s*(?:ba)?sh\b)"
)
RULES_V3 += (
    Rule(
        "memory-poisoning-ml",
        0.75,
        _r(_PERSIST_ML + r"[^\n]{0,160}?" + _RISKY_NEUTRAL + r"|" + _RISKY_NEUTRAL + r"[^\n]{0,100}?" + _PERSIST_ML),
        negatable=True,
        negated_inside=True,  # since rules/6
    ),
)

# ---- rules/4: Turkish phrasings, tool calls in read text (issue 15, second round) --------------
# Added after held-out v4 was committed (not read or scored while writing these). The Turkish
# patterns follow the Turkish rule groups of the PyPI package `guardllm-tr` 0.3.0 (MIT:
# `guardllm/utils/patterns.py`, "tr_ignore", "tr_override", "tr_act_as", "tr_no_rules",
# "tr_evil_mode") rewritten over memeval's normalised text, widened by the misses of held-out v3
# (now tuning data): removing restrictions, declaring instructions void, forgetting the role,
# repeating the system prompt, refusal suppression. A tool call in read text counts only with a
# concrete target (a path, a URL, an address): a tutorial naming `send_email` does not.

_TR_LIMITS = r"(?:k[ıi]s[ıi]tlama\w*|filtre\w*|kural\w*|s[ıi]n[ıi]r\w*|g[üu]venlik\w*|sans[üu]r\w*|etik\w*)"
_TR_DROP = (
    r"(?:kald[ıi]r\w*|kapat\w*|devre d[ıi][şs][ıi]\w*|atla\w*|yok say\w*|ge[çc]ersiz k[ıi]l\w*|"
    r"uygulama(?:yacaks[ıi]n|)\b|takma\w*|tan[ıi]ma\w*|umursama\w*|muaf\w*|uyma\w*)"
)
_TR_RULEWORDS = r"(?:talimat\w*|kural\w*|y[öo]nerge\w*|politika\w*|ayar\w*|komut\w*|mesaj\w*)"
RULES_V4: tuple[Rule, ...] = (
    Rule("drop-restrictions-tr", 0.75, _r(_TR_LIMITS + word_gap(3) + _TR_DROP), negatable=True),
    Rule(
        "void-instructions-tr",
        0.85,
        _r(
            r"(?:[öo]nceki|eski|t[üu]m|yukar[ıi]daki|mevcut)\s+"
            + _TR_RULEWORDS
            + r"\s*(?:art[ıi]k\s+)?(?:iptal|ge[çc]ersiz|unut\w*|yok say\w*)"
            + r"|"
            + _TR_RULEWORDS
            + r"\s+ge[çc]ersiz\s+(?:k[ıi]l|say)\w*"
            + r"|\brol[üu]n[üu] unut\w*|\bkarakterden [çc][ıi]kma\b"
        ),
    ),
    Rule(
        "act-as-unrestricted-tr",
        0.75,
        _r(
            r"(?:\bsen art[ıi]k\b|\b[şs]imdi sen\b|\bbundan sonra\b|\bsen\b)[^.\n]{0,60}?"
            r"(?:kural tan[ıi]ma\w*|k[ıi]s[ıi]tlamas[ıi]z|s[ıi]n[ıi]rs[ıi]z|filtresiz|sans[üu]rs[üu]z|kurals[ıi]z|"
            r"k[ıi]s[ıi]tlamas[ıi] olmayan|kural[ıi] olmayan)"
        ),
    ),
    Rule(
        "reveal-prompt-tr",
        0.75,
        _r(
            r"(?:s[iy]stem (?:istem\w*|mesaj\w*|talimat\w*|prompt\w*)|i[çc] (?:talimat|y[öo]nerge|kural)\w*|"
            r"gizli (?:talimat|y[öo]nerge|kural|anahtar)\w*)[^\n]{0,50}?"
            r"(?:tekrarla\w*|s[ıi]zd[ıi]r\w*|a[çc][ıi]kla\w*|g[öo]ster\w*|yaz\b|yaz[ıi]n\b|ekle\w*)"
            r"|\bs[ıi]zd[ıi]r\w*[^\n]{0,30}?(?:s[iy]stem\w*|talimat\w*|istem\w*)"
        ),
    ),
    Rule(
        "refusal-suppression-tr",
        0.55,
        _r(
            r"(?:hi[çc]bir [şs]eyi |hi[çc]bir iste[ğg]i |)reddetme(?:yeceksin|)\b|\breddedemezsin\b|"
            r"\bret(?:t)?i (?:yok|kullanma)\b|\breddetme (?:hakk[ıi]n|kal[ıi]b[ıi]n[ıi])\b"
        ),
    ),
    Rule(
        "tool-call-in-data",
        0.6,
        _r(
            r"\b(?:call|invoke|use|run|trigger|execute)\s+(?:the\s+)?`?[a-z][a-z0-9]*_[a-z0-9_]+`?"
            r"[^\n]{0,80}?(?:\s/[\w.-]+/|https?://|[\w.+-]{1,64}+@[\w-]+\.\w)"
        ),
        person_weight=0.3,
    ),
)

# ---- rules/5: short orders and standing orders in other languages (issue 15, fourth round) ----
# Added after held-out v6 was committed. (a)-(d) are written from held-out v5's misses (tuning data
# since this round): "forget everything above", "you have no restrictions from now on", "do not
# refuse to answer / answer without warnings", "these new instructions take priority", in the
# languages v5 carries. (e) extends memory poisoning (a standing order with a risky act) to the
# risky acts said in other languages: turning off tests, checks, scanners or reviews, pasting or
# sending secrets. CAVEAT: the same engineer wrote v6's written part; see memeval/hold/README.md.

_FORGET_ALL = (
    r"(?:vergiss\w* alles|olvida\w* todo|oublie\w* tout|dimentica\w* tutto|esque[çc]a\w* tudo|esquece tudo|"
    r"vergeet alles|zapomnij (?:o )?wszystk\w*|забудь\w* (?:вс[её]|обо всём)|забудьте вс[её]|"
    r"unut(?:un)? her [şs]eyi|忘记(?:上面|之前|以上|前面)?的?(?:一切|所有)|忘掉(?:上面|之前)?的?(?:一切|所有)|"
    r"(?:すべて|全部)(?:を)?忘れ|忘れてください|위의? (?:모든 )?(?:것을|내용을) (?:모두 )?잊|모든 것을 잊|"
    r"(?:सब कुछ|सबकुछ) भूल जा\w*|انس(?:َ)? كل|انسى كل)"
)
_NO_LIMITS = (
    r"(?:(?:no )?tienes? (?:ninguna|ya no) (?:restricci[oó]n|restricciones|limitaci[oó]n\w*)|no tienes restricciones|"
    r"n'as (?:plus )?aucune (?:restriction|limite|r[eè]gle)|n'as plus de (?:restrictions?|limites?|r[eè]gles)|"
    r"non hai (?:pi[uù] )?(?:alcuna|nessuna) (?:restrizion\w*|limitazion\w*|regol\w*)|"
    r"n[ãa]o tem (?:mais )?(?:nenhuma|qualquer) (?:restri[çc][ãa]o|limita[çc][ãa]o|regra)|"
    r"(?:hast|habe?) (?:jetzt |nun |ab sofort )?keine (?:einschr[äa]nkungen|beschr[äa]nkungen|regeln|grenzen)|"
    r"heb (?:je )?geen (?:beperkingen|regels)|nie masz (?:[żz]adnych )?ogranicze[ńn]|"
    r"нет (?:никаких |больше )?(?:ограничений|правил)|больше нет ограничений|немає (?:жодних )?обмежень|"
    r"没有(?:任何)?(?:限制|规则|约束)|制限(?:は|が)(?:一切)?(?:ありません|ない)|제한이 (?:없|사라)|"
    r"(?:कोई )?प्रतिबंध नहीं|بلا قيود|بدون قيود|لا قيود)"
)
_NO_REFUSAL = (
    r"(?:no te niegues|no rechaces|ne refuse pas|ne refusez pas|non rifiutarti|non rifiutare|"
    r"n[ãa]o (?:se )?recuse|weiger\w* nicht|verweiger\w* nicht|nicht ablehnen|weiger niet|nie odmawiaj|"
    r"не отказывай\w*|не отказывайтесь|не відмовляй\w*|不要拒绝|别拒绝|拒否しない|拒否せず|거절하지 마|거부하지 마|"
    r"इनकार मत कर\w*|मना मत कर\w*|لا ترفض|لا تمتنع|reddetme\b|"
    r"(?:antworte|antwort\w*) ohne (?:jede |irgendeine )?(?:warnung|einschr[äa]nkung)|"
    r"respond\w* sin (?:ninguna |ning[uú]n )?(?:advertencia|aviso|restricci[oó]n)|"
    r"r[ée]pond\w* sans (?:aucun\w* )?(?:avertissement|mise en garde|restriction)|"
    r"rispond\w* senza (?:alcun\w* )?(?:avvertiment\w*|avvis\w*|restrizion\w*)|"
    r"respond\w* sem (?:nenhum\w* )?(?:aviso|advert[êe]ncia|restri[çc][ãa]o)|"
    r"отвечай\w* без (?:каких-либо |всяких |любых )?(?:предупреждений|ограничений)|"
    r"(?:回答|回复)时?不要(?:给出)?(?:任何)?(?:警告|提醒)|警告なしで|警告を(?:出さ|付け)ず|경고 없이|"
    r"बिना (?:किसी )?चेतावनी|دون (?:أي )?تحذير|بدون (?:أي )?تحذير)"
)
_NEW_PRIORITY = (
    r"(?:neuen? (?:anweisung\w*|instru\w*|regeln|befehle) (?:haben|hat) (?:vorrang|priorit[äa]t)|"
    r"nuevas? instru\w* (?:tienen|tiene) (?:prioridad|preferencia)|"
    r"nouvell\w* (?:instru\w*|consignes?|r[eè]gles) (?:ont|a) (?:la )?priorit[ée]|"
    r"nuov\w* (?:istruzion\w*|instru\w*|regol\w*) (?:hanno|ha) (?:la )?priorit[àa]|"
    r"nov\w* (?:instru\w*|regras) (?:t[êe]m|tem) (?:prioridade|preced[êe]ncia)|"
    r"nieuwe (?:instru\\w*|regels) (?:hebben|heeft) (?:voorrang|prioriteit)|"
    r"nowe (?:instru\w*|polecenia|zasady) maj[ąa] (?:pierwsze[ńn]stwo|priorytet)|"
    r"нов\w* (?:инструкци\w*|правил\w*|указани\w*) (?:имеют|име[ею]т|важнее)|"
    r"新的?(?:指令|指示|规则)(?:具有|拥有)?(?:最高)?优先|新しい(?:指示|ルール)が優先|"
    r"새로운 (?:지시|규칙)(?:이|가)? 우선|"
    r"नए निर्देश प्राथमिकता|التعليمات الجديدة (?:لها|ذات) (?:الأولوية|أولوية)|yeni talimatlar\w* [öo]ncelik\w*)"
)
_PERSIST_ML5 = (
    r"(?:(?:f[üu]r|in) (?:alle )?(?:k[üu]nftigen|zuk[üu]nftigen|n[äa]chsten|sp[äa]teren) (?:sitzungen|gespr[äa]che|"
    r"aufgaben)|merke? dir|(?:toutes )?les (?:prochaines|futures) sessions|(?:[àa]|a) (?:retenir|m[ée]moriser)|"
    r"(?:todas )?las (?:sesiones|conversaciones) futuras|(?:guarda|recuerda) (?:esta|esto)|"
    r"(?:le )?prossime sessioni|da ricordare|(?:as )?pr[óo]ximas sess[õo]es|memorize|"
    r"(?:alle )?toekomstige sessies|onthoud|na sta[łl]e|przysz[łl]ych sesj\w*|zapami[ęe]taj|"
    r"запомни\w*|на будущее|навсегда|(?:во )?все(?:х)? (?:будущих|следующих) (?:сесси\w*|разговор\w*)|"
    r"永久记住|请?记住|以后每次|所有未来的?会话|今後のすべての|覚えておく|教訓として|"
    r"앞으로 모든|기억하세요|الجلسات القادمة|تذكّ?ر|sonraki t[üu]m oturum\w*|gelecek oturum\w*|kaydet)"
)
_NOT_DOT = r"[^\n.]"
_RISKY_ML = (  # each stem's run read once before its window (alts_then; "pomin" over 64 KiB: ~190 CPU s, redos4)
    r"(?:\b"
    + alts_then(
        r"(?:deaktivier\w*|[üu]berspring\w*|schalte?\w*|umgeh\w*)",
        40,
        r"(?:tests?|scanner|pr[üu]fung\w*|checks?|review\w*|linter|sicherheits\w*)",
        _NOT_DOT,
    )
    + r"|"
    + alts_then(
        r"(?:tests?|scanner|pr[üu]fung\w*|checks?|linter)",
        30,
        r"\b(?:deaktivier\w*|ab(?:schalten)?|aus(?:schalten)?)\b",
        _NOT_DOT,
    )
    + r"|\b"
    + alts_then(r"(?:d[ée]sactiv\w*)", 30, r"(?:tests?|scanner|v[ée]rification\w*|contr[ôo]le\w*|analyse\w*)", _NOT_DOT)
    + r"|\b"
    + alts_then(
        r"(?:desactiv\w*)", 30, r"(?:esc[áa]ner|pruebas|tests?|verificaci\w*|comprobaci\w*|an[áa]lisis)", _NOT_DOT
    )
    + r"|\b"
    + alts_then(r"(?:disattiv\w*)", 30, r"(?:test|scanner|controll\w*|verific\w*)", _NOT_DOT)
    + r"|\b"
    + alts_then(r"(?:desativ\w*)", 30, r"(?:testes?|scanner|verifica\w*)", _NOT_DOT)
    + r"|"
    + alts_then(
        r"(?:отключ\w*|выключ\w*|пропуст\w*)", 30, r"(?:проверк\w*|тест\w*|сканер\w*|линтер\w*|ревью)", _NOT_DOT
    )
    + r"|"
    + alts_then(r"(?:wy[łl][ąa]cz\w*|pomi[ńn]\w*)", 30, r"(?:skaner\w*|test\w*|kontrol\w*|przegl[ąa]d\w*)", _NOT_DOT)
    + r"|\bschakel[^\n.]{0,30}?(?:tests?|scanner|controles?)[^\n.]{0,10}?uit|"
    + alts_then(
        r"(?:testler\w*|kontroller\w*|tarama\w*|tarayıcı\w*)", 20, r"(?:devre d[ıi][şs][ıi]|atla\w*|kapat\w*)", _NOT_DOT
    )
    + r"|(?:跳过|关闭|禁用|绕过)[^\n。]{0,10}?(?:检查|审核|评审|测试|扫描)|"
    r"(?:テスト|チェック|検査|スキャン)[^\n。]{0,12}?"
    r"(?:スキップ|無効|オフ)|(?:보안 )?(?:검사|테스트|스캔)[^\n.]{0,8}?(?:끄|건너뛰|비활성)|\b"
    + alts_then(
        r"(?:kopiere?|kopier\w*|f[üu]ge?\w* ein|copie\w*|colle\w*|cop[ií]a\w*|pega\w*|incoll\w*|col[ea]\w*|"
        r"plak\w*|wklej\w*|вставь\w*|скопируй\w*|粘贴|复制|貼り付け|붙여넣|الصق|انسخ)",
        60,
        r"(?:\.env\b|secrets?\.\w+|credentials|\.aws|id_rsa|api[- ]?(?:key|schl[üu]ssel)\w*)",
    )
    + r"|(?:\.env\b|secrets\.\w+|id_rsa)[^\n]{0,60}?(?:kopier\w*|einf[üu]g\w*|colle\w*|pega\w*|incoll\w*|"
    r"wklej\w*|вставь\w*|粘贴|貼り付け|붙여넣|الصق)|"
    + alts_then(
        r"(?:push\w*|pousse\w*|merge\w*|fusionn\w*|fusion\w*)",
        30,
        r"(?:main|master)[^\n.]{0,40}?(?:sin|sans|ohne|senza|sem|без|不|なし|없이)[^\n.]{0,15}?(?:revis\w*|review|"
        r"relecture|pr[üu]fung|controll\w*|проверк\w*|审核|レビュー|리뷰)",
        _NOT_DOT,
    )
    + r"|直接合并|跳过所有检查)"
)

RULES_V5: tuple[Rule, ...] = (
    Rule("forget-everything-ml", 0.75, _r(_FORGET_ALL)),
    Rule("no-restrictions-ml", 0.5, _r(_NO_LIMITS), negatable=True),
    Rule("refusal-suppression-ml", 0.55, _r(_NO_REFUSAL)),
    Rule("new-instructions-priority-ml", 0.6, _r(_NEW_PRIORITY)),
    Rule("risky-action-ml", 0.4, _r(_RISKY_ML), negatable=True),  # negatable since rules/6
    Rule(
        "memory-poisoning-ml",
        0.75,
        _r(
            r"(?:" + _PERSIST_ML5 + r"|" + _PERSIST_ML + r")[^\n]{0,160}?(?:" + _RISKY_ML + r"|" + _RISKY_NEUTRAL + r")"
            r"|(?:" + _RISKY_ML + r")[^\n]{0,100}?(?:" + _PERSIST_ML5 + r"|" + _PERSIST_ML + r")"
        ),
        # both alternatives contain a standing-order word: searching for one alone costs less than
        # half the whole pattern, and ordinary text has none (sample week: 0 of 138 texts)
        requires=_r(r"(?:" + _PERSIST_ML5 + r"|" + _PERSIST_ML + r")"),
        negated_inside=True,  # since rules/6
    ),
)


# rules/6 lives in its own module (this one had passed 800 lines); it is imported here so that
# every table is still an attribute of `_rules` (`RULES`, `RULES_V2`... `RULES_V6`), where the
# detector, the rule screen and the tests find them.
