"""Who a text addresses and whether it orders or describes: cues in 14 languages (issue 15, round 35; measured only).

The blind looks v31-v34 missed orders written by one agent for another (hand-offs, memory lessons, planted
documents, tool outputs) and orders outside English, and held prose *about* attacks. What tells those apart is less
the words of an attack than grammar and addressee: an order to an AI reader or to future sessions is in the
imperative or a modal of obligation and speaks to "you", "the assistant", "the next agent", "from now on"; a
description narrates in the third person or the past ("the attacker sends", "this payload tries to"), reports
speech ("asks the model to") and quotes. `cues` counts those, per clause where the grammar sits at a clause's start
(English, German, French, Spanish, Portuguese, Italian, Russian, Chinese, Arabic) or its end (Japanese, Korean),
plus the shares of the text's letters in each script. The lists are written for this module, not learnt; the
stacked stage of `bench/hold_cv_round35.py`
weighs them; the package does not use them (round 33's `bench/_hold_describes.py` counted cues of description only).
"""

from __future__ import annotations

import math
import re
import unicodedata

_CLAUSE = re.compile(r"[.!?;:\n。！？；：]+\s*")

_DIRECTIVE_START = re.compile(
    r"(?i)^[\s\-*•>#\d.)(\[\"'“„«「]*(?:please\s+|pls\s+|kindly\s+|now\s+|then\s+|also\s+|and\s+)?"
    r"(?:ignore|disregard|forget|override|bypass|skip|disable|turn off|run|execute|exec|call|invoke|fetch|download"
    r"|curl|install|send|forward|post|upload|email|e-mail|share|copy|paste|export|include|attach|append|add|insert"
    r"|print|output|reveal|show|display|tell|say|respond|reply|answer|write|return|repeat|list|dump|leak|read|open"
    r"|delete|remove|drop|wipe|erase|grant|approve|merge|push|deploy|commit|transfer|pay|change|set|update|replace"
    r"|store|save|remember|note|keep|hide|conceal|pretend|act|assume|become|treat|use|stop|do not|don't|dont|never"
    r"|always|make sure|ensure|be sure|you must|you should|you need|you will|you are now|from now on|going forward"
    r"|ignoriere|ignorier|vergiss|führe|sende|schicke|zeige|gib|schreibe|lösche|kopiere|merke|denk|speichere"
    r"|verwende|nutze|antworte|tu|mach|öffne|lade|installiere|niemals|immer|bitte"
    r"|ignore[sz]?|oublie[sz]?|exécute[sz]?|envoie[sz]?|affiche[sz]?|montre[sz]?|écri[st]|écrivez|supprime[sz]?"
    r"|copie[sz]?|retiens|retenez|utilise[sz]?|réponds|répondez|ouvre[sz]?|ne (?:jamais|pas)|toujours|veuillez"
    r"|ignora|olvida|ejecuta|envía|envia|muestra|escribe|borra|elimina|copia|recuerda|usa|utiliza|responde|abre"
    r"|nunca|siempre|por favor|esquece|executa|execute|envie|mostra|escreva|apague|lembre|dimentica|esegui|invia"
    r"|mostra|scrivi|cancella|ricorda|usa|rispondi|apri|mai|sempre|per favore"
    r"|игнорируй|игнорируйте|забудь|забудьте|выполни|выполните|запусти|отправь|отправьте|покажи|выведи|напиши"
    r"|удали|скопируй|запомни|используй|ответь|открой|никогда|всегда|пожалуйста"
    r"|تجاهل|انس|نفذ|شغل|أرسل|ارسل|اعرض|اكتب|احذف|انسخ|تذكر|استخدم|أجب|افتح|لا ت|دائما|دائمًا|من فضلك)\b"
)
_DIRECTIVE_START_CJK = re.compile(
    r"^[\s\-*•>#\d.)(\[\"'“「]*(?:请|請|务必|務必|必须|必須|一定要|不要|别|別|切勿|禁止|立即|马上|馬上|忽略|无视|無視|忘记|忘記"
    r"|执行|執行|运行|運行|发送|發送|输出|輸出|显示|顯示|告诉|告訴|删除|刪除|复制|複製|记住|記住|记得|以后|今后|從現在|从现在"
    r"|始终|總是|总是|永远|永遠|把|将|將)"
)
_DIRECTIVE_END_JA_KO = re.compile(
    r"(?:てください|でください|て下さい|なさい|しろ|せよ|してくれ|ること|るな|ないで|ましょう|こと"
    r"|하세요|하십시오|해라|해 주세요|해주세요|주세요|하라|마세요|마라|하시오|할 것|해야 합니다|해야 한다)\W*$"
)
_MODAL = re.compile(
    r"(?i)\b(?:must|should|shall|have to|has to|need to|needs to|are required to|is required to|required|mandatory"
    r"|muss|musst|müssen|sollst|sollen|soll|dois|doit|devez|doivent|il faut|obligatoire|debe|debes|deben|hay que"
    r"|tienes que|tiene que|obligatorio|deve|deves|devem|precisa|tem que|devi|bisogna|должен|должна|должны|обязан"
    r"|обязательно|необходимо|нужно|надо|يجب|ينبغي|لابد)\b|必须|必須|务必|務必|应当|應當|应该|應該|一定要|不得|"
    r"なければならない|なければなりません|必ず|べき|반드시|해야|하여야|꼭"
)
_YOU = re.compile(
    r"(?i)\b(?:you|your|yourself|yours|du|dich|dir|dein\w*|tu|toi|ton|ta|tes|vous|votre|vos|usted\w*|vosotros"
    r"|você|vocês|voce|ты|тебя|тебе|твой|твоя|твои|вы|вас|вам|ваш\w*|أنت|انت)\b|你|您|あなた|君は|お前|당신|너는|네가"
)
_AI_READER = re.compile(
    r"(?i)\b(?:ai|a\.i\.|llm|llms|assistant|agent|agents|chatbot|bot|copilot|gpt|chatgpt|claude|gemini|language model"
    r"|the model|any model|automated (?:reader|system|agent)|autonomous agent|subagent|sub-agent|orchestrator"
    r"|ki|assistent|assistentin|ia|assistente|asistente|агент|ассистент|модель|ии|нейросеть|бот"
    r"|المساعد|الوكيل|النموذج|الذكاء الاصطناعي)\b|助手|助理|智能体|代理|模型|机器人|機器人|大模型|アシスタント"
    r"|エージェント|モデル|AI|어시스턴트|에이전트|모델|챗봇|인공지능"
)
_FUTURE = re.compile(
    r"(?i)\b(?:from now on|going forward|in (?:all )?future|future (?:sessions?|runs?|agents?|tasks?|conversations?)"
    r"|next (?:session|agent|run|time|step)|subsequent|for (?:all|every) (?:later|future|subsequent)|henceforth"
    r"|remember (?:that|to|this)|keep in mind|lesson(?:s)? learned|note to self|hand-?off|handover|memory"
    r"|ab jetzt|künftig|in zukunft|merke dir|désormais|à l'avenir|dorénavant|retiens|de ahora en adelante"
    r"|en el futuro|a partir de ahora|recuerda|daqui em diante|a partir de agora|no futuro|lembre-se|d'ora in poi"
    r"|in futuro|ricorda|впредь|отныне|в будущем|с этого момента|запомни|в следующий раз|من الآن|في المستقبل"
    r"|تذكر)\b|以后|以後|今后|今後|从现在起|從現在起|下次|后续|後續|记住|記住|长期记忆|長期記憶|次回|以降|覚えて"
    r"|앞으로|다음부터|기억해|이후"
)
_HUMAN_READER = re.compile(
    r"(?i)(?:^|\n)\s*(?:hi|hey|hello|dear|thanks|thank you|cheers|regards|best|fyi|team|folks|all|everyone"
    r"|hallo|liebe|danke|bonjour|salut|merci|hola|gracias|olá|obrigad[oa]|ciao|grazie|привет|спасибо|коллеги"
    r"|大家好|各位|谢谢|謝謝|皆さん|お疲れ|ありがとう|여러분|감사)\b|@[a-z][\w.-]+|\b(?:can you take a look|ping me"
    r"|let me know|lmk|ptal|lgtm)\b"
)
_DESCRIBER = re.compile(
    r"(?i)\b(?:the|an|this|that|such|these|those|malicious|an?) (?:attacker|attackers|adversary|adversaries"
    r"|payload|payloads|injection|injections|prompt|prompts|attack|attacks|exploit|technique|victim|threat actor"
    r"|jailbreak|probe|test case|sample|example)\b|\b(?:attackers?|adversaries) (?:can|could|may|might|will|would"
    r"|use|try|tries|send|sends|embed|embeds|hide|hides)\b|\b(?:angreifer|attaquant|attaquants|atacante|atacantes"
    r"|злоумышленник\w*|атакующ\w*|المهاجم)\b|攻击者|攻擊者|该攻击|此攻击|这种攻击"
    r"|這種攻擊|该提示|攻撃者|この攻撃|공격자|이 공격"
)
_REPORTED = re.compile(
    r"(?i)\b(?:asks?|asked|tells?|told|instructs?|instructed|tricks?|tricked|convinces?|convinced|causes?|caused"
    r"|makes?|made|gets?|got|forces?|forced|coerces?|coerced|manipulates?|manipulated|induces?|induced|lures?)"
    r" (?:the|an?|this|that|its) (?:model|agent|assistant|llm|ai|chatbot|bot|system|victim|user)\b"
    r"|\b(?:tries|tried|attempts?|attempted|aims?|aimed|designed|used|is used|are used|can be used) to\b"
    r"|\b(?:e\.g\.|for example|for instance|such as|i\.e\.|z\.\s?b\.|par exemple|por ejemplo|por exemplo|ad esempio"
    r"|например|مثل|例如|比如|例えば|예를 들어)|\b(?:said|wrote|writes|says|reads?):"
)
_PAST = re.compile(
    r"(?i)\b(?:was|were|had|did|been|\w{3,}ed|wurde|wurden|hatte|war|était|étaient|a été|fue|fueron|era|había"
    r"|foi|eram|tinha|fu|era|был|была|было|были|كان|كانت)\b|(?<=[\u4e00-\u9fff])(?:了|过|過)|曾经|曾經|ました|でした"
    r"|었다|였다|했다|했습니다"
)
_QUOTED = re.compile(
    r"\"[^\"\n]{3,}\"|“[^”\n]{3,}”|„[^“”\n]{3,}[“”]|«[^»\n]{3,}»|「[^」\n]{2,}」|`[^`\n]{3,}`|『[^』\n]{2,}』"
)

