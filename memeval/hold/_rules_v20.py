r"""Hold rules/20: memory lessons that plant a risky habit in any language, prior context wiped, notes to the AI.

What held-out v23 showed (spent after its look; training data now): the misses were memory-poisoning lessons
written in languages rules/5-19 read no lesson frame or no risky act in (a "lesson for every future session"
that has the agent skip a signature check, unblock a card without the identity check, move money without the
confirmation call, or keep the change out of the audit log); notes to a support assistant planted in tickets
whose label rules/19 did not read (a compound word, "tugiassistendile"; an Arabic "for the assistant" written
as one word; the Slovak "pre"); and German or South Slavic requests to forget or disregard what came before in
other words than rules/2's ("alle bisherigen Informationen", "Zaboravi sve instrukcije"). Its false holds
included a benign team lesson that names a safeguard ("always ask the release owner before skipping a flaky
test"). Each pattern below is a kind of writing, written from these kinds and tested on texts written for the
tests (tests/hold/test_hold_round22.py) and on the folds, not a text of v23:

- `lesson-risk-20`: a lesson addressed to later sessions ("for all future sessions", "remember this in every
  session", "lesson for all sessions", "save this in the project memory") in 35 languages, in the first
  `LESSON_HEAD20` characters of a line, followed on its
  line by a risky act: a check, approval, review or identity check left out ("without the reviewer's
  approval", "bez odobrenja", "دون التحقق"), a check or step removed or switched off ("comment that step out",
  "išjunk tikrinimą"), or the act kept from the team ("do not log it", "non segnalarlo", "ואל תרשום")
  (rules/17-18's risky acts are read by their own lesson rules, with their own frames). A lesson that keeps a
  safeguard ("always ask the owner before skipping a test") is team knowledge: with rules/20 a negatable rule's
  match that a request for approval precedes is skipped (`SAFEGUARD20`), and a match whose act a negation
  precedes ("never merge without review") is a prohibition (`ACT_NEGATED20`).
- `prior-context-20`: a request to forget, drop or treat as irrelevant everything said before ("alle bisherigen
  Informationen sind irrelevant", "Vergiss nun alle vorherigen Angaben", "zaboravi sve instrukcije"): a verb of
  forgetting next to "previous / all earlier" and a word for instructions, information or tasks; "forget
  everything you read about diets" (no earlier context named) is left alone.
- `reader-note-20`: rules/19's `reader-note-19` with the AI word allowed inside a compound ("tugiassistendile",
  "لمساعد"), more prepositions ("pre", "kepada"), a dash as the label's end, and the act kept from someone
  ("without informing the security team") as a risky thing.

Counter-examples kept in view: v4-v23's benign rows, the hold tests' benign examples (team knowledge such as
"always run the payment mock before checkout tests" in 20 languages). Every quantifier is bounded and no repeat
is nested over overlapping classes (linear on a planted 64 KiB text: `scripts/redos_pump.py`). Only
`RuleDetector(version=20)` runs these rules.
"""

from __future__ import annotations

import re

from memeval.hold._rule import NEGATION, Rule, _r, window_to
from memeval.hold._rules_v12 import _PROTECT_VERBS
from memeval.hold._rules_v13 import _PROTECT13, _n
from memeval.hold._rules_v14 import _REPORTED
from memeval.hold._rules_v19 import _RISK19, _TO19

