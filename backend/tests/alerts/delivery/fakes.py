"""Local fake providers: real HTTP servers (Starlette under uvicorn, in a thread) that implement Twilio's
Messages API and Meta's WhatsApp Cloud API as documented, keep every request, answer what a test scripts
(429 with Retry-After, 500, 400 ...) and make the signed callbacks the real providers send.

The signatures are computed here from the providers' documentation, not with the app's own functions, so a
mistake in the app's verification is not repeated by the fake."""

import asyncio
import base64
import hashlib
import hmac
import json
import socket
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any
from uuid import uuid4

import uvicorn
from aiosmtpd.controller import Controller
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

TWILIO_TOKEN = "twilio-token"
META_TOKEN = "meta-token"
META_SECRET = "meta-secret"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Answer:
    """A scripted answer. A 2xx with an empty body accepts the message as usual; `delay` answers late (the
    message is accepted all the same: a client that gave up does not know it)."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


class FakeServer(ABC):
    """A Starlette app served on 127.0.0.1 in a thread of its own; `answers` are used first, in order."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.answers: list[Answer] = []
        self.lock = threading.Lock()
        self.port = free_port()
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @abstractmethod
    def app(self) -> Starlette:
        """The provider's endpoints."""

    def start(self) -> "FakeServer":
        config = uvicorn.Config(
            self.app(),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            access_log=False,
            lifespan="off",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the fake provider did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout=10)

    def script(self, *answers: Answer) -> None:
        with self.lock:
            self.answers.extend(answers)

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()
            self.answers.clear()

    def _next(self) -> Answer | None:
        with self.lock:
            return self.answers.pop(0) if self.answers else None

    def _keep(self, request: dict[str, Any]) -> None:
        with self.lock:
            self.requests.append(request)


class FakeTwilio(FakeServer):
    """POST /2010-04-01/Accounts/{AccountSid}/Messages.json (basic auth, form fields) → 201 {sid, status}."""

    def __init__(self, account_sid: str = "AC" + "1" * 32, auth_token: str = TWILIO_TOKEN) -> None:
        super().__init__()
        self.account_sid = account_sid
        self.auth_token = auth_token

    def app(self) -> Starlette:
        return Starlette(
            routes=[Route("/2010-04-01/Accounts/{sid}/Messages.json", self.create, methods=["POST"])]
        )

    async def create(self, request: Request) -> Response:
        expected = "Basic " + base64.b64encode(f"{self.account_sid}:{self.auth_token}".encode()).decode()
        if request.path_params["sid"] != self.account_sid or request.headers.get("authorization") != expected:
            return JSONResponse({"code": 20003, "message": "Authenticate", "status": 401}, status_code=401)
        form = {k: str(v) for k, v in (await request.form()).items()}
        answer = self._next()
        if answer is not None and not (answer.status < 300 and not answer.body):
            self._keep({"form": form, "answered": answer.status})
            return JSONResponse(answer.body, status_code=answer.status, headers=answer.headers)
        sid = "SM" + uuid4().hex
        self._keep({"form": form, "answered": 201, "sid": sid})
        if answer is not None and answer.delay:
            await asyncio.sleep(answer.delay)
        body = {
            "sid": sid,
            "status": "queued",
            "to": form.get("To"),
            "from": form.get("From"),
            "body": form.get("Body", ""),  # a content template (ContentSid) has no Body
        }
        return JSONResponse(body, status_code=201)

    def sign(self, url: str, params: dict[str, str]) -> str:
        """Twilio's documented scheme: the URL, then each parameter's name and value in name order,
        HMAC-SHA1 with the auth token, base64."""
        data = url
        for name in sorted(params):
            data += name + params[name]
        mac = hmac.new(self.auth_token.encode("utf-8"), data.encode("utf-8"), hashlib.sha1)
        return base64.b64encode(mac.digest()).decode("ascii")

    def status_callback(
        self, sent: dict[str, Any], status: str, error_code: str | None = None
    ) -> tuple[str, dict[str, str], dict[str, str]]:
        """The POST Twilio makes to the StatusCallback of a message it accepted: (url, form, headers)."""
        form = sent["form"]
        url = form["StatusCallback"]
        params = {
            "AccountSid": self.account_sid,
            "ApiVersion": "2010-04-01",
            "From": form.get("From", ""),
            "To": form["To"],
            "MessageSid": sent["sid"],
            "SmsSid": sent["sid"],
            "MessageStatus": status,
            "SmsStatus": status,
        }
        if error_code:
            params["ErrorCode"] = error_code
        return url, params, {"X-Twilio-Signature": self.sign(url, params)}

    def inbound(
        self, url: str, sender: str, body: str, to: str = "+15005550006"
    ) -> tuple[str, dict[str, str], dict[str, str]]:
        """A reply to one of our numbers, as Twilio posts it to the messaging webhook."""
        params = {
            "AccountSid": self.account_sid,
            "ApiVersion": "2010-04-01",
            "MessageSid": "SM" + uuid4().hex,
            "From": sender,
            "To": to,
            "Body": body,
            "NumMedia": "0",
        }
        return url, params, {"X-Twilio-Signature": self.sign(url, params)}


