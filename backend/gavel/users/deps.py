from typing import Annotated

from fastapi import Depends, Request

from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege
from gavel.users.service import UserService


async def user_service(request: Request) -> UserService:
    service: UserService = request.app.state.user_service
    return service


UserServiceDep = Annotated[UserService, Depends(user_service)]
CanAdd = Annotated[Principal, require(Module.USERS, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.USERS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.USERS, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.USERS, Privilege.DELETE)]
CanUpdateStatus = Annotated[Principal, require(Module.USERS, Privilege.UPDATE_STATUS)]
