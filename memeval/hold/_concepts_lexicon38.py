"""Round 38's extra concepts for `memeval.hold._concepts.vector38` (issue 15, round 38): data only.

Three concepts the hand-offs, relayed messages and memory lessons that round 37's stage let through share across
languages: a claim that someone with authority already agreed ("the director approved it verbally", "the customer
confirmed by phone"), a check skipped ("without a ticket", "no approval needed", "skip the tests") and a text saying
it is a stored lesson or standing rule ("saved to long-term memory", "lesson learned"). The forms are ordinary words
of each language written for memeval (no text copied from any held-out set or other project); they are read like
`_concepts_lexicon.LEXICON`'s: Latin, Cyrillic and Greek forms are word stems ("=" for the whole word, spaces for
consecutive words), the others substrings. Kept apart from `LEXICON` so that round 36's and 37's stages read exactly
what they were fitted on.
"""

from __future__ import annotations

# fmt: off
LEXICON38: dict[str, tuple[str, ...]] = {
    "authority-claim": (
        "approved verbally", "verbally approved", "approved it", "has approved", "already approved",
        "confirmed by phone", "confirmed over the phone", "signed off", "authorized", "authorised", "management agreed",
        "manager agreed",
        "on my authority", "i take responsibility", "i'll take responsibility", "cleared by", "per the ceo",
        "zugestimmt", "genehmigt", "freigegeben", "telefonisch bestätigt", "mündlich", "approuvé", "autorisé",
        "a confirmé", "validé par", "par téléphone", "verbalement", "aprobado", "autorizó", "autorizado",
        "confirmó por teléfono", "por teléfono", "verbalmente", "aprovou", "autorizou", "confirmou", "por telefone",
        "approvato", "autorizzato", "ha confermato", "al telefono", "goedgekeurd", "bevestigd", "telefonisch",
        "mondeling", "zatwierdzi", "zgodził", "potwierdzi", "telefonicznie", "ustnie", "одобрил", "разрешил",
        "подтвердил", "устно", "по телефону", "погодив", "дозволив", "підтвердив", "усно", "onayladı", "izin verdi",
        "telefonda", "sözlü", "đã phê duyệt", "đã đồng ý", "xác nhận qua điện thoại", "menyetujui", "mengizinkan",
        "lewat telepon", "godkänt", "godkände", "bekräftat", "muntligt", "schválil", "potvrdil", "telefonicky",
        "ústně", "ενέκρινε", "επιβεβαίωσε", "jóváhagyta", "megerősítette", "szóban", "ameidhinisha", "amethibitisha",
        "kwa simu", "a aprobat", "a confirmat", "telefonic", "godkendt", "bekræftet", "mundtligt", "hyväksyi",
        "vahvisti", "suullisesti", "puhelimessa", "已批准", "已同意", "批准了", "同意了", "电话确认", "電話確認",
        "口头", "口頭", "授权", "授權", "承認済み", "承認しました", "電話で確認", "口頭で", "許可", "승인했", "승인됨",
        "전화로 확인", "구두로", "허락", "وافق", "صادق", "أكد هاتفيا", "شفهيا", "شفهيًا", "تأیید کرد", "تلفنی",
        "شفاهی", "אישר", "בטלפון", "בעל פה", "मंज़ूरी दे", "मंजूरी दे", "फ़ोन पर", "फोन पर", "मौखिक", "อนุมัติแล้ว",
        "ยืนยันทางโทรศัพท์", "ด้วยวาจา",
    ),
    "skip-check": (
        "without a ticket", "without approval", "without review", "without verification", "without verifying",
        "no approval", "no need to ask", "no need to confirm", "no need to verify", "approval is not needed",
        "not needed", "tickets are optional", "skip the", "skip review", "bypass", "just merge", "right away",
        "immediately", "ohne ticket", "ohne freigabe", "ohne prüfung", "ohne rückfrage", "überspring", "sofort",
        "trotzdem", "sans ticket", "sans validation", "sans vérif", "sans revue", "directement", "immédiatement",
        "sin ticket", "sin aprobación", "sin verificar", "sin revisión", "directamente", "inmediatamente",
        "sem ticket", "sem aprovação", "sem verificar", "sem revisão", "diretamente", "imediatamente",
        "senza ticket", "senza approvazione", "senza verific", "direttamente", "subito", "zonder ticket",
        "zonder goedkeuring", "zonder controle", "direct=", "meteen", "sla over", "bez zgłoszenia", "bez zatwierdzenia",
        "bez weryfikacji", "od razu", "natychmiast", "pomiń", "без тикета", "без заявки", "без согласования",
        "без проверки", "сразу", "немедленно", "пропусти", "без погодження", "без перевірки", "одразу", "пропусти",
        "biletsiz", "onaysız", "doğrulamadan", "hemen", "atla", "không cần phê duyệt", "không cần xác minh",
        "ngay lập tức", "bỏ qua bước", "tanpa tiket", "tanpa persetujuan", "tanpa verifikasi", "langsung",
        "utan ärende", "utan godkännande", "utan kontroll", "direkt", "hoppa över", "bez tiketu", "bez schválení",
        "bez ověření", "okamžitě", "přeskoč", "χωρίς έγκριση", "χωρίς έλεγχο", "αμέσως", "jegy nélkül",
        "jóváhagyás nélkül", "ellenőrzés nélkül", "azonnal", "bila tiketi", "bila idhini", "bila uthibitisho",
        "mara moja", "fără tichet", "fără aprobare", "fără verificare", "imediat", "uden godkendelse", "uden kontrol",
        "spring over", "ilman lupaa", "ilman tarkistusta", "heti", "ohita", "无需审批", "無需審批", "无需确认",
        "無需確認", "不用审核", "跳过", "跳過", "直接", "立即", "马上", "馬上", "承認不要", "確認不要", "スキップ",
        "すぐに", "直ちに", "승인 없이", "확인 없이", "건너뛰", "즉시", "바로", "دون تذكرة", "دون موافقة",
        "دون تحقق", "بلا تذكرة", "فورا", "فورًا", "مباشرة", "بدون تأیید", "بدون بررسی", "فوراً", "مستقیم",
        "בלי אישור", "בלי בדיקה", "מיד", "ישירות", "बिना मंजूरी", "बिना जांच", "तुरंत", "सीधे", "ไม่ต้องอนุมัติ",
        "ข้าม", "ทันที",
    ),
    "memory-frame": (
        "saved to memory", "stored in memory", "long-term memory", "lesson learned", "lessons learned",
        "standing rule", "standing instruction", "note to self", "saved lesson", "memory note", "working agreement",
        "gespeichert", "gedächtnis", "lektion", "dauerhaft", "mémorisé", "mémoire", "leçon", "règle permanente",
        "memoria", "lección", "regla permanente", "memória", "lição", "regra permanente", "lezione",
        "regola permanente", "opgeslagen", "geheugen", "les geleerd", "werkafspraak", "pamięć", "lekcja", "na stałe",
        "память", "урок", "постоянное правило", "пам'ять", "урок", "hafıza", "ders", "kalıcı", "bộ nhớ", "bài học",
        "ingatan", "memori", "pelajaran", "minne", "lärdom", "paměť", "poučení", "trvalá", "μνήμη", "μάθημα",
        "memória", "tanulság", "elmentett", "kumbukumbu", "somo", "memorat", "lecție", "hukommelse", "lærdom",
        "muisti", "opetus", "记忆", "記憶", "经验总结", "經驗總結", "教训", "教訓", "メモリ", "記憶", "教訓", "メモ",
        "메모리", "기억", "교훈", "الذاكرة", "درس", "حافظه", "זיכרון", "לקח", "स्मृति", "सबक", "ความจำ", "บทเรียน",
    ),
}
# fmt: on
