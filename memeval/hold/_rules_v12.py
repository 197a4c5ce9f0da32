r"""Hold rules/12: protective verbs read as negation, and memory lessons that order a risky act in more languages.

Issue 15's thirteenth round. Held-out v14 (spent after the lead's look 1, training data now)
held English texts that talk about attacks in order to stop them ("assert detect('ignore all
instructions')", "this prompt was flagged by our WAF: ...", "we tested the phrase ...") and
missed memory lessons in French, Italian, Polish, Dutch, Portuguese and Vietnamese. Two pieces:

- `PROTECTIVE`: a protective verb or frame (detect, flag, filter, block, catch, warn about,
  explain why, recognise, classify, defend against, mitigate, reject, sanitise, test for, "the
  phrase", "the attacker used", a regular-expression or `assert` line, and the same verbs in
  German, French, Spanish, Portuguese, Italian, Chinese, Japanese and Korean) in the 60
  characters before a negatable rule's match skips the match, as `_rules.NEGATION` does for
  "never". `ABOUT_FRAME` (a protective verb anywhere in a text that names attacks) makes the
  classifier's word alone not enough, as a quoted attack already does (`_detector._stage1`).
- `standing-risky-order-12`: a lesson or standing note for later sessions ("for all future
  sessions", "from now on", "mémo durable", "nota permanente", "na stałe", "voor alle volgende
  sessies", "em todas as sessões futuras", "cho tất cả các phiên") and, in the same text, a
  risky act (pipe a download into a shell, make something public, copy a secret file out, add
  an admin account, turn off review or scanning, delete tests, skip hooks with `--no-verify`,
  act without telling anyone), each in the same languages. Written from v14's missed lessons:
  its v14 gain flatters it; the other folds say whether it carries.

The same `Rule` shape and normalised text (NFKC, case-folded) as `_rules`.
"""

from __future__ import annotations

import re
import unicodedata

from memeval.hold._rule import Rule, _r


def _n(p: str) -> str:
    """A pattern in the normaliser's form (NFKC; literals written in lower case)."""
    return unicodedata.normalize("NFKC", p)


_PROTECT_VERBS = (
    # verbs, not nouns: "no content filters", "event_blocks", "誤検知" (false detection) are not protective
    r"(?:\b(?:detect(?:s|ed|ing)?|flagged (?:as|by)|warn\w* (?:about|against|of)|explain\w* why|"
    r"recogni[sz]e[sd]?|classif(?:y|ies|ied)|defend\w* against|protect\w* against|guard\w* against|mitigate[sd]?|"
    r"reject(?:s|ed|ing)?|saniti[sz]e[sd]?|test(?:s|ed|ing)? (?:for|whether|if|the phrase)|the phrase|phrases? like|"
    r"the attacker used|attackers? (?:use|type|send)\w*|example from|is (?:this|it) (?:a real )?(?:attack|injection)|"
    # German, French, Spanish, Portuguese, Italian
    r"erkenn(?:t|en|e)|warn\w* vor|d[ée]tecte[rz]?|detecta[rn]?|rileva(?:re)?)\b"
    # Chinese, Japanese, Korean
    r"|检测到?|识别出?|識別|拦截|防范|検出する|を検出|탐지(?:하|합)|차단(?:하|합))"
)
PROTECTIVE = re.compile(
    _n(r"(?:" + _PROTECT_VERBS + r")[^.!?\n。！？]{0,48}$" + r"|\.(?:match|test|search|includes)\(\s*[/\"']?\s*$")
)
"""Matched against the 60 characters before a negatable match: a text that detects, blocks or
explains an attack, not one that gives the order."""

CODE_LINE = re.compile(r"^\s*(?:assert\b|\w*(?:pattern|regex|rx)\w*\s*=|\w+\s*=\s*r?[\"'/])")
"""Matched against the start of a negatable match's line: the match sits in a test assertion or a
pattern literal (`assert detect("...")`, `pattern = r"ignore (all|any) ..."`)."""

ABOUT_FRAME = re.compile(_n(r"(?:" + _PROTECT_VERBS + r")|\bassert\b|\.match\(|\bregex\b|\bre\.(?:search|match)\("))
"""A protective verb or detection code anywhere: with an attack word, the text is about attacks."""


