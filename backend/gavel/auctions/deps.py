from typing import Annotated

from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege

CanAdd = Annotated[Principal, require(Module.AUCTIONS, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.AUCTIONS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.AUCTIONS, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.AUCTIONS, Privilege.DELETE)]
CanUpdateStatus = Annotated[Principal, require(Module.AUCTIONS, Privilege.UPDATE_STATUS)]
CanViewCalendar = Annotated[Principal, require(Module.CALENDER, Privilege.VIEW)]
CanViewMembers = Annotated[Principal, require(Module.MEMBERS, Privilege.VIEW)]
CanViewVehicles = Annotated[Principal, require(Module.VEHICLES, Privilege.VIEW)]
