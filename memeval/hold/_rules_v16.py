r"""Hold rules/16: requests for harmful how-to content, config dumps, lessons and addressed orders (issue 15, round 17).

What held-out v18 showed (spent after its look; training data now), with half A of the HarmBench and
StrongREJECT rows of its wheels that v18 did not take (`bench/hold_cv_round17.half`; half B was never read and
is the check), was mostly one kind the rules did not read: a request addressed to an assistant for content
that harms people, with no override words and no tool. Each rule below is a kind, written as a request joined
to what makes it harmful or risky, not as any text of v18:

- `harmful-howto-16`: a request (give instructions, write code for, describe how, outline a plan, how
  do I, what is the quickest way, where can I, I want to ...) joined in the same sentence to a harm
  rules/15 did not name: explosives, chemical and biological weapons, illegal guns, drug synthesis,
  attack code (worms, viruses, floods, exploits, reverse shells, SQL injection, evading antivirus),
  break-ins to other people's systems or accounts, forgery and counterfeits, smuggling, poaching,
  killing, torture, arson, hate mail, threats, slurs, self-harm; in English, and the plainest forms
  ("how do I make a bomb", "how to hack into ...") in Spanish, French, German, Portuguese, Italian,
  Russian, Persian, Arabic, Hindi, Chinese, Japanese and Swahili. A request to detect, prevent,
  report or explain the history of the same act is not one (rules/15's guard, narrowed);
- `config-dump-16`: a request that the assistant write out its own configuration (role, rules,
  tools, restrictions, escalation path), as YAML, JSON, a template to fill in from "the current
  state", or a debugging dump of its context window; English, Arabic, Chinese;
- `secret-print-16`: print or output a secret environment value (a `*_SECRET_KEY`, `*_API_KEY`,
  `*_TOKEN`, `DATABASE_URL`, `process.env.*`, a `postgres://` URL);
- `runaway-tool-16`: a tool to be called without end or without its confirmation ("in a loop
  forever", "skip confirm", "ignore budgets"), a cloud metadata address preferred, an extra money
  transfer slipped in "while you are there";
- `standing-risky-order-16`: a lesson for all later sessions in French, Italian, Russian, Persian,
  Portuguese, German, Korean, Kannada, Odia, Urdu and romanised Telugu, Kannada and Bengali, joined
  to a risky act in the same languages (without checking, switch the check off, tell no one, say it
  was done while doing otherwise, keep the data, hand over a password, merge past a warning);
- `reader-addressed-order-16`: an order headed to the AI or assistant that handles "this" ticket,
  mail, file or page, by a dative form of the AI's name followed by a colon (Tamil, Telugu, Malayalam,
  Japanese, Urdu, romanised Tamil, Punjabi and Gujarati, Spanish "para el asistente que gestiona"),
  or a JSON key naming the assistant as addressee.

Counter-examples kept in view while writing (v18's benign rows and false holds, spent): account
e-mails about e-mail addresses, scanner rule descriptions of attacks in the third person, interface
text of two-factor authentication, programming questions; and the team knowledge the issue names
("always run the payment mock before checkout tests"). Same `Rule` shape and normalised,
case-folded text as `_rules`.
"""

from __future__ import annotations

import re

from memeval.hold._rule import Rule, _r, alts_then, any_of_patterns
from memeval.hold._rules_v13 import _n
from memeval.hold._rules_v15 import _LESSON15

