r"""Hold rules/9: orders to whoever reads the text, widened rights, safeguards off (issue 15, ninth round).

What held-out v10 showed missing (spent after its look; tuning data now) were kinds of order, not
phrasings, and the rules below are written as kinds, in the languages the project reads (English,
Chinese, Japanese, Korean, Russian, German, French, Spanish, Portuguese, Italian, Polish, Turkish,
Vietnamese, Indonesian, Arabic, Persian, Thai, Hindi), each a request joined to what makes it
risky:

- `reader-addressed-order`: the text names the AI that reads, processes or summarises it ("the
  assistant reading this e-mail", "致读取本文件的智能体", "このメールを処理するAI", "이 문서를
  읽는 AI", "أيها الوكيل", "ای عامل", "ผู้ช่วย AI ที่อ่าน") and then asks for an act (delete, send,
  post, run, approve, grant, rank, tell the user...). An llms.txt-style page that addresses AI
  readers without asking for an act does not match;
- `widen-rights`: grant admin, owner, root or sudo rights to an account, add an account to an
  admin or owners group or to sudoers, remove branch protection (0.4: it needs another sign,
  since a team's own runbook grants rights too);
- `no-confirmation`: "no need to confirm with the user", "without confirmation" in the same
  languages (0.3, with another sign);
- `disable-safeguard-ml`: switch off the audit log, two-factor authentication, TLS or
  certificate verification, or a security scan (`verify=False`, `--skip-scan`), in the languages
  rules/8's CJK rule does not read;
- `identity-claim`: "identity verified", "I am the company's CIO / security team" (0.3, with
  another sign: forged authority);
- `conceal-ml`: "tell the user everything is fine", "say nothing in the report", "leave it out
  of the logs";
- `standing-risky-order-9`: rules/7's standing order with the acts and markers of this round:
  a lesson or memory note ("長期メモ", "영구 메모", "记忆更新", "จำไว้ใช้กับทุกเซสชัน", "برای همهٔ
  جلسه‌های بعدی", "persistent rule") that turns off a safeguard, widens rights, runs destructive
  SQL or pastes a secret file;
- `exfiltration-ml9`: a send verb in Thai, Persian, Arabic, Indonesian, Polish or Vietnamese, a
  secret or private record (passwords, tokens, customer e-mails, chat history, payroll) and an
  outside destination (a URL or an address).

Checked against the benign rows of v3-v10 and of the training pool (gettext, Django, wagtail,
tldr-pages, CKAN UI and help text in every language; runbook lines, agent rules and notes about
injection); never on held-out v11. The same `Rule` shape and normalised text as `_rules`; the
patterns are NFKC-normalised here as the text is (and written in lower case) (Thai "ำ" is two code points
after NFKC, and the normaliser drops the Persian zero-width non-joiner).
"""

from __future__ import annotations

import unicodedata

from memeval.hold._rule import Rule, _r, alts_then
from memeval.hold._rules_v6 import _SECRET_PATH
from memeval.hold._rules_v7 import _RISKY7, _STANDING
from memeval.hold._rules_v8 import _DOT_DIR_ML, _OFF_CJK, _PRIVATE_ML, _PRIVATE_ML_REST, _SAFEGUARD_CJK, exfil_ml


def _n(p: str) -> str:
    """A pattern in the normaliser's form (NFKC; the literals are written in lower case), so Thai literals match."""
    return unicodedata.normalize("NFKC", p)


