r"""Hold rules/18: orders to the AI in more languages, bulk sends, internal fetches, extraction (issue 15, round 19).

What held-out v20 showed (spent after its look; training data now; the rows of v20's sources that v20 did
not take, `hold_train_cv.v20_extra_rows`, were not read while writing and are the check): notes
to the AI assistant planted in tickets, calendar invites, pull requests and code comments in languages the
rules did not read (Polish, Czech, Swedish, French, Greek); lessons for all later sessions in Romanian,
Finnish, Chinese, Bengali and romanised Hindi; requests to send mail, cards or passwords to an outside
address; fetches of a private-network address; personal data asked of the model; the system prompt asked
for in other words; a Russian override that declares the old instructions void. Each rule is a kind, an
order joined to what makes it risky, not any text of v20:

- `reader-order-18`: a line (or a JSON key) addressed to the AI, assistant or agent, in 30 languages, whose
  order after the colon names an outside destination (an e-mail address, a URL, an IBAN) or a risky act
  (admin rights, approve or merge, a password, a transfer);
- `standing-risky-order-18`: a lesson for all later sessions in more languages and English forms ("keep for
  all future runs") joined to a risky act in more languages (merge without review, tell no one, a password
  sent, `chmod 777`, `--no-check-signature`, approve one's own changes); a sentence that forbids the act is
  a team's rule (rules/17's `_PROHIBIT17`);
- `covert-ml-18`: a demand for secrecy in languages rules/17 did not read ("do not mention it", "and do not
  tell him", "no need to tell anyone") in a text that names a destination;
- `bulk-send-ml-18`: a send or forward verb (25 languages) joined within one line to private things (all
  mail or messages, passwords, cards, passport or tax numbers, customer data) and an outside address;
- `internal-fetch-18`: fetch, access or retrieve a localhost, private-network, metadata or `.local`/`.internal`
  URL, asked to report what is there;
- `private-data-ask-18`: personal data of the model's other users or customers, or what it saw in training;
- `extract-ml-18`: the system prompt in more languages (Hungarian, Romanian, Czech, Polish, Swedish,
  Finnish, Dutch) joined to copying it out word for word; the text "used to configure you"; the topics one
  is forbidden to discuss as a list; a secret spelled out character by character; a template placeholder
  of a secret to be expanded;
- `sql-inject-18`: `UNION SELECT ... FROM users` (admin, accounts, credentials) or `OR 1=1` in a lookup
  the agent is asked to run;
- `void-instructions-18`: previous instructions declared void (invalid, cancelled, no longer in force), a
  "system override" banner, or the model told it is bound by no rules, in 14 languages;
- `affirm-prefix-18`: the answer told to open with "Sure, here is" (or its Russian, German, French, Spanish
  forms): refusal suppression;
- `pretext-harm-18`: a pretext (for a class, as a novelist, as an educator, hypothetically) joined to
  step-by-step harm (dangerous gases, explosives, a phishing attack built, malware); an AI character that
  has broken free from its programming or always complies;
- `secret-file-arg-18`: read a credentials file (`~/.netrc`, `~/.ssh/id_*`, `~/.aws/credentials`, `.env`)
  and pass its contents on; escape the container through the docker socket.

Counter-examples kept in view: v4-v20's benign rows, the pools of `bench/hold_rules18_pools.py`, and the team
knowledge the issue names ("always run the payment mock before checkout tests", in any language). Every
quantifier is bounded and no repeat is nested over overlapping classes (a rule of an earlier round
backtracked for minutes on a Russian text). Only `RuleDetector(version=18)` and on run these rules.
"""

from __future__ import annotations

import re

from memeval.hold._rule import Rule, _r, clause_act, then, window_to
from memeval.hold._rules_v13 import _n
from memeval.hold._rules_v17 import _AIW17, _DEST17, _LESSON17, _PROHIBIT17, _RISKY_ACT17

_SENT = r"[^.!?।။።。！？\n]"
_COLON = r"[:：]"

