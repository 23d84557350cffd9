from typing import Annotated

from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege

CanAdd = Annotated[Principal, require(Module.VEHICLES, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.VEHICLES, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.VEHICLES, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.VEHICLES, Privilege.DELETE)]
CanUpdateStatus = Annotated[Principal, require(Module.VEHICLES, Privilege.UPDATE_STATUS)]
