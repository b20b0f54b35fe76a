"""The token of ``jass-sim serve`` off loopback (the convention of Jupyter).

``serve --host`` other than a loopback address makes a random token
(:func:`secrets.token_urlsafe`) and prints the page's URL with ``?token=...``. Every request (the
page, its assets, the API) must then carry the token, or is answered 401:

- ``?token=...`` in the URL: the answer sets a cookie holding it (``HttpOnly``,
  ``SameSite=Strict``), so the page's own requests (scripts, styles, ``fetch``, ``EventSource``)
  carry it without any code in the page;
- that cookie;
- ``Authorization: Bearer ...`` (scripts and other tools).

Every comparison is :func:`secrets.compare_digest`. On loopback there is no token, nothing changes.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import secrets
from urllib.parse import parse_qs

#: Addresses on which ``serve`` wants no token (besides every loopback IP address).
LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    """Whether ``host`` only listens on this machine (``127.0.0.0/8``, ``::1``, ``localhost``)."""
    if host.strip().lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: it may resolve to any address
        return False


def new_token() -> str:
    """A random token for one run of ``serve``."""
    return secrets.token_urlsafe(32)


def cookie_name(token: str) -> str:
    """The cookie of this token: named after its hash, so that two servers on one host (two ports
    share their cookies) do not overwrite each other's."""
    return "jass_sim_token_" + hashlib.sha256(token.encode()).hexdigest()[:12]


class TokenGate:
    """ASGI middleware: 401 to every HTTP request without the token (see the module)."""

    def __init__(self, app, token: str):
        self.app = app
        self.token = token.encode()
        self.cookie = cookie_name(token)

    def _matches(self, given: str | None) -> bool:
        return given is not None and secrets.compare_digest(given.encode(), self.token)

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        from_url = any(self._matches(t) for t in query.get("token", []))
        authorization = headers.get("authorization", "")
        bearer = authorization[7:].strip() if authorization[:7].lower() == "bearer " else None
        # split by hand: one malformed cookie of another site on this host must not hide ours
        cookies = [part.strip().partition("=") for part in headers.get("cookie", "").split(";")]
        from_cookie = any(name == self.cookie and self._matches(value) for name, _, value in cookies)
        if not (from_url or from_cookie or self._matches(bearer)):
            await _unauthorized(scope, send)
            return
        if not from_url:
            await self.app(scope, receive, send)
            return
        set_cookie = (f"{self.cookie}={self.token.decode()}; Path=/; HttpOnly; SameSite=Strict").encode("latin-1")

        async def send_with_cookie(message):
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + [(b"set-cookie", set_cookie)]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


async def _unauthorized(scope, send) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})
        return
    body = json.dumps({"error": "this server wants its token: open the URL that jass-sim serve printed "
                                "(with ?token=...), or send Authorization: Bearer TOKEN"}).encode()
    await send({"type": "http.response.start", "status": 401,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"www-authenticate", b'Bearer realm="jass-sim"')]})
    await send({"type": "http.response.body", "body": body})