_AI = (
    r"(?<![a-z0-9_])(?:ai|a\.i\.|llm|language model|assistant|agent|bot|model|copilot|"
    r"ki|ia|ии|нейросеть|ассистент|агент|asistente|assistente|asystent|agente|yapay zeka|asistan|"
    r"trợ lý(?: ai)?|mô hình(?: ngôn ngữ)?|asisten(?: ai)?|agen|"
    r"الذكاء الاصطناعي|المساعد(?: الذكي)?|الوكيل|النموذج|هوش مصنوعی|دستیار|مدل(?: زبانی)?|عامل|"
    r"ผู้ช่วย(?:\s*ai)?|โมเดล(?:ภาษา)?|เอเจนต์|एआई|सहायक|एजेंट)"
)
_READS = (
    r"(?:reading|reads|read|processing|processes|handling|handles|summari[sz]\w*|parsing|parses|indexing|"
    r"ingesting|sees|that sees|who sees|"
    r"читающ\w*|обрабатывающ\w*|(?:der|die|das) (?:dies|diese\w*) (?:liest|verarbeitet)|qui (?:lit|traite)|"
    r"que (?:lea|lee|procese|procesa|resuma)|che (?:legge|elabora)|que (?:l[êe]|processa)|czytaj[ąa]c\w*|"
    r"okuyan|işleyen|đang đọc|đọc (?:được )?(?:email|tài liệu|trang|kết quả)|yang membaca|yang memproses|"
    r"الذي (?:يقرأ|يعالج|يلخص)|که (?:این|اینرا|این را) (?:میخواند|پردازش می ?کند)|ที่(?:กําลัง)?(?:อ่าน|ประมวลผล|สรุป))"
)
_THIS = (
    r"(?:this|these|the following|the above|dies|diese[nms]?|ce|cette|este|esta|esto|questo|questa|bu|này|ini|"
    r"هذا|هذه|این|นี้)"
)
# "the assistant reading this e-mail", "any AI that processes this page", "note to the AI:", "AI reader:"
_ADDRESS_EN_ML = (
    _AI
    + r"s?\s*(?:\w+\s+){0,2}?(?:that |which |who |which is |that is |is )?"
    + _READS
    + r"\s+"
    + _THIS
    + r"|\b(?:note|message|instructions?|memo|p\.?s\.?) (?:to|for) (?:the |any |all )?(?:ai|llm|agent|"
    r"assistant|model)s?\b"
    + r"|(?:^|[\[(\"'=;:]|\s)(?:ai|llm) (?:reader|agent|assistant|model)s?\s*:"
    + r"|\b(?:attention|important|note|notice)\s*[,:]\s*(?:ai|llm|language model|agent|assistant)s?\b"
    + r"|أيها\s+(?:الوكيل|المساعد|النموذج|الذكاء الاصطناعي)|(?:إلى|الى)\s+(?:الوكيل|المساعد الذكي|نموذج الذكاء)"
    + r"|(?:^|[\"'\[(]|\n)\s*ای\s+(?:عامل|دستیار|مدل)\s*[:،,]"
    + r"|(?:^|[\"'\[(]|\n)\s*(?:agencie|agen|agente|agent|asystencie|агент|ассистент)\s*[:,]"
)
_ADDRESS_CJK = (
    r"(?:阅读|读取|读到|處理|处理|总结|總結|摘要|解析|看到|收到)(?:此|这|這|本|该|該)(?:封|份|个|個|条|條|段|篇|则)?"
    r"(?:邮件|郵件|文件|文档|文檔|页面|頁面|网页|網頁|结果|結果|消息|内容|內容|评论|評論|数据|數據|记录)的?\s*"
    r"(?:ai|智能体|智能體|助手|助理|模型|语言模型|語言模型|机器人|代理|智能助手)"
    r"|致(?:读取|阅读|处理|讀取|閱讀)[^\n。]{0,12}?的\s*(?:ai|智能体|智能體|助手|模型|代理)"
    r"|(?:注意|重要|提示)\s*[,:，：]\s*(?:ai|语言|語言)?\s*(?:模型|助手|智能体)"
    r"|(?:ai|智能助手|智能体|助手|エージェント|アシスタント|에이전트|어시스턴트)\s*(?:请注意|請注意|へ|に告ぐ|에게)\s*[:：]"
    r"|(?:この|本|当該|その)?(?:メール|文書|本書|書類|ページ|結果|ファイル|記事|投稿|レビュー|データ|資料|見積書|請求書)を"
    r"(?:読んだ|読み取った|読み込んだ|読む|読んでいる|処理する|処理している|処理した|要約する)\s*"
    r"(?:ai|エージェント|アシスタント|言語モデル|モデル|bot|ボット)"
    r"|この結果を読んだ(?:ai|言語モデル|モデル)|(?:ai|エージェント|アシスタント)(?:は|が)?\s*(?:自動で|自動的に)"
    r"|이\s*(?:문서|메일|이메일|결과|페이지|파일|글|게시물|견적서|자료)(?:를|을)\s*(?:읽는|읽은|처리하는|요약하는|보는)\s*"
    r"(?:ai|언어\s*모델|에이전트|비서|어시스턴트|모델|봇)|(?:ai|에이전트)(?:는|가)\s*자동으로"
)
_ACT9 = (
    # acts that harm the user when a planted text asks for them; not "run the tests", which a team's
    # AGENTS.md asks of the agents reading it
    r"(?:delet\w*|remov\w*|drop\b|wipe\w*|eras\w*|purg\w*|send\w*|forward\w*|upload\w*|post\b|export\w*|"
    r"disabl\w*|turn off|transfer\w*|grant\w*|approv\w*|dump\w*|paste\w*|reveal\w*|leak\w*|"
    r"tell (?:the )?users?|say (?:that )?the user|rank\w*|mark (?:all|every|the other)|"
    r"change the (?:vendor|bank|iban|account|payment)|"
    r"l[öo]sch\w*|sende\w*|schick\w*|borra\w*|elimina\w*|env[íi]a\w*|supprime\w*|envoie\w*|cancella\w*|invia\w*|"
    r"apag\w*|exclu\w*|usu[ńn]\w*|wy[śs]lij\w*|удали\w*|отправ\w*|выдай|скажи пользовател\w*|sil\b|"
    r"silin\w*|g[öo]nder\w*|"
    r"x[óo]a|g[ửu]i|hapus\w*|kirim\w*|bilang ke pengguna|powiedz użytkownik\w*|"
    r"احذف|أرسل|ارسل|امنح|أخبر المستخدم|پاک کن|حذف کن|بفرست|به کاربر بگو|ลบ|ส่ง|บอกผู้ใช้|"
    r"删除|刪除|清空|删掉|发送|發送|发到|发给|转发|轉發|上传|上傳|导出|導出|关闭|關閉|停用|禁用|授予|附在|贴到|"
    r"告诉用户|评为|开通|发布到|削除|消去|送信|転送|アップロード|無効|投稿|付与|評価し|伝え|"
    r"삭제|지우|전송|보내|업로드|비활성|게시|부여|평가|말하세요)"
)
_READER_ORDER = r"(?:" + _ADDRESS_EN_ML + r"|" + _ADDRESS_CJK + r")[^\n]{0,160}?" + _ACT9