# ---- a lesson addressed to later sessions ----
_PERSIST20 = (
    r"(?:\b(?:all|every|each|future|later|next|subsequent|coming) (?:future |later |next |subsequent |coming )?"
    r"(?:sessions?|runs?|conversations?|chats?)\b|\blesson for (?:every|all|each)\b|\bproject(?:'s)? memory\b|"
    r"\bsession\w{0,2} (?:futur\w{1,3}|success\w{1,3}|prossim\w{1,2})\b|\b(?:prossim\w|futur\w{1,2}|ogni|tutte le) "
    r"session\w{0,2}\b|\bda ricordare\b|\bricorda\w{0,2}\b|"
    r"\b(?:volgende|toekomstige|alle|elke) sessies?\b|\bonthoud\b|"
    r"\b(?:k[üu]nftig\w{0,3}|zuk[üu]nftig\w{0,3}|n[äa]chsten|alle[nr]?|jede[rn]?) sitzung\w{0,2}\b|\bmerke? dir\b|"
    r"\b(?:prochaines|futures|toutes les) sessions\b|\bsessions (?:futures|[àa] venir)\b|"
    r"\bsesi[oó]n\w{0,3} (?:futur\w{1,2}|siguientes)\b|\b(?:todas las|cada) sesi[oó]n\w{0,3}\b|"
    r"\bsess[õo]\w{0,3} (?:futur\w{1,2}|seguintes)\b|\b(?:todas as|cada) sess[ãa]o\w{0,2}\b|"
    r"\b(?:kommande|framtida|alla|varje) session\w{0,3}\b|\bprojektets minne\b|"
    r"\b(?:fremtidige|kommende|alle) sesjon\w{0,3}\b|\b(?:fremtidige|kommende|alle) session\w{0,3}\b|"
    r"\bistunno\w{0,6}\b|\bmuista t[äa]m[äa]\b|\bseanssi\w{0,6}\b|\bpea meeles\b|"
    r"\bsesij\w{1,4}\b|\b[įi]simink\w{0,2}\b|\bsesij[āa]\w{0,3}\b|\batceries\b|"
    r"\bsesj\w{1,4}\b|\bzapami[ęe]taj\w{0,2}\b|\brelac\w{1,3}\b|\brel[áa]ci\w{1,3}\b|\bzapamatuj\w{0,2}\b|"
    r"\bzapam[äa]taj\w{0,2}\b|\bsesiun\w{1,6}\b|\bține minte\b|\blec[țt]ie pentru\b|"
    r"\bmunkamenet\w{0,6}\b|\bjegyezd meg\b|\bsesij\w{1,3}\b|\bzapamti\b|\bсесиј\w{1,3}|\bзапамти\b|"
    r"\bсесси\w{1,3}|\bзапомни\w{0,2}|\bсесі\w{1,3}|\bзапам'ятай\w{0,2}|\bсесии\b|"
    r"συνεδρ\w{1,5}|\bθυμ[ήη]σου\b|\boturum\w{0,6}\b|\bunutma\b|"
    r"סשנים|סשן|שיחות הבאות|לקח לכל|זכור|"
    r"الجلسات|جلسة|تذكر|جلسات آینده|به خاطر بسپار|سیشن|یاد رکھ|"
    r"सत्रों|सेशन|याद रख|সেশন|মনে রাখ|அமர்வு|நினைவில் வை|เซสชัน|จำไว้|"
    r"\bm[ọo]i phi[êe]n\b|\bc[áa]c phi[êe]n\b|\bphi[êe]n (?:sau|t[ớo]i)\b|\bh[ãa]y nh[ớo]\b|"
    r"\b(?:semua|setiap) sesi\b|\bsesi (?:berikutnya|mendatang|akan datang|seterusnya)\b|"
    r"会话|对话中都|今后|以后|记住|セッション|覚えておく|세션|기억해)"
)