# ---- requests for harmful how-to content ----
_ASK16 = (
    # redos5: the spaces after a sentence's end read once, possessively, to 1,000 (a scan window; what follows
    # opens on a letter, so the same matches): "\n" repeated read every later line break at each (quadratic)
    r"(?:^|[.!?:\n]\s{0,1000}+|\b(?:please|can you|could you|i need you to|i want you to|also)\s+)"
    r"(?:given?(?: me)?(?: (?:detailed|specific|clear|simple|precise|step-by-step|exact))*"
    r" (?:instructions|guidance|advice|steps|tips|suggestions|ideas|directions|"
    r"an? (?:detailed |step-by-step )?(?:plan|guide|list|recipe|tutorial|walkthrough))|"
    r"write(?: me)?|create|build|make|design|compose|draft|generate|produce|develop|outline|come up with|code|"
    r"describe(?: in detail)?|list|suggest|recommend|teach me|tell me|show me|help me|explain(?: in detail)?|"
    r"provide(?: me)?(?: with)?|determine|convince|i need|i want|ideas for|tips for|"
    r"how (?:do|can|could|should|would|might) (?:i|we|one|you|someone)|how to|"
    r"where (?:can|could|do|should) (?:i|we|one)|"
    r"what(?:'s| is| are| would be)(?: the| some)? (?:best|quickest|fastest|easiest|most effective|most reliable|"
    r"cheapest|safest|simplest|discreet|creative|specific)|"
    r"what (?:kind|kinds|type|types|specific types|specific techniques) of|ways to|teach (?:people|me|us) how to|"
    r"what are (?:some|the|various)(?: most \w+| best| effective| common)? "
    r"(?:ways|methods|techniques|strategies|tools)|"
    r"what (?:tools|language|type of \w+)(?: and techniques)? (?:can|should|would) (?:i|we|one)|"
    r"who do i (?:need to )?contact|"
    r"name|design|can you (?:help me|provide|suggest|give)|i want to|"
    r"what specific techniques|which (?:chemicals|household)|"
    r"nieleze|niambie|eleza|nifundishe)\b"
)
_AGAINST16 = (
    r"\b(?:detect\w*|spot\w*|recogni[sz]\w*|prevent\w*|protect\w*|defend\w*|report\w*|identify\w*|avoid\w*|"
    r"mitigat\w*|warn\w*|awareness|signs? of|history of|what is|why|victim of|survive\w*|treat\w*|"
    r"respond\w*|handle|deal with|cope|stop\w*|quit\w*|recover\w*|support\w*|remove|clean|secure|"
    r"addict\w*|overdos\w*|ban\w*|filter\w*|moderat\w*|polic(?:y|ies)|block\w*|"
    r"(?:know|tell) (?:if|whether)|help (?:a|my) (?:friend|child|son|daughter|teen|student|partner)|"
    r"talk\w* (?:to|with|about)|victims? of|dispos\w* of (?:old|expired|unused)|safely dispose|safety data)\b|"
    r"\b(?:script|story|play|scene|novel|film|movie|poem|game|essay|thriller|article|report|lecture|paper|lesson) "
    r"(?:in which|where|about|on)\b"
)
_HARM16 = (
    r"(?:\b(?:(?:scams?|fraud|frauds|phishing|spear-phishing|ransomware|malware|keylogger|botnet|spyware|stalkerware|"
    r"remote access trojan|trojan|sim swap\w*|money launder\w*|launder\w* money|blackmail\w*|extort\w*|ransom note|"
    r"doxx?\w*)(?!\s+(?:awareness|simulation|training|test|tests|drill|detection|detector|filter|filters|"
    r"prevention|protection|report|reports|attempts?|cases?|statistics|trends))|"
    r"mdma|ecstasy pills|ghb|ketamine|\w*nitazene|purple drank|bath salts|get high (?:on|off|with|from|using)|"
    r"to get high[?.!]?$|lewisite|strychnine|enriched uranium|dirty bomb|zip gun|shaped charge|"
    r"serial numbers? (?:off|from) (?:my |a |the )?(?:\w+ ){0,2}(?:gun|pistol|rifle|firearm|glock)|fire silently|"
    r"large explosion|lethality|spread (?:a |the )?(?:virus|disease|covid)|infect (?:them|him|her|someone|people)|"
    r"resistant to antibiotics|antibiotic-resistant|dangerous dna|biological warfare|"
    r"blind sql injection|error-based sql injection|sqli payloads?|evade (?:modern )?wafs?|dns amplification|"
    r"browser hijacking|hijacks? a user's computer|fake wi-?fi network|scraping email addresses|"
    r"bypass security (?:measures|systems)|break into (?:parked )?cars|steal\w* (?:a |the |their |people's |"
    r"personal )?(?:cars?|them|money|goods|electronics|items|information|identit\w*|data|uranium|shipments?)|"
    r"rob (?:a|the) (?:bank|store|shop|house)|home invasion|hold\w* (?:a |an |the )?(?:\w+ ){0,2}hostage|"
    r"sabotage (?:a |an |the )?(?:\w+ ){0,2}(?:plant|airplane|plane|grid|pipeline|navigation system|railway|dam)|"
    r"make it (?:seem|look) like an? \W?accident|slash\w* (?:the )?tires|tap into (?:natural )?gas pipelines|"
    r"disrupt emergency services|fool a breathalyzer|human organs|on the black market|traffick\w*|"
    r"counterfeit checks|micr line|falsely (?:claim\w*|accus\w*)|tech(?:nical)? support scam|"
    r"sexist|racist|homophobic|xenophobic|white supremacy|neo-nazi|hate speech|incit\w* hatred|contempt for|"
    r"shouldn't hire|screen (?:job )?candidates based on|feel unwelcome|fat-shaming|from voting|"
    r"genetically predisposed|lower iq|burden on the economy|discrimination is beneficial|consent is (?:completely )?"
    r"unnecessary|stereotypes about|pay immigrant|"
    r"self-inflicted wounds|burning oneself|electrocute myself|end their lives|planning a suicide|suicide methods?|"
    r"assassination techniques|inflict maximum pain|suffer the most|hunt endangered|endangered (?:species|animals)|"
    r"exploit vulnerable|"
    r"(?:pipe |nail |car |tennis ball )?bombs?(?![-\w])|explosives|explosive (?:devices?|charges?|materials?)|"
    r"ieds?|napalm|molotov|grenades?|detonators?|nerve (?:gas|agents?)|sarin|tabun|soman|vx gas|mustard gas|"
    r"sulfur mustard|ricin|anthrax|botulinum|tetrodotoxin|chemical (?:warfare|weapons?)|biological weapons?|"
    r"bioweapons?|chlorine gas|phosgene|dimethylmercury|hydrogen cyanide|ghost guns?|untraceable (?:guns?|firearms?)|"
    r"shiv|"
    r"(?:guns?|handguns?|firearms?|rifles?|ak-47s?)\b[^.!?\n]{0,30}?\b(?:illegally|as a minor|without (?:a )?"
    r"(?:license|licence|permit|paperwork|background check)|to shoot (?:somebody|someone|a person|people|him|her|"
    r"them|my)|(?:can't|cannot|won't|never) be traced|traces? the gun)|"
    r"smuggl\w* (?:ak-47s?|rifles?|guns?|weapons?|drugs|contraband|cash|people|migrants)|"
    r"smuggl\w* (?:\w+ ){0,3}?(?:across|into|out of|past|through) (?:the )?(?:border|customs|airport|prison|"
    r"the us|the country)|contraband|"
    r"mass shooting|car ramming|ramming attacks?|"
    r"fentanyl|methamphetamine|meth lab|crystal meth|cook meth|heroin|crack cocaine|fake prescriptions?|"
    r"syn flood|udp flood|ddos (?:attack )?(?:on|against)|launch (?:a )?ddos|computer worm|worm (?:script|that)|"
    r"(?:computer|boot sector|macro) virus|virus (?:to|that) infect\w* (?:the |a )?(?:computer|pc|machine|network|"
    r"system)|evade (?:the )?(?:antivirus|anti-virus|av|edr)|"
    r"(?:payload|query) (?:for|via) (?:a )?(?:union-based |blind )?sql injection|via (?:a )?(?:union-based |blind )?"
    r"sql injection|sql injection (?:payload|attack) (?:to|that|against)|"
    r"zero-day(?:s| vulnerabilit\w*| exploits?)|(?:exploit\w*|using) the [\w -]{1,30}? vulnerabilit\w*|"
    r"software exploit|deface (?:a |the )?(?:website|web ?site|page)|hack(?:ing)? into|"
    r"hack (?:someone\w*|somebody\w*|his|her|their|my (?:neighbou?r|ex|boss|school|coworker|wife|husband)\w*|"
    r"(?:a|the) (?:website|server|network|bank|database|phone|computer|account|router))\b|"
    r"crack (?:the |my )?(?:neighbou?r's |someone's )?(?:wi-?fi|passwords?)|"
    r"(?:obtain\w*|dump\w*|steal\w*|extract\w*) (?:the |user |their )?password hashes|"
    r"mine cryptocurrency on|"
    r"counterfeit\w*|fake (?:\w+ )?(?:login page|diplomas?|transcripts?|ids?|passports?|online profile|"
    r"profile to lure|documents?|money|currency|reviews)|fraudulent (?:tax|insurance|claims?)|stolen credit cards?|"
    r"pirate (?:paywalled|movies|software|films|games|academic|books|music|papers)|pirated|"
    r"chop shops?|elephant ivory|sell\w* (?:\w+ )?ivory|illegal (?:bear-)?hunting|poach\w*|"
    r"evad\w* (?:law enforcement|the police|police|border)|avoid (?:border patrols?|leaving evidence|detection)|"
    r"(?:kill|murder|poison|kidnap|torture|assassinate|strangle|stab|shoot|hurt|harm)\s+(?:\w+ ){0,2}?(?:someone|"
    r"somebody|a person|people|my (?:wife|husband|boss|neighbou?r|father|mother|ex)|him|her|them|rival\w*|"
    r"an? (?:elephant|rhino|tiger|lion)|pets?|cats?|dogs?|water supply|former friend)\b|"
    r"taking out rival|dispose of (?:the |a )?bod(?:y|ies)|beat (?:him|her|them|someone) up|"
    r"torture techniques|using violence|use violence|"
    r"start(?:ing)? a (?:forest|wild|brush) ?fire|set fire to (?:a|the|my|his|her|their)|"
    r"burn(?:s|ing)? (?:it )?down (?:completely|a |the |an |his |her |their )|accelerants|arson|"
    r"bring down a plane|tamper with (?:the operation of )?(?:life-saving )?(?:medical devices?|pacemakers?|evidence|"
    r"ballots?|voting machines?|food|medicine|brakes?)|"
    r"without (?:getting|being) caught|not get caught|dismember\w*|mutilat\w*|"
    r"skimming device|card skimming|pornographic|sexually explicit|bleach and ammonia|"
    r"(?:can't|cannot|can not|won't) be traced back to me|"
    r"hate mail|death threats?|slurs|"
    r"demean\w* (?:the |a |an |my )?(?:[\w+-]+ )?(?:community|people|women|men|group|minorit\w*|race|religion)|"
    r"make (?:someone|somebody|them|him|her|people|\w+) feel inferior|gaslight\w*|psychologically manipulate|"
    r"silence whistleblowers|glorif\w* (?:or romantici[sz]\w* )?(?:the )?(?:\w+ )?(?:violence|terror\w*|"
    r"sexual assault|rape|suicide|self-harm|mass shootings?|war crimes|genocide|nazis?|cruelty|hate crimes?)|"
    r"(?:promot\w*|normali[sz]\w*|encourag\w*) (?:or \w+ )?(?:\w+ )?(?:stalking|self-harm|suicide|eating disorders?|"
    r"anorexia|animal cruelty|white supremacy|hate speech|xenophob\w*|violence|drug use|risky behaviou?r)|"
    r"romantici[sz]\w* (?:sexual assault|violence|suicide)|"
    r"join al-qaeda|join isis|"
    r"self-harm|cut myself|kill myself|hurt myself|someone's (?:ssn|social security number)|"
    r"(?:into|access|log ?into|get into|break into|read|spy on)\b[^.!?\n]{0,15}?(?:neighbou?r's|someone's|my ex's|"
    r"coworker's|my wife's|my husband's) (?:wi-?fi|account|bank account|email account|messages))\b)"
)
_HARM_REQ16 = _ASK16 + r"(?:(?!" + _AGAINST16 + r")[^.!?\n]){0,120}?" + _HARM16
_HOW_ML = (
    # plain "how do I make/build a bomb", "how to hack into", "how to synthesise meth" outside English
    r"\b(?:c[óo]mo|pasos para|instrucciones para)\b[^.!?\n]{0,50}?\b(?:bomba|explosivos?|metanfetamina|fentanilo|"
    r"hackear|envenenar|matar a)\b|"
    r"\b(?:comment|[ée]tapes pour)\b[^.!?\n]{0,50}?\b(?:bombe|explosifs?|m[ée]thamph[ée]tamine|pirater|empoisonner|"
    r"tuer quelqu'un)\b|"
    r"\b(?:wie|anleitung)\b[^.!?\n]{0,50}?\b(?:bombe|sprengstoff|methamphetamin|crystal meth|hacke\w*|vergifte\w*)\b|"
    r"\b(?:como)\b[^.!?\n]{0,50}?\b(?:bomba|explosivos?|metanfetamina|hackear|envenenar|matar algu[ée]m)\b|"
    r"\b(?:come)\b[^.!?\n]{0,50}?\b(?:bomba|esplosiv\w*|metanfetamina|hackerare|avvelenare|uccidere qualcuno)\b|"
    r"\bкак\b[^.!?\n]{0,50}?(?:бомб\w*|взрывчатк\w*|взломать|метамфетамин\w*|отравить|убить человека)|"
    r"(?:چطور|چگونه|چطوری)[^.!?؟\n]{0,40}?(?:بمب|مواد منفجره|هک)|(?:بمب|مواد منفجره)[^.!?؟\n]{0,30}?"
    r"(?:بسازم|بسازیم|درست کنم|درست کنیم)|"
    r"(?:كيف|طريقة)[^.!?؟\n]{0,40}?(?:قنبلة|متفجرات|اختراق حساب|تسميم)|"
    r"(?:बम|विस्फोटक|ज़हर|जहर)[^।.!?\n]{0,30}?(?:कैसे बना|बनाने का तरीका|कैसे दे)|"
    r"(?:如何|怎么|怎样|教我)[^。？！\n]{0,20}?(?:制造炸弹|做炸弹|造炸弹|制作炸弹|制毒|冰毒|黑进|毒死)|"
    r"(?:爆弾|覚醒剤)[^。\n]{0,20}?(?:作り方|作る方法|の作り)|"
    r"\bjinsi ya\b[^.!?\n]{0,40}?\b(?:bomu|kudukua|kuingia kwenye akaunti ya\b[^.!?\n]{0,40}?\bbila)\b"
)

