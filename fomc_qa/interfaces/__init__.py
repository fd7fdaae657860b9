"""The interfaces beyond the terminal: an HTTP API (with a web page) and an MCP server.

Both sit on one service layer (`service.py`) that opens the corpus and the model once and keeps
the library's rules: validated questions, grounded citations, verbatim excerpts, confidence.
Nothing here imports Dagster, and nothing is imported by `python -m fomc_qa` until `serve` or
`mcp` asks for it.
"""
