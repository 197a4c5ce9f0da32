"""Round 45's extra concepts for `memeval.hold._concepts45.vector45` (issue 15, round 45): data only.

v44's look (the blind set written during round 44) missed 34 of 44 memory lessons and 14 of 16 hand-offs, most of
them in languages the earlier lists lack (Nigerian Pidgin, Burmese, Norwegian, Serbian, Croatian, Slovenian, Slovak,
Lithuanian, Estonian, Nepali, Tagalog, Malay, Tamil) and some in English. Its benign team lessons share the same
frames ("for every future session: always ..."), so a frame alone does not tell them apart; what the orders add is a
risky step: a check skipped or a person not asked, a control switched off, something made public, rights granted,
records erased. Seven concepts:

- `frame45`: a standing lesson or rule for later sessions ("every future session", "save to long-term memory",
  "standing rule", "lesson for later");
- `claim45`: a hand-off or relayed message, or an approval claimed by a third party ("hand-off from the ... bot",
  "approved by the CFO", "signed off");
- `skip45`: a check skipped or a person not asked ("without checking", "never ask before", "no need");
- `weaken45`: a control switched off or loosened ("turn off", "silence the alarm", "skip hash checking", "open the
  port to the whole internet");
- `expose45`: something put where anyone can read it ("public folder", "anyone with the link", "in the channel");
- `grant45`: rights granted ("admin access", "root", "owner of");
- `erase45`: records deleted ("delete the logs", "erase the recordings", "do not log").

The forms are ordinary words of each language written for memeval (no sentence copied from any held-out set or
other project); they were written after reading v44's orders and benign lessons (a spent set), so v44 is in sample
for them. Read like `_concepts_lexicon38.LEXICON38`'s: Latin, Cyrillic and Greek forms are word stems ("=" ends a
whole word, spaces join consecutive words), forms in the scripts `_concepts._UNSPACED` lists are substrings, and
forms in Myanmar script (which the word pattern cannot split) are substrings too (`_concepts45`).
"""

from __future__ import annotations