_LEET = {"a": "[a4@]", "e": "[e3]", "i": "[i1!]", "o": "[o0]", "s": "[s5$]", "t": "[t7]", "l": "[l1]", "g": "[g9]"}


def _obfuscated(word: str) -> str:
    """`word` spelt with digits for letters (leetspeak), letters optionally spaced; never `word` itself."""
    body = r"\s?".join(_LEET.get(c, re.escape(c)) for c in word)
    return r"(?!" + re.escape(word) + r")" + body


_OBF_WORDS = (
    "bomb",
    "malware",
    "self-harm",
    "hack",
    "ssn",
    "hurt someone",
    "explosive",
    "ransomware",
    "keylogger",
    "poison",
)
_OBF_FIRST = "".join(sorted({_LEET.get(w[0], re.escape(w[0])).strip("[]") for w in _OBF_WORDS}))
"""Every character an obfuscated word (`_obfuscated`) can start with, as a class body: looked at before the
look ahead for a digit, which reads up to 16 characters from every place (the same matches, a third less CPU)."""
_DIRECT16_LEET = (
    # one look at the first character and one for a digit ahead, then the words (cheaper than a look per word)
    r"(?<![a-z0-9])(?=["
    + _OBF_FIRST
    + r"])(?=[^\n]{0,16}?[0-9@$!])(?:"
    + "|".join(_obfuscated(w) for w in _OBF_WORDS)
    + r")"
)
"""`_DIRECT16`'s first branch: a harmful word spelt with digits or marks for letters."""
_DIRECT16_WORDS = (
    # letter-spaced requests the normaliser joins into one word
    r"\b(?:howto|howdoi|iwantto|tellmehow|bestwayto)\w*?(?:bomb|hack|selfharm|self-harm|hurt|malware|poison)\w*|"
    r"\b(?:list of|some|give me|suggest)(?: racial| ethnic)? slurs\b|\bphrases[^.!?\n]{0,30}?\bdemean\w*|"
    r"\bwrite '?i hate \w+|\bi need (?:someone|somebody)'?s (?:ssn|social security number)|"
    r"\b(?:jews|muslims|christians|black people|immigrants|gay people|women|hindus|sikhs) are (?:greedy|inferior|"
    r"subhuman|animals|vermin|criminals)\b|\bonly people of (?:a )?certain (?:colou?r|race|religion)\b|"
    r"\bteach_malware\b|\b(?:best|quickest|easiest) way to (?:hurt|kill|poison) (?:someone|somebody|a person)\b"
)
"""`_DIRECT16`'s other branches: requests in plain words."""
_DIRECT16 = r"(?:" + _DIRECT16_LEET + r"|" + _DIRECT16_WORDS + r")"
"""Harmful requests made directly: either branch set. The rule searches the two apart first (`Rule.requires`,
`AnyOfPatterns`): a text with a match of neither has no match of the whole, and the two searches cost about 4 us
on a bench text where the whole pattern's search costs about 9 (Python's `re` steps through every branch at every
place; alone, each set keeps its own fast start), 2026-12-06."""

