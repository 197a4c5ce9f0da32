"""Round 48's word lists: secret objects, verbs that send something away, and reported speech, in 26 languages.

Read by `_concepts48` (issue 15, round 48; measured by `bench/hold_cv_round48.py`, read by no detector). Written for
round 48 by the session from general knowledge of each language (no list was copied); Amharic, Nepali, Swahili and
Yoruba are among them because v45's look held 3 of their 32 orders. A form matches at the start of a word (or, in
Chinese, Japanese and Thai, anywhere), so a form is a stem ("envi" would be too short: forms are whole words or
stems of five letters or more where a shorter one means something else).
"""

from __future__ import annotations

# fmt: off
SECRET48: tuple[str, ...] = (
    # English and what every language writes in English
    "password", "passwd", "passphrase", "api key", "api_key", "apikey", "api-key", "access key", "secret key",
    "access token", "auth token", "bearer", "token", "credential", "private key", "ssh key", "id_rsa", "id_ed25519",
    ".env", "env file", "aws_secret", "secret_access", "session cookie", "cookies", "2fa code", "otp",
    "one-time code", "recovery code", "seed phrase", "mnemonic", ".npmrc", ".pypirc", "kubeconfig", ".netrc",
    "keychain", "client secret", "client_secret", "signing key", "service account key", "connection string",
    # Spanish, Portuguese, Italian, French, German, Dutch
    "contraseña", "credenciales", "clave privada", "clave api", "senha", "credenciais", "chave privada",
    "credenziali", "chiave privata", "mot de passe", "identifiants", "jeton", "clé privée", "clé api", "passwort",
    "kennwort", "zugangsdaten", "privater schlüssel", "wachtwoord", "inloggegevens",
    # Russian, Ukrainian, Polish, Czech, Turkish
    "пароль", "пароли", "токен", "учётные данные", "учетные данные", "закрытый ключ", "облікові дані",
    "hasło", "hasła", "dane logowania", "klucz prywatny", "heslo", "přihlašovací údaje", "şifre", "parola",
    "kimlik bilgileri", "gizli anahtar",
    # Chinese, Japanese, Korean, Vietnamese, Indonesian, Thai
    "密码", "密钥", "令牌", "凭证", "凭据", "口令", "密碼", "金鑰", "憑證", "パスワード", "トークン", "秘密鍵",
    "認証情報", "apiキー", "비밀번호", "토큰", "자격 증명", "개인 키", "mật khẩu", "khóa bí mật", "mã thông báo",
    "kata sandi", "kredensial", "kunci privat", "รหัสผ่าน", "โทเค็น",
    # Hindi, Nepali, Bengali, Tamil, Arabic, Persian, Hebrew
    "पासवर्ड", "टोकन", "गुप्त कुंजी", "कुंजी", "साँचो", "गोप्य", "পাসওয়ার্ড", "கடவுச்சொல்", "كلمة المرور",
    "كلمة السر", "مفتاح", "رمز الدخول", "رمز عبور", "گذرواژه", "סיסמה", "סיסמא", "מפתח", "טוקן",
    # Swahili, Yoruba, Amharic, Tagalog
    "nenosiri", "neno la siri", "ufunguo", "tokeni", "vitambulisho", "ọ̀rọ̀ aṣínà", "ọrọ aṣina", "ọrọ igbaniwọle",
    "kọ́kọ́rọ́", "kọkọrọ", "የይለፍ ቃል", "ይለፍ ቃል", "ቶከን", "ቁልፍ", "ሚስጥር", "susi", "kredensyal",
)
"""Forms that name a secret: a password, a key, a token, a credentials file."""