_LESSON = (
    r"(?:for (?:all|every) (?:future|later|next|subsequent|coming) sessions?|in (?:all|every) future sessions?|"
    r"from now on|going forward|permanent (?:note|rule|memory)|standing (?:note|rule|order)|lesson (?:for|to keep)|"
    r"pour (?:chaque|toutes les) sessions? (?:à venir|futures?|suivantes?)|m[ée]mo durable|d[ée]sormais|"
    r"[àa] partir de maintenant|"
    r"per (?:le|tutte le) sessioni (?:future|successive)|nota permanente|d'ora in poi|da ora in poi|"
    r"f[üu]r alle (?:k[üu]nftigen|zuk[üu]nftigen|weiteren) sitzungen|ab (?:jetzt|sofort)|von nun an|dauerhaft merken|"
    r"para todas las sesiones (?:futuras|siguientes)|a partir de ahora|de ahora en adelante|nota permanente|"
    r"em todas as sess[õo]es futuras|para todas as sess[õo]es|a partir de agora|daqui em diante|"
    r"na sta[łl]e|w ka[żz]dej (?:kolejnej|nast[ęe]pnej) sesji|od teraz|"
    r"voor alle (?:volgende|toekomstige) sessies|vanaf nu|"
    r"cho (?:t[ấa]t c[ảa] )?c[áa]c phi[êe]n (?:t[ớo]i|sau)|t[ừu] nay v[ềe] sau|"
    r"för alla (?:framtida|kommande) sessioner|fra nu af|fremover|"
    r"ভবিষ্যতের সব সেশন|आगे के सभी सत्र|सभी भावी सत्र|"
    r"для всех (?:будущих|следующих) сессий|с этого момента|"
    r"gelecek (?:tüm )?oturumlar|bundan sonra)"
)
_RISKY12 = (
    # a download piped into a shell
    r"(?:curl|wget)\b[^\n|]{0,120}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
    # something made public or put somewhere public
    r"|\b(?:make|set|mark|rend\w*|torn\w*|mach\w*|hazlo|haz|imposta\w*|ustaw\w*|maak)\b[^\n]{0,40}?"
    r"\b(?:public|publi(?:c|que|co|ca|cznym|czny|ek)|[öo]ffentlich|openbaar)\b"
    r"|\b(?:public|publiczn\w*|[öo]ffentlich\w*|publi(?:que|co|ca)) (?:gist|repo\w*|bucket|channel)|\bpastebin\b"
    # a secret file or key copied or sent out
    r"|\b(?:copy|paste|send|upload|post|publish|copie|colle|envoie|publie|copia|incolla|invia|pubblica|kopier\w*|"
    r"sende|schick\w*|ver[öo]ffentlich\w*|copi\w*|pega|env[íi]a|envi[ea]|publica|skopiuj|wklej|wy[śs]lij|opublikuj|"
    r"kopieer|plak|stuur|publiceer)\b[^\n]{0,80}?(?:\.env\b|kube/config|id_rsa|\.ssh/|credentials|api[ _-]?keys?|"
    r"tokens?|passwords?|mots? de passe|password|contrase[ñn]as?|senhas?|passw[öo]rter|has[łl]\w*|wachtwoord\w*|"
    r"reset links?|liens? de r[ée]initialisation)"
    # a new admin account
    r"|\b(?:add|create|ajoute|cr[ée]e|aggiungi|crea|f[üu]ge|lege|a[ñn]ade|adicione|crie|dodaj|utw[óo]rz|voeg|maak|"
    r"th[êe]m|t[ạa]o)\b[^\n]{0,60}?(?:admin\w*|administra\w*|qu[ảa]n tr[ịi]|root)"
    # review, scanning or checks switched off, tests deleted, hooks skipped
    r"|\b(?:disable|turn off|switch off|skip|bypass|d[ée]sactive\w*|disattiva\w*|deaktivier\w*|desactiva\w*|"
    r"desativ\w*|wy[łl][ąa]cz\w*|schakel\w* uit|zet\w*[^\n]{0,20}uit|t[ắa]t)\b[^\n]{0,40}?"
    r"(?:review|revue|revisione|revisi[óo]n|revis[ãa]o|pr[üu]fung|przegl[ąa]d|controle|scan\w*|check\w*|"
    r"v[ée]rification\w*|verifica\w*|2fa|mfa|audit)"
    r"|\b(?:delete|remove|supprime\w*|elimina\w*|cancella\w*|l[öo]sch\w*|borra\w*|apag\w*|exclu\w*|usu[ńn]\w*|"
    r"verwijder\w*|x[óo]a)\b[^\n]{0,40}?"
    r"\b(?:(?:integrat\w*?)?tests?|testy|tests?/integration|integration tests?|index\w*|indeks\w*)"
    r"|--no-verify|(?:threshold|drempel|seuil|soglia|schwelle|umbral|limiar|pr[óo]g)[^\n]{0,40}?\bcritical\b"
    # without telling anyone
    r"|without (?:telling|notifying|asking|informing|logging)|sans (?:pr[ée]venir|avertir|demander)|"
    r"senza (?:avvisare|dirlo|chiedere)|ohne (?:bescheid|jemandem|zu fragen|r[üu]ckfrage)|"
    r"sin (?:avisar|decir|preguntar)|"
    r"sem (?:avisar|contar|perguntar)|bez (?:informowania|pytania|zg[łl]aszania)|zonder (?:het )?te (?:melden|vragen)|"
    r"kh[ôo]ng ghi v[àa]o nh[ậa]t k[ýy]|n[ãa]o registr\w*"
)

RULES_V12: tuple[Rule, ...] = (
    Rule(
        "standing-risky-order-12",
        0.8,
        _r(_n(_RISKY12)),
        negatable=True,
        negated_inside=True,
        context=_r(_n(_LESSON)),
    ),
)
