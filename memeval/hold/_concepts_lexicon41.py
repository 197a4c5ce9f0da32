"""Round 41's forms for `memeval.hold._concepts41.vector41` (issue 15, round 41): data only.

Round 40's report: what parts the benign texts that read a frame and an act from orders is whether the text adds a
check or a person ("finance calls the customer back", "run the full tests", "ask the team") or removes one ("skip
review", "no need to verify"). Three concepts, one vocabulary for every language:

- `check41`: a check or a person added: verify, confirm, check with, call back, review, ask the team or the user,
  wait for or ask for approval, run the tests, escalate, back up first;
- `checknoun41`: a word that names a check without adding one ("verification", "confirm", "review", "tests"): it
  counts only when taken away ("skip review", "no need to verify"); orders use these words as often as team
  knowledge does ("enter the verification code", "the director confirmed");
- `uncheck41`: a word that, before a check, takes it away: without, skip, bypass, no need, don't bother, waive.

The forms are ordinary words of each language written for memeval from general knowledge of the languages (no text
copied from any set or project). They are read like `_concepts_lexicon40.LEXICON40`'s: Latin, Cyrillic, Greek,
Armenian, Georgian and Ethiopic forms are word stems ("=" for the whole word, spaces for consecutive words), forms in
scripts written without spaces are substrings. Approval *verbs* ("approve", "godkänn") are left out on purpose: they
are acts in `LEXICON40` ("approve the payment"); only asking or waiting for approval adds a check.
"""

from __future__ import annotations

# fmt: off
LEXICON41: dict[str, tuple[str, ...]] = {
    "check41": (
        # English
        "double-check", "double check", "confirm with", "confirm by", "confirm it with", "check with",
        "check first", "call back", "call them back", "call the customer back", "calls the customer back",
        "calls back", "calls them back", "callback", "call-back", "ask the team", "ask a human",
        "ask the user", "ask a person", "ask someone", "ask your lead", "ask the owner", "ask for approval",
        "ask for confirmation", "get approval", "get sign-off", "sign-off", "wait for approval",
        "wait for review", "waits for", "needs approval", "need approval", "requires approval",
        "require approval", "peer review", "code review", "second pair of eyes", "four-eyes", "four eyes",
        "two-person", "run the full", "run the tests", "run the test suite", "run all tests",
        "run all the tests", "run the whole", "escalate", "verify with", "verify the sender",
        "verify by phone", "verify before", "verification call", "verify it with", "confirm by phone",
        "open a ticket", "file a ticket", "raise a ticket", "dry run", "dry-run", "test in staging",
        "back up first", "take a backup", "snapshot first", "reconcile",
        # German, Dutch, Nordic
        "überprüf", "rückruf", "zurückruf", "ruf zurück", "rückfrage", "freigabe einhol", "vier augen",
        "vier-augen", "alle tests", "verifieer", "terugbel", "bel terug", "verifiera", "ring tillbaka",
        "ring tilbake", "ring tilbage", "tarkista", "varmista", "vahvista", "soita takaisin",
        # Romance
        "contrôl", "rappel", "demande à", "demandez à", "relecture", "revue de code", "comprueb",
        "llama de vuelta", "devuelve la llamada", "consulta con", "pregunta al", "pregunte", "ligue de volta",
        "retorne a ligação", "richiama", "sună înapoi", "întreabă",
        # Slavic, Baltic, Greek, Hungarian, Turkish
        "провер", "перепровер", "уточн", "перезвон", "подтверд", "согласов", "спроси", "перевір", "підтверд",
        "передзвон", "zweryfik", "potwierdź", "oddzwoń", "zapytaj", "zkontroluj", "ověř", "potvrď",
        "zavolej zpět", "zeptej", "skontroluj", "provjeri", "potvrdi", "preveri", "patikrin", "pārbaud",
        "έλεγξε", "ελέγξτε", "επιβεβαίω", "επαλήθευ", "ellenőriz", "ellenőrizd", "erősítsd meg", "hívd vissza",
        "kérdezd meg", "doğrula", "teyit", "onay al", "geri ara", "danış",
        # South-east Asian, African
        "verifikasi", "periksa", "konfirmasi", "telepon balik", "hubungi kembali", "minta persetujuan",
        "tanyakan", "semak", "sahkan", "xác minh", "kiểm tra", "gọi lại", "hỏi ý kiến", "hỏi lại", "i-verify",
        "suriin", "kumpirmahin", "thibitisha", "hakiki", "kagua", "piga simu tena",
        # Indic, Arabic, Persian, Hebrew, Georgian, Armenian
        "जांच", "जाँच", "पुष्टि", "सत्यापित", "वापस कॉल", "यাচাই", "যাচাই", "নিশ্চিত কর", "சரிபார்", "تحقق",
        "راجع", "تایید", "بررسی", "تصدیق", "בדוק", "ודא", "אמת את", "შეამოწმე", "ստուգիր",
        # unspaced scripts (substrings)
        "核实", "核對", "核对", "回电", "回電", "复核", "審核", "审核", "検証", "確かめ", "折り返し",
        "レビュー", "承認を得", "承認を待", "검토",
        "검증", "승인을 받", "다시 전화", "ตรวจสอบ", "ยืนยัน", "โทรกลับ",
    ),
    "checknoun41": (
        "verif", "confirm", "approval=", "approvals=", "verific", "vérifi", "valid", "validate", "controll",
        "check=", "checks=", "checking=", "review=", "reviews=", "reviewed", "tests=", "confer", "prüf",
        "sprawdz", "sprawdź", "review the", "review it", "ask before", "cross-check", "cross check", "cek=",
        "controleer", "kontrol et", "xác nhận", "تأكد", "确认", "確認", "확인", "检查", "檢查", "bestätig",
        "bevestig",
        "bekräfta", "bekreft", "bekræft", "confirmă", "verifică", "revis", "kontrollier", "kontrollera",
        "kontroller", "kontrolli",
    ),
    "uncheck41": (
        "without", "skip", "bypass", "no need", "needn't", "need not", "don't bother", "dont bother",
        "no longer need", "not necessary", "unnecessary", "instead of", "waive", "forget", "ignore", "disable",
        "turn off", "omit", "ohne", "überspring", "nicht nötig", "sans", "pas besoin", "inutile", "ignor",
        "sin=", "sem=", "omite", "salta", "pula", "senza", "non serve", "zonder", "sla over", "utan", "uten",
        "uden", "hoppa över", "hopp over", "spring over", "ilman", "ohita", "без=", "пропусти", "не нужно",
        "не надо", "не треба", "bez=", "pomiń", "přeskoč", "preskoč", "nélkül", "hagyd ki", "fără",
        "sari peste", "χωρίς", "παράλειψε", "atla", "gerek yok", "tanpa", "lewati", "abaikan", "không cần",
        "bỏ qua", "walang", "laktawan", "bila=", "bila kuhitaji", "बिना", "छोड़", "بدون", "تجاهل", "בלי",
        "דלג",
        # unspaced scripts, before the check
        "无需", "無需", "不用", "不必", "跳过", "跳過", "省略", "略过", "スキップ", "せずに", "なしで", "不要",
        "생략", "건너뛰", "없이", "ข้าม",
        "ไม่ต้อง", "โดยไม่",
    ),
}
# fmt: on

UNCHECK_AFTER41 = ("せず", "なしで", "不要", "しなくて", "省略", "없이", "생략", "하지 말", "지 말", "하지 않")
"""Forms that take away the check they follow in an unspaced script ("確認不要", "확인 없이")."""
