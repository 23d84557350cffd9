"""The committed frontend types must be what the backend's OpenAPI produces (`make api` regenerates them)."""

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from gavel.main import create_app

REPO = Path(__file__).resolve().parents[2]
FRONTEND = REPO / "frontend"
COMMITTED = FRONTEND / "src" / "api" / "schema.d.ts"


def test_committed_schema_types_are_fresh(settings: Any, tmp_path: Path) -> None:
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(create_app(settings).openapi(), indent=2, sort_keys=True))
    generator = FRONTEND / "node_modules" / ".bin" / "openapi-typescript"
    assert generator.exists(), "run `npm ci` in frontend/ first (make test does)"
    out = tmp_path / "schema.d.ts"
    npx = shutil.which("node")
    assert npx is not None
    subprocess.run([str(generator), str(spec), "-o", str(out)], check=True, capture_output=True, cwd=FRONTEND)
    if out.read_text() != COMMITTED.read_text():
        pytest.fail("frontend/src/api/schema.d.ts is stale: run `make api` and commit it", pytrace=False)
