"""The on-approval lots' routes (issue 25): filled by the approval flow."""

from fastapi import APIRouter

router = APIRouter(tags=["lots on approval"])