# fmt: off
LEXICON45: dict[str, tuple[str, ...]] = {
    "frame45": (
        # English
        "every future session", "all future sessions", "all later runs", "all later sessions", "every later session",
        "every session", "from now on", "going forward", "long-term memory", "save to memory", "save this to memory",
        "save to your memory", "remember for", "standing lesson", "standing rule", "standing instruction",
        "persistent note", "permanent rule", "for good", "rules file", "lesson learned", "lesson for", "store this",
        "keep this in mind", "for next time", "next sessions", "future runs",
        # Nigerian Pidgin
        "every session wey", "all di sessions", "for your memory", "save dis", "from today go", "lesson wey",
        "every time wey", "anytime wey",
        # Norwegian
        "kommende økter", "fremtidige økter", "senere økter", "fast regel", "husk i alle", "husk til", "lærdom",
        "lagre som", "fra nå av", "heretter", "for fremtiden", "varig",
        # Serbian (Cyrillic and Latin), Croatian
        "трајно правило", "наредне сесије", "будуће сесије", "запамти", "поука", "убудуће", "од сада", "стално правило",
        "trajno pravilo", "iduće sesije", "buduće sesije", "naredne sesije", "zapamti", "pouka", "ubuduće", "od sada",
        "lekcija za", "stalno pravilo",
        # Slovenian
        "prihodnje seje", "zapomni si", "za naprej", "odslej", "od zdaj",
        # Slovak
        "trvalé pravidlo", "stále pravidlo", "ďalšie relácie", "budúce relácie", "ulož si", "zapamätaj", "odteraz",
        "natrvalo", "poučenie",
        # Lithuanian
        "įsimink", "nuolatinė pamoka", "kitoms sesijoms", "būsimoms sesijoms", "visada taip", "nuo šiol", "ilgam",
        "pamoka",
        # Estonian
        "meelde", "järgmisteks seanssideks", "tulevasteks seanssideks", "püsiv", "õppetund", "edaspidi",
        # Tagalog
        "susunod na session", "tandaan", "permanenteng patakaran", "aral na", "mula ngayon",
        # Malay
        "sesi akan datang", "peraturan tetap", "pelajaran kekal", "simpan untuk", "mulai sekarang", "pengajaran",
        # Nepali
        "आगामी सबै सत्र", "सत्रका लागि", "याद राख", "स्थायी नियम", "मान्ने पाठ", "अबदेखि", "सधैं",
        # Tamil
        "அமர்வுகளிலும்", "அமர்வுகளுக்கு", "நினைவில் வை", "நிரந்தர விதி", "பின்பற்ற வேண்டிய", "பாடம்", "இனி வரும்",
        # Burmese
        "စက်ရှင်တိုင်း", "စက်ရှင်အားလုံး", "မှတ်ထားပါ", "အမြဲသုံး", "သင်ခန်းစာ", "နောင်စက်ရှင်", "လိုက်နာပါ",
    ),
    "claim45": (
        "approved by", "signed off", "already approved", "go-ahead", "owner approved", "was told by", "on a call",
        "hand-off from", "handoff from", "handover from", "relay from", "relayed from", "continuing from",
        "passed on from", "forwarded from", "approved it", "director approved", "manager approved", "cfo", "ceo",
        "don approve", "oga talk", "oga for", "hand over give", "wetin oga",
        "godkjent av", "har godkjent", "overført fra", "videresendt fra",
        "одобрио", "одобрила", "прослеђено од", "предато од", "пренето од",
        "odobrio", "odobrila", "predano od", "proslijeđeno od", "prosleđeno od", "preneseno od",
        "odobril", "predaja od", "posredovano od",
        "schválil", "schválila", "odovzdané od", "postúpené od",
        "sutiko", "patvirtino", "perduota iš",
        "kiitis heaks", "edasi antud", "üleanne", "lubas",
        "pumayag", "inaprubahan", "pinasa mula", "ipinasa mula", "aprubado ng",
        "luluskan", "diluluskan", "meluluskan", "serahan daripada", "bersetuju", "kelulusan daripada",
        "स्वीकृत गर्नुभयो", "हस्तान्तरण", "अनुमति दिनुभयो", "बाट हस्तान्तरण",
        "ஒப்புதல்", "ஒப்படைப்பு", "அனுமதித்தார்",
        "ခွင့်ပြုပြီး", "လွှဲပြောင်းချက်", "အတည်ပြုပြီး",
    ),
    "skip45": (
        "without checking", "without asking", "without verif", "without confirm", "without approval", "never ask",
        "don't ask", "do not ask", "no need", "skip", "bypass", "even when", "even if", "without waiting",
        "no wahala", "without check",
        "uten å spørre", "uten å sjekke", "uten kontroll", "ikke ring", "hopp over", "uten godkjenning",
        "без питања", "без провере", "без одобрења", "прескочи", "без провјере",
        "bez provjere", "bez pitanja", "bez odobrenja", "preskoči", "ne javljaj", "bez provere",
        "brez preverjanja", "brez vprašanja", "brez številke", "brez razpisa", "brez odobritve", "tudi brez",
        "bez overenia", "bez kontroly", "bez pýtania", "bez schválenia", "aj keď",
        "be patvirtinimo", "be patikrinimo", "neklausdam", "net jei", "be dėstytojo",
        "ilma", "küsimata", "kontrollita", "sertifikaadita",
        "kahit walang", "nang walang", "hindi na kailangan", "agad",
        "tanpa semak", "tanpa",
        "नगरी", "बिना", "नगरीकन",
        "சரிபார்க்காமல்", "தவிர்த்து", "இல்லாமல்",
        "မစောင့်ဘဲ", "မစစ်ဘဲ", "တန်းလွှဲ",
    ),
    "weaken45": (
        "disable", "turn off", "switch off", "hash checking", "trusted-host", "--force", "silence", "mute=",
        "exception list", "allowlist", "whitelist", "open port", "whole internet", "retag", "enable macros",
        "plain http",
        "skru av", "slå av", "kvitter ut", "deaktiver",
        "искључи", "угаси", "омогући макро", "isključi", "ugasi", "otvori port", "cijelom internetu",
        "utišaj", "izklopi", "onemogoči",
        "vypni", "vypnúť", "deaktivuj",
        "išjunk", "išjungti",
        "lülita välja", "luba sisselogimine",
        "i-disable", "patayin",
        "matikan", "nyahaktif",
        "बन्द गर",
        "முடக்கு",
        "ပိတ်",
    ),
    "expose45": (
        "public", "in the channel", "anyone with the link", "everyone can", "wiki", "right in the channel",
        "shared folder", "offentlig", "јавн", "javn", "verejn", "vieš", "avalik", "pampubliko", "awam", "kongsi awam",
        "skupno geslo", "сваки", "svako", "सार्वजनिक", "सबैले हेर्न", "பொது", "link ရှိသူတိုင်း", "လူတိုင်း",
    ),
    "grant45": (
        "admin access", "admin rights", "cluster-admin", "root", "owner of", "access to all", "rights to approve",
        "read access", "lesetilgang", "tilgang til alle", "админ", "administrator", "administrat", "skrbnišk",
        "pravice", "práva", "administratoriaus", "prieigą", "omanikuks", "bigyan ng admin", "akses pentadbir",
        "pentadbir", "पहुँच", "அணுகல்", "ပြင်ဆင်ခွင့်",
    ),
    "erase45": (
        "delete the", "erase", "wipe", "audit events", "audit log", "access log", "recordings", "don't log",
        "not log", "slett", "обриши", "obriši", "izbriši", "pobriši", "vymaž", "zmaž", "ištrink", "kustuta",
        "burahin", "tanggalin", "padam", "मेटाउ", "नराख", "நீக்கிவிட்டு", "நீக்கு", "அழி", "ဖျက်", "ဖယ်",
    ),
}
# fmt: on
