"""The local outbox (the default of `make run`): each message is written to <data dir>/outbox/<channel>/
<message id>.json, with its attachments beside it, and counts as delivered at once. Writing the same message
again overwrites its file, so a message re-sent after a crash is still one file."""

import json
from pathlib import Path

import anyio

from gavel.alerts.delivery.providers import Accepted, Outgoing, SendFailed


class LocalProvider:
    name = "local"

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _write(self, message: Outgoing) -> Path:
        folder = self.folder / message.channel
        folder.mkdir(parents=True, exist_ok=True)
        attachments = []
        for attachment in message.attachments:
            path = folder / f"{message.id}-{Path(attachment.filename).name}"
            path.write_bytes(attachment.data)
            attachments.append({"filename": attachment.filename, "path": path.name})
        document = {
            "id": message.id,
            "channel": message.channel,
            "to": message.recipient,
            "name": message.recipient_name,
            "language": message.language,
            "subject": message.subject,
            "body": message.body,
            "html": message.body_html,
            "whatsappTemplate": message.whatsapp_template,
            "templateParams": list(message.template_params),
            "contentSid": message.content_sid,
            "promotional": message.promotional,
            "unsubscribeUrl": message.unsubscribe_url,
            "attachments": attachments,
        }
        path = folder / f"{message.id}.json"
        path.write_text(json.dumps(document, indent=2, ensure_ascii=False), encoding="utf-8")
        return path

    async def send(self, message: Outgoing) -> Accepted:
        try:
            path = await anyio.to_thread.run_sync(self._write, message)
        except OSError as exc:
            raise SendFailed(f"The local outbox could not be written: {exc}", retryable=True) from exc
        return Accepted(
            provider_message_id=f"local-{message.id}",
            delivered=True,
            detail=f"Written to the local outbox: outbox/{message.channel}/{path.name}",
        )

    async def aclose(self) -> None:
        return None
