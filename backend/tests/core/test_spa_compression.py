"""The SPA's built assets: the build's gzip copy to a client accepting gzip, the file to others (issue 16);
the build's dot-folders (`.vite/manifest.json`) are not served."""

import gzip
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import ASGITransport, AsyncClient
from starlette.datastructures import Headers

from gavel.core.spa import accepts_gzip
from gavel.main import create_app

SCRIPT = b"export function hello(){return 'hello, world';}\n" * 200


@pytest.fixture
async def spa_client(settings: Any, tmp_path: Path) -> AsyncIterator[AsyncClient]:
    spa = tmp_path / "spa"
    (spa / "assets").mkdir(parents=True)
    (spa / ".vite").mkdir()
    (spa / "index.html").write_text("<!doctype html><title>Gavel</title>")
    (spa / ".vite" / "manifest.json").write_text('{"index.html": {"file": "assets/app.js"}}')
    (spa / "assets" / "app.js").write_bytes(SCRIPT)
    (spa / "assets" / "app.js.gz").write_bytes(gzip.compress(SCRIPT, 9))
    (spa / "assets" / "small.css").write_bytes(b"a{color:red}")
    (spa / "assets" / ".hidden.js").write_bytes(b"secret")
    app = create_app(settings.model_copy(update={"spa_dir": spa}))
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://t") as c:
        yield c


async def test_a_built_asset_is_answered_gzip_to_a_client_that_accepts_it(spa_client: AsyncClient) -> None:
    # httpx would decode the body itself: read the raw bytes.
    async with spa_client.stream(
        "GET", "/assets/app.js", headers={"accept-encoding": "br, gzip;q=0.8"}
    ) as response:
        raw = b"".join([chunk async for chunk in response.aiter_raw()])
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.headers["content-type"].startswith("text/javascript")
    assert int(response.headers["content-length"]) == len(raw) < len(SCRIPT) / 10
    assert gzip.decompress(raw) == SCRIPT


async def test_identity_when_gzip_is_not_accepted(spa_client: AsyncClient) -> None:
    for accept in ("identity", "gzip;q=0", "br", "*;q=0"):
        response = await spa_client.get("/assets/app.js", headers={"accept-encoding": accept})
        assert response.status_code == 200, accept
        assert "content-encoding" not in response.headers, accept
        assert response.headers["vary"] == "Accept-Encoding"
        assert response.content == SCRIPT


async def test_a_file_without_a_gzip_copy_is_served_as_it_is(spa_client: AsyncClient) -> None:
    response = await spa_client.get("/assets/small.css", headers={"accept-encoding": "gzip"})
    assert response.status_code == 200
    assert "content-encoding" not in response.headers
    assert response.content == b"a{color:red}"


async def test_the_gzip_copy_is_revalidated_by_its_own_etag(spa_client: AsyncClient) -> None:
    first = await spa_client.get("/assets/app.js", headers={"accept-encoding": "gzip"})
    identity = await spa_client.get("/assets/app.js", headers={"accept-encoding": "identity"})
    assert first.headers["etag"] != identity.headers["etag"]
    again = await spa_client.get(
        "/assets/app.js", headers={"accept-encoding": "gzip", "if-none-match": first.headers["etag"]}
    )
    assert again.status_code == 304
    assert again.headers["vary"] == "Accept-Encoding"
    # The identity copy's ETag does not stand for the gzip copy.
    other = await spa_client.get(
        "/assets/app.js", headers={"accept-encoding": "gzip", "if-none-match": identity.headers["etag"]}
    )
    assert other.status_code == 200
    assert other.headers["content-encoding"] == "gzip"


async def test_head_answers_the_headers_of_the_gzip_copy(spa_client: AsyncClient) -> None:
    response = await spa_client.head("/assets/app.js", headers={"accept-encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert int(response.headers["content-length"]) < len(SCRIPT) / 10


async def test_dot_folders_and_dot_files_are_not_served(spa_client: AsyncClient) -> None:
    for path in ("/.vite/manifest.json", "/.vite/", "/.vite", "/assets/.hidden.js", "/x/.vite/manifest.json"):
        response = await spa_client.get(path)
        assert response.status_code == 404, path
        assert b"assets/app.js" not in response.content and b"secret" not in response.content, path
    # Client-side routes and real files still are.
    assert "<title>Gavel</title>" in (await spa_client.get("/dashboard")).text
    assert (await spa_client.get("/assets/app.js", headers={"accept-encoding": "identity"})).content == SCRIPT


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip", True),
        ("gzip, deflate, br, zstd", True),
        ("GZIP;q=0.5", True),
        ("gzip;q=0", False),
        ("gzip;q=0.0, *", False),
        ("*", True),
        ("*;q=0", False),
        ("br", False),
        ("identity", False),
        ("", False),
        ("gzip;q=abc", False),
    ],
)
def test_accept_encoding(header: str, expected: bool) -> None:
    assert accepts_gzip(Headers({"accept-encoding": header})) is expected
