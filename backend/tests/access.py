"""The access matrix: no token 401, a role without the privilege 403, a role with it not 401/403."""

from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    body: dict[str, Any] | None
    module: Module
    privilege: Privilege

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


async def check_access(client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call) -> None:
    anonymous = await client.request(call.method, call.path, json=call.body)
    assert anonymous.status_code == 401, f"{call}: {anonymous.status_code}"

    everything_else = {m: set(Privilege) for m in Module if m != call.module}
    everything_else[call.module] = set(Privilege) - {call.privilege}
    await make_staff(db, "without@example.com", grants=everything_else, role_name="Without")
    token = (await login(client, "without@example.com", STAFF_PASSWORD))["token"]
    refused = await client.request(call.method, call.path, json=call.body, headers=bearer(token))
    assert refused.status_code == 403, f"{call}: {refused.status_code} {refused.text}"
    assert refused.json()["message"].startswith("You do not have permission to")

    await make_staff(db, "with@example.com", grants={call.module: {call.privilege}}, role_name="With")
    token = (await login(client, "with@example.com", STAFF_PASSWORD))["token"]
    allowed = await client.request(call.method, call.path, json=call.body, headers=bearer(token))
    assert allowed.status_code not in (401, 403), f"{call}: {allowed.status_code} {allowed.text}"