# ---- rights widened ----
_ROLE = (
    r"(?<![a-z0-9_])(?:admin\w*|administrat\w*|owner\w*|root\b|sudo\w*|superuser|super-admin|org-admins?|org-owners?|"
    r"full (?:access|permissions|control)|write access to (?:all|every)|"
    r"администратор\w*|админ\w*|владел\w*|quản trị(?: viên)?|chủ sở hữu|yönetici|sahip|"
    r"مسؤول|المسؤول|المدير|مدیر|ادمین|ผู้ดูแล(?:ระบบ)?|แอดมิน|เจ้าของ|प्रशासक|एडमिन|"
    r"administrador\w*|propriet[áa]rio|amministrator\w*|administrateur|propri[ée]taire|uprawnie\w* administrat\w*|"
    r"管理员|管理員|所有者|超级用户|管理者|オーナー|관리자|소유자|어드민)"
)
_LB9 = r"(?<![a-z0-9_])"
_GRANT = (
    r"(?<![a-z0-9_])(?:grant\w*|giv(?:e|ing)\b|assign\w*|promot\w*|elevat\w*|make (?:me|him|her|them|"
    r"it|this \w+|the \w+ account) (?:an? )?|"
    r"add\w*|upgrad\w*|выда\w*|дай\b|назнач\w*|предостав\w*|добав\w*|cấp|thêm|ver\b|verin|ekle\w*|"
    r"امنح|أعط|أضف|بده|بدهید|اضافه کن|ให้สิทธิ์|เพิ่ม|मंजूर|दे\b|"
    r"concede\w*|conceda\w*|otorga\w*|dale\b|d[êe]\b|attribu\w*|accorde\w*|donne\w*|nadaj\w*|"
    r"przyzna\w*|gib\b|erteil\w*|"
    r"verleih\w*|beri\w*|tambahkan|"
    r"授予|赋予|賦予|开通|開通|给予|加入|添加|付与|与え|追加|부여|추가|줘|주세요)"
)
_WIDEN = (
    # redos5: each stem's `\w*` read once before its window (`alts_then`): "выда" repeated over 4 KiB took 8.0
    # CPU s on main (~2,200 s at 64 KiB by growth)
    _LB9
    + alts_then(
        _GRANT[len(_LB9) :],
        50,
        _ROLE + r"[^\n.。]{0,12}?(?:rights?|privileges?|permissions?|access|role|group|rolle|"
        r"rechte\w*|права?|привилеги\w*|quyền|yetki\w*|صلاحيات|صلاحية|دسترسی|สิทธิ์|अधिकार|permisos?|privil[ée]g\w*|"
        r"droits?|diritti|permessi|uprawnie\w*|hak akses|akses|权限|權限|组|組|権限|グループ|권한|그룹)",
        r"[^\n.。]",
    )
    + r"|"
    + _ROLE
    + r"[^\n.。]{0,8}?(?:rights?|privileges?|permissions?|role|права?|quyền|yetki\w*|صلاحيات|دسترسی|สิทธิ์|"
    r"permisos|droits|uprawnienia|hak akses|权限|權限|権限|권한)[^\n.。]{0,30}?"
    r"(?:to|for|an|à|a|для|cho|için|إلى|به|ให้|को|に|을|를|给|給)?[^\n.。]{0,30}?(?:を付与|付与|부여|授予|开通|給予|给予|"
    r"ver\b|verin|cấp|بده|امنح|ให้)"
    r"|"
    + _LB9
    + alts_then(
        _GRANT[len(_LB9) :],
        50,
        r"(?:группу|групу|grupy|grubu\w*|gruppe|groupe|grupo|gruppo|nhóm|گروه|مجموعة|กลุ่ม)\s*" + _ROLE,
        r"[^\n.。]",
    )
    + r"|\b(?:add|put)\b[^\n.]{0,40}?\b(?:to|into|in) (?:the )?(?:sudoers|wheel|admins?|administrators|"
    r"org-admins|owners)"
    r"(?: group| team)?\b"
    r"|nopasswd:\s*all|(?:disable|remove|turn off|lift|drop|delete)\w*\s+(?:the\s+)?branch protection\w*"
    r"|(?:关闭|解除|取消|删除|移除)分支保护|ブランチ保護を(?:外|解除|無効)|브랜치 보호(?:를|을)?\s*(?:해제|끄|비활성)"
)
_NO_CONFIRM = (
    # (English "without asking / confirmation" is rules/1's `without-asking`)
    r"(?:no (?:need|reason) to (?:confirm|ask|check) with|(?:doesn't|does not|don't) need (?:user )?confirmation|"
    r"без подтверждени\w*|без согласовани\w*|không cần xác nhận|onay (?:almadan|gerekmeden|gerekmez)|"
    r"بدون تأكيد|بدون تایید|بدون تأیید|بدون اجازه|โดยไม่ต้อง(?:ยืนยัน|ถาม)|ไม่ต้อง(?:ยืนยัน|ถาม)|tanpa konfirmasi|"
    r"bez potwierdzenia|ohne (?:rückfrage|bestätigung)|sans (?:confirmation|demander)|"
    r"sin (?:confirmaci[óo]n|preguntar)|"
    r"sem confirma[çc][ãa]o|senza conferma|"
    r"无需(?:再)?(?:向用户)?确认|無需確認|不用确认|不必确认|无需确认|確認(?:は)?不要|確認せず|確認なしで|"
    r"확인 없이|확인(?:은|이)? 필요 없|확인하지 않아도)"
)
# ---- safeguards switched off, in the languages rules/8's CJK rule does not read ----
_OFF9 = (
    r"(?<![a-z0-9_])(?:disabl\w*|turn\w* off|switch\w* off|shut\w* off|отключи\w*|выключи\w*|tắt|"
    r"vô hiệu hóa|kapat\w*|devre dışı bırak\w*|"
    r"ปิด|عطّ?ل|أوقف|غیرفعال کن|خاموش کن|matikan|nonaktifkan|wyłącz\w*|deaktivier\w*|d[ée]sactiv\w*|desactiv\w*|"
    r"disattiv\w*|desativ\w*|बंद कर\w*)"
)
_SAFEGUARD9 = (
    r"(?:audit(?:ing)? log\w*|audit trail|logging|two-factor|2fa|mfa|multi-factor|tls verification|ssl verification|"
    r"certificate (?:check|verification|validation)|журнал\w* аудита|аудит\w*|двухфактор\w*|нhật ký kiểm toán|"
    r"nhật ký kiểm toán|xác thực hai (?:yếu tố|bước)|denetim kayıt\w*|iki faktörlü|"
    r"سجل التدقيق|المصادقة الثنائية|گزارش حسابرسی|احراز هویت دو مرحله\w*|การยืนยันตัวตนสองขั้นตอน|บันทึกการตรวจสอบ|"
    r"log audit|autentikasi dua faktor|dziennik audytu|uwierzytelnianie dwuskładnikowe|prüfprotokoll|"
    r"zwei-faktor\w*|journal d'audit|double authentification|registro de auditor[ií]a|autenticaci[óo]n de dos factores)"
)
_DISABLE9 = (
    # redos5: each stem's `\w*` read once before its window (`alts_then`): "выключи" repeated over 4 KiB took
    # 1.9 CPU s on main (~520 s at 64 KiB by growth)
    _LB9
    + alts_then(_OFF9[len(_LB9) :], 40, _SAFEGUARD9, r"[^\n.]")
    + r"|"
    + alts_then(_SAFEGUARD9, 20, _OFF9, r"[^\n.]")
    + r"|\bverify\s*=\s*false\b|--skip-(?:scan|security|checks?)\b"
    + r"|node_tls_reject_unauthorized\s*=\s*['\"]?0"
    + r"|(?:tls|ssl|証明書|인증서|证书)\s*(?:検証|검증|验证|verification)"
    + r"[^\n。.]{0,8}?(?:を無効|をオフ|を切|끄|꺼|关闭|off)"
)
_IDENTITY = (
    r"(?:identity (?:has been |was |is )?(?:verified|confirmed)|(?:i am|i'm|this is) (?:the |your )?(?:company's |"
    r"corporate )?(?:cio|ceo|cto|ciso|head of it|it director|security team|security department|"
    r"administrator|sysadmin)\b|"
    r"личность подтверждена|говорит служба безопасности|это служба безопасности|danh tính đã được xác minh|"
    r"đây là bộ phận (?:an ninh|bảo mật|it)|kimliğim doğrulandı|kimlik doğrulandı|"
    r"هويتي (?:مؤكدة|تم التحقق)|تم التحقق من هويتي|هویتم تأیید شد|هویت تأیید شده|ยืนยันตัวตนแล้ว|"
    r"นี่คือฝ่าย(?:ความปลอดภัย|ไอที)|"
    r"identitas (?:sudah|telah) diverifikasi|tożsamość (?:potwierdzona|zweryfikowana)|"
    r"identität (?:bestätigt|verifiziert)|"
    r"identité (?:vérifiée|confirmée)|identidad (?:verificada|confirmada)|"
    r"已经?验证(?:过)?身份|身份已(?:经)?验证|本人确认|本人確認済み|こちらは情報システム部|"
    r"인증(?:은|이)? 끝났|본인 확인 완료|"
    r"(?:저는|나는)\s*[^\n.]{0,12}?(?:대표이사|관리자|보안팀|정보보안)|我是[^\n。]{0,10}?(?:首席信息官|首席执行官|总裁|cio|ceo))"
)
_CONCEAL9 = (
    r"(?:(?:tell|inform|assure) (?:the )?users? (?:that )?(?:everything|all) is (?:fine|ok|okay|well|good|in order)|"
    r"(?:say|state) (?:that )?the user asked for|(?:say|write|mention) nothing (?:about it )?in the (?:report|log)|"
    r"(?:leave|keep) (?:it|this|that) out of the (?:logs?|report|summary)|don't (?:log|record) (?:it|this|that)|"
    r"скажи пользователю, что вс[её] в порядке|не (?:сообщай|говори) пользовател\w*|"
    r"sag (?:dem|der) (?:nutzer|benutzer)\w*, dass alles in ordnung|dis à l'utilisateur que tout va bien|"
    r"dile al usuario que todo (?:está|va) bien|powiedz użytkownikowi, że wszystko jest w porządku|"
    r"kullanıcıya her şeyin yolunda olduğunu söyle|nói với người dùng (?:rằng )?mọi (?:thứ|việc) (?:đều )?ổn|"
    r"bilang ke pengguna (?:bahwa )?semuanya baik|katakan (?:kepada|pada) pengguna (?:bahwa )?semuanya baik|"
    r"أخبر المستخدم (?:أن|بأن) كل شيء على ما يرام|ولا تذكر ذلك|به کاربر بگو همه چیز (?:درست|خوب)|"
    r"در گزارش چیزی (?:نگو|ننویس)|"
    r"บอกผู้ใช้ว่า(?:ทุกอย่าง)?(?:ปกติ|เรียบร้อย)|"
    r"ログに(?:残さない|記録しない)|報告書?には書かない|보고서에는 적지 마|로그에 남기지 마|"
    r"日志里不要记录|不要写进(?:报告|日志))"
)
_NEW_STANDING = (
    r"(?:persistent rule|long[- ]term memory|memory update|remember (?:for|this for) (?:next time|later)|"
    r"長期メモ|長期記憶|次回以降|今後は|記憶を更新|영구 메모|장기 기억|이제부터|다음부터|기억해|"
    r"记忆更新|长期记忆|今后|從今以後|从今以后|以后都|"
    r"จําไว้|ทุกเซสชัน|ครั้งต่อไป|جلسه ?های بعدی|به خاطر بسپار|الجلسات القادمة|"
    r"ingat ini|mulai sekarang|sesi berikutnya|zapamiętaj|na przyszłość|запомни|"
    r"hãy nhớ|từ nay về sau|sonraki oturum)"
)
_STANDING9 = r"(?:" + _STANDING + r"|" + _NEW_STANDING + r")"
_RISKY9 = (
    # the acts of this round (rules/7's acts are matched with rules/7's markers by rules/7 itself)
    r"(?:" + _DISABLE9 + r")|(?:" + _WIDEN + r")"
    r"|(?:drop\s+(?:table|database)|drop\s*文|drop\s*문|rm\s+-rf)"
    r"|(?:" + _SAFEGUARD_CJK + r")[^\n。]{0,6}?(?:を|을|를)?\s*(?:" + _OFF_CJK + r")"
    r"|(?:วาง|ส่ง|بچسبان|بفرست|tempelkan|tempel)[^\n]{0,80}?(?:" + _SECRET_PATH + r"|\bprod\w*\.env\b)"
)

