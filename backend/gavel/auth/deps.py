"""The sign-in service as a dependency of auth's own routes and of the sessions screen (the guards of every
private route are `gavel.guards`)."""

from typing import Annotated

from fastapi import Depends, Request

from gavel.auth.models import UserSession
from gavel.auth.service import AuthService
from gavel.guards import Principal
from gavel.users.models import User


async def auth_service(request: Request) -> AuthService:
    service: AuthService = request.app.state.auth_service
    return service


AuthServiceDep = Annotated[AuthService, Depends(auth_service)]


def user_of(principal: Principal) -> User:
    """The signed-in user as the row it is (the guards know it only by what they read of it)."""
    user = principal.user
    assert isinstance(user, User)
    return user


def session_of(principal: Principal) -> UserSession:
    session = principal.session
    assert isinstance(session, UserSession)
    return session
