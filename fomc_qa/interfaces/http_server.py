"""`python -m fomc_qa serve`: the HTTP API and the web page under uvicorn, on loopback by default."""

from __future__ import annotations

import argparse

DEFAULT_HOST = "127.0.0.1"  # loopback: exposing the API is an explicit --host choice
DEFAULT_PORT = 8000


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m fomc_qa serve",
                                     description="Serve the HTTP API and the web page (loads the corpus once).")
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"interface to bind (default {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--lm", help="DSPy/LiteLLM model string, or 'extractive' (default: FOMC_QA_LM)")
    args = parser.parse_args(argv)
    import uvicorn

    from fomc_qa.interfaces.http_app import create_app
    from fomc_qa.interfaces.service import FOMCService

    uvicorn.run(create_app(FOMCService(lm=args.lm)), host=args.host, port=args.port, log_level="info",
                timeout_graceful_shutdown=5)
    return 0
