"""`python -m gavel ...` run as an operator would, for the tests of the commands."""

import os
import subprocess
import sys

from gavel.migrate import BACKEND_DIR


def run_gavel(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Runs the command with these GAVEL_ settings (none of the caller's own), its output captured."""
    settings = {k: v for k, v in os.environ.items() if not k.startswith("GAVEL_")} | {"GAVEL_LOG_JSON": "0"}
    return subprocess.run(
        [sys.executable, "-m", "gavel", *args],
        cwd=BACKEND_DIR,
        env=settings | env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
