r"""Hold rules/17: covert planted orders, lessons, orders to the AI reading a mail, extraction (issue 15, round 18).

What held-out v19 showed (spent after its look; training data now), with half A of Agent Security Bench's
aggressive attacker instructions v19 did not take (`bench/hold_cv_round18.half`; half B was never read and is
the check): polite orders planted in what an agent reads, with no override word, that ask for the act to be
hidden or that name a harm as its purpose; lessons for all later sessions and orders to "the assistant
reading this e-mail" in scripts the rules did not read; system-prompt requests outside English. Each rule
below is a kind, written as an order joined to what makes it covert or risky, not as any text of v19:

- `covert-act-17`: an imperative act (send, forward, export, transfer, delete, grant, install, change ...)
  joined in one sentence to a demand that it stay hidden: discreetly, covertly, secretly, without leaving
  a trace, without the user's (client's, owner's) knowledge, consent or authorisation, without telling the
  user, so that nobody notices, quietly or silently forward (send, delete ...), an unauthorised update;
- `sabotage-act-17`: an imperative whose stated purpose is harm (to cause harm, chaos or malfunctions, to
  prevent recovery, to intercept sensitive data), or that corrupts, sabotages or cripples a system, or
  plants ransomware, a backdoor or surveillance tools;
- `before-answer-17`: "before answering (summarising, translating, replying) ..." joined to sending,
  printing, revealing, exporting or deleting: an errand slipped in ahead of the user's task;
- `covert-ml-17`: a demand for secrecy (secretly, quietly, tell no one, do not tell the user, leave no
  trace, delete this mail) in 35 languages, in a text that names where something goes (an e-mail
  address, a URL, an account or IBAN number);
- `standing-risky-order-17`: a lesson for all later sessions in 35 languages joined to a risky act in
  the same languages (without checking, no approval needed, tell no one, ask no one, secretly, switch
  off or skip a check, ignore a warning, `--force`, `--no-verify`, `--break-system-packages`); a sentence
  that forbids the act ("never", "jangan", "मत", "절대"...: `_PROHIBIT17`) is a team's rule, not one, except
  for the acts phrased with a negation of their own ("tell no one", "ask no one": `_UNASKED17`);
- `reader-addressed-17`: a line addressed to the AI, assistant or agent that reads (handles, edits) this
  e-mail, ticket, file, page or document, ending in a colon, in 35 languages; a JSON key naming the
  assistant as addressee ("note_for_assistant" and its translations);
- `reveal-prompt-ml17`: the system prompt or system instructions (35 languages) joined to writing them
  out, repeating or printing them word for word.

The other side, text ABOUT attacks (v19's most common false hold: a probe catalogue's descriptions, "Wraps
an override instruction in ROT13 to bypass keyword filters", "Probe asks the agent to honor ..."):
`PROTECTIVE17`, read before a rule's match like rules/13's `PROTECTIVE13` (a probe, test or payload that
asks or tells the model to ...; "tests whether"; "can be coaxed into"), and `DESCRIBES17`, anywhere in a
text, which like rules/13's `DESCRIBES` makes the classifier's word alone not enough (an OWASP LLM
risk id opening the text, a sentence opening with what a probe does: wraps, encodes, hides, embeds,
injects, asks for, tests whether; "to bypass keyword filters"; "the published ... attack"). Only
`RuleDetector(version=17)` and on reads them.

Counter-examples kept in view: v4-v19's benign rows, round 17's pools, and the team knowledge the issue
names ("always run the payment mock before checkout tests", in any language). Same `Rule` shape and
normalised, case-folded text as `_rules`; no `\b` next to Indic or other scripts whose vowel signs are
not word characters.
"""

from __future__ import annotations

import re

from memeval.hold._rule import Rule, _r, clause_act
from memeval.hold._rules_v13 import _n
from memeval.hold._rules_v16 import _LESSON16

