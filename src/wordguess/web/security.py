"""ASGI middleware: security headers with a strict content security policy (no inline script
or style; the API docs page alone may use inline styles, which Swagger UI sets), and a limit on
the size of a request body."""

from __future__ import annotations

import json

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"no-referrer"), (b"cross-origin-opener-policy", b"same-origin"),
           (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), clipboard-write=(self)")]


class SecurityHeaders:
    """Add the security headers to every HTTP response."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        docs = scope["path"] == "/docs" or scope["path"].startswith("/docs-assets/")
        policy = (DOCS_CSP if docs else CSP).encode()

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"content-security-policy", policy), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Refuse (413, one line) a request whose body is larger than `max_body` bytes, whether its
    length is announced or not."""

    def __init__(self, app, max_body: int):
        self.app, self.max_body = app, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            return await self.refuse(send)
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body:
                return await self.refuse(send)
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def refuse(self, send):
        content = json.dumps({"detail": f"the request body is over {self.max_body:,} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode())]})
        await send({"type": "http.response.body", "body": content})
