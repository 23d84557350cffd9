"""Every Settings route: 401 without a session, 403 without the privilege, through with it."""

from gavel.permissions import Module, Privilege
from tests.access import Call

S = Module.SETTINGS
SETTINGS_CALLS = [
    Call("GET", "/api/locations/geography", None, S, Privilege.VIEW),
    Call("POST", "/api/locations/get", {}, S, Privilege.VIEW),
    Call("POST", "/api/locations/create", {}, S, Privilege.ADD),
    Call("PUT", "/api/locations/update/none", {}, S, Privilege.EDIT),
    Call(
        "PUT",
        "/api/locations/update-status",
        {"ids": ["none"], "status": "active"},
        S,
        Privilege.UPDATE_STATUS,
    ),
    Call("DELETE", "/api/locations/delete", {"ids": ["none"]}, S, Privilege.DELETE),
    Call("POST", "/api/plan/list", {}, S, Privilege.VIEW),
    Call("POST", "/api/plan/create", {}, S, Privilege.ADD),
    Call("PUT", "/api/plan/none", {}, S, Privilege.EDIT),
    Call("DELETE", "/api/plan/delete", {"ids": ["none"]}, S, Privilege.DELETE),
    Call("POST", "/api/charge/get", {}, S, Privilege.VIEW),
    Call("POST", "/api/charge/create", {}, S, Privilege.ADD),
    Call("PUT", "/api/charge/update/none", {}, S, Privilege.EDIT),
    Call(
        "PUT",
        "/api/charge/update-charge-status",
        {"ids": ["none"], "isActive": True},
        S,
        Privilege.UPDATE_STATUS,
    ),
    Call("DELETE", "/api/charge/delete", {"ids": ["none"]}, S, Privilege.DELETE),
]
