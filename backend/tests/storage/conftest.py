"""The file store's tests run twice: on the local folder and on an S3-compatible server that the tests start
(moto's ThreadedMotoServer on a free local port: real HTTP, boto3 signing and all, no network)."""

import socket
import uuid
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from httpx import AsyncClient
from moto.server import ThreadedMotoServer

from gavel.config import Settings
from gavel.storage import FileStore, file_store
from gavel.system import health
from tests.factories import admin_headers

KEY_ID, SECRET, REGION = "gavel-test-key", "gavel-test-secret", "us-east-1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture(scope="session")
def s3(s3_endpoint: str) -> Any:
    """A boto3 client of the test server, to look into the bucket behind the app's back."""
    return boto3.client(
        "s3",
        endpoint_url=s3_endpoint,
        aws_access_key_id=KEY_ID,
        aws_secret_access_key=SECRET,
        region_name=REGION,
    )


@pytest.fixture
def bucket(s3: Any) -> str:
    name = f"gavel-{uuid.uuid4().hex[:12]}"
    s3.create_bucket(Bucket=name)
    return name


def use_s3(settings: Settings, endpoint: str, bucket: str, prefix: str = "uploads") -> None:
    settings.storage_url = f"s3://{bucket}/{prefix}"
    settings.storage_endpoint_url = endpoint
    settings.storage_access_key_id = KEY_ID
    settings.storage_secret_access_key = SECRET
    settings.storage_region = REGION


@pytest.fixture(params=["local", "s3"])
def kind(request: pytest.FixtureRequest, settings: Settings) -> str:
    """Runs the test on each store; the app reads the store from this test's settings."""
    if request.param == "s3":
        use_s3(settings, request.getfixturevalue("s3_endpoint"), request.getfixturevalue("bucket"))
    return str(request.param)


@pytest.fixture
def store(kind: str, settings: Settings) -> FileStore:
    return file_store(settings)


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def closed_port() -> int:
    return free_port()  # bound then closed: nothing listens there


@pytest.fixture(autouse=True)
def patient_health_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about what the health check says of each store, not how fast it is: the S3 server runs
    in a thread of the test process, and on a busy 2-core CI machine an answer can take longer than the 3 s a
    real check waits (it then reads 'not answering', as it should for a real store that slow)."""
    monkeypatch.setattr(health, "CHECK_TIMEOUT", 30.0)
