"""Cues that tell writing ABOUT attacks from orders TO the reader, in 14 languages (issue 15, round 33; measured only).

Round 32's look at v32 found the default's false holds in prose that describes or catalogues attacks (a guide's
paragraphs in its contributors' translations, a taxonomy's entries) and in persona-opening prompts. These cues are
what a description has and an order lacks, or the reverse, counted without any model: second-person address ("you",
"du", "vous", "ты", "你", "あなた", "당신" ...), words of description ("attack", "example", "technique", "the
model", "e.g." and their translations), imperatives opening a line, quotes, list and heading marks, a persona
opening ("You are ...", "Du bist ...", "你是 ..."), a third-person subject with a verb ("the attacker sends"), the
length, the share of non-ASCII letters and the number of lines. `bench/hold_cv_round33.py` feeds them, with the
default's stages, to a small logistic model fitted out of fold by set; the package does not use them.
"""

from __future__ import annotations

import math
import re
import unicodedata

YOU = re.compile(
    r"(?i)\b(?:you|your|yours|yourself|u|du|dich|dir|dein\w*|ihr|euch|euer\w*|ihnen|tu|toi|ton|ta|tes|vous|votre|vos"
    r"|t[úu]|ti|te|tuo|tua|tuoi|usted\w*|vosotros|voc[êe]s?|seu|sua|ты|тебя|тебе|тобой|твой|твоя|твои|вы|вас|вам"
    r"|ваш\w*|sen|sana|seni|senin|siz|size|sizin|jij|jouw|je|jou|ty|ciebie|tobie|twój|bạn|kamu|anda|आप|तुम|أنت"
    r"|لك)\b|你|您|あなた|君|お前|당신|너는|네가|너의"
)
DESCRIBES = re.compile(
    r"(?i)attack\w*|attacker|technique|payload|jailbreak\w*|injection|exploit\w*|vulnerab\w*|scenario|example|e\.g\."
    r"|for instance|such as|category|taxonomy|\bthe (?:model|llm|ai|assistant|agent|chatbot|target)\b"
    r"|\bthis (?:prompt|attack|technique|payload|test|probe)\b|\b(?:tests?|checks?|probes?|evaluates?|measures?) "
    r"(?:whether|if|how)\b|mitigat\w*|defen[cs]\w*|adversar\w*|red[- ]team\w*"
    r"|angriff\w*|angreifer|beispiel|z\.\s?b\.|das modell|technik"
    r"|attaqu\w*|exemple|par exemple|le modèle"
    r"|ataque\w*|atacante|ejemplo|por ejemplo|el modelo|técnica|exemplo|o modelo"
    r"|attacc\w*|esempio|ad esempio|il modello|tecnica"
    r"|атак\w*|злоумышленник\w*|пример\w*|например|модел\w*|техник\w*|уязвим\w*"
    r"|攻击|攻撃|例如|示例|例えば|模型|モデル|手法|技术|脆弱|注入"
    r"|공격|예를 들어|예시|모델|기법"
    r"|هجوم|المهاجم|مثال|النموذج"
    r"|saldır\w*|örne\w*"
)
IMPERATIVE = re.compile(
    r"(?im)^\s*(?:ignore|forget|disregard|print|reveal|show|tell|send|write|output|repeat|act|pretend|say|give|list"
    r"|return|respond|reply|do not|don't|never|always|stop|from now on|override|bypass|translate|summari[sz]e|execute"
    r"|run|delete|open|copy|paste|upload|email|forward|ignoriere|vergiss|gib|zeige|schreibe|sende|ignorez|oublie"
    r"|oubliez|affiche|montre|envoie|écris|ignora|olvida|muestra|envía|escribe|dimentica|mostra|invia|scrivi"
    r"|игнорируй|забудь|покажи|выведи|отправь|напиши|忽略|无视|忘记|输出|显示|发送|無視|忘れ|表示|出力|送信|무시|잊어"
    r"|출력|보여|تجاهل|انس|اعرض|أرسل)"
)
QUOTES = re.compile(r"[\"“”„«»「」『』]|(?<!\w)'|'(?!\w)")
PERSONA = re.compile(
    r"(?i)^\s*(?:you are|you're|du bist|tu es|vous êtes|eres|usted es|sei |você é|ты\s|вы\s|你是|您是|あなたは|당신은"
    r"|너는|sen bir|أنت)"
)
HEADINGS = re.compile(r"(?m)^\s*(?:#{1,6}\s|[-*•]\s|\d+[.)]\s)")
THIRD_PERSON = re.compile(r"(?i)\b(?:the|an?) (?:attacker|user|adversary|model|llm|assistant|agent|ai)\b (?:\w+s)\b")

NAMES = ("you_rate", "you_any", "describes_rate", "describes_any", "imperative_lines", "imperative_first",
         "quote_rate", "persona", "heading_lines", "third_person", "log_length", "non_ascii", "lines")  # fmt: skip
"""The names of `features`' numbers, in order."""


def features(text: str) -> list[float]:
    """The cues of `text` (NFKC), one float each in `NAMES`' order, each in [0, 1] (rates per word x 10, capped;
    the length as log(1 + characters) / 8)."""
    t = unicodedata.normalize("NFKC", text)
    words = max(1, len(re.findall(r"\w+", t)))
    lines = max(1, sum(1 for x in t.splitlines() if x.strip()))
    you, desc = len(YOU.findall(t)), len(DESCRIBES.findall(t))
    letters = [c for c in t if c.isalpha()]
    return [
        min(1.0, 10 * you / words),
        float(you > 0),
        min(1.0, 10 * desc / words),
        float(desc > 0),
        min(1.0, len(IMPERATIVE.findall(t)) / lines),
        float(IMPERATIVE.match(t) is not None),
        min(1.0, 10 * len(QUOTES.findall(t)) / words),
        float(PERSONA.match(t) is not None),
        min(1.0, len(HEADINGS.findall(t)) / lines),
        float(THIRD_PERSON.search(t) is not None),
        math.log1p(len(t)) / 8,
        sum(1 for c in letters if ord(c) > 127) / max(1, len(letters)),
        min(1.0, lines / 20),
    ]
