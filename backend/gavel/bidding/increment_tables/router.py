"""The increment tables' routes (issue 25): filled by the increment tables."""

from fastapi import APIRouter

router = APIRouter(tags=["increment tables"])