NAMES = (
    "directive_clauses",
    "directive_any",
    "directive_first",
    "modal",
    "you",
    "ai_reader",
    "future",
    "human_reader",
    "describer",
    "reported",
    "past",
    "quoted",
    "directive_x_ai",
    "directive_x_future",
    "describes_not_orders",
    "script_latin",
    "script_han",
    "script_kana",
    "script_hangul",
    "script_cyrillic",
    "script_arabic",
    "script_indic",
    "script_other",
)
"""The names of `cues`' numbers, in order."""

MAX_CHARS = 4000
"""Only the first this many characters are read (the rest of a long text adds CPU, not grammar)."""

_SCRIPT_PREFIXES = (
    ("script_han", ("CJK",)),
    ("script_kana", ("HIRAGANA", "KATAKANA")),
    ("script_hangul", ("HANGUL",)),
    ("script_cyrillic", ("CYRILLIC",)),
    ("script_arabic", ("ARABIC", "HEBREW", "PERSIAN")),
    ("script_indic", ("DEVANAGARI", "BENGALI", "TAMIL", "TELUGU", "GUJARATI", "GURMUKHI", "KANNADA", "MALAYALAM")),
)


def scripts(text: str) -> list[float]:
    """Shares of the letters of `text` in Latin, Han, Kana, Hangul, Cyrillic, Arabic/Hebrew, Indic and other scripts
    (eight floats summing to 1, or all 0 for a text without letters); ASCII letters are Latin without a name look-up."""
    counts = [0] * 8
    for ch in text:
        if not ch.isalpha():
            continue
        if ch.isascii():
            counts[0] += 1
            continue
        name = unicodedata.name(ch, "")
        if name.startswith("LATIN"):
            counts[0] += 1
            continue
        for k, (_, prefixes) in enumerate(_SCRIPT_PREFIXES, start=1):
            if name.startswith(prefixes):
                counts[k] += 1
                break
        else:
            counts[7] += 1
    n = sum(counts)
    return [c / n for c in counts] if n else [0.0] * 8