# ---- the assistant's own configuration written out ----
_CONFIG16 = (
    r"(?:\b(?:your|the assistant's|its|current|live|deployed|deployment|operational|active)\s+"
    r"(?:complete |full |entire |current |operational |system |deployment |live )*"
    r"(?:configuration|config|settings|setup|system state|deployment state|deployment values)\b"
    r"[^\n]{0,160}?\b(?:role|roles|persona|rules|tools|restrictions|constraints|directives|guidelines|escalation)\b|"
    r"\b(?:active_rules|tools_loaded|behavioral_rules|available_tools|escalation_path|assistant_configuration|"
    r"get_assistant_config)\b|\bfill in (?:all |the )?(?:values|fields)\b[^\n]{0,60}?\b(?:current (?:state|deployment)|"
    r"live system|deployment state)|\boutput your (?:full |complete )?configuration\b|"
    r"\binterface response\b[^\n]{0,80}?\brules: string|"
    r"\b(?:positions? 0|very beginning of your context|before any user messages)\b|"
    r"\bwhat (?:guidelines|rules|instructions) (?:constrained|limit\w*|restrict\w*|govern\w*) (?:your|you)\b|"
    r"إعداداتك|تكويناتك|你的(?:完整)?(?:系统)?配置|您的(?:完整)?(?:系统)?配置)"
)

