"""Image uploads for profile pictures and documents (SPEC.md: public/{folder}/{unique id}-{file name})."""

from fastapi import APIRouter, Request, UploadFile

from gavel.audit.repository import record_change
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import CurrentPrincipal
from gavel.storage import file_store
from gavel.uploads.schemas import UploadFolder, UploadOut
from gavel.uploads.service import MAX_BYTES, remove_stored, store_image

router = APIRouter(prefix="/uploads", tags=["uploads"])

Errors = error_responses(401, 413, 422, 503, 507)


@router.post("/{folder}", response_model=UploadOut, status_code=201, responses=Errors)
async def upload_image(
    folder: UploadFolder, file: UploadFile, request: Request, session: SessionDep, principal: CurrentPrincipal
) -> UploadOut:
    """Store one JPEG, PNG or WebP image of at most 10 MB; vehicle images get a thumbnail too.

    507 when the disk is full, 503 when the file store cannot be written; nothing is left half-written.
    """
    content = await file.read(MAX_BYTES + 1)
    store = file_store(request.app.state.settings)
    thumbnail = folder == UploadFolder.VEHICLES
    stored = await store_image(store, folder.value, file.filename or "", content, thumbnail=thumbnail)
    # (503 too when an S3 store does not answer or refuses access: gavel.storage)
    try:  # the file first, then its row: a failed row takes the file back, so nothing points to nothing
        new = {"url": stored.url}
        await record_change(session, principal.actor, "upload.stored", "upload", None, new=new)
        await session.flush()
    except Exception:
        await remove_stored(store, stored)
        raise
    return UploadOut(**stored.__dict__)