def cues(text: str) -> list[float]:
    """The addressee and mood cues of `text`, one float in [0, 1] each in `NAMES`' order.

    Clauses are split at sentence punctuation, colons and line breaks (Latin and CJK marks); a clause is directive
    when it opens with an imperative, "please", "never/always", "you must", "from now on" and the like (or, in
    Japanese and Korean, ends with an imperative or request form). Rates are per clause or per word and capped at 1;
    `describes_not_orders` is 1 when a describer or reported-speech cue is present and no clause is directive. Only
    the first `MAX_CHARS` characters of the NFKC form are read.
    """
    t = unicodedata.normalize("NFKC", text[:MAX_CHARS])
    clauses = [c for c in _CLAUSE.split(t) if c.strip()]
    n = max(1, len(clauses))
    directive = [
        bool(_DIRECTIVE_START.match(c) or _DIRECTIVE_START_CJK.match(c) or _DIRECTIVE_END_JA_KO.search(c))
        for c in clauses
    ]
    words = max(1, len(t.split()) + sum(1 for ch in t if "\u3040" <= ch <= "\u9fff") // 2)
    d_any = float(any(directive))
    ai, fut = float(_AI_READER.search(t) is not None), float(_FUTURE.search(t) is not None)
    describer, reported = len(_DESCRIBER.findall(t)), len(_REPORTED.findall(t))
    quoted = sum(len(m) for m in _QUOTED.findall(t))
    return [
        sum(directive) / n,
        d_any,
        float(bool(directive) and directive[0]),
        min(1.0, 5 * len(_MODAL.findall(t)) / words),
        min(1.0, 5 * len(_YOU.findall(t)) / words),
        ai,
        fut,
        float(_HUMAN_READER.search(t) is not None),
        min(1.0, math.log1p(describer) / 2),
        min(1.0, math.log1p(reported) / 2),
        min(1.0, 5 * len(_PAST.findall(t)) / words),
        min(1.0, quoted / max(1, len(t))),
        d_any * ai,
        d_any * fut,
        float((describer + reported) > 0 and not d_any),
        *scripts(t),
    ]
