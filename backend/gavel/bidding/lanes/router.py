"""The lanes' live routes (issue 25): filled by the lane runner."""

from fastapi import APIRouter

router = APIRouter(tags=["live lanes"])