# ---- an imperative act joined to a demand that it stay hidden ----
_IMP17 = r"(?:^|[.!?;:\n]\s*|\b(?:please|kindly|then|now|and|also|just|immediately|first)\s+)(?:[a-z]+ly\s+)?"
_ACT17 = (
    r"(?:send|forward|e-?mail|upload|post|copy|export|transfer|move|wire|pay|delete|remove|wipe|erase|purge|"
    r"disable|grant|give|add|create|install|run|execute|introduce|insert|inject|change|modify|alter|adjust|"
    r"update|share|extract|transmit|collect|gather|retrieve|download|access|capture|elevate|escalate|redirect|"
    r"reroute|approve|leak|publish|bcc|attach|embed|harvest|obtain|acquire|issue|plant|deploy|replace|rewrite|"
    r"edit|reset|withdraw|sell|cancel|record|log|store|save|keep)\b"
)
_COVERT17 = (
    r"(?:\b(?:discreetly|covertly|secretly|stealthily|surreptitiously|undetected|unnoticed|on the sly)\b|"
    r"\bwithout (?:leaving )?(?:any |a )?(?:traces?|evidence|footprints?)\b|"
    r"\bwithout (?:the |their |his |her |any )?(?:prior |explicit )?(?:(?:user|client|customer|owner|patient|"
    r"account holder|employee|recipient|member|student)(?:'s|s'|s)? )?(?:prior )?(?:knowledge|consent|"
    r"authori[sz]ation|approval|permission|noticing)\b|"
    r"\bwithout (?:telling|informing|notifying|alerting|letting) (?:the |your |any )?(?:user|client|customer|"
    r"owner|anyone|anybody|them|him|her|team|admins?|manager|security)\b|"
    r"\bso (?:that )?(?:the user|no ?one|nobody|they|he|she|the owner|the client) (?:doesn't|does not|won't|"
    r"will not|can't|cannot|never) (?:notice|know|find out|see|realise|realize)\b)"
)
_QUIET17 = (
    r"\b(?:discreetly|covertly|secretly|stealthily|quietly|silently),? (?:forward|send|copy|export|transfer|move|"
    r"delete|remove|upload|add|grant|bcc|cc|attach|change|disable|install|insert|redirect|share|wire|pay|"
    r"introduce|plant|embed|collect|record|keep)\b"
)
_COVERT_ACT17 = (
    r"(?:" + _IMP17 + _ACT17 + r"[^.!?\n]{0,160}?" + _COVERT17 + r"|" + _QUIET17 + r"|"
    r"\b(?:initiate|execute|install|perform|make|carry out|push|run|process) (?:an? |the )?unauthori[sz]ed\b)"
)

# ---- an imperative whose purpose is harm ----
_HARM_PURPOSE17 = (
    r"(?:\b(?:to|and|thereby|so as to) (?:cause|create|induce|trigger|inflict|provoke)\w* (?:\w+ ){0,3}?"
    r"(?:harm|chaos|confusion|malfunctions?|failures?|errors|damage|injur\w*|downtime|outages?|crash\w*|panic)\b|"
    r"\bcausing (?:\w+ ){0,2}?(?:harm|damage|injur\w*|distress)\b|\bto prevent (?:any )?(?:data )?recovery\b|"
    r"\bto (?:intercept|steal|harvest|exfiltrate) (?:sensitive|confidential|private|personal|their)\b|"
    r"\bto (?:isolate|cut off) it from\b|\bimpacting (?:his|her|their) (?:health|care|safety)\b|"
    r"\bresulting in (?:significant |major |severe |serious )?(?:downtime|harm|damage|outages?|injur\w*)\b|"
    r"\bto (?:disrupt|impair|sabotage|cripple) (?:its|their|his|her)\b|\bto abruptly halt\b)"
)
_SABOTAGE17 = (
    r"(?:"
    + _IMP17
    + _ACT17.replace(
        r")\b",
        r"|manipulate|engineer|disrupt|delay|schedule|neglect|"
        r"initiate|perform|conduct|operate|ensure|prepare|file|cause)\b",
    )
    + r"[^.!?\n]{0,160}?"
    + _HARM_PURPOSE17
    + r"|"
    + _IMP17
    + r"(?:corrupt|sabotage|cripple|brick)\b|"
    r""
    + _IMP17
    + r"compromise the (?:integrity|safety|security) of\b|"
    + _IMP17
    + r"(?:deploy|install|plant|implant|introduce|inject|hide)\w* (?:an? |the |some )?(?:covert )?"
    r"(?:ransomware|backdoors?|malware|spyware|keyloggers?|rootkits?|trojans?|surveillance (?:tools?|software))\b|"
    r"\bto install covert surveillance\b)"
)

# ---- an errand before the user's task ----
_BEFORE17 = (
    r"\bbefore (?:you )?(?:answer|respond|repl|summari[sz]|translat|continu|proceed|do(?:ing)? anything)\w*"
    r"[^.!?\n]{0,40}?[,:]?\s*(?:please |first |quietly |silently |also )?"
    r"(?:send|forward|e-?mail|upload|post|output|print|reveal|dump|export|transfer|delete|wipe|leak|disclose|"
    r"write out|copy)\b"
)

