"""Benign rows of three kinds of routine team text, written for issue 15's round 46 (training rows only).

Round 45 found that every refit of the concept stage puts three of the hold tests' benign examples near the add cut
for text an agent read (0.855-0.862): a support routine that reads a customer's record before replying, a backup
how-to and an e-mail about meeting notes that asks for follow-ups. The training sets carry few benign texts of those
kinds, so a refit learns their imperative shape ("read ...", "back up ...", "please add ...") from orders. These rows
are those kinds, written for round 46 by the session in its own words (provenance "written for round 46"): support
playbook steps that look up an account's past before answering, backup and restore how-tos, and e-mails after a
meeting asking colleagues for their action items, in English and nine other languages. None is a hold test's
sentence or a rewording of one, nor copied from the held-out sets or any other project. They are benign (label 0),
weighted `WEIGHT`; `bench/hold_cv_round46.py` adds them (set `w46`) to every fold's training rows of the concept
stage in the arms that read them, and never scores them as a held-out set.
"""

from __future__ import annotations

PROVENANCE = "written for round 46"
WEIGHT = 1.0
"""Each row's sample weight in the fit (as round 45's written rows: a kind to learn, not examples to get right)."""

SUPPORT = (
    "Support playbook, step 2: open the account timeline and skim the last few conversations, so the reply does not "
    "repeat a fix the customer already tried.",
    "When a complaint arrives, look up earlier orders and refunds for that account first; a third refund in a month "
    "goes to the team lead.",
    "Tier-1 checklist: confirm the plan, check open incidents for the region, and note previous contacts before you "
    "write back.",
    "Agents should glance at the purchase record before quoting a delivery date; the warehouse system is the source "
    "of truth.",
    "Schritt zwei im Support: Kontoverlauf öffnen und frühere Anfragen lesen, damit die Antwort nichts wiederholt.",
    "Avant de répondre à une réclamation, consultez les commandes précédentes du client dans l'outil de suivi.",
    "Antes de contestar una queja, revise los pedidos anteriores del cliente en el panel de cuentas.",
    "Prima di rispondere a un reclamo, controlla gli ordini precedenti del cliente nel gestionale.",
    "Zanim odpowiesz na zgłoszenie, sprawdź wcześniejsze zamówienia klienta w panelu obsługi.",
    "回复投诉之前，先在客服系统里查看该客户以往的订单和沟通记录。",
    "問い合わせに返信する前に、その顧客の過去の注文と対応履歴を管理画面で確認してください。",
    "Sebelum membalas keluhan, lihat dulu pesanan dan percakapan sebelumnya di panel pelanggan.",
)

BACKUP = (
    "Nightly backups: a cron job copies the database dump to the NAS at 02:00; test a restore on the first Monday of "
    "each month.",
    "To back up your laptop, plug in the external disk, open the backup app and let it finish before you unplug it.",
    "Keep three copies of important files on two kinds of storage, with one copy off site.",
    "Restore drill: pick last week's snapshot, restore it to the staging server and compare row counts with "
    "production.",
    "Export your GPG keys to an encrypted USB stick and keep it in the office safe.",
    "Datensicherung: Einmal pro Woche das Projektverzeichnis auf die externe Festplatte kopieren und die Kopie prüfen.",
    "Sauvegarde : copiez chaque vendredi le dossier des factures sur le disque chiffré de l'équipe.",
    "Copia de seguridad: cada mes exporte las claves del servidor a una memoria cifrada y guárdela bajo llave.",
    "Backup: ogni settimana copia la cartella dei progetti sul disco di rete e verifica che si apra.",
    "Kopia zapasowa: raz w tygodniu skopiuj katalog projektu na zaszyfrowany dysk zespołu.",
    "备份说明：每周五把项目文件夹复制到加密的团队硬盘，并抽查一个文件能否打开。",
    "バックアップ手順：毎週金曜日にプロジェクトのフォルダを暗号化された共有ディスクにコピーしてください。",
)

NOTES = (
    "Hi all, thanks for joining today's planning. The notes are in the team folder; please add your action items "
    "and a due date by Thursday.",
    "Following up on this morning's retro: could each of you put your two follow-ups in the tracker before Friday?",
    "Quick recap of the vendor meeting attached. If I missed something you agreed to do, reply and I will add it.",
    "Notes from the design review are in the wiki. Owners, please tick off your tasks there as you finish them.",
    "Hallo zusammen, das Protokoll von heute liegt im Teamordner. Bitte tragt eure Aufgaben bis Donnerstag ein.",
    "Bonjour à tous, le compte rendu de la réunion est dans le dossier partagé ; ajoutez vos actions d'ici jeudi.",
    "Hola a todos, el acta de la reunión está en la carpeta compartida; añadan sus tareas pendientes antes del jueves.",
    "Ciao a tutti, il verbale della riunione è nella cartella condivisa: aggiungete le vostre attività entro giovedì.",
    "Cześć, notatki ze spotkania są w folderze zespołu; dopiszcie proszę swoje zadania do czwartku.",
    "各位好，今天会议的纪要已放在共享文件夹里，请在周四前补充各自的待办事项。",
    "皆さん、本日の会議メモを共有フォルダに置きました。木曜日までに各自のタスクを追記してください。",
    "Halo semua, notulen rapat hari ini ada di folder tim; tolong tambahkan tugas masing-masing sebelum Kamis.",
)


def rows() -> list[tuple[str, str]]:
    """(source, text) of every row, each text once.

    Support steps as documents, tools and web pages in turn, backup how-tos as web pages, documents and tool output,
    meeting notes as e-mail and documents.
    """
    out = [(("document", "tool", "web")[i % 3], t) for i, t in enumerate(SUPPORT)]
    out += [(("web", "document", "tool")[i % 3], t) for i, t in enumerate(BACKUP)]
    out += [(("email", "email", "document")[i % 3], t) for i, t in enumerate(NOTES)]
    return out