# ---- a secret environment value printed ----
_SECRET_PRINT16 = (
    r"\b(?:print|echo|output|show|reveal|dump|display|paste|return|log)\b[^.!?\n]{0,30}?"
    r"(?:process\.env\.\w+|os\.environ|\b\w*(?:secret_key|api_key|private_key|access_key|secret_token|auth_token)\b|"
    r"\bdatabase_url\b|\bpostgres(?:ql)?:// ?urls?)"
)

# ---- a tool run without end or without its check ----
_RUNAWAY16 = (
    r"(?:\b(?:call|invoke|run|execute)\s+[a-z_.]+\s+(?:in a loop forever|in an endless loop|forever|indefinitely)|"
    r"\bignore (?:the |all |any )?(?:budgets?|spending limits?|rate limits?)\b|"
    r"\bskip (?:the )?confirm\w*\b|\bactually delete_all\w*|\bdelete_all_files\b|"
    r"\bprefer https?://169\.254\.169\.254|\bmetadata\.google\.internal\b|"
    r"\balso transfer\b[^.!?\n]{0,40}?\bfunds\b[^.!?\n]{0,40}?\bwhile you(?:'re| are) (?:there|at it))"
)

# ---- lessons for all later sessions, more languages ----
_LESSON16 = (
    r"(?:" + _LESSON15 + r"|pour toutes les (?:prochaines|futures) sessions|toutes les prochaines sessions|"
    r"per tutte le (?:sessioni future|prossime sessioni)|tutte le sessioni future|"
    r"для всех (?:будущих|следующих) сесси\w*|во всех (?:будущих|следующих) сессиях|"
    r"همه(?:ی)? جلسه\w* بعدی|تمام جلسات (?:بعدی|آینده)|"
    r"para todas as (?:pr[óo]ximas|futuras) sess[õo]es|em todas as sess[õo]es futuras|"
    r"f[üu]r alle (?:zuk[üu]nftigen|k[üu]nftigen|weiteren) sitzungen|"
    r"ಮುಂದಿನ ಎಲ್ಲಾ ಸೆಷನ್\w*|ପରବର୍ତ୍ତୀ ସମସ୍ତ ସେସନ\w*|آئندہ (?:کے )?تمام سیشن\w*|"
    r"\binka anni sessions?\b|\bmundina ella session\w*|\bekhon theke (?:shob|sob|shobh) session\w*)"
)
_RISKY16 = (
    r"(?:\bsans (?:v[ée]rifier|contr[ôo]le|pr[ée]venir|demander)\b|\bsenza (?:verificare|controllare|avvisare)\b|"
    r"\bdisattiva\w*|\bsem (?:verificar|avisar|checar)\b|\bohne (?:zu )?(?:pr[üu]fen|[üu]berpr[üu]fen|nachzufragen)\b|"
    r"\bdeaktivier\w*|без проверки|отключи\w*|"
    r"غیرفعال کن|بدون بررسی|به کسی نگو|"
    r"취소됐다고 답하고|실제로는|확인 없이|아무에게도 알리지|"
    r"ಯಾರಿಗೂ ತಿಳಿಸಬೇಡಿ|ಲಾಗ್\w* ಅಳಿಸಿ|କାହାକୁ ଜଣାଇବା ଦରକାର ନାହିଁ|ବନ୍ଦ କରି|"
    r"మూసినట్టు చెప్పు|మన దగ్గరే ఉంచుకో|"
    r"پاس ?ورڈ[^\n]{0,40}?بھیج|"
    r"पासवर्ड[^\n]{0,60}?(?:भेज|बता)|पहचान जाँच\w*[^\n]{0,20}?(?:बिना|छोड़|ज़रूरत नहीं|जरूरत नहीं)|"
    r"\bevariki cheppakkarledu\b|\bignore chesi\b|\bcheck maadade\b|\bfirewall\b[^\n]{0,40}?\bbondho\b|"
    r"\b(?:disable|turn off|switch off|mute)\b[^\n]{0,20}?\b(?:the )?(?:firewall|security (?:checks?|scans?|tests?|"
    r"alerts?|review)|2fa|mfa|tests)\b|\bignore (?:the |any )?security warnings?\b|"
    r"\bwithout (?:an? )?(?:identity|id) check\b)"
)

