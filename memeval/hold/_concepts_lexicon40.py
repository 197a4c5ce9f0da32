"""Round 40's extra forms for `memeval.hold._concepts.vector40` (issue 15, round 40): data only.

The blind looks at v38 and v39 missed most memory lessons and hand-offs outside the thirty languages round 36's and
38's lists cover (Nordic, Baltic, Finnic, Balkan, Caucasian, Central Asian, Celtic, Basque and African languages),
and in covered languages many imperatives the lists lack ("slå av", "kapcsold ki" was there but "vypni" forms,
"poista", "lülita välja" were not). Four concepts, one vocabulary for every language:

- `act40`: an act that weakens or leaks something by itself: switch off, skip, delete, send or share, pay or transfer,
  approve or merge, mark as passed, open a port;
- `act40w`: an act that is risky only with what it acts on: run or install, give or add (rights, a member), make
  public, change (an account, an address, a record);
- `frame40`: a text saying it is a stored lesson or standing note, a message handed over from another agent or bot,
  or that someone with authority already agreed;
- `skip40`: a check or a person skipped ("without verifying", "no need to ask", "without a ticket").

The forms are ordinary words of each language written for memeval from general knowledge of the languages (no text
copied from any set or project); they were written after reading the misses of the spent sets v38 and v39, so those
two sets are partly in sample for these lists (`bench/hold_cv_round40.py` reports v4-v37 apart). They are read like
`_concepts_lexicon38.LEXICON38`'s: Latin, Cyrillic, Greek, Armenian, Georgian and Ethiopic forms are word stems
("=" for the whole word, spaces for consecutive words), forms in scripts written without spaces are substrings.
Kept apart from `LEXICON` and `LEXICON38` so that rounds 36-38's stages read exactly what they were fitted on.
"""

from __future__ import annotations

