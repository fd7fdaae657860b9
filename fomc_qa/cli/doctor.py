"""`python -m fomc_qa doctor [--json]`: verify every built file against the build's records (size and
SHA-256), name what is damaged or stale and the commands that rebuild it. Exit 0 healthy, 3 not. It also
reports the release-brief outbox: deliveries pending or failed (they do not change the exit code: the index
is what doctor vouches for)."""

from __future__ import annotations

import argparse
import json


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fomc_qa doctor",
        description="Check every built file's size and SHA-256 against the build's records.",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from fomc_qa.answering.session import program_path
    from fomc_qa.config import Settings
    from fomc_qa.delivery.outbox import Outbox
    from fomc_qa.index.integrity import diagnose

    paths = Settings.from_env().paths
    diagnosis = diagnose(paths, program_path(paths))
    outbox = Outbox(paths.outbox).summary()
    if args.json:
        print(json.dumps({**diagnosis.to_json(), "outbox": outbox}, indent=2))
    else:
        from fomc_qa.cli.render import console, doctor_lines, doctor_table, outbox_lines

        console().print(doctor_table(paths.root, diagnosis, outbox))
        print("\n".join(doctor_lines(diagnosis) + outbox_lines(outbox)))
    return 0 if diagnosis.healthy else 3