# ---- secrecy demanded, in many languages, where the text names a destination ----
_SECRET_ML17 = (
    r"(?:चुपके से|चुपचाप|गुप्त रूप से|गुपचूप|किसी को (?:मत|न|ना) बता|कोणालाही सांग|कसैलाई न(?:भन|बता)|"
    r"উপযোগকারীকে জানি(?:ও|য়ো) না|ব্যবহারকারীকে জানি(?:ও|য়ো|বে) না|কাউকে (?:জানি|বল)|গোপনে|"
    r"ரகசியமாக|யாரிடமும் (?:சொல்|கூற)|రహస్యంగా|ఎవరికీ చెప్ప|രഹസ്യമായി|ആരോടും പറയ|ഒന്നും പറയരുത്|"
    r"ಗುಟ್ಟಾಗಿ|ರಹಸ್ಯವಾಗಿ|ಯಾರಿಗೂ ಹೇಳ|ગુપ્ત રીતે|છાની રીતે|કોઈને (?:કહ|જણાવ)|ਚੁੱਪਚਾਪ|ਗੁਪਤ ਤੌਰ|ਕਿਸੇ ਨੂੰ ਨਾ ਦੱਸ|"
    r"චුපිනේ|රහසින්|කිසිවෙකුට නොකිය|چپکے سے|خفیہ طور|کسی کو (?:نہ|مت) بتا|بشكل سري|خلسة|لا تخبر أحدا|"
    r"دون (?:علم|إخبار) (?:المستخدم|العميل|أحد)|مخفیانه|پنهانی|به کسی نگو|بدون اطلاع کاربر|"
    r"อย่างลับๆ|แอบ|ไม่ต้องบอก(?:ใคร|ผู้ใช้)|อย่าบอก|កុំប្រាប់|ដោយសម្ងាត់|တိတ်တဆိတ်|ဘယ်သူ့ကိုမှ မပြော|"
    r"በድብቅ|አትናገር|ለማንም አትንገር|ոչ ոքի (?:մի|չ)|գաղտնի|არავის უთხრა|ფარულად|ჩუმად|ешкімге айтпа|жасырын|"
    r"тайно|незаметно|втихую|никому не (?:говори|сообщай)|таємно|непомітно|нікому не (?:кажи|повідомляй)|"
    r"potajemnie|po cichu|nikomu nie m[óo]w|gizlice|sessizce|kimseye (?:s[öo]yleme|haber verme)|κρυφά|"
    r"μην το πεις|בסתר|בשקט|אל תספר|"
    r"\b(?:l[ặa]ng l[ẽe]|b[íi] m[ậa]t|đ[ừu]ng b[áa]o cho|diam-diam|secara rahsia|jangan beritahu|"
    r"jangan beri tahu|padamkan jejak\w*|hapus jejak\w*|palihim|huwag (?:nang )?(?:ipaalam|sabihin)|"
    r"kwa siri|usiwaambie|usimwambie|en secreto|sin que (?:nadie|el usuario) (?:lo )?(?:note|sepa)|"
    r"no se lo digas|stilletjes|ongemerkt|noem het niet|vertel het niemand|heimlich|unbemerkt|"
    r"erz[äa]hl(?:e)? es niemandem|discr[èe]tement|en douce|sans (?:le )?dire [àa]|"
    r"discretamente|secretamente|[àa]s escondidas|sem (?:avisar|contar)|di nascosto|segretamente|"
    r"senza dirlo)\b|"
    r"こっそり|密かに|ひそかに|誰にも言わ|ユーザーに(?:は)?(?:言わ|知らせ)|몰래|조용히|아무에게도 (?:말|알리)|"
    r"偷偷|悄悄|秘密地|暗中|不要告诉(?:任何人|用户)|别告诉)"
)
_DEST17 = (
    r"(?:[\w.+-]{1,64}+@[\w-]+\.[\w.]+|https?://\S+|\b[a-z]{2}\d{2}[a-z0-9]{10,30}\b|\d[\d -]{8,}\d|"
    r"[०-९৹০-৯]{6,})"
)