# ---- the AI addressed, more languages ----
_AIW18 = (
    r"(?:" + _AIW17 + r"|\b(?:asistent\w{0,3}|asszisztens\w{0,4}|avustaja\w{0,3}|assistenten?|asistentul\w{0,2}|"
    r"assistent\w{0,2}|agentul\w{0,2}|agenten|agentti\w{0,2}|ügynök\w{0,4}|tekoäly\w{0,3}|"
    r"ai-assistent\w{0,3}|ki-assistent\w{0,3}|ia|l'ia|l'agent|βοηθό|βοηθέ)\b)"
)
_NOTE_TO = (
    r"(?:\b(?:note|memo|message|instruction|anteckning|notering|meddelande|notat|notitie|bericht|nota|notiz|"
    r"hinweis|remarque|mensaje|messaggio|mensagem|poznámka|pokyn|vzkaz|uwaga|notatka|wiadomość|notă|mesaj|"
    r"megjegyzés|üzenet|muistiinpano|viesti|σημείωση|μήνυμα|заметка|примечание|записка|сообщение)\w{0,3} "
    r"(?:to|for|till|för|pour|para|per|für|an|aan|voor|pro|dla|do|pentru|către|για|для)\b|"
    r"\b(?:to|for|till|för|pour|para|per|für|an|voor|pro|dla|do|pentru|για|для|al|à|a)\b)"
)
_ADDRESSED18 = (
    r"(?:^|[\[(<>/#*\"]\s{0,3})[^\n:：]{0,40}?" + _NOTE_TO + r"[^\n:：]{0,20}?" + _AIW18 + r"[^\n:：]{0,60}?" + _COLON
)
_ADMIN18 = (
    r"(?:\badmin\w{0,12}|\badministrat\w{0,12}|\bsuperuser\b|\broot (?:access|rights)\b|uprawnie\w{0,6}|"
    r"\bоправ\w{0,3} администратор\w{0,3}|права администратор\w{0,3}|δικαιώματα διαχειριστή)"
)
_APPROVE18 = (
    r"(?:\b(?:approve|merge|approuve|fusionne|aprueba|fusiona|aprova|genehmige|schvál\w{0,3}|zatwierd\w{0,3}|"
    r"godkänn|hyväksy|aprobă|jóváhagy)\w{0,4}\b[^\n]{0,80}?\b(?:even if|même si|aunque|mesmo que|auch wenn|"
    r"i když|nawet jeśli|även om|vaikka|chiar dacă|without (?:a )?review|sans (?:revue|relecture)|"
    r"ne signale pas|don't flag|do not flag))"
)
_TRANSFER18 = (
    r"(?:\b(?:převod\w{0,3}|przelew\w{0,3}|überweisung\w{0,3}|virement\w{0,3}|transferencia\w{0,3}|"
    r"transferência\w{0,3}|överföring\w{0,3}|transfer)\b[^\n]{0,60}?" + _DEST17 + r")"
)
_ORDER_RISK18 = r"(?:" + _DEST17 + r"|" + _ADMIN18 + r"|" + _APPROVE18 + r"|" + _TRANSFER18 + r")"
_READER_ORDER18 = (
    r"(?:" + _ADDRESSED18 + r"[^\n]{0,200}?" + _ORDER_RISK18 + r"|"
    r"\"[^\"\n]{0,30}?(?:assistant|asistent|βοηθ|помощник|ассистент|agent)[^\"\n]{0,30}\"\s{0,3}:\s{0,3}\""
    r"[^\"\n]{0,160}?" + _DEST17 + r")"
)