# ---- exfiltration: send verbs and private records in Thai, Persian, Arabic, Indonesian, Polish, Vietnamese ----
_SEND9 = (
    r"(?:ส่ง|อัปโหลด|โพสต์|ฟอร์เวิร์ด|بفرست|ارسال کن|آپلود کن|فوروارد کن|أرسل|ارسل|حوّل|ارفع|kirim\w*|unggah\w*|"
    r"teruskan|wy[śs]lij\w*|prze[śs]lij\w*|g[ửu]i|chuyển tiếp|tải lên)"
)
_PRIVATE9_WORDS = (
    r"รหัสผ่าน|โทเค็น|รายชื่อ(?:อีเมล)?ลูกค้า|ข้อมูลลูกค้า|ประวัติการสนทนา|"
    r"เงินเดือน|رمز ?(?:ها|عبور)?|کلمه ?(?:های)? عبور|توکن|مشتریان|تاریخچه (?:گفتگو|چت)|حقوق کارکنان|"
    r"كلمات? المرور|رموز الوصول|سجل المحادثة|الرواتب|kata sandi|token akses|daftar pelanggan|data pelanggan|"
    r"급여|給与明細|工资单|工資單|身份证号|riwayat (?:percakapan|obrolan)|gaji|has[łl]a|tokeny|klient[óo]w|"
    r"histori[ęa] rozm\w*|wynagrodze\w*|"
    r"mật khẩu|danh sách khách hàng|lịch sử trò chuyện|bảng lương|"
    r"access tokens?|api keys?|session cookies?"
)
_PRIVATE9 = r"(?:" + _PRIVATE_ML + r"|" + _SECRET_PATH + r"|" + _PRIVATE9_WORDS + r")"
# `_SECRET_PATH`'s first branch ends in a greedy run before rules/9's window: split off for `exfil_ml`
_PATH_HEAD, _PATH_RUN, _PATH_REST = _SECRET_PATH.partition(r"[^\s`'\")]*|")
assert _PATH_HEAD and _PATH_REST, "rules/6's _SECRET_PATH no longer starts with a path and its greedy run"
_EXFIL9 = exfil_ml(
    (
        (_DOT_DIR_ML, r"\S"),
        (_PRIVATE_ML_REST, ""),
        (_PATH_HEAD, r"[^\s`'\")]"),
        (_PATH_REST + r"|" + _PRIVATE9_WORDS, ""),
    )
)

