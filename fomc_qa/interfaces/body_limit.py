"""An ASGI middleware that refuses request bodies over a limit with 413, before the app reads them."""

from __future__ import annotations

import json

MAX_BODY_BYTES = 16 * 1024


class BodyLimit:
    """Reads the whole body (at most `limit` bytes) up front and replays it to the app; a larger one,
    declared or streamed, gets 413 and never reaches a handler."""

    def __init__(self, app, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:
            await self._too_large(send)
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await self._too_large(send)
                return
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send) -> None:
        payload = json.dumps({"detail": f"request body over {self.limit // 1024} KiB", "field": None}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": payload})
