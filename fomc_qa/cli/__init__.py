"""The command line: `python -m fomc_qa` and its subcommands, and terminal rendering."""