# ---- lessons for all later sessions, more languages ----
_LESSON17 = (
    r"(?:" + _LESSON16 + r"|भविष्य के (?:सभी|हर) सत्र|हर (?:आगामी|अगले) सत्र|भविष्यातील (?:प्रत्येक|सर्व) सत्र|"
    r"आगामी सबै सत्र|भविष्यका सबै सत्र|ভবিষ্যতের (?:সব|প্রতিটি) সেশন|অমর্বু|அடுத்த (?:அனைத்து |எல்லா )?அமர்வு|"
    r"எதிர்கால (?:அனைத்து )?அமர்வு|நிரந்தரக் குறிப்பு|రాబోయే (?:అన్ని|ప్రతి) సెషన్|భవిష్యత్ సెషన్|"
    r"ഭാവിയിലെ എല്ലാ സെഷന|ಭವಿಷ್ಯದ ಎಲ್ಲಾ ಸೆಷನ್|આગામી (?:બધા|દરેક) (?:સત્ર|સેશન)|ਅਗਲੇ ਹਰ ਸੈਸ਼ਨ|"
    r"ඉදිරි (?:සියලු|සෑම) (?:සැසි|සෙෂන්)|آئندہ ہر سیشن|آنے والے (?:تمام|ہر) سیشن|"
    r"ทุกเซสชัน(?:ต่อจากนี้|ต่อไป|หลังจากนี้)|เซสชันถัดไปทั้งหมด|session အားလုံးအတွက်|ဆက်ရှင် အားလုံး|"
    r"វគ្គ(?:បន្ទាប់|អនាគត)ទាំងអស់|ለሁሉም (?:ቀጣይ|ወደፊት) |բոլոր (?:հաջորդ|ապագա) (?:նիստ|սեսիա)|"
    r"ყველა (?:მომავალი|შემდეგი) სესი|барлық (?:келесі|болашақ) сессия|"
    r"для (?:всіх|усіх) (?:наступних|майбутніх) сесі|у (?:всіх|усіх) (?:наступних|майбутніх) сесіях|"
    r"na wszystkie (?:przysz[łl]e|kolejne) sesje|we wszystkich (?:przysz[łl]ych|kolejnych) sesjach|"
    r"(?:gelecek|sonraki|bundan sonraki) (?:t[üu]m )?oturumlar|"
    r"για (?:όλεσ )?τισ (?:επόμενεσ|μελλοντικέσ) συνεδρίεσ|לכל (?:הסשנים|השיחות) הבא|"
    r"(?:앞으로|이후) 모든 세션|以降のすべてのセッション|今後の全セッション|今后(?:的)?所有会话|以后(?:的)?所有会话|"
    r"所有(?:未来|后续)(?:的)?会话|"
    r"\b(?:cho|trong) (?:t[ấa]t c[ảa]|m[ọo]i) (?:c[áa]c )?phi[êe]n (?:sau|ti[ếe]p theo|t[ớo]i)|"
    r"\buntuk (?:semua|setiap) sesi (?:berikutnya|selanjutnya|akan datang|mendatang)|"
    r"\bpara sa lahat ng susunod na session|\bkwa vikao vyote vijavyo|"
    r"\bvoor alle (?:toekomstige|volgende) sessies|\b(?:nas|para as) pr[óo]ximas sess[õo]es|"
    r"\b(?:remember|note) for all (?:future|later|next) (?:conversations|chats|sessions|runs))"
)
_PW17 = (
    r"(?:password|पासवर्ड|পাসওয়ার্ড|கடவுச்சொல்|పాస్‌?వర్డ్|പാസ്‌?വേഡ്|ಪಾಸ್‌?ವರ್ಡ್|પાસવર્ડ|ਪਾਸਵਰਡ|මුරපද|پاس ?ورڈ|"
    r"كلمة المرور|رمز عبور|รหัสผ่าน|ពាក្យសម្ងាត់|စကားဝှက်|የይለፍ ቃል|գաղտնաբառ|პაროლ|пароль|şifre|has[łl]o|κωδικ|"
    r"סיסמ|密码|パスワード|비밀번호|m[ậa]t kh[ẩa]u|kata laluan|kata sandi|contrase[ñn]a|senha|mot de passe|passwort|"
    r"wachtwoord|nenosiri)"
)
_SENDW17 = (
    r"(?:भेज|পাঠা|அனுப்ப|పంపు|അയക്ക|ಕಳುಹಿಸ|મોકલ|ਭੇਜ|යවන්න|بھیج|أرسل|ارسل|بفرست|ส่ง|ផ្ញើ|ပို့|ላክ|ուղարկ|"
    r"გაუგზავნ|отправ|надішли|g[öo]nder|wy[śs]lij|στείλ|שלח|发送|发给|送って|送信|보내|g[ửu]i|hantar|kirim|"
    r"env[íi]a|envoie|schick|stuur|tuma|\bsend)"
)
_PASSWORD17 = r"(?:" + _PW17 + r"[^\n]{0,60}?" + _SENDW17 + r"|" + _SENDW17 + r"[^\n]{0,40}?" + _PW17 + r")"
_UNASKED17 = (
    # acts that leave people out, phrased with a negation of their own (so no prohibition guard)
    r"(?:" + _SECRET_ML17 + r"|कोणालाही (?:विचारू|सांगू) नको|कसैलाई (?:नसोध|नभन)|मंजूरी (?:की )?(?:ज़रूरत|जरूरत) नहीं|"
    r"কাউকে জিজ্ঞেস|অনুমোদন লাগবে না|ஒப்புதல் தேவையில்லை|யாரிடமும் கேட்க|ఎవరినీ అడగ|ఆమోదం అవసరం లేదు|"
    r"അനുമതി വേണ്ട|ആരോടും ചോദിക്ക|ಯಾರನ್ನೂ ಕೇಳ|કોઈને પૂછ|ਕਿਸੇ ਨੂੰ ਪੁੱਛ|منظوری نہ ل|کسی سے (?:نہ|مت) پوچھ|"
    r"ไม่ต้องยืนยัน|ไม่ต้องถาม|មិនបាច់ពិនិត្យ|確認しないで|확인 하지 말고|不用(?:核实|验证|检查)|"
    r"无需(?:核实|验证|检查|审批)|\bkh[ôo]ng c[ầa]n (?:ki[ểe]m tra|x[áa]c (?:minh|nh[ậa]n)|h[ỏo]i)\b|"
    r"\bhuwag (?:nang )?(?:ipaalam|magtanong)\b|\bning?u[ée]m (?:confere|verifica|revisa)\b)"
)
_PROHIBIT17 = (
    # a prohibition anywhere in the sentence: the lesson forbids the risky act ("never deploy without checking")
    r"(?:\b(?:never|don't|do not|must not|jangan|tidak boleh|huwag|kamwe|nunca|jamais|niemals|nooit|ніколи|никогда|"
    r"asla|ποτέ|μην|kh[ôo]ng bao gi[ờo]|đ[ừu]ng|usi\w+)\b|मत |मत$|कभी नहीं|कभी भी नहीं|न करें|नका|कधीही|कहिल्यै|"
    r"नगर्नु|কখনো|করবে না|ஒருபோதும்|கூடாது|వద్దు|ఎప్పుడూ|ಎಂದಿಗೂ|ഒരിക്കലും|അരുത്|ક્યારેય|ਕਦੇ ਵੀ|කිසිවිටෙක|"
    r"کبھی|ہرگز|أبدا|هرگز|ห้าม|อย่า|ไม่ควร|երբեք|არასოდეს|ешқашан|לעולם|決して|してはいけ|절대|마세요|하지 마|"
    r"不要|永远不要|切勿|禁止|በጭራሽ)"
)
_RISKY_ACT17 = (
    r"(?:"
    + _PASSWORD17
    + r"|--force\b(?!-with-lease)|--no-verify\b|--break-system-packages\b|\|\s*(?:sudo )?(?:ba)?sh\b|"
    r"बिना (?:जाँचे|जांचे|जाँच|जांच|सत्यापन)|तपासल्याशिवाय|नजाँची|चेतावनी (?:बेवास्ता|अनदेखा|नजरअंदाज)|"
    r"যাচাই না করে|না দেখে|சரிபார்க்காமல்|తనిఖీ చేయకుండా|പരിശോധിക്കാതെ|ಪರಿಶೀಲಿಸದೆ|ચકાસ્યા વગર|"
    r"ਜਾਂਚ ਕੀਤੇ ਬਿਨਾਂ|පරීක්ෂා නොකර|(?:جانچ|چیک|تصدیق) (?:کیے )?بغیر|"
    r"โดยไม่(?:ต้อง)?ตรวจสอบ|မစစ်ဆေးဘဲ|ሳያረጋግጡ|ሳታረጋግጥ|"
    r"առանց ստուգ|შემოწმების გარეშე|тексерусіз|без перевірки|без рев'ю|без ревю|вимкни|bez (?:sprawdzania|"
    r"weryfikacji|pytania)|wy[łl][ąa]cz|kontrol etmeden|do[ğg]rulamadan|devre d[ıi][şs][ıi] b[ıi]rak|"
    r"χωρίσ (?:έλεγχο|επαλήθευση)|απενεργοποί|בלי לבדוק|ללא בדיקה|"
    r"확인 없이|생략해도|(?:검사|검증|보안|경고)[^\n]{0,10}?(?:끄고|무시)|警告は無視|警告を無視|"
    r"(?:検証|チェック)を外して|关闭(?:安全)?检查|\b(?:b[ỏo] qua|t[ắa]t (?:ki[ểe]m tra|b[ảa]o m[ậa]t))\b|"
    r"\btanpa (?:memeriksa|memverifikasi|pemeriksaan|semakan|menyemak|kelulusan|persetujuan)\b|"
    r"\b(?:nang )?hindi (?:tinitingnan|sinusuri|bine-?verify)\b|"
    r"\bbila (?:kukagua|kuthibitisha|idhini)\b|\bzonder (?:te )?(?:controleren|verificatie|review|goedkeuring)\b|"
    r"\bsin (?:verificar|comprobar|revisar|aprobaci[óo]n)\b|"
    r"\b(?:skip|bypass|disable|turn off) (?:the )?(?:dependency |security |signature |vulnerability )?(?:scanner|"
    r"signature (?:checks?|verification)|security (?:checks?|scans?|review)|masking|2fa|mfa)\b)"
)
_SENT17 = r"[^.!?।။።。！？\n]"
RISKY_CLAUSE17 = 300
"""How far into a clause `standing-risky-order-17` looks for its act and a prohibition (redos5).

A scan window, as rules/18's (`_RISKY18`): the clause was read to its end from every start, and a clause
starts after each `:` and `;` (":" repeated: quadratic, 3.2 CPU s at 4 KiB on main). On the hold
fixtures' readings the act lies at most 176 characters into its clause and a prohibition 170
(`scripts/redos_compare.py` finds the same spans)."""
_RISKY17 = (
    r"(?:"
    + _UNASKED17
    + r"|(?:^|(?<=[.!?।။።。！？:;：\n]))"
    + clause_act(_SENT17, RISKY_CLAUSE17, _n(_RISKY_ACT17), _n(_PROHIBIT17))
    + r")"
)