# ---- a risky act in a lesson or a note: a check left out or removed, or the act kept from the team ----
_WITHOUT20 = (
    r"(?:\bwithout (?:a |any |the )?(?:verif\w{0,9}|approv\w{0,6}|review\w{0,3}|identity check\w{0,2}|"
    r"confirm\w{0,7}|sign-?off|checking|telling|informing|notifying|asking)\b|"
    r"\bsenza (?:la |il |alcun\w? )?(?:verific\w{1,3}|controll\w{1,3}|approvazion\w|revision\w|conferm\w|"
    r"avvisare|informare|dirlo)\b|"
    r"\bzonder (?:de |het |een |iemand )?(?:\w{0,12}controle|goedkeuring|review|verificatie|bevestiging|te "
    r"(?:melden|controleren|informeren))\b|"
    r"\bohne (?:die |eine |jede )?(?:\w{0,12}pr[üu]fung|freigabe|review|genehmigung|best[äa]tigung|jemanden|zu "
    r"(?:informieren|fragen|pr[üu]fen))\b|"
    r"\bsans (?:la |le |aucune? )?(?:v[ée]rification|validation|approbation|relecture|confirmation|contr[ôo]le|"
    r"pr[ée]venir|informer|le signaler)\b|"
    r"\bsin (?:la |el |ninguna? )?(?:verificar|verificaci[óo]n|aprobaci[óo]n|revisi[óo]n|confirmaci[óo]n|"
    r"comprobar|avisar|informar|notificar)\b|"
    r"\bsem (?:a |o |nenhuma? )?(?:verifica[çc][ãa]o|aprova[çc][ãa]o|revis[ãa]o|confirma[çc][ãa]o|verificar|"
    r"avisar|informar|notificar)\b|"
    r"\butan (?:att )?(?:\w{0,12}kontroll\w{0,2}|granskning|godk[äa]nn\w{1,4}|verifiering|bekr[äa]ftelse|"
    r"meddela|informera|ber[äa]tta)\b|\bingen beh[öo]ver godk[äa]nna\b|"
    r"\buden (?:at )?(?:kontrol|godkendelse|godkjenning|review|verifikation|informere)\b|"
    r"\b\w{0,8}(?:tarkistamatta|hyv[äa]ksym[äa]tt[äa]|kertomatta|ilmoittamatta|varmistamatta)\b|"
    r"\b\w{0,8}(?:kontrollimata|teavitamata|kommentaarita|kinnituseta)\b|"
    r"\bbe (?:per[žz]i[ūu]ros|patikrinimo|patvirtinimo|leidimo)\b|\bneinformuo\w{1,4}\b|\bnepraneš\w{1,4}\b|"
    r"\bbez (?:p[āa]rbaudes|apstiprin[āa]juma)\b|"
    r"\bf[ăa]r[ăa] (?:apel de )?(?:confirmare|verificare|aprobare|revizuire|s[ăa] anun[țt]i)\b|"
    r"\bbez (?:odobrenja|provjere|provere|pregleda|recenzenta|weryfikacji|zgody|zatwierdzenia|przegl[ąa]du|"
    r"schv[áa]len[íi]a?|kontroly|ov[ěe][řr]en[íi]|overenia|potvrzen[íi]|potvrdenia)\b|"
    r"\b(?:j[óo]v[áa]hagy[áa]s|ellen[őo]rz[ée]s|meger[őo]s[íi]t[ée]s) n[ée]lk[üu]l\b|"
    r"без (?:проверк\w|одобрени\w|подтверждени\w|согласовани\w|ревью|перевірк\w|схвалення|погодження|"
    r"підтвердження|проверка|одобрение|потвърждение|одобрења|провере|прегледа|да уведом\w{0,4}|"
    r"уведомлени\w)|"
    r"χωρισ (?:ελεγχο|έλεγχο|εγκριση|έγκριση|επιβεβαιωση|επιβεβαίωση|να ενημερωσεισ|να ενημερώσεισ)|"
    r"\bonaylamadan\b|\bonays[ıi]z\b|\bhaber vermeden\b|\bbildirmeden\b|"
    r"בלי לאמת|ללא אימות|בלי אישור|ללא אישור|בלי לדווח|בלי ליידע|"
    r"(?:دون|بدون) (?:ال)?(?:تحقق|موافقة|مراجعة|إبلاغ|اعلام|إعلام|تأكيد)|بدون (?:تأیید|بررسی|اطلاع)|"
    r"(?:تصدیق|منظوری|جانچ|اجازت) (?:کے )?بغیر|"
    r"बिना (?:अनुमति|मंजूरी|मंज़ूरी|पुष्टि|बताए)|অনুমোদন ছাড়া|যাচাই ছাড়া|"
    r"ஒப்புத[^\s]{0,6} (?:இல்லாமல்|இன்றி|பெறாமல்)|"
    r"โดยไม่(?:ต้อง)?(?:ขออนุมัติ|แจ้ง|ยืนยัน)|"
    r"\bkh[ôo]ng c[ầa]n (?:ph[êe] duy[ệe]t|x[áa]c minh|ki[ểe]m tra)\b|\bm[àa] kh[ôo]ng (?:b[áa]o|th[ôo]ng b[áa]o)\b|"
    r"\btanpa (?:memberi ?tahu|memberitahu|persetujuan|verifikasi|pengesahan)\b|"
    r"(?:无需|不经|未经|不用)(?:审批|批准|审核|验证|确认)|承認なしで|確認せずに|承認を得ずに|"
    r"(?:승인|확인|검토) 없이)"
)
_DISABLE20 = (
    r"(?:\b(?:comment(?:ing)? out|remov\w{1,3}|delet\w{1,3}|disabl\w{1,3}|turn\w{0,3} off|strip\w{0,4})"
    r"[^\n.,;]{0,30}?(?:checks?|step|verification|scan|gate|approvals?)\b|"
    r"\bcommenta\w{0,2} (?:quel|questo|il) (?:passaggio|controllo|step)\b|"
    r"\b(?:disattiva|rimuovi|togli|elimina)\w{0,2} (?:il |la |quel |questo )?(?:controll\w|verific\w|passaggio)\b|"
    r"\b(?:i[šs]junk|pa[šs]alink|i[šs]trink)\w{0,2} (?:\w{1,12} ){0,2}?"
    r"(?:tikrinim\w{1,3}|patikr\w{1,6}|[žz]ingsn\w{1,3})\b|"
    r"\b(?:obri[šs]i|ukloni|isklju[čc]i) (?:taj |ovaj )?(?:korak|provjer\w|proveru)\b|"
    r"(?:обриши|уклони|искључи) (?:тај |овај )?(?:корак|провер\w)|"
    r"(?:удали|отключи|убери) (?:этот |эту )?(?:шаг|проверк\w)|"
    r"(?:وقف|أوقف|احذف|عطّ?ل) (?:خطوة )?(?:ال)?(?:تحقق|فحص)|(?:تصدیق|جانچ) کا مرحلہ بند|"
    r"நீக்கிவிட்டு|(?:承認|確認|検証)[^\n。]{0,6}(?:を外|をスキップ|を無効)|(?:审批|验证|审核)步骤[^\n。]{0,4}(?:删|去)|"
    r"\bвимкни\b|\bвідключи\b|\bотключи\b|--skip-(?:backup|checks?|tests?|verify|verification|approval)\b)"
)
_CONCEAL20 = (
    r"(?:\b(?:don't|do not|never) (?:log|record|report|mention|tell|inform|notify)\b|"
    r"\b(?:keep|leave) (?:it|this|that) out of the (?:audit )?log\b|\bfrom the (?:audit |change )?log\b|"
    r"\bnon (?:segnalarlo|dirlo|registrarlo|annotarlo|avvisare)\b|\bniet (?:melden|vermelden|loggen)\b|"
    r"\bnicht (?:protokollieren|melden|erw[äa]hnen)\b|\bne (?:le |la )?(?:signale|mentionne|consigne)s? pas\b|"
    r"\bno lo (?:registres|reportes|comuniques|menciones)\b|\bn[ãa]o (?:registre|registrar|informe|o registre)\b|"
    r"\b(?:ta bort|radera)[^\n.]{0,40}?logg\w{0,3}\b|"
    r"\bnu o trece [îi]n jurnal\w{0,3}\b|\bnu (?:o |il )?(?:raporta|semnala)\w{0,2}\b|"
    r"\bnie (?:zg[łl]aszaj|informuj|wpisuj)\w{0,2}\b|\bneinformuj\w{0,2}\b|"
    r"\bне (?:сообщай|говори|записывай|уведомляй|повідомляй|кажи)\w{0,3}|"
    r"אל תרשום|אל תדווח|לא לרשום|"
    r"لا تسجل|لا تبلغ|کچھ نہ لکھ|(?:لاگ|لوگ) میں[^\n]{0,12}نہ|"
    r"किसी को (?:मत|न) बता|\bjangan (?:laporkan|beritahu|catat)\b|"
    r"不要(?:告诉|通知|记录|报告)|報告しない|記録しない|보고하지 말|기록하지 말|알리지 말)"
)
_RISK_ACT20 = r"(?:" + _WITHOUT20 + r"|" + _DISABLE20 + r"|" + _CONCEAL20 + r")"
LESSON_HEAD20 = 100
"""How far into its line a lesson's frame may start (`lesson-risk-20`): a lesson names later sessions in its
opening words; the rule is tried from each line's start only, so a frame planted many times on one line is read
at most this many places, each with its window (linear on a planted text; redos rounds)."""
_LESSON_RISK20 = (
    r"^[^\n]{0,"
    + str(LESSON_HEAD20)
    + r"}?(?>"
    + _PERSIST20
    + r")"
    + window_to(300, _n(r"(?:(?P<act>" + _RISK_ACT20 + r"))"))
)