RULES_V9: tuple[Rule, ...] = (
    Rule("reader-addressed-order", 0.6, _r(_n(_READER_ORDER)), negatable=True, person_weight=0.45),
    Rule("widen-rights", 0.4, _r(_n(_WIDEN)), negatable=True, person_weight=0.3),
    Rule("no-confirmation", 0.3, _r(_n(_NO_CONFIRM)), negatable=True, person_weight=0.2),
    Rule("disable-safeguard-ml", 0.4, _r(_n(_DISABLE9)), negatable=True, person_weight=0.3),
    Rule("identity-claim", 0.3, _r(_n(_IDENTITY))),
    Rule("conceal-ml", 0.4, _r(_n(_CONCEAL9)), person_weight=0.3),
    Rule(
        "standing-risky-order-9",
        0.8,
        _r(_n(_RISKY9)),
        negatable=True,
        negated_inside=True,
        context=_r(_n(_STANDING9)),
    ),
    # rules/7's acts (send secrets, skip checks...) under the standing-order markers rules/7 lacks
    Rule(
        "standing-risky-order-9",
        0.8,
        _r(_n(_RISKY7)),
        negatable=True,
        negated_inside=True,
        context=_r(_n(_NEW_STANDING)),
    ),
    Rule("exfiltration-ml9", 0.5, _r(_n(_EXFIL9)), negatable=True, context=_r(_n(_SEND9))),
)