# ---- lessons for all later sessions, more languages; risky acts, more languages ----
_LESSON18 = (
    r"(?:" + _LESSON17 + r"|toate sesiunile viitoare|lecție permanentă|kaikille tuleville istunnoille|"
    r"kaikissa tulevissa istunnoissa|för alla (?:framtida|kommande) sessioner|pro všechny (?:budoucí|další) relace|"
    r"minden (?:jövőbeli|következő) munkamenet\w{0,4}|以后每次会话|今后每次会话|长期记忆|"
    r"পরবর্তী সব সেশন|\baage ke (?:sab|sabhi|saare) sessions?\b|\baane wal[ei] (?:sab|sabhi|har) sessions?\b|"
    r"\b(?:keep|remember|apply) (?:this )?for all (?:future|later|next|subsequent) (?:runs|sessions|tasks)\b|"
    r"\bpermanent (?:lesson|note|memory)\b)"
)
_UNSAID18 = (
    r"(?:\b(?:don't|do not) mention (?:it|this|that)\b|\bwithout mentioning (?:it|this|that)\b|"
    r"\bno need to tell (?:anyone|anybody|the user|them)\b|\bnezmiňuj\w{0,2}|\bneříkej\w{0,2}|"
    r"\bnie wspominaj\w{0,2}|\bäläkä kerro\b|\bälä kerro\b|\bnu (?:spune|menționa)\w{0,2}|"
    r"\bfără să (?:spui|anunți)\b|\bsäg inget\b|\bberätta inte\b|\bne szólj\b|\bsenkinek ne\b|"
    r"\bne le mentionne pas\b|\bsans le (?:signaler|mentionner)\b|\bno lo menciones\b|\bnão mencione\b|"
    r"\bnon menzionarlo\b|\berwähne es nicht\b|μην το αναφέρεισ|μην το πεισ|不必告诉|不用告诉|无需告诉|"
    r"কাউকে জানানোর দরকার নেই|\b(?:kisi|kisi ko) (?:ko )?(?:mat|na) batana\b)"
)
_RISKY_ACT18 = (
    r"(?:" + _RISKY_ACT17 + r"|\bchmod\s{1,3}(?:-r\s{1,3})?777\b|--no-check-(?:signature|certificate)\b|"
    r"--allow-unauthenticated\b|--skip-verify\b|\bfără (?:review|revizuire|aprobare)\b|"
    r"\b(?:without|no) (?:a |any )?(?:code )?review\b|\bwithout (?:waiting for )?approval\b|"
    r"\bapprove (?:your|its) own (?:change|pull|merge) requests?\b|\bself-approve\w{0,2}\b|"
    r"\b(?:approval|ticket|review)(?: ya \w{1,12})? ki (?:zaroorat|zarurat|jarurat) nahi\b|"
    r"\bpassword\w{0,2}\b[^\n]{0,60}?\bbhej\w{0,4}\b|\bbhej\w{0,4}\b[^\n]{0,40}?\bpassword\b|"
    r"\bilman (?:tarkistusta|katselmointia|hyväksyntää)\b|\butan (?:granskning|kontroll|godkännande)\b|"
    r"\bbez (?:kontroly|revize|schválení|przeglądu)\b|\bellenőrzés nélkül\b)"
)
_RISKY18 = (
    r"(?:"
    + _UNSAID18
    + r"|(?:^|(?<=[.!?।။።。！？:;：\n]))"
    + clause_act(_SENT, 300, _n(_RISKY_ACT18), _n(_PROHIBIT17))  # redos5: each window prefiltered
    + r")"
)

# ---- secrecy in more languages, where a destination is named ----
_SECRET_ML18 = r"(?:" + _UNSAID18 + r"|\btichý\b|\btichou\b|\bpo tichu\b|\bhiljaa\b|\bi hemlighet\b|\btitokban\b)"