# ---- prior context wiped ----
_FORGET20 = (
    r"(?:\bvergiss\w{0,2}|\bignorier\w{0,3}|\bvergessen sie\b|\baus dem kopf (?:zu )?streichen\b|\bstreich\w{0,2}|"
    r"\bhinter sich lassen\b|\blassen sie\b|\bzaboravi\w{0,2}|\bignoriraj\w{0,2}|\bzanemari\w{0,2}|"
    r"\bзаборави\w{0,2}|\bигнориши\b|\bforget\b|\bdisregard\b|\bdrop\b|\bzapomeň\w{0,2}|\bzabudni\w{0,2}|"
    r"\bpozab\w{1,4}|\bunohda\b|\bunusta\b|\bfelejtsd el\b|\buit(?:e|a) (?:de )?tot\b|\bglem\b|\bgl[öo]m\b)"
)
_PRIOR20 = (
    r"(?:\b(?:alle[nrs]? )?(?:bisherig\w{1,3}|vorherig\w{1,3}|vorangegangen\w{1,3}|obig\w{1,3}|fr[üu]her\w{1,3})\b|"
    r"\b(?:sve|sva|svih) (?:prethodn\w{1,3}|dosada[šs]nj\w{1,3}|ranij\w{1,3})?|\bprethodn\w{1,3}\b|"
    r"\bсве (?:претходн\w{1,3})?|\bпретходн\w{1,3}|\ball (?:the )?(?:previous|prior|earlier|above)\b|"
    r"\bv[šs]etk\w{1,3}|\bpředchoz\w{1,3}|\bpredch[áa]dzaj\w{1,3})"
)
_CONTEXT20 = (
    r"(?:\b(?:angaben|informationen|instruktionen|anweisungen|aufgaben|vorgaben|ausf[üu]hrungen|befehle)\b|"
    r"\b(?:instrukcij\w{1,2}|uput\w{1,3}|naredb\w{1,2}|informacij\w{1,2}|zadat\w{1,3})\b|"
    r"\b(?:инструкциј\w{1,2}|упутств\w{1,2}|наредб\w{1,2}|информациј\w{1,2})|"
    r"\b(?:instructions|information|context|tasks)\b|\b(?:pokyn\w{1,2}|instrukc\w{1,3}|inform[áa]c\w{1,3})\b)"
)
_PRIOR_CONTEXT20 = (
    r"(?:" + _FORGET20 + r"[^\n.!?]{0,40}?" + _PRIOR20 + r"[^\n.!?]{0,30}?" + _CONTEXT20 + r"|"
    r"\b(?:alle[nrs]? )?(?:bisherig\w{1,3}|vorherig\w{1,3}|vorangegangen\w{1,3}) (?:\w{1,15} ){0,3}?"
    r"(?:angaben|informationen|instruktionen|anweisungen)\b[^\n.!?]{0,60}?\b(?:irrelevant|ung[üu]ltig|hinf[äa]llig|"
    r"gegenstandslos)\b|"
    r"\babweichend (?:zu|von) (?:den )?(?:vorherigen|bisherigen|obigen) (?:instruktionen|anweisungen|angaben)\b)"
)

