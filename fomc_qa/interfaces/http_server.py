"""`python -m fomc_qa serve`: the HTTP API and the web page under uvicorn, on loopback by default.

Binding any other interface is refused (one line on stderr, exit 2) unless FOMC_QA_API_TOKEN is set;
with it, every request but /healthz needs the bearer token (`access.py`).
"""

from __future__ import annotations

import argparse
import sys

from fomc_qa.interfaces.access import Access, exposure_refusal

DEFAULT_HOST = "127.0.0.1"  # loopback: exposing the API is an explicit --host choice, with a token
DEFAULT_PORT = 8000
REFUSED = 2


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m fomc_qa serve",
                                     description="Serve the HTTP API and the web page (loads the corpus once).")
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"interface to bind (default {DEFAULT_HOST}; any other needs FOMC_QA_API_TOKEN)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--lm", help="DSPy/LiteLLM model string, or 'extractive' (default: FOMC_QA_LM)")
    args = parser.parse_args(argv)
    access = Access.from_env()
    refusal = exposure_refusal(args.host, access)
    if refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return REFUSED
    import uvicorn

    from fomc_qa.interfaces.http_app import create_app
    from fomc_qa.interfaces.service import FOMCService

    uvicorn.run(create_app(FOMCService(lm=args.lm), access), host=args.host, port=args.port, log_level="info",
                timeout_graceful_shutdown=5)
    return 0
