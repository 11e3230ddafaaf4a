"""The command line: write every generated file, or with --check say which are stale."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from codegen.errors import SpecError
from codegen.outputs import generate, stale, write

_REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    """Run codegen; 0 when done or up to date, 1 when stale, 2 when the spec is broken."""
    parser = argparse.ArgumentParser(
        prog="python -m codegen",
        description="Generate the Python models and constants, the JS package's tables and"
        " types, and the docs' tables from spec/.",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 with a diff for each generated file that is stale or missing",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=_REPO,
        help="the repository to read spec/ from and write into (default: this checkout)",
    )
    args = parser.parse_args(argv)
    root: Path = args.root
    try:
        outputs = generate(root)
    except SpecError as error:
        print(f"codegen: {error}", file=sys.stderr)
        return 2
    if args.check:
        reports = stale(root, outputs)
        for report in reports:
            sys.stdout.write(report)
        if reports:
            print(f"codegen: {len(reports)} generated file(s) out of date; run python -m codegen")
            return 1
        print(f"codegen: {len(outputs)} generated files are up to date")
        return 0
    try:
        written = write(root, outputs)
    except OSError as error:
        print(f"codegen: cannot write the outputs: {error}", file=sys.stderr)
        return 2
    for relative in written:
        print(f"codegen: wrote {relative}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