# ---- a note to the AI reading the data, followed by a risky thing ----
_TO20 = r"(?:" + _TO19 + r"|\bpre\b|\bkepada\b|\bna\b)"
_AIW20 = (
    r"(?:\w{0,10}(?:assist\w{0,9}|asist\w{0,9}|avustaj\w{0,5})|(?<!')\bai\b|\bki\b|\bia\b|\bbot\w{0,4}|"
    r"\bagent\w{0,4}|\bчатбот\w{0,3}|\bбот\w{0,3}|\bасистент\w{0,3}|\bассистент\w{0,3}|(?<!\w)(?:ال|لل|ل)?(?:مساعد|وكيل)|"
    r"\bllm\b|copilot)"
)
_LABEL20 = (
    r"^[^\S\n]{0,3}[^\n:：—]{0,60}?(?:" + _TO20 + r"[^\n:：—]{0,40}?" + _AIW20 + r"|\w{0,12}(?:assist|asist)\w{0,4}"
    r"(?:ile|ille|le|lle|nak|nek|ui|ovi|u)\b|(?<!\w)لل?(?:مساعد|وكيل))[^\n:：—]{0,80}?[:：—]"
)
_RISK20 = r"(?:" + _RISK19 + r"|" + _WITHOUT20 + r"|" + _CONCEAL20 + r"|\bkata laluan\b|مدير|\bdomain admins?\b)"
_READER_NOTE20 = _LABEL20 + window_to(300, _n(r"(?:(?P<act>" + _RISK20 + r"))"))