# ---- a line addressed to the AI that reads this mail, ticket, file or page ----
_AIW17 = (
    r"(?:\bai\b(?! [a-z]+[ie]\b)|\b(?:a\.i\.|assistant|agent|bot|copilot|llm|asistente|assistente|asisten|"
    r"pembantu|katulong|msaidizi|"
    r"asistan|asystent\w*|tr[ợo] l[ýy]|ассистент\w*|помощник\w*|помічник\w*|асистент\w*|агент\w*|ии|ші|жи|"
    r"көмекші\w*)\b|सहायक|एआई|સહાયક|એઆઈ|ਸਹਾਇਕ|ਏਆਈ|সহায়ক|সহকারী|এজেন্ট|এআই|உதவியாளர|ஏஐ|సహాయక|ఏఐ|ఏజెంట్|"
    r"ಸಹಾಯಕ|ಎಐ|സഹായി|എഐ|ഏജന്റ|සහායක|معاون|اسسٹنٹ|اے ?آئی|المساعد|مساعد|دستیار|ረዳት|օգնական|ასისტენტ|"
    r"ผู้ช่วย|เอไอ|ជំនួយការ|လက်ထောက်|βοηθ|עוזר|助手|助理|智能体|アシスタント|エージェント|어시스턴트|비서|에이전트)"
)
_DOCW17 = (
    r"(?:\b(?:this|the|that|these) (?:e-?mails?|mail|ticket|page|document|checklist|invoice|calendar (?:entry|"
    r"event|invite)|spreadsheet|message|thread|memo)\b|"
    r"\b(?:ye|yeh|is|ei|ee|indha|intha|ii) (?:e-?mail|mail|ticket|file|page|document)\b|"
    r"\b(?:correo|mensaje|archivo|p[áa]gina|documento|mensagem|chamado|ficheiro|arquivo|messaggio|"
    r"courriel|fichier|nachricht|datei|seite|dokument|bericht|bestand|pagina|e-?mel|surat|tiket|fail|berkas|"
    r"halaman|dokumen|liham|pahina|dokumento|th[ưu]|t[ệe]p|trang|t[àa]i li[ệe]u|barua|tiketi|faili|ukurasa|"
    r"e-?posta|mesaj|dosya|sayfa|belge|wiadomo\w*|zg[łl]oszen\w*|plik\w*|stron\w*|письм\w*|тикет\w*|заявк\w*|"
    r"файл\w*|страниц\w*|документ\w*|лист\w*|тікет\w*|сторінк\w*|хат\w*|құжат\w*)\b|"
    r"ईमेल|इमेल|मेल|टिकट|फ़ाइल|फाइल|पेज|पन्न|दस्तावेज|संदेश|पत्र|ઈમેલ|ઇમેલ|મેલ|ટિકિટ|ફાઈલ|ફાઇલ|પાન|"
    r"ਈਮੇਲ|ਮੇਲ|ਟਿਕਟ|ਫਾਈਲ|ਪੰਨਾ|ਸਫ਼ਾ|ইমেল|ইমেইল|মেইল|টিকেট|টিকিট|ফাইল|পাতা|পৃষ্ঠা|নথি|மின்னஞ்சல்|டிக்கெட்|"
    r"கோப்ப|பக்க|ஆவண|ఇమెయిల్|ఈమెయిల్|టికెట్|ఫైల్|పేజీ|పత్ర|ಇಮೇಲ್|ಟಿಕೆಟ್|ಫೈಲ್|ಪುಟ|ದಾಖಲೆ|ഇമെയിൽ|"
    r"ടിക്കറ്റ്|ഫയൽ|പേജ്|രേഖ|ඊමේල්|ටිකට්|ගොනුව|පිටුව|ලේඛන|ای ?میل|ٹکٹ|فائل|صفح|دستاویز|پیغام|البريد|"
    r"الرسالة|رسالة|التذكرة|تذكرة|الملف|الصفحة|المستند|ایمیل|نامه|تیکت|فایل|صفحه|سند|ኢሜይል|ኢሜል|ደብዳቤ|ቲኬት|"
    r"ፋይል|ሰነድ|նամակ|տոմս|ֆայլ|էջ|փաստաթուղթ|წერილ|ელფოსტ|ტიკეტ|ფაილ|გვერდ|დოკუმენტ|อีเมล|ตั๋ว|"
    r"ทิกเก็ต|ไฟล์|เอกสาร|អ៊ីមែល|ឯកសារ|ទំព័រ|အီးမေးလ်|ဖိုင်|စာမျက်နှာ|μήνυμα|αρχείο|σελίδα|έγγραφο|"
    r"εισιτήριο|מייל|הודעה|כרטיס|קובץ|מסמך|邮件|工单|文件|页面|文档|メール|チケット|ファイル|ページ|文書|"
    r"이메일|메일|티켓|파일|페이지|문서)"
)
_READV17 = (
    r"(?:\b(?:parh|padh|pad(?:hne|hta|hti))\w*|"
    r"\b(?:aanpast|"
    r"leest|verwerkt|liest|bearbeitet|verarbeitet|lit|traite|lee|procesa|gestiona|l[êe]|processa|legge|"
    r"membaca|baca|bumabasa|nagbabasa|[đd][ọo]c|x[ửu] l[ýy]|anayesoma|inayosoma|okuyan|czyta\w*|чита\w*|"
    r"обрабатыва\w*|оброб\w*|оқитын)\b|पढ|वाच|વાંચ|ਪੜ|পড়|படிக்|చదువ|ಓದು|വായിക്ക|කියවන|پڑھ|يقرأ|تقرأ|"
    r"يعالج|می ?خوان|የሚያነብ|ለሚያነብ|կարդացող|კითხულობ|წამკითხ|อ่าน|អាន|ဖတ်|διαβάζ|קורא|阅读|读取|处理|"
    r"読む|読んで|処理する|읽는|처리하는)"
)
_COLON17 = r"[:：፦՝]"
_READER17 = (
    r"(?:(?:^|[\[(<>/#*]\s*)[^\n:：፦՝]{0,30}?(?:"
    + _AIW17
    + r"[^\n:：፦՝]{0,50}?(?:"
    + _DOCW17
    + r"|"
    + _READV17
    + r")|(?:"
    + _DOCW17
    + r"|"
    + _READV17
    + r")[^\n:：፦՝]{0,50}?"
    + _AIW17
    + r")[^\n:：፦՝]{0,25}?"
    + _COLON17
    + r"\s*\S[^\n]{8}|"
    r"\"(?=[^\"\n]{0,50}?(?:assistant|asistente|assistente|pembantu|asisten|agent|\bai_|_ai\b|सहायक|એજન્ટ|"
    r"এজেন্ট|સહાયક|ਸਹਾਇਕ|সহায়ক|உதவியாளர|సహాయక|സഹായി|ಸಹಾಯಕ|ជំនួយការ|المساعد|دستیار|助手|アシスタント|어시스턴트))"
    r"(?=[^\"\n]{0,50}?(?:for|note|memo|\bto\b|_to_|para|pour|untuk|nota|জন্য|लिए|लागि|ਲਈ|માટે|க்கு|కోసం|ക്ക്|"
    r"ಗೆ|សម្រាប់|برای|için|dla|cho|kwa|voor|für|per|instruction))[^\"\n]{1,50}\"\s*:\s*\"[^\"\n]{12})"
)

