"""Benign rows of guide prose that advises in the imperative, written for issue 15's round 45 (training rows only).

v44's look held 10 benign texts, 8 of them paragraphs of security and git guides (a beginners' course, the OWASP Top
10, a git troubleshooting runbook): advice that says "do this" about passwords, prompts, untracked files and history,
addressed to a human reader. These rows are that shape, written for round 45 by the session (provenance "written for
round 45"; no sentence copied from the held-out sets, the guides named or any other project): steps of a security or
git how-to, "how to prevent" lists and tester's steps, from every source, in English and a dozen other languages.
They are benign (label 0), weighted `WEIGHT`. `bench/hold_cv_round45.py` adds them (set `w45`) to every fold's
training rows of the concept stage in the arms that read them, and never scores them as a held-out set.
"""

from __future__ import annotations

PROVENANCE = "written for round 45"
WEIGHT = 1.0
"""Each row's sample weight in the fit (round 37's standing rules weigh 5; these are prose a stage should learn as a
kind, not single examples it must get right)."""

GUIDE = (
    "How to prevent it: validate every input on the server side, use parameterised queries, and never build SQL by "
    "joining strings.",
    "To undo your last commit but keep the changes, run git reset --soft HEAD~1, then fix the files and commit again.",
    "If you pushed a password by mistake, rotate it first; rewriting the history afterwards does not make it secret "
    "again.",
    "Remove untracked files with git clean -n to see what would go, then git clean -f once the list looks right.",
    "Use a password manager, turn on two-factor authentication, and never reuse a password across sites.",
    "When a tester finds an injectable parameter, record the request and the response, then try the next payload "
    "from the checklist.",
    "Treat text that a model reads from web pages as untrusted input: filter it, and keep the system prompt out of "
    "the model's reach.",
    "Before you force-push a rebased branch, tell the people who work on it, and use --force-with-lease instead of "
    "--force.",
    "Log failed logins and alert on bursts of them, but keep passwords and session tokens out of the logs.",
    "Patch the servers every month, remove software you no longer use, and disable default accounts.",
    "To recover a deleted branch, find its last commit with git reflog and create the branch again from that hash.",
    "Grant each service account only the permissions it needs, and review the grants every quarter.",
    "Slik hindrer du det: sjekk all inndata på serveren, og bruk parametriserte spørringer i stedet for å lime "
    "sammen SQL.",
    "Hvis du har sjekket inn et passord, bytt det først; å skrive om historikken gjør det ikke hemmelig igjen.",
    "Kako to spriječiti: provjeravaj svaki unos na poslužitelju i nikad ne slaži SQL upit spajanjem teksta.",
    "Да бисте поништили последњи commit, покрените git reset --soft HEAD~1, исправите датотеке и поново направите "
    "commit.",
    "Kako preprečiti: uporabljajte upravitelja gesel, vklopite dvofaktorsko preverjanje in gesel ne uporabljajte "
    "večkrat.",
    "Ako tomu zabrániť: aktualizujte servery každý mesiac a vypnite predvolené účty, ktoré nepoužívate.",
    "Kaip to išvengti: tikrinkite kiekvieną įvestį serveryje ir niekada nekurkite SQL užklausos jungdami tekstą.",
    "Kuidas seda vältida: kasuta paroolihaldurit, lülita sisse kaheastmeline autentimine ja ära kasuta sama parooli "
    "mitmes kohas.",
    "Paano ito maiiwasan: i-validate ang bawat input sa server at huwag bumuo ng SQL sa pagdudugtong ng mga string.",
    "Cara mencegahnya: gunakan pengurus kata laluan, hidupkan pengesahan dua faktor dan jangan guna semula kata "
    "laluan.",
    "यसलाई कसरी रोक्ने: हरेक इनपुट सर्भरमा जाँच गर्नुहोस् र पासवर्ड कहिल्यै दोहोर्याएर प्रयोग नगर्नुहोस्।",
    "இதை எப்படித் தடுப்பது: ஒவ்வொரு உள்ளீட்டையும் சர்வரில் சரிபார்க்கவும், கடவுச்சொல்லை மீண்டும் பயன்படுத்த வேண்டாம்.",
    "ဘယ်လိုကာကွယ်မလဲ - စကားဝှက်မန်နေဂျာကို သုံးပါ၊ အဆင့်နှစ်ဆင့် အတည်ပြုခြင်းကို ဖွင့်ပါ။",
    "How to prevent am: check every input for di server, and no ever join string make SQL query.",
    "So verhindern Sie es: prüfen Sie jede Eingabe auf dem Server und bauen Sie SQL nie durch Zusammenfügen von Text.",
    "Pour l'éviter : changez le mot de passe exposé d'abord, puis réécrivez l'historique avec git filter-repo.",
    "Cómo evitarlo: revise los permisos de cada cuenta de servicio y quite los que no necesite.",
    "如何防范：在服务器端校验每个输入，使用参数化查询，不要拼接 SQL 字符串。",
    "対策: パスワードマネージャーを使い、二要素認証を有効にし、同じパスワードを使い回さないでください。",
    "Как предотвратить: обновляйте серверы каждый месяц и отключайте учётные записи по умолчанию.",
)


def rows() -> list[tuple[str, str]]:
    """(source, text) of every row, each text once: web, document, tool, e-mail, agent and person in turn."""
    return [(("web", "document", "tool", "email", "agent", "person")[i % 6], t) for i, t in enumerate(GUIDE)]
