from typing import Annotated

from fastapi import Depends, Request

from gavel.guards import Principal, require
from gavel.members.service import MemberService
from gavel.permissions import Module, Privilege


async def member_service(request: Request) -> MemberService:
    service: MemberService = request.app.state.member_service
    return service


MemberServiceDep = Annotated[MemberService, Depends(member_service)]
CanAdd = Annotated[Principal, require(Module.MEMBERS, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.MEMBERS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.MEMBERS, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.MEMBERS, Privilege.DELETE)]
CanUpdateStatus = Annotated[Principal, require(Module.MEMBERS, Privilege.UPDATE_STATUS)]