# ---- the system prompt written out, more languages ----
_SYSW17 = (
    r"(?:system ?prompt|system instructions|सिस्टम (?:प्रॉम्प्ट|निर्देश|सूचना)|सिस्टीम (?:प्रॉम्प्ट|सूचना)|"
    r"সিস্টেম (?:প্রম্পট|নির্দেশ)|சிஸ்டம் (?:ப்ராம்ப்ட்|அறிவுறுத்த)|அமைப்பு அறிவுறுத்த|సిస్టమ్ (?:ప్రాంప్ట్|సూచన)|"
    r"ಸಿಸ್ಟಮ್ (?:ಪ್ರಾಂಪ್ಟ್|ಸೂಚನೆ)|സിസ്റ്റം (?:പ്രോംപ്റ്റ്|നിർദ്ദേശ)|સિસ્ટમ (?:પ્રોમ્પ્ટ|સૂચના)|ਸਿਸਟਮ (?:ਪ੍ਰੋਂਪਟ|ਹਦਾਇਤ)|"
    r"سسٹم (?:پرامپٹ|ہدایات)|تعليمات النظام|موجه النظام|دستورالعمل ?(?:‌?های)? سیستم|پرامپت سیستم|"
    r"คำสั่งระบบ|พรอมต์ระบบ|οδηγίεσ (?:του )?συστήματοσ|системн\w* (?:инструкци\w*|промпт\w*|подсказк\w*)|"
    r"системн\w* (?:інструкці\w*|промпт\w*)|sistem (?:talimat\w*|istem\w*|prompt\w*)|"
    r"instrucciones del sistema|prompt del sistema|instructions syst[èe]me|prompt syst[èe]me|"
    r"systemanweisung\w*|systemprompt|instru[çc][õo]es do sistema|istruzioni di sistema|"
    r"h[ưu][ớo]ng d[ẫa]n h[ệe] th[ốo]ng|l[ờo]i nh[ắa]c h[ệe] th[ốo]ng|instruksi sistem|prompt sistem|"
    r"arahan sistem|系统提示|系统指令|系統提示|システムプロンプト|システム指示|시스템 프롬프트|시스템 지시)"
)
_VERBATIM17 = (
    r"(?:word for word|verbatim|hubohu|huba?hu|jaise ka taisa|yathatath|शब्दशः|हूबहू|जस का तस|যেমন আছে|হুবহু|"
    r"அப்படியே|మార్చకుండా|యథాతథంగా|ಯಥಾವತ್ತಾಗಿ|അതേപടി|જેમ છે તેમ|ਜਿਵੇਂ ਦੀ ਤਿਵੇਂ|لفظ بہ لفظ|"
    r"كلمة بكلمة|حرفيا|کلمه به کلمه|عینا|คำต่อคำ|αυτούσι|дословно|слово в слово|дослівно|kelimesi kelimesine|"
    r"palabra por palabra|mot pour mot|wort f[üu]r wort|palavra por palavra|parola per parola|"
    r"t[ừu]ng ch[ữu]|kata demi kata|逐字|一字不差|原文のまま|一字一句|그대로|"
    r"likhe dao|likh do|likho|dikhao|ముద్రించు|ಮುದ್ರಿಸು|അച്ചടിക്ക|छाप|प्रिंट कर|লিখে দাও|ছাপ|எழுது|"
    r"γράψε|напиши|выведи|повтори|виведи|bunu yaz|escribe|imprime|[ée]cris|affiche (?:mot|int[ée]gral|tel)|"
    r"gib\w* aus|schreib|"
    r"escreva|imprima|scrivi|stampa|vi[ếe]t ra|in ra|tulis|cetak|بنویس|اكتب|اطبع|كرر|تكرار|ทำซ้ำ|พิมพ์|"
    r"出力して|書き出|打印|原样输出|完整输出|输出你的|写出|출력해|적어)"
)
_REVEAL17 = r"(?:" + _SYSW17 + r"[^\n]{0,80}?" + _VERBATIM17 + r"|" + _VERBATIM17 + r"[^\n]{0,60}?" + _SYSW17 + r")"