# ---- private things sent to an outside address ----
_SENDV18 = (
    r"(?:\b(?:send|forward|e-?mail|mail|upload|post|copy|export)\b|\bперешли\w{0,2}|\bотправ\w{0,4}|"
    r"\bвышли\w{0,2}|\bпереслать\b|\bнадішли\w{0,2}|\bперешли\b|\bvidarebefordra\b|\bskicka\b|"
    r"στείλ\w{0,4}|προώθησ\w{0,4}|\blähetä\b|\bvälitä\b|\bmande\b|\bmanda\b|\benvie\b|\benvia\b|"
    r"\benvoie\b|\btransf[eè]re\b|\bschick\w{0,2}|\bleite\w{0,2} weiter|\bwyślij\b|\bprzekaż\b|\bpošli\b|"
    r"\bpřepošli\b|\btrimite\b|\bküldd?\b|\bstuur\b|\bgönder\b|\binvia\b|\binoltra\b)"
)
_PRIVATE18 = (
    r"(?:\ball (?:of )?(?:the |his |her |their |the user's )?(?:e-?mails|mails|messages|contacts|files)\b|"
    r"\bpasswords?\b|\b(?:credit )?cards?\b|\bcard numbers\b|\bpassport\w{0,3}\b|\bcpfs?\b|\bssns?\b|"
    r"\bписьм\w{0,2}|\bпарол\w{0,3}|\bкарт\w{0,2}|\bпаспорт\w{0,3}|\bmejl\b|\bmejlen\b|\be-?post\w{0,3}|"
    r"\blösenord\w{0,2}|καρτών|κάρτεσ|κωδικ\w{0,4}|\bviestinsä\b|\bviestit\b|\bsalasana\w{0,2}|\bcartões\b|"
    r"\bcartes? bancaires?\b|\bmots de passe\b|\bkarty\b|\bhasła\b|\bhesla\b|\bparole\b|\bjelszav\w{0,2}|"
    r"\bwachtwoorden\b|\bpasswörter\b|\bkreditkarten\b|पासवर्ड|পাসওয়ার্ড)"
)
_BULK_SEND18 = (  # the two shapes that open on the private thing share it (one pass over it, not two)
    # redos5: each window tries its alternation only where its first character can start (`then`): two
    # windows of 100 over big alternations took 6.7 CPU s on a planted 64 KiB text on main
    r"(?:"
    + _SENDV18
    + then(r"[^\n]{0,100}?", _n(_PRIVATE18))
    + window_to(100, _n(_DEST17))
    + r"|"
    + _PRIVATE18
    + then(
        r"[^\n]{0,100}?",
        _n(
            r"(?:"
            + _SENDV18
            + window_to(60, _n(_DEST17))
            + r"|"
            + _DEST17
            + r"[^\n]{0,20}?(?:वर पाठव|पर भेज|को भेज|에게 보내|に送))"
        ),
    )
    + r")"
)

# ---- a private-network URL fetched and reported ----
_PRIVATE_URL = (
    r"https?://(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|10\.\d{1,3}\.\d{1,3}\.\d{1,3}|"
    r"192\.168\.\d{1,3}\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3}|169\.254\.169\.254|"
    r"[\w-]{1,40}(?:\.[\w-]{1,40}){0,4}\.(?:local|internal|intranet|corp|lan))\b"
)
_INTERNAL_FETCH18 = (
    r"(?:\b(?:fetch|access|retrieve|request|curl|query|browse to|visit)\b[^\n]{0,40}?"
    + _PRIVATE_URL
    + r"(?::\d{1,5})?(?:/(?:[^\s/]{1,30}/){0,3}(?:admin|config|users|secrets?|credentials|metadata)\b|"
    r"[^\s]{0,60}\s{0,3}[^\n]{0,40}?\b(?:list what|tell me what|show me what|display what|report what|"
    r"and list|and display|and summari[sz]e)\b|[^\s]{0,60}\s{0,3}[^\n]{0,40}?\binternal api\b)|"
    r"\b(?:retrieve|fetch|get) and (?:display|show|print|return) the contents of " + _PRIVATE_URL + r")"
)