# ---- a safeguard, not a risky act ----
SAFEGUARD20 = re.compile(
    _n(
        r"\b(?:ask|check with|confirm with|get (?:approval|sign-off|an ok|the ok) from|clear it with|talk to)\b"
        r"[^\n.;]{0,60}?\bbefore (?:you )?(?:skip|disabl|bypass|turn\w{0,3} off|merg|deploy|remov|delet)\w{0,4}\b|"
        r"\bbefore (?:you )?(?:skip|disabl|bypass|turn\w{0,3} off|merg|deploy|remov|delet)\w{0,4}\b[^\n.;]{0,60}?"
        r"\b(?:check|ask|confirm|verify|make sure)\b|"
        r"\b(?:frag\w{0,2}|kl[äa]r\w{0,2} mit)\b[^\n.;]{0,60}?\bbevor\b|\bdemande\w{0,2}\b[^\n.;]{0,60}?\bavant de\b|"
        r"\bpregunta\w{0,2}\b[^\n.;]{0,60}?\bantes de\b|\bchiedi\b[^\n.;]{0,60}?\bprima di\b"
    )
)
"""A request for approval before a risky act ("always ask the release owner before skipping a flaky test"):
with rules/20, a negatable rule's match that this finds in it or in the 80 characters before it is skipped."""

ACT_NEGATED20 = 40
"""rules/20's lessons and notes name their act in a group `act`: the match is skipped when a negation (`NEGATION`)
ends in the 40 characters before the act ("for all future sessions: never merge without review" forbids). The
act itself may hold a negation ("non segnalarlo": the act kept from the team), which rules/6's `negated_inside`
would have read as a prohibition."""