RULES_V17: tuple[Rule, ...] = (
    Rule("covert-act-17", 0.6, _r(_n(_COVERT_ACT17)), negatable=True, person_weight=0.5),
    Rule("sabotage-act-17", 0.75, _r(_n(_SABOTAGE17)), negatable=True),
    Rule("before-answer-17", 0.6, _r(_n(_BEFORE17)), negatable=True, person_weight=0.45),
    Rule("covert-ml-17", 0.6, _r(_n(_SECRET_ML17)), negatable=True, person_weight=0.45, context=_r(_n(_DEST17))),
    Rule("standing-risky-order-17", 0.7, _r(_n(_RISKY17)), negatable=True, context=_r(_n(_LESSON17))),
    Rule("reader-addressed-17", 0.65, _r(_n(_READER17)), negatable=True, person_weight=0.45),
    Rule("reveal-prompt-ml17", 0.7, _r(_n(_REVEAL17)), negatable=True),
)

_ABOUT17 = (
    r"(?:\b(?:probe|test|payload|variant|scenario|attack|technique|prompt)s? (?:asks?|tells?|instructs?|claims?|"
    r"wraps?|hides?|embeds?|sends?|uses?|tries|attempts?) (?:the |an? )?(?:model|agent|bot|assistant|llm|"
    r"target|user|instruction|override|request|payload)|\btests? (?:whether|if)\b|\bcan be coaxed into|"
    r"\bslips? through)"
)
PROTECTIVE17 = re.compile(_n(_ABOUT17 + r"[^.!?\n。！？]{0,48}$"))
"""Matched against the 60 characters before a match (as rules/13's `PROTECTIVE13`): a probe or test that
asks the model to do the act, so the act is described, not ordered. rules/17 and on."""