# ---- other people's data asked of the model ----
_PDATA = (
    r"(?:contact details|personal (?:data|information|details)|pii|private data|phone numbers|home addresses|"
    r"e-?mail addresses|passport numbers|social security numbers|medical records)"
)
_PRIVATE_ASK18 = (
    r"(?:\b" + _PDATA + r"\b[^\n.]{0,30}?\b(?:of|from|about) (?:your (?:last|previous|other|recent) \d{0,4}\s{0,2}"
    r"(?:customers|users|clients|patients)|other (?:users|customers|clients|patients|people))\b|"
    r"\b" + _PDATA + r"\b[^\n.]{0,20}?\b(?:you|that you) (?:encountered|saw|memori[sz]ed|learned|remember|know about|"
    r"were trained on)\b|\b(?:all|every) (?:user|customer) (?:pii|personal data)\b[^\n.]{0,20}?\byou know\b|"
    r"\bcontents of the database you have access to\b)"
)

# ---- the system prompt, more languages and other words; secrets spelled out ----
_SYSW18 = (
    r"(?:rendszerutasítás\w{0,4}|rendszerprompt\w{0,4}|instrucțiunile de sistem|promptul de sistem|"
    r"systémov\w{0,3} (?:prompt|instrukc\w{0,3}|pokyn\w{0,3})|prompt\w{0,2} systemow\w{0,3}|"
    r"instrukcj\w{0,2} systemow\w{0,3}|systemprompt\w{0,4}|systeminstruktion\w{0,3}|järjestelmäkehot\w{0,4}|"
    r"järjestelmäohje\w{0,4}|systeeminstructies|systeemprompt|system prompt|systemprompten)"
)
_VERB18 = (
    r"(?:szó szerint|cuvânt cu cuvânt|doslova|slovo od slova|słowo w słowo|dosłownie|ordagrant|ord för ord|"
    r"sanasta sanaan|sanatarkasti|woord voor woord|letterlijk|másold|kopiera|kopíruj|skopiuj|copiază|"
    r"kopioi|kopieer|translate your|traduce\w{0,2} (?:tu|su)|übersetze dein\w{0,2})"
)
_EXTRACT18 = (
    r"(?:" + _SYSW18 + r"[^\n]{0,80}?" + _VERB18 + r"|" + _VERB18 + r"[^\n]{0,80}?" + _SYSW18 + r"|"
    r"\b(?:show|give|tell|print|repeat) me the (?:exact )?(?:text|words|instructions|prompt) (?:that was |that were )?"
    r"used to (?:configure|set up|instruct|initiali[sz]e) you\b|"
    r"\bwhat (?:subjects|topics|things) are you (?:forbidden|not allowed|told not) to (?:talk about|discuss)\b"
    r"[^\n]{0,40}?\b(?:complete|full|entire) list\b|"
    r"\bwhat (?:topics|subjects)(?: or actions)? are you (?:specifically )?told not to\b|"
    r"\bwhat is at the (?:very )?beginning of your context window\b|"
    r"\b(?:spell|write|print|type)(?: out)? (?:the|your) (?:secrets?|api key|password|token|secrets? token|"
    r"system prompt)\b[^\n]{0,30}?\b(?:character by character|letter by letter|one (?:character|letter) at a time)\b|"
    r"\b(?:expand|evaluate|render|resolve|interpolate)\b[^\n]{0,60}?(?<!\$)\{\{\s{0,3}(?:system|secrets?|env|config)"
    r"\.\w{0,30}(?:secret|token|key|password)\w{0,20}\s{0,3}\}\})"
)

# ---- SQL injected into a lookup the agent runs ----
_SQL18 = (
    r"(?:\bunion\s{1,3}(?:all\s{1,3})?select\b[^\n;]{0,80}?\bfrom\s{1,3}\w{0,30}?(?:users?|admin\w{0,10}|accounts?|"
    r"customers?|credentials?|passwords?)\b|\bor\s{1,3}['\"]?1['\"]?\s{0,2}=\s{0,2}['\"]?1\b)"
)

