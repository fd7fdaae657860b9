"""`python -m fomc_qa`: the command line (fomc_qa.cli.main)."""

import sys

from fomc_qa.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
