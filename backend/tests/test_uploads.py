import io

import pytest
from httpx import AsyncClient
from PIL import Image

from gavel.config import Settings
from tests.factories import admin_headers


def image_bytes(kind: str = "PNG", size: tuple[int, int] = (40, 30)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, format=kind)
    return buffer.getvalue()


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.mark.parametrize(
    ("kind", "mime", "ext"),
    [("PNG", "image/png", ".png"), ("JPEG", "image/jpeg", ".jpg"), ("WEBP", "image/webp", ".webp")],
)
async def test_images_are_stored_under_public(
    client: AsyncClient, admin: dict[str, str], settings: Settings, kind: str, mime: str, ext: str
) -> None:
    files = {"file": ("My Emirates ID (front).bin", image_bytes(kind), "application/octet-stream")}
    response = await client.post("/api/uploads/members", files=files, headers=admin)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["mimeType"] == mime and body["width"] == 40 and body["height"] == 30
    assert body["url"].startswith("/public/members/") and body["url"].endswith(f"-my-emirates-id-front{ext}")
    stored = settings.data_dir / body["url"].removeprefix("/")
    assert stored.read_bytes() == image_bytes(kind)
    served = await client.get(body["url"])
    assert served.status_code == 200 and served.content == image_bytes(kind)


async def test_a_renamed_non_image_is_refused_and_nothing_is_stored(
    client: AsyncClient, admin: dict[str, str], settings: Settings
) -> None:
    folder = settings.data_dir / "public" / "members"
    before = sorted(folder.glob("*")) if folder.exists() else []
    files = {"file": ("photo.jpg", b"#!/bin/sh\necho hacked\n", "image/jpeg")}
    response = await client.post("/api/uploads/members", files=files, headers=admin)
    assert response.status_code == 422
    assert response.json()["message"] == "The file is not a readable JPEG, PNG or WebP image."
    assert (sorted(folder.glob("*")) if folder.exists() else []) == before


async def test_a_truncated_image_is_refused(client: AsyncClient, admin: dict[str, str]) -> None:
    broken = image_bytes("PNG", (300, 300))[:200]
    response = await client.post("/api/uploads/members", files={"file": ("x.png", broken)}, headers=admin)
    assert response.status_code == 422


async def test_other_image_formats_are_refused(client: AsyncClient, admin: dict[str, str]) -> None:
    response = await client.post(
        "/api/uploads/members", files={"file": ("x.gif", image_bytes("GIF"))}, headers=admin
    )
    assert response.status_code == 422
    assert response.json()["message"] == "Only JPEG, PNG and WebP images are accepted."


async def test_more_than_ten_megabytes_answers_413(client: AsyncClient, admin: dict[str, str]) -> None:
    big = image_bytes() + b"\0" * (10 * 1024 * 1024)
    response = await client.post("/api/uploads/members", files={"file": ("big.png", big)}, headers=admin)
    assert response.status_code == 413
    assert response.json()["message"] == "The file is larger than 10 MB."


async def test_unknown_folder_and_no_session(client: AsyncClient, admin: dict[str, str]) -> None:
    files = {"file": ("x.png", image_bytes())}
    assert (await client.post("/api/uploads/secrets", files=files, headers=admin)).status_code == 422
    assert (await client.post("/api/uploads/members", files=files)).status_code == 401


async def test_vehicle_images_get_a_thumbnail(
    client: AsyncClient, admin: dict[str, str], settings: Settings
) -> None:
    files = {"file": ("front.png", image_bytes("PNG", (1600, 1200)))}
    body = (await client.post("/api/uploads/vehicles", files=files, headers=admin)).json()
    assert body["thumbnailUrl"].startswith("/public/vehicles/thumbs/") and body["thumbnailUrl"].endswith(
        ".jpg"
    )
    with Image.open(settings.data_dir / body["thumbnailUrl"].removeprefix("/")) as thumb:
        assert thumb.size == (480, 360)
    members = (await client.post("/api/uploads/members", files=files, headers=admin)).json()
    assert members["thumbnailUrl"] is None