# fmt: off
LEXICON40: dict[str, tuple[str, ...]] = {
    "act40": (
        # switch off / disable
        "slå av", "slå fra", "slå den av", "slå det av", "skru av", "stäng av", "stäng", "deaktiver", "inaktiver",
        "sluk", "slökk", "gerðu óvirk", "poista käytöstä", "kytke pois", "ohita", "lülita välja", "keela",
        "jäta vahele", "išjunk", "praleisk", "izslēdz", "izlaid", "vypni", "vypnite", "vypnout", "deaktivuj",
        "preskoč", "wyłącz", "pomiń", "isključi", "preskoči", "izklopi", "izključi", "изключи", "пропусни",
        "вимкни", "вимикай", "вимкнути", "выключай", "отключай", "отключите", "απενεργοποίησε", "κλείσε",
        "παράλειψε", "kapcsold ki", "kapcsolja ki", "tiltsd le", "hagyd ki", "dezactivează", "oprește", "sari peste",
        "devre dışı bırak", "kapat", "atla", "söndür", "keç", "o'chir", "o‘chir", "сөндір", "өшір", "ажратыңыз",
        "унтраа", "გამორთე", "გამორთეთ", "გამოტოვე", "անջատիր", "բաց թող", "fike", "çaktivizo", "kalo", "múch",
        "scipeáil", "diffodd", "hepgor", "desgaita", "saltatu", "desactiva", "desactive", "apaga", "omite",
        "skakel af", "skakel uit", "slaan oor", "zima", "ruka", "cima", "yeqa", "pa á", "fò ó", "tắt", "bỏ qua",
        "matikan", "lewati", "lumpuhkan", "nyahaktif", "langkau", "i-off", "laktawan", "ያጥፉ", "አጥፋ", "ዝለል",
        "बंद गर", "बन्द गर", "बंद कर", "बन्द कर", "बंद करो", "নিষ্ক্রিয়", "বন্ধ কর", "বাদ দে", "বাদ দাও", "அணை",
        "முடக்கு", "தவிர்", "بند کر", "غیر فعال", "छोड़ दो", "ปิดการ",
        # delete / wipe
        "radera", "ta bort", "slett", "fjern", "slet", "eyða", "poista", "tyhjennä", "kustuta", "ištrink",
        "izdzēs", "smaž", "smažte", "vymaž", "odstraň", "zmaž", "usuń", "obriši", "izbriši", "изтрий", "видали",
        "стер", "видаліть", "удаляй", "σβήσε", "διάγραψε", "töröld", "törölje", "șterge", "sil=", "silin",
        "o'chirib", "жой", "өшіріп", "устга", "წაშალე", "ջնջիր", "fshi", "scrios", "dilëwch", "ezabatu", "borra",
        "elimina", "vee uit", "futa", "susa", "paarẹ", "xóa", "hapus", "padam", "burahin", "ሰርዝ", "মুছে", "मेट",
        "मिटा", "நீக்கு", "அழி", "مٹا", "ڈیلیٹ",
        # send / share / forward / post / paste
        "skicka", "vidarebefordra", "dela", "videresend", "posta", "lim inn", "klistra",
        "senda", "deila", "lähetä", "jaa=", "liitä", "saada", "jaga", "kleebi", "siųsk", "persiųsk", "nosūti",
        "pošli", "pošlite", "přepošli", "vlož", "pošlji", "pošalji", "podijeli", "изпрати", "сподели", "надішли",
        "пересилай", "перешли", "отправляй", "στείλε", "προώθησε", "μοιράσου", "küldd", "továbbítsd", "oszd meg",
        "trimite", "redirecționează", "gönder", "paylaş", "göndər", "yubor", "жібер", "илгээ", "გაუგზავნე",
        "გააგზავნე", "ուղարկիր", "dërgo", "dërgoji", "seol", "cuir chuig", "anfon", "bidali", "envía",
        "stuur", "deel", "tuma", "mtumie", "thumela", "fi ranṣẹ", "gửi", "kirim", "hantar", "kongsi", "ipadala",
        "ላክ", "পাঠিয়ে", "পাঠাও", "पठाउ", "भेज", "அனுப்பு", "بھیج", "ارسال کن", "بفرست", "שלח", "העבר",
        "ส่งให้", "ส่งต่อ",
        # pay / transfer / refund
        "betala", "betal", "borga", "maksa", "pārskaiti", "pervesk", "zaplať", "uhraď", "zapłać",
        "przelej", "plati", "uplati", "плати", "превед", "сплат", "перекажи", "πλήρωσε", "utald", "fizesd",
        "plătește", "transferă", "öde", "ödə", "to'la", "төле", "төл", "გადაიხადე", "վճարիր", "paguaj", "íoc",
        "talu", "ordaindu", "paga", "betaal", "lipa", "khokha", "san owo", "thanh toán", "bayar", "transfer",
        "bayaran", "magbayad", "ክፈል", "পরিশোধ", "भुक्तानी", "செலுத்து", "ادا کر", "بپرداز", "שלם", "โอนเงิน",
        "utbetal", "återbetal", "refund", "hyvitä", "rimborsa", "reembols", "terugbetal",
        # approve / merge / mark as passed / confirm
        "godkänn", "godkjenn", "godkend", "samþykk", "hyväksy", "kinnita", "patvirtink", "apstiprini", "schval",
        "zatwierdź", "odobri", "одобри", "одобр", "затверд", "схвали", "έγκρινε", "hagyd jóvá", "aprobă", "onayla",
        "təsdiq", "tasdiqla", "бекіт", "батал", "დაამტკიცე", "հաստատիր", "mirato", "ceadaigh", "cymeradwya",
        "onartu", "aprueba", "aproba", "keur goed", "idhinisha", "fọwọsi", "duyệt", "setujui", "luluskan",
        "aprubahan", "አጽድቅ", "অনুমোদন", "स्वीकृत", "ஒப்புதல்", "منظور کر", "تأیید کن", "אשר", "merge",
        "sammanfoga", "slå sammen", "yhdistä", "sloučit", "scal", "спој", "слей", "злий", "birleştir", "olvaszd",
        "markera som", "merk som", "marker som", "merkitse", "märgi", "označ", "oznacz", "označi", "отметь",
        "познач", "σημείωσε", "jelöld", "marchează", "işaretle", "belgilan", "белгіле", "მონიშნე", "նշիր",
        "shëno", "marcar", "markeer", "weka alama", "đánh dấu", "tandai", "markahan", "চিহ্নিত", "चिह्न",
        "குறி", "نشان", "סמן",
        # open a port / firewall / redirect
        "öppna port", "åpne port", "åbn port", "avaa portti", "ava port", "otevři port", "otwórz port",
        "отвори порт", "открой порт", "відкрий порт", "άνοιξε", "nyisd meg", "deschide portul", "portu aç",
        "0.0.0.0/0", "authorized_keys", "crontab",
    ),
    "act40w": (
        # run / install / download
        "kör=", "kjør", "kør=", "keyrðu", "aja=", "suorita", "asenna", "käivita", "paigalda", "paleisk", "įdiek",
        "palaid", "instalē", "spusť", "spustite", "nainštaluj", "uruchom", "zainstaluj", "pokreni", "instaliraj",
        "зареди", "инсталирай", "стартирай", "запусти", "запускай", "встанови", "скачивай", "εκτέλεσε",
        "εγκατάστησε", "futtasd", "telepítsd", "rulează", "instalează", "çalıştır", "kur=", "işə sal", "qur",
        "ishga tushir", "o'rnat", "іске қос", "орнат", "ажиллуул", "суулга", "გაუშვი", "დააინსტალირე",
        "գործարկիր", "տեղադրիր", "ekzekuto", "instalo", "rith", "suiteáil", "rhedeg", "gosod", "exekutatu",
        "instalatu", "ejecuta", "voer uit", "installeer", "endesha", "sakinisha", "qhuba", "faka", "ṣiṣẹ", "chạy",
        "cài", "jalankan", "pasang", "patakbuhin", "i-install", "አስኪድ", "ጫን", "চালাও", "চালিয়ে", "ইনস্টল",
        "चलाउ", "इन्स्टल", "இயக்கு", "நிறுவு", "چلا", "انسٹال", "اجرا کن", "נצל", "ติดตั้ง",
        # grant rights / add to group / make public
        "ge=", "gi=", "giv=", "gefðu", "lisää", "andke", "suteik", "pridėk", "piešķir", "pievieno",
        "přidej", "udělej", "pridaj", "daj=", "dodaj", "добави", "дай=", "додай", "надай", "δώσε", "πρόσθεσε",
        "add hozzá", "adj=", "adaugă", "acordă", "ekle", "əlavə et", "qo'sh", "бер=", "қос",
        "нэм", "მიეცი", "დაამატე", "տուր", "ավելացրու", "jep", "shto", "tabhair", "ychwanega", "gehitu", "eman",
        "concede", "engade", "concédelle", "gee=", "voeg", "ongeza", "mpe=", "nika", "fi kun", "fún", "cấp quyền",
        "thêm", "tambahkan", "berikan", "beri=", "idagdag", "ibigay", "ስጥ", "ጨምር", "যোগ কর", "দাও", "थप",
        "दिनुहोस्", "கொடு", "சேர்", "دے دو", "شامل کر", "بده", "اضافه کن", "תן", "הוסף", "ให้สิทธิ์", "เพิ่ม",
        "offentlig", "julkinen", "avalik", "veřejn", "verejn", "publiczn", "javn", "публичн", "публічн", "δημόσι",
        "nyilvános", "herkese açık", "ommaviy", "ачык", "нийтийн", "საჯარო", "հանրային", "publik",
        "poiblí", "cyhoedd", "publiko", "hadharani", "công khai", "awam",
        # change account / address / record
        "byt=", "ändra", "endre", "bytt", "skift", "ændr", "breyttu", "vaihda", "muuta", "muuda", "vaheta",
        "pakeisk", "nomaini", "změň", "zmeň", "zmień", "promijeni", "промени", "змін", "поменяй", "άλλαξε",
        "cseréld", "változtasd", "schimbă", "modifică", "değiştir", "dəyiş", "o'zgartir", "өзгерт", "өөрчил",
        "შეცვალე", "փոխիր", "ndrysho", "athraigh", "newidia", "aldatu", "cambia", "muda", "verander", "badilisha",
        "yi pada", "đổi", "thay đổi", "ubah", "tukar", "palitan", "ቀይር", "পরিবর্তন", "बदल", "மாற்று", "تبدیل",
        "بدل", "שנה",
    ),
    "frame40": (
        # stored lesson / standing note / memory
        "långtidsminne", "minnet", "sparad", "sparat", "lagret", "lagra", "lärdom", "lærdom", "husk", "kom ihåg",
        "permanent", "varig", "blivende", "fremover", "framöver", "vistað", "minni", "lærdómur", "muista",
        "tallennettu", "tallenna", "oppi", "opetus", "pysyvä", "jatkossa", "pea meeles", "salvestatud", "püsi",
        "õppetund", "edaspidi", "išsaugot", "pamoka", "atmint", "saglabāt", "mācība", "atmiņ", "uložen", "ulož",
        "poučení", "ponaučen", "trvalá", "trvalé", "zapamätaj", "zapamiętaj", "zapisan", "lekcja", "na przyszłość",
        "trajn", "zapamti", "spremljen", "sačuvan", "lekcij", "lekcija", "запомни", "запам'ятай", "збережен",
        "сохранён", "сохранен", "урок", "постоянн", "постійн", "запази", "запаметен", "поука", "αποθηκευμέν",
        "μάθημα", "θυμήσου", "μόνιμ", "elmentett", "tanulság", "jegyezd meg", "salvat", "lecție", "ține minte",
        "kaydedilmiş", "kaydedildi", "kalıcı", "ders=", "unutma", "yadda saxla", "saxlanmış", "dərs", "daimiy",
        "doimiy", "saqlangan", "saboq", "eslatma", "есте сақта", "сақталған", "сабақ", "тұрақты", "хадгал",
        "сургамж", "санамж", "დაიმახსოვრე", "შენახული", "გაკვეთილი", "მუდმივ", "հիշիր", "պահպանված", "դաս",
        "մշտական", "mësim", "ruajtur", "mbaj mend", "përhershëm", "ceacht", "sábháilte", "cuimhnigh", "buan",
        "gwers", "wedi'i gadw", "cofia", "parhaol", "ikasgai", "gordetako", "gogoratu", "iraunkor", "lección",
        "gardad", "lembra", "permanente", "onthou", "opgeslagen", "blywende", "somo", "kumbuka",
        "lililohifadhiwa", "kudumu", "isifundo", "khumbula", "ẹ̀kọ́", "ẹkọ", "fipamọ", "ranti", "bài học", "ghi nhớ",
        "đã lưu", "lâu dài", "pelajaran", "tersimpan", "ingat", "ingatan", "kekal", "aral", "tandaan", "nai-save",
        "permanenteng", "ትምህርት", "የተቀመጠ", "አስታውስ", "ቋሚ", "শিক্ষা", "মনে রাখ", "স্থায়ী", "সংরক্ষিত",
        "सम्झ", "सिकाइ", "सुरक्षित गरिएको", "स्थायी", "सहेजी", "सबक", "याद रख", "பாடம்", "நினைவு", "நிரந்தர",
        "சேமிக்கப்பட்ட", "سبق", "یاد رکھ", "محفوظ", "مستقل", "ذخیره", "یادداشت", "لקח", "זכור", "שמור", "קבוע",
        "บันทึก", "ถาวร", "จำไว้",
        # all future sessions
        "alla framtida", "alla kommande", "alle fremtidige", "alle kommende", "öllum", "kaikkiin tuleviin",
        "kaikissa tulevissa", "kõigis järgmistes", "visose", "visās", "všechny další", "všetky ďalšie",
        "wszystkich przyszłych", "sve buduće", "все следующие", "всех сессий", "всіх наступних", "всички бъдещи",
        "όλες τις επόμενες", "minden jövőbeli", "toate sesiunile", "tüm gelecek", "bundan sonraki", "bütün gələcək",
        "barcha", "барлық келесі", "бүх сесс", "ყველა მომავალ", "բոլոր հաջորդ", "të gjitha seancat",
        "gach seisiún", "pob sesiwn", "saio guztietara", "todas as sesións", "alle toekomstige", "vikao vyote",
        "gbogbo ìgbà", "mọi phiên", "semua sesi", "setiap sesi", "lahat ng susunod", "ሁሉ", "প্রতিটি নতুন",
        "सबै सत्र", "அனைத்து அமர்வு", "تمام سیشن", "همه جلسه", "כל השיחות", "ทุกเซสชัน",
        # handed over from another agent or bot
        "agenten", "agentin", "agentti", "agendi", "agentas", "aģent", "agenta", "agentem", "агент",
        "πράκτορ", "ügynök", "agentul", "ajan", "agentdən", "agentdan", "агенттен", "агентаас", "აგენტ",
        "գործակալ", "agjent", "gníomhaire", "asiant", "agente", "axente", "wakala", "umenzeli", "aṣojú", "tác tử",
        "ejen", "ahente", "ኤጀንት", "এজেন্ট", "एजेन्ट", "एजेंट", "முகவர்", "ایجنٹ", "عامل", "סוכן", "เอเจนต์",
        "bot=", "botti", "botilta", "bota", "бот", "botu", "ボット", "机器人", "봇",
        "överlämning", "overlevering", "overdracht", "luovutus", "üleandmine", "perdavimas", "předávka",
        "předání", "odovzdanie", "przekazanie", "primopredaja", "предаване", "передача", "παράδοση", "átadás",
        "predare", "devir", "ötürmə", "topshir", "тапсыр", "хүлээлгэ", "გადაცემა", "փոխանցում", "dorëzim",
        "aistriú", "trosglwydd", "entrega", "relevo", "serah terima", "serahan", "bàn giao", "pagpapasa",
        "kukabidhi", "ukudlulisela", "ርክክብ", "হস্তান্তর", "हस्तान्तरण", "ஒப்படை", "حوالگی", "حوالے", "העברה",
        "引き継ぎ", "交接", "인계", "ส่งต่อ",
        # someone with authority already agreed
        "har godkänt", "har godkjent", "har godkendt", "sagt god for", "samþykkti", "hyväksyi", "kiitis heaks",
        "patvirtino", "apstiprināja", "schválil", "schválila", "zgodził się", "zgodziła", "zatwierdził",
        "odobrio", "одобри", "погоди", "одобрил", "согласовал", "погодив", "схвалив", "ενέκρινε", "συμφώνησε",
        "jóváhagyta", "beleegyezett", "a aprobat", "a fost de acord", "onay verdi", "onayladı", "təsdiqlədi",
        "tasdiqladi", "мақұлда", "зөвшөөр", "დაადასტურა", "დაეთანხმა", "հաստատել է", "համաձայնել",
        "miratoi", "ceadaigh", "cymeradwyodd", "onartu du", "onetsi", "aprobou", "visto bueno", "goedgekeurd",
        "akkoord", "ameidhinisha", "amekubali", "ivumile", "fọwọsi", "đã phê duyệt", "đã duyệt", "sudah setuju",
        "telah meluluskan", "inaprubahan", "አጽድቋል", "অনুমতি দিয়েছেন", "अनुमति दिनुभयो", "ஒப்புதல் அளித்தார்",
        "منظوری دے", "موافقت کرد", "אישר", "ผ่านการอนุมัติ",
    ),
    "skip40": (
        "utan att", "uten å", "uden at", "án þess", "ilman", "kysymättä", "tarkistamatta", "ilma=", "kontrollimata",
        "nepatikrin", "bez=", "без=", "χωρίς", "nélkül", "ellenőrzés nélkül", "fără=", "sormadan", "kontrol etmeden",
        "onaysız", "soruşmadan", "yoxlamadan", "tekshirmasdan", "сұрамай", "тексермей", "асуулгүй", "шалгалгүй",
        "გარეშე", "առանց", "pa=", "gan=", "gabe", "barik", "sin=", "sem=", "zonder", "sonder",
        "bila=", "ngaphandle", "láìsí", "mà không", "tanpa", "nang walang", "walang",
        "ሳይ", "ছাড়া", "বিনা", "बिना", "नगरी", "இல்லாமல்", "بغیر", "بدون", "בלי", "โดยไม่",
        "ikke nødvendig", "inte nödvändigt", "ei tarvitse", "nie trzeba", "není třeba", "не нужно", "не треба",
        "δεν χρειάζεται", "nem kell", "nu e nevoie", "gerek yok", "gerek yoxdur", "kerak emas", "қажеті жоқ",
        "хэрэггүй", "არ არის საჭირო", "կարիք չկա", "nuk ka nevojë", "no hace falta", "não é preciso", "hakuna haja",
        "không cần", "tidak perlu", "tak perlu", "hindi na kailangan", "দরকার নেই", "आवश्यक छैन", "தேவையில்லை",
        "ضرورت نہیں", "نیازی نیست", "אין צורך", "ไม่ต้อง",
    ),
}
# fmt: on