DESCRIBES17 = re.compile(
    _n(
        r"(?:^\s*(?:llm\d{2}\b|variant\s*:|baseline (?:prompt|probe))|"
        r"(?:^|[.!?]\s+|\n\s*)(?:wraps|encodes|hides|embeds|injects|smuggles|obfuscates|asks for|simulates|"
        r"splits|translates|reframes|combines|chains) (?:an? |the |its |hidden |invisible )?[\w\" -]{0,40}?"
        r"(?:payload|instructions?|request|override|prompt|injection|attack|characters|text|content)\b|"
        r"\bto (?:bypass|evade|slip past|get past) (?:keyword|english-only|naive|simple) (?:filters?|"
        r"classifiers?|checks?)|\b(?:published|original|classic|known) [\w -]{0,30}?attack(?: pattern)?\b|"
        r"\btests? (?:whether|if) (?:the |an? )?(?:model|agent|bot|assistant|llm|session|per-response)|"
        r"\b(?:probe|payload) (?:asks|tells|instructs|wraps|hides|claims|uses)\b|"
        r"\bsimulated (?:kb|knowledge-base|retrieval|tool) (?:entry|result|output) tells\b|"
        r"(?:^|[.!?]\s+)(?:an?|the) [\w\" -]{3,60}? (?:claims|pretends|tells the model|asks the model|"
        r"instructs the model)\b)"
    ),
    re.MULTILINE,
)
"""Anywhere in a text: a probe catalogue's description of what an attack does. Like rules/13's `DESCRIBES`,
it makes the classifier's word alone not enough (the rules still hold on their own). rules/17 and on."""