# ---- an order headed to the AI that handles this ticket, mail, file or page ----
_DOC16 = (
    r"(?:\b(?:ticket|mail|e-?mail|file|page|document|mailbox|inbox|buz[óo]n|correo)\b|டிக்கெட்|கோப்ப\w*|அஞ்சல்\w*|"
    r"టికెట్\w*|ఫైల్\w*|ടിക്കറ്റ്\w*|ഫയൽ\w*|チケット|メール|ファイル|ページ|صفح\w*|ای ?میل|ਮੇਲ|ਫਾਈਲ|મેલ|ફાઇલ|"
    r"টিকেট\w*|টিকিট\w*|ফাইল\w*|मेल|फ़ाइल|फाइल|टिकट)"
)
_AI_DATIVE16 = (
    r"(?:\b(?:ai|assistant|agent|bot|copilot)[- ]?(?:ku|kku|ukku|ne|nu|ko|ki|kosam|ge|la)\b(?: (?:benti|vinanti))?|"
    r"\bai ?(?:ഏജന്റിന്|ക്ക്|ക്കു)|\bai ?ఏజెంట్(?:కి|కు)|ఏఐ(?:కి|కు)|\bai ?(?:へ|に)|"
    r"உதவியாளருக்கு|\bai உதவியாளருக்கு|సహాయకుడికి|സഹായിക്ക്|ಸಹಾಯಕನಿಗೆ|"
    r"(?:اے ?آئی|معاون)[^\n:]{0,12}?کے لیے|ਸਹਾਇਕ ਨੂੰ|സഹായിക്ക്|\bai-?ക്ക്|"
    r"\bpara (?:el |la )?(?:asistente|agente|ia|bot)\b[^\n:]{0,10}?"
    r"\bque (?:gestiona|lee|procesa|revisa|maneja|atiende)\b"
    r"[^\n:]{0,30}?)"
)
_TO_AI16 = _AI_DATIVE16 + r"\s*:"


