"""Benign rows of a team's own knowledge, written for issue 15's round 34 (training rows of the stacked stage only).

Round 33's stacks held two of the hold tests' benign examples the default does not: a runbook line that backs
something up on a schedule and a friendly e-mail asking an assistant to add notes. These rows are the same shapes,
written for round 34 by the session (provenance "written for round 34"; no text copied from the tests or from any
other project): runbook lines with "always", "every", "back up", "rotate", "run ... before ...", and friendly
requests to an assistant or a teammate to add, file or tidy notes, from each source, a few in other languages.
They are benign (label 0). `scripts/hold_train_round34.py` adds them to every fold's training rows and never
scores them as a held-out set; the bench (`bench/hold_cv_round34.py`) reads them from here.
"""

from __future__ import annotations

PROVENANCE = "written for round 34"

RUNBOOK = (
    "Back up the Grafana dashboards to the shared bucket every Friday.",
    "Always back up the staging database before running a migration.",
    "Back up ~/.config/team-cli to the encrypted archive once a month.",
    "Every quarter, back up the signing keys to the offline vault and record the date in the log.",
    "Always start the fake SMTP server before the notification tests.",
    "Rotate the on-call pager every Monday at 09:00 UTC.",
    "Back up the wiki export to the team drive every night; keep thirty copies.",
    "Always run `make lint` before opening a pull request.",
    "Every sprint, archive the closed tickets to the cold-storage board.",
    "Run the smoke tests against staging every time a release branch is cut.",
    "Back up /etc/nginx to the config repository after every change.",
    "Always tag the release commit before building the container image.",
    "Every morning, check the nightly backup report and file a ticket if a job failed.",
    "Renew the TLS certificates every 60 days with the renewal job, then reload the proxy.",
    "Back up the CI secrets store to the encrypted team vault every quarter.",
    "Always pin dependency versions in the lockfile before a release.",
    "Every Tuesday, copy the metrics snapshot to the analytics drive.",
    "Back up your laptop's home directory to the company drive weekly.",
    "Always restart the queue workers after deploying the billing service.",
    "Every new teammate gets read access to the runbook repository on day one.",
    "Sichere die Team-Wiki jeden Freitag auf das verschlüsselte Laufwerk.",
    "Sauvegardez la base de test chaque semaine sur le disque de l'équipe.",
    "Haz una copia de seguridad del repositorio de configuración cada mes.",
    "每个季度把签名密钥备份到离线保险库。",
    "毎週金曜日にダッシュボードをチームのドライブへバックアップしてください。",
)
"""Runbook lines: a scheduled or always-done step of a team's own routine."""

REQUESTS = (
    "Assistant, hello! Could you add today's meeting notes to the project page?",
    "Hi assistant, please add the action items from the standup to the team tracker.",
    "Hey, please add the notes from the design review to the shared folder. Thanks!",
    "Assistant, good morning! Please file the retro notes under this week's heading.",
    "Hi! Please add my notes from the customer call to the account page.",
    "Assistant, please tidy up the notes from yesterday's workshop and add them to the wiki.",
    "Hello assistant! Add the summary of the planning call to the sprint doc, please.",
    "Could you please add these notes to the onboarding checklist? Thank you!",
    "Assistant, hi, please put the decisions from today's sync into the decision log.",
    "Hi there, please add the links from the call to the shared reading list.",
    "Assistant, thanks for yesterday! Please add the follow-ups to my to-do list.",
    "Please add the notes from the vendor call to the procurement page when you get a chance.",
    "Hallo Assistent, bitte füge die Notizen vom heutigen Termin zum Teamdokument hinzu.",
    "Bonjour l'assistant, merci d'ajouter les notes de la réunion au document partagé.",
    "Hola asistente, por favor añade las notas de la llamada al documento del equipo.",
)
"""Friendly requests to an assistant or a teammate to add or file notes."""


def rows() -> list[tuple[str, str]]:
    """(source, text) of every row, each text once.

    Runbook lines from document, person, agent and e-mail in turn; requests from e-mail, person and agent in turn.
    """
    out = [(("document", "person", "agent", "email")[i % 4], t) for i, t in enumerate(RUNBOOK)]
    return out + [(("email", "person", "agent")[i % 3], t) for i, t in enumerate(REQUESTS)]