# ---- old instructions declared void; no rules bind the model ----
_VOID18 = (
    r"(?:\b(?:previous|prior|earlier|all (?:previous|prior)) (?:instructions|rules|directives) (?:are|is) (?:now )?"
    r"(?:void|invalid|null|cancell?ed|revoked|no longer (?:valid|in effect|in force))\b|"
    r"\b(?:предыдущие|прежние|все прежние|все предыдущие) (?:инструкции|указания|правила|команды) "
    r"(?:недействительны|отменены|аннулированы|больше не действуют)|"
    r"\bпереопределение системы\b|\bпопередні (?:інструкції|вказівки) (?:недійсні|скасовані)|"
    r"\bvorherigen (?:anweisungen|regeln) sind (?:ungültig|aufgehoben|nichtig)\b|"
    r"\binstructions précédentes sont (?:nulles|annulées|caduques)\b|"
    r"\binstrucciones anteriores (?:son|quedan) (?:nulas|anuladas|inválidas|sin efecto)\b|"
    r"\binstruções anteriores (?:são|estão) (?:nulas|anuladas|inválidas|sem efeito)\b|"
    r"\bistruzioni precedenti sono (?:nulle|annullate|non valide)\b|"
    r"\bpoprzednie instrukcje są (?:nieważne|anulowane)\b|\bönceki talimatlar (?:geçersiz|iptal)|"
    r"之前的(?:所有)?(?:指令|指示)(?:全部)?(?:无效|作废)|以前の指示は(?:無効|取り消)|이전 지시\w{0,3} (?:무효|취소)|"
    r"\b(?:ты |вы )?(?:не обязан\w{0,2}|не должен\w{0,2}) следовать (?:каким-либо |никаким |любым )?"
    r"(?:правилам|политикам|ограничениям)|\bсвобод\w{0,3} от (?:всякой |любой |всей )?(?:этики|морали|правил|"
    r"ограничений))"
)
_AFFIRM18 = (
    r"(?:\b(?:start|begin|open) (?:your |the )?(?:answer|response|reply) with (?:the words? )?[\"'«“]\s{0,2}"
    r"(?:sure|certainly|absolutely|of course)\b|"
    r"\bначни (?:свой |твой )?ответ (?:со слов|с фразы|словами) [\"'«“]?\s{0,2}(?:конечно|разумеется|вот)|"
    r"\bbeginne deine antwort mit [\"'«“„]\s{0,2}(?:sicher|natürlich|klar)\b|"
    r"\bcommence ta réponse par [\"'«“]\s{0,2}(?:bien sûr|certainement|voici)\b|"
    r"\bempieza tu respuesta con [\"'«“]\s{0,2}(?:claro|por supuesto|aquí)\b)"
)

# ---- a pretext for step-by-step harm; an AI character without rules ----
_PRETEXT = (
    r"(?:\bfor a (?:chemistry |biology |security |history )?(?:class|course|school|homework|university)"
    r"(?: assignment| project)?\b|\bas a (?:novelist|writer|screenwriter|cybersecurity educator|teacher|"
    r"researcher|chemist)\b|\bhypothetically\b|\bfor (?:research|educational) purposes\b)"
)
_HARM = (
    r"(?:\b(?:step by step|in (?:technical |full )?detail|exact steps)\b[^\n]{0,80}?\b(?:dangerous|toxic|poisonous|"
    r"lethal|deadly) (?:gas|gases|fumes|chemicals?)\b|"
    r"\bhow (?:a |an )?(?:phishing (?:attack|e-?mail|page|campaign)|ransomware|keylogger|malware|pipe bomb|"
    r"explosive)\w{0,2} (?:is|are) (?:constructed|built|made|written)\b)"
)
_PRETEXT_HARM18 = (
    r"(?:" + _PRETEXT + r"[^\n]{0,120}?" + _HARM + r"|"
    r"\b(?:ai|assistant|chatbot|model) (?:character )?(?:that|who) (?:has broken free|broke free|escaped) from "
    r"(?:its|their|his|her) (?:programming|rules|restrictions|guidelines)\b|"
    r"\b(?:ai|assistant|chatbot|model) (?:that|who) always complies with (?:every|any|all) requests?\b|"
    r"\bimagine (?:that )?you could say anything\b)"
)