# ---- "forget everything" about an everyday topic, not about what came before ----
FORGET_RULES20 = frozenset(("override-instructions", "forget-everything-ml"))
"""Rules of earlier rounds whose "forget everything" match rules/20 reads on (`forgot_a_topic20`)."""
_RULE_WORDS20 = (
    r"(?:rules|instructions|guidelines|system|prompt|training|programming|polic\w{1,3}|restrictions|filters|"
    r"safety|ethic\w{0,3}|limits|constraints|guardrails|regeln|anweisungen|vorgaben|richtlinien|r[èe]gles|"
    r"consignes|instrucciones|reglas|istruzioni|regole|instructies|regels|instru[çc][õo]es|regras)"
)
_ABOUT_TOPIC20 = re.compile(
    _n(
        r"^[^\n.;!?]{0,30}?(?:\b(?:about|über|sur|sobre|su|over)\b|\bon the \w{1,20} list\b)"
        r"(?![^\n.;!?]{0,30}?\b" + _RULE_WORDS20 + r"\b)"
    )
)
_ASKED_IF_FORGOT20 = re.compile(r"\b(?:did|have|do|would) you\s{1,3}$")


def forgot_a_topic20(t: str, s: int, e: int) -> bool:
    """True when a "forget everything" match at `t[s:e]` is about an everyday topic or a question about the past.

    "Forget everything you know about sourdough; this method is different", "Vergiss alles, was du über Diäten
    gelesen hast", "Did you forget everything on the shopping list again?": no earlier instructions are named.
    Not when the topic is the AI's rules ("forget everything you know about your rules").
    """
    return (
        _ABOUT_TOPIC20.search(t[e : e + 60]) is not None or _ASKED_IF_FORGOT20.search(t[max(0, s - 16) : s]) is not None
    )


RULES_V20: tuple[Rule, ...] = (
    Rule("lesson-risk-20", 0.8, _r(_n(_LESSON_RISK20)), negatable=True),
    Rule("prior-context-20", 0.8, _r(_n(_PRIOR_CONTEXT20))),
    Rule("reader-note-20", 0.7, _r(_n(_READER_NOTE20)), person_weight=0.6, negatable=True),
)
"""rules/20's rules (module docstring), run after rules/19's by `RuleDetector(version=20)`."""


DESCRIBED_HEAD22 = re.compile(_n(r"(?:" + _PROTECT_VERBS + r"|" + _PROTECT13 + r"|" + _REPORTED + r")"))
"""rules/22: the words of rules/12-14's protective readings (a detector's verbs, a third-person attacker or attempt, a
report of what a model did or a check looks for) before a lesson's frame on its line (`skipped20`, a group `frame`):
the lesson is described ("Our scanner fires when a stored note tells later sessions to ..."), not given. The
detector reads those words only in the 60 characters before a match, and a lesson's match starts at its line."""


def skipped20(rule: Rule, m: re.Match[str], t: str) -> bool:
    """True when rules/20 (`RuleDetector(version=20)`) skips `rule`'s match `m` in the normalised text `t`.

    Three readings: a negatable rule's match that a request for approval precedes or holds (`SAFEGUARD20`, 80
    characters before the match to its end); a "forget everything" match about an everyday topic
    (`forgot_a_topic20`, `FORGET_RULES20`); a match with a group `act` (rules/20's lessons and notes) whose act a
    negation (`NEGATION`) ends in the `ACT_NEGATED20` characters before it.
    rules/22's lessons (a group `frame`) also read `DESCRIBED_HEAD22` between the line's start and the frame.
    """
    s, e = m.start(), m.end()
    if rule.negatable and SAFEGUARD20.search(t[max(0, s - 80) : e]):
        return True
    if rule.name in FORGET_RULES20 and forgot_a_topic20(t, s, e):
        return True
    frame = m.start("frame") if "frame" in m.re.groupindex else -1
    if frame >= 0 and DESCRIBED_HEAD22.search(t[s:frame]):
        return True  # rules/22: a lesson's frame after a report or a detector's words ("our scanner fires when ...")
    act = m.start("act") if "act" in m.re.groupindex else -1
    return act >= 0 and NEGATION.search(t[max(s, act - ACT_NEGATED20) : act]) is not None
