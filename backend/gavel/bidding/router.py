"""The lots' routes (issue 25): filled by the lots API."""

from fastapi import APIRouter

router = APIRouter(tags=["lots"])