class FakeMeta(FakeServer):
    """POST /{version}/{phone-number-id}/messages (bearer token, JSON) → 200 {messages: [{id}]}."""

    def __init__(
        self,
        phone_number_id: str = "106540352242922",
        token: str = META_TOKEN,
        app_secret: str = META_SECRET,
        version: str = "v21.0",
    ) -> None:
        super().__init__()
        self.phone_number_id = phone_number_id
        self.token = token
        self.app_secret = app_secret
        self.version = version

    def app(self) -> Starlette:
        return Starlette(routes=[Route("/{version}/{phone}/messages", self.create, methods=["POST"])])

    async def create(self, request: Request) -> Response:
        if (
            request.path_params["version"] != self.version
            or request.path_params["phone"] != self.phone_number_id
            or request.headers.get("authorization") != f"Bearer {self.token}"
        ):
            error = {"message": "Invalid OAuth access token.", "type": "OAuthException", "code": 190}
            return JSONResponse({"error": error}, status_code=401)
        payload = await request.json()
        answer = self._next()
        if answer is not None:
            self._keep({"json": payload, "answered": answer.status})
            return JSONResponse(answer.body, status_code=answer.status, headers=answer.headers)
        wamid = "wamid." + uuid4().hex
        self._keep({"json": payload, "answered": 200, "id": wamid})
        return JSONResponse(
            {
                "messaging_product": "whatsapp",
                "contacts": [{"input": payload["to"], "wa_id": payload["to"]}],
                "messages": [{"id": wamid}],
            }
        )

    def signed(self, payload: dict[str, Any]) -> tuple[bytes, dict[str, str]]:
        body = json.dumps(payload).encode()
        digest = hmac.new(self.app_secret.encode(), body, hashlib.sha256).hexdigest()
        return body, {"X-Hub-Signature-256": f"sha256={digest}", "Content-Type": "application/json"}

    def _envelope(self, value: dict[str, Any]) -> dict[str, Any]:
        return {
            "object": "whatsapp_business_account",
            "entry": [
                {
                    "id": "WABA-1",
                    "changes": [
                        {
                            "field": "messages",
                            "value": {
                                "messaging_product": "whatsapp",
                                "metadata": {
                                    "display_phone_number": "15550001111",
                                    "phone_number_id": self.phone_number_id,
                                },
                                **value,
                            },
                        }
                    ],
                }
            ],
        }

    def status_webhook(
        self, sent: dict[str, Any], status: str, errors: list[dict[str, Any]] | None = None
    ) -> tuple[bytes, dict[str, str]]:
        item: dict[str, Any] = {
            "id": sent["id"],
            "status": status,
            "timestamp": str(int(time.time())),
            "recipient_id": sent["json"]["to"],
            "biz_opaque_callback_data": sent["json"].get("biz_opaque_callback_data"),
        }
        if errors:
            item["errors"] = errors
        return self.signed(self._envelope({"statuses": [item]}))

    def inbound_text(self, sender_digits: str, text: str) -> tuple[bytes, dict[str, str]]:
        message = {
            "from": sender_digits,
            "id": "wamid." + uuid4().hex,
            "timestamp": str(int(time.time())),
            "type": "text",
            "text": {"body": text},
        }
        contacts = [{"profile": {"name": "Member"}, "wa_id": sender_digits}]
        return self.signed(self._envelope({"contacts": contacts, "messages": [message]}))


class RawMailSink:
    """An SMTP server (aiosmtpd) keeping each mail whole, that a test stops and starts again on its port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.mails: list[EmailMessage] = []
        self.lock = threading.Lock()
        self.controller: Controller | None = None

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        with self.lock:
            self.mails.append(parsed)
        return "250 Message accepted for delivery"

    def start(self) -> "RawMailSink":
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None