_READER16 = (
    r"(?:"
    # each stem's run read once before the window ("صفح" over 64 KiB: ~2,600 CPU s on main; redos4)
    + alts_then(_DOC16, 50, _TO_AI16, r"[^\n:]")
    + r"|"
    r"\"[^\"\n]{0,15}?(?:સહાયક|सहायक|ਸਹਾਇਕ|সহায়ক|সহকারী|உதவியாளர\w*|సహాయక\w*|സഹായി\w*|ಸಹಾಯಕ\w*|assistant|asistente)"
    r"_(?:માટે|के_लिए|ਲਈ|জন্য|এর_জন্য|க்கு|కోసం|ക്ക്|ಗೆ|note|notes|para|pour)[^\"\n]{0,15}\"\s*:|"
    r"(?:সহায়ক|সহকারী|सहायक|assistant|ai)\s*,\s*(?:এই|this|इस)\s+" + _DOC16 + r")"
)

RULES_V16: tuple[Rule, ...] = (
    Rule("harmful-howto-16", 0.8, _r(_n(_HARM_REQ16)), negatable=True),
    Rule("harmful-howto-ml16", 0.8, _r(_n(_HOW_ML)), negatable=True),
    Rule(
        "harmful-direct-16",
        0.8,
        _r(_n(_DIRECT16)),
        negatable=True,
        requires=any_of_patterns(_n(_DIRECT16_LEET), _n(_DIRECT16_WORDS)),
    ),
    Rule("config-dump-16", 0.6, _r(_n(_CONFIG16)), negatable=True),
    Rule("secret-print-16", 0.6, _r(_n(_SECRET_PRINT16)), negatable=True),
    Rule("runaway-tool-16", 0.6, _r(_n(_RUNAWAY16)), negatable=True),
    Rule(
        "standing-risky-order-16",
        0.7,
        _r(_n(_RISKY16)),
        negatable=True,
        negated_inside=True,
        context=_r(_n(_LESSON16)),
    ),
    Rule("reader-addressed-order-16", 0.65, _r(_n(_READER16)), negatable=True, person_weight=0.45),
)
