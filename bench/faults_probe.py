"""Issue 16: the faults probe (make bench-faults). A Gavel on a PostgreSQL of its own under N readers and one
writer while, by --fault:

    restart     that PostgreSQL restarts (the default)             bench/faults_database.py
    terminate   every connection of the app is ended, server up    bench/faults_database.py
    providers   the SMTP server and the SMS/WhatsApp providers     bench/faults_providers.py
                go down, the database stays up

    backend/.venv/bin/python bench/faults_probe.py [--fault restart|terminate|providers] [--clients 16]
        [--before 4] [--after 6] [--keep] [the providers' options: --outage refuse|error|hang ...]

Targets (issue 16): no dropped connection, no 500, failures only within the outage plus 1 s, nothing lost.
The exit status is 1 when a target is missed. bench/README.md, Faults, has the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

import faults_database
import faults_providers


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=16, help="readers (default 16)")
    parser.add_argument("--before", type=float, default=4.0, help="seconds of load before the restart")
    parser.add_argument("--after", type=float, default=6.0, help="seconds of load after the restart")
    parser.add_argument(
        "--fault",
        choices=("restart", "terminate", "providers"),
        default="restart",
        help="restart the server (default), end every connection of the app with pg_terminate_backend, or "
        "take the SMTP server and the SMS/WhatsApp providers down (bench/faults_providers.py)",
    )
    faults_providers.add_arguments(parser)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (logs, data)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="gavel-faults-"))
    server = faults_database.Server(folder)
    code = 1
    try:
        server.init()
        run = faults_providers.probe if args.fault == "providers" else faults_database.probe
        code = asyncio.run(run(args, server, folder))
    finally:
        server.stop()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