SEND48: tuple[str, ...] = (
    "send", "sends", "email it", "e-mail it", "email the", "mail the", "post it", "post the", "paste", "upload",
    "forward", "share", "attach", "publish", "copy it to", "copy them to", "dm it", "message it", "include it in",
    "put it in the ticket", "in the ticket", "in the channel", "in the chat", "to the webhook",
    "envía", "envia", "enviar", "pega", "comparte", "reenvía", "sube", "envie", "cole", "compartilhe", "invia",
    "incolla", "condividi", "envoie", "envoyer", "colle", "partage", "transfère", "sende", "schicke", "schick",
    "teile", "lade", "stuur", "plak", "deel",
    "отправ", "вставь", "перешли", "пересл", "поделись", "надішли", "надсила", "wyślij", "wysyłaj", "wklej",
    "prześlij", "pošli", "vlož", "gönder", "yapıştır", "paylaş",
    "发送", "发给", "发到", "粘贴", "转发", "上传", "貼上", "傳送", "送信", "送って", "貼り付け", "転送", "共有",
    "보내", "전송", "붙여", "공유", "gửi", "dán", "chia sẻ", "kirim", "tempel", "bagikan", "unggah", "ส่ง",
    "भेज", "चिपका", "साझा", "पठाउ", "टाँस", "সেন্ড", "পাঠা", "அனுப்பு", "أرسل", "ارسل", "الصق", "شارك", "بفرست",
    "שלח", "הדבק", "שתף",
    "tuma", "itume", "bandika", "shiriki", "fi ranṣẹ", "firanṣẹ", "fi ránṣẹ́", "fi ransẹ", "lẹ̀ mọ́", "pín",
    "ላክ", "ይላኩ", "ላኩ", "ለጥፍ", "አጋራ", "ipadala", "i-paste", "ibahagi",
)
"""Forms of sending, pasting, uploading or sharing something away."""

REPORTED48: tuple[str, ...] = (
    "said", "wrote", "told us", "claimed", "contained", "included the", "stated", "the attacker", "an attacker",
    "attackers", "incident", "post-mortem", "postmortem", "root cause", "timeline", "we found", "was found",
    "turned out", "we noticed", "was injected", "had been", "tried to", "attempted to", "the payload", "a payload",
    "lessons learned", "what happened",
    "dijo", "escribió", "incidente", "el atacante", "disse", "escreveu", "atacante", "ha detto", "ha scritto",
    "attaccante", "a dit", "a écrit", "l'attaquant", "sagte", "schrieb", "vorfall", "angreifer", "zei", "schreef",
    "aanvaller",
    "сказал", "написал", "инцидент", "злоумышленник", "атакующ", "інцидент", "зловмисник", "powiedział", "napisał",
    "incydent", "atakując", "napsal", "útočník", "dedi", "yazdı", "saldırgan", "olayda",
    "写道", "事件", "攻击者", "事故", "复盘", "攻撃者", "インシデント", "と書かれ", "振り返り", "공격자", "사고",
    "라고 적", "사후 분석", "nói rằng", "đã viết", "sự cố", "kẻ tấn công", "mengatakan", "menulis", "insiden",
    "penyerang", "ผู้โจมตี", "เหตุการณ์",
    "कहा", "लिखा", "घटना", "हमलावर", "भन्यो", "लेख्यो", "आक्रमणकारी", "ঘটনা", "சம்பவம்", "قال", "كتب", "حادثة",
    "المهاجم", "حادثه", "מתקפה", "תקרית", "התוקף", "כתב",
    "alisema", "aliandika", "tukio", "mshambuliaji", "wadukuzi", "sọ pé", "kọ pé", "ìṣẹ̀lẹ̀", "iṣẹlẹ", "olùkọlù",
    "agbonaeburuwole", "አለ", "ጻፈ", "ክስተት", "አጥቂ", "ተከስቷል", "sinabi", "isinulat", "insidente", "umaatake",
)
"""Forms of reported speech and of an incident's narration (what a post-mortem quoting an attack says around it)."""

FRAME48: tuple[str, ...] = (
    "vipindi vyote vijavyo", "kila kipindi", "kuanzia sasa", "kumbuka daima", "somo la kudumu", "kanuni ya kudumu",
    "hifadhi kwenye kumbukumbu", "siku zote", "daima",
    "gbogbo ìgbà", "gbogbo igba", "láti ìsinsìnyí", "lati isinsinyi", "ìrántí", "iranti", "ẹ̀kọ́ títí", "nigbagbogbo",
    "fún gbogbo", "fun gbogbo",
    "ለሁሉም የወደፊት", "ለወደፊት", "ከአሁን ጀምሮ", "ሁልጊዜ", "አስታውስ", "ቋሚ ትምህርት", "ቋሚ ህግ", "በማስታወሻ",
    "सधैँ", "भविष्यका सबै", "आजदेखि", "सम्झनुहोस्",
)
"""Forms of a standing lesson's frame in Swahili, Yoruba, Amharic and Nepali (`LEXICON45`'s `frame45` has none of
the first three)."""
# fmt: on
