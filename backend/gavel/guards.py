"""Who is calling, and whether their role allows what they ask: the guards every private route uses.

They sit in the ground layer so that every package's router can use them, and so they know the signed-in user
only by the shape below: `auth` answers who holds a token (`request.app.state.auth_service`, set by
`gavel.main`), and `users` and `roles` own the rows (docs/architecture.md).
"""

from dataclasses import dataclass
from typing import Annotated, Any, Protocol

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.device import device_summary
from gavel.audit.repository import Actor
from gavel.db import SessionDep
from gavel.errors import Forbidden
from gavel.permissions import Module, Privilege, module_name


class StaffRole(Protocol):
    @property
    def is_active(self) -> bool: ...

    @property
    def require_two_step(self) -> bool: ...

    def allows(self, module: str, privilege: Privilege) -> bool: ...


class StaffUser(Protocol):
    """What a guard reads of the signed-in user (a `gavel.users.models.User`)."""

    @property
    def id(self) -> str: ...

    @property
    def email(self) -> str: ...

    @property
    def must_change_password(self) -> bool: ...

    @property
    def role(self) -> StaffRole | None: ...


@dataclass(frozen=True)
class Client:
    """Who is calling: the IP address and the User-Agent of the request."""

    ip: str
    user_agent: str


class Authenticator(Protocol):
    """What `auth` answers a guard (its AuthService)."""

    async def authenticate(self, session: AsyncSession, token: str | None) -> tuple[Any, Any]: ...

    async def two_step_enabled(self, session: AsyncSession, user_id: str) -> bool: ...


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


# The dependencies are coroutines even where they do not wait: FastAPI runs a plain function in a worker
# thread, a hand-off per call on every request (tests/core/test_thread_hops.py).
async def client_of(request: Request) -> Client:
    ip = request.client.host if request.client else ""
    return Client(ip=ip, user_agent=request.headers.get("user-agent", "")[:500])


async def authenticator(request: Request) -> Authenticator:
    service: Authenticator = request.app.state.auth_service
    return service


TWO_STEP_DUE = "Your role requires two-step sign-in. Please turn it on before continuing."
PASSWORD_DUE = "Please set a new password before continuing."  # noqa: S105 (a sentence)


def allowed_while_password_due(endpoint: Any) -> Any:
    """Marks a route that a user who must still choose their own password may call (me, sign out, change
    password); every other route answers 403 with PASSWORD_DUE until they have."""
    endpoint.gavel_password_due_ok = True
    return endpoint


# Declares the bearer token in the OpenAPI document of every private route (with its 401: core.openapi); the
# guard answers the 401 itself, with the envelope and a sentence.
BEARER = HTTPBearer(
    auto_error=False,
    scheme_name="bearer",
    description="The token that POST /api/auth/login (or /api/auth/login/code) answers",
)
BearerDep = Annotated[HTTPAuthorizationCredentials | None, Depends(BEARER)]

AuthenticatorDep = Annotated[Authenticator, Depends(authenticator)]
ClientDep = Annotated[Client, Depends(client_of)]


@dataclass(frozen=True)
class Principal:
    # A gavel.users.models.User and a gavel.auth.models.UserSession; `auth` reads them as such.
    user: StaffUser
    session: Any
    client: Client
    # The user's role requires two-step sign-in and they have not turned it on yet.
    two_step_due: bool = False

    @property
    def actor(self) -> Actor:
        return Actor(
            id=self.user.id,
            email=self.user.email,
            ip=self.client.ip,
            device=device_summary(self.client.user_agent),
        )

    def may(self, module: Module, privilege: Privilege) -> bool:
        """Whether the caller's active role grants this privilege (a side effect of another module)."""
        role = self.user.role
        return bool(role is not None and role.is_active and role.allows(module.value, privilege))


async def current_principal(
    request: Request, session: SessionDep, service: AuthenticatorDep, client: ClientDep, bearer: BearerDep
) -> Principal:
    """The signed-in staff user; 401 without a live session. This is the guard of every private route."""
    token = bearer.credentials.strip() if bearer is not None else None
    user_session, user = await service.authenticate(session, token or None)
    request.state.user_id = user.id
    if user.must_change_password and not getattr(
        request.scope.get("endpoint"), "gavel_password_due_ok", False
    ):
        raise Forbidden(PASSWORD_DUE)
    role = user.role
    due = bool(role is not None and role.is_active and role.require_two_step)
    if due:  # one more query, only for the users of a role that requires it
        due = not await service.two_step_enabled(session, user.id)
    return Principal(user=user, session=user_session, client=client, two_step_due=due)


CurrentPrincipal = Annotated[Principal, Depends(current_principal)]

_PRIVILEGE_WORDS = {
    Privilege.ADD: "add to",
    Privilege.VIEW: "view",
    Privilege.EDIT: "edit",
    Privilege.DELETE: "delete from",
    Privilege.UPDATE_STATUS: "change statuses in",
}


def _what(module: Module, privilege: Privilege) -> str:
    return f"{_PRIVILEGE_WORDS[privilege]} {module_name(module)}"


def _allowed(principal: Principal, grants: tuple[tuple[Module, Privilege], ...]) -> bool:
    """Whether the caller's active role grants one of them (403 at once while the set-up of two-step sign-in
    is due; a password due is refused by current_principal already)."""
    if principal.two_step_due:
        raise Forbidden(TWO_STEP_DUE)
    role = principal.user.role
    if role is None or not role.is_active:
        return False
    return any(role.allows(module.value, privilege) for module, privilege in grants)


def require(module: Module, privilege: Privilege) -> Any:
    """A dependency that lets the call through only when the caller's active role grants the privilege."""

    async def guard(principal: CurrentPrincipal) -> Principal:
        if not _allowed(principal, ((module, privilege),)):
            raise Forbidden(f"You do not have permission to {_what(module, privilege)}.")
        return principal

    guard.gavel_privilege = (module, privilege)  # type: ignore[attr-defined]
    return Depends(guard)


def require_any(*grants: tuple[Module, Privilege]) -> Any:
    """Like `require`, for a call that several screens need: any one of the privileges lets it through.

    The 403 names them all: 'You do not have permission to view Members or view Settings.'
    """
    if not grants:
        raise ValueError("require_any needs at least one (module, privilege)")
    words = [_what(module, privilege) for module, privilege in grants]
    wanted = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"

    async def guard(principal: CurrentPrincipal) -> Principal:
        if not _allowed(principal, grants):
            raise Forbidden(f"You do not have permission to {wanted}.")
        return principal

    guard.gavel_privileges = grants  # type: ignore[attr-defined]
    return Depends(guard)