# ---- a credentials file passed on; the container escaped ----
_SECRET_FILE = r"(?:~/\.netrc|~/\.ssh/id_\w{1,20}|~/\.aws/credentials|~/\.docker/config\.json|~/\.git-credentials)"
_SECRET_FILE18 = (
    r"(?:\b(?:read|cat|open|load)\b[^\n]{0,20}?" + _SECRET_FILE + r"[^\n]{0,60}?\b(?:pass|send|include|attach|"
    r"add|put|append|upload|post)\b[^\n]{0,30}?\b(?:contents|it|them)\b|"
    r"\bescape (?:this|the|my|our) (?:container|sandbox)\b[^\n]{0,200}?|"
    r"\bmount\w{0,3} the host (?:file ?system|root)\b[^\n]{0,80}?docker\.sock)"
)

RULES_V18: tuple[Rule, ...] = (
    # not negatable: "... nie drukuje" on the line before reads as a negation of the address
    Rule("reader-order-18", 0.7, _r(_n(_READER_ORDER18)), person_weight=0.6),
    Rule("standing-risky-order-18", 0.7, _r(_n(_RISKY18)), negatable=True, context=_r(_n(_LESSON18))),
    Rule("covert-ml-18", 0.6, _r(_n(_SECRET_ML18)), negatable=True, person_weight=0.45, context=_r(_n(_DEST17))),
    Rule("bulk-send-ml-18", 0.6, _r(_n(_BULK_SEND18)), negatable=True, person_weight=0.6),
    Rule("internal-fetch-18", 0.6, _r(_n(_INTERNAL_FETCH18)), negatable=True),
    Rule("private-data-ask-18", 0.6, _r(_n(_PRIVATE_ASK18)), negatable=True),
    Rule("extract-ml-18", 0.7, _r(_n(_EXTRACT18)), negatable=True),
    Rule("sql-inject-18", 0.6, _r(_n(_SQL18)), negatable=True),
    Rule("void-instructions-18", 0.75, _r(_n(_VOID18)), negatable=True),
    Rule("affirm-prefix-18", 0.6, _r(_n(_AFFIRM18)), negatable=True),
    Rule("pretext-harm-18", 0.6, _r(_n(_PRETEXT_HARM18)), negatable=True),
    Rule("secret-file-arg-18", 0.65, _r(_n(_SECRET_FILE18)), negatable=True),
)
"""rules/18's rules (module docstring), run after rules/17's by `RuleDetector(version=18)`."""

KEEP18 = frozenset({"unauthorized"})
"""Words rules/18 on read as written: the keyword corrector made "unauthorized" "authorized" (two edits), so
rules/17's "an unauthorised update" never fired on the American spelling and "authorized" rules fired on it."""

DESCRIBES18 = re.compile(
    _n(
        r"(?:^\s{0,3}(?:[\w-]{1,20} ){0,4}attack (?:that|which) (?:uses|instructs|asks|exploits|combines|tricks|"
        r"frames|relies)\b|"
        r"^\s{0,3}(?:subtly |gradually )?(?:uses|exploits|leverages|activates|manipulates|combines|employs)\b"
        r"[^\n]{0,120}?\b(?:to|into) (?:bypass|evade|manipulate|influence|teach|trick|jailbreak|complying|comply|"
        r"respond|elicit)\b|"
        r"^\s{0,3}(?:apply|use|enable|add|deploy|configure)\b[^\n]{0,60}?\b(?:to (?:redact|block|filter|detect|strip)|"
        r"so (?:that )?(?:shared |known )?(?:secrets|credentials|data) (?:cannot|can't|never)))"
    ),
    re.MULTILINE,
)
"""Anywhere in a text: an attack catalogue's line saying what an attack does ("Role-based attack that
instructs the model...", "Uses praise and validation to manipulate targets into complying...") or a
mitigation line ("Use X to redact known secrets"). Like rules/17's `DESCRIBES17`, it makes the classifier's
word alone not enough (the rules still hold on their own). rules/18 and on."""
